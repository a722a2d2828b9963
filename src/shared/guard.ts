// Access rules on navigation (SPEC §2 "Access rules on navigation"), as pure functions: the public
// list (routes without the `auth` middleware) and what lastPath remembers.
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
  '/desktop/server-settings',
]);
const PUBLIC_TREES = ['/about', '/agreement', '/service', '/enterprise', '/store'];
// /verify/comparison/{code}: an approver checks a printed 比价单 without an account. Detail pages
// are public whatever the file: one not ending in .html is the 404 page (the html-file middleware).
const PUBLIC_PATTERNS = [/^\/news\/detail\/[^/]+$/, /^\/technicalCentre\/detail\/[^/]+$/, /^\/shop\/detail\/[^/]+$/, /^\/verify\/comparison\/[^/]+$/];

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path) || '/';

export function isPublicPath(rawPath: string): boolean {
  const path = normalise(rawPath);
  if (PUBLIC_EXACT.has(path)) return true;
  if (PUBLIC_TREES.some((root) => path === root || path.startsWith(`${root}/`))) return true;
  return PUBLIC_PATTERNS.some((re) => re.test(path));
}

export const isAuthPage = (path: string) => (AUTH_PAGES as readonly string[]).includes(normalise(path));

/**
 * The path lastPath remembers for `fullPath` (path + search + hash): / instead of the privacy
 * policy or an auth page.
 */
export function lastPathFor(path: string, fullPath: string): string {
  const p = normalise(path);
  return p === '/privacy-policy' || isAuthPage(p) ? '/' : fullPath;
}
