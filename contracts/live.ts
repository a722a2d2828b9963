// Live notifications (Server-Sent Events): the stream's path, its events and a parser for its text,
// shared by the server, the web page and the desktop's main process.
import type { TNotification } from './trade.js';

export const LIVE_STREAM_PATH = '/api/notifications/stream';
/**
 * The desktop client's stream says so in its query (`?client=desktop`): a priority hint only — when a
 * member opens more streams than the server keeps, a browser tab's stream ends before the desktop's.
 */
export const LIVE_DESKTOP_QUERY = 'client=desktop';

/** What a live change names: the renderer maps each to the queries that show it (src/shared/live-sync.ts). */
export const LIVE_ENTITIES = ['inquiry', 'quotation', 'demand', 'notice', 'application'] as const;
export type TLiveEntity = (typeof LIVE_ENTITIES)[number];
/** `all`: changes may have been missed (a resumed stream, the server's listener reconnected): everything live looks again. */
export type TLiveChange = { entity: TLiveEntity | 'all'; id: number | null };
export type TLiveEndReason = 'revoked' | 'replaced';

/**
 * The stream's events:
 * - `notification` (id = the highest notice id delivered so far, for Last-Event-ID): a notice. A fresh
 *   stream (no Last-Event-ID) first sends the member's unread notices since the session began, a
 *   resumed one everything after its Last-Event-ID; the client marks those it got before the
 *   connection's first `unread` as `replay` and decides which of them are new to it;
 * - `unread` {count} (id = the same cursor): the unread count, first on connect (after the replay)
 *   and after every change;
 * - `change` {entity, id}: a write changed what the member's open pages show;
 * - `end` {reason}: the server closes the stream (`revoked`: signed out or the token was revoked —
 *   do not reopen with this token; `replaced`: too many streams for this member — try again later).
 * Comment lines (`: ping`) are heartbeats.
 */
export type TLiveEvent =
  | { event: 'notification'; id: string; data: TNotification; replay?: boolean }
  | { event: 'unread'; data: { count: number } }
  | { event: 'change'; data: TLiveChange }
  | { event: 'end'; data: { reason: TLiveEndReason } };

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

const isEntity = (v: unknown): v is TLiveEntity | 'all' => v === 'all' || (LIVE_ENTITIES as readonly unknown[]).includes(v);

/** A parsed message as one of the stream's events, or null for anything else. */
export function toLiveEvent(m: TSseMessage): TLiveEvent | null {
  try {
    const data = JSON.parse(m.data) as unknown;
    if (m.event === 'notification' && m.id) return { event: 'notification', id: m.id, data: data as TNotification };
    if (m.event === 'unread' && typeof (data as { count?: unknown }).count === 'number') return { event: 'unread', data: data as { count: number } };
    if (m.event === 'change') {
      const c = data as { entity?: unknown; id?: unknown };
      if (isEntity(c.entity)) return { event: 'change', data: { entity: c.entity, id: typeof c.id === 'number' ? c.id : null } };
    }
    if (m.event === 'end') {
      const reason = (data as { reason?: unknown }).reason;
      if (reason === 'revoked' || reason === 'replaced') return { event: 'end', data: { reason } };
    }
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
  /** The last event id the client saw in an earlier run (persisted): the first connection resumes after it. */
  lastEventId?: string | null;
  /** Each new last event id, to persist for the next run. */
  onCursor?: (id: string) => void;
  /** Waits before reconnecting: 1 s, doubling to at most `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** After the server ended the stream as `replaced`: waits at least this long (30 s) before trying again, doubling each time. */
  replacedRetryMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
};

/**
 * Keeps one live stream open. A stream that ends is resumed or explained:
 * - a drop, a server restart, an answer other than 200 or 401: reconnects with Last-Event-ID after
 *   1 s, doubling to `maxRetryMs` (status `down` meanwhile: the caller polls);
 * - the server's `end` `replaced` (the member opened too many streams): tries again after
 *   `replacedRetryMs`, doubling, status `down`;
 * - the server's `end` `revoked`, or 401 (the session is over): an `end` `revoked` event, then
 *   status `stopped` for good.
 * Every connection after the first starts with a `change` `all` event (anything may have changed
 * while away); notifications before a connection's first `unread` come marked `replay`.
 * Returns the function that closes it.
 */
export function startLiveClient(o: TLiveClientOptions): () => void {
  const setTimer = o.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = o.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const base = o.retryMs ?? 1_000;
  const max = o.maxRetryMs ?? 30_000;
  /** The wait after the next `replaced`: doubling each time (tabs crowding one member's bound settle down), at most 5 minutes. */
  let afterReplaced = o.replacedRetryMs ?? 30_000;
  let lastId: string | undefined = o.lastEventId ?? undefined;
  let stopped = false;
  let delay = base;
  let timer: unknown;
  let ctl: AbortController | undefined;
  let status: TLiveStatus | undefined;
  let connectedBefore = false;
  const setStatus = (s: TLiveStatus) => {
    if (s !== status) o.onStatus?.((status = s));
  };
  const stop = () => {
    stopped = true;
    clearTimer(timer);
    ctl?.abort();
    setStatus('stopped');
  };
  const again = (wait = delay) => {
    if (stopped) return;
    setStatus('down');
    timer = setTimer(() => void run(), wait);
    delay = Math.min(Math.max(delay, wait) * 2, Math.max(max, wait));
  };
  const revoked = () => {
    if (stopped) return;
    o.onEvent({ event: 'end', data: { reason: 'revoked' } });
    stop();
  };
  const run = async () => {
    if (stopped) return;
    const headers = o.headers();
    if (!headers) return stop();
    const mine = (ctl = new AbortController());
    setStatus('connecting');
    try {
      const res = await o.fetch(o.url, { headers: { accept: 'text/event-stream', ...headers, ...(lastId ? { 'last-event-id': lastId } : {}) }, signal: mine.signal });
      if (stopped) return;
      if (res.status === 401) return revoked();
      if (res.status !== 200 || !res.body) return again();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let end: TLiveEndReason | null = null;
      let counted = false;
      const parse = createSseParser((m) => {
        if (stopped) return;
        if (m.id && m.id !== lastId) {
          lastId = m.id;
          o.onCursor?.(m.id);
        }
        const e = toLiveEvent(m);
        if (!e) return;
        if (e.event === 'end') {
          end = e.data.reason;
          return;
        }
        if (e.event === 'unread' && !counted) {
          counted = true;
          delay = base;
          if (connectedBefore) o.onEvent({ event: 'change', data: { entity: 'all', id: null } });
          connectedBefore = true;
          setStatus('live');
        }
        o.onEvent(e.event === 'notification' && !counted ? { ...e, replay: true } : e);
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) break;
        if (value) parse(decoder.decode(value, { stream: true }));
        if (end) {
          await reader.cancel().catch(() => {});
          if (end === 'revoked') return revoked();
          o.onEvent({ event: 'end', data: { reason: end } });
          const wait = Math.max(delay, afterReplaced);
          afterReplaced = Math.min(afterReplaced * 2, Math.max(300_000, afterReplaced));
          return again(wait);
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
