// Regression tests of issue 21 (items 2–7, 9): each sequence that used to put a wrong state,
// number or price in front of a user, replayed over the real API on a real database.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TDemandDetail, TInquiryItem, TMyDemandItem, TQuotationDetail, TQuotationItem } from '../../../contracts/trade.js';
import { products } from '../../db/schema.js';
import { advanceClock, resetClock } from '../../lib/clock.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { call, dayFromNow, makeCast, makeCategoryTree, makeProduct, postDemand, quotationBody, quotationLine, quote } from './test-factories.js';
import { runTradeJobs } from './trade.jobs.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let cats: Awaited<ReturnType<typeof makeCategoryTree>>;
type TPage<T> = { items: T[]; total: number };
const DAY = 86400_000;

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  cats = await makeCategoryTree(t);
});
afterAll(() => t.close());
afterEach(() => resetClock());

const demandOf = async (id: number) => (await call<TDemandDetail>(t, cast.purchaser, 'GET', `/api/demands/${id}`)).body.data;
const notesOf = async (who: typeof cast.purchaser) => (await call<TPage<{ title: string; kind: string; link: string; content: string }>>(t, who, 'GET', '/api/notifications?pageSize=50')).body.data.items;

describe('a demand whose quotations are all gone (item 3)', () => {
  it('goes back to 报价中 with 0 quotations when its only quotation is withdrawn, expires at the deadline and can be re-posted', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteDeadline: dayFromNow(3) });
    const q = await quote(t, cast.supplier, id);
    expect(await demandOf(id)).toMatchObject({ status: 'QUOTED', quotationCount: 1 });
    expect((await call(t, cast.supplier, 'POST', `/api/quotations/${q}/withdraw`, {})).status).toBe(200);
    const hall = await call<TPage<{ id: number; status: string; quotationCount: number }>>(t, null, 'GET', '/api/demands?pageSize=50');
    expect(hall.body.data.items.find((d) => d.id === id)).toMatchObject({ status: 'OPEN', quotationCount: 0 });
    advanceClock(4 * DAY);
    await runTradeJobs(t.app);
    expect(await demandOf(id)).toMatchObject({ status: 'EXPIRED' });
    const repost = await call<{ id: number; status: string }>(t, cast.purchaser, 'POST', `/api/demands/${id}/repost`, {});
    expect(repost.status).toBe(200);
    expect(repost.body.data.status).toBe('DRAFT');
  });

  it('expires instead of entering 评标中 when its only quotation lapsed before the deadline', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteDeadline: dayFromNow(5) });
    await quote(t, cast.supplier, id, { validUntil: dayFromNow(5) });
    advanceClock(6 * DAY);
    await runTradeJobs(t.app);
    const d = await demandOf(id);
    expect(d.status).toBe('EXPIRED');
    const notes = await notesOf(cast.purchaser);
    expect(notes.some((n) => n.kind === 'demand_evaluating' && n.link.includes(`demandId=${id}`))).toBe(false);
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/repost`, {})).status).toBe(200);
  });

  it('goes back to 报价中 when the buyer rejects its last pending quotation', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const q = await quote(t, cast.supplier, id);
    expect((await call(t, cast.purchaser, 'POST', `/api/quotations/${q}/reject`, { reason: '价格过高', version: 1 })).status).toBe(200);
    expect(await demandOf(id)).toMatchObject({ status: 'OPEN', accepting: true });
  });

  it('ends (已过期) when the buyer stopped quoting and the only quotation is then withdrawn', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const q = await quote(t, cast.supplier, id);
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/stop`, {})).status).toBe(200);
    expect((await call(t, cast.supplier, 'POST', `/api/quotations/${q}/withdraw`, {})).status).toBe(200);
    expect((await demandOf(id)).status).toBe('EXPIRED');
  });
});

