// GET /api/stores/:uid/articles/:id: one article or scheme of the store.
import { queryOptions } from '@tanstack/react-query';
import type { TStoreArticleDetail } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export const getStoreArticle = (uid: string, id: number) => fetchData<TStoreArticleDetail>('get', `/api/stores/${encodeURIComponent(uid)}/articles/${id}`);

export const storeArticleQuery = (uid: string, id: number) => queryOptions({ queryKey: ['catalogue', 'store', uid, 'article', id], queryFn: () => getStoreArticle(uid, id) });
