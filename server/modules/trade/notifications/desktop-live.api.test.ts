// The desktop's live notifications end to end without Electron: the real notification center of
// electron/core with the stream starter main uses (desktopStreamStarter, Node's fetch standing in for
// net.fetch), against this server over real HTTP; Electron's Notification, badge and tray are
// recorders. A stream that ends is resumed or explained: six streams of one member keep the
// desktop's; a blip before the first notice loses nothing; badge and tray are the server's count
// after a resume; a password changed on the web signs the desktop out with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAM_PATH, type TLiveEvent } from '../../../../contracts/live.js';
import { createSessionHub } from '../../../../electron/core/session-hub.js';
import { createNotificationCenter, DEFAULT_NOTIFICATION_PREFS, desktopStreamStarter, memoryCursorStore, SIGNED_OUT_TITLE, type TNativeNotification, type TTrayModel } from '../../../../electron/core/live-notifications.js';
import { listenLocally, makeMember, makeTestApp, type TTestApp } from '../../../test/harness.js';
import { call, makeCategoryTree, makeProduct } from '../test-factories.js';
import { MAX_STREAMS_PER_MEMBER } from './notifications.stream.js';

let t: TTestApp;
let base: string;
let categoryId: number;
let buyer: Awaited<ReturnType<typeof makeMember>>;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  t = await makeTestApp({ LIVE_HEARTBEAT_MS: '300' });
  base = await listenLocally(t.app);
  buyer = await makeMember(t, { roles: ['member', 'purchaser'] });
  categoryId = (await makeCategoryTree(t)).leaf.id;
}, 60_000);

afterAll(async () => {
  for (const c of cleanups) c();
  await t?.close();
});

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

const serverUnread = async (auth: { authorization: string }) => (await call<{ count: number }>(t, { auth } as never, 'GET', '/api/notifications/unread-count')).body.data.count;

/**
 * A signed-in desktop client: the real hub, vault and center, the stream starter main uses. The
 * network between it and the server can be cut (the current connection fails) and held (the next
 * connection waits until released).
 */
function desktopClient(token: string) {
  let stored: string | null = token;
  const vault = { get: () => stored, set: (v: string) => void (stored = v), clear: () => void (stored = null), persistence: () => 'encrypted' as const, memoryReason: () => null };
  const hub = createSessionHub({ vault: vault as never });
  const shown: TNativeNotification[] = [];
  const told: TNativeNotification[] = [];
  const badges: number[] = [];
  const trays: TTrayModel[] = [];
  const events: TLiveEvent[] = [];
  let current: AbortController | null = null;
  let held: Promise<void> | null = null;
  let release = () => {};
  const center = createNotificationCenter({
    appName: '仪采通',
    hub,
    cursor: memoryCursorStore(),
    startStream: desktopStreamStarter({
      apiBase: () => base,
      token: () => vault.get(),
      fetch: async (url, init) => {
        if (held) await held;
        const ctl = new AbortController();
        current = ctl;
        init.signal.addEventListener('abort', () => ctl.abort());
        return fetch(url, { headers: init.headers, signal: ctl.signal });
      },
      timers: { retryMs: 50, maxRetryMs: 200, replacedRetryMs: 200 },
    }),
    showNative: (n) => shown.push(n),
    tellSignedOut: (n) => told.push(n),
    setBadge: (c) => badges.push(c),
    setTray: (m) => trays.push(m),
    broadcast: (e) => events.push(e),
    show: () => {},
    prefs: () => DEFAULT_NOTIFICATION_PREFS,
  });
  cleanups.push(() => center.stop());
  return {
    hub,
    center,
    shown,
    told,
    badges,
    trays,
    events,
    /** The network drops: the open connection fails, and the next one waits until `restore()`. */
    cut() {
      held = new Promise((r) => (release = r));
      current?.abort();
    },
    restore() {
      held = null;
      release();
    },
  };
}

/** A browser tab's stream (no desktop hint): its events as they come. */
async function browserTab(token: string) {
  const ctl = new AbortController();
  const res = await fetch(`${base}${LIVE_STREAM_PATH}`, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
  let text = '';
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // closed
    }
  })();
  cleanups.push(() => ctl.abort());
  await until(() => text.includes('event: unread'), 'the tab’s first count');
  return { text: () => text, close: () => ctl.abort() };
}

