// API tests of inquiries: product inquiries to one supplier, replies and quotations on them, the
// visitor's quick inquiry with its SMS check and routing, the admin queue and the supplier figures.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInquiryItem, TInquiryStats, TQuickInquiryItem } from '../../../../contracts/trade.js';
import { makeTestApp, type TTestApp } from '../../../test/harness.js';
import { call, makeCast, makeCategoryTree, makeProduct, quotationBody } from '../test-factories.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let cats: Awaited<ReturnType<typeof makeCategoryTree>>;
let productId: number;
type TPage<T> = { items: T[]; total: number };

const inquiry = (over: object = {}) => ({ productId, quantity: 1, message: '请报含税价及交货期，谢谢', contactName: '王工', contactPhone: '021-64251234', ...over });

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  cats = await makeCategoryTree(t);
  productId = (await makeProduct(t, cast.supplier.supplierId!, { categoryId: cats.leaf.id, name: '气相色谱仪', model: 'GC-7890B' })).id;
  await makeProduct(t, cast.supplier.supplierId!, { categoryId: cats.leaf.id, name: '气相色谱质谱联用仪', model: 'GCMS-5977' });
  await makeProduct(t, cast.supplier2.supplierId!, { categoryId: cats.leaf.id, name: '便携式气相色谱仪', model: 'P-GC1' });
});
afterAll(() => t.close());

describe('product inquiries', () => {
  it('returns the product summary for the inquiry form', async () => {
    const r = await call<{ name: string; supplier: { companyName: string } }>(t, null, 'GET', `/api/trade/products/${productId}/summary`);
    expect(r.body.data).toMatchObject({ name: '气相色谱仪', model: 'GC-7890B', supplier: { companyName: '上海谱析仪器有限公司' } });
    expect((await call(t, null, 'GET', '/api/trade/products/999999/summary')).status).toBe(404);
  });

  it('sends an inquiry to the product supplier, who is notified and sees it in its inbox', async () => {
    const r = await call<{ id: number; supplierName: string }>(t, cast.member, 'POST', '/api/inquiries', inquiry());
    expect(r.body).toMatchObject({ code: 200, msg: '询价已发送', data: { supplierName: '上海谱析仪器有限公司' } });
    const inbox = await call<TPage<TInquiryItem>>(t, cast.supplier, 'GET', '/api/supplier/inquiries?status=NEW');
    expect(inbox.body.data.items[0]).toMatchObject({ id: r.body.data.id, subject: '气相色谱仪 GC-7890B', status: 'NEW', contactPhone: '021-64251234' });
    const notes = await call<TPage<{ kind: string }>>(t, cast.supplier, 'GET', '/api/notifications');
    expect(notes.body.data.items.some((n) => n.kind === 'new_inquiry')).toBe(true);
    const other = await call<TPage<TInquiryItem>>(t, cast.supplier2, 'GET', '/api/supplier/inquiries');
    expect(other.body.data.items.some((i) => i.id === r.body.data.id)).toBe(false);
    expect((await call(t, cast.supplier2, 'GET', `/api/inquiries/${r.body.data.id}`)).status).toBe(404);
  });

  it('validates input and refuses visitors and own products', async () => {
    expect((await call(t, null, 'POST', '/api/inquiries', inquiry())).status).toBe(401);
    const short = await call(t, cast.member, 'POST', '/api/inquiries', inquiry({ message: '价格' }));
    expect(short.body.msg).toBe('询价内容至少5个字');
    expect((await call(t, cast.member, 'POST', '/api/inquiries', inquiry({ productId: 999999 }))).status).toBe(404);
    const own = await call(t, cast.supplier, 'POST', '/api/inquiries', inquiry());
    expect(own.body.msg).toBe('不能向自己的店铺询价');
  });

  it('replies once (NEW → REPLIED), the sender sees the reply, then either side closes', async () => {
    const id = (await call<{ id: number }>(t, cast.purchaser, 'POST', '/api/inquiries', inquiry())).body.data.id;
    expect((await call(t, cast.supplier, 'POST', `/api/inquiries/${id}/reply`, { reply: '' })).body.msg).toBe('回复内容至少2个字');
    expect((await call(t, cast.purchaser, 'POST', `/api/inquiries/${id}/reply`, { reply: '我自己回复' })).status).toBe(403);
    expect((await call(t, cast.supplier2, 'POST', `/api/inquiries/${id}/reply`, { reply: '抢答' })).status).toBe(404);
    expect((await call(t, cast.supplier, 'POST', `/api/inquiries/${id}/reply`, { reply: '含税价26.8万元，现货' })).status).toBe(200);
    const twice = await call(t, cast.supplier, 'POST', `/api/inquiries/${id}/reply`, { reply: '再回复一次' });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('当前状态（已回复）不允许此操作');
    const sent = await call<TPage<TInquiryItem>>(t, cast.purchaser, 'GET', '/api/purchaser/inquiries');
    expect(sent.body.data.items.find((i) => i.id === id)).toMatchObject({ status: 'REPLIED', reply: '含税价26.8万元，现货' });
    expect((await call(t, cast.purchaser, 'POST', `/api/inquiries/${id}/close`, {})).status).toBe(200);
    expect((await call(t, cast.supplier, 'POST', `/api/inquiries/${id}/close`, {})).status).toBe(409);
  });

  it('is answered with a quotation that the sender accepts', async () => {
    const id = (await call<{ id: number }>(t, cast.purchaser, 'POST', '/api/inquiries', inquiry())).body.data.id;
    expect((await call(t, cast.supplier2, 'POST', '/api/quotations', { inquiryId: id, ...quotationBody() })).status).toBe(404);
    const q = await call<{ id: number }>(t, cast.supplier, 'POST', '/api/quotations', { inquiryId: id, ...quotationBody() });
    expect(q.status).toBe(200);
    const detail = await call<TInquiryItem>(t, cast.purchaser, 'GET', `/api/inquiries/${id}`);
    expect(detail.body.data).toMatchObject({ status: 'REPLIED', quotation: { id: q.body.data.id, status: 'SUBMITTED' } });
    expect((await call(t, cast.supplier, 'POST', '/api/quotations', { inquiryId: id, ...quotationBody() })).status).toBe(409);
    expect((await call(t, cast.purchaser, 'POST', `/api/quotations/${q.body.data.id}/accept`, { version: 1 })).status).toBe(200);
    expect((await call<TInquiryItem>(t, cast.purchaser, 'GET', `/api/inquiries/${id}`)).body.data.status).toBe('CLOSED');
  });
});

