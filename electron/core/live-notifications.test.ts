// The desktop's live-notification decisions with fakes: one stream per session that follows the
// session hub, native notifications and 免打扰, click routing, badge, tray model, keep-in-tray.
import { describe, expect, it } from 'vitest';
import type { TLiveEvent, TLiveStatus } from '../../contracts/live.js';
import type { TNotification } from '../../contracts/trade.js';
import {
  createNotificationCenter,
  DEFAULT_NOTIFICATION_PREFS,
  isQuietTime,
  keepsInTray,
  nativeNotificationFor,
  parseQuietHours,
  quitWhenAllWindowsClosed,
  trayModel,
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
  const streams: { handlers: { onEvent: (e: TLiveEvent) => void; onStatus: (s: TLiveStatus) => void }; stopped: boolean }[] = [];
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
