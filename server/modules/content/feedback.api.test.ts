// API tests of feedback: validation, visitors and members, the per-IP limit and the admins' view.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

type TBody<T = unknown> = { code: number; msg: string; data: T };
let ipSeq = 0;
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const send = async (payload: object, opts: { ip?: string; headers?: Record<string, string> } = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/feedback', payload, remoteAddress: opts.ip ?? nextIp(), headers: opts.headers });
  return { status: res.statusCode, body: res.json() as TBody<{ id: number }> };
};
const good = { kind: 'suggestion', content: '希望商品详情页能增加参数对比功能，方便选型。' };

describe('submitting feedback', () => {
  it('accepts a visitor with a valid form and answers 感谢您的反馈', async () => {
    const { status, body } = await send({ ...good, contact: '13912345678' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, msg: '感谢您的反馈', data: { id: expect.any(Number) } });
  });

  it('rejects bad fields with 400 and the same Chinese messages as the form', async () => {
    const cases: [object, string][] = [
      [{ content: good.content }, '请选择反馈类型'],
      [{ ...good, kind: 'praise' }, '请选择反馈类型'],
      [{ kind: 'bug' }, '反馈内容不能为空'],
      [{ kind: 'bug', content: '   ' }, '反馈内容不能为空'],
      [{ kind: 'bug', content: '太慢了' }, '反馈内容至少需要10个字'],
      [{ kind: 'bug', content: '慢'.repeat(1001) }, '反馈内容不能超过1000个字'],
      [{ ...good, contact: '12345' }, '请输入有效的手机号或邮箱地址'],
      [{ ...good, contact: 'me@' }, '请输入有效的手机号或邮箱地址'],
    ];
    for (const [payload, msg] of cases) {
      const { status, body } = await send(payload);
      expect(status, msg).toBe(400);
      expect(body.msg).toBe(msg);
    }
    expect((await send({ kind: 'bug', content: '慢'.repeat(1000), contact: 'buyer@example.com' })).status).toBe(200);
    expect((await send({ ...good, contact: '' })).status).toBe(200);
  });

  it('limits one IP to 5 entries an hour with 429, and bad input does not count', async () => {
    const ip = '10.66.0.1';
    await send({ kind: 'bug' }, { ip });
    for (let i = 0; i < 5; i++) expect((await send(good, { ip })).status).toBe(200);
    const limited = await send(good, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 429, msg: '提交过于频繁，请1小时后再试' });
    expect((await send(good, { ip: '10.66.0.2' })).status).toBe(200);
  });
});

describe('feedback for admins', () => {
  it('records the member, notifies every admin, and only admins can list and update', async () => {
    const admin = await makeMember(t, { roles: ['member', 'admin'] });
    const admin2 = await makeMember(t, { roles: ['admin'] });
    const member = await makeMember(t, { uname: 'feedbacker1' });
    const sent = await send({ kind: 'content', content: '某条新闻里的仪器型号写错了，应为7890B。', contact: 'me@example.com' }, { headers: member.auth });
    expect(sent.status).toBe(200);
    const id = sent.body.data.id;

    for (const a of [admin, admin2]) {
      const rows = await t.database.db.select().from(notices).where(eq(notices.memberId, a.id));
      expect(rows.some((n) => n.title === '收到新的意见反馈（内容纠错）' && n.content.includes('7890B') && n.content.includes('me@example.com'))).toBe(true);
    }
    expect(await t.database.db.select().from(notices).where(eq(notices.memberId, member.id))).toHaveLength(0);

    const visitor = await t.app.inject({ method: 'GET', url: '/api/admin/feedback' });
    expect(visitor.statusCode).toBe(401);
    const plain = await t.app.inject({ method: 'GET', url: '/api/admin/feedback', headers: member.auth });
    expect(plain.statusCode).toBe(403);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/feedback', query: { status: 'new', pageSize: '5' }, headers: admin.auth });
    expect(list.statusCode).toBe(200);
    const page = (list.json() as TBody<{ items: { id: number; memberId: number | null; memberName: string | null; kind: string; status: string }[]; total: number; pageSize: number }>).data;
    expect(page.pageSize).toBe(5);
    expect(page.items.length).toBeLessThanOrEqual(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.items[0]).toMatchObject({ id, memberId: member.id, memberName: 'feedbacker1', kind: 'content', status: 'new' });

    const bad = await t.app.inject({ method: 'PUT', url: `/api/admin/feedback/${id}`, payload: { status: 'closed' }, headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    const byMember = await t.app.inject({ method: 'PUT', url: `/api/admin/feedback/${id}`, payload: { status: 'done' }, headers: member.auth });
    expect(byMember.statusCode).toBe(403);
    const done = await t.app.inject({ method: 'PUT', url: `/api/admin/feedback/${id}`, payload: { status: 'done' }, headers: admin.auth });
    expect(done.json()).toMatchObject({ code: 200, msg: '已标记为已处理' });
    const doneList = await t.app.inject({ method: 'GET', url: '/api/admin/feedback', query: { status: 'done' }, headers: admin.auth });
    expect((doneList.json() as TBody<{ items: { id: number }[]; total: number }>).data).toMatchObject({ total: 1, items: [{ id }] });
    const missing = await t.app.inject({ method: 'PUT', url: '/api/admin/feedback/99999', payload: { status: 'done' }, headers: admin.auth });
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as TBody).msg).toBe('反馈不存在');
    const badQuery = await t.app.inject({ method: 'GET', url: '/api/admin/feedback', query: { status: 'lost' }, headers: admin.auth });
    expect(badQuery.statusCode).toBe(400);
    expect((badQuery.json() as TBody).msg).toBe('处理状态无效');
  });
});
