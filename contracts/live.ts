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
