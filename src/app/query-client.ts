// The query client of both renderers, and the query answers the server hands to the browser
// (TanStack Query's dehydrate/hydrate): an answer that failed (a 404 product) travels as its code
// and message and becomes the same ApiError again, so the page renders its error view on both sides.
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ApiError } from '@/platform/http';

export type TDehydrated = DehydratedState;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
  });
}

type TWireError = { apiError: true; code: number; message: string };

/** The server's answers: successful ones and API errors (no other failure is sent). */
export function dehydrateQueries(client: QueryClient): TDehydrated {
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' || (q.state.status === 'error' && q.state.error instanceof ApiError) });
  return {
    ...state,
    queries: state.queries.map((q) => {
      const err = q.state.error;
      if (!(err instanceof ApiError)) return q;
      const wire: TWireError = { apiError: true, code: err.code, message: err.message };
      return { ...q, state: { ...q.state, error: wire as unknown as Error } };
    }),
  };
}

export function reviveQueryErrors(state: TDehydrated): TDehydrated {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const wire = q.state.error as unknown as TWireError | null;
      if (!wire || wire.apiError !== true) return q;
      return { ...q, state: { ...q.state, error: new ApiError(wire.code, wire.message) } };
    }),
  };
}
