// API tests of the 比价单 fit for an internal approval (issue 19) and of deciding on exactly what
// the buyer saw (issue 21, items 1 and 8): marks over every valid quotation after the decision,
// the 选定理由, the per-unit basis, the 决策记录 and the 核验码 on both exports, the public check;
// the ★最低价 on the 比价单价 row where it is judged, and the quantity of the choice (issue 29).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { decisionRecord, QUOTATION_VERSION_STALE, SELECTION_REASON_REQUIRED, type TComparison, type TComparisonVerify } from '../../../../contracts/comparison.js';
import type { TQuotationDetail } from '../../../../contracts/trade.js';
import { auditLog, comparisonSnapshots, quotations } from '../../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { call, makeCast, makeCategoryTree, postDemand, quotationBody, quotationLine, quote, type TActor } from '../test-factories.js';
import { CJK_FONT_FILE } from './comparison-export.js';
import { VERIFY_PER_MINUTE } from './comparison.routes.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let cats: Awaited<ReturnType<typeof makeCategoryTree>>;
let supplier3: TActor;
const REASON = '交货期最短，能赶上实验室验收节点。';

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  cats = await makeCategoryTree(t);
  supplier3 = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '武汉汉谱仪器有限公司' } });
});
afterAll(() => t.close());

const compare = async (demandId: number, who = cast.purchaser) => (await call<TComparison>(t, who, 'GET', `/api/demands/${demandId}/quotations`)).body.data;
const col = (cmp: TComparison, quotationId: number) => cmp.columns.find((c) => c.quotationId === quotationId)!;
const accept = (id: number, body: object) => call(t, cast.purchaser, 'POST', `/api/quotations/${id}/accept`, body);

async function download(demandId: number, ext: 'xlsx' | 'pdf') {
  const r = await t.app.inject({ method: 'GET', url: `/api/demands/${demandId}/comparison.${ext}`, headers: cast.purchaser.auth });
  expect(r.statusCode).toBe(200);
  return r.rawPayload;
}

/** The 比价单 sheet as rows of cell texts. */
async function sheetRows(demandId: number) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await download(demandId, 'xlsx')) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.getWorksheet('比价单')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}
const codeIn = (text: string) => /核验码：([A-Z2-9]{12})/.exec(text)?.[1];
/** The sheet's row whose label starts with `label`. */
const sheetRow = (rows: string[][], label: string) => rows.find((r) => r[0]!.startsWith(label))!;

/** Three offers of 3 units: the dearest is the fastest (the buyer's pick), 武汉汉谱 the cheapest. */
async function decidedDemand() {
  const id = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '实时荧光定量PCR仪3台', quantity: 3 });
  const dear = await quote(t, cast.supplier, id, { lines: [quotationLine({ unitPrice: 404_766, quantity: 3, leadTimeDays: 15 })] });
  const cheap = await quote(t, supplier3, id, { lines: [quotationLine({ unitPrice: 330_977, quantity: 3, leadTimeDays: 45 })] });
  const middle = await quote(t, cast.supplier2, id, { lines: [quotationLine({ unitPrice: 360_000, quantity: 3, leadTimeDays: 30 })] });
  return { id, dear, cheap, middle };
}

describe('accepting the version the buyer saw (issue 21, item 1)', () => {
  it('answers 409 when the supplier revised after the buyer looked, and the comparison shows the new version', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const q = await quote(t, cast.supplier, id, { lines: [quotationLine({ unitPrice: 6000 })] });
    expect(col(await compare(id), q)).toMatchObject({ version: 1, totalAmount: 12_000 });
    const revised = await call(t, cast.supplier, 'PUT', `/api/quotations/${q}`, quotationBody({ lines: [quotationLine({ unitPrice: 9900, taxIncluded: false, leadTimeDays: 90, warrantyMonths: 0, paymentTerms: '全款预付' })] }));
    expect(revised.status).toBe(200);

    for (const r of [await accept(q, { version: 1 }), await call(t, cast.purchaser, 'POST', `/api/quotations/${q}/reject`, { reason: '价格过高', version: 1 })]) {
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe(QUOTATION_VERSION_STALE);
    }
    const after = await compare(id);
    expect(after.demand.status).toBe('QUOTED');
    expect(col(after, q)).toMatchObject({ status: 'SUBMITTED', version: 2, totalAmount: 19_800, leadTimeDays: 90, warrantyMonths: 0, paymentTerms: '全款预付' });
    expect((await accept(q, { version: 2 })).status).toBe(200);
    expect(col(await compare(id), q)).toMatchObject({ status: 'ACCEPTED', version: 2 });
  });

  it('requires the version in the request', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const q = await quote(t, cast.supplier, id);
    const r = await accept(q, {});
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('请指定报价版本');
  });
});

