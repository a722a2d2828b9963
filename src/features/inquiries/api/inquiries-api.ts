// Calls of the inquiries feature: the supplier's inbox and figures, replies and closing, and the
// platform's quick-inquiry queue.
import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TAdminSupplier } from '@contracts/backoffice';
import type { TInquiryItem, TInquiryStats, TQuickInquiryItem } from '@contracts/trade';
import { fetchData, request } from '@/platform/http';

export type TInquiryListParams = { status?: string; keyword?: string; page: number; pageSize: number };

export const supplierInquiriesQuery = (params: TInquiryListParams) =>
  queryOptions({ queryKey: ['inquiries', 'supplier', params], queryFn: () => fetchData<TPage<TInquiryItem>>('get', '/api/supplier/inquiries', params) });
export const supplierInquiryCountsQuery = () =>
  queryOptions({ queryKey: ['inquiries', 'supplier-counts'], queryFn: () => fetchData<Record<string, number>>('get', '/api/supplier/inquiries/counts') });
export const inquiryStatsQuery = () => queryOptions({ queryKey: ['inquiries', 'stats'], queryFn: () => fetchData<TInquiryStats>('get', '/api/supplier/inquiries/stats') });
export const quickQueueQuery = (params: TInquiryListParams) =>
  queryOptions({ queryKey: ['inquiries', 'quick-queue', params], queryFn: () => fetchData<TPage<TQuickInquiryItem>>('get', '/api/admin/quick-inquiries', params) });

export const quickQueueCountsQuery = () => queryOptions({ queryKey: ['inquiries', 'quick-queue-counts'], queryFn: () => fetchData<Record<string, number>>('get', '/api/admin/quick-inquiries/counts') });

export const replyInquiry = (id: number, reply: string) => request('post', `/api/inquiries/${id}/reply`, { reply });
export const closeInquiry = (id: number, note?: string) => request('post', `/api/inquiries/${id}/close`, note ? { note } : {});
export const routeQuickInquiry = (id: number, supplierIds: number[]) => request('post', `/api/admin/quick-inquiries/${id}/route`, { supplierIds });
/** Approved suppliers an admin can forward a quick inquiry to, by name. */
export const routableSuppliersQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['inquiries', 'routable-suppliers', keyword],
    queryFn: () => fetchData<TPage<TAdminSupplier>>('get', '/api/admin/suppliers', { keyword: keyword || undefined, status: 'approved', page: 1, pageSize: 8 }),
  });
