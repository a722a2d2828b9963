// API tests of sealed quotations: submitting, the cap and the deadline, revisions with versions,
// withdrawal, acceptance (others NOT_SELECTED) and rejection, the comparison and its exports,
// and the notifications each event sends.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { VERSION_MISSING_MESSAGE } from '../../../../contracts/backoffice.js';
import type { TComparison } from '../../../../contracts/comparison.js';
import type { TDemandDetail, TQuotationDetail, TQuotationItem } from '../../../../contracts/trade.js';
import { endOfChinaDay } from '../../../../contracts/time.js';
import { demands, members, quotations, suppliers } from '../../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../../test/harness.js';
import { call, dayFromNow, makeCast, makeCategoryTree, postDemand, quotationBody, quotationLine, quote } from '../test-factories.js';
import { CJK_FONT_FILE } from './comparison-export.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let cats: Awaited<ReturnType<typeof makeCategoryTree>>;
type TPage<T> = { items: T[]; total: number };

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  cats = await makeCategoryTree(t);
  await t.database.db.update(members).set({ email: 'buyer@example.com', companyName: '华东理工大学' }).where(eq(members.id, cast.purchaser.id));
});
afterAll(() => t.close());

const notificationsOf = async (who: typeof cast.purchaser) => (await call<TPage<{ title: string; kind: string; link: string }>>(t, who, 'GET', '/api/notifications?pageSize=50')).body.data.items;

