// GET /api/products/:id: a product's detail page.
import { queryOptions } from '@tanstack/react-query';
import type { TProductDetail } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export const getProduct = (id: number) => fetchData<TProductDetail>('get', `/api/products/${id}`);

export const productQuery = (id: number) => queryOptions({ queryKey: ['catalogue', 'product', id], queryFn: () => getProduct(id) });
