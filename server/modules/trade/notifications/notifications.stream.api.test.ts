// API tests of the live notification stream over real HTTP (a listening server, fetch reading the
// event stream): bearer auth, first the unread count, a buyer's inquiry reaching the supplier's
// stream and no one else's, announcements to all, read marks changing the count, resume with
// Last-Event-ID without loss or repetition, heartbeats, no compression, the per-member bound, the
// end on logout and revocation; on PostgreSQL (TEST_DATABASE_URL) a second instance on the same
// database receives what the first one wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSseParser, LIVE_STREAM_PATH, type TSseMessage } from '../../../../contracts/live.js';
import type { TNotification } from '../../../../contracts/trade.js';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { openDatabase, type TDatabase } from '../../../db/client.js';
import { notices } from '../../../db/schema.js';
import { listenLocally, makeMember, makeTestApp, type TTestApp } from '../../../test/harness.js';
import { call, makeCast, makeCategoryTree, makeProduct } from '../test-factories.js';
import { MAX_STREAMS_PER_MEMBER } from './notifications.stream.js';

let t: TTestApp;
let base: string;
let cast: Awaited<ReturnType<typeof makeCast>>;
let productId: number;

type TStream = {
  status: number;
  headers: Headers;
  messages: TSseMessage[];
  raw: () => string;
  /** Resolves with the first message (after those already seen) matching, or fails after `ms`. */
  next: (match: (m: TSseMessage) => boolean, ms?: number) => Promise<TSseMessage>;
  ended: Promise<void>;
  close: () => void;
};

const open: TStream[] = [];

