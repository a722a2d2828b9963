// The marks of the 比价单 (最低价 / 最短交期) over every combination of quotation states, before and
// after the decision, the per-unit basis, the premium of a choice and the 决策记录.
import { describe, expect, it } from 'vitest';
import {
  comparableTotal,
  comparisonMarks,
  comparisonSnapshot,
  decisionRecord,
  decisionSummary,
  documentNumber,
  premiumOver,
  quantityMismatch,
  responseBasis,
  ZAcceptQuotation,
  ZVerifyCodeParam,
  type TComparisonColumn,
  type TMarkInput,
} from './comparison.js';
import { QUOTATION_STATES, type TQuotationState } from './trade.js';
import { NO_RESPONSE_FIGURES } from './response-quality.js';

const NOW = Date.parse('2026-05-10T04:00:00Z');
const LATER = '2026-06-30T15:59:59.999Z';
const LAPSED = '2026-05-01T15:59:59.999Z';

const offer = (over: Partial<TMarkInput> = {}): TMarkInput => ({ status: 'SUBMITTED', validUntil: LATER, comparableTotal: 100_000, quantity: 2, leadTimeDays: 30, ...over });
const marked = (marks: { lowestPrice: boolean; shortestLead: boolean }[], kind: 'lowestPrice' | 'shortestLead') => marks.flatMap((m, i) => (m[kind] ? [i] : []));

/** Three suppliers whose price order and lead-time order differ: A dearest but fastest, B cheapest, C in between. */
const PRICES = [1_214_298, 992_931, 1_100_000];
const LEADS = [15, 60, 30];
const NOT_COMPARED: TQuotationState[] = ['WITHDRAWN', 'EXPIRED', 'REJECTED'];

function combinations<T>(values: readonly T[], n: number): T[][] {
  if (n === 0) return [[]];
  return combinations(values, n - 1).flatMap((rest) => values.map((v) => [...rest, v]));
}

describe('comparisonMarks over every combination of states', () => {
  const cases = combinations(QUOTATION_STATES, 3);

  it.each(cases.map((states) => [states.join(' / '), states] as const))('%s', (_name, states) => {
    const columns = states.map((status, i) => offer({ status, comparableTotal: PRICES[i]!, leadTimeDays: LEADS[i]! }));
    const marks = comparisonMarks(columns, { demandQuantity: 2, at: NOW });
    const pool = states.flatMap((s, i) => (NOT_COMPARED.includes(s) ? [] : [i]));
    // withdrawn, expired and rejected quotations are never marked, and never decide a mark
    for (const [i, s] of states.entries()) {
      expect(marks[i]!.compared).toBe(!NOT_COMPARED.includes(s));
      if (NOT_COMPARED.includes(s)) expect(marks[i]).toMatchObject({ lowestPrice: false, shortestLead: false });
    }
    if (pool.length === 0) {
      expect(marked(marks, 'lowestPrice')).toEqual([]);
      expect(marked(marks, 'shortestLead')).toEqual([]);
      return;
    }
    // exactly the cheapest and the fastest of the compared ones, whichever is accepted
    const cheapest = pool.reduce((a, b) => (PRICES[b]! < PRICES[a]! ? b : a));
    const fastest = pool.reduce((a, b) => (LEADS[b]! < LEADS[a]! ? b : a));
    expect(marked(marks, 'lowestPrice')).toEqual([cheapest]);
    expect(marked(marks, 'shortestLead')).toEqual([fastest]);
  });

  it('gives the same marks after the decision as before it, whichever valid quotation is chosen', () => {
    // before: each column submitted (valid or past its validity), withdrawn, expired or rejected
    const before = combinations(['SUBMITTED', 'LAPSED', 'WITHDRAWN', 'EXPIRED', 'REJECTED'] as const, 3);
    let decisions = 0;
    for (const states of before) {
      const columns = states.map((s, i) => offer({ status: s === 'LAPSED' ? 'SUBMITTED' : s, validUntil: s === 'LAPSED' ? LAPSED : LATER, comparableTotal: PRICES[i]!, leadTimeDays: LEADS[i]! }));
      const judged = comparisonMarks(columns, { demandQuantity: 2, at: NOW });
      states.forEach((s, chosen) => {
        if (s !== 'SUBMITTED') return; // only a valid, pending quotation can be accepted
        const after = columns.map((c, i) => (c.status !== 'SUBMITTED' ? c : { ...c, status: (i === chosen ? 'ACCEPTED' : 'NOT_SELECTED') as TQuotationState }));
        // the server judges a decided demand at the moment of its decision
        expect(comparisonMarks(after, { demandQuantity: 2, at: NOW })).toEqual(judged);
        decisions++;
      });
    }
    expect(decisions).toBe(75); // 3 columns × 25 combinations of the other two
  });

  it('marks the real lowest on a decided demand whose accepted quotation is the most expensive (issue 19, demand 15)', () => {
    const columns = [offer({ status: 'ACCEPTED', comparableTotal: 1_214_298, leadTimeDays: 15 }), offer({ status: 'NOT_SELECTED', comparableTotal: 992_931, leadTimeDays: 45 }), offer({ status: 'NOT_SELECTED', comparableTotal: 1_050_000, leadTimeDays: 30 })];
    const marks = comparisonMarks(columns, { demandQuantity: 3, at: NOW });
    expect(marked(marks, 'lowestPrice')).toEqual([1]);
    expect(marked(marks, 'shortestLead')).toEqual([0]);
  });

  it('keeps a quotation whose validity ended after the decision, and drops one that ended before it', () => {
    const decidedAt = Date.parse('2026-05-02T00:00:00Z');
    const columns = [
      offer({ status: 'ACCEPTED', comparableTotal: 120_000 }),
      offer({ status: 'NOT_SELECTED', comparableTotal: 90_000, validUntil: '2026-05-05T15:59:59.999Z' }),
      offer({ status: 'NOT_SELECTED', comparableTotal: 80_000, validUntil: '2026-05-01T15:59:59.999Z' }),
    ];
    const marks = comparisonMarks(columns, { demandQuantity: 2, at: decidedAt });
    expect(marks.map((m) => m.compared)).toEqual([true, true, false]);
    expect(marked(marks, 'lowestPrice')).toEqual([1]);
  });

  it('marks every one of equal lowest prices and equal shortest lead times', () => {
    const marks = comparisonMarks([offer({ comparableTotal: 100 }), offer({ comparableTotal: 100 }), offer({ comparableTotal: 101, leadTimeDays: 31 })], { demandQuantity: 2, at: NOW });
    expect(marked(marks, 'lowestPrice')).toEqual([0, 1]);
    expect(marked(marks, 'shortestLead')).toEqual([0, 1]);
  });
});

