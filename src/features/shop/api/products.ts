// GET /api/products: one page of the shop's search, with the matched terms and brand counts.
import { queryOptions } from '@tanstack/react-query';
import type { TProductList } from '@contracts/catalogue';
import type { TProductSort } from '@contracts/catalogue-constants';
import { fetchData } from '@/platform/http';

export type TShopParams = {
  keyword?: string;
  /** 1: the keyword's words as typed, not what it was understood as. */
  literal?: 1;
  category?: number;
  brand?: number;
  priceMin?: number;
  priceMax?: number;
  /** Exclusive upper bound: a half-open price band (PRICE_BANDS). */
  priceBelow?: number;
  province?: string;
  sort: TProductSort;
  page: number;
  pageSize: number;
};

export const getProducts = (params: TShopParams) => fetchData<TProductList>('get', '/api/products', compact(params));

export const productsQuery = (params: TShopParams) => queryOptions({ queryKey: ['catalogue', 'products', compact(params)], queryFn: () => getProducts(params) });

/** The parameters without empty values, so the request and the cache key stay short. */
function compact(params: TShopParams): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== null) out[k] = v as string | number;
  return out;
}
