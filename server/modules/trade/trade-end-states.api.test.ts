// Trade end states a buyer can sign off (issue 29): one award per quick inquiry whatever the order
// or timing of the answers, a rejected demand corrected and sent for review (or cancelled), and
// 我的询价's tabs whose figures add up.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotations } from '../../db/schema.js';
import type { TDemandDetail, TInquiryItem, TQuotationDetail } from '../../../contracts/trade.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { call, demandInput, makeCast, makeCategoryTree, makeProduct, postDemand, quotationBody, quote, type TActor } from './test-factories.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let categoryId: number;
let supplier3: TActor;
type TPage<T> = { items: T[]; total: number };
type TNotice = { kind: string; title: string; content: string; link: string };

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  categoryId = (await makeCategoryTree(t)).leaf.id;
  supplier3 = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '广州粤分仪器有限公司' } });
});
afterAll(() => t.close());

let seq = 0;
/** A signed-in buyer's quick inquiry the platform routes to `suppliers`; returns it and each supplier's copy. */
async function routedQuick(buyer: TActor, suppliers: TActor[], subject = `终态测试仪器${++seq}号`) {
  const mobile = `1377000${String(1000 + seq).slice(-4)}`;
  await t.app.inject({ method: 'GET', url: `/resource/sms/code?phonenumber=${mobile}&purpose=inquiry`, remoteAddress: `10.9.0.${seq}` });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries/quick',
    headers: buyer.auth,
    remoteAddress: `10.9.0.${seq}`,
    payload: { subject, quantity: 1, unit: '台', contactName: '王老师', mobile, code: t.lastCode(mobile), message: '请报含税价' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { data: { id: number } }).data.id;
  const routed = await call(t, cast.admin, 'POST', `/api/admin/quick-inquiries/${id}/route`, { supplierIds: suppliers.map((s) => s.supplierId) });
  expect(routed.status, routed.body.msg).toBe(200);
  const copies: number[] = [];
  for (const s of suppliers) {
    const inbox = await call<TPage<TInquiryItem>>(t, s, 'GET', `/api/supplier/inquiries?keyword=${encodeURIComponent(subject)}`);
    copies.push(inbox.body.data.items.find((i) => i.fromQuick)!.id);
  }
  return { id, copies, subject };
}

const quoteOn = (s: TActor, inquiryId: number, unitPrice = 120_000) => call<{ id: number }>(t, s, 'POST', '/api/quotations', { inquiryId, ...quotationBody({ lines: [{ ...quotationBody().lines[0]!, unitPrice, quantity: 1 }] }) });
const notices = async (who: TActor) => (await call<TPage<TNotice>>(t, who, 'GET', '/api/notifications?pageSize=50')).body.data.items;

