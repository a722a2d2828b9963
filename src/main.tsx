// Renderer entry, the composition root: create the platform (web or desktop), restore the session,
// then mount the router. No other module creates anything on import. A page the server rendered
// (src/entry-server.tsx) is hydrated with the server's router state and query answers; the desktop
// client and every page the server leaves to the browser are rendered here from the empty shell.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type HydrationState } from 'react-router-dom';
import { createAppRouter, preloadAppRoutes } from './app/router';
import { createPlatform, setPlatform } from './platform/platform';
import { createQueryClient, reviveQueryErrors, type TDehydrated } from './app/query-client';
import { startSession } from './shared/session';
import { loadHttpClient } from './platform/http';
import './styles/base.css';
import './styles/phone.css';

/** What the server wrote beside a page it rendered (src/entry-server.tsx): router state and query answers. */
function serverState(): { router: HydrationState; queries: TDehydrated } | null {
  const el = document.getElementById('yct-ssr-state');
  if (!el?.textContent || !document.getElementById('root')?.hasChildNodes()) return null;
  try {
    return JSON.parse(el.textContent) as { router: HydrationState; queries: TDehydrated };
  } catch (err) {
    console.error('server state unreadable; rendering in the browser', err);
    return null;
  }
}

const queryClient = createQueryClient();

async function boot() {
  setPlatform(await createPlatform());
  await startSession();
  const rootElement = document.getElementById('root')!;
  const state = serverState();
  const hydrationData = state?.router;
  if (state) hydrate(queryClient, reviveQueryErrors(state.queries));
  const { router, hydrate: hydrating } = await createAppRouter(hydrationData);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (hydrating) {
    hydrateRoot(rootElement, app, {
      onRecoverableError: (error) => console.error('hydration error', error),
    });
  } else createRoot(rootElement).render(app);
  // The HTTP client loads on the first request (src/platform/http.ts) and the browser-only routes on
  // the first navigation into one (src/app/router.tsx). A page rendered here asks for its data at
  // once, so both come now; a server-rendered page has its data and fetches them once idle, after
  // hydrating, so a later request or navigation need not wait for them.
  const warm = () => {
    void loadHttpClient();
    preloadAppRoutes();
  };
  if (!hydrating) warm();
  else if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 3000 });
  else setTimeout(warm, 1000);
}

void boot();
