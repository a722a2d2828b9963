// API tests of sealed bids (issue 11 item 5): a demand is 密封报价 unless posted as 公开报价; until
// 开标 (the quote deadline, or the purchaser stops quoting) the purchaser — and an admin — read who
// quoted and when, never prices, lines, terms or files; exports and decisions wait for 开标;
// notices to the purchaser carry no amounts; suppliers revise and withdraw until 开标, not after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { TComparison } from '../../../../contracts/comparison.js';
import { SEALED_DECISION_REFUSED, SEALED_EXPORT_REFUSED, SEALED_UNTIL_OPENING, SEALED_WITHDRAW_REFUSED, type TDemandDetail, type TQuotationDetail } from '../../../../contracts/trade.js';
import { notices } from '../../../db/schema.js';
import { advanceClock, resetClock } from '../../../lib/clock.js';
import { makeTestApp, type TTestApp } from '../../../test/harness.js';
import { call, demandInput, makeCast, makeCategoryTree, postDemand, quotationBody, quotationLine, quote, uploadAttachment } from '../test-factories.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let cats: Awaited<ReturnType<typeof makeCategoryTree>>;

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  cats = await makeCategoryTree(t);
});
afterAll(async () => {
  resetClock();
  await t.close();
});

const PRICE_A = 231_457;
const PRICE_B = 298_613;
const compare = async (demandId: number, who = cast.purchaser) => call<TComparison>(t, who, 'GET', `/api/demands/${demandId}/quotations`);
const exportStatus = async (demandId: number, ext: 'xlsx' | 'pdf') => {
  const r = await t.app.inject({ method: 'GET', url: `/api/demands/${demandId}/comparison.${ext}`, headers: cast.purchaser.auth });
  return { status: r.statusCode, msg: r.headers['content-type']?.toString().includes('json') ? (r.json() as { msg: string }).msg : '' };
};
/** The purchaser's trade notices, newest first. */
const noticesOf = async (memberId: number) => t.database.db.select().from(notices).where(eq(notices.memberId, memberId)).orderBy(desc(notices.id));
/** No figure of either offer anywhere in a JSON answer (yuan with or without separators). */
const expectNoPrices = (json: unknown) => {
  const text = JSON.stringify(json);
  for (const p of [PRICE_A, PRICE_B]) {
    expect(text).not.toContain(String(p));
    expect(text).not.toContain(String(p * 2));
    expect(text).not.toContain(p.toLocaleString('zh-CN'));
  }
  expect(text).not.toMatch(/totalAmount|unitPrice|leadTimeDays|paymentTerms|lines/);
};

/** A sealed demand of 2 units with two offers; the first one carries a file. */
async function sealedDemand(title = '密封采购气相色谱仪2台') {
  const id = await postDemand(t, cast.purchaser, cats.leaf.id, { title, quoteMode: 'sealed' });
  const file = await uploadAttachment(t, cast.supplier, '报价说明.pdf');
  const a = await quote(t, cast.supplier, id, { lines: [quotationLine({ unitPrice: PRICE_A })], attachmentIds: [file.body.data.id] });
  const b = await quote(t, cast.supplier2, id, { lines: [quotationLine({ unitPrice: PRICE_B, leadTimeDays: 20 })] });
  return { id, a, b, fileId: file.body.data.id };
}

