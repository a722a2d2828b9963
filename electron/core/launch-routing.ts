// Where a launch request goes: the first start, a second start (the 'second-instance' argv on
// Windows and Linux) and macOS 'open-url' events. Main only carries out the answers.
import { isSupplierPath, SUPPLIER_PATH_PREFIX } from '../../contracts/desktop.js';
import { findDeepLinkInArgv, parseDeepLink } from './deep-link.js';

/** `preview`: our pages a link in the main window opens "in a new window" (《用户协议》 beside the register form). */
export type TWindowKind = 'main' | 'supplier' | 'preview';
/** Bring `kind`'s window forward (creating it if needed) and show `route` in it; null keeps its page. */
export type TShowRequest = { kind: TWindowKind; route: string | null };

/** The window a route belongs in: the supplier back office has its own; everything else is main's. */
export function showRequestForRoute(route: string | null): TShowRequest {
  if (route && isSupplierPath(route)) return { kind: 'supplier', route };
  return { kind: 'main', route: route || null };
}

/** A second start: its deep link opens in the right window; without one the main window comes forward. */
export const showRequestForArgv = (argv: readonly string[]): TShowRequest => showRequestForRoute(findDeepLinkInArgv(argv));

/** macOS 'open-url': null for a link that is not ours, which changes nothing. */
export function showRequestForUrl(url: string): TShowRequest | null {
  const route = parseDeepLink(url);
  return route === null ? null : showRequestForRoute(route);
}

/** At the first start the main window always opens; a supplier link opens its window on top of it. */
export function initialShowRequests(route: string | null): TShowRequest[] {
  const request = showRequestForRoute(route);
  return request.kind === 'supplier' ? [{ kind: 'main', route: null }, request] : [request];
}

/** What main does to the window a show request brought forward. */
export type TRouteAction = { type: 'load'; route: string } | { type: 'navigate'; route: string } | null;

/**
 * A new window loads the route or its kind's home. An open window is never reloaded: a reload
 * throws away whatever the user is typing. It is asked to navigate inside its running renderer
 * (the router follows and a form with unsaved changes asks first); null leaves it be.
 */
export function routeAction(kind: TWindowKind, window: { created: boolean; currentUrl: string | null }, route: string | null): TRouteAction {
  if (window.created) return { type: 'load', route: route ?? (kind === 'supplier' ? SUPPLIER_PATH_PREFIX : '/') };
  if (route === null) return null;
  let current: string | null = null;
  try {
    const url = window.currentUrl ? new URL(window.currentUrl) : null;
    current = url ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    current = null;
  }
  return current === route ? null : { type: 'navigate', route };
}

/**
 * Collects launch requests from the start on: links that arrive before the windows can be shown
 * (macOS sends 'open-url' before 'ready'; a second start may come early) replace the pending one,
 * then `start` shows it; after that each request is shown as it comes. `hidden`: an automatic start
 * at login (autostart.ts) opens no window, only the tray, unless a link or a second start asks for one.
 */
export function createLaunchRouter(argv: readonly string[], options: { hidden?: boolean } = {}) {
  let pendingRoute: string | null = findDeepLinkInArgv(argv);
  let hidden = options.hidden === true && pendingRoute === null;
  let show: ((request: TShowRequest) => void) | null = null;
  const deliver = (request: TShowRequest) => {
    if (show) return show(request);
    // The user asked for a window while the client was still starting (hidden or not).
    hidden = false;
    // A plain second start (no link) while the first is still starting must not drop a pending link.
    if (request.route !== null) pendingRoute = request.route;
  };
  return {
    secondInstance: (secondArgv: readonly string[]) => deliver(showRequestForArgv(secondArgv)),
    openUrl(url: string) {
      const request = showRequestForUrl(url);
      if (request) deliver(request);
    },
    start(showWindow: (request: TShowRequest) => void) {
      show = showWindow;
      const initial = pendingRoute;
      pendingRoute = null;
      if (hidden) return;
      for (const request of initialShowRequests(initial)) showWindow(request);
    },
  };
}

/**
 * Routes main sends to an open window (yct:windows:navigate) wait until that window's renderer
 * listens for them: a window still loading — just created for the first start when a deep link
 * arrives, or reloading — has no listener yet, and a route sent then was lost. The renderer says
 * it listens (window.desktop.windows.ready(), sent when it subscribes); a new document (a reload)
 * makes the window wait again. Only the latest route waits: it is where the user last asked to go.
 */
export function createNavigationQueue<W extends object>(send: (window: W, route: string) => void) {
  const listening = new WeakSet<W>();
  const waiting = new WeakMap<W, string>();
  return {
    navigate(window: W, route: string) {
      if (listening.has(window)) send(window, route);
      else waiting.set(window, route);
    },
    /** The window started showing a new document (main: 'did-navigate'): its renderer is not listening yet. */
    loading(window: W) {
      listening.delete(window);
    },
    /** The window's renderer listens: the route that waited, if any, goes now. */
    ready(window: W) {
      listening.add(window);
      const route = waiting.get(window);
      if (route === undefined) return;
      waiting.delete(window);
      send(window, route);
    },
    isReady: (window: W) => listening.has(window),
  };
}
export type TNavigationQueue<W extends object> = ReturnType<typeof createNavigationQueue<W>>;
