// Calls for the member's online 入驻 application and its business licence.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, loadHttpClient, request } from '@/platform/http';
import type { TEnvelope } from '@contracts/api';
import type { TSettleApplication, TSettleApplicationInput, TSettleState, TUploadedLicence } from '@contracts/settle';

export const settleStateQuery = () => queryOptions({ queryKey: ['settle', 'application'], queryFn: () => fetchData<TSettleState>('get', '/api/settle/application') });
export const submitApplication = (body: TSettleApplicationInput) => request<TSettleApplication>('post', '/api/settle/application', body);

export async function uploadLicence(file: File): Promise<TEnvelope<TUploadedLicence>> {
  const form = new FormData();
  form.append('file', file);
  const res = await (await loadHttpClient()).post<TEnvelope<TUploadedLicence>>('/api/settle/licence', form);
  return res.data ?? { code: 500, msg: '上传失败' };
}
