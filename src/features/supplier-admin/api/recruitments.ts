// Calls for the supplier's job positions.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, request } from '@/platform/http';
import type { TPage } from '@contracts/api';
import type { TRecruitmentInput, TSupplierRecruitment } from '@contracts/backoffice';

export type TRecruitmentList = TPage<TSupplierRecruitment> & { counts: { open: number; closed: number } };

export const recruitmentsQuery = (status: string, page: number) =>
  queryOptions({
    queryKey: ['supplier', 'recruitments', status, page],
    queryFn: () => fetchData<TRecruitmentList>('get', '/api/supplier/recruitments', { status, page, pageSize: 20 }),
    placeholderData: (prev) => prev,
  });
export const recruitmentQuery = (id: number) => queryOptions({ queryKey: ['supplier', 'recruitment', id], queryFn: () => fetchData<TSupplierRecruitment>('get', `/api/supplier/recruitments/${id}`) });
export const createRecruitment = (body: TRecruitmentInput) => request<{ id: number }>('post', '/api/supplier/recruitments', body);
export const updateRecruitment = (id: number, body: TRecruitmentInput) => request('put', `/api/supplier/recruitments/${id}`, body);
export const setRecruitmentStatus = (id: number, status: 'open' | 'closed') => request('put', `/api/supplier/recruitments/${id}/status`, { status });
export const deleteRecruitment = (id: number) => request('delete', `/api/supplier/recruitments/${id}`);
