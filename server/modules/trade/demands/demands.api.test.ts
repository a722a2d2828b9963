// API tests of demands: posting (purchasers only), validation, the hall with its filters and the
// masked buyer, details by role, the purchaser's actions and re-posting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TDemandDetail, TDemandListItem, TMyDemandItem } from '../../../../contracts/trade.js';
import { auditLog, demands, members } from '../../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../../test/harness.js';
import { call, dayFromNow, demandInput, makeCast, makeCategoryTree, postDemand, quote } from '../test-factories.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let cats: Awaited<ReturnType<typeof makeCategoryTree>>;
type TPage<T> = { items: T[]; total: number; page: number; pageSize: number };

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  cats = await makeCategoryTree(t);
  await t.database.db.update(members).set({ companyName: '华东理工大学分析测试中心' }).where(eq(members.id, cast.purchaser.id));
});
afterAll(() => t.close());

describe('posting a demand', () => {
  it('publishes a purchaser demand as OPEN and logs the transitions', async () => {
    const r = await call<{ id: number; status: string }>(t, cast.purchaser, 'POST', '/api/demands', demandInput(cats.leaf.id));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, msg: '求购已发布', data: { status: 'OPEN' } });
    const log = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, r.body.data.id));
    expect(log.filter((l) => l.entity === 'demand').map((l) => [l.fromState, l.toState, l.actorId])).toEqual([
      [null, 'DRAFT', cast.purchaser.id],
      ['DRAFT', 'OPEN', cast.purchaser.id],
    ]);
  });

  it('saves a draft that does not appear in the hall', async () => {
    const r = await call<{ id: number; status: string }>(t, cast.purchaser, 'POST', '/api/demands', demandInput(cats.leaf.id, { title: '草稿：液相色谱仪', submit: false }));
    expect(r.body).toMatchObject({ code: 200, msg: '草稿已保存', data: { status: 'DRAFT' } });
    const hall = await call<TPage<TDemandListItem>>(t, null, 'GET', '/api/demands?keyword=' + encodeURIComponent('草稿'));
    expect(hall.body.data.items).toHaveLength(0);
    const asVisitor = await call(t, null, 'GET', `/api/demands/${r.body.data.id}`);
    expect(asVisitor.status).toBe(404);
  });

  it('refuses members with a message offering the upgrade, and visitors with 401', async () => {
    const member = await call(t, cast.member, 'POST', '/api/demands', demandInput(cats.leaf.id));
    expect(member.status).toBe(403);
    expect(member.body.msg).toBe('只有采购商可以发布求购，请先升级为采购商');
    const visitor = await call(t, null, 'POST', '/api/demands', demandInput(cats.leaf.id));
    expect(visitor.status).toBe(401);
  });

  it('lets a member post after upgrading to purchaser', async () => {
    const m = await makeMember(t);
    expect((await call(t, m, 'PUT', '/api/member/toPurchaser', { companyName: '苏州纳米所' })).status).toBe(200);
    expect((await call(t, m, 'POST', '/api/demands', demandInput(cats.leaf.id))).status).toBe(200);
  });

  it.each([
    [{ title: '' }, '求购标题不能为空'],
    [{ title: '仪器' }, '求购标题至少4个字'],
    [{ quantity: 0 }, '采购数量至少为1'],
    [{ quoteDeadline: '2020-01-01' }, '报价截止日期不能早于今天'],
    [{ quoteDeadline: dayFromNow(120) }, '报价截止日期不能超过90天'],
    [{ quoteDeadline: '2026-02-30' }, '报价截止日期格式应为 YYYY-MM-DD'],
    [{ needBy: dayFromNow(2), quoteDeadline: dayFromNow(5) }, '期望交货日期不能早于报价截止日期'],
    [{ province: '' }, '请选择收货地区'],
    [{ contactPhone: '12345' }, '请输入有效的手机号或座机号码'],
    [{ budget: -1 }, '预算不能为负数'],
    [{ params: Array.from({ length: 31 }, (_, i) => ({ name: `p${i}`, value: '' })) }, '参数最多30行'],
  ])('rejects %o with HTTP 400 and "%s"', async (over, msg) => {
    const r = await call(t, cast.purchaser, 'POST', '/api/demands', demandInput(cats.leaf.id, over));
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(msg);
  });

  it('rejects an unknown category', async () => {
    const r = await call(t, cast.purchaser, 'POST', '/api/demands', demandInput(999999));
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('产品分类不存在');
  });
});

