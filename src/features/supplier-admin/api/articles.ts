// Calls for the supplier's store articles and solutions.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, request } from '@/platform/http';
import type { TPage } from '@contracts/api';
import type { TArticleKind, TStoreArticleInput, TSupplierArticleDetail, TSupplierArticleRow } from '@contracts/backoffice';

export type TArticleList = TPage<TSupplierArticleRow> & { counts: { article: number; scheme: number } };
export type TArticleListQuery = { kind: TArticleKind; status?: string; keyword?: string; page: number; pageSize?: number };

export const articlesQuery = (q: TArticleListQuery) =>
  queryOptions({ queryKey: ['supplier', 'articles', q], queryFn: () => fetchData<TArticleList>('get', '/api/supplier/articles', q), placeholderData: (prev) => prev });
export const articleQuery = (id: number) => queryOptions({ queryKey: ['supplier', 'article', id], queryFn: () => fetchData<TSupplierArticleDetail>('get', `/api/supplier/articles/${id}`) });
export const createArticle = (body: TStoreArticleInput) => request<{ id: number }>('post', '/api/supplier/articles', body);
export const updateArticle = (id: number, body: TStoreArticleInput) => request('put', `/api/supplier/articles/${id}`, body);
export const setArticleStatus = (id: number, status: 'published' | 'draft') => request('put', `/api/supplier/articles/${id}/status`, { status });
export const deleteArticle = (id: number) => request('delete', `/api/supplier/articles/${id}`);
