// The desktop's live-notification decisions with fakes: one stream per session that follows the
// session hub, native notifications and 免打扰, click routing, badge, tray model, keep-in-tray; and,
// with the real stream client over a scripted server and timers the test drives, the stream that
// resumes (a blip, `replaced`), catches up from its persisted cursor, and signs out on revocation.
import { describe, expect, it } from 'vitest';
import type { TLiveEvent } from '../../contracts/live.js';
import type { TNotification } from '../../contracts/trade.js';
import {
  CATCH_UP_SINGLE_MAX,
  createNotificationCenter,
  DEFAULT_NOTIFICATION_PREFS,
  desktopStreamStarter,
  desktopStreamUrl,
  memoryCursorStore,
  SIGNED_OUT_TITLE,
  isQuietTime,
  keepsInTray,
  nativeNotificationFor,
  parseQuietHours,
  quitWhenAllWindowsClosed,
  trayModel,
  type TLiveStreamHandlers,
  type TNativeNotification,
  type TNotificationPrefs,
  type TTrayModel,
} from './live-notifications.js';
import { createSessionHub } from './session-hub.js';
import type { TShowRequest } from './launch-routing.js';

const notice = (over: Partial<TNotification> = {}): TNotification => ({
  id: 41,
  kind: 'new_inquiry',
  title: '收到新询价',
  content: '有采购商询价“气相色谱仪 GC-7890B”，数量 1台，请及时回复。',
  link: '/admin/supplier/inquiry?id=7',
  readAt: null,
  createdAt: '2026-11-23T10:00:00Z',
  ...over,
});

function setup(prefs: Partial<TNotificationPrefs> = {}, at = new Date(2026, 10, 23, 10, 0)) {
  let token: string | null = null;
  const vault = { get: () => token, set: (t: string) => void (token = t), clear: () => void (token = null), persistence: () => 'encrypted' as const, memoryReason: () => null };
  const hub = createSessionHub({ vault: vault as never });
  const streams: { handlers: TLiveStreamHandlers; stopped: boolean }[] = [];
  const shown: TNativeNotification[] = [];
  const badges: number[] = [];
  const trays: TTrayModel[] = [];
  const broadcasts: TLiveEvent[] = [];
  const opened: TShowRequest[] = [];
  let now = at;
  const center = createNotificationCenter({
    appName: '仪采通',
    hub,
    startStream: (handlers) => {
      const s = { handlers, stopped: false };
      streams.push(s);
      return () => void (s.stopped = true);
    },
    showNative: (n) => shown.push(n),
    setBadge: (c) => badges.push(c),
    setTray: (m) => trays.push(m),
    broadcast: (e) => broadcasts.push(e),
    show: (r) => opened.push(r),
    prefs: () => ({ ...DEFAULT_NOTIFICATION_PREFS, ...prefs }),
    now: () => now,
  });
  return { hub, center, streams, shown, badges, trays, broadcasts, opened, setNow: (d: Date) => void (now = d) };
}