describe('报价方式', () => {
  it('is 密封报价 unless 公开报价 is chosen, and suppliers read it before quoting', async () => {
    const { quoteMode: _omit, ...input } = demandInput(cats.leaf.id);
    const posted = await call<{ id: number }>(t, cast.purchaser, 'POST', '/api/demands', input);
    expect(posted.status).toBe(200);
    const asSupplier = await call<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${posted.body.data.id}`);
    expect(asSupplier.body.data.quoteMode).toBe('sealed');
    const open = await postDemand(t, cast.purchaser, cats.leaf.id, { quoteMode: 'public' });
    expect((await call<TDemandDetail>(t, cast.supplier, 'GET', `/api/demands/${open}`)).body.data.quoteMode).toBe('public');
    const hall = await call<{ items: { id: number; quoteMode: string }[] }>(t, null, 'GET', '/api/demands?pageSize=50');
    expect(hall.body.data.items.find((d) => d.id === posted.body.data.id)?.quoteMode).toBe('sealed');
    expect(hall.body.data.items.find((d) => d.id === open)?.quoteMode).toBe('public');
    const bad = await call(t, cast.purchaser, 'POST', '/api/demands', { ...input, quoteMode: 'open' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('报价方式无效');
  });
});

describe('a sealed demand before 开标', () => {
  it('shows the purchaser and admins how many quotations came and from whom, not what', async () => {
    const { id } = await sealedDemand();
    for (const who of [cast.purchaser, cast.admin]) {
      const r = await compare(id, who);
      expect(r.status).toBe(200);
      const cmp = r.body.data;
      expect(cmp.sealed?.count).toBe(2);
      expect(cmp.sealed?.bids.map((b) => b.supplierName)).toEqual(['上海谱析仪器有限公司', '北京华测科技有限公司']);
      expect(cmp.sealed?.bids.every((b) => !Number.isNaN(Date.parse(b.submittedAt)))).toBe(true);
      expect(cmp.columns).toEqual([]);
      expect(cmp.decision).toBeNull();
      expect(cmp.canDecide).toBe(false);
      expectNoPrices(cmp);
    }
    // others still get what they got before
    expect((await compare(id, cast.otherPurchaser)).status).toBe(403);
  });

  it('refuses the quotation detail and its files to all but the quoting supplier', async () => {
    const { a, fileId } = await sealedDemand('密封采购液相色谱仪');
    for (const who of [cast.purchaser, cast.admin]) {
      const r = await call<TQuotationDetail>(t, who, 'GET', `/api/quotations/${a}`);
      expect(r.status).toBe(403);
      expect(r.body.msg).toBe(SEALED_UNTIL_OPENING);
      expectNoPrices(r.body);
    }
    const own = await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${a}`);
    expect(own.body.data.totalAmount).toBe(PRICE_A * 2);
    const file = (who: typeof cast.purchaser) => t.app.inject({ method: 'GET', url: `/api/trade/attachments/${fileId}`, headers: who.auth });
    const refused = await file(cast.purchaser);
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { msg: string }).msg).toBe(SEALED_UNTIL_OPENING);
    expect((await file(cast.admin)).statusCode).toBe(403);
    expect((await file(cast.supplier)).statusCode).toBe(200);
    // the other supplier is told nothing (as before)
    expect((await file(cast.supplier2)).statusCode).toBe(404);
  });

  it('refuses both exports and every decision with a message', async () => {
    const { id, a, b } = await sealedDemand('密封采购紫外分光光度计');
    for (const ext of ['xlsx', 'pdf'] as const) expect(await exportStatus(id, ext)).toEqual({ status: 409, msg: SEALED_EXPORT_REFUSED });
    const accept = await call(t, cast.purchaser, 'POST', `/api/quotations/${a}/accept`, { version: 1, reason: '交货期最短，能赶上实验室验收节点。' });
    expect(accept.status).toBe(409);
    expect(accept.body.msg).toBe(SEALED_DECISION_REFUSED);
    const reject = await call(t, cast.purchaser, 'POST', `/api/quotations/${b}/reject`, { version: 1, reason: '价格偏高' });
    expect(reject.status).toBe(409);
    expect(reject.body.msg).toBe(SEALED_DECISION_REFUSED);
  });

  it('notifies the purchaser of new and revised quotations without amounts', async () => {
    const { id, a } = await sealedDemand('密封采购原子吸收光谱仪');
    const revised = await call(t, cast.supplier, 'PUT', `/api/quotations/${a}`, quotationBody({ lines: [quotationLine({ unitPrice: PRICE_B - 1000 })] }));
    expect(revised.status).toBe(200);
    const mine = (await noticesOf(cast.purchaser.id)).filter((n) => n.link?.endsWith(`demandId=${id}`));
    expect(mine.map((n) => n.kind).sort()).toEqual(['new_quotation', 'new_quotation', 'quotation_revised']);
    for (const n of mine) {
      expect(n.content).not.toMatch(/¥|合计|\d{4,}/);
      expect(n.content).toContain('开标后可查看报价详情');
    }
    expectNoPrices(mine.map((n) => n.content));
  });

  it('lets suppliers revise and withdraw until 开标', async () => {
    const { b } = await sealedDemand('密封采购电子天平');
    expect((await call(t, cast.supplier2, 'PUT', `/api/quotations/${b}`, quotationBody({ lines: [quotationLine({ unitPrice: PRICE_B - 5000 })] }))).status).toBe(200);
    expect((await call(t, cast.supplier2, 'POST', `/api/quotations/${b}/withdraw`, {})).status).toBe(200);
  });
});