describe('the per-unit basis (issue 21, item 8)', () => {
  it('does not mark a 1-unit offer as 最低价 against a cheaper-per-unit 2-unit offer for a demand of 2, and flags the quantity', () => {
    const marks = comparisonMarks([offer({ comparableTotal: 100_000, quantity: 1 }), offer({ comparableTotal: 180_000, quantity: 2 })], { demandQuantity: 2, at: NOW });
    expect(marks.map((m) => [m.unitPrice, m.quantityDiffers, m.lowestPrice])).toEqual([
      [100_000, true, false],
      [90_000, false, true],
    ]);
  });

  it('compares per-unit prices exactly, to the fen', () => {
    const marks = comparisonMarks([offer({ comparableTotal: 100_000.01, quantity: 3 }), offer({ comparableTotal: 100_000, quantity: 3 })], { demandQuantity: 3, at: NOW });
    expect(marked(marks, 'lowestPrice')).toEqual([1]);
  });

  it('raises 不含税 lines by VAT before comparing', () => {
    const line = { brand: 'A', model: 'B', quantity: 2, leadTimeDays: 10, warrantyMonths: 12, paymentTerms: '货到付款' };
    expect(comparableTotal([{ ...line, unitPrice: 210_000, taxIncluded: false }])).toBe(474_600);
    expect(comparableTotal([{ ...line, unitPrice: 230_000, taxIncluded: true }])).toBe(460_000);
  });
});

describe('premiumOver', () => {
  it('is the difference of the totals for equal quantities, with the percentage to one decimal', () => {
    expect(premiumOver({ comparableTotal: 1_214_298, quantity: 3 }, { comparableTotal: 992_931, quantity: 3 })).toEqual({ amount: 221_367, perUnit: 73_789, percent: 22.3 });
  });

  it('prices the units chosen at the lowest unit price when the quantities differ', () => {
    // 2 units at 95,000 against 1 unit at 90,000: 10,000 more for the same two units
    expect(premiumOver({ comparableTotal: 190_000, quantity: 2 }, { comparableTotal: 90_000, quantity: 1 })).toEqual({ amount: 10_000, perUnit: 5_000, percent: 5.6 });
  });
});

