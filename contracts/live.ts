// Live notifications (Server-Sent Events): the stream's path, its events and a parser for its text,
// shared by the server, the web bell and the desktop's main process.
import type { TNotification } from './trade.js';

export const LIVE_STREAM_PATH = '/api/notifications/stream';

/**
 * The stream's events:
 * - `notification` (id = the highest notice id delivered so far, for Last-Event-ID): a new notice;
 * - `unread` {count}: the unread count, first on connect and after every change;
 * - `end` {reason}: the server closes the stream and it should not be reopened with this token
 *   (`revoked`: signed out or the token was revoked; `replaced`: too many streams for this member).
 * Comment lines (`: ping`) are heartbeats.
 */
export type TLiveEvent =
  | { event: 'notification'; id: string; data: TNotification }
  | { event: 'unread'; data: { count: number } }
  | { event: 'end'; data: { reason: 'revoked' | 'replaced' } };

export type TSseMessage = { event: string; data: string; id?: string };

/** An incremental parser of text/event-stream (the WHATWG rules for event, data and id fields). */
export function createSseParser(onMessage: (m: TSseMessage) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  const dispatch = () => {
    if (data.length) onMessage({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
    event = '';
    data = [];
    id = undefined;
  };
  return (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
      if (buffer[nl] === '\r' && nl === buffer.length - 1) break; // a \n may follow in the next chunk
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer[nl] === '\r' && buffer[nl + 1] === '\n' ? 2 : 1));
      if (line === '') {
        dispatch();
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\0')) id = value;
    }
  };
}

/** A parsed message as one of the stream's events, or null for anything else. */
export function toLiveEvent(m: TSseMessage): TLiveEvent | null {
  try {
    const data = JSON.parse(m.data) as unknown;
    if (m.event === 'notification' && m.id) return { event: 'notification', id: m.id, data: data as TNotification };
    if (m.event === 'unread' && typeof (data as { count?: unknown }).count === 'number') return { event: 'unread', data: data as { count: number } };
    if (m.event === 'end') return { event: 'end', data: data as { reason: 'revoked' | 'replaced' } };
  } catch {
    // not JSON: ignored
  }
  return null;
}

export type TLiveStatus = 'connecting' | 'live' | 'down' | 'stopped';

type TFetchAnswer = { status: number; body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } } | null };

export type TLiveClientOptions = {
  /** The stream's absolute or same-origin URL. */
  url: string;
  /** The request's headers (the bearer token); null: no session, do not connect. */
  headers: () => Record<string, string> | null;
  fetch: (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<TFetchAnswer>;
  onEvent: (e: TLiveEvent) => void;
  onStatus?: (s: TLiveStatus) => void;
  /** Waits before reconnecting: 1 s, doubling to at most `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
};

/**
 * Keeps one live stream open: reconnects after a drop with Last-Event-ID (backing off while the
 * server cannot be reached: status `down`, the caller polls meanwhile), stops for good on 401 or
 * the server's `end` (status `stopped`). Returns the function that closes it.
 */
export function startLiveClient(o: TLiveClientOptions): () => void {
  const setTimer = o.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = o.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const base = o.retryMs ?? 1_000;
  const max = o.maxRetryMs ?? 30_000;
  let lastId: string | undefined;
  let stopped = false;
  let delay = base;
  let timer: unknown;
  let ctl: AbortController | undefined;
  let status: TLiveStatus | undefined;
  const setStatus = (s: TLiveStatus) => {
    if (s !== status) o.onStatus?.((status = s));
  };
  const stop = () => {
    stopped = true;
    clearTimer(timer);
    ctl?.abort();
    setStatus('stopped');
  };
  const again = () => {
    if (stopped) return;
    setStatus('down');
    timer = setTimer(() => void run(), delay);
    delay = Math.min(delay * 2, max);
  };
  const run = async () => {
    if (stopped) return;
    const headers = o.headers();
    if (!headers) return stop();
    ctl = new AbortController();
    setStatus('connecting');
    try {
      const res = await o.fetch(o.url, { headers: { accept: 'text/event-stream', ...headers, ...(lastId ? { 'last-event-id': lastId } : {}) }, signal: ctl.signal });
      if (res.status === 401) return stop();
      if (res.status !== 200 || !res.body) return again();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let ended = false;
      const parse = createSseParser((m) => {
        const e = toLiveEvent(m);
        if (!e) return;
        if (e.event === 'notification') lastId = e.id;
        if (e.event === 'end') ended = true;
        if (e.event === 'unread') {
          delay = base;
          setStatus('live');
        }
        o.onEvent(e);
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) break;
        if (value) parse(decoder.decode(value, { stream: true }));
        if (ended) {
          await reader.cancel().catch(() => {});
          return stop();
        }
      }
      again();
    } catch {
      again();
    }
  };
  void run();
  return stop;
}
