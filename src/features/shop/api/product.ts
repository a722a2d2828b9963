// GET /api/products/:id: a product's detail page.
import { queryOptions } from '@tanstack/react-query';
import type { TProductDetail } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export const getProduct = (id: number) => fetchData<TProductDetail>('get', `/api/products/${id}`);

/**
 * Always stale, like the news and article details: each visit asks the API, which counts the view,
 * also when the page came rendered from the server (the answer then refreshes the count shown).
 */
export const productQuery = (id: number) => queryOptions({ queryKey: ['catalogue', 'product', id], queryFn: () => getProduct(id), staleTime: 0 });
