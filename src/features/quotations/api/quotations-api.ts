// Calls of the quotations feature: submit/revise/withdraw, the supplier's list and detail, the
// purchaser's comparison with accept/reject and the 比价单 exports.
import { queryOptions } from '@tanstack/react-query';
import type { TEnvelope, TPage } from '@contracts/api';
import type { TAttachment, TComparison, TDemandDetail, TInquiryItem, TMyDemandItem, TQuotationDetail, TQuotationInput, TQuotationItem, TQuotationRevise } from '@contracts/trade';
import { fetchData, http, request } from '@/platform/http';

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
export const supplierQuotationCountsQuery = () =>
  queryOptions({ queryKey: ['quotations', 'supplier-counts'], queryFn: () => fetchData<Record<string, number>>('get', '/api/supplier/quotations/counts') });

export const submitQuotation = (body: TQuotationInput) => request<{ id: number }>('post', '/api/quotations', body);
export const reviseQuotation = (id: number, body: TQuotationRevise) => request<{ id: number; version: number }>('put', `/api/quotations/${id}`, body);
export const withdrawQuotation = (id: number) => request('post', `/api/quotations/${id}/withdraw`, {});
export const acceptQuotation = (id: number) => request('post', `/api/quotations/${id}/accept`, {});
export const rejectQuotation = (id: number, reason: string) => request('post', `/api/quotations/${id}/reject`, { reason });
export const stopDemand = (id: number) => request('post', `/api/demands/${id}/stop`, {});

export async function uploadAttachment(file: File): Promise<TEnvelope<TAttachment>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await http.post<TEnvelope<TAttachment>>('/api/trade/attachments', form);
  return res.data ?? { code: 500, msg: '上传失败，请稍后再试' };
}

/** Downloads a protected file (attachment or export) through the HTTP client; resolves to an error message or null. */
export async function downloadFile(url: string, fallbackName: string): Promise<string | null> {
  const res = await http.get<Blob>(url, { responseType: 'blob' });
  if (res.status !== 200) {
    try {
      const body = JSON.parse(await (res.data as Blob).text()) as { msg?: string };
      return body.msg ?? '下载失败';
    } catch {
      return '下载失败';
    }
  }
  const match = /filename\*=UTF-8''([^;]+)/i.exec(String(res.headers['content-disposition'] ?? ''));
  const name = match ? decodeURIComponent(match[1]!) : fallbackName;
  const href = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return null;
}
