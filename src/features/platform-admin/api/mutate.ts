// Runs a back-office write: shows the server's message as a toast and reports success.
import { message } from '@/components/ui/toast';
import type { TEnvelope } from '@contracts/api';
import { STALE_EDIT_MESSAGE } from '@contracts/backoffice';

export async function mutate<T>(run: () => Promise<TEnvelope<T>>, opts: { quiet?: boolean; /** Called when the save was refused because someone else changed the record. */ onStale?: () => void } = {}): Promise<TEnvelope<T> | null> {
  let res: TEnvelope<T>;
  try {
    res = await run();
  } catch {
    message.error('网络异常，请稍后再试');
    return null;
  }
  if (res.code !== 200) {
    // 401 is handled once by the HTTP client (logout, toast, /login).
    if (res.code !== 401) message.error(res.msg || '操作失败');
    if (res.code === 409 && res.msg === STALE_EDIT_MESSAGE) opts.onStale?.();
    return null;
  }
  if (!opts.quiet) message.success(res.msg);
  return res;
}