const column = (over: Partial<TComparisonColumn>): TComparisonColumn => ({
  quotationId: 1,
  supplierId: 1,
  supplierName: '供应商',
  storeUid: null,
  status: 'NOT_SELECTED',
  version: 1,
  lines: [],
  specs: [],
  totalAmount: 0,
  comparableTotal: 0,
  quantity: 3,
  unitPrice: 0,
  quantityDiffers: false,
  leadTimeDays: 30,
  warrantyMonths: 12,
  paymentTerms: '',
  taxIncluded: true,
  validUntil: null,
  notes: null,
  rejectReason: null,
  attachments: [],
  compared: true,
  lowestPrice: false,
  shortestLead: false,
  submittedAt: '2026-05-01T00:00:00.000Z',
  ...over,
});

describe('decisionSummary and decisionRecord', () => {
  const meta = { decidedAt: '2026-05-03T06:30:00.000Z', decidedBy: '李采购（buyer001）', reason: '  交货期最短，能赶上实验室验收节点。 ' };
  const columns = [
    column({ quotationId: 11, supplierName: '上海谱析', status: 'ACCEPTED', version: 2, comparableTotal: 1_214_298, unitPrice: 404_766, shortestLead: true }),
    column({ quotationId: 12, supplierName: '武汉汉谱', comparableTotal: 992_931, unitPrice: 330_977, lowestPrice: true }),
  ];

  it('is null before a decision', () => {
    expect(decisionSummary([column({ status: 'SUBMITTED' })], meta)).toBeNull();
  });

  it('names the choice, the lowest, the premium, who decided when and the trimmed reason', () => {
    const d = decisionSummary(columns, meta)!;
    expect(d).toMatchObject({ quotationId: 11, supplierName: '上海谱析', version: 2, isLowest: false, premiumAmount: 221_367, premiumPercent: 22.3, reason: '交货期最短，能赶上实验室验收节点。' });
    expect(d.lowest).toMatchObject({ supplierName: '武汉汉谱', comparableTotal: 992_931 });
    const lines = Object.fromEntries(decisionRecord(d, { quantity: 3, unit: '台' }).map((l) => [l.label, l.value]));
    expect(lines['比价单价']).toBe('¥404,766.00/台（比价金额 ¥1,214,298.00，共3台）');
    expect(lines['与最低价比较']).toBe('比价单价高出最低价 ¥73,789.00/台（22.3%），按所选3台计高出 ¥221,367.00；最低价为 武汉汉谱 ¥330,977.00/台（比价金额 ¥992,931.00，共3台）');
    expect(lines['比价依据']).toBe('最低价按比价单价（比价金额 ÷ 报价数量，每台）判定，不按比价金额（总额）');
    expect(lines).not.toHaveProperty('数量');
    expect(lines['决策时间']).toBe('2026-05-03 14:30（北京时间）');
    expect(lines['选定理由']).toBe('交货期最短，能赶上实验室验收节点。');
  });

  it('says the choice is the lowest when it is, with no premium', () => {
    const d = decisionSummary([column({ status: 'ACCEPTED', lowestPrice: true, comparableTotal: 5 }), column({ comparableTotal: 6 })], { ...meta, reason: null })!;
    expect(d).toMatchObject({ isLowest: true, premiumAmount: 0, premiumPercent: 0, reason: null });
    expect(decisionRecord(d, { quantity: 3, unit: '台' }).find((l) => l.label === '选定理由')?.value).toBe('选定最低价，无需填写');
  });

  it('states the quantity when the chosen offer is not for the quantity asked, and compares with the lowest per unit, not by totals', () => {
    // 1 unit for ¥100,000 chosen over 2 units for ¥180,000 (¥90,000 each) on a demand for 2
    const d = decisionSummary(
      [
        column({ quotationId: 21, supplierName: '上海谱析', status: 'ACCEPTED', comparableTotal: 100_000, quantity: 1, unitPrice: 100_000, quantityDiffers: true }),
        column({ quotationId: 22, supplierName: '北京华测', comparableTotal: 180_000, quantity: 2, unitPrice: 90_000, lowestPrice: true }),
      ],
      meta,
    )!;
    const lines = Object.fromEntries(decisionRecord(d, { quantity: 2, unit: '台' }).map((l) => [l.label, l.value]));
    expect(lines['数量']).toBe('选定报价数量为1台，需求数量为2台');
    expect(lines['与最低价比较']).toBe('比价单价高出最低价 ¥10,000.00/台（11.1%），按所选1台计高出 ¥10,000.00；最低价为 北京华测 ¥90,000.00/台（比价金额 ¥180,000.00，共2台）');
    expect(lines['比价依据']).toBe('最低价按比价单价（比价金额 ÷ 报价数量，每台）判定，不按比价金额（总额）；报价数量不同，按每台单价比较，总额不可直接比较');
    expect(Object.keys(lines).slice(0, 4)).toEqual(['选定供应商', '比价单价', '数量', '与最低价比较']);
  });
});

