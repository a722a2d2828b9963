// GET /api/stores/:uid/products: a page of the store's goods.
import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TProductCard } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export type TStoreProductParams = { storeCategoryId?: number; keyword?: string; page: number; pageSize: number };

export const getStoreProducts = (uid: string, params: TStoreProductParams) =>
  fetchData<TPage<TProductCard> & { terms: string[]; partial: boolean; notice: string | null }>('get', `/api/stores/${encodeURIComponent(uid)}/products`, params);

export const storeProductsQuery = (uid: string, params: TStoreProductParams) =>
  queryOptions({ queryKey: ['catalogue', 'store', uid, 'products', params], queryFn: () => getStoreProducts(uid, params) });