describe('the notification center', () => {
  it('holds one stream per signed-in session: none signed out, one on login however many events, none after logout, a new one on login', () => {
    const t = setup();
    expect(t.streams).toHaveLength(0);
    t.hub.acceptToken('tok');
    t.hub.setUser({ id: 1 } as never);
    t.hub.signIn();
    expect(t.streams).toHaveLength(1);
    t.hub.signOut();
    expect(t.streams[0]!.stopped).toBe(true);
    expect(t.badges.at(-1)).toBe(0);
    t.hub.acceptToken('tok2');
    expect(t.streams).toHaveLength(2);
    expect(t.streams[1]!.stopped).toBe(false);
  });

  it('shows a new notification natively with a short text, badges the count, passes events to the windows', () => {
    const t = setup();
    t.hub.acceptToken('tok');
    const s = t.streams[0]!.handlers;
    s.onEvent({ event: 'unread', data: { count: 3 } });
    expect(t.badges.at(-1)).toBe(3);
    expect(t.trays.at(-1)!.tooltip).toBe('仪采通 — 3 条未读通知');
    s.onEvent({ event: 'notification', id: '41', data: notice({ content: '很长的内容'.repeat(40) }) });
    expect(t.shown).toHaveLength(1);
    expect(t.shown[0]!.title).toBe('收到新询价');
    expect(t.shown[0]!.body.length).toBeLessThanOrEqual(80);
    expect(t.shown[0]!.body.endsWith('…')).toBe(true);
    expect(t.broadcasts.map((e) => e.event)).toEqual(['unread', 'notification']);
    expect(t.center.unread()).toBe(3);
  });

  it('clicking opens supplier pages in the supplier window and other pages in the main window', () => {
    const t = setup();
    t.center.click(nativeNotificationFor(notice()));
    t.center.click(nativeNotificationFor(notice({ link: '/admin/purchaser/demand-manager?tab=quotations' })));
    t.center.click(nativeNotificationFor(notice({ link: null })));
    t.center.click(nativeNotificationFor(notice({ link: 'https://evil.example/x' })));
    expect(t.opened).toEqual([
      { kind: 'supplier', route: '/admin/supplier/inquiry?id=7' },
      { kind: 'main', route: '/admin/purchaser/demand-manager?tab=quotations' },
      { kind: 'main', route: null },
      { kind: 'main', route: null },
    ]);
  });

  it('shows nothing natively in 免打扰 hours (the count still updates) or when turned off', () => {
    const t = setup({ quietHours: { start: '22:00', end: '08:00' } }, new Date(2026, 10, 23, 23, 30));
    t.hub.acceptToken('tok');
    const s = t.streams[0]!.handlers;
    s.onEvent({ event: 'notification', id: '41', data: notice() });
    s.onEvent({ event: 'unread', data: { count: 1 } });
    expect(t.shown).toEqual([]);
    expect(t.badges.at(-1)).toBe(1);
    t.setNow(new Date(2026, 10, 24, 8, 0));
    s.onEvent({ event: 'notification', id: '42', data: notice({ id: 42 }) });
    expect(t.shown.map((n) => n.id)).toEqual([42]);

    const off = setup({ enabled: false });
    off.hub.acceptToken('tok');
    off.streams[0]!.handlers.onEvent({ event: 'notification', id: '41', data: notice() });
    expect(off.shown).toEqual([]);
  });

  it('a stream the server ended (revoked) is opened again on the next login', () => {
    const t = setup();
    t.hub.acceptToken('tok');
    t.streams[0]!.handlers.onStatus('stopped');
    t.hub.signOut();
    t.hub.acceptToken('tok');
    expect(t.streams).toHaveLength(2);
  });
});

describe('quiet hours, tray and keep-in-tray', () => {
  it('parses HH:MM-HH:MM and wraps over midnight', () => {
    expect(parseQuietHours('22:00-08:00')).toEqual({ start: '22:00', end: '08:00' });
    expect(parseQuietHours('')).toBeNull();
    expect(() => parseQuietHours('25:00-08:00')).toThrow('免打扰时段格式应为 HH:MM-HH:MM，例如 22:00-08:00');
    const q = { start: '22:00', end: '08:00' };
    expect(isQuietTime(new Date(2026, 0, 1, 21, 59), q)).toBe(false);
    expect(isQuietTime(new Date(2026, 0, 1, 22, 0), q)).toBe(true);
    expect(isQuietTime(new Date(2026, 0, 1, 3, 0), q)).toBe(true);
    expect(isQuietTime(new Date(2026, 0, 1, 8, 0), q)).toBe(false);
    expect(isQuietTime(new Date(2026, 0, 1, 13, 0), { start: '12:00', end: '14:00' })).toBe(true);
    expect(isQuietTime(new Date(2026, 0, 1, 15, 0), { start: '12:00', end: '14:00' })).toBe(false);
  });

  it('the tray menu: 询价管理 / 报价管理 in the supplier window, 打开主窗口, 退出; the count only while signed in', () => {
    const m = trayModel('仪采通', { signedIn: true, unread: 120 });
    expect(m.items.map((i) => ('label' in i ? i.label : '—'))).toEqual(['询价管理', '报价管理', '打开主窗口', '—', '退出']);
    expect(m.items[0]).toEqual({ label: '询价管理', action: { type: 'show', request: { kind: 'supplier', route: '/admin/supplier/inquiry' } } });
    expect(m.items[1]).toEqual({ label: '报价管理', action: { type: 'show', request: { kind: 'supplier', route: '/admin/supplier/quotation' } } });
    expect(m.items[2]).toEqual({ label: '打开主窗口', action: { type: 'show', request: { kind: 'main', route: null } } });
    expect(m.title).toBe('99+');
    expect(trayModel('仪采通', { signedIn: false, unread: 5 })).toMatchObject({ tooltip: '仪采通', title: '' });
  });

  it('keeps suppliers in the tray by default, others not; the user choice wins; macOS never quits on close', () => {
    expect(keepsInTray(DEFAULT_NOTIFICATION_PREFS, ['member', 'supplier'])).toBe(true);
    expect(keepsInTray(DEFAULT_NOTIFICATION_PREFS, ['member'])).toBe(false);
    expect(keepsInTray({ ...DEFAULT_NOTIFICATION_PREFS, keepInTray: false }, ['supplier'])).toBe(false);
    expect(keepsInTray({ ...DEFAULT_NOTIFICATION_PREFS, keepInTray: true }, null)).toBe(true);
    expect(quitWhenAllWindowsClosed('win32', true)).toBe(false);
    expect(quitWhenAllWindowsClosed('linux', false)).toBe(true);
    expect(quitWhenAllWindowsClosed('darwin', false)).toBe(false);
  });
});

