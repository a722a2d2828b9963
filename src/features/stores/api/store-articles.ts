// GET /api/stores/:uid/articles: the store's articles (kind=article) or schemes (kind=scheme).
import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TStoreArticleCard } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export type TStoreArticleKind = 'article' | 'scheme';

export const getStoreArticles = (uid: string, kind: TStoreArticleKind, page: number, pageSize: number) =>
  fetchData<TPage<TStoreArticleCard>>('get', `/api/stores/${encodeURIComponent(uid)}/articles`, { kind, page, pageSize });

export const storeArticlesQuery = (uid: string, kind: TStoreArticleKind, page: number, pageSize = 10) =>
  queryOptions({ queryKey: ['catalogue', 'store', uid, 'articles', kind, page, pageSize], queryFn: () => getStoreArticles(uid, kind, page, pageSize) });
