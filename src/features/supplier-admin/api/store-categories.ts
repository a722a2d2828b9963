// Calls for the supplier's store categories.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, request } from '@/platform/http';
import type { TStoreCategoryInput, TStoreCategoryNode } from '@contracts/backoffice';

export type TStoreCategoryDetail = { id: number; parentId: number; name: string; sort: number; hasChildren: boolean; version: number };

export const storeCategoriesQuery = () => queryOptions({ queryKey: ['supplier', 'store-categories'], queryFn: () => fetchData<TStoreCategoryNode[]>('get', '/api/supplier/store-categories') });
export const storeCategoryQuery = (id: number) =>
  queryOptions({ queryKey: ['supplier', 'store-category', id], queryFn: () => fetchData<TStoreCategoryDetail>('get', `/api/supplier/store-categories/${id}`) });
export const createStoreCategory = (body: TStoreCategoryInput) => request<{ id: number }>('post', '/api/supplier/store-categories', body);
export const updateStoreCategory = (id: number, body: TStoreCategoryInput) => request('put', `/api/supplier/store-categories/${id}`, body);
export const moveStoreCategory = (id: number, direction: 'up' | 'down') => request('put', `/api/supplier/store-categories/${id}/move`, { direction });
export const deleteStoreCategory = (id: number) => request('delete', `/api/supplier/store-categories/${id}`);

/** Flattens the tree into select options: "色谱仪器", then its children as "└ 液相色谱". */
export function storeCategoryOptions(tree: TStoreCategoryNode[] | undefined) {
  const out: { id: number; label: string; depth: number }[] = [];
  for (const top of tree ?? []) {
    out.push({ id: top.id, label: top.name, depth: 0 });
    for (const c of top.children) out.push({ id: c.id, label: `└ ${c.name}`, depth: 1 });
  }
  return out;
}
