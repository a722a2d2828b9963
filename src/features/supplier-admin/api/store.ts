// Calls for the supplier's company record, store settings, home numbers, images and the platform categories.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, loadHttpClient, request } from '@/platform/http';
import type { TEnvelope } from '@contracts/api';
import type { TImagePurpose, TStoreSettingsInput, TSupplierCompanyInput, TSupplierOverview, TSupplierProfile, TUploadedImage } from '@contracts/backoffice';
import type { TCategoryNode } from '@contracts/catalogue';

export const overviewQuery = () => queryOptions({ queryKey: ['supplier', 'overview'], queryFn: () => fetchData<TSupplierOverview>('get', '/api/supplier/overview') });
export const profileQuery = () => queryOptions({ queryKey: ['supplier', 'profile'], queryFn: () => fetchData<TSupplierProfile>('get', '/api/supplier/profile') });
export const saveCompany = (body: TSupplierCompanyInput) => request('put', '/api/supplier/company', body);
export const saveStore = (body: TStoreSettingsInput) => request('put', '/api/supplier/store', body);

/** The platform's three-level category tree (public catalogue call). */
export const categoryTreeQuery = () =>
  queryOptions({ queryKey: ['categories', 'tree'], queryFn: () => fetchData<TCategoryNode[]>('get', '/api/categories'), staleTime: 10 * 60_000 });

export async function uploadImage(file: File, purpose: TImagePurpose): Promise<TEnvelope<TUploadedImage>> {
  const form = new FormData();
  form.append('file', file);
  const res = await (await loadHttpClient()).post<TEnvelope<TUploadedImage>>(`/api/supplier/images?purpose=${purpose}`, form);
  return res.data ?? { code: 500, msg: '上传失败' };
}
