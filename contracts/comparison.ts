// The 比价 rules shared by the comparison page, the Excel and PDF 比价单, the public 核验 page and
// the server's decision checks: which quotations are compared, the marks 最低价 / 最短交期 (one
// function, comparisonMarks), the per-unit basis, how far a choice is above the lowest, and the
// rules of a decision (the version the buyer saw, the 选定理由).
import { z } from 'zod';
import { ZResponseFigures } from './response-quality.js';
import { QUOTATION_STATES, VAT_RATE, ZAttachment, ZDemandDetail, ZParamRow, ZQuotationLine, ZReason, type TQuotationLine, type TQuotationState } from './trade.js';
import { formatWithFen } from './money-format.js';
import { ZAwardApproval, ZAwardRecord } from './award-approval.js';
import { chinaYear, formatDateTime, formatDay } from './time.js';

// ---------------------------------------------------------------------------------------------
// Marks
// ---------------------------------------------------------------------------------------------

/**
 * Quotations that take part in 最低价 and 最短交期: every one still valid at the decision, i.e. all
 * but withdrawn, expired and rejected ones (rejected ones stay on the sheet, greyed).
 */
export const COMPARED_QUOTATION_STATES: readonly TQuotationState[] = ['SUBMITTED', 'ACCEPTED', 'NOT_SELECTED'];

const round2 = (n: number) => Math.round(n * 100) / 100;
const fen = (yuan: number) => Math.round(yuan * 100);

/** The total with 不含税 lines raised by VAT_RATE: the figure prices are compared on. */
export const comparableTotal = (lines: TQuotationLine[]) => round2(lines.reduce((sum, l) => sum + l.unitPrice * l.quantity * (l.taxIncluded ? 1 : 1 + VAT_RATE), 0));

/** The main item of a quotation: its line with the largest amount (not an accessory or a service). */
export const mainLine = (lines: TQuotationLine[]) => lines.reduce((main, l) => (l.unitPrice * l.quantity > main.unitPrice * main.quantity ? l : main));

export type TMarkInput = {
  status: TQuotationState;
  /** ISO time; a quotation whose validity ended before `at` is not compared. */
  validUntil: string | null;
  comparableTotal: number;
  /** The quantity offered: that of the main line. */
  quantity: number;
  leadTimeDays: number;
};

export type TColumnMarks = {
  /** Takes part in 最低价 / 最短交期. */
  compared: boolean;
  /** Comparable total per unit offered (two decimals). */
  unitPrice: number;
  /** The quantity offered is not the demand's. */
  quantityDiffers: boolean;
  lowestPrice: boolean;
  shortestLead: boolean;
};

/**
 * The marks of a 比价单. `at` is the moment the sheet is judged at: the decision once the demand
 * is decided (or ended), now before. 最低价 is the lowest comparable price per unit offered, so a
 * 1-unit offer is not "cheaper" than a 2-unit one for a demand of 2; ties are all marked.
 */
export function comparisonMarks(columns: TMarkInput[], opts: { demandQuantity: number; at: number }): TColumnMarks[] {
  const compared = columns.map((c) => COMPARED_QUOTATION_STATES.includes(c.status) && (c.validUntil === null || Date.parse(c.validUntil) > opts.at));
  // Per-unit prices compared exactly, in hundredths of a fen.
  const unitKey = columns.map((c) => Math.round((fen(c.comparableTotal) * 100) / c.quantity));
  const pool = columns.flatMap((_, i) => (compared[i] ? [i] : []));
  const minUnit = pool.length ? Math.min(...pool.map((i) => unitKey[i]!)) : null;
  const minLead = pool.length ? Math.min(...pool.map((i) => columns[i]!.leadTimeDays)) : null;
  return columns.map((c, i) => ({
    compared: compared[i]!,
    unitPrice: round2(c.comparableTotal / c.quantity),
    quantityDiffers: c.quantity !== opts.demandQuantity,
    lowestPrice: compared[i]! && unitKey[i] === minUnit,
    shortestLead: compared[i]! && c.leadTimeDays === minLead,
  }));
}

/**
 * How far `chosen` is above the lowest: the amount it costs over buying the same number of units
 * at the lowest unit price (with equal quantities, simply the difference of the totals), that per
 * unit, and the per-unit difference in percent (one decimal).
 */
export function premiumOver(chosen: { comparableTotal: number; quantity: number }, lowest: { comparableTotal: number; quantity: number }) {
  const amount = Math.max(0, Math.round(fen(chosen.comparableTotal) - (fen(lowest.comparableTotal) * chosen.quantity) / lowest.quantity) / 100);
  const ratio = (chosen.comparableTotal / chosen.quantity) / (lowest.comparableTotal / lowest.quantity);
  const percent = Math.max(0, Math.round((ratio - 1) * 1000) / 10);
  return { amount, perUnit: round2(amount / chosen.quantity), percent };
}

