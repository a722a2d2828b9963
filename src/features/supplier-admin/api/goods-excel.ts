// Calls for bulk goods by Excel: the template and the export (downloads), the dry run and the
// import of the plan it returned (uploads of the same file), and the import job's progress.
import { queryOptions } from '@tanstack/react-query';
import { fetchData, loadHttpClient } from '@/platform/http';
import { downloadFile } from '@/platform/download';
import type { TEnvelope } from '@contracts/api';
import type { TGoodsExportQuery, TGoodsImportCheck, TGoodsImportJob, TGoodsImportStarted } from '@contracts/goods-excel';

export const downloadGoodsTemplate = () => downloadFile('/api/supplier/products/excel/template', '商品导入模板.xlsx');

export function exportGoods(q: TGoodsExportQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const query = params.toString();
  return downloadFile(`/api/supplier/products/excel/export${query ? `?${query}` : ''}`, '商品导出.xlsx');
}

async function upload<T>(file: File, query: string): Promise<TEnvelope<T>> {
  const form = new FormData();
  form.append('file', file);
  // A 5,000-row file takes a while to read and check on the server.
  const res = await (await loadHttpClient()).post<TEnvelope<T>>(`/api/supplier/products/excel/import?${query}`, form, { timeout: 120_000 });
  return res.data ?? { code: 500, msg: '上传失败' };
}
export const checkGoodsFile = (file: File) => upload<TGoodsImportCheck>(file, 'mode=check');
/** Applies the plan the check returned; the server refuses it if the file is not the checked one. */
export const importGoodsFile = (file: File, planId: string) => upload<TGoodsImportStarted>(file, `mode=commit&planId=${encodeURIComponent(planId)}`);

export const goodsImportJobQuery = (id: string) =>
  queryOptions({
    queryKey: ['supplier', 'goods-import', id],
    queryFn: () => fetchData<TGoodsImportJob>('get', `/api/supplier/products/excel/jobs/${id}`),
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'running' ? false : 700),
  });