describe('one award per quick inquiry', () => {
  it('closes the inquiry and every copy when one quotation is accepted; the others are 未中选 and nothing more is accepted', async () => {
    const { id, copies, subject } = await routedQuick(cast.purchaser, [cast.supplier, cast.supplier2, supplier3]);
    const q1 = (await quoteOn(cast.supplier, copies[0]!)).body.data.id;
    const q2 = (await quoteOn(cast.supplier2, copies[1]!, 110_000)).body.data.id;

    const accepted = await call(t, cast.purchaser, 'POST', `/api/quotations/${q2}/accept`, { version: 1 });
    expect(accepted.status, accepted.body.msg).toBe(200);

    // The other pending quotation is not selected, with the notice a demand's losers get.
    const other = await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${q1}`);
    expect(other.body.data.status).toBe('NOT_SELECTED');
    expect((await notices(cast.supplier)).find((n) => n.kind === 'quotation_not_selected' && n.link.endsWith(`id=${q1}`))).toMatchObject({
      title: '报价未中选',
      content: `采购方已对“${subject}”选定其他供应商，感谢您的报价。`,
    });
    // The supplier that had not answered is told the inquiry ended.
    expect((await notices(supplier3)).find((n) => n.kind === 'inquiry_closed')).toMatchObject({ title: '询价已结束', link: `/admin/supplier/inquiry?id=${copies[2]}` });

    // Nothing more on any copy: no quotation, no reply, no second award.
    const late = await quoteOn(supplier3, copies[2]!);
    expect(late.body).toMatchObject({ code: 409, msg: '采购方已选定其他供应商的报价，该询价已关闭，不能再报价' });
    const reply = await call(t, supplier3, 'POST', `/api/inquiries/${copies[2]}/reply`, { reply: '现货供应' });
    expect(reply.body).toMatchObject({ code: 409, msg: '采购方已选定其他供应商的报价，该询价已关闭，不能再回复' });
    expect((await call(t, cast.purchaser, 'POST', `/api/quotations/${q1}/accept`, { version: 1 })).status).toBe(409);
    expect((await call(t, cast.admin, 'POST', `/api/admin/quick-inquiries/${id}/route`, { supplierIds: [cast.supplier.supplierId] })).body.msg).toBe('询价已关闭，不能再分发');

    // The buyer's page shows one decision.
    const sent = await call<TPage<TInquiryItem>>(t, cast.purchaser, 'GET', '/api/purchaser/inquiries?pageSize=50');
    const item = sent.body.data.items.find((i) => i.id === id)!;
    expect(item.status).toBe('CLOSED');
    expect(item.answers.map((a) => [a.status, a.quotation?.status ?? null])).toEqual([
      ['CLOSED', 'NOT_SELECTED'],
      ['CLOSED', 'ACCEPTED'],
      ['CLOSED', null],
    ]);
  });

  it('awards once when the buyer accepts two copies at the same moment, and refuses a quotation racing the award', async () => {
    for (let round = 0; round < 3; round++) {
      const { copies } = await routedQuick(cast.otherPurchaser, [cast.supplier, cast.supplier2, supplier3]);
      const q1 = (await quoteOn(cast.supplier, copies[0]!)).body.data.id;
      const q2 = (await quoteOn(cast.supplier2, copies[1]!)).body.data.id;
      const [a, b, late] = await Promise.all([
        call(t, cast.otherPurchaser, 'POST', `/api/quotations/${q1}/accept`, { version: 1 }),
        call(t, cast.otherPurchaser, 'POST', `/api/quotations/${q2}/accept`, { version: 1 }),
        quoteOn(supplier3, copies[2]!),
      ]);
      expect([a.status, b.status].sort(), `${a.body.msg} / ${b.body.msg}`).toEqual([200, 409]);
      const states = await Promise.all([q1, q2].map(async (q) => (await call<TQuotationDetail>(t, cast.otherPurchaser, 'GET', `/api/quotations/${q}`)).body.data.status));
      expect(states.filter((s) => s === 'ACCEPTED')).toHaveLength(1);
      expect(states.filter((s) => s === 'NOT_SELECTED')).toHaveLength(1);
      // The third supplier's quotation either arrived before the award (then it is 未中选) or was refused.
      if (late.status === 200) expect((await call<TQuotationDetail>(t, supplier3, 'GET', `/api/quotations/${late.body.data.id}`)).body.data.status).toBe('NOT_SELECTED');
      else expect(late.status).toBe(409);
    }
  });

  it('keeps two product inquiries for the same thing as two needs, each with its own award', async () => {
    const product = await makeProduct(t, cast.supplier.supplierId!, { categoryId, name: '原子吸收光谱仪', model: 'AA-7000' });
    const ask = async () => (await call<{ id: number }>(t, cast.purchaser, 'POST', '/api/inquiries', { productId: product.id, quantity: 1, message: '请报含税价及交货期', contactName: '王工', contactPhone: '021-64251234' })).body.data.id;
    const [first, second] = [await ask(), await ask()];
    for (const inquiryId of [first, second]) {
      const q = (await quoteOn(cast.supplier, inquiryId)).body.data.id;
      expect((await call(t, cast.purchaser, 'POST', `/api/quotations/${q}/accept`, { version: 1 })).status).toBe(200);
    }
  });
});

describe('a rejected demand is corrected and sent for review', () => {
  it('opens in the form with its reason, goes to review on submit, and back on the hall when an admin approves', async () => {
    const id = await postDemand(t, cast.purchaser, categoryId, { title: '采购原子吸收光谱仪1台 联系13900000000' });
    const taken = await quote(t, cast.supplier, id);
    // The buyer opens the first round's quotations (查看后撤回 counts withdrawals after this).
    expect((await call(t, cast.purchaser, 'GET', `/api/demands/${id}/quotations`)).status).toBe(200);
    const reason = '标题含联系方式，请删除后重新提交';
    expect((await call(t, cast.admin, 'POST', `/api/admin/demands/${id}/reject`, { reason })).status).toBe(200);
    expect((await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${taken}`)).body.data.status).toBe('NOT_SELECTED');
    expect((await notices(cast.purchaser)).find((n) => n.title === '求购已被驳回')?.content).toContain('请按原因修改后重新提交审核，或取消该求购');

    // Straight back onto the hall is refused; the form is the way.
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/submit`, {})).body).toMatchObject({ code: 409, msg: '请按驳回原因修改求购后提交审核' });
    const form = await call<{ status: string; title: string; rejectReason: string | null; params: unknown[] }>(t, cast.purchaser, 'GET', `/api/demands/${id}/edit`);
    expect(form.body.data).toMatchObject({ status: 'REJECTED', title: '采购原子吸收光谱仪1台 联系13900000000', rejectReason: reason });
    expect(form.body.data.params).toHaveLength(2);

    // Saving keeps it 已驳回; submitting sends it for review and tells the admins.
    const saved = await call<{ status: string }>(t, cast.purchaser, 'PUT', `/api/demands/${id}`, demandInput(categoryId, { title: '采购原子吸收光谱仪1台', submit: false }));
    expect(saved.body).toMatchObject({ code: 200, data: { status: 'REJECTED' } });
    const sent = await call<{ status: string }>(t, cast.purchaser, 'PUT', `/api/demands/${id}`, demandInput(categoryId, { title: '采购原子吸收光谱仪1台', submit: true }));
    expect(sent.body).toMatchObject({ code: 200, msg: '已提交审核，平台审核通过后将重新发布', data: { status: 'PENDING_REVIEW' } });
    expect((await notices(cast.admin)).find((n) => n.kind === 'demand_review')).toMatchObject({ title: '求购待审核', link: '/admin/purchaser/demand-manager?scope=all&status=PENDING_REVIEW' });
    // Under review: not on the hall, not open to quotations, not editable twice.
    expect((await call(t, cast.supplier2, 'GET', `/api/demands/${id}`)).status).toBe(404);
    expect((await call(t, cast.purchaser, 'PUT', `/api/demands/${id}`, demandInput(categoryId, { submit: true }))).status).toBe(409);
    const counts = (await call<Record<string, number>>(t, cast.purchaser, 'GET', '/api/purchaser/demands/counts')).body.data;
    expect(counts.PENDING_REVIEW).toBe(1);

    // Only an admin approves.
    expect((await call(t, cast.purchaser, 'POST', `/api/admin/demands/${id}/approve`, {})).status).toBe(403);
    const approved = await call<{ status: string }>(t, cast.admin, 'POST', `/api/admin/demands/${id}/approve`, {});
    expect(approved.body).toMatchObject({ code: 200, data: { status: 'OPEN' } });
    expect((await notices(cast.purchaser)).some((n) => n.kind === 'demand_approved')).toBe(true);
    const hall = await call<TDemandDetail>(t, cast.supplier2, 'GET', `/api/demands/${id}`);
    expect(hall.body.data).toMatchObject({ status: 'OPEN', title: '采购原子吸收光谱仪1台' });

    // The supplier whose quotation went down with the demand quotes again (its next version).
    const again = await call<{ id: number }>(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...quotationBody() });
    expect(again.body).toMatchObject({ code: 200, data: { id: taken } });
    expect((await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${taken}`)).body.data).toMatchObject({ status: 'SUBMITTED', version: 2 });
    // The new round is unopened: withdrawing it before the buyer looks is not counted against the supplier.
    const [opened] = await t.database.db.select({ at: quotations.buyerOpenedAt }).from(quotations).where(eq(quotations.id, taken));
    expect(opened!.at).toBeNull();
    expect((await call<TDemandDetail>(t, cast.purchaser, 'GET', `/api/demands/${id}`)).body.data.status).toBe('QUOTED');
  });

  it('can be cancelled instead, and a second rejection works the same way', async () => {
    const id = await postDemand(t, cast.otherPurchaser, categoryId);
    await call(t, cast.admin, 'POST', `/api/admin/demands/${id}/reject`, { reason: '分类选择错误' });
    await call(t, cast.otherPurchaser, 'PUT', `/api/demands/${id}`, demandInput(categoryId, { submit: true }));
    expect((await call(t, cast.admin, 'POST', `/api/admin/demands/${id}/reject`, { reason: '分类仍不正确' })).status).toBe(200);
    expect((await call<{ rejectReason: string }>(t, cast.otherPurchaser, 'GET', `/api/demands/${id}/edit`)).body.data.rejectReason).toBe('分类仍不正确');
    const cancelled = await call<{ status: string }>(t, cast.otherPurchaser, 'POST', `/api/demands/${id}/cancel`, {});
    expect(cancelled.body).toMatchObject({ code: 200, data: { status: 'CANCELLED' } });
  });
});