describe('the 选定理由 of a choice that is not the lowest (issue 19)', () => {
  let w: Awaited<ReturnType<typeof decidedDemand>>;
  beforeAll(async () => {
    w = await decidedDemand();
  });

  it('refuses without a reason of at least 10 characters, with a clear Chinese message', async () => {
    for (const reason of [undefined, '', '交期更短', '一二三四五六七八九']) {
      const r = await accept(w.dear, { version: 1, ...(reason === undefined ? {} : { reason }) });
      expect(r.status, String(reason)).toBe(400);
      expect(r.body.msg).toBe(SELECTION_REASON_REQUIRED);
    }
    expect((await compare(w.id)).demand.status).toBe('QUOTED');
  });

  it('accepts with the reason and keeps it in the demand history, not in what suppliers read', async () => {
    expect((await accept(w.dear, { version: 1, reason: `  ${REASON}  ` })).status).toBe(200);
    const [entry] = await t.database.db
      .select({ note: auditLog.note, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'demand'), eq(auditLog.entityId, w.id), eq(auditLog.toState, 'AWARDED')));
    expect(entry).toEqual({ note: `选定报价 #${w.dear}（第1版）；选定理由：${REASON}`, actorId: cast.purchaser.id });
    const winner = await call<TQuotationDetail>(t, cast.supplier, 'GET', `/api/quotations/${w.dear}`);
    const loser = await call<TQuotationDetail>(t, supplier3, 'GET', `/api/quotations/${w.cheap}`);
    expect(loser.body.data.status).toBe('NOT_SELECTED');
    for (const seen of [winner, loser, await call(t, supplier3, 'GET', `/api/demands/${w.id}`)]) expect(JSON.stringify(seen.body)).not.toContain('交货期最短');
  });

  it('marks the real lowest and shortest after the decision, and shows the 决策记录 to the buyer and admins', async () => {
    for (const who of [cast.purchaser, cast.admin]) {
      const cmp = await compare(w.id, who);
      expect(cmp.columns.filter((c) => c.lowestPrice).map((c) => c.quotationId)).toEqual([w.cheap]);
      expect(cmp.columns.filter((c) => c.shortestLead).map((c) => c.quotationId)).toEqual([w.dear]);
      expect(cmp.documentNo).toBe(`BJD-${new Date().getFullYear()}-${String(w.id).padStart(6, '0')}`);
      expect(cmp.decision).toMatchObject({
        quotationId: w.dear,
        supplierName: '上海谱析仪器有限公司',
        comparableTotal: 1_214_298,
        isLowest: false,
        lowest: { supplierName: '武汉汉谱仪器有限公司', comparableTotal: 992_931 },
        premiumAmount: 221_367,
        premiumPercent: 22.3,
        reason: REASON,
      });
      expect(cmp.decision!.decidedBy).toBeTruthy();
      expect(Date.now() - Date.parse(cmp.decision!.decidedAt!)).toBeLessThan(60_000);
    }
  });

  it('prints the true marks, the 决策记录, the document number and the 核验码 on the Excel', async () => {
    const rows = await sheetRows(w.id);
    const head = rows.find((r) => r[0] === '项目')!;
    const price = sheetRow(rows, '比价金额');
    const unitPrice = sheetRow(rows, '比价单价');
    const cheapCol = head.indexOf('武汉汉谱仪器有限公司');
    const dearCol = head.indexOf('上海谱析仪器有限公司');
    expect(unitPrice[cheapCol]).toBe('¥330,977.00/台 ★最低价');
    expect(unitPrice[dearCol]).toBe('¥404,766.00/台');
    expect(price[cheapCol]).toBe('¥992,931.00');
    expect(price[dearCol]).toBe('¥1,214,298.00');
    expect(rows.find((r) => r[0] === '交货期')![dearCol]).toBe('15天 ◆最短交期');
    const text = rows.map((r) => r.join(' | ')).join('\n');
    expect(text).toContain(`单据编号：BJD-`);
    expect(text).toContain('决策记录');
    expect(text).toContain(`选定理由 | ${REASON}`);
    expect(text).toContain('与最低价比较 | 比价单价高出最低价 ¥73,789.00/台（22.3%），按所选3台计高出 ¥221,367.00；最低价为 武汉汉谱仪器有限公司 ¥330,977.00/台（比价金额 ¥992,931.00，共3台）');
    expect(text).toContain('比价依据 | 最低价按比价单价（比价金额 ÷ 报价数量，每台）判定，不按比价金额（总额）');
    expect(text).not.toContain('数量 | 选定报价数量');
    for (const role of ['经办人（签字）', '部门负责人（签字）', '审批人（签字）']) expect(text).toContain(role);
    expect(text).toMatch(/核验网址：http:\/\/[^ ]+\/verify\/comparison\/[A-Z2-9]{12}/);
  });

  it.skipIf(!fs.existsSync(CJK_FONT_FILE))('prints the same on the PDF, with page numbers and the same 核验码 as the Excel', async () => {
    const pages = await pdfText(await download(w.id, 'pdf'));
    const all = pages.join('\n');
    expect(all).toContain('¥330,977.00/台 ★最低价');
    expect(all).not.toMatch(/¥992,931\.00 ★|¥1,214,298\.00 ★/);
    expect(all).toContain('决策记录');
    expect(all).toContain(REASON);
    expect(all).toContain('按所选3台计高出 ¥221,367.00');
    for (const role of ['经办人', '部门负责人', '审批人']) expect(all).toContain(role);
    pages.forEach((p, i) => expect(p).toContain(`第 ${i + 1} 页 / 共 ${pages.length} 页`));
    const xlsxCode = codeIn((await sheetRows(w.id)).flat().join('\n'));
    expect(codeIn(all)).toBe(xlsxCode);
  });
});

