// 「服务器设置」's connection test: asks the API's liveness endpoint and says in Chinese what
// happened. The fetch is injected (Electron's net.fetch in the app, Node's fetch in tests).
import type { TServerCheck } from '../../contracts/desktop.js';
import { checkApiUrlInput } from './settings.js';

type TFetch = (url: string, init: { redirect: 'error'; signal: AbortSignal; headers: Record<string, string> }) => Promise<Response>;

const causeText = (err: unknown): string => {
  const e = err as { message?: unknown; cause?: unknown } | null;
  const own = typeof e?.message === 'string' ? e.message : String(err);
  return e?.cause ? `${own} ${causeText(e.cause)}` : own;
};

export async function testApiConnection(input: string, deps: { fetch: TFetch; allowInsecureHttp: boolean; timeoutMs?: number }): Promise<TServerCheck> {
  const checked = checkApiUrlInput(input, { allowInsecureHttp: deps.allowInsecureHttp });
  if (!checked.ok) return { ok: false, message: checked.message };
  const url = `${checked.apiUrl}/api/health`;
  let res: Response;
  try {
    res = await deps.fetch(url, { redirect: 'error', signal: AbortSignal.timeout(deps.timeoutMs ?? 8000), headers: { accept: 'application/json' } });
  } catch (err) {
    const text = causeText(err);
    if (/redirect/i.test(text)) return { ok: false, message: '服务器地址发生了跳转（例如从 http:// 跳转到 https://），请填写跳转后的地址' };
    if (/abort|timeout/i.test(text)) return { ok: false, message: '连接超时，请检查服务器地址和网络' };
    return { ok: false, message: `无法连接服务器，请检查服务器地址和网络（${text.slice(0, 120)}）` };
  }
  if (res.status >= 300 && res.status < 400) return { ok: false, message: '服务器地址发生了跳转（例如从 http:// 跳转到 https://），请填写跳转后的地址' };
  type THealth = { code?: unknown; data?: { uptimeS?: unknown } } | null;
  let body: THealth = null;
  try {
    body = (await res.json()) as THealth;
  } catch {
    body = null;
  }
  if (res.ok && body?.code === 200 && typeof body.data?.uptimeS === 'number') return { ok: true, message: '连接成功' };
  return { ok: false, message: `该地址不是仪采通服务器（HTTP ${res.status}）` };
}
