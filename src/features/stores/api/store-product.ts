// GET /api/products/:id, shown inside a store's frame.
import { queryOptions } from '@tanstack/react-query';
import type { TProductDetail } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export const getStoreProduct = (id: number) => fetchData<TProductDetail>('get', `/api/products/${id}`);

export const storeProductQuery = (id: number) => queryOptions({ queryKey: ['catalogue', 'product', id], queryFn: () => getStoreProduct(id) });