describe('comparing per unit (issue 21, item 8; issue 29, items 3 and 4)', () => {
  it('does not mark a 1-unit offer as 最低价 against a cheaper-per-unit 2-unit offer, flags it, and asks for a reason to choose it', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id, { quantity: 2 });
    const one = await quote(t, cast.supplier, id, { lines: [quotationLine({ unitPrice: 100_000, quantity: 1 })] });
    const two = await quote(t, cast.supplier2, id, { lines: [quotationLine({ unitPrice: 90_000, quantity: 2 })] });
    const cmp = await compare(id);
    expect(col(cmp, one)).toMatchObject({ totalAmount: 100_000, quantity: 1, unitPrice: 100_000, quantityDiffers: true, lowestPrice: false });
    expect(col(cmp, two)).toMatchObject({ totalAmount: 180_000, quantity: 2, unitPrice: 90_000, quantityDiffers: false, lowestPrice: true });
    expect((await accept(one, { version: 1 })).body.msg).toBe(SELECTION_REASON_REQUIRED);
    const text = (await sheetRows(id)).map((r) => r.join(' | ')).join('\n');
    expect(text).toContain('报价数量 | 2台 | 1台（与需求数量不符） | 2台');

    // chosen anyway: the sheet marks where 最低价 is judged and records the quantity of the choice
    expect((await accept(one, { version: 1, reason: REASON })).status).toBe(200);
    const rows = await sheetRows(id);
    const head = rows.find((r) => r[0] === '项目')!;
    const [oneCol, twoCol] = [head.indexOf('上海谱析仪器有限公司'), head.indexOf('北京华测科技有限公司')];
    expect(sheetRow(rows, '比价单价')[twoCol]).toBe('¥90,000.00/台 ★最低价');
    expect(sheetRow(rows, '比价单价')[oneCol]).toBe('¥100,000.00/台');
    // the total row carries no mark: ¥180,000 is not "lower" than ¥100,000, its unit price is
    expect(sheetRow(rows, '比价金额').slice(2)).toEqual(['¥100,000.00', '¥180,000.00']);
    const record = rows.map((r) => r.join(' | ')).join('\n');
    expect(record).toContain('数量 | 选定报价数量为1台，需求数量为2台');
    expect(record).toContain('与最低价比较 | 比价单价高出最低价 ¥10,000.00/台（11.1%），按所选1台计高出 ¥10,000.00；最低价为 北京华测科技有限公司 ¥90,000.00/台（比价金额 ¥180,000.00，共2台）');
    expect(record).toContain('比价依据 | 最低价按比价单价（比价金额 ÷ 报价数量，每台）判定，不按比价金额（总额）；报价数量不同，按每台单价比较，总额不可直接比较');

    if (fs.existsSync(CJK_FONT_FILE)) {
      const pdf = (await pdfText(await download(id, 'pdf'))).join('\n');
      expect(pdf).toContain('¥90,000.00/台 ★最低价');
      expect(pdf).not.toMatch(/¥1[08]0,000\.00 ★/);
      expect(pdf).toContain('选定报价数量为1台，需求数量为2台');
    }

    // the public check answers the figures and the decision the record is written from
    const verify = await t.app.inject({ method: 'GET', url: `/api/verify/comparison/${codeIn(record)}`, remoteAddress: '10.20.31.40' });
    const v = (verify.json() as { data: TComparisonVerify }).data;
    expect(v.columns.map((c) => [c.supplierName, c.quantity, c.unitPrice, c.lowestPrice])).toEqual([
      ['上海谱析仪器有限公司', 1, 100_000, false],
      ['北京华测科技有限公司', 2, 90_000, true],
    ]);
    expect(v.decision).toMatchObject({ supplierName: '上海谱析仪器有限公司', quantity: 1, isLowest: false, premiumAmount: 10_000 });
    const lines = Object.fromEntries(decisionRecord(v.decision!, v.demand).map((l) => [l.label, l.value]));
    expect(lines['数量']).toBe('选定报价数量为1台，需求数量为2台');
  });
});