// ---------------------------------------------------------------------------------------------
// Deciding
// ---------------------------------------------------------------------------------------------

export const SELECTION_REASON_MIN = 10;
export const SELECTION_REASON_MAX = 500;
export const SELECTION_REASON_REQUIRED = `所选报价不是最低价，请填写选定理由（至少${SELECTION_REASON_MIN}个字）`;
export const QUOTATION_VERSION_STALE = '报价已更新，请查看最新版本后再确认';

/** The reason counts in characters as a reader sees them (一个汉字一个字). */
export const reasonLength = (reason: string | null | undefined) => Array.from(reason?.trim() ?? '').length;

const ZVersion = z.coerce.number({ error: '请指定报价版本' }).int('请指定报价版本').positive('请指定报价版本').max(32767, '请指定报价版本');

/** Accepting names the version the buyer saw; a 选定理由 is required when it is not the lowest. */
export const ZAcceptQuotation = z.object({
  version: ZVersion,
  reason: z.string().trim().max(SELECTION_REASON_MAX, `选定理由不能超过${SELECTION_REASON_MAX}个字`).default(''),
});
export type TAcceptQuotation = z.input<typeof ZAcceptQuotation>;
export const ZRejectQuotation = ZReason.extend({ version: ZVersion });
export type TRejectQuotation = z.input<typeof ZRejectQuotation>;

/** 比价单 numbers: BJD-2026-000015 (the year the demand was posted, Beijing time, and its id). */
export const documentNumber = (demand: { id: number; createdAt: string }) => `BJD-${chinaYear(Date.parse(demand.createdAt))}-${String(demand.id).padStart(6, '0')}`;

/** The public page an approver checks a printed 比价单 on. */
export const verifyPath = (code: string) => `/verify/comparison/${code}`;
/** 核验码: 12 characters without the look-alikes 0/O, 1/I/L. */
export const VERIFY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VERIFY_CODE_RE = /^[A-HJKMNP-Z2-9]{12}$/;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const ZComparisonColumn = z.object({
  quotationId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  storeUid: z.string().nullable(),
  /**
   * 响应质量 (issue 37): the supplier's figures over the last 90 days — as kept at the award once the
   * demand is decided (ZComparison.responseAt), else as last computed.
   */
  response: ZResponseFigures.optional(),
  status: z.enum(QUOTATION_STATES),
  version: z.number(),
  lines: z.array(ZQuotationLine),
  specs: z.array(ZParamRow),
  totalAmount: z.number(),
  /** The total with 不含税 lines raised by VAT_RATE, the figure prices are compared on. */
  comparableTotal: z.number(),
  /** The quantity offered (that of the main line) and the comparable price per unit. */
  quantity: z.number(),
  unitPrice: z.number(),
  quantityDiffers: z.boolean(),
  leadTimeDays: z.number(),
  warrantyMonths: z.number(),
  paymentTerms: z.string(),
  taxIncluded: z.boolean(),
  validUntil: z.string().nullable(),
  notes: z.string().nullable(),
  rejectReason: z.string().nullable(),
  attachments: z.array(ZAttachment),
  /** Takes part in 最低价 / 最短交期 (comparisonMarks). */
  compared: z.boolean(),
  lowestPrice: z.boolean(),
  shortestLead: z.boolean(),
  /** When this version was submitted. */
  submittedAt: z.string(),
});
export type TComparisonColumn = z.infer<typeof ZComparisonColumn>;

const ZPriceRef = z.object({ supplierName: z.string(), comparableTotal: z.number(), unitPrice: z.number(), quantity: z.number() });

