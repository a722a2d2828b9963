// Security policies of the desktop client (DESIGN.md §6): which origins are ours, where a window
// may navigate, what window.open does, which links leave for the browser, which IPC senders are
// trusted, and the Content-Security-Policy. Pure functions over URLs, table-tested.
import { APP_ORIGIN, isSupplierPath } from '../../contracts/desktop.js';
import { isApiPath } from './app-protocol.js';

/**
 * `scheme://host[:port]` of a URL, or null when it does not parse or has no host.
 * Computed by hand because WHATWG `origin` is "null" for non-special schemes such as app://.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.host) return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/** The origins whose pages are ours: the app protocol, and the Vite dev server in development. */
export function allowedOrigins(devServerUrl?: string | null): string[] {
  const origins = [APP_ORIGIN];
  const dev = devServerUrl ? originOf(devServerUrl) : null;
  if (dev) origins.push(dev);
  return origins;
}

export function isAllowedOrigin(url: string, allowed: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && allowed.includes(origin);
}

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Only http, https and mailto leave for the OS; never file:, smb:, javascript:, custom handlers, or URLs with credentials. */
export function isSafeExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!EXTERNAL_PROTOCOLS.has(parsed.protocol)) return false;
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'mailto:') return parsed.pathname.length > 0;
  return parsed.hostname.length > 0;
}

/** Wraps shell.openExternal so that only safe URLs ever reach it. */
export function createExternalOpener(openExternal: (url: string) => Promise<void> | void, log: (msg: string) => void = () => {}) {
  return (url: string): boolean => {
    if (!isSafeExternalUrl(url)) {
      log(`refused to open external URL: ${url.slice(0, 200)}`);
      return false;
    }
    void Promise.resolve(openExternal(url)).catch((err: unknown) => log(`openExternal failed: ${String(err)}`));
    return true;
  };
}

export type TNavigationDecision = { action: 'allow' } | { action: 'deny' } | { action: 'external'; url: string };

/** An API address on our own origin (app://yicaitong/api/docs …): its HTML must never render with the app's privileges. */
function isOwnApiUrl(url: string): boolean {
  try {
    return isApiPath(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** will-navigate / will-redirect: stay on our origins (never on API pages); safe external links go to the browser instead. */
export function decideNavigation(url: string, allowed: readonly string[]): TNavigationDecision {
  if (isAllowedOrigin(url, allowed)) return isOwnApiUrl(url) ? { action: 'deny' } : { action: 'allow' };
  if (isSafeExternalUrl(url)) return { action: 'external', url };
  return { action: 'deny' };
}

export type TWindowOpenDecision = { action: 'supplier'; path: string } | { action: 'main'; path: string } | { action: 'external'; url: string } | { action: 'deny' };

/**
 * window.open / target=_blank: the renderer never gets a free-form child window. Our supplier
 * routes open the supplier window; our other pages (访问我的店铺, product and article previews,
 * 《用户协议》《隐私政策》) open in the main window; safe external links open in the browser; API
 * pages and the rest are refused.
 */
export function decideWindowOpen(url: string, allowed: readonly string[]): TWindowOpenDecision {
  if (isAllowedOrigin(url, allowed)) {
    if (isOwnApiUrl(url)) return { action: 'deny' };
    const parsed = new URL(url);
    const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    return isSupplierPath(parsed.pathname) ? { action: 'supplier', path } : { action: 'main', path };
  }
  if (isSafeExternalUrl(url)) return { action: 'external', url };
  return { action: 'deny' };
}

/** The parts of an IpcMainInvokeEvent the sender check reads. */
export type TIpcSenderLike = { senderFrame: { url: string; parent: unknown } | null | undefined };

/**
 * An IPC message is trusted only from the top frame of one of our pages: the frame must still
 * exist (it is null once navigated away or destroyed), be the top frame (no iframes), and be on
 * an allowed origin.
 */
export function isTrustedIpcSender(event: TIpcSenderLike, allowed: readonly string[]): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isAllowedOrigin(frame.url, allowed);
}

/**
 * The CSP of every page we serve. The renderer is same-origin with its API (main proxies /api),
 * so connect-src is 'self'; development adds the Vite dev server and its HMR socket. The only frame
 * a page may show is a blob: document its own script made — the business licence PDF preview
 * (src/components/licence-preview.tsx types that blob application/pdf): no site and none of our
 * own pages can be framed, and objects/embeds stay forbidden.
 */
export function buildCsp(options: { devServerUrl?: string | null } = {}): string {
  const dev = options.devServerUrl ? originOf(options.devServerUrl) : null;
  const devWs = dev ? dev.replace(/^http/, 'ws') : null;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'", dev] : ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': dev && devWs ? ["'self'", dev, devWs] : ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ['blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