async function stream(baseUrl: string, token: string | null, headers: Record<string, string> = {}, query = ''): Promise<TStream> {
  const ctl = new AbortController();
  const res = await fetch(`${baseUrl}${LIVE_STREAM_PATH}${query}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, signal: ctl.signal });
  const messages: TSseMessage[] = [];
  let raw = '';
  let seen = 0;
  const waiters = new Set<() => void>();
  const parse = createSseParser((m) => {
    messages.push(m);
    waiters.forEach((w) => w());
  });
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        parse(text);
        waiters.forEach((w) => w());
      }
    } catch {
      // aborted
    }
  })();
  const s: TStream = {
    status: res.status,
    headers: res.headers,
    messages,
    raw: () => raw,
    next: (match, ms = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          for (; seen < messages.length; seen++) {
            const m = messages[seen]!;
            if (match(m)) {
              seen++;
              waiters.delete(check);
              clearTimeout(timer);
              resolve(m);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        waiters.add(check);
        check();
      }),
    ended,
    close: () => ctl.abort(),
  };
  open.push(s);
  return s;
}

const isNotice = (m: TSseMessage) => m.event === 'notification';
const isCount = (n?: number) => (m: TSseMessage) => m.event === 'unread' && (n === undefined || (JSON.parse(m.data) as { count: number }).count === n);
const noticeOf = (m: TSseMessage) => JSON.parse(m.data) as TNotification;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await makeTestApp({ LIVE_HEARTBEAT_MS: '300' });
  base = await listenLocally(t.app);
  cast = await makeCast(t);
  const cats = await makeCategoryTree(t);
  productId = (await makeProduct(t, cast.supplier.supplierId!, { categoryId: cats.leaf.id, name: '气相色谱仪', model: 'GC-7890B' })).id;
}, 60_000);

afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

const sendInquiry = (who = cast.purchaser) =>
  call<{ id: number }>(t, who, 'POST', '/api/inquiries', { productId, quantity: 1, message: '请报含税价及交货期，谢谢', contactName: '王工', contactPhone: '021-64251234' });

describe('the live notification stream', () => {
  it('needs a valid bearer token', async () => {
    for (const token of [null, 'not-a-token']) {
      const s = await stream(base, token);
      expect(s.status).toBe(401);
      await s.ended;
      expect(JSON.parse(s.raw())).toMatchObject({ code: 401, msg: '登录状态已过期，请重新登录' });
    }
  });

  it('starts with the unread count, unbuffered and uncompressed, and sends heartbeats', async () => {
    const s = await stream(base, cast.supplier.token, { 'accept-encoding': 'br, gzip, deflate' });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.headers.get('cache-control')).toContain('no-store');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    const first = await s.next(() => true);
    expect(first.event).toBe('unread');
    expect(JSON.parse(first.data)).toEqual({ count: 0 });
    await expect.poll(() => s.raw().split(': ping\n\n').length - 1, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    s.close();
  });

  it("delivers a buyer's inquiry to the supplier's stream with the new count, and to no one else's", async () => {
    const supplier = await stream(base, cast.supplier.token);
    const other = await stream(base, cast.supplier2.token);
    const buyer = await stream(base, cast.purchaser.token);
    const before = JSON.parse((await supplier.next(isCount())).data) as { count: number };
    await other.next(isCount());
    await buyer.next(isCount());
    const sent = await sendInquiry();
    expect(sent.status).toBe(200);
    const m = await supplier.next(isNotice, 10_000);
    const n = noticeOf(m);
    expect(n).toMatchObject({ kind: 'new_inquiry', link: `/admin/supplier/inquiry?id=${sent.body.data.id}`, readAt: null });
    expect(Number(m.id)).toBe(n.id);
    await supplier.next(isCount(before.count + 1), 10_000);
    await sleep(500);
    expect(other.messages.filter(isNotice)).toEqual([]);
    expect(buyer.messages.filter(isNotice)).toEqual([]);
    // The other supplier's own event reaches only its stream.
    await t.database.db.insert(notices).values({ memberId: cast.supplier2.id, kind: 'new_inquiry', title: '您收到一条新询价', content: '北京的询价', link: '/supplier/inquiries/1' });
    expect(noticeOf(await other.next(isNotice)).content).toBe('北京的询价');
    await sleep(300);
    expect(supplier.messages.filter(isNotice).map((x) => noticeOf(x).content)).not.toContain('北京的询价');
    for (const s of [supplier, other, buyer]) s.close();
  });

  it('sends announcements to every member and a new count when a notice is read', async () => {
    const a = await stream(base, cast.member.token);
    const b = await stream(base, cast.supplier2.token);
    await a.next(isCount());
    await b.next(isCount());
    const r = await call(t, cast.admin, 'POST', '/api/admin/notices', { title: '平台春节放假通知', content: '2月1日至2月7日客服暂停服务。', link: '/about' });
    expect(r.status).toBe(200);
    const na = noticeOf(await a.next(isNotice));
    expect(na.title).toBe('平台春节放假通知');
    expect(noticeOf(await b.next(isNotice)).id).toBe(na.id);
    const countA = JSON.parse((await a.next(isCount())).data) as { count: number };
    expect((await call(t, cast.member, 'PUT', `/api/notifications/${na.id}/read`)).status).toBe(200);
    await a.next(isCount(countA.count - 1));
    a.close();
    b.close();
  });

  it('carries 入驻 review results with the route to open', async () => {
    const m = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '杭州实时仪器有限公司' } });
    const s = await stream(base, m.token);
    await s.next(isCount());
    const r = await call(t, cast.admin, 'PUT', `/api/admin/suppliers/${m.supplierId}/status`, { status: 'rejected', note: '营业执照不清晰' });
    expect(r.status).toBe(200);
    expect(noticeOf(await s.next(isNotice, 10_000))).toMatchObject({ kind: 'review', title: '供应商入驻审核未通过', link: '/admin/supplier' });
    s.close();
  });

  it('resumes after a drop with Last-Event-ID: what came meanwhile, once, and nothing before', async () => {
    const s1 = await stream(base, cast.supplier.token);
    await s1.next(isCount());
    await sendInquiry();
    const lastId = (await s1.next(isNotice)).id!;
    s1.close();
    await s1.ended;
    const a = await sendInquiry();
    const b = await sendInquiry(cast.otherPurchaser);
    const s2 = await stream(base, cast.supplier.token, { 'last-event-id': lastId });
    const got = [noticeOf(await s2.next(isNotice)), noticeOf(await s2.next(isNotice))];
    expect(got.map((n) => n.link)).toEqual([`/admin/supplier/inquiry?id=${a.body.data.id}`, `/admin/supplier/inquiry?id=${b.body.data.id}`]);
    await s2.next(isCount());
    await sleep(400);
    expect(s2.messages.filter(isNotice)).toHaveLength(2);
    // The ids only go up, so the next resume starts after the last of them.
    const s3 = await stream(base, cast.supplier.token, { 'last-event-id': s2.messages.filter(isNotice)[1]!.id! });
    await s3.next(isCount());
    await sleep(400);
    expect(s3.messages.filter(isNotice)).toEqual([]);
    for (const s of [s2, s3]) s.close();
  });

  it('a fresh stream first sends the unread notices since the session began (not older, not read), then the count with the cursor', async () => {
    const m = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '南京回放仪器有限公司' } });
    // Before the session: not sent.
    await t.database.db.insert(notices).values({ memberId: m.id, kind: 'new_inquiry', title: '会话之前', content: '旧的', link: '/admin/supplier/inquiry', createdAt: new Date(Date.now() - 86400_000) });
    const session = await call<{ access_token: string }>(t, null, 'POST', '/auth/member/login', { loginType: 'password', phoneOrEmail: m.mobile, password: m.password });
    expect(session.status).toBe(200);
    const token = session.body.data.access_token;
    const [read] = await t.database.db.insert(notices).values({ memberId: m.id, kind: 'new_inquiry', title: '已读的', content: '已读', link: '/admin/supplier/inquiry', readAt: new Date() }).returning({ id: notices.id });
    const [unread] = await t.database.db.insert(notices).values({ memberId: m.id, kind: 'new_inquiry', title: '未读的', content: '会话中', link: '/admin/supplier/inquiry' }).returning({ id: notices.id });
    const s = await stream(base, token);
    const count = await s.next(isCount());
    const replayed = s.messages.filter(isNotice);
    expect(replayed.map((x) => noticeOf(x).title)).toEqual(['未读的']);
    expect(Number(count.id)).toBeGreaterThanOrEqual(Math.max(read!.id, unread!.id));
    // The count is every unread notice, the one from before the session (and announcements) too.
    const unreadNow = await call<{ count: number }>(t, { auth: { authorization: `Bearer ${token}` } } as never, 'GET', '/api/notifications/unread-count');
    expect(JSON.parse(count.data)).toEqual({ count: unreadNow.body.data.count });
    expect(unreadNow.body.data.count).toBeGreaterThanOrEqual(2);
    // Resuming from the count's cursor sends nothing again.
    const again = await stream(base, token, { 'last-event-id': count.id! });
    await again.next(isCount());
    await sleep(300);
    expect(again.messages.filter(isNotice)).toEqual([]);
    s.close();
    again.close();
  });

  it('names what changed for each side: the buyer\'s inquiry on both streams, the reply, the 入驻 review', async () => {
    const isChange = (entity: string, id?: number) => (x: TSseMessage) => x.event === 'change' && JSON.parse(x.data).entity === entity && (id === undefined || JSON.parse(x.data).id === id);
    const supplier = await stream(base, cast.supplier.token);
    const buyer = await stream(base, cast.purchaser.token);
    const other = await stream(base, cast.supplier2.token);
    for (const x of [supplier, buyer, other]) await x.next(isCount());
    const sent = await sendInquiry();
    const id = sent.body.data.id;
    await supplier.next(isChange('inquiry', id));
    await buyer.next(isChange('inquiry', id));
    expect((await call(t, cast.supplier, 'POST', `/api/inquiries/${id}/reply`, { reply: '现货，含税价见报价单' })).status).toBe(200);
    await buyer.next(isChange('inquiry', id));
    await sleep(300);
    expect(other.messages.filter((x) => x.event === 'change')).toEqual([]);

    const m = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '苏州实时审核仪器有限公司' } });
    const applicant = await stream(base, m.token);
    const admin = await stream(base, cast.admin.token);
    await applicant.next(isCount());
    await admin.next(isCount());
    expect((await call(t, cast.admin, 'PUT', `/api/admin/suppliers/${m.supplierId}/status`, { status: 'rejected', note: '营业执照不清晰' })).status).toBe(200);
    await applicant.next(isChange('application'));
    await admin.next(isChange('application'));
    for (const x of [supplier, buyer, other, applicant, admin]) x.close();
  });

  it(`keeps at most ${MAX_STREAMS_PER_MEMBER} streams per member: a sixth from a browser ends the oldest browser tab's, never the desktop client's`, async () => {
    const m = await makeMember(t);
    const desktop = await stream(base, m.token, {}, '?client=desktop');
    await desktop.next(isCount());
    const tabs = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER - 1; i++) {
      const s = await stream(base, m.token);
      await s.next(isCount());
      tabs.push(s);
    }
    const sixth = await stream(base, m.token);
    await sixth.next(isCount());
    expect(JSON.parse((await tabs[0]!.next((x) => x.event === 'end')).data)).toEqual({ reason: 'replaced' });
    await sleep(200);
    expect(desktop.messages.some((x) => x.event === 'end')).toBe(false);
    // The desktop's stream still hears the member's notices.
    await t.database.db.insert(notices).values({ memberId: m.id, kind: 'new_inquiry', title: '第六个之后', content: '桌面端仍在线', link: '/admin/supplier/inquiry' });
    expect(noticeOf(await desktop.next(isNotice)).title).toBe('第六个之后');
    for (const s of [desktop, ...tabs, sixth]) s.close();

    // Only desktop streams open: a browser tab's new stream is the one turned away.
    const m2 = await makeMember(t);
    const desktops = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) {
      const s = await stream(base, m2.token, {}, '?client=desktop');
      await s.next(isCount());
      desktops.push(s);
    }
    const tab = await stream(base, m2.token);
    expect(JSON.parse((await tab.next((x) => x.event === 'end')).data)).toEqual({ reason: 'replaced' });
    await sleep(200);
    expect(desktops.every((s) => !s.messages.some((x) => x.event === 'end'))).toBe(true);
    for (const s of desktops) s.close();
  });

  it(`keeps at most ${MAX_STREAMS_PER_MEMBER} streams per member: the oldest ends as replaced`, async () => {
    const m = await makeMember(t);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i++) {
      const s = await stream(base, m.token);
      await s.next(isCount());
      streams.push(s);
    }
    const extra = await stream(base, m.token);
    await extra.next(isCount());
    const end = await streams[0]!.next((x) => x.event === 'end');
    expect(JSON.parse(end.data)).toEqual({ reason: 'replaced' });
    await streams[0]!.ended;
    await sleep(200);
    for (const s of [...streams.slice(1), extra]) expect(s.messages.some((x) => x.event === 'end')).toBe(false);
    for (const s of [...streams, extra]) s.close();
  });

  it('ends on logout, and on revocation of the token elsewhere (password changed, member disabled)', async () => {
    const m = await makeMember(t);
    const s = await stream(base, m.token);
    await s.next(isCount());
    expect((await call(t, m, 'POST', '/auth/member/logout')).status).toBe(200);
    expect(JSON.parse((await s.next((x) => x.event === 'end', 10_000)).data)).toEqual({ reason: 'revoked' });
    await s.ended;
    expect((await stream(base, m.token)).status).toBe(401);

    const m2 = await makeMember(t);
    const s2 = await stream(base, m2.token);
    await s2.next(isCount());
    expect((await call(t, cast.admin, 'PUT', `/api/admin/members/${m2.id}/status`, { status: 'disabled' })).status).toBe(200);
    expect(JSON.parse((await s2.next((x) => x.event === 'end', 10_000)).data)).toEqual({ reason: 'revoked' });
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)(`several instances on one PostgreSQL${pgUrl ? '' : ' — skipped: needs TEST_DATABASE_URL'}`, () => {
  let second: { app: FastifyInstance; database: TDatabase; base: string } | undefined;
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('a notice written through one instance reaches a stream on another at once', async () => {
    const url = ((t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString);
    const database = await openDatabase({ databaseUrl: url });
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir, STATIC_DIR: `${t.dataDir}/no-static` }), database, logger: false });
    second = { app, database, base: await listenLocally(app) };
    const onB = await stream(second.base, cast.supplier.token);
    const otherOnB = await stream(second.base, cast.supplier2.token);
    await onB.next(isCount());
    await otherOnB.next(isCount());
    // What each stream sent on opening (the unread notices of the session, from earlier tests) is not new.
    const onBOpening = onB.messages.length;
    const otherOpening = otherOnB.messages.length;
    const sent = await sendInquiry(); // through instance A
    const link = `/admin/supplier/inquiry?id=${sent.body.data.id}`;
    await onB.next((x) => isNotice(x) && noticeOf(x).link === link, 10_000);
    expect(onB.messages.slice(onBOpening).filter(isNotice).map((x) => noticeOf(x).link)).toEqual([link]);
    await sleep(300);
    expect(otherOnB.messages.slice(otherOpening).filter(isNotice)).toEqual([]);
    // Logout on A ends the stream on B.
    const m = await makeMember(t);
    const s = await stream(second.base, m.token);
    await s.next(isCount());
    await call(t, m, 'POST', '/auth/member/logout');
    expect(JSON.parse((await s.next((x) => x.event === 'end', 10_000)).data)).toEqual({ reason: 'revoked' });
    for (const x of [onB, otherOnB]) x.close();
  });
});