describe('quotation money (items 5, 6)', () => {
  it('refuses a price that rounds to ¥0 and more than two decimals', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    for (const [unitPrice, msg] of [
      [0.004, '单价最多保留两位小数'],
      [0.001, '单价最多保留两位小数'],
      [0, '单价必须大于0'],
      [-5, '单价必须大于0'],
      [10_000_000_000, '单价不能超过¥9,999,999,999'],
    ] as const) {
      const r = await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...quotationBody({ lines: [quotationLine({ unitPrice })] }) });
      expect(r.status, String(unitPrice)).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
  });

  it('answers 400, not 500, when quantity × price would overflow, on submit and on revise', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const huge = quotationBody({ lines: [quotationLine({ unitPrice: 9_999_999_999, quantity: 100_000 })] });
    const r = await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...huge });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('单价×数量不能超过¥99,999,999,999');
    const sum = quotationBody({ lines: [quotationLine({ unitPrice: 9_000_000_000, quantity: 10 }), quotationLine({ unitPrice: 9_000_000_000, quantity: 10 })] });
    expect((await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...sum })).body.msg).toBe('报价合计不能超过¥99,999,999,999');
    const q = await quote(t, cast.supplier, id, { lines: [quotationLine({ unitPrice: 0.01, quantity: 3 })] });
    expect((await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${q}`)).body.data.totalAmount).toBe(0.03);
    expect((await call(t, cast.supplier, 'PUT', `/api/quotations/${q}`, huge)).status).toBe(400);
  });

  it('refuses a 批量改价 that would push a product above the price cap, and changes nothing', async () => {
    const p = await makeProduct(t, cast.supplier.supplierId!, { categoryId: cats.leaf.id, name: '超高价仪器', model: 'MAX-1' });
    await t.database.db.update(products).set({ price: '9000000000' }).where(eq(products.id, p.id));
    const r = await call(t, cast.supplier, 'PUT', '/api/supplier/products/batch/price', { ids: [p.id], percent: 20 });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('调价后价格将超过上限¥9,999,999,999，请降低调价比例');
    const [row] = await t.database.db.select({ price: products.price }).from(products).where(eq(products.id, p.id));
    expect(Number(row!.price)).toBe(9_000_000_000);
    expect((await call(t, cast.supplier, 'PUT', '/api/supplier/products/batch/price', { ids: [p.id], percent: 10 })).status).toBe(200);
  });
});

describe('dates and revisability (item 7)', () => {
  it('keeps 提交时间 at the submission of the current version when the status changes later', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const q = await quote(t, cast.supplier, id);
    const before = (await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${q}`)).body.data;
    advanceClock(2 * DAY);
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/cancel`, {})).status).toBe(200);
    const after = (await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${q}`)).body.data;
    expect(after.status).toBe('NOT_SELECTED');
    expect(after.submittedAt).toBe(before.submittedAt);
    expect(after.submittedAt).toBe(after.current.createdAt);
  });

  it('stops offering 修改 once the buyer stopped quoting, with the reason the server refuses with', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '停止报价后修改测试' });
    const q = await quote(t, cast.supplier, id);
    let list = await call<TPage<TQuotationItem>>(t, cast.supplier, 'GET', '/api/supplier/quotations?keyword=停止报价后修改测试');
    expect(list.body.data.items[0]).toMatchObject({ id: q, canRevise: true, reviseBlocked: null });
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/stop`, {})).status).toBe(200);
    list = await call<TPage<TQuotationItem>>(t, cast.supplier, 'GET', '/api/supplier/quotations?keyword=停止报价后修改测试');
    const reason = '该求购已停止接收报价（评标中），不能再修改报价';
    expect(list.body.data.items[0]).toMatchObject({ canRevise: false, reviseBlocked: reason });
    expect((await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${q}`)).body.data).toMatchObject({ canRevise: false, reviseBlocked: reason });
    const r = await call(t, cast.supplier, 'PUT', `/api/quotations/${q}`, quotationBody());
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe(reason);
  });

  it('refuses a validity that ends before the demand’s quote deadline', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteDeadline: dayFromNow(60), needBy: dayFromNow(80) });
    const r = await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...quotationBody({ validUntil: dayFromNow(30) }) });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('报价有效期不能早于求购的报价截止日期');
    expect((await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...quotationBody({ validUntil: dayFromNow(60) }) })).status).toBe(200);
  });
});

