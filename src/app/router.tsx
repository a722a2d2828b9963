// The route tree: layouts, lazy pages, the access guard and route rules on every navigation.
import { createBrowserRouter, matchRoutes, redirect, replace, type HydrationState, type LoaderFunctionArgs, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { PageNotFoundError, runMiddleware } from '@/shared/middleware';
import { guardedReload, isChunkLoadError } from '@/shared/reload-guard';
import { isExternal, lookupRouteRule } from '@/shared/route-rules';
import type { TLayout, TRouteDef } from '@/shared/route-meta';
import { SITE_ROUTES } from './site-routes';
import { getSession } from '@/shared/session';
import './route-middleware';
import { RootShell } from './root-shell';
import { isHydrated } from '@/shared/hydration';
import { setPreloadRoutes } from '@/shared/preload';
import { ErrorPage, NotFoundPage } from '@/pages/error-page';
import { getPlatform } from '@/platform/platform';

/** The URL being navigated to, so a chunk-load error can reload straight into it. */
let pendingPath: string | undefined;
/** The location being navigated to, hash included (a loader's request carries no hash). */
let pendingLocation: { pathname: string; search: string; hash: string } | undefined;

/** The hash of the page being opened: the router's pending navigation, or the address bar on the first load. */
function hashOf(url: URL): string {
  if (url.hash) return url.hash;
  const same = (l: { pathname: string; search: string } | undefined) => l !== undefined && l.pathname === url.pathname && l.search === url.search;
  if (same(pendingLocation)) return pendingLocation!.hash;
  if (typeof location === 'undefined') return ''; // server rendering: the request has no hash
  if (!isHydrated() && same(location)) return location.hash;
  return '';
}

const LAYOUTS: Record<TLayout, () => Promise<{ default: React.ComponentType }>> = {
  default: () => import('./layouts/default-layout'),
  other: () => import('./layouts/other-layout'),
  'blank-page': () => import('./layouts/blank-page-layout'),
  custom: () => import('./layouts/custom-layout'),
  storepage: () => import('./layouts/storepage-layout'),
  storepagesup: () => import('./layouts/storepagesup-layout'),
};

/** A chunk of the app; a chunk-load error during navigation reloads the page, keeping state (SPEC §4). */
async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isChunkLoadError(err) && guardedReload(pendingPath ?? location.pathname)) return new Promise<never>(() => {});
    throw err;
  }
}

async function loadComponent(load: () => Promise<{ default: React.ComponentType }>) {
  return { Component: (await loadChunk(load)).default };
}

export async function guardNavigation(url: URL, def?: TRouteDef): Promise<Response | null> {
  pendingPath = url.pathname + url.search;
  const rule = lookupRouteRule(url.pathname);
  if (rule) {
    if (isExternal(rule.redirect) && typeof window !== 'undefined') {
      window.location.assign(rule.redirect);
      return new Promise<never>(() => {});
    }
    return redirect(rule.redirect);
  }
  // Desktop: the supplier back office lives in its own window, however it is reached (a link,
  // navigate() after a form, the lastPath after login, a redirect). Main opens or focuses that
  // window; this one stays where it was, or goes home if it was loaded at the supplier path itself.
  const target = url.pathname + url.search + hashOf(url);
  if (getPlatform().windows.openSupplierWindow(target)) {
    const here = location.pathname + location.search + location.hash;
    const stay = !isHydrated() || location.pathname === url.pathname ? '/' : here;
    pendingPath = stay;
    return replace(stay);
  }
  if (!def) return null; // unmatched paths show the 404 page to everyone
  // The route's guards, by name (SPEC §2): access rules, back-office areas, page address checks.
  const result = await runMiddleware(def.middleware ?? [], { path: url.pathname, fullPath: url.pathname + url.search + hashOf(url), signedIn: getSession().signedIn }, !isHydrated());
  if (result === false) throw new PageNotFoundError(url.pathname);
  if (result !== true) return redirect(result.redirect);
  return null;
}

function pageRoute(def: TRouteDef): RouteObject {
  return {
    path: def.path,
    // `page` lets the server find the page module's prefetch (src/entry-server.tsx).
    handle: { title: def.title, menu: def.menu, layout: def.layout, page: def.page, ssr: def.ssr },
    loader: ({ request }: LoaderFunctionArgs) => guardNavigation(new URL(request.url), def),
    lazy: () => loadComponent(def.page),
  };
}

