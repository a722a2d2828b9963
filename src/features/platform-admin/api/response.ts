// Calls of the platform's 响应质量 pages (issue 37): routed inquiries with their spam marks, the mark
// itself, and the spread of the figures across suppliers.
import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TAdminInquiry, TResponseDistribution } from '@contracts/response-quality';
import { fetchData, request } from '@/platform/http';

type TQuery = Record<string, string | number | undefined>;
const clean = (q: TQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));

export const adminInquiriesQuery = (q: TQuery) =>
  queryOptions({ queryKey: ['admin', 'inquiries', q], queryFn: () => fetchData<TPage<TAdminInquiry>>('get', '/api/admin/inquiries', clean(q)), placeholderData: (prev) => prev });
export const markSpam = (id: number, spam: boolean) => request('put', `/api/admin/inquiries/${id}/spam`, { spam });
export const responseDistributionQuery = () => queryOptions({ queryKey: ['admin', 'response'], queryFn: () => fetchData<TResponseDistribution>('get', '/api/admin/response') });
