// GET /api/stores/:uid/categories: the store's own goods categories with counts.
import { queryOptions } from '@tanstack/react-query';
import type { TStoreCategory } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export const getStoreCategories = (uid: string) => fetchData<TStoreCategory[]>('get', `/api/stores/${encodeURIComponent(uid)}/categories`);

export const storeCategoriesQuery = (uid: string) => queryOptions({ queryKey: ['catalogue', 'store', uid, 'categories'], queryFn: () => getStoreCategories(uid), staleTime: 60_000 });
