// GET /api/stores/:uid/products/:id: a product of this store, shown inside the store's frame
// (another supplier's product answers 404 「该店铺没有这件商品」 and counts no visit).
import { queryOptions } from '@tanstack/react-query';
import type { TProductDetail } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export const getStoreProduct = (uid: string, id: number) => fetchData<TProductDetail>('get', `/api/stores/${encodeURIComponent(uid)}/products/${id}`);

export const storeProductQuery = (uid: string, id: number) => queryOptions({ queryKey: ['catalogue', 'store', uid, 'product', id], queryFn: () => getStoreProduct(uid, id) });
