// GET /api/stores/:uid: the store, its supplier, theme and section counts (used by the store layout
// and every store page; one cached answer).
import { queryOptions } from '@tanstack/react-query';
import type { TStoreDetail } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';
import type { TPrefetchContext } from '@/shared/route-meta';

export const getStore = (uid: string) => fetchData<TStoreDetail>('get', `/api/stores/${encodeURIComponent(uid)}`);

export const storeQuery = (uid: string) => queryOptions({ queryKey: ['catalogue', 'store', uid], queryFn: () => getStore(uid), staleTime: 60_000 });

/** Where a store's article and scheme lists live for its theme (SPEC §2). */
export const storeSectionPath = (uid: string, section: 'article' | 'scheme', theme: number) => `/store/${uid}/store-${section}${theme === 2 ? '-theme2' : ''}`;

/**
 * Server rendering of a /store/{uid}/… page: the store first (the layout's header; an unknown store
 * answers 404 and nothing else is asked), then the page's own answers, from the same query options
 * the page reads.
 */
export async function prefetchStorePage({ queryClient, params, url }: TPrefetchContext, more: (uid: string, search: URLSearchParams) => Promise<unknown>[] = () => []) {
  const uid = params.uid ?? '';
  const store = await queryClient.fetchQuery(storeQuery(uid)).catch(() => null);
  if (store) await Promise.all(more(uid, url.searchParams));
}
