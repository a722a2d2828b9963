// Calls of the technical-article feature with their TanStack Query options.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TArticleDetail, TArticleListItem, TCategoryCount, TCategoryCounts } from '@contracts/content';
import { fetchData } from '@/platform/http';

export type TArticleListParams = { category?: string; tag?: string; keyword?: string; page: number; pageSize?: number; sort?: 'latest' | 'hot' };

const clean = (p: TArticleListParams) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== ''));

export const getArticles = (p: TArticleListParams) => fetchData<TPage<TArticleListItem>>('get', '/api/articles', clean(p));
export const getArticleCategories = () => fetchData<TCategoryCounts>('get', '/api/articles/categories');
export const getArticleTags = (limit = 24) => fetchData<TCategoryCount[]>('get', '/api/articles/tags', { limit });
export const getArticle = (id: number) => fetchData<TArticleDetail>('get', `/api/articles/${id}`);

export const articlesQuery = (p: TArticleListParams) =>
  queryOptions({ queryKey: ['articles', 'list', clean(p)], queryFn: () => getArticles(p), placeholderData: keepPreviousData });
export const articleCategoriesQuery = () => queryOptions({ queryKey: ['articles', 'categories'], queryFn: getArticleCategories, staleTime: 5 * 60_000 });
export const articleTagsQuery = () => queryOptions({ queryKey: ['articles', 'tags'], queryFn: () => getArticleTags(), staleTime: 5 * 60_000 });
export const hotArticlesQuery = () =>
  queryOptions({ queryKey: ['articles', 'hot'], queryFn: () => getArticles({ page: 1, pageSize: 10, sort: 'hot' }), staleTime: 5 * 60_000 });
// Each visit counts a view, so the detail is never served from the cache.
export const articleQuery = (id: number) => queryOptions({ queryKey: ['articles', 'detail', id], queryFn: () => getArticle(id), staleTime: 0, gcTime: 0 });
