// Calls of the demands feature: the hall, one demand, the purchaser's demands and actions, the
// category tree and product summary, inquiries and quick inquiries.
import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type {
  TCategoryNode,
  TDemandDetail,
  TDemandHallQuery,
  TDemandInput,
  TDemandListItem,
  TInquiryInput,
  TInquiryItem,
  TMyDemandItem,
  TParamRow,
  TProductSummary,
  TQuickInquiryInput,
  TAttachment,
  TDemandState,
  TQuotationDetail,
  TQuoteMode,
} from '@contracts/trade';
import { fetchData, request } from '@/platform/http';

export const categoriesQuery = () =>
  queryOptions({ queryKey: ['trade', 'categories'], queryFn: () => fetchData<TCategoryNode[]>('get', '/api/trade/categories'), staleTime: 10 * 60_000 });

export const hallQuery = (params: TDemandHallQuery) =>
  queryOptions({ queryKey: ['demands', 'hall', params], queryFn: () => fetchData<TPage<TDemandListItem>>('get', '/api/demands', params) });

export const demandQuery = (id: number, signedIn: boolean) =>
  queryOptions({ queryKey: ['demands', 'detail', id, signedIn], queryFn: () => fetchData<TDemandDetail>('get', `/api/demands/${id}`) });

export type TDemandForm = {
  id: number;
  status: TDemandState;
  /** A rejected demand's reason, shown above its form. */
  rejectReason: string | null;
  title: string;
  categoryId: number | null;
  quantity: number;
  unit: string;
  budget: number | null;
  budgetHidden: boolean;
  needBy: string | null;
  quoteDeadline: string;
  province: string | null;
  city: string | null;
  description: string;
  params: TParamRow[];
  contactName: string | null;
  contactPhone: string | null;
  quoteCap: number;
  quoteMode: TQuoteMode;
  attachments: TAttachment[];
};
export const demandFormQuery = (id: number) => queryOptions({ queryKey: ['demands', 'form', id], queryFn: () => fetchData<TDemandForm>('get', `/api/demands/${id}/edit`), staleTime: 0 });

export const productSummaryQuery = (id: number) =>
  queryOptions({ queryKey: ['trade', 'product', id], queryFn: () => fetchData<TProductSummary>('get', `/api/trade/products/${id}/summary`) });

export type TMyDemandsParams = { status?: string; page: number; pageSize: number; scope?: 'mine' | 'all'; keyword?: string };
export const myDemandsQuery = (params: TMyDemandsParams) =>
  queryOptions({ queryKey: ['demands', 'mine', params], queryFn: () => fetchData<TPage<TMyDemandItem>>('get', '/api/purchaser/demands', params) });
export const myDemandCountsQuery = (scope: 'mine' | 'all') =>
  queryOptions({ queryKey: ['demands', 'mine-counts', scope], queryFn: () => fetchData<Record<string, number>>('get', '/api/purchaser/demands/counts', { scope }) });

export const myInquiriesQuery = (params: { status?: string; page: number; pageSize: number }) =>
  queryOptions({ queryKey: ['inquiries', 'sent', params], queryFn: () => fetchData<TPage<TInquiryItem>>('get', '/api/purchaser/inquiries', params) });

export const myInquiryCountsQuery = () => queryOptions({ queryKey: ['inquiries', 'sent-counts'], queryFn: () => fetchData<Record<string, number>>('get', '/api/purchaser/inquiries/counts') });

export const quotationQuery = (id: number) => queryOptions({ queryKey: ['quotations', 'detail', id], queryFn: () => fetchData<TQuotationDetail>('get', `/api/quotations/${id}`) });

export const saveDemand = (body: TDemandInput, id?: number) =>
  id ? request<{ id: number; status: TDemandState }>('put', `/api/demands/${id}`, body) : request<{ id: number; status: TDemandState }>('post', '/api/demands', body);

export type TDemandAction = 'submit' | 'stop' | 'cancel' | 'close' | 'repost' | 'approve';
export const demandAction = (id: number, action: TDemandAction, note?: string) => request<{ id: number; status: TDemandState }>('post', `/api/demands/${id}/${action}`, note ? { note } : {});
export const approveDemand = (id: number) => request<{ id: number; status: TDemandState }>('post', `/api/admin/demands/${id}/approve`, {});
export const rejectDemand = (id: number, reason: string) => request<{ id: number; status: TDemandState }>('post', `/api/admin/demands/${id}/reject`, { reason });

export const sendInquiry = (body: TInquiryInput) => request<{ id: number; supplierName: string }>('post', '/api/inquiries', body);
export const closeInquiry = (id: number) => request('post', `/api/inquiries/${id}/close`, {});
export const sendQuickInquiry = (body: TQuickInquiryInput) => request<{ id: number; routed: number }>('post', '/api/inquiries/quick', body);
export const sendInquiryCode = (phonenumber: string) => request('get', '/resource/sms/code', { phonenumber, purpose: 'inquiry' });
export const toPurchaser = (companyName: string) => request('put', '/api/member/toPurchaser', { companyName });

/** A decision names the version the buyer is looking at (409 when the supplier revised since). */
export const acceptQuotation = (id: number, version: number) => request('post', `/api/quotations/${id}/accept`, { version });
export const rejectQuotation = (id: number, version: number, reason: string) => request('post', `/api/quotations/${id}/reject`, { version, reason });