describe('quotations left out of the marks', () => {
  it('keeps a rejected quotation on the sheet, greyed with its reason, and never marks it; nor one past its validity', async () => {
    const id = await postDemand(t, cast.purchaser, cats.leaf.id);
    const rejected = await quote(t, cast.supplier, id, { lines: [quotationLine({ unitPrice: 1000, leadTimeDays: 1 })] });
    const lapsed = await quote(t, supplier3, id, { lines: [quotationLine({ unitPrice: 2000, leadTimeDays: 2 })] });
    const valid = await quote(t, cast.supplier2, id, { lines: [quotationLine({ unitPrice: 3000, leadTimeDays: 3 })] });
    expect((await call(t, cast.purchaser, 'POST', `/api/quotations/${rejected}/reject`, { reason: '品牌不符合要求', version: 1 })).status).toBe(200);
    await t.database.db.update(quotations).set({ validUntil: new Date(Date.now() - 1000) }).where(eq(quotations.id, lapsed));
    const cmp = await compare(id);
    expect(col(cmp, rejected)).toMatchObject({ status: 'REJECTED', rejectReason: '品牌不符合要求', compared: false, lowestPrice: false, shortestLead: false });
    expect(col(cmp, lapsed)).toMatchObject({ compared: false, lowestPrice: false });
    expect(col(cmp, valid)).toMatchObject({ compared: true, lowestPrice: true, shortestLead: true });
    // the only one left is the lowest: no reason needed
    expect((await accept(valid, { version: 1 })).status).toBe(200);
    const text = (await sheetRows(id)).map((r) => r.join(' | ')).join('\n');
    expect(text).toContain('已拒绝（不参与比价）');
    expect(text).toContain('拒绝理由 |  | 品牌不符合要求');
    expect(text).toContain('选定理由 | 选定最低价，无需填写');
  });
});

