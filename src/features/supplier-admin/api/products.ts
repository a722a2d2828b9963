// Calls for the supplier's goods: list, editor record, writes, quick edits and batch actions.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, request } from '@/platform/http';
import type { TProductBatchPrice, TProductInput, TProductListQuery, TProductQuickEdit, TSupplierProductDetail, TSupplierProductList } from '@contracts/backoffice';

export const productsQuery = (q: TProductListQuery) =>
  queryOptions({ queryKey: ['supplier', 'products', q], queryFn: () => fetchData<TSupplierProductList>('get', '/api/supplier/products', q), placeholderData: (prev) => prev });
export const productQuery = (id: number) => queryOptions({ queryKey: ['supplier', 'product', id], queryFn: () => fetchData<TSupplierProductDetail>('get', `/api/supplier/products/${id}`) });

export const createProduct = (body: TProductInput) => request<{ id: number }>('post', '/api/supplier/products', body);
export const updateProduct = (id: number, body: TProductInput) => request('put', `/api/supplier/products/${id}`, body);
export const deleteProduct = (id: number) => request('delete', `/api/supplier/products/${id}`);
export const quickEditProduct = (id: number, body: TProductQuickEdit) => request('put', `/api/supplier/products/${id}/quick`, body);
export const batchStatus = (ids: number[], status: 'on_sale' | 'off_shelf') => request<{ affected: number }>('put', '/api/supplier/products/batch/status', { ids, status });
/** By a percentage ({ percent, rounding }) or one price for all ({ price }, null = 面议). */
export const batchPrice = (body: TProductBatchPrice) => request<{ affected: number }>('put', '/api/supplier/products/batch/price', body);
export const batchStoreCategory = (ids: number[], storeCategoryId: number | null) =>
  request<{ affected: number }>('put', '/api/supplier/products/batch/store-category', { ids, storeCategoryId });
export const batchDelete = (ids: number[]) => request<{ affected: number }>('post', '/api/supplier/products/batch/delete', { ids });
