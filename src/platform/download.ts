// Downloads a protected file (an attachment or an export): it needs the bearer token, so it goes
// through the HTTP client and a blob rather than a plain link.
import { loadHttpClient } from './http';

/** Saves the file under the server's name (or `fallbackName`); resolves to an error message or null. */
export async function downloadFile(url: string, fallbackName: string): Promise<string | null> {
  const res = await (await loadHttpClient()).get<Blob>(url, { responseType: 'blob' });
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
