// 响应质量 as of the decision (issue 37): when the buyer awards a demand, every compared supplier's
// figures are kept with it; the comparison, the 比价单 (Excel, PDF) and its 核验 page show those,
// labelled 「决定时统计（日期）」, however the figures move afterwards — and the 核验码 keeps holding.
// Before a decision the live figures show, 「导出时统计」, and never enter a 核验码.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { TComparison, TComparisonVerify } from '../../../../contracts/comparison.js';
import type { TResponseFigures } from '../../../../contracts/response-quality.js';
import { formatDay } from '../../../../contracts/time.js';
import { inquiries } from '../../../db/schema.js';
import { makeTestApp, within5s, type TTestApp } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf-text.js';
import { recomputeResponseStats } from '../../response/response.service.js';
import { call, makeCast, makeCategoryTree, postDemand, quotationLine, quote, type TActor } from '../test-factories.js';
import { CJK_FONT_FILE } from './comparison-export.js';

let t: TTestApp;
let cast: Awaited<ReturnType<typeof makeCast>>;
let demandId: number;
let chosen: number;

/** `n` inquiries to a supplier an hour ago, replied (30 minutes later) or not. */
async function inquiriesTo(supplierId: number, n: number, replied: boolean) {
  const at = new Date(Date.now() - 3600_000);
  for (let i = 0; i < n; i++) {
    await t.database.db.insert(inquiries).values({ kind: 'product', supplierId, subject: '紫外可见分光光度计询价', quantity: 1, createdAt: at, repliedAt: replied ? new Date(at.getTime() + 1800_000) : null, status: replied ? 'REPLIED' : 'NEW' });
  }
}

const compare = async () => (await call<TComparison>(t, cast.purchaser, 'GET', `/api/demands/${demandId}/quotations`)).body.data;
const storeFigures = async (who: TActor) => (await call<{ response: TResponseFigures }>(t, null, 'GET', `/api/stores/t${who.id}`)).body.data.response;

async function download(ext: 'xlsx' | 'pdf') {
  const r = await t.app.inject({ method: 'GET', url: `/api/demands/${demandId}/comparison.${ext}`, headers: cast.purchaser.auth });
  expect(r.statusCode).toBe(200);
  return r.rawPayload;
}
async function sheetRows() {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await download('xlsx')) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.getWorksheet('比价单')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}
const responseRow = (rows: string[][]) => rows.find((r) => r[0]!.startsWith('供应商响应'))!;
const codeIn = (text: string) => /核验码：([A-Z2-9]{12})/.exec(text)?.[1];
const verify = async (code: string) => (await t.app.inject({ method: 'GET', url: `/api/verify/comparison/${code}`, remoteAddress: '10.37.0.1' })).json() as { data: TComparisonVerify };

beforeAll(async () => {
  t = await makeTestApp();
  cast = await makeCast(t);
  const cats = await makeCategoryTree(t);
  // cast.supplier answers all of 6 inquiries; cast.supplier2 half of 6.
  await inquiriesTo(cast.supplier.supplierId!, 6, true);
  await inquiriesTo(cast.supplier2.supplierId!, 3, true);
  await inquiriesTo(cast.supplier2.supplierId!, 3, false);
  await recomputeResponseStats(t.database.db);
  demandId = await postDemand(t, cast.purchaser, cats.leaf.id, { title: '紫外可见分光光度计2台', quantity: 2, quoteMode: 'public' });
  chosen = await quote(t, cast.supplier, demandId, { lines: [quotationLine({ unitPrice: 52_000, quantity: 2, leadTimeDays: 20 })] });
  await quote(t, cast.supplier2, demandId, { lines: [quotationLine({ unitPrice: 50_000, quantity: 2, leadTimeDays: 30 })] });
});
afterAll(() => t.close());

describe('response figures as of the decision', () => {
  it('shows the live figures before a decision, 导出时统计, and keeps them out of the 核验码', async () => {
    const before = await compare();
    expect(before.responseAt).toBeNull();
    expect(before.columns.map((c) => c.response?.replyRate)).toEqual([100, 50]);
    const rows = await sheetRows();
    expect(responseRow(rows)[0]).toBe('供应商响应（近90天，导出时统计）');
    const code = codeIn(rows.flat().join('\n'))!;
    const v = (await verify(code)).data;
    expect(v.responseAt).toBeUndefined();
    expect(v.columns.every((c) => c.response === undefined)).toBe(true);
  });

  it('keeps each supplier’s figures at the award: the comparison, Excel, PDF and 核验 page show them after the figures change', async () => {
    const accepted = await call(t, cast.purchaser, 'POST', `/api/quotations/${chosen}/accept`, { version: 1, reason: '交货期更短，能赶上实验室验收。' });
    expect(accepted.status).toBe(200);
    const decided = await compare();
    expect(decided.responseAt).not.toBeNull();
    const day = formatDay(decided.responseAt!);
    expect(decided.columns.map((c) => c.response?.replyRate)).toEqual([100, 50]);
    const first = await sheetRows();
    const firstCode = codeIn(first.flat().join('\n'))!;

    // Afterwards: cast.supplier ignores 6 more inquiries, cast.supplier2 answers 6 more; the batch runs.
    await inquiriesTo(cast.supplier.supplierId!, 6, false);
    await inquiriesTo(cast.supplier2.supplierId!, 6, true);
    await recomputeResponseStats(t.database.db);
    expect(await within5s(async () => (await storeFigures(cast.supplier)).replyRate === 50)).toBe(true);
    expect((await storeFigures(cast.supplier2)).replyRate).toBe(75);

    const after = await compare();
    expect(after.responseAt).toBe(decided.responseAt);
    expect(after.columns.map((c) => c.response?.replyRate)).toEqual([100, 50]);
    expect(after.columns.map((c) => c.response?.inquiries)).toEqual([6, 6]);

    const rows = await sheetRows();
    const row = responseRow(rows);
    expect(row[0]).toBe(`供应商响应（近90天，决定时统计（${day}））`);
    expect(row.slice(2)).toEqual([expect.stringMatching(/^回复率 100%；首次回复 .+；收到询价 6 条；中标 0 次；查看后撤回 0 次$/), expect.stringMatching(/^回复率 50%；.+；收到询价 6 条；/)]);
    // The same figures keep the same 核验码, and it still holds.
    expect(codeIn(rows.flat().join('\n'))).toBe(firstCode);
    const v = (await verify(firstCode)).data;
    expect(v.current).toBe(true);
    expect(v.responseAt).toBe(decided.responseAt);
    expect(v.columns.map((c) => c.response?.replyRate)).toEqual([100, 50]);
  });

  it.skipIf(!fs.existsSync(CJK_FONT_FILE))('prints the figures as of the decision on the PDF', async () => {
    const text = (await pdfText(await download('pdf'))).join('\n').replace(/\s+/g, '');
    expect(text).toContain('决定时统计');
    expect(text).toMatch(/回复率100%；首次回复.+?；收到询价6条/);
    expect(text).not.toContain('导出时统计');
  });
});