describe('我的询价 tabs', () => {
  it('counts each state as the buyer sees it, and the tabs add up to 全部 and to the lists', async () => {
    const buyer = await makeMember(t, { roles: ['member', 'purchaser'] });
    const a = await routedQuick(buyer, [cast.supplier, cast.supplier2]);
    await routedQuick(buyer, [cast.supplier2]);
    const c = await routedQuick(buyer, [supplier3]);
    // a: answered by a supplier → 已回复 for the buyer (the platform's record stays 待处理); c: closed.
    expect((await call(t, cast.supplier, 'POST', `/api/inquiries/${a.copies[0]}/reply`, { reply: '现货，含税价12万' })).body.msg).toBe('回复已发送');
    await call(t, buyer, 'POST', `/api/inquiries/${c.id}/close`, {});
    const countsRes = await call<Record<string, number>>(t, buyer, 'GET', '/api/purchaser/inquiries/counts');
    expect(countsRes.status, countsRes.body.msg).toBe(200);
    const counts = countsRes.body.data;
    expect(counts).toEqual({ ALL: 3, NEW: 1, REPLIED: 1, CLOSED: 1 });
    for (const status of ['NEW', 'REPLIED', 'CLOSED']) {
      const list = await call<TPage<TInquiryItem>>(t, buyer, 'GET', `/api/purchaser/inquiries?status=${status}`);
      expect(list.body.data.total, status).toBe(counts[status]);
      expect(list.body.data.items.every((i) => i.status === status), status).toBe(true);
    }
    expect((await call(t, null, 'GET', '/api/purchaser/inquiries/counts')).status).toBe(401);
  });
});