describe('submitting', () => {
  it('makes the first quotation move the demand to QUOTED and notifies the purchaser in-app and by e-mail', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '首个报价测试' });
    const r = await call<{ id: number }>(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...quotationBody() });
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('报价已提交');
    const d = await call<TDemandDetail>(t, cast.purchaser, 'GET', `/api/demands/${id}`);
    expect(d.body.data).toMatchObject({ status: 'QUOTED', quotationCount: 1 });
    const notes = await notificationsOf(cast.purchaser);
    expect(notes[0]).toMatchObject({ kind: 'new_quotation', title: '收到新报价', link: `/admin/purchaser/demand-quotation?demandId=${id}` });
    expect(t.outbox('email').some((m) => m.to === 'buyer@example.com' && m.text?.includes('首个报价测试'))).toBe(true);
    const mine = await call<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${id}`);
    expect(mine.body.data.myQuotation).toMatchObject({ id: r.body.data.id, status: 'SUBMITTED', version: 1 });
  });

  it('allows one quotation per supplier per demand', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    await quote(t, cast.supplier, id);
    const again = await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...quotationBody() });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('您已对该求购报价，请在报价管理中修改原报价');
  });

  it('stops at the cap: the cap-th quotation moves the demand to EVALUATING, the next is refused', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteCap: 1 });
    await quote(t, cast.supplier, id);
    const d = await call<TDemandDetail>(t, cast.purchaser, 'GET', `/api/demands/${id}`);
    expect(d.body.data).toMatchObject({ status: 'EVALUATING', accepting: false });
    const late = await call(t, cast.supplier2, 'POST', '/api/quotations', { demandId: id, ...quotationBody() });
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('该求购已停止接收报价');
  });

  it('refuses quotations after the deadline', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    await t.database.db.update(demands).set({ quoteDeadline: new Date(Date.now() - 60_000) }).where(eq(demands.id, id));
    const r = await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...quotationBody() });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('该求购已过报价截止时间');
  });

  it('refuses non-suppliers, drafts, own demands and bad input', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    expect((await call(t, null, 'POST', '/api/quotations', { demandId: id, ...quotationBody() })).status).toBe(401);
    expect((await call(t, cast.purchaser, 'POST', '/api/quotations', { demandId: id, ...quotationBody() })).status).toBe(403);
    expect((await call(t, cast.admin, 'POST', '/api/quotations', { demandId: id, ...quotationBody() })).body.msg).toBe('只有入驻供应商可以报价');
    const draft = await postDemand(t, cast.purchaser, cats.leaf.id, { submit: false });
    expect((await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: draft, ...quotationBody() })).status).toBe(404);
    const both = await makeMember(t, { roles: ['member', 'purchaser', 'supplier'], supplier: {} });
    const own = await postDemand(t, both, cats.leaf.id);
    expect((await call(t, both, 'POST', '/api/quotations', { demandId: own, ...quotationBody() })).body.msg).toBe('不能对自己发布的求购报价');
    const cases: [object, string][] = [
      [{ lines: [] }, '请至少填写一行报价'],
      [{ lines: [quotationLine({ unitPrice: 0 })] }, '单价必须大于0'],
      [{ lines: [quotationLine({ brand: '' })] }, '品牌不能为空'],
      [{ lines: [quotationLine({ leadTimeDays: 400 })] }, '交货期不能超过365天'],
      [{ validUntil: '2020-01-01' }, '报价有效期不能早于今天'],
    ];
    for (const [over, msg] of cases) {
      const r = await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...quotationBody(), ...over });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    const neither = await call(t, cast.supplier, 'POST', '/api/quotations', quotationBody());
    expect(neither.body.msg).toBe('请指定要报价的求购或询价');
  });
});

describe('revising and withdrawing', () => {
  it('keeps every version and logs each revision', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const qid = await quote(t, cast.supplier, id);
    const r = await call<{ version: number }>(t, cast.supplier, 'PUT', `/api/quotations/${qid}`, quotationBody({ lines: [quotationLine({ unitPrice: 210000 })] }));
    expect(r.body).toMatchObject({ code: 200, data: { version: 2 } });
    const d = await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${qid}`);
    expect(d.body.data.versions.map((v) => [v.version, v.totalAmount])).toEqual([
      [2, 420000],
      [1, 460000],
    ]);
    expect(d.body.data.history.map((h) => [h.fromState, h.toState, h.note])).toEqual([
      [null, 'SUBMITTED', '提交报价（第1版）'],
      ['SUBMITTED', 'SUBMITTED', '修改报价（第2版）'],
    ]);
    expect(d.body.data.contact).toBeNull();
  });

  it('refuses a second window saving from the version the first one already revised (409), keeping the first revision', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const qid = await quote(t, cast.supplier, id);
    // Both windows opened the form on version 1; the first saves.
    const first = await call<{ version: number }>(t, cast.supplier, 'PUT', `/api/quotations/${qid}`, quotationBody({ version: 1, lines: [quotationLine({ unitPrice: 210000 })], notes: '窗口一' }));
    expect(first.body).toMatchObject({ code: 200, data: { version: 2 } });
    const second = await call(t, cast.supplier, 'PUT', `/api/quotations/${qid}`, quotationBody({ version: 1, lines: [quotationLine({ unitPrice: 199000 })], notes: '窗口二' }));
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('内容已被他人修改，请刷新后再编辑');
    const stored = (await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${qid}`)).body.data;
    expect(stored).toMatchObject({ version: 2, totalAmount: 420000, notes: '窗口一' });
    expect(stored.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(stored.history).toHaveLength(2);
    // A revision without a version is refused too; from the reloaded version it goes through.
    const { version: _v, ...unversioned } = quotationBody();
    expect((await call(t, cast.supplier, 'PUT', `/api/quotations/${qid}`, unversioned)).body).toMatchObject({ code: 400, msg: VERSION_MISSING_MESSAGE });
    expect((await call(t, cast.supplier, 'PUT', `/api/quotations/${qid}`, quotationBody({ version: 2, notes: '窗口二' }))).body).toMatchObject({ code: 200, data: { version: 3 } });
  });

  it('withdraws before a decision; then neither revising nor withdrawing again is allowed', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const qid = await quote(t, cast.supplier, id);
    expect((await call(t, cast.supplier, 'POST', `/api/quotations/${qid}/withdraw`, {})).status).toBe(200);
    const again = await call(t, cast.supplier, 'POST', `/api/quotations/${qid}/withdraw`, {});
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('当前状态（已撤回）不允许此操作');
    expect((await call(t, cast.supplier, 'PUT', `/api/quotations/${qid}`, quotationBody())).status).toBe(409);
    const requote = await call(t, cast.supplier, 'POST', '/api/quotations', { demandId: id, ...quotationBody() });
    expect(requote.body.msg).toBe('您已撤回对该求购的报价，不能再次报价');
  });

  it('another supplier cannot see, revise or withdraw it (404)', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const qid = await quote(t, cast.supplier, id);
    expect((await call(t, cast.supplier2, 'GET', `/api/quotations/${qid}`)).status).toBe(404);
    expect((await call(t, cast.supplier2, 'PUT', `/api/quotations/${qid}`, quotationBody())).status).toBe(404);
    expect((await call(t, cast.supplier2, 'POST', `/api/quotations/${qid}/withdraw`, {})).status).toBe(404);
  });
});

describe('deciding', () => {
  let demandId: number;
  let q1: number;
  let q2: number;
  beforeAll(async () => {
    demandId = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '比价定标测试：气相色谱仪' });
    q1 = await quote(t, cast.supplier, demandId, { lines: [quotationLine({ unitPrice: 230000, leadTimeDays: 45 })], specs: [{ name: '检测器', value: 'FID+TCD' }] });
    q2 = await quote(t, cast.supplier2, demandId, { lines: [quotationLine({ unitPrice: 210000, taxIncluded: false, leadTimeDays: 20, brand: '岛津', model: 'GC-2030' })] });
  });

  it('compares side by side against the demand parameters; 不含税 prices are compared with VAT', async () => {
    const r = await call<TComparison>(t, cast.purchaser, 'GET', `/api/demands/${demandId}/quotations`);
    expect(r.status).toBe(200);
    const [c1, c2] = r.body.data.columns;
    expect(r.body.data.demand.params.map((p) => p.name)).toEqual(['检测器', '柱温箱最高温度']);
    expect(c1).toMatchObject({ supplierName: '上海谱析仪器有限公司', totalAmount: 460000, comparableTotal: 460000, quantity: 2, unitPrice: 230000, quantityDiffers: false, compared: true, lowestPrice: true, shortestLead: false });
    expect(c1!.specs).toEqual([{ name: '检测器', value: 'FID+TCD' }]);
    // 210000 × 2 × 1.13 = 474600 > 460000: the tax-inclusive quotation is the cheaper one.
    expect(c2).toMatchObject({ totalAmount: 420000, comparableTotal: 474600, lowestPrice: false, shortestLead: true });
    expect(r.body.data.columns.find((c) => c.lowestPrice)?.quotationId).toBe(q1);
    expect(r.body.data.canDecide).toBe(true);
  });

  it('keeps the comparison from suppliers and other purchasers; admins may read it', async () => {
    expect((await call(t, cast.supplier, 'GET', `/api/demands/${demandId}/quotations`)).status).toBe(403);
    expect((await call(t, cast.otherPurchaser, 'GET', `/api/demands/${demandId}/quotations`)).status).toBe(403);
    const admin = await call<TComparison>(t, cast.admin, 'GET', `/api/demands/${demandId}/quotations`);
    expect(admin.body.data.canDecide).toBe(false);
  });

  it('exports the 比价单 as Excel with a Chinese file name', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/demands/${demandId}/comparison.xlsx`, headers: cast.purchaser.auth });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('比价单-比价定标测试：气相色谱仪')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('比价单')!;
    const text = JSON.stringify(ws.getSheetValues());
    expect(text).toContain('上海谱析仪器有限公司');
    expect(text).toContain('北京华测科技有限公司');
    expect(text).toContain('参数：检测器');
    expect(text).toContain('★最低价');
    expect((await t.app.inject({ method: 'GET', url: `/api/demands/${demandId}/comparison.xlsx`, headers: cast.supplier.auth })).statusCode).toBe(403);
  });

  it.skipIf(!fs.existsSync(CJK_FONT_FILE))('exports the 比价单 as PDF', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/demands/${demandId}/comparison.pdf`, headers: cast.purchaser.auth });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.headers['content-disposition']).toContain('.pdf');
  });

  it('answers 503 with a Chinese message when the PDF font is missing', async () => {
    process.env.CJK_FONT_FILE = '/nonexistent/font.ttc';
    try {
      const r = await call(t, cast.purchaser, 'GET', `/api/demands/${demandId}/comparison.pdf`);
      expect(r.status).toBe(503);
      expect(r.body.msg).toBe('PDF 导出暂不可用：服务器缺少中文字体，请先导出 Excel 比价单');
    } finally {
      delete process.env.CJK_FONT_FILE;
    }
  });

  it('lets the buyer reject one with a reason (required) and notifies the supplier', async () => {
    const extra = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '广州测试仪器有限公司' } });
    const q3 = await quote(t, extra, demandId);
    expect((await call(t, cast.purchaser, 'POST', `/api/quotations/${q3}/reject`, { reason: '', version: 1 })).body.msg).toBe('原因至少2个字');
    expect((await call(t, cast.supplier, 'POST', `/api/quotations/${q3}/reject`, { reason: '价格过高', version: 1 })).status).toBe(404);
    expect((await call(t, cast.purchaser, 'POST', `/api/quotations/${q3}/reject`, { reason: '交货期太长', version: 1 })).status).toBe(200);
    const d = await call<TQuotationDetail>(t, extra, 'GET', `/api/quotations/${q3}`);
    expect(d.body.data).toMatchObject({ status: 'REJECTED', rejectReason: '交货期太长', contact: null });
    expect((await notificationsOf(extra))[0]).toMatchObject({ kind: 'quotation_rejected' });
  });

  it('accepts one: the demand is AWARDED, others NOT_SELECTED, the winner gets the buyer contact', async () => {
    expect((await call(t, cast.supplier, 'POST', `/api/quotations/${q1}/accept`, { version: 1 })).status).toBe(404);
    expect((await call(t, cast.admin, 'POST', `/api/quotations/${q1}/accept`, { version: 1 })).status).toBe(403);
    const r = await call(t, cast.purchaser, 'POST', `/api/quotations/${q1}/accept`, { version: 1 });
    expect(r.status).toBe(200);
    const win = await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${q1}`);
    expect(win.body.data).toMatchObject({ status: 'ACCEPTED', contact: { companyName: '华东理工大学', contactName: '李明', contactPhone: '13912345678' } });
    const lose = await call<TQuotationDetail>(t, cast.supplier2, 'GET', `/api/quotations/${q2}`);
    expect(lose.body.data).toMatchObject({ status: 'NOT_SELECTED', contact: null });
    expect((await call<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${demandId}`)).body.data.contact).toMatchObject({ contactPhone: '13912345678' });
    expect((await call<TDemandDetail>(t, cast.supplier2, 'GET', `/api/demands/${demandId}`)).body.data.contact).toBeNull();
    expect((await call<TDemandDetail>(t, null, 'GET', `/api/demands/${demandId}`)).body.data.status).toBe('AWARDED');
    expect((await notificationsOf(cast.supplier)).some((n) => n.kind === 'quotation_accepted')).toBe(true);
    expect((await notificationsOf(cast.supplier2)).some((n) => n.kind === 'quotation_not_selected')).toBe(true);
    const twice = await call(t, cast.purchaser, 'POST', `/api/quotations/${q2}/accept`, { version: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('当前状态（未中选）不允许此操作');
  });

  it('lists the supplier its own quotations only, by state, with counts', async () => {
    const mine = await call<TPage<TQuotationItem>>(t, cast.supplier2, 'GET', '/api/supplier/quotations?status=NOT_SELECTED');
    expect(mine.body.data.items.every((q) => q.supplierName === '北京华测科技有限公司' && q.status === 'NOT_SELECTED')).toBe(true);
    expect(mine.body.data.items.some((q) => q.id === q2)).toBe(true);
    const counts = await call<Record<string, number>>(t, cast.supplier2, 'GET', '/api/supplier/quotations/counts');
    expect(counts.body.data.NOT_SELECTED).toBeGreaterThanOrEqual(1);
    expect((await call(t, cast.purchaser, 'GET', '/api/supplier/quotations')).status).toBe(403);
    expect((await call(t, cast.supplier, 'GET', '/api/supplier/quotations?status=NOPE')).status).toBe(400);
  });

  it('closes an awarded demand (purchase done)', async () => {
    const r = await call(t, cast.purchaser, 'POST', `/api/demands/${demandId}/close`, {});
    expect(r.body).toMatchObject({ code: 200, data: { status: 'CLOSED' } });
  });
});

describe('valid-until', () => {
  it('refuses to accept a quotation past its validity', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteDeadline: dayFromNow(0) });
    const qid = await quote(t, cast.supplier, id, { validUntil: dayFromNow(0) });
    await t.database.db.update(quotations).set({ validUntil: new Date(Date.now() - 1000) }).where(eq(quotations.id, qid));
    const r = await call(t, cast.purchaser, 'POST', `/api/quotations/${qid}/accept`, { version: 1 });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('该报价已过有效期，不能接受');
  });
});

describe('suppliers the platform has not approved', () => {
  it('cannot quote or read a demand in full until approved; approval opens both', async () => {
    const pending = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '待审核仪器有限公司' } });
    const supplierId = pending.supplierId!;
    await t.database.db.update(suppliers).set({ status: 'pending' }).where(eq(suppliers.id, supplierId));
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '未审核供应商不可报价' });

    const refused = await call(t, pending, 'POST', '/api/quotations', { demandId: id, ...quotationBody() });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('供应商入驻审核通过后才可以报价');
    const locked = await call<TDemandDetail>(t, pending, 'GET', `/api/demands/${id}`);
    expect(locked.body.data).toMatchObject({ locked: true, description: null, params: [], needBy: null });

    await t.database.db.update(suppliers).set({ status: 'approved' }).where(eq(suppliers.id, supplierId));
    const open = await call<TDemandDetail>(t, pending, 'GET', `/api/demands/${id}`);
    expect(open.body.data.locked).toBe(false);
    expect(open.body.data.needBy).toBe(endOfChinaDay(dayFromNow(40)).toISOString());
    const quoted = await call<{ id: number }>(t, pending, 'POST', '/api/quotations', { demandId: id, ...quotationBody() });
    expect(quoted.status).toBe(200);

    // Set back to pending: it may no longer revise, but it can still withdraw what it sent.
    await t.database.db.update(suppliers).set({ status: 'pending' }).where(eq(suppliers.id, supplierId));
    const revise = await call(t, pending, 'PUT', `/api/quotations/${quoted.body.data.id}`, quotationBody());
    expect(revise.body).toMatchObject({ code: 403, msg: '供应商入驻审核通过后才可以修改报价' });
    expect((await call(t, pending, 'POST', `/api/quotations/${quoted.body.data.id}/withdraw`, {})).status).toBe(200);
  });
});