describe('the 核验码 and the public check (issue 19, item 4)', () => {
  let w: Awaited<ReturnType<typeof decidedDemand>>;
  let firstCode: string;
  beforeAll(async () => {
    w = await decidedDemand();
  });
  const verify = (code: string, ip = '10.20.30.40') => t.app.inject({ method: 'GET', url: `/api/verify/comparison/${code}`, remoteAddress: ip });

  it('keeps one code for the same figures and shows them without login', async () => {
    firstCode = codeIn((await sheetRows(w.id)).flat().join('\n'))!;
    expect(firstCode).toMatch(/^[A-Z2-9]{12}$/);
    expect(codeIn((await sheetRows(w.id)).flat().join('\n'))).toBe(firstCode);
    const r = await verify(firstCode.toLowerCase());
    expect(r.statusCode).toBe(200);
    const v = (r.json() as { data: TComparisonVerify }).data;
    expect(v).toMatchObject({ code: firstCode, current: true, demand: { id: w.id, title: '实时荧光定量PCR仪3台', quantity: 3 }, decision: null });
    expect(v.documentNo).toMatch(/^BJD-\d{4}-\d{6}$/);
    expect(v.columns.map((c) => [c.supplierName, c.comparableTotal, c.lowestPrice])).toEqual([
      ['上海谱析仪器有限公司', 1_214_298, false],
      ['武汉汉谱仪器有限公司', 992_931, true],
      ['北京华测科技有限公司', 1_080_000, false],
    ]);
  });

  it('issues a new code when the figures change (a new version, a decision); the old one still shows what was printed', async () => {
    expect((await call(t, cast.supplier2, 'PUT', `/api/quotations/${w.middle}`, quotationBody({ lines: [quotationLine({ unitPrice: 350_000, quantity: 3, leadTimeDays: 30 })] }))).status).toBe(200);
    const afterRevision = codeIn((await sheetRows(w.id)).flat().join('\n'))!;
    expect(afterRevision).not.toBe(firstCode);
    expect((await accept(w.dear, { version: 1, reason: REASON })).status).toBe(200);
    const afterDecision = codeIn((await sheetRows(w.id)).flat().join('\n'))!;
    expect(new Set([firstCode, afterRevision, afterDecision]).size).toBe(3);

    const old = (await verify(firstCode)).json() as { data: TComparisonVerify };
    expect(old.data).toMatchObject({ current: false, decision: null });
    expect(old.data.columns.find((c) => c.supplierName === '北京华测科技有限公司')?.comparableTotal).toBe(1_080_000);
    const now = (await verify(afterDecision)).json() as { data: TComparisonVerify };
    expect(now.data).toMatchObject({ current: true, decision: { supplierName: '上海谱析仪器有限公司', reason: REASON, isLowest: false, premiumAmount: 221_367 } });
    expect(now.data.columns.find((c) => c.supplierName === '北京华测科技有限公司')?.comparableTotal).toBe(1_050_000);
  });

  it('stores one row per set of figures, with a random code', async () => {
    const rows = await t.database.db.select({ code: comparisonSnapshots.code }).from(comparisonSnapshots).where(eq(comparisonSnapshots.demandId, w.id));
    expect(rows).toHaveLength(3);
  });

  it('answers unknown and malformed codes in Chinese, and limits checks per address', async () => {
    const unknown = await verify('ABCDEFGHJKMN', '10.20.30.41');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: '核验码不存在，请核对比价单上的核验码' });
    const bad = await verify('12345', '10.20.30.41');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: '核验码无效，请核对比价单上的12位核验码' });
    const ip = '10.20.30.42';
    for (let i = 0; i < VERIFY_PER_MINUTE; i++) expect((await verify(firstCode, ip)).statusCode).toBe(200);
    const over = await verify(firstCode, ip);
    expect(over.statusCode).toBe(429);
    expect((over.json() as { msg: string }).msg).toMatch(/^核验过于频繁，请\d+秒后再试$/);
    expect((await verify(firstCode, '10.20.30.43')).statusCode).toBe(200);
  });
});
