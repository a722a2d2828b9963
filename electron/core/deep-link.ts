// Deep links: `yicaitong://shop/detail/1.html?x=1` opens the in-app route `/shop/detail/1.html?x=1`.
import { DEEP_LINK_SCHEME } from '../../contracts/desktop.js';

const MAX_LENGTH = 2000;

/** The in-app route a deep link asks for, or null if the link is not ours or not a clean path. */
export function parseDeepLink(link: string): string | null {
  if (typeof link !== 'string' || link.length > MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null;
  if (url.username || url.password || url.port) return null;
  const joined = `${url.host ? `/${url.host}` : ''}${url.pathname.startsWith('/') ? '' : '/'}${url.pathname}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(joined);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f]/.test(decoded)) return null;
  if (decoded.split('/').some((s) => s === '..' || s === '.')) return null;
  const route = joined.replace(/^\/+/, '/').replace(/\/+$/, '') || '/';
  return `${route}${url.search}${url.hash}`;
}

/** Windows and Linux pass the link as a command-line argument (first start and second instance). */
export function findDeepLinkInArgv(argv: readonly string[]): string | null {
  const arg = argv.find((a) => a.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
  return arg ? parseDeepLink(arg) : null;
}