describe('quick inquiries', () => {
  const mobile = '13688886666';
  const quick = (code: string, over: object = {}) => ({ subject: '气相色谱仪', quantity: 1, unit: '台', contactName: '赵老师', mobile, code, message: '需要FID检测器', ...over });

  it('needs a valid SMS code of purpose inquiry', async () => {
    expect((await call(t, null, 'POST', '/api/inquiries/quick', quick('1234'))).body.msg).toBe('验证码已失效，请重新获取');
    expect((await call(t, null, 'POST', '/api/inquiries/quick', quick('12'))).body.msg).toBe('请输入4位验证码');
    expect((await call(t, null, 'POST', '/api/inquiries/quick', quick('1234', { mobile: '123' }))).body.msg).toBe('请输入有效的手机号');
    expect((await call(t, null, 'POST', '/api/inquiries/quick', quick('1234', { subject: '' }))).body.msg).toBe('请填写需要采购的仪器（至少2个字）');
  });

  it('routes a visitor inquiry to the suppliers with matching products and queues it for admins', async () => {
    const send = await t.app.inject({ method: 'GET', url: `/resource/sms/code?phonenumber=${mobile}&purpose=inquiry` });
    expect(send.statusCode).toBe(200);
    const code = t.lastCode(mobile)!;
    const r = await call<{ id: number; routed: number }>(t, null, 'POST', '/api/inquiries/quick', quick(code));
    expect(r.body).toMatchObject({ code: 200, data: { routed: 2 } });
    const inbox = await call<TPage<TInquiryItem>>(t, cast.supplier, 'GET', '/api/supplier/inquiries');
    expect(inbox.body.data.items[0]).toMatchObject({ subject: '气相色谱仪', fromQuick: true, contactPhone: mobile });
    const queue = await call<TPage<TQuickInquiryItem>>(t, cast.admin, 'GET', '/api/admin/quick-inquiries');
    const item = queue.body.data.items.find((i) => i.id === r.body.data.id)!;
    expect(item.routedTo.map((x) => x.supplierName).sort()).toEqual(['上海谱析仪器有限公司', '北京华测科技有限公司'].sort());
    // The supplier with two matching products comes first.
    expect(item.routedTo[0]!.supplierName).toBe('上海谱析仪器有限公司');
    expect((await call(t, cast.supplier, 'GET', '/api/admin/quick-inquiries')).status).toBe(403);
    const adminNotes = await call<TPage<{ kind: string }>>(t, cast.admin, 'GET', '/api/notifications');
    expect(adminNotes.body.data.items.some((n) => n.kind === 'quick_inquiry')).toBe(true);
    // The code is used up.
    expect((await call(t, null, 'POST', '/api/inquiries/quick', quick(code))).status).toBe(400);
  });

  it('a routed supplier reply reaches the visitor by SMS; the admin marks the queue item handled', async () => {
    const inbox = await call<TPage<TInquiryItem>>(t, cast.supplier, 'GET', '/api/supplier/inquiries?status=NEW');
    const routed = inbox.body.data.items.find((i) => i.fromQuick)!;
    expect((await call(t, cast.supplier, 'POST', `/api/inquiries/${routed.id}/reply`, { reply: '您好，已为您准备方案，稍后致电' })).status).toBe(200);
    expect(t.outbox('sms').some((m) => m.to === mobile && m.text?.includes('已为您准备方案'))).toBe(true);
    const queue = await call<TPage<TQuickInquiryItem>>(t, cast.admin, 'GET', '/api/admin/quick-inquiries?status=NEW');
    const id = queue.body.data.items[0]!.id;
    // A state without inquiries has no figure (the tab shows 0).
    const counts = async (): Promise<Record<string, number>> => ({ NEW: 0, REPLIED: 0, CLOSED: 0, ...(await call<Record<string, number>>(t, cast.admin, 'GET', '/api/admin/quick-inquiries/counts')).body.data });
    const before = await counts();
    expect(before).toMatchObject({ ALL: queue.body.data.total, NEW: queue.body.data.total });
    expect((await call(t, cast.admin, 'POST', `/api/inquiries/${id}/reply`, { reply: '已电话回访' })).status).toBe(200);
    // The tabs' figures follow the queue: one fewer waiting, one followed up.
    expect(await counts()).toMatchObject({ ALL: before.ALL, NEW: before.NEW! - 1, REPLIED: 1 });
    expect((await call(t, cast.admin, 'POST', `/api/inquiries/${id}/close`, {})).status).toBe(200);
    expect(await counts()).toMatchObject({ ALL: before.ALL, NEW: before.NEW! - 1, CLOSED: 1 });
    expect((await call<Record<string, number>>(t, cast.admin, 'GET', '/api/admin/quick-inquiries/counts?keyword=不存在的仪器')).body.data).toEqual({ ALL: 0 });
    expect((await call(t, cast.supplier, 'GET', '/api/admin/quick-inquiries/counts')).status).toBe(403);
  });
});

