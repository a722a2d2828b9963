// Message toasts (3000 ms, stacked from the top with 16 px spacing) and notifications
// (5000 ms, top-end) with the constants of SPEC §9.
import { useEffect, useSyncExternalStore } from 'react';
import { UI } from '@/config';
import { AppLink } from './app-link';

export type TToastType = 'success' | 'info' | 'warning' | 'error';
type TToast = { id: number; type: TToastType; text: string; title?: string; kind: 'message' | 'notification'; link?: string };

let seq = 0;
let toasts: TToast[] = [];
const listeners = new Set<() => void>();
const publish = () => listeners.forEach((l) => l());

function push(kind: TToast['kind'], type: TToastType, text: string, duration: number, title?: string, link?: string) {
  const id = ++seq;
  toasts = [...toasts, { id, type, text, title, kind, ...(link ? { link } : {}) }];
  publish();
  setTimeout(() => dismiss(id), duration);
  return id;
}

export function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  publish();
}

export const message = {
  success: (text: string, duration: number = UI.toastDuration) => push('message', 'success', text, duration),
  info: (text: string, duration: number = UI.toastDuration) => push('message', 'info', text, duration),
  warning: (text: string, duration: number = UI.toastDuration) => push('message', 'warning', text, duration),
  error: (text: string, duration: number = UI.toastDuration) => push('message', 'error', text, duration),
};

/** A notification (top-end, 5000 ms); with `link`, a 查看详情 link to its page. */
export const notify = (opts: { title: string; text: string; type?: TToastType; duration?: number; link?: string }) =>
  push('notification', opts.type ?? 'info', opts.text, opts.duration ?? UI.notificationDuration, opts.title, opts.link);

const FLASH_KEY = 'yct_flash';

/** A message that survives the reload that follows it (login on an ordinary page reloads it). */
export function flashAfterReload(type: TToastType, text: string) {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ type, text }));
  } catch {
    // no sessionStorage (private mode): the message is simply not repeated after the reload
  }
}

function showFlash() {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    const { type, text } = JSON.parse(raw) as { type: TToastType; text: string };
    message[type](text);
  } catch {
    // a malformed entry is dropped
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const ICON: Record<TToastType, string> = { success: '✓', info: 'i', warning: '!', error: '×' };

const NO_TOASTS: typeof toasts = [];

export function Toaster() {
  useEffect(showFlash, []);
  const all = useSyncExternalStore(subscribe, () => toasts, () => NO_TOASTS);
  const messages = all.filter((t) => t.kind === 'message');
  const notifications = all.filter((t) => t.kind === 'notification');
  return (
    <>
      <div className="toast-stack" style={{ top: UI.toastOffset, gap: UI.toastGap }} aria-live="polite">
        {messages.map((t) => (
          <div key={t.id} role={t.type === 'error' ? 'alert' : 'status'} className={`toast toast-${t.type}`} data-testid="toast">
            <span className="toast-icon">{ICON[t.type]}</span>
            {t.text}
          </div>
        ))}
      </div>
      <div className="notify-stack" aria-live="polite">
        {notifications.map((t) => (
          <div key={t.id} role="status" className={`notify notify-${t.type}`} data-testid="notify">
            <button type="button" className="notify-close" aria-label="关闭" onClick={() => dismiss(t.id)}>
              ×
            </button>
            <strong>{t.title}</strong>
            <p>{t.text}</p>
            {t.link && (
              <AppLink className="notify-link" to={t.link} onClick={() => dismiss(t.id)}>
                查看详情
              </AppLink>
            )}
          </div>
        ))}
      </div>
    </>
  );
}
