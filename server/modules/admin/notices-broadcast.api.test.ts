// Announcements to 全体会员 reach every member's bell and 消息中心, each member reading them on their
// own; an edited announcement is unread again; one member's notice stays that member's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
type TWho = Awaited<ReturnType<typeof makeMember>>;
let admin: TWho;
let alice: TWho;
let bob: TWho;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await makeMember(t, { roles: ['member', 'admin'] });
  alice = await makeMember(t);
  bob = await makeMember(t);
});
afterAll(() => t.close());

type TBody = { code: number; msg: string; data?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (who: TWho, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: who.auth, payload: payload as never });
  return { status: res.statusCode, body: res.json() as TBody };
};
const unread = async (who: TWho) => (await call(who, 'GET', '/api/notifications/unread-count')).body.data.count as number;

describe('announcements to 全体会员', () => {
  it('appear in every member\'s notifications and unread count; reading is per member', async () => {
    const before = await unread(alice);
    const id = (await call(admin, 'POST', '/api/admin/notices', { title: '平台服务升级公告', content: '本周六凌晨系统升级，期间暂停下单。' })).body.data.id as number;
    for (const who of [alice, bob]) {
      const list = await call(who, 'GET', '/api/notifications');
      expect(list.body.data.items[0]).toMatchObject({ id, title: '平台服务升级公告', readAt: null });
    }
    expect(await unread(alice)).toBe(before + 1);
    expect((await call(alice, 'PUT', `/api/notifications/${id}/read`)).body.code).toBe(200);
    expect(await unread(alice)).toBe(before);
    expect((await call(alice, 'GET', '/api/notifications')).body.data.items[0].readAt).not.toBeNull();
    // Bob has not read it.
    expect((await call(bob, 'GET', '/api/notifications?unread=true')).body.data.items.map((n: { id: number }) => n.id)).toContain(id);
    expect((await call(bob, 'PUT', '/api/notifications/read-all')).body.code).toBe(200);
    expect(await unread(bob)).toBe(0);
    // Edited, it is unread again.
    const v = (await call(admin, 'GET', `/api/admin/notices/${id}`)).body.data.version as number;
    expect((await call(admin, 'PUT', `/api/admin/notices/${id}`, { title: '平台服务升级公告（更新）', content: '本周日凌晨系统升级，期间暂停下单。', version: v })).body.code).toBe(200);
    expect((await call(bob, 'GET', '/api/notifications')).body.data.items[0]).toMatchObject({ id, title: '平台服务升级公告（更新）', readAt: null });
  });

  it('a notice to one member reaches only that member', async () => {
    const id = (await call(admin, 'POST', '/api/admin/notices', { title: '您的账号资料待完善', content: '请尽快补充企业联系人信息。', target: String(alice.id) })).body.data.id as number;
    expect((await call(alice, 'GET', '/api/notifications')).body.data.items.map((n: { id: number }) => n.id)).toContain(id);
    expect((await call(bob, 'GET', '/api/notifications')).body.data.items.map((n: { id: number }) => n.id)).not.toContain(id);
    expect((await call(bob, 'PUT', `/api/notifications/${id}/read`)).status).toBe(404);
  });
});
