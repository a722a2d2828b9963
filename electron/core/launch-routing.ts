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
 * then `start` shows it; after that each request is shown as it comes.
 */
export function createLaunchRouter(argv: readonly string[]) {
  let pendingRoute: string | null = findDeepLinkInArgv(argv);
  let show: ((request: TShowRequest) => void) | null = null;
  const deliver = (request: TShowRequest) => {
    if (show) show(request);
    // A plain second start (no link) while the first is still starting must not drop a pending link.
    else if (request.route !== null) pendingRoute = request.route;
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
      for (const request of initialShowRequests(initial)) showWindow(request);
    },
  };
}