describe('lists that add up (item 9)', () => {
  it('shows rejected demands under their own state with the platform’s reason', async () => {
    const buyer = await makeMember(t, { roles: ['member', 'purchaser'] });
    const id = await postDemand(t, buyer, cats.leaf.id, { title: '将被驳回的求购' });
    await postDemand(t, buyer, cats.leaf.id, { title: '正常的求购' });
    expect((await call(t, cast.admin, 'POST', `/api/admin/demands/${id}/reject`, { reason: '含联系方式，违反发布规则' })).status).toBe(200);
    const counts = (await call<Record<string, number>>(t, buyer, 'GET', '/api/purchaser/demands/counts')).body.data;
    expect(counts).toMatchObject({ ALL: 2, REJECTED: 1, OPEN: 1 });
    const rejected = await call<TPage<TMyDemandItem>>(t, buyer, 'GET', '/api/purchaser/demands?status=REJECTED');
    expect(rejected.body.data.items).toHaveLength(1);
    expect(rejected.body.data.items[0]).toMatchObject({ id, rejectReason: '含联系方式，违反发布规则' });
  });

  it('counts tabs with the list’s keyword', async () => {
    const buyer = await makeMember(t, { roles: ['member', 'purchaser'] });
    const a = await postDemand(t, buyer, cats.leaf.id, { title: '液相色谱仪采购' });
    await postDemand(t, buyer, cats.leaf.id, { title: '离心机采购一台' });
    await quote(t, cast.supplier2, a);
    const dc = (await call<Record<string, number>>(t, buyer, 'GET', `/api/purchaser/demands/counts?keyword=${encodeURIComponent('液相')}`)).body.data;
    expect(dc).toMatchObject({ ALL: 1, QUOTED: 1 });
    expect(dc.OPEN ?? 0).toBe(0);
    const qc = (await call<Record<string, number>>(t, cast.supplier2, 'GET', `/api/supplier/quotations/counts?keyword=${encodeURIComponent('液相色谱仪采购')}`)).body.data;
    const ql = (await call<TPage<TQuotationItem>>(t, cast.supplier2, 'GET', `/api/supplier/quotations?keyword=${encodeURIComponent('液相色谱仪采购')}`)).body.data;
    expect(qc.ALL).toBe(ql.total);
    expect(qc.ALL).toBe(1);
  });
});