describe('quantityMismatch', () => {
  it('says the offered and the asked quantity when they differ, nothing when they agree', () => {
    expect(quantityMismatch(1, 2, '台')).toBe('该报价数量为1台，需求数量为2台');
    expect(quantityMismatch(3, 2, '套', '选定报价')).toBe('选定报价数量为3套，需求数量为2套');
    expect(quantityMismatch(2, 2, '台')).toBeNull();
  });
});

describe('documents and requests', () => {
  it('numbers a 比价单 by the Beijing year the demand was posted and its id', () => {
    expect(documentNumber({ id: 15, createdAt: '2026-03-02T02:00:00.000Z' })).toBe('BJD-2026-000015');
    expect(documentNumber({ id: 8, createdAt: '2025-12-31T16:30:00.000Z' })).toBe('BJD-2026-000008');
  });

  it('requires the version seen when accepting; the reason is optional here and limited in length', () => {
    expect(ZAcceptQuotation.safeParse({}).error?.issues[0]?.message).toBe('请指定报价版本');
    expect(ZAcceptQuotation.parse({ version: 2 })).toEqual({ version: 2, reason: '' });
    expect(ZAcceptQuotation.safeParse({ version: 1, reason: '长'.repeat(501) }).error?.issues[0]?.message).toBe('选定理由不能超过500个字');
  });

  it('reads a 核验码 typed by hand', () => {
    expect(ZVerifyCodeParam.parse({ code: 'abcd-efgh jkmn' }).code).toBe('ABCDEFGHJKMN');
    expect(ZVerifyCodeParam.safeParse({ code: 'ABCDEFGHJKM0' }).success).toBe(false);
  });

  it('snapshots the printed figures without internal ids, so equal figures give an equal snapshot', () => {
    const cmp = { documentNo: 'BJD-2026-000015', demand: { id: 15, title: 'PCR', quantity: 3, unit: '台' }, columns: [column({ quotationId: 1 })], decision: null };
    const again = { ...cmp, columns: [column({ quotationId: 1, notes: '不同的备注' })] };
    expect(JSON.stringify(comparisonSnapshot(again))).toBe(JSON.stringify(comparisonSnapshot(cmp)));
    expect(JSON.stringify(comparisonSnapshot({ ...cmp, columns: [column({ version: 2 })] }))).not.toBe(JSON.stringify(comparisonSnapshot(cmp)));
  });

  it('takes response figures into the snapshot only as kept at the decision (issue 37)', () => {
    const live = { ...NO_RESPONSE_FIGURES, inquiries: 6, enough: true, replyRate: 83, computedAt: '2026-05-12T02:00:00.000Z' };
    const cmp = { documentNo: 'BJD-2026-000015', demand: { id: 15, title: 'PCR', quantity: 3, unit: '台' }, columns: [column({ quotationId: 1 })], decision: null };
    // Live figures move every few minutes: never in the record, so the digest is the one issued before them.
    const withLive = { ...cmp, columns: [column({ quotationId: 1, response: live })], responseAt: null };
    expect(JSON.stringify(comparisonSnapshot(withLive))).toBe(JSON.stringify(comparisonSnapshot(cmp)));
    const kept = comparisonSnapshot({ ...withLive, responseAt: '2026-05-12T03:00:00.000Z' });
    expect(kept.responseAt).toBe('2026-05-12T03:00:00.000Z');
    expect(kept.columns[0]!.response).toEqual(live);
    expect(responseBasis('2026-05-12T03:00:00.000Z')).toBe('决定时统计（2026-05-12）');
    expect(responseBasis(null)).toBe('导出时统计');
  });
});