const LAYOUT_ORDER: TLayout[] = ['default', 'other', 'blank-page', 'custom', 'storepage', 'storepagesup'];

/** The route tree of the given page routes: each under its layout, unknown paths to the 404 page. */
export function buildRoutes(defs: readonly TRouteDef[]): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootShell />,
      errorElement: <ErrorPage />,
      children: [
        ...LAYOUT_ORDER.map(
          (layout): RouteObject => ({
            id: `layout-${layout}`,
            lazy: () => loadComponent(LAYOUTS[layout]),
            handle: { layoutModule: LAYOUTS[layout] },
            errorElement: <ErrorPage />,
            children: defs.filter((r) => r.layout === layout).map(pageRoute),
          }),
        ),
        {
          id: 'layout-fallback',
          lazy: () => loadComponent(LAYOUTS.default),
          handle: { layoutModule: LAYOUTS.default },
          children: [{ path: '*', loader: ({ request }) => guardNavigation(new URL(request.url)), element: <NotFoundPage /> }],
        },
      ],
    },
  ];
}

/**
 * Server-rendered page: the route modules of the first page are loaded before hydrating, so the
 * first client render is the server's (React Router's lazy routes and hydration).
 */
async function resolveLazyMatches(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches
      .filter((m) => m.route.lazy)
      .map(async (m) => {
        const lazy = m.route.lazy as () => Promise<Partial<RouteObject>>;
        Object.assign(m.route, { ...(await lazy()), lazy: undefined });
      }),
  );
}

let appRoutes: Promise<TRouteDef[]> | undefined;
/** The routes the browser alone renders (sign-in, forms, back offices), loaded once. */
function loadAppRoutes(): Promise<TRouteDef[]> {
  appRoutes ??= import('./app-routes').then(
    (m) => {
      setPreloadRoutes([...SITE_ROUTES, ...m.APP_ROUTES]);
      return m.APP_ROUTES;
    },
    (err: unknown) => {
      appRoutes = undefined; // a failed chunk load is tried again on the next navigation
      throw err;
    },
  );
  return appRoutes;
}

/** Loads the app routes ahead of need (src/main.tsx: once idle after hydrating), so links to them preload on hover. */
export const preloadAppRoutes = () => void loadAppRoutes().catch(() => {}); // a failure is retried on navigation

/**
 * React Router's route discovery: a path the site's routes leave to the 404 fallback may be one of
 * the app routes, so they are loaded (`load`) and added under their layouts once, before the path is
 * matched again. Paths a site route matches never wait for them. A navigation interrupted while they
 * load (a second click, Back) patches nothing — React Router ignores its patches — so the next
 * discovery does it.
 */
export function discoverAppRoutes(siteRoutes: RouteObject[], load: () => Promise<readonly TRouteDef[]> = loadAppRoutes): PatchRoutesOnNavigationFunction {
  let patched = false;
  return async ({ path, patch, signal }) => {
    if (patched || matchRoutes(siteRoutes, path)?.at(-1)?.route.path !== '*') return;
    const defs = await loadChunk(load);
    if (patched || signal.aborted) return;
    for (const layout of LAYOUT_ORDER) patch(`layout-${layout}`, defs.filter((r) => r.layout === layout).map(pageRoute));
    patched = true;
  };
}

/**
 * The router, hydrating the server's page when `hydrationData` is given and its route modules load;
 * `hydrate` false means render from scratch (a module that fails to load shows the error page).
 * It starts with the site's routes; the app routes join on the first navigation into one of them
 * (or load earlier through `preloadAppRoutes`).
 */
export async function createAppRouter(hydrationData?: HydrationState) {
  setPreloadRoutes(SITE_ROUTES);
  const routes = buildRoutes(SITE_ROUTES);
  let hydrate = Boolean(hydrationData);
  if (hydrate) {
    await resolveLazyMatches(routes).catch((err: unknown) => {
      console.error('page modules not loaded; rendering the page in the browser', err);
      hydrate = false;
    });
  }
  const router = createBrowserRouter(hydrate ? routes : buildRoutes(SITE_ROUTES), { ...(hydrate ? { hydrationData } : {}), patchRoutesOnNavigation: discoverAppRoutes(routes) });
  router.subscribe((state) => {
    const next = state.navigation.location;
    if (next) {
      pendingPath = next.pathname + next.search;
      pendingLocation = next;
    }
  });
  return { router, hydrate };
}

export { PageNotFoundError };