describe('inquiries (items 2, 4)', () => {
  it('closing an inquiry closes its pending quotation and tells the supplier', async () => {
    const productId = (await makeProduct(t, cast.supplier.supplierId!, { categoryId: cats.leaf.id, name: '紫外分光光度计', model: 'UV-1800' })).id;
    const inq = (await call<{ id: number }>(t, cast.purchaser, 'POST', '/api/inquiries', { productId, quantity: 1, message: '请报含税价和货期', contactName: '李明', contactPhone: '13912345678' })).body.data.id;
    const q = (await call<{ id: number }>(t, cast.supplier, 'POST', '/api/quotations', { inquiryId: inq, ...quotationBody() })).body.data.id;
    expect((await call(t, cast.purchaser, 'POST', `/api/inquiries/${inq}/close`, {})).status).toBe(200);
    const detail = (await call<TQuotationDetail>(t, cast.purchaser, 'GET', `/api/quotations/${q}`)).body.data;
    expect(detail.status).toBe('NOT_SELECTED');
    const accept = await call(t, cast.purchaser, 'POST', `/api/quotations/${q}/accept`, { version: 1 });
    expect(accept.status).toBe(409);
    const notes = await notesOf(cast.supplier);
    expect(notes.find((n) => n.link === `/admin/supplier/quotation/detail?id=${q}`)).toMatchObject({ title: '询价已关闭，报价未中选' });
  });

  it('brings the suppliers’ replies and quotations to a signed-in buyer’s quick inquiry, and closing it closes them', async () => {
    const buyer = await makeMember(t, { roles: ['member', 'purchaser'] });
    await makeProduct(t, cast.supplier.supplierId!, { categoryId: cats.leaf.id, name: '原子吸收光谱仪', model: 'AA-7000' });
    await makeProduct(t, cast.supplier2.supplierId!, { categoryId: cats.leaf.id, name: '原子吸收光谱仪', model: 'AAS-990' });
    const mobile = '13677775555';
    expect((await t.app.inject({ method: 'GET', url: `/resource/sms/code?phonenumber=${mobile}&purpose=inquiry` })).statusCode).toBe(200);
    const created = await call<{ id: number; routed: number }>(t, buyer, 'POST', '/api/inquiries/quick', {
      subject: '原子吸收光谱仪',
      quantity: 1,
      unit: '台',
      contactName: '王老师',
      mobile,
      code: t.lastCode(mobile),
      message: '需要石墨炉',
    });
    expect(created.status, created.body.msg).toBe(200);
    const quickId = created.body.data.id;
    const inbox1 = (await call<TPage<TInquiryItem>>(t, cast.supplier, 'GET', '/api/supplier/inquiries?keyword=原子吸收')).body.data.items.find((i) => i.fromQuick)!;
    const inbox2 = (await call<TPage<TInquiryItem>>(t, cast.supplier2, 'GET', '/api/supplier/inquiries?keyword=原子吸收')).body.data.items.find((i) => i.fromQuick)!;
    expect((await call(t, cast.supplier, 'POST', `/api/inquiries/${inbox1.id}/reply`, { reply: '现货，含税38万' })).status).toBe(200);
    const q = (await call<{ id: number }>(t, cast.supplier2, 'POST', '/api/quotations', { inquiryId: inbox2.id, ...quotationBody({ lines: [quotationLine({ unitPrice: 380000, quantity: 1 })] }) })).body.data.id;

    const mine = (await call<TPage<TInquiryItem>>(t, buyer, 'GET', '/api/purchaser/inquiries')).body.data;
    expect(mine.total).toBe(1);
    const item = mine.items[0]!;
    expect(item).toMatchObject({ id: quickId, kind: 'quick', status: 'REPLIED' });
    expect(item.answers.find((a) => a.inquiryId === inbox1.id)).toMatchObject({ supplierName: '上海谱析仪器有限公司', reply: '现货，含税38万' });
    expect(item.answers.find((a) => a.inquiryId === inbox2.id)).toMatchObject({ supplierName: '北京华测科技有限公司', quotation: { id: q, status: 'SUBMITTED' } });
    // The buyer's filter agrees with what it is shown; the platform's queue still waits for an admin.
    expect((await call<TPage<TInquiryItem>>(t, buyer, 'GET', '/api/purchaser/inquiries?status=REPLIED')).body.data.items.map((i) => i.id)).toEqual([quickId]);
    expect((await call<TPage<TInquiryItem>>(t, buyer, 'GET', '/api/purchaser/inquiries?status=NEW')).body.data.total).toBe(0);
    const queue = (await call<TPage<TInquiryItem>>(t, cast.admin, 'GET', '/api/admin/quick-inquiries?pageSize=50')).body.data.items;
    expect(queue.find((i) => i.id === quickId)?.status).toBe('NEW');
    // The notices point at 我的询价, which now shows what they say.
    const notes = await notesOf(buyer);
    expect(notes.filter((n) => n.kind === 'inquiry_replied' || n.kind === 'new_quotation').every((n) => n.link === '/admin/purchaser/demand-manager?tab=inquiries')).toBe(true);

    expect((await call(t, buyer, 'POST', `/api/inquiries/${quickId}/close`, {})).status).toBe(200);
    const after = (await call<TPage<TInquiryItem>>(t, buyer, 'GET', '/api/purchaser/inquiries')).body.data.items[0]!;
    expect(after.status).toBe('CLOSED');
    expect(after.answers.every((a) => a.status === 'CLOSED')).toBe(true);
    expect(after.answers.find((a) => a.inquiryId === inbox2.id)!.quotation!.status).toBe('NOT_SELECTED');
    expect((await call<TInquiryItem>(t, cast.supplier, 'GET', `/api/inquiries/${inbox1.id}`)).body.data.status).toBe('CLOSED');
  });
});
