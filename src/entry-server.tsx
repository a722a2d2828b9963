// Server rendering of the public pages (built with `vite build --ssr`, loaded by the Fastify server).
// The same route tree as the browser (src/app/router.tsx) runs through React Router's static handler
// (guards, lazy routes resolved before render), the page's `prefetch` fills a TanStack Query client
// with the answers its first render reads, and React renders the whole page. The browser hydrates it
// (src/main.tsx) with the router state and the dehydrated queries written beside the markup.
import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { buildRoutes, PageNotFoundError } from './app/router';
import { ROUTES } from './app/route-table';
import { createQueryClient, dehydrateQueries } from './app/query-client';
import { ApiError, loadHttpClient } from './platform/http';
import { setPlatform } from './platform/platform';
import { createServerPlatform } from './platform/server-platform';
import { LayoutStyleCollector } from './shared/layout-style';
import type { TPageModule } from './shared/route-meta';

/** How the server answers the renderer's API calls in-process (no network, no session). */
export type TApiTransport = (req: { method: string; url: string; headers: Record<string, string>; body?: string }) => Promise<{ status: number; headers: Record<string, string | string[] | number | undefined>; body: string }>;

export type TRenderResult =
  | { kind: 'page'; status: number; html: string; head: string; data: string; modules: string[]; layout: string }
  /** Not rendered here: the browser renders the shell (status 404 when the address is not a page). */
  | { kind: 'shell'; status: number }
  | { kind: 'redirect'; status: number; location: string };

/** `src`: the module's source path, added by the build (vite.config.ts, routeSources) to find its style sheets. */
type TWithSrc<F> = F & { src?: string };
type THandle = { page?: TWithSrc<() => Promise<TPageModule>>; layoutModule?: TWithSrc<() => Promise<unknown>>; ssr?: boolean };

/** Set once the HTTP client (loaded on first use, src/platform/http.ts) sends through the server. */
let transportSet: Promise<void> = Promise.resolve();

/** Sends the renderer's HTTP client (src/platform/http-client.ts) through the server itself. */
export function setApiTransport(transport: TApiTransport) {
  transportSet = loadHttpClient().then((http) => {
    http.defaults.adapter = async (config) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(config.headers?.toJSON?.() ?? {})) if (typeof v === 'string') headers[k.toLowerCase()] = v;
      delete headers.authorization; // the server renders for visitors only
      const body = config.data === undefined || config.data === null ? undefined : typeof config.data === 'string' ? config.data : JSON.stringify(config.data);
      const res = await transport({ method: (config.method ?? 'get').toUpperCase(), url: http.getUri(config), headers, body });
      let data: unknown = res.body;
      try {
        data = JSON.parse(res.body);
      } catch {
        // not JSON: handed over as text, and the HTTP client reports it as a failed answer
      }
      return { data, status: res.status, statusText: String(res.status), headers: res.headers, config, request: {} };
    };
  });
}

// The server's composition root: a visitor's platform for every render.
setPlatform(createServerPlatform());

let handler: ReturnType<typeof createStaticHandler> | undefined;
const staticHandler = () => (handler ??= createStaticHandler(buildRoutes(ROUTES) as RouteObject[]));

/** `<` and the line separators escaped: the JSON sits inside a <script> element. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

function renderToString(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(node, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (err) => reject(err),
    });
    setTimeout(() => {
      stream.abort(new Error('server render timed out'));
    }, 10_000).unref();
  });
}

let routeTree: RouteObject[] | undefined;
/**
 * False for an address no route shows a page for (only the catch-all error route matches): the server
 * answers it 404 to everyone, members whose pages the browser renders included.
 */
export function isPageAddress(pathname: string): boolean {
  const matches = matchRoutes((routeTree ??= buildRoutes(ROUTES) as RouteObject[]), pathname);
  const leaf = matches?.[matches.length - 1];
  return !!leaf && leaf.route.path !== '*';
}

/** Renders `url` (path and query) for an anonymous visitor, or says why the shell should answer. */
export async function render(url: string, origin: string): Promise<TRenderResult> {
  await transportSet;
  const request = new Request(new URL(url, origin));
  const handler = staticHandler();
  const context = await handler.query(request);
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400) return { kind: 'redirect', status: context.status, location };
    return { kind: 'shell', status: context.status };
  }
  if (context.errors) {
    const errors = Object.values(context.errors);
    return { kind: 'shell', status: errors.some((e) => e instanceof PageNotFoundError) ? 404 : context.statusCode };
  }
  const leaf = context.matches[context.matches.length - 1];
  const handle = (leaf?.route.handle ?? {}) as THandle;
  const unknownAddress = leaf?.route.path === '*';
  if (!unknownAddress && !handle.ssr) return { kind: 'shell', status: 200 };

  const queryClient = createQueryClient();
  const modules: string[] = [];
  for (const m of context.matches) {
    const h = (m.route.handle ?? {}) as THandle;
    for (const src of [h.layoutModule?.src, h.page?.src]) if (src) modules.push(src);
  }
  if (handle.page) {
    const page = await handle.page();
    await page.prefetch?.({ queryClient, params: leaf!.params, url: new URL(request.url) });
  }
  const notFound = queryClient
    .getQueryCache()
    .getAll()
    .some((q) => q.state.error instanceof ApiError && q.state.error.code === 404);
  for (const q of queryClient.getQueryCache().getAll()) {
    // An answer the page needs failed in another way: the browser renders it (and shows the error).
    if (q.state.status === 'error' && !(q.state.error instanceof ApiError && q.state.error.code === 404)) return { kind: 'shell', status: 200 };
  }

  const styles = new Map<string, string>();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToString(
    <StrictMode>
      <LayoutStyleCollector.Provider value={styles}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </LayoutStyleCollector.Provider>
    </StrictMode>,
  );
  const head = [...styles].map(([name, css]) => `<style data-layout-style="${name}">${css.replace(/<\/style/gi, '<\\/style')}</style>`).join('');
  const data = jsonForScript({ router: { loaderData: context.loaderData, actionData: context.actionData, errors: null }, queries: dehydrateQueries(queryClient) });
  queryClient.clear();
  // The shell marks <html> with the layout (root-shell.tsx): its sheet's rules apply from the first paint.
  const layout = [...context.matches].reverse().map((m) => (m.route.handle as { layout?: string } | undefined)?.layout).find(Boolean) ?? 'default';
  return { kind: 'page', status: notFound || unknownAddress ? 404 : 200, html, head, data, modules, layout };
}
