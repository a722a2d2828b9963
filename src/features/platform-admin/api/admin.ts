// Calls of the platform admin back office: announcements, members, suppliers and brand reviews.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, request } from '@/platform/http';
import type { TPage } from '@contracts/api';
import type { TAdminBrandApplication, TAdminMember, TAdminNotice, TAdminSupplier, TCreateSupplierAccount, TNoticeInput } from '@contracts/backoffice';

type TQuery = Record<string, string | number | undefined>;
const clean = (q: TQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));

export const noticesQuery = (q: TQuery) =>
  queryOptions({ queryKey: ['admin', 'notices', q], queryFn: () => fetchData<TPage<TAdminNotice>>('get', '/api/admin/notices', clean(q)), placeholderData: (prev) => prev });
export const createNotice = (body: TNoticeInput) => request<{ id: number }>('post', '/api/admin/notices', body);
export const updateNotice = (id: number, body: TNoticeInput) => request('put', `/api/admin/notices/${id}`, body);
export const deleteNotice = (id: number) => request('delete', `/api/admin/notices/${id}`);
export const noticeDetail = (id: number) => fetchData<TAdminNotice>('get', `/api/admin/notices/${id}`);

export const membersQuery = (q: TQuery) =>
  queryOptions({ queryKey: ['admin', 'members', q], queryFn: () => fetchData<TPage<TAdminMember>>('get', '/api/admin/members', clean(q)), placeholderData: (prev) => prev });
export const setMemberStatus = (id: number, status: 'active' | 'disabled') => request('put', `/api/admin/members/${id}/status`, { status });
export const setPurchaser = (id: number, grant: boolean) => request('put', `/api/admin/members/${id}/purchaser`, { grant });

export const suppliersQuery = (q: TQuery) =>
  queryOptions({ queryKey: ['admin', 'suppliers', q], queryFn: () => fetchData<TPage<TAdminSupplier>>('get', '/api/admin/suppliers', clean(q)), placeholderData: (prev) => prev });
export const createSupplierAccount = (body: TCreateSupplierAccount) => request<{ id: number; storeUid: string }>('post', '/api/admin/suppliers', body);
export const reviewSupplier = (id: number, status: 'pending' | 'approved' | 'rejected', note: string | null) => request('put', `/api/admin/suppliers/${id}/status`, { status, note });
export const verifySupplier = (id: number, verified: boolean) => request('put', `/api/admin/suppliers/${id}/verified`, { verified });

export const brandApplicationsQuery = (q: TQuery) =>
  queryOptions({
    queryKey: ['admin', 'brand-applications', q],
    queryFn: () => fetchData<TPage<TAdminBrandApplication>>('get', '/api/admin/brand-applications', clean(q)),
    placeholderData: (prev) => prev,
  });
export const reviewBrand = (id: number, status: 'approved' | 'rejected', note: string | null, version: number) => request('put', `/api/admin/brand-applications/${id}`, { status, note, version });
