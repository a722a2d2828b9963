// Calls of the quotations feature: submit/revise/withdraw, the supplier's list and detail, the
// purchaser's comparison with accept/reject.
import { queryOptions } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import type { TComparison, TComparisonVerify } from '@contracts/comparison';
import type { TDemandDetail, TInquiryItem, TMyDemandItem, TQuotationDetail, TQuotationInput, TQuotationItem, TQuotationRevise } from '@contracts/trade';
import { fetchData, request } from '@/platform/http';

export const demandQuery = (id: number) => queryOptions({ queryKey: ['demands', 'detail', id, true], queryFn: () => fetchData<TDemandDetail>('get', `/api/demands/${id}`) });
export const inquiryQuery = (id: number) => queryOptions({ queryKey: ['inquiries', 'detail', id], queryFn: () => fetchData<TInquiryItem>('get', `/api/inquiries/${id}`) });
export const quotationQuery = (id: number) => queryOptions({ queryKey: ['quotations', 'detail', id], queryFn: () => fetchData<TQuotationDetail>('get', `/api/quotations/${id}`) });
export const comparisonQuery = (demandId: number) =>
  queryOptions({ queryKey: ['quotations', 'comparison', demandId], queryFn: () => fetchData<TComparison>('get', `/api/demands/${demandId}/quotations`) });
export const demandsWithQuotationsQuery = (page: number) =>
  queryOptions({
    queryKey: ['demands', 'mine', 'with-quotations', page],
    queryFn: () => fetchData<TPage<TMyDemandItem>>('get', '/api/purchaser/demands', { withQuotations: '1', page, pageSize: 12 }),
  });

export type TSupplierQuotationsParams = { status?: string; keyword?: string; page: number; pageSize: number };
export const supplierQuotationsQuery = (params: TSupplierQuotationsParams) =>
  queryOptions({ queryKey: ['quotations', 'supplier', params], queryFn: () => fetchData<TPage<TQuotationItem>>('get', '/api/supplier/quotations', params) });
/** Tab counts with the list's keyword, so each figure equals the rows its tab lists. */
export const supplierQuotationCountsQuery = (keyword?: string) =>
  queryOptions({ queryKey: ['quotations', 'supplier-counts', keyword ?? ''], queryFn: () => fetchData<Record<string, number>>('get', '/api/supplier/quotations/counts', { keyword }) });

export const submitQuotation = (body: TQuotationInput) => request<{ id: number }>('post', '/api/quotations', body);
/** A revision names the version its form was opened on: the server answers 409 (STALE_EDIT_MESSAGE) when another window saved since. */
export const reviseQuotation = (id: number, body: TQuotationRevise) => request<{ id: number; version: number }>('put', `/api/quotations/${id}`, body);
export const withdrawQuotation = (id: number) => request('post', `/api/quotations/${id}/withdraw`, {});
/** Decisions name the version the buyer is looking at: the server answers 409 when the supplier revised since. */
export const acceptQuotation = (id: number, version: number, reason: string) => request('post', `/api/quotations/${id}/accept`, { version, reason });
export const rejectQuotation = (id: number, version: number, reason: string) => request('post', `/api/quotations/${id}/reject`, { version, reason });
/** The public check of a printed 比价单 (no login). */
export const verifyComparisonQuery = (code: string) =>
  queryOptions({ queryKey: ['comparison-verify', code], queryFn: () => fetchData<TComparisonVerify>('get', `/api/verify/comparison/${encodeURIComponent(code)}`), retry: false });
export const stopDemand = (id: number) => request('post', `/api/demands/${id}/stop`, {});
/** 定标审批 (issue 38): propose the award of the version on screen, or withdraw the pending proposal. */
export const proposeAward = (quotationId: number, version: number, reason: string) => request<{ id: number; levels: number }>('post', '/api/organisation/award-proposals', { quotationId, version, reason });
export const withdrawAwardProposal = (id: number) => request('post', `/api/organisation/award-proposals/${id}/withdraw`);