// ---- the real stream client against a scripted server ------------------------------------------

const enc = new TextEncoder();
const tick = async (n = 4) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

/** One answer of the scripted server: SSE text pushed by the test, closed (a drop) when it says so. */
function sseBody() {
  const queue: string[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  return {
    push(text: string) {
      queue.push(text);
      wake?.();
    },
    drop() {
      closed = true;
      wake?.();
    },
    body: {
      getReader: () => ({
        read: async (): Promise<{ done: boolean; value?: Uint8Array }> => {
          for (;;) {
            if (queue.length) return { done: false, value: enc.encode(queue.shift()!) };
            if (closed) return { done: true };
            await new Promise<void>((r) => (wake = r));
            wake = null;
          }
        },
        cancel: async () => void (closed = true),
      }),
    },
  };
}

const sse = {
  unread: (count: number, cursor: number) => `id: ${cursor}\nevent: unread\ndata: ${JSON.stringify({ count })}\n\n`,
  notice: (n: TNotification) => `id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`,
  end: (reason: string) => `event: end\ndata: ${JSON.stringify({ reason })}\n\n`,
};

/** The center as main wires it (desktopStreamStarter), over a scripted server; timers run when the test says. */
function desktop(opts: { cursor?: string | null; prefs?: Partial<TNotificationPrefs> } = {}) {
  let token: string | null = 'tok';
  const vault = { get: () => token, set: (t: string) => void (token = t), clear: () => void (token = null), persistence: () => 'encrypted' as const, memoryReason: () => null };
  const hub = createSessionHub({ vault: vault as never });
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const answers: ({ status: number; body: ReturnType<typeof sseBody> | null } | Promise<{ status: number; body: ReturnType<typeof sseBody> | null }>)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const shown: TNativeNotification[] = [];
  const told: TNativeNotification[] = [];
  const badges: number[] = [];
  const trays: TTrayModel[] = [];
  const broadcasts: TLiveEvent[] = [];
  const cursor = memoryCursorStore();
  if (opts.cursor) cursor.set(opts.cursor);
  const center = createNotificationCenter({
    appName: '仪采通',
    hub,
    cursor,
    startStream: desktopStreamStarter({
      apiBase: () => 'https://yct.example.cn/',
      token: () => vault.get(),
      fetch: async (url, init) => {
        requests.push({ url, headers: init.headers });
        // The answer the test queued after this request went out (the center connects as it is made).
        await new Promise((r) => setTimeout(r, 0));
        const a = await (answers.shift() ?? { status: 503, body: null });
        return { status: a.status, body: a.body?.body ?? null };
      },
      timers: { setTimer: (fn, ms) => timers.push({ fn, ms }), clearTimer: () => {} },
    }),
    showNative: (n) => shown.push(n),
    tellSignedOut: (n) => told.push(n),
    setBadge: (c) => badges.push(c),
    setTray: (m) => trays.push(m),
    broadcast: (e) => broadcasts.push(e),
    show: () => {},
    prefs: () => ({ ...DEFAULT_NOTIFICATION_PREFS, ...opts.prefs }),
  });
  /** Queues the next answer: a stream the test writes to. */
  const answer = () => {
    const b = sseBody();
    answers.push({ status: 200, body: b });
    return b;
  };
  /** Runs the pending reconnect timer. */
  const fire = async () => {
    const t = timers.shift();
    expect(t, 'a reconnect was scheduled').toBeDefined();
    t!.fn();
    await tick();
    return t!.ms;
  };
  return { hub, center, cursor, requests, answers, answer, timers, fire, shown, told, badges, trays, broadcasts };
}

describe('the desktop stream: resumed or explained', () => {
  it('asks for the desktop priority at its own address', () => {
    expect(desktopStreamUrl('https://yct.example.cn/')).toBe('https://yct.example.cn/api/notifications/stream?client=desktop');
  });

  it('a blip before any notice of this run: the inquiry that came meanwhile is shown after the resume, and the badge is the server count', async () => {
    const d = desktop();
    const first = d.answer();
    await tick();
    // A new session: no cursor, no Last-Event-ID; nothing unread since it began.
    expect(d.requests[0]!.headers['last-event-id']).toBeUndefined();
    first.push(sse.unread(7, 40));
    await tick();
    expect(d.badges.at(-1)).toBe(7);
    expect(d.center.status()).toBe('live');
    // The network goes away before any notice arrived in this run.
    first.drop();
    await tick();
    expect(d.center.status()).toBe('down');
    const second = d.answer();
    await d.fire();
    // The resume starts after the count's cursor, so the server sends what came meanwhile.
    expect(d.requests[1]!.headers['last-event-id']).toBe('40');
    second.push(sse.notice(notice({ id: 41 })) + sse.unread(8, 41));
    await tick();
    expect(d.shown.map((n) => n.id)).toEqual([41]);
    expect(d.badges.at(-1)).toBe(8);
    expect(d.trays.at(-1)!.tooltip).toBe('仪采通 — 8 条未读通知');
    // The windows were told to look again at what they show.
    expect(d.broadcasts.filter((e) => e.event === 'change').map((e) => e.data)).toEqual([{ entity: 'all', id: null }]);
    expect(d.cursor.get()).toBe('41');
  });

  it('replaced by the server (too many streams): tries again after a while instead of stopping; the count follows the server', async () => {
    const d = desktop();
    const first = d.answer();
    await tick();
    first.push(sse.unread(2, 10) + sse.end('replaced'));
    await tick();
    expect(d.center.status()).toBe('down');
    const second = d.answer();
    expect(await d.fire()).toBeGreaterThanOrEqual(30_000);
    second.push(sse.notice(notice({ id: 11 })) + sse.unread(5, 11));
    await tick();
    expect(d.center.status()).toBe('live');
    expect(d.shown.map((n) => n.id)).toEqual([11]);
    expect(d.badges.at(-1)).toBe(5);
  });

  it('a server restart: reconnects with backoff until it answers', async () => {
    const d = desktop();
    const first = d.answer();
    await tick();
    first.push(sse.unread(1, 5));
    await tick();
    first.drop();
    await tick();
    d.answers.push({ status: 502, body: null }, { status: 502, body: null });
    const waits = [await d.fire(), await d.fire()];
    const back = d.answer();
    waits.push(await d.fire());
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    back.push(sse.unread(1, 5));
    await tick();
    expect(d.center.status()).toBe('live');
    expect(d.requests.every((r) => r.headers.authorization === 'Bearer tok')).toBe(true);
  });

  it('revoked (a password change on the web): signed out with a message, badge and tray cleared, no new stream', async () => {
    const d = desktop();
    const first = d.answer();
    await tick();
    first.push(sse.unread(4, 9));
    await tick();
    expect(d.badges.at(-1)).toBe(4);
    first.push(sse.end('revoked'));
    await tick();
    expect(d.hub.snapshot().signedIn).toBe(false);
    expect(d.told).toEqual([{ id: 0, title: SIGNED_OUT_TITLE, body: expect.stringContaining('请重新登录'), route: '/login' }]);
    expect(d.badges.at(-1)).toBe(0);
    expect(d.trays.at(-1)!.tooltip).toBe('仪采通');
    expect(d.center.status()).toBe('off');
    expect(d.timers).toEqual([]);
    // The windows heard it too (they show /login and the same words).
    expect(d.broadcasts.at(-1)).toEqual({ event: 'end', data: { reason: 'revoked' } });
  });

  it('a 401 on connecting is a revocation too; a logout announced by a window is not news', async () => {
    const d = desktop();
    d.answers.push({ status: 401, body: null });
    await tick();
    expect(d.hub.snapshot().signedIn).toBe(false);
    expect(d.told).toHaveLength(1);

    const e = desktop();
    const s = e.answer();
    await tick();
    s.push(sse.unread(0, 1));
    await tick();
    e.hub.announceSignOut();
    s.push(sse.end('revoked'));
    await tick();
    expect(e.told).toEqual([]);
  });

  it('a new run resumes from the persisted cursor: only notices after it and still unread are shown, a long catch-up as one summary', async () => {
    const d = desktop({ cursor: '50' });
    const s = d.answer();
    await tick();
    expect(d.requests[0]!.headers['last-event-id']).toBe('50');
    s.push(sse.notice(notice({ id: 51, title: '收到新询价' })) + sse.notice(notice({ id: 52, readAt: '2026-11-23T10:01:00Z' })) + sse.unread(1, 52));
    await tick();
    expect(d.shown.map((n) => n.id)).toEqual([51]);

    const many = desktop({ cursor: '50' });
    const m = many.answer();
    await tick();
    const ids = Array.from({ length: CATCH_UP_SINGLE_MAX + 2 }, (_, i) => 51 + i);
    m.push(ids.map((id) => sse.notice(notice({ id, title: `询价 ${id}` }))).join('') + sse.unread(ids.length, ids.at(-1)!));
    await tick();
    expect(many.shown).toEqual([{ id: ids.at(-1), title: `仪采通：${ids.length} 条新通知`, body: `最新：询价 ${ids.at(-1)}`, route: null }]);
  });
});