describe('routing a quick inquiry by hand', () => {
  it('lets an admin forward an unmatched quick inquiry to approved suppliers, once each', async () => {
    const mobile = '13688887777';
    await t.app.inject({ method: 'GET', url: `/resource/sms/code?phonenumber=${mobile}&purpose=inquiry` });
    const r = await call<{ id: number; routed: number }>(t, null, 'POST', '/api/inquiries/quick', {
      subject: '超导量子磁强计',
      quantity: 1,
      unit: '套',
      contactName: '钱老师',
      mobile,
      code: t.lastCode(mobile),
    });
    expect(r.body.data.routed).toBe(0);
    const id = r.body.data.id;
    const route = (supplierIds: unknown) => call(t, cast.admin, 'POST', `/api/admin/quick-inquiries/${id}/route`, { supplierIds });

    expect((await route([])).body.msg).toBe('请选择供应商');
    expect((await route([cast.supplier2.supplierId, cast.supplier2.supplierId])).body.msg).toBe('供应商不能重复');
    expect((await route([999_999])).body).toMatchObject({ code: 400, msg: '所选供应商不存在或未通过审核' });
    expect((await call(t, cast.supplier, 'POST', `/api/admin/quick-inquiries/${id}/route`, { supplierIds: [cast.supplier.supplierId] })).status).toBe(403);

    const ok = await route([cast.supplier2.supplierId]);
    expect(ok.body).toMatchObject({ code: 200, msg: '已分发给1家供应商' });
    const inbox = await call<TPage<TInquiryItem>>(t, cast.supplier2, 'GET', '/api/supplier/inquiries?keyword=超导');
    expect(inbox.body.data.items[0]).toMatchObject({ subject: '超导量子磁强计', fromQuick: true, contactPhone: mobile, productId: null });
    const notes = await call<TPage<{ title: string; link: string }>>(t, cast.supplier2, 'GET', '/api/notifications');
    expect(notes.body.data.items[0]).toMatchObject({ title: '收到平台分发的快速询价', link: `/admin/supplier/inquiry?id=${inbox.body.data.items[0]!.id}` });
    const queue = await call<TPage<TQuickInquiryItem>>(t, cast.admin, 'GET', '/api/admin/quick-inquiries?keyword=超导');
    expect(queue.body.data.items[0]!.routedTo.map((x) => x.supplierName)).toEqual(['北京华测科技有限公司']);

    expect((await route([cast.supplier2.supplierId])).body).toMatchObject({ code: 409, msg: '所选供应商均已收到该询价' });
    await call(t, cast.admin, 'POST', `/api/inquiries/${id}/close`, {});
    expect((await route([cast.supplier.supplierId])).body).toMatchObject({ code: 409, msg: '询价已关闭，不能再分发' });
  });
});