/** A supplier with one product: its member, and a buyer's inquiry about the product. */
async function supplierWithProduct(companyName: string) {
  const m = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName } });
  const productId = (await makeProduct(t, m.supplierId!, { categoryId, name: '紫外可见分光光度计', model: 'UV-2600' })).id;
  return { ...m, ask: () => sendInquiry(productId) };
}

const sendInquiry = async (productId: number) => {
  const r = await call<{ id: number }>(t, buyer, 'POST', '/api/inquiries', { productId, quantity: 1, message: '请报含税价及交货期，谢谢', contactName: '王工', contactPhone: '021-64251234' });
  expect(r.status).toBe(200);
  return r.body.data.id;
};

describe('the desktop client’s live notifications against the server', () => {
  it(`six streams of one member (the desktop and ${MAX_STREAMS_PER_MEMBER} browser tabs): the desktop’s survives and still notifies`, async () => {
    const supplier = await supplierWithProduct('杭州六流仪器有限公司');
    const d = desktopClient(supplier.token);
    await until(() => d.center.status() === 'live', 'the desktop stream');
    const tabs: Awaited<ReturnType<typeof browserTab>>[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) tabs.push(await browserTab(supplier.token));
    // The oldest browser tab gave way, not the desktop.
    await until(() => tabs[0]!.text().includes('"reason":"replaced"'), 'a tab replaced');
    expect(d.events.some((e) => e.event === 'end')).toBe(false);
    expect(d.center.status()).toBe('live');
    const id = await supplier.ask();
    await until(() => d.shown.some((n) => n.route === `/admin/supplier/inquiry?id=${id}`), 'the native notification');
    await until(async () => d.badges.at(-1) === (await serverUnread(supplier.auth)), 'the badge');
  });

  it('a blip before any notice of this run: the inquiry sent meanwhile is notified after the resume; badge and tray are the server’s count', async () => {
    const supplier = await supplierWithProduct('无锡断线仪器有限公司');
    const d = desktopClient(supplier.token);
    await until(() => d.center.status() === 'live', 'the desktop stream');
    expect(d.shown).toEqual([]);
    d.cut();
    await until(() => d.center.status() !== 'live', 'the drop');
    const id = await supplier.ask();
    d.restore();
    await until(() => d.shown.some((n) => n.route === `/admin/supplier/inquiry?id=${id}`), 'the notification after the resume');
    const count = await serverUnread(supplier.auth);
    await until(() => d.badges.at(-1) === count, 'the badge');
    expect(count).toBeGreaterThan(0);
    expect(d.trays.at(-1)!.tooltip).toBe(`仪采通 — ${count} 条未读通知`);
    // The windows are told to look again at what they show.
    expect(d.events).toContainEqual({ event: 'change', data: { entity: 'all', id: null } });
  });

  it('a password changed on the web revokes the desktop’s session: signed out with a message, badge and tray cleared', async () => {
    const m = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '宁波改密仪器有限公司' } });
    const desktopLogin = await call<{ access_token: string }>(t, null, 'POST', '/auth/member/login', { loginType: 'password', phoneOrEmail: m.mobile, password: m.password });
    const d = desktopClient(desktopLogin.body.data.access_token);
    await until(() => d.center.status() === 'live', 'the desktop stream');
    // The web session (makeMember's) changes the password: every other session ends.
    expect((await call(t, m, 'PUT', '/api/member/updatePwd', { oldPassword: m.password, password: 'N3wPassw0rd!', confirmPassword: 'N3wPassw0rd!' })).status).toBe(200);
    await until(() => !d.hub.snapshot().signedIn, 'the sign-out');
    expect(d.told.map((n) => n.title)).toEqual([SIGNED_OUT_TITLE]);
    expect(d.badges.at(-1)).toBe(0);
    expect(d.trays.at(-1)!.tooltip).toBe('仪采通');
    expect(d.center.status()).toBe('off');
  });
});
