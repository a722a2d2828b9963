// GET /api/categories: the category tree for navigation and the shop's filter.
import { queryOptions } from '@tanstack/react-query';
import type { TCategoryNode } from '@contracts/catalogue';
import { fetchData } from '@/platform/http';

export const getCategories = () => fetchData<TCategoryNode[]>('get', '/api/categories');

export const categoriesQuery = () => queryOptions({ queryKey: ['catalogue', 'categories'], queryFn: getCategories, staleTime: 5 * 60_000 });

/** The path from a top-level category down to the one with this id, or [] if it is unknown. */
export function findCategoryPath(tree: TCategoryNode[], id: number | undefined): TCategoryNode[] {
  if (!id) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = findCategoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}
