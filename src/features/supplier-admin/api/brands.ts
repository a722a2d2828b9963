// Calls for brands: picker options, carried brands and the supplier's brand applications.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, request } from '@/platform/http';
import type { TPage } from '@contracts/api';
import type { TBrandApplication, TBrandApplicationInput, TBrandOption, TCarriedBrand } from '@contracts/backoffice';

export const brandOptionsQuery = (keyword: string) =>
  queryOptions({ queryKey: ['supplier', 'brand-options', keyword], queryFn: () => fetchData<TPage<TBrandOption>>('get', '/api/supplier/brands/options', { keyword, pageSize: 20 }), staleTime: 60_000 });
export const carriedBrandsQuery = (page: number) =>
  queryOptions({ queryKey: ['supplier', 'brands-carried', page], queryFn: () => fetchData<TPage<TCarriedBrand>>('get', '/api/supplier/brands/carried', { page, pageSize: 20 }) });
export const brandApplicationsQuery = (status: string, page: number) =>
  queryOptions({
    queryKey: ['supplier', 'brand-applications', status, page],
    queryFn: () => fetchData<TPage<TBrandApplication>>('get', '/api/supplier/brand-applications', { status, page, pageSize: 20 }),
  });
export const applyBrand = (body: TBrandApplicationInput) => request<{ id: number }>('post', '/api/supplier/brand-applications', body);
export const editBrandApplication = (id: number, body: TBrandApplicationInput) => request('put', `/api/supplier/brand-applications/${id}`, body);
export const deleteBrandApplication = (id: number) => request('delete', `/api/supplier/brand-applications/${id}`);
