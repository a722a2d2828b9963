// Access rules on navigation (SPEC §2 "Access rules on navigation"), as pure functions.
export const AUTH_PAGES = ['/login', '/register', '/fotgetPwd'] as const;
export const LAST_PATH_COOKIE = 'lastPath';

const PUBLIC_EXACT = new Set([
  '/',
  '/login',
  '/register',
  '/fotgetPwd',
  '/privacy-policy',
  '/feedback',
  '/news',
  '/technicalCentre',
  '/shop',
  '/shop/goods-details',
  '/demand',
  '/demand/inquiry',
  '/demand/quickInquiry',
  '/demand/quotation',
  '/sitemap',
  '/desktop/server-settings',
]);
const PUBLIC_TREES = ['/about', '/agreement', '/service', '/enterprise', '/store'];
// /verify/comparison/{code}: an approver checks a printed 比价单 without an account.
const PUBLIC_PATTERNS = [/^\/news\/detail\/[^/]+\.html$/, /^\/technicalCentre\/detail\/[^/]+\.html$/, /^\/shop\/detail\/[^/]+\.html$/, /^\/verify\/comparison\/[^/]+$/];

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';

export function isPublicPath(rawPath: string): boolean {
  const path = normalise(rawPath);
  if (PUBLIC_EXACT.has(path)) return true;
  if (PUBLIC_TREES.some((root) => path === root || path.startsWith(`${root}/`))) return true;
  return PUBLIC_PATTERNS.some((re) => re.test(path));
}

export const isAuthPage = (path: string) => (AUTH_PAGES as readonly string[]).includes(normalise(path));

export type TGuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; lastPath?: string };

/**
 * `fullPath` is path + search + hash. A visitor on a protected route goes to /login and the wanted
 * path is remembered (or / when the wanted page is the privacy policy or an auth page); a member on
 * an auth page goes to /.
 */
export function decideNavigation(path: string, fullPath: string, signedIn: boolean): TGuardDecision {
  if (signedIn && isAuthPage(path)) return { kind: 'redirect', to: '/' };
  if (signedIn || isPublicPath(path)) return { kind: 'allow' };
  return { kind: 'redirect', to: '/login', lastPath: lastPathFor(path, fullPath) };
}

export function lastPathFor(path: string, fullPath: string): string {
  const p = normalise(path);
  return p === '/privacy-policy' || isAuthPage(p) ? '/' : fullPath;
}
