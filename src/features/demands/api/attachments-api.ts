// Uploading and downloading trade attachments (the download carries the bearer token, so it goes
// through the HTTP client and a blob rather than a plain link).
import type { TEnvelope } from '@contracts/api';
import type { TAttachment } from '@contracts/trade';
import { http } from '@/platform/http';

export async function uploadAttachment(file: File): Promise<TEnvelope<TAttachment>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await http.post<TEnvelope<TAttachment>>('/api/trade/attachments', form);
  return res.data ?? { code: 500, msg: '上传失败，请稍后再试' };
}

/** Downloads a protected file; resolves to an error message or null. */
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
  const disposition = String(res.headers['content-disposition'] ?? '');
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
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
