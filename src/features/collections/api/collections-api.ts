// Calls of the favourites pages: the member's collected products, shops and articles.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TCollectKind, TCollectedItem } from '@contracts/content';
import { fetchData, request } from '@/platform/http';

export const getCollected = (kind: TCollectKind, page: number, pageSize: number) => fetchData<TPage<TCollectedItem>>('get', '/api/collections', { kind, page, pageSize });
export const uncollect = (kind: TCollectKind, targetId: number) => request('delete', '/api/collections', { kind, targetId });

// The key starts with ['collections', 'list', kind] so the shared 收藏 button can refresh it.
export const collectedQuery = (kind: TCollectKind, page: number, pageSize: number) =>
  queryOptions({ queryKey: ['collections', 'list', kind, page, pageSize], queryFn: () => getCollected(kind, page, pageSize), placeholderData: keepPreviousData, staleTime: 0 });