describe('开标 by stopping quotations (→ 评标中)', () => {
  it('opens prices, exports and decisions; suppliers can no longer revise or withdraw', async () => {
    const { id, a, b, fileId } = await sealedDemand('密封采购离心机');
    const stop = await call(t, cast.purchaser, 'POST', `/api/demands/${id}/stop`, {});
    expect(stop.status).toBe(200);
    const cmp = (await compare(id)).body.data;
    expect(cmp.sealed).toBeNull();
    expect(cmp.columns.map((c) => c.totalAmount)).toEqual([PRICE_A * 2, PRICE_B * 2]);
    expect(cmp.canDecide).toBe(true);
    expect((await call<TQuotationDetail>(t, cast.purchaser, 'GET', `/api/quotations/${a}`)).body.data.totalAmount).toBe(PRICE_A * 2);
    expect((await t.app.inject({ method: 'GET', url: `/api/trade/attachments/${fileId}`, headers: cast.purchaser.auth })).statusCode).toBe(200);
    for (const ext of ['xlsx', 'pdf'] as const) expect((await exportStatus(id, ext)).status).toBe(200);
    const revise = await call(t, cast.supplier, 'PUT', `/api/quotations/${a}`, quotationBody());
    expect(revise.status).toBe(409);
    expect(revise.body.msg).toBe('该求购已停止接收报价（评标中），不能再修改报价');
    const withdraw = await call(t, cast.supplier2, 'POST', `/api/quotations/${b}/withdraw`, {});
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.msg).toBe(SEALED_WITHDRAW_REFUSED);
    expect((await call(t, cast.purchaser, 'POST', `/api/quotations/${a}/accept`, { version: 1 })).status).toBe(200);
  });
});

describe('a public demand', () => {
  it('keeps today’s behaviour: live prices, amounts in notices, withdrawal while undecided', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '公开采购马弗炉', quoteMode: 'public' });
    const a = await quote(t, cast.supplier, id, { lines: [quotationLine({ unitPrice: PRICE_A })] });
    const cmp = (await compare(id)).body.data;
    expect(cmp.sealed).toBeNull();
    expect(cmp.columns[0]!.totalAmount).toBe(PRICE_A * 2);
    expect((await exportStatus(id, 'xlsx')).status).toBe(200);
    const [notice] = (await noticesOf(cast.purchaser.id)).filter((n) => n.link?.endsWith(`demandId=${id}`));
    expect(notice!.content).toContain('合计 ¥462,914');
    expect((await call(t, cast.purchaser, 'POST', `/api/demands/${id}/stop`, {})).status).toBe(200);
    expect((await call(t, cast.supplier, 'POST', `/api/quotations/${a}/withdraw`, {})).status).toBe(200);
  });
});

describe('开标 at the quote deadline', () => {
  it('opens a sealed demand once its deadline passes, before the scheduler runs', async () => {
    const { id, a } = await sealedDemand('密封采购超纯水机');
    expect((await compare(id)).body.data.sealed).not.toBeNull();
    advanceClock(11 * 86400_000);
    const cmp = (await compare(id)).body.data;
    expect(cmp.sealed).toBeNull();
    expect(cmp.columns.map((c) => c.totalAmount)).toEqual([PRICE_A * 2, PRICE_B * 2]);
    const revise = await call(t, cast.supplier, 'PUT', `/api/quotations/${a}`, quotationBody({ validUntil: '2099-01-01' }));
    expect(revise.status).toBe(409);
    expect(revise.body.msg).toBe('该求购已过报价截止时间，不能再修改报价');
    const withdraw = await call(t, cast.supplier, 'POST', `/api/quotations/${a}/withdraw`, {});
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.msg).toBe(SEALED_WITHDRAW_REFUSED);
    expect((await exportStatus(id, 'pdf')).status).toBe(200);
  });
});
