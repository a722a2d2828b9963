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
    // The resumed connection: what came meanwhile marked as replay, then `change all` with its count;
    // the 401 is told as a revocation.
    expect(events.map((e) => (e.event === 'notification' && e.replay ? 'replay' : e.event))).toEqual(['unread', 'notification', 'replay', 'change', 'unread', 'end']);
    expect(events.find((e) => e.event === 'change')).toEqual({ event: 'change', data: { entity: 'all', id: null } });
    expect(events.at(-1)).toEqual({ event: 'end', data: { reason: 'revoked' } });
    expect(statuses).toEqual(['connecting', 'live', 'down', 'connecting', 'down', 'connecting', 'live', 'down', 'connecting', 'stopped']);
    expect(timers).toHaveLength(0);
  });

  it('resumes from a cursor of an earlier run, follows ids on counts too, and waits longer after `replaced` instead of stopping', async () => {
    const calls: Record<string, string>[] = [];
    const cursors: string[] = [];
    const answers = [
      { status: 200, body: body([`id: 12\nevent: unread\ndata: {"count":3}\n\nevent: change\ndata: {"entity":"inquiry","id":7}\n\nevent: change\ndata: {"entity":"bogus","id":1}\n\nevent: end\ndata: {"reason":"replaced"}\n\n`], true) },
      { status: 200, body: body([`id: 13\nevent: unread\ndata: {"count":4}\n\n`], true) },
    ];
    const timers: { fn: () => void; ms: number }[] = [];
    const events: TLiveEvent[] = [];
    const statuses: TLiveStatus[] = [];
    startLiveClient({
      url: '/s',
      headers: () => ({ authorization: 'Bearer t' }),
      lastEventId: '9',
      onCursor: (id) => cursors.push(id),
      fetch: async (_u, init) => {
        calls.push(init.headers);
        return answers.shift()!;
      },
      onEvent: (e) => events.push(e),
      onStatus: (s) => statuses.push(s),
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => {},
    });
    for (let i = 0; i < 4; i++) await tick();
    expect(events).toEqual([
      { event: 'unread', data: { count: 3 } },
      { event: 'change', data: { entity: 'inquiry', id: 7 } },
      { event: 'end', data: { reason: 'replaced' } },
    ]);
    expect(statuses.at(-1)).toBe('down');
    expect(timers.map((t) => t.ms)).toEqual([30_000]);
    timers.shift()!.fn();
    for (let i = 0; i < 4; i++) await tick();
    expect(calls.map((h) => h['last-event-id'])).toEqual(['9', '12']);
    expect(cursors).toEqual(['12', '13']);
    expect(statuses.at(-1)).toBe('live');
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