/** The 决策记录: the choice, how it compares with the lowest, who decided when, and why. */
export const ZComparisonDecision = ZPriceRef.extend({
  quotationId: z.number(),
  version: z.number(),
  isLowest: z.boolean(),
  /** The lowest compared quotation (the first of equals), or null when none was left to compare. */
  lowest: ZPriceRef.nullable(),
  premiumAmount: z.number(),
  premiumPercent: z.number(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TComparisonDecision = z.infer<typeof ZComparisonDecision>;

/**
 * A 密封报价 demand before 开标 (bidsOpened): who quoted and when, nothing of what. The comparison
 * then has no columns and no decision.
 */
export const ZSealedBids = z.object({
  /** Quotations received (withdrawn ones excluded). */
  count: z.number(),
  /** The quote deadline: 开标 at the latest. */
  opensAt: z.string(),
  bids: z.array(z.object({ supplierName: z.string(), status: z.enum(QUOTATION_STATES), submittedAt: z.string() })),
});
export type TSealedBids = z.infer<typeof ZSealedBids>;

export const ZComparison = z.object({
  demand: ZDemandDetail,
  /** Set while a 密封报价 demand is not yet opened; columns is then empty. */
  sealed: ZSealedBids.nullable(),
  columns: z.array(ZComparisonColumn),
  canDecide: z.boolean(),
  /** BJD-2026-000015 */
  documentNo: z.string(),
  /** The moment the marks are judged at: the decision (or the end of the demand), else now. */
  markedAt: z.string(),
  decision: ZComparisonDecision.nullable(),
  /**
   * 响应质量 (issue 37): when the columns' figures were kept — the award (「决定时统计」); null when
   * they are the live ones (before a decision, or a decision older than the kept figures).
   */
  responseAt: z.string().nullable(),
  /**
   * 定标审批 (issue 38): null unless the demand's 采购单位 requires approval before an award or a
   * proposal was made; then every proposal with its steps (the 决策记录's approvals).
   */
  awardApproval: ZAwardApproval.nullable(),
});
export type TComparison = z.infer<typeof ZComparison>;

/** What a printed 比价单 states, as the 核验 page shows it (and as its code was issued for). */
export const ZComparisonSnapshot = z.object({
  documentNo: z.string(),
  demand: z.object({ id: z.number(), title: z.string(), quantity: z.number(), unit: z.string() }),
  columns: z.array(
    z.object({
      supplierName: z.string(),
      status: z.enum(QUOTATION_STATES),
      version: z.number(),
      totalAmount: z.number(),
      comparableTotal: z.number(),
      quantity: z.number(),
      unitPrice: z.number(),
      leadTimeDays: z.number(),
      compared: z.boolean(),
      lowestPrice: z.boolean(),
      shortestLead: z.boolean(),
      /** The supplier's figures as of the decision; only on a decided sheet (live figures never enter a 核验码). */
      response: ZResponseFigures.optional(),
    }),
  ),
  decision: ZComparisonDecision.omit({ quotationId: true }).nullable(),
  /** When the columns' figures were kept (the award); absent when the sheet carries none. */
  responseAt: z.string().optional(),
  /** 定标审批记录 (issue 38): absent when no award was proposed for approval. */
  approvals: z.array(ZAwardRecord).optional(),
});
export type TComparisonSnapshot = z.infer<typeof ZComparisonSnapshot>;

export const ZComparisonVerify = ZComparisonSnapshot.extend({
  code: z.string(),
  /** When this code was first issued (the first export of these figures). */
  issuedAt: z.string(),
  /** The figures behind the demand are still the ones printed. */
  current: z.boolean(),
});
export type TComparisonVerify = z.infer<typeof ZComparisonVerify>;

/** A code as printed, or typed by hand (lower case, with spaces or hyphens). */
export const ZVerifyCodeParam = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(VERIFY_CODE_RE, '核验码无效，请核对比价单上的12位核验码')),
});

/**
 * The 决策记录 of a decided comparison (its ACCEPTED column), against the lowest compared
 * quotation of the marks; null before a decision.
 */
export function decisionSummary(columns: TComparisonColumn[], meta: { decidedAt: string | null; decidedBy: string | null; reason: string | null }): TComparisonDecision | null {
  const chosen = columns.find((c) => c.status === 'ACCEPTED');
  if (!chosen) return null;
  const lowest = columns.find((c) => c.lowestPrice) ?? null;
  const ref = (c: TComparisonColumn) => ({ supplierName: c.supplierName, comparableTotal: c.comparableTotal, unitPrice: c.unitPrice, quantity: c.quantity });
  const isLowest = chosen.lowestPrice || lowest === null;
  const premium = lowest && !isLowest ? premiumOver(chosen, lowest) : { amount: 0, percent: 0 };
  return {
    ...ref(chosen),
    quotationId: chosen.quotationId,
    version: chosen.version,
    isLowest,
    lowest: lowest ? ref(lowest) : null,
    premiumAmount: premium.amount,
    premiumPercent: premium.percent,
    decidedAt: meta.decidedAt,
    decidedBy: meta.decidedBy,
    reason: meta.reason?.trim() || null,
  };
}

/** ¥1,214,298.00: amounts on the 比价单 and its 决策记录 always show fen. */
export const formatYuan = formatWithFen;

/** The marks as the 比价单 prints them, on the row where each is judged (最低价: 比价单价). */
export const MARK_TEXT = { price: '★最低价', lead: '◆最短交期' } as const;

/**
 * 「该报价数量为1台，需求数量为2台」: said wherever an offer for another quantity than the demand's is
 * chosen (the accept confirmation; with 选定报价 in the 决策记录); null when they are the same.
 */
