// The app:// protocol's decisions: which requests go to the API (with the token added by main),
// which file of the built renderer answers, and the SPA fallback to index.html. Path resolution
// refuses anything that could step outside the renderer folder.
import path from 'node:path';
import { APP_HOST, DESKTOP_TOKEN_PLACEHOLDER } from '../../contracts/desktop.js';

/** Paths the renderer calls relatively and main forwards to the API base URL. */
export const API_PATH_PREFIXES = ['/api/', '/auth/', '/resource/', '/uploads/', '/files/'] as const;

export type TAppRoute =
  | { kind: 'proxy'; upstream: string }
  | { kind: 'file'; path: string; mime: string }
  | { kind: 'spa'; path: string; mime: string }
  | { kind: 'forbidden'; reason: string }
  | { kind: 'not-found' };

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

export const mimeTypeOf = (file: string) => MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export const isApiPath = (pathname: string) => API_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/**
 * Maps a raw (still percent-encoded) URL path to a file under `root`. Refuses encoded
 * separators, NUL, backslashes, dot segments and anything resolving outside `root`; an unknown
 * path without a file extension is a client-side route and gets index.html (no hash mode).
 */
export function resolveStaticPath(root: string, rawPathname: string, isFile: (file: string) => boolean): TAppRoute {
  if (/%2f|%5c|%00/i.test(rawPathname)) return { kind: 'forbidden', reason: 'encoded separator' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPathname);
  } catch {
    return { kind: 'forbidden', reason: 'bad encoding' };
  }
  if (!decoded.startsWith('/')) return { kind: 'forbidden', reason: 'relative path' };
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f]/.test(decoded)) return { kind: 'forbidden', reason: 'control character or backslash' };
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return { kind: 'forbidden', reason: 'dot segment' };
  if (segments.some((s) => /^[a-z]:$/i.test(s))) return { kind: 'forbidden', reason: 'drive letter' };

  const base = path.resolve(root);
  const target = path.resolve(base, `.${decoded}`);
  if (target !== base && !target.startsWith(base + path.sep)) return { kind: 'forbidden', reason: 'outside root' };

  const index = path.join(base, 'index.html');
  if (target !== base && isFile(target)) return { kind: 'file', path: target, mime: mimeTypeOf(target) };
  // A missing asset (/assets/x.js) must 404, not receive HTML that the browser would run as script.
  const last = segments[segments.length - 1] ?? '';
  if (path.extname(last) !== '' && !last.endsWith('.html')) return { kind: 'not-found' };
  return { kind: 'spa', path: index, mime: MIME['.html']! };
}

/** Joins the API base URL (which may carry a path prefix) and a request path + query. */
export function upstreamUrl(apiBase: string, rawPathname: string, search: string): string {
  const base = new URL(apiBase);
  const prefix = base.pathname.replace(/\/+$/, '');
  base.pathname = `${prefix}${rawPathname}`;
  base.search = search;
  base.hash = '';
  return base.toString();
}

/** Decides how main answers one app:// request. */
export function resolveAppRequest(requestUrl: string, options: { root: string; apiBase: string; isFile: (file: string) => boolean }): TAppRoute {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'forbidden', reason: 'bad url' };
  }
  if (url.host.toLowerCase() !== APP_HOST) return { kind: 'forbidden', reason: 'unknown host' };
  const rawPathname = url.pathname || '/';
  if (isApiPath(rawPathname)) {
    if (/%2f|%5c|%00|\/\.\.?(\/|$)/i.test(rawPathname)) return { kind: 'forbidden', reason: 'bad api path' };
    return { kind: 'proxy', upstream: upstreamUrl(options.apiBase, rawPathname, url.search) };
  }
  return resolveStaticPath(options.root, rawPathname, options.isFile);
}

/** Calls whose answer carries `data.access_token` (SPEC §7): main keeps it, the renderer never sees it. */
export const TOKEN_ISSUING_PATHS = ['/auth/member/login', '/auth/member/register'] as const;
export const isTokenIssuingRequest = (method: string, pathname: string) =>
  method.toUpperCase() === 'POST' && (TOKEN_ISSUING_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, ''));

/**
 * Takes the token out of a successful login answer and puts the placeholder in its place, so the
 * renderer's login flow continues unchanged without ever holding the token.
 */
export function redactTokenResponse(bodyText: string): { token: string | null; body: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return { token: null, body: bodyText };
  }
  const envelope = parsed as { code?: unknown; data?: { access_token?: unknown } | null };
  const token = envelope?.data?.access_token;
  if (envelope?.code !== 200 || typeof token !== 'string' || token.length === 0) return { token: null, body: bodyText };
  const redacted = { ...envelope, data: { ...envelope.data, access_token: DESKTOP_TOKEN_PLACEHOLDER } };
  return { token, body: JSON.stringify(redacted) };
}

const DROP_REQUEST_HEADERS = new Set(['host', 'origin', 'referer', 'cookie', 'authorization', 'connection', 'content-length', 'transfer-encoding']);
/** Headers forwarded to the API: the renderer's own Authorization (always empty here) is replaced by the vault's token. */
export function proxyRequestHeaders(incoming: Iterable<[string, string]>, token: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of incoming) {
    const key = name.toLowerCase();
    if (DROP_REQUEST_HEADERS.has(key) || key.startsWith('sec-')) continue;
    out[key] = value;
  }
  if (token) out.authorization = `Bearer ${token}`;
  return out;
}

// The network stack already decoded the body; cookies stay with the API, not in app://.
const DROP_RESPONSE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'set-cookie', 'keep-alive']);
export function proxyResponseHeaders(incoming: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of incoming) {
    const key = name.toLowerCase();
    if (!DROP_RESPONSE_HEADERS.has(key)) out[key] = value;
  }
  return out;
}

/** Header main sets on answers it made itself when the API could not be reached (the renderer's offline state). */
export const PROXY_ERROR_HEADER = 'x-yct-proxy-error';
export type TProxyFailure = { status: number; kind: 'redirect' | 'unreachable' | 'html'; body: { code: number; msg: string } };

/**
 * What the renderer hears when the API call itself failed. Electron's net.fetch rejects a redirect
 * in 'error' and 'manual' mode ("Attempted to redirect…", "Redirect was cancelled"): that is a
 * wrong server address (typically http:// answered with a redirect to https://), not an outage.
 */
export function proxyFailure(err: unknown): TProxyFailure {
  const text = err instanceof Error ? err.message : String(err);
  if (/redirect/i.test(text)) {
    return { status: 502, kind: 'redirect', body: { code: 502, msg: '服务器地址发生了跳转（例如从 http:// 跳转到 https://），请在「服务器设置」中填写跳转后的地址' } };
  }
  return { status: 503, kind: 'unreachable', body: { code: 503, msg: '无法连接服务器，请检查网络或服务器地址' } };
}

/** An upstream answer that itself is a redirect (3xx with Location) is reported the same way, never followed with the token. */
export const isRedirectStatus = (status: number) => status >= 300 && status < 400 && status !== 304;

/** API HTML (Swagger UI at /api/docs, an error page of a proxy) never renders inside the privileged app:// origin. */
export function isRenderableHtml(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}

export const HTML_FROM_API: TProxyFailure = {
  status: 502,
  kind: 'html',
  body: { code: 502, msg: '服务器返回了网页而不是数据，请检查「服务器设置」中的服务器地址' },
};

/** Every proxied answer is sandboxed should anything ever display it as a document (an SVG upload, say). */
export const PROXIED_RESPONSE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";
