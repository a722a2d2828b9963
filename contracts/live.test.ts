// The event-stream parser and the reconnecting live client, with a fake fetch and timers.
import { describe, expect, it } from 'vitest';
import { createSseParser, startLiveClient, type TLiveEvent, type TLiveStatus, type TSseMessage } from './live';

const enc = new TextEncoder();

function body(chunks: string[], keepOpen = false) {
  let i = 0;
  return {
    getReader: () => ({
      read: async () => (i < chunks.length ? { done: false, value: enc.encode(chunks[i++]) } : keepOpen ? new Promise<never>(() => {}) : { done: true }),
      cancel: async () => {},
    }),
  };
}

const notice = (id: number) => JSON.stringify({ id, kind: 'new_inquiry', title: '收到新询价', content: 'x', link: '/admin/supplier/inquiry?id=1', readAt: null, createdAt: '2026-01-01T00:00:00Z' });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('createSseParser', () => {
  it('parses events split anywhere, skips comments, keeps ids and multi-line data', () => {
    const got: TSseMessage[] = [];
    const feed = createSseParser((m) => got.push(m));
    const text = ': ping\n\nretry: 3000\n\nid: 7\nevent: notification\ndata: {"a":\ndata: 1}\n\r\nevent: unread\r\ndata: {"count":2}\r\n\r\n';
    for (const ch of text) feed(ch);
    expect(got).toEqual([
      { event: 'notification', id: '7', data: '{"a":\n1}' },
      { event: 'unread', data: '{"count":2}' },
    ]);
  });
});

describe('startLiveClient', () => {
  it('reconnects with Last-Event-ID after a drop, and stops for good on 401', async () => {
    const calls: Record<string, string>[] = [];
    const answers = [
      { status: 200, body: body([`event: unread\ndata: {"count":1}\n\nid: 5\nevent: notification\ndata: ${notice(5)}\n\n`]) },
      { status: 503, body: null },
      { status: 200, body: body([`id: 6\nevent: notification\ndata: ${notice(6)}\n\nevent: unread\ndata: {"count":2}\n\n`]) },
      { status: 401, body: null },
    ];
    const timers: (() => void)[] = [];
    const events: TLiveEvent[] = [];
    const statuses: TLiveStatus[] = [];
    startLiveClient({
      url: '/s',
      headers: () => ({ authorization: 'Bearer t' }),
      fetch: async (_u, init) => {
        calls.push(init.headers);
        return answers.shift()!;
      },
      onEvent: (e) => events.push(e),
      onStatus: (s) => statuses.push(s),
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => {},
    });
    for (let i = 0; i < 3; i++) {
      await tick();
      await tick();
      timers.shift()?.();
    }
    await tick();
    await tick();
    expect(calls.map((h) => h['last-event-id'])).toEqual([undefined, '5', '5', '6']);
    expect(calls.every((h) => h.authorization === 'Bearer t')).toBe(true);
    expect(events.map((e) => e.event)).toEqual(['unread', 'notification', 'notification', 'unread']);
    expect(statuses).toEqual(['connecting', 'live', 'down', 'connecting', 'down', 'connecting', 'live', 'down', 'connecting', 'stopped']);
    expect(timers).toHaveLength(0);
  });

  it("stops on the server's end event and does not connect without a session", async () => {
    let fetched = 0;
    const statuses: TLiveStatus[] = [];
    startLiveClient({
      url: '/s',
      headers: () => ({}),
      fetch: async () => {
        fetched++;
        return { status: 200, body: body(['event: unread\ndata: {"count":0}\n\nevent: end\ndata: {"reason":"revoked"}\n\n'], true) };
      },
      onEvent: () => {},
      onStatus: (s) => statuses.push(s),
      setTimer: () => expect.unreachable('no reconnect after end'),
    });
    await tick();
    await tick();
    await tick();
    expect(fetched).toBe(1);
    expect(statuses.at(-1)).toBe('stopped');
    let none = 0;
    startLiveClient({ url: '/s', headers: () => null, fetch: async () => (none++, { status: 200, body: null }), onEvent: () => {} });
    await tick();
    expect(none).toBe(0);
  });
});
