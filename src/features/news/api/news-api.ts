// Calls of the news feature with their TanStack Query options.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TCategoryCounts, TNewsDetail, TNewsListItem } from '@contracts/content';
import { fetchData } from '@/platform/http';

export type TNewsListParams = { category?: string; keyword?: string; page: number; pageSize?: number; sort?: 'latest' | 'hot' };

const clean = (p: TNewsListParams) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== ''));

export const getNewsList = (p: TNewsListParams) => fetchData<TPage<TNewsListItem>>('get', '/api/news', clean(p));
export const getNewsCategories = () => fetchData<TCategoryCounts>('get', '/api/news/categories');
export const getNewsDetail = (id: number) => fetchData<TNewsDetail>('get', `/api/news/${id}`);

export const newsListQuery = (p: TNewsListParams) =>
  queryOptions({ queryKey: ['news', 'list', clean(p)], queryFn: () => getNewsList(p), placeholderData: keepPreviousData });
export const newsCategoriesQuery = () => queryOptions({ queryKey: ['news', 'categories'], queryFn: getNewsCategories, staleTime: 5 * 60_000 });
export const hotNewsQuery = () => queryOptions({ queryKey: ['news', 'hot'], queryFn: () => getNewsList({ page: 1, pageSize: 10, sort: 'hot' }), staleTime: 5 * 60_000 });
// Each visit counts a view, so the detail is never served from the cache.
export const newsDetailQuery = (id: number) => queryOptions({ queryKey: ['news', 'detail', id], queryFn: () => getNewsDetail(id), staleTime: 0, gcTime: 0 });