describe('supplier figures', () => {
  it('computes weekly inquiries, response time, quotation and win rates', async () => {
    const r = await call<TInquiryStats>(t, cast.supplier, 'GET', '/api/supplier/inquiries/stats');
    expect(r.status).toBe(200);
    expect(r.body.data.weeks).toHaveLength(12);
    const thisWeek = r.body.data.weeks[11]!;
    expect(thisWeek.inquiries).toBe(r.body.data.totalInquiries);
    expect(r.body.data.totalInquiries).toBeGreaterThanOrEqual(4);
    expect(r.body.data.repliedInquiries).toBeGreaterThanOrEqual(3);
    expect(r.body.data.avgResponseHours).not.toBeNull();
    expect(r.body.data.quotationRate).toBeGreaterThan(0);
    expect(r.body.data).toMatchObject({ quotationsWon: 1, quotationsDecided: 1, winRate: 100 });
    expect((await call(t, cast.purchaser, 'GET', '/api/supplier/inquiries/stats')).status).toBe(403);
    const counts = await call<Record<string, number>>(t, cast.supplier, 'GET', '/api/supplier/inquiries/counts');
    expect(counts.body.data.ALL).toBe(r.body.data.totalInquiries);
  });

  it('takes the cards and the 近12周 chart from one window (12 Beijing calendar weeks), so they add up', async () => {
    const db = t.database.db;
    // Monday 00:00 Beijing time of the chart's first week, as an instant.
    const bj = new Date(Date.now() + 8 * 3600_000);
    const monday = Date.UTC(bj.getUTCFullYear(), bj.getUTCMonth(), bj.getUTCDate()) - ((bj.getUTCDay() + 6) % 7) * 86400_000 - 8 * 3600_000;
    const firstWeek = monday - 11 * 7 * 86400_000;
    // Within a rolling 84 days but before the first week: in no bar of the chart, so in no card.
    const early = (await call<{ id: number }>(t, cast.member, 'POST', '/api/inquiries', inquiry())).body.data.id;
    await db.execute(sql`update inquiries set created_at = ${new Date(firstWeek - 3600_000).toISOString()}::timestamptz where id = ${early}`);
    // In the first week: counted in both.
    const inWindow = (await call<{ id: number }>(t, cast.member, 'POST', '/api/inquiries', inquiry())).body.data.id;
    await db.execute(sql`update inquiries set created_at = ${new Date(firstWeek + 3600_000).toISOString()}::timestamptz where id = ${inWindow}`);
    // A quotation from long ago: not in the chart, so not in the cards either.
    const old = (await call<{ id: number }>(t, cast.member, 'POST', '/api/inquiries', inquiry())).body.data.id;
    const quoted = await call<{ id: number }>(t, cast.supplier, 'POST', '/api/quotations', { inquiryId: old, ...quotationBody() });
    expect(quoted.status).toBe(200);
    await db.execute(sql`update quotations set created_at = now() - interval '200 days' where id = ${quoted.body.data.id}`);
    await db.execute(sql`update inquiries set created_at = now() - interval '200 days' where id = ${old}`);

    const stats = (await call<TInquiryStats>(t, cast.supplier, 'GET', '/api/supplier/inquiries/stats')).body.data;
    const sum = (pick: (w: TInquiryStats['weeks'][number]) => number) => stats.weeks.reduce((a, w) => a + pick(w), 0);
    expect(stats.weeks).toHaveLength(12);
    expect(stats.totalInquiries).toBe(sum((w) => w.inquiries));
    expect(stats.quotationsSubmitted).toBe(sum((w) => w.quotations));
    expect(stats.weeks[0]!.inquiries).toBe(1);
    expect(stats.quotationsDecided).toBeLessThanOrEqual(stats.quotationsSubmitted);
  });
});
