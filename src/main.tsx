// Renderer entry, the composition root: create the platform (web or desktop), restore the session,
// then mount the router. No other module creates anything on import.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { createPlatform, setPlatform } from './platform/platform';
import { startSession } from './shared/session';
import './styles/base.css';
import './styles/phone.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
});

async function boot() {
  setPlatform(createPlatform());
  await startSession();
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void boot();