export function quantityMismatch(offered: number, wanted: number, unit: string, subject: '该报价' | '选定报价' = '该报价'): string | null {
  return offered === wanted ? null : `${subject}数量为${offered}${unit}，需求数量为${wanted}${unit}`;
}

/**
 * The 决策记录 as label/value lines: the same words on the page, the Excel and the PDF. 最低价 is
 * judged on the 比价单价, so the comparison with the lowest leads with the per-unit figures; the
 * totals follow only as what they are (different quantities make totals incomparable).
 */
export function decisionRecord(decision: Omit<TComparisonDecision, 'quotationId'>, demand: { quantity: number; unit: string }): { label: string; value: string }[] {
  const unit = demand.unit;
  const priced = (p: { unitPrice: number; comparableTotal: number; quantity: number }) => `${formatYuan(p.unitPrice)}/${unit}（比价金额 ${formatYuan(p.comparableTotal)}，共${p.quantity}${unit}）`;
  const low = decision.lowest;
  const quantity = quantityMismatch(decision.quantity, demand.quantity, unit, '选定报价');
  const quantitiesDiffer = quantity !== null || (low !== null && low.quantity !== decision.quantity);
  const differing = `；报价数量不同，按每${unit}单价比较，总额不可直接比较`;
  return [
    { label: '选定供应商', value: `${decision.supplierName}（第${decision.version}版报价）` },
    { label: '比价单价', value: priced(decision) },
    ...(quantity ? [{ label: '数量', value: quantity }] : []),
    {
      label: '与最低价比较',
      value:
        decision.isLowest || !low
          ? '比价单价为有效报价中的最低价'
          : `比价单价高出最低价 ${formatYuan(round2(decision.premiumAmount / decision.quantity))}/${unit}（${decision.premiumPercent}%），按所选${decision.quantity}${unit}计高出 ${formatYuan(decision.premiumAmount)}；最低价为 ${low.supplierName} ${priced(low)}`,
    },
    {
      label: '比价依据',
      value: `最低价按比价单价（比价金额 ÷ 报价数量，每${unit}）判定，不按比价金额（总额）${quantitiesDiffer ? differing : ''}`,
    },
    { label: '决策人', value: decision.decidedBy ?? '—' },
    { label: '决策时间', value: decision.decidedAt ? `${formatDateTime(decision.decidedAt)}（北京时间）` : '—' },
    { label: '选定理由', value: decision.reason ?? (decision.isLowest ? '选定最低价，无需填写' : '未记录') },
  ];
}

/** Signature lines of an internal purchase approval, printed under the 决策记录. */
export const SIGNATURE_ROLES = ['经办人', '部门负责人', '审批人'] as const;

/** The printed figures of a comparison: what the 核验码 stands for (a change in any gives a new code). */
export function comparisonSnapshot(
  cmp: Pick<TComparison, 'documentNo' | 'columns' | 'decision'> & { responseAt?: string | null; awardApproval?: TComparison['awardApproval']; demand: TComparisonSnapshot['demand'] },
): TComparisonSnapshot {
  const d = cmp.demand;
  const decision = cmp.decision ? (({ quotationId: _id, ...rest }) => rest)(cmp.decision) : null;
  // Response figures enter the record only as kept at the decision: fixed, so the same sheet keeps
  // its code. Live figures move every few minutes and would give every export a new one. Records
  // without them keep the digest they were issued with.
  const kept = cmp.responseAt ?? null;
  return {
    documentNo: cmp.documentNo,
    demand: { id: d.id, title: d.title, quantity: d.quantity, unit: d.unit },
    columns: cmp.columns.map((c) => ({
      supplierName: c.supplierName,
      status: c.status,
      version: c.version,
      totalAmount: c.totalAmount,
      comparableTotal: c.comparableTotal,
      quantity: c.quantity,
      unitPrice: c.unitPrice,
      leadTimeDays: c.leadTimeDays,
      compared: c.compared,
      lowestPrice: c.lowestPrice,
      shortestLead: c.shortestLead,
      ...(kept && c.response ? { response: c.response } : {}),
    })),
    decision,
    ...(kept ? { responseAt: kept } : {}),
    // Approvals enter the record once there are any, so earlier sheets keep their digest.
    ...(cmp.awardApproval?.proposals.length ? { approvals: cmp.awardApproval.proposals.map(({ id: _id, quotationId: _q, ...r }) => r) } : {}),
  };
}

/** 「决定时统计（2026-05-12）」 once the figures are kept at the decision, else 「导出时统计」 / 「当前统计」. */
export function responseBasis(responseAt: string | null | undefined, live: '导出时统计' | '当前统计' = '导出时统计'): string {
  return responseAt ? `决定时统计（${formatDay(responseAt)}）` : live;
}