describe('the hall', () => {
  let id: number;
  beforeAll(async () => {
    id = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '求购大厅测试：气相色谱仪', province: '江苏省', city: '苏州市', budgetHidden: true });
    await postDemand(t, cast.otherPurchaser, cats.other.id, { title: '求购大厅测试：恒温培养箱', province: '北京市' });
  });

  it('lists open demands with a masked buyer, hidden budget and counts', async () => {
    const r = await call<TPage<TDemandListItem>>(t, null, 'GET', '/api/demands?keyword=' + encodeURIComponent('大厅测试'));
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(2);
    const item = r.body.data.items.find((i) => i.id === id)!;
    expect(item).toMatchObject({ buyer: '华东理工大学***', budget: null, budgetHidden: true, quotationCount: 0, accepting: true, categoryName: '气相色谱仪', status: 'OPEN' });
    expect(r.body).not.toHaveProperty('data.items.0.contactPhone');
    expect(JSON.stringify(r.body)).not.toContain('13912345678');
  });

  it('filters by top-level category (descendants included), province and status', async () => {
    const byTop = await call<TPage<TDemandListItem>>(t, null, 'GET', `/api/demands?categoryId=${cats.top.id}&keyword=${encodeURIComponent('大厅测试')}`);
    expect(byTop.body.data.items.map((i) => i.title)).toEqual(['求购大厅测试：气相色谱仪']);
    const byProvince = await call<TPage<TDemandListItem>>(t, null, 'GET', `/api/demands?province=${encodeURIComponent('江苏')}&keyword=${encodeURIComponent('大厅测试')}`);
    expect(byProvince.body.data.items.map((i) => i.id)).toEqual([id]);
    const ended = await call<TPage<TDemandListItem>>(t, null, 'GET', `/api/demands?status=ended&keyword=${encodeURIComponent('大厅测试')}`);
    expect(ended.body.data.total).toBe(0);
  });

  it('pages without loading more than a page', async () => {
    const r = await call<TPage<TDemandListItem>>(t, null, 'GET', '/api/demands?page=1&pageSize=1');
    expect(r.body.data.items).toHaveLength(1);
    expect(r.body.data.total).toBeGreaterThan(1);
  });

  it.each([
    ['page=0', '页码必须是1到10000之间的整数'],
    ['pageSize=500', '每页条数必须是1到100之间的整数'],
    ['status=BOGUS', '状态参数无效'],
    ['categoryId=abc', '分类无效'],
  ])('answers bad query %s with 400 "%s"', async (q, msg) => {
    const r = await call(t, null, 'GET', `/api/demands?${q}`);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(msg);
  });

  it('locks the details for visitors and members, opens them for suppliers without the contact', async () => {
    const visitor = await call<TDemandDetail>(t, null, 'GET', `/api/demands/${id}`);
    expect(visitor.body.data).toMatchObject({ locked: true, description: null, params: [], contact: null });
    const member = await call<TDemandDetail>(t, cast.member, 'GET', `/api/demands/${id}`);
    expect(member.body.data.locked).toBe(true);
    const supplier = await call<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${id}`);
    expect(supplier.body.data).toMatchObject({ locked: false, description: '用于VOCs检测，需配FID检测器。', contact: null, myQuotation: null, budget: null });
    expect(supplier.body.data.params).toHaveLength(2);
    const owner = await call<TDemandDetail>(t, cast.purchaser, 'GET', `/api/demands/${id}`);
    expect(owner.body.data).toMatchObject({ isOwner: true, budget: 500000, contact: { contactName: '李明', contactPhone: '13912345678' } });
  });

  it('answers an unknown or malformed id with 404 / 400', async () => {
    expect((await call(t, null, 'GET', '/api/demands/999999')).status).toBe(404);
    expect((await call(t, null, 'GET', '/api/demands/abc')).status).toBe(400);
  });
});

describe('the purchaser acting on a demand', () => {
  it('edits a draft, then submits it; published demands are no longer editable', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { submit: false });
    const form = await call<{ title: string; quoteDeadline: string }>(t, cast.purchaser, 'GET', `/api/demands/${id}/edit`);
    expect(form.body.data.title).toBe('采购气相色谱仪2台');
    expect(form.body.data.quoteDeadline).toBe(dayFromNow(10));
    const edit = await call(t, cast.purchaser, 'PUT', `/api/demands/${id}`, demandInput(cats.leaf.id, { title: '采购气相色谱仪3台', quantity: 3, submit: false }));
    expect(edit.status).toBe(200);
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/submit`, {})).body).toMatchObject({ code: 200, data: { status: 'OPEN' } });
    const again = await call(t, cast.purchaser, 'PUT', `/api/demands/${id}`, demandInput(cats.leaf.id));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('只有草稿或已驳回的求购可以修改');
  });

  it('refuses another purchaser', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const r = await call(t, cast.otherPurchaser, 'POST', `/api/demands/${id}/cancel`, {});
    expect(r.status).toBe(403);
    const draft = await postDemand(t, cast.purchaser, cats.leaf.id, { submit: false });
    expect((await call(t, cast.otherPurchaser, 'GET', `/api/demands/${draft}/edit`)).status).toBe(404);
  });

  it('cannot stop an OPEN demand without quotations (409 with the state)', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const r = await call(t, cast.purchaser, 'POST', `/api/demands/${id}/stop`, {});
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('当前状态（报价中）不允许此操作');
  });

  it('stops a QUOTED demand, and cancelling turns open quotations into NOT_SELECTED', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const qid = await quote(t, cast.supplier, id);
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/stop`, {})).body).toMatchObject({ data: { status: 'EVALUATING' } });
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/cancel`, { note: '预算调整' })).body).toMatchObject({ data: { status: 'CANCELLED' } });
    const q = await call<{ status: string }>(t, cast.supplier, 'GET', `/api/quotations/${qid}`);
    expect(q.body.data.status).toBe('NOT_SELECTED');
    // The supplier still sees the cancelled demand it quoted on; other suppliers do not.
    expect((await call(t, cast.supplier, 'GET', `/api/demands/${id}`)).status).toBe(200);
    expect((await call(t, cast.supplier2, 'GET', `/api/demands/${id}`)).status).toBe(404);
  });

  it('refuses a 取消原因 over 200 characters with the contract\'s message and keeps the demand open (ZCancelDemand)', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const long = await call(t, cast.purchaser, 'POST', `/api/demands/${id}/cancel`, { note: '预算调整'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('取消原因不能超过200个字');
    expect((await call<{ status: string }>(t, cast.purchaser, 'GET', `/api/demands/${id}`)).body.data.status).toBe('OPEN');
    // 200 characters (after trimming) are taken.
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/cancel`, { note: ` ${'预算调整'.repeat(50)} ` })).body).toMatchObject({ data: { status: 'CANCELLED' } });
  });

  it('re-posts a cancelled demand as a new draft copy', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '将被取消后重新发布的求购' });
    await call(t, cast.purchaser, 'POST', `/api/demands/${id}/cancel`, {});
    const r = await call<{ id: number; status: string }>(t, cast.purchaser, 'POST', `/api/demands/${id}/repost`, {});
    expect(r.body).toMatchObject({ code: 200, data: { status: 'DRAFT' } });
    expect(r.body.data.id).not.toBe(id);
    const form = await call<{ title: string }>(t, cast.purchaser, 'GET', `/api/demands/${r.body.data.id}/edit`);
    expect(form.body.data.title).toBe('将被取消后重新发布的求购');
    const open = await postDemand(t, cast.purchaser, cats.leaf.id);
    const refused = await call(t, cast.purchaser, 'POST', `/api/demands/${open}/repost`, {});
    expect(refused.status).toBe(409);
  });

  it('submitting a draft whose deadline passed asks for a new date', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { submit: false });
    await t.database.db.update(demands).set({ quoteDeadline: new Date(Date.now() - 1000) }).where(eq(demands.id, id));
    const r = await call(t, cast.purchaser, 'POST', `/api/demands/${id}/submit`, {});
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('报价截止日期已过，请修改后再提交');
  });

  it('lists my demands by state with counts; members are told to upgrade', async () => {
    const list = await call<TPage<TMyDemandItem>>(t, cast.purchaser, 'GET', '/api/purchaser/demands?status=DRAFT');
    expect(list.status).toBe(200);
    expect(list.body.data.items.every((i) => i.status === 'DRAFT')).toBe(true);
    const counts = await call<Record<string, number>>(t, cast.purchaser, 'GET', '/api/purchaser/demands/counts');
    expect(counts.body.data.ALL).toBeGreaterThan(3);
    expect(counts.body.data.DRAFT).toBe(list.body.data.total);
    const member = await call(t, cast.member, 'GET', '/api/purchaser/demands');
    expect(member.status).toBe(403);
    expect(member.body.msg).toBe('只有采购商可以管理求购，请先升级为采购商');
    expect((await call(t, cast.purchaser, 'GET', '/api/purchaser/demands?scope=all')).status).toBe(403);
    expect((await call(t, cast.admin, 'GET', '/api/purchaser/demands?scope=all')).status).toBe(200);
  });

  it('lets an admin reject (take down) a demand with a reason', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    expect((await call(t, cast.admin, 'POST', `/api/admin/demands/${id}/reject`, { reason: '' })).status).toBe(400);
    expect((await call(t, cast.purchaser, 'POST', `/api/admin/demands/${id}/reject`, { reason: '测试驳回' })).status).toBe(403);
    const r = await call(t, cast.admin, 'POST', `/api/admin/demands/${id}/reject`, { reason: '信息不完整' });
    expect(r.body).toMatchObject({ code: 200, data: { status: 'REJECTED' } });
    expect((await call(t, null, 'GET', `/api/demands/${id}`)).status).toBe(404);
  });
});

describe('reference calls', () => {
  it('returns the category tree', async () => {
    const r = await call<{ name: string; children: { name: string; children: { name: string }[] }[] }[]>(t, null, 'GET', '/api/trade/categories');
    const top = r.body.data.find((c) => c.name === '分析仪器')!;
    expect(top.children[0]!.children[0]!.name).toBe('气相色谱仪');
  });
});
