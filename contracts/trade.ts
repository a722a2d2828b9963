// The trade model of DESIGN.md §5 shared by server and renderer: the state machines as tables of
// allowed transitions, the request schemas with their Chinese messages, and the answers' shapes.
import { z } from 'zod';
import { ZPageQuery } from './api.js';
import { ZEditVersion } from './backoffice.js';
import { MOBILE_RE } from './constants.js';
import { AMOUNT_MAX, amountTooLarge, toFen, ZMoney } from './money.js';

export { formatMoney } from './money-format.js';
import { todayInChina, tradeClock } from './time.js';
import { ZCode, ZMobile } from './validation.js';

// Dates and the trade clock live in ./time (Beijing time for everyone); re-exported for older imports.
export { endOfChinaDay, formatDateTime, formatDay, timeAgo, todayInChina, tradeClock } from './time.js';

// ---------------------------------------------------------------------------------------------
// States and transitions
// ---------------------------------------------------------------------------------------------

export const DEMAND_STATES = ['DRAFT', 'PENDING_APPROVAL', 'PENDING_REVIEW', 'OPEN', 'QUOTED', 'EVALUATING', 'AWARDED', 'EXPIRED', 'CANCELLED', 'CLOSED', 'REJECTED'] as const;
export const QUOTATION_STATES = ['SUBMITTED', 'ACCEPTED', 'REJECTED', 'WITHDRAWN', 'EXPIRED', 'NOT_SELECTED'] as const;
export const INQUIRY_STATES = ['NEW', 'REPLIED', 'CLOSED'] as const;

export type TDemandState = (typeof DEMAND_STATES)[number];
export type TQuotationState = (typeof QUOTATION_STATES)[number];
export type TInquiryState = (typeof INQUIRY_STATES)[number];

/**
 * Who triggers a transition, relative to the record: the buyer (the demand's purchaser or the
 * inquiry's sender), the supplier (the quoting or addressed supplier), a platform admin, or the
 * system (the scheduler and rules such as the quotation cap). 'approver': a 审批人 of the buyer's
 * 采购单位 (issue 38), never the demand's author.
 */
export type TTradeActor = 'buyer' | 'supplier' | 'admin' | 'system' | 'approver';

type TTable<S extends string> = Record<S, Partial<Record<S, readonly TTradeActor[]>>>;

/**
 * Demand: DRAFT → OPEN → QUOTED (first quotation) → EVALUATING (the purchaser stops accepting,
 * or the deadline or the cap is reached) → AWARDED. OPEN expires at the deadline without any
 * quotation; EVALUATING expires when no quotation was accepted 30 days after the deadline.
 * Demands go live at once; one the platform took down (REJECTED, with its reason) the purchaser
 * corrects and submits for review (PENDING_REVIEW), and an admin puts it back (OPEN) or rejects it
 * again; either may be cancelled instead.
 * A demand of a 采购单位 whose rules require approval (issue 38) goes from DRAFT (or, corrected,
 * from REJECTED) to PENDING_APPROVAL (待审批); its approvers move it on to the platform's review
 * (PENDING_REVIEW) or return it to its author (REJECTED, with the reason, editable).
 */
export const DEMAND_TRANSITIONS: TTable<TDemandState> = {
  DRAFT: { OPEN: ['buyer'], PENDING_APPROVAL: ['buyer'], PENDING_REVIEW: ['buyer'], CANCELLED: ['buyer'] },
  PENDING_APPROVAL: { PENDING_REVIEW: ['approver'], REJECTED: ['approver'], CANCELLED: ['buyer', 'admin'] },
  PENDING_REVIEW: { OPEN: ['admin'], REJECTED: ['admin'], CANCELLED: ['buyer', 'admin'] },
  OPEN: { QUOTED: ['supplier'], EXPIRED: ['system'], CANCELLED: ['buyer', 'admin'], REJECTED: ['admin'] },
  // QUOTED → OPEN / EXPIRED: its last pending quotation was withdrawn, rejected or expired (demandStatusFor).
  QUOTED: { OPEN: ['system'], EVALUATING: ['buyer', 'system'], EXPIRED: ['system'], AWARDED: ['buyer'], CANCELLED: ['buyer', 'admin'], REJECTED: ['admin'] },
  EVALUATING: { AWARDED: ['buyer'], EXPIRED: ['system'], CANCELLED: ['buyer', 'admin'], CLOSED: ['admin'] },
  AWARDED: { CLOSED: ['buyer', 'admin'] },
  EXPIRED: {},
  CANCELLED: {},
  CLOSED: {},
  REJECTED: { PENDING_APPROVAL: ['buyer'], PENDING_REVIEW: ['buyer'], CANCELLED: ['buyer'] },
};

/** Quotation: a revision keeps the state (SUBMITTED → SUBMITTED, version + 1). */
export const QUOTATION_TRANSITIONS: TTable<TQuotationState> = {
  SUBMITTED: {
    SUBMITTED: ['supplier'],
    ACCEPTED: ['buyer'],
    REJECTED: ['buyer'],
    WITHDRAWN: ['supplier'],
    EXPIRED: ['system'],
    // The demand or inquiry ended without choosing it (another accepted, cancelled, closed, expired).
    NOT_SELECTED: ['system'],
  },
  ACCEPTED: {},
  REJECTED: {},
  WITHDRAWN: {},
  EXPIRED: {},
  // Taken down with its demand (驳回): quoted anew when the corrected demand is back on the hall.
  NOT_SELECTED: { SUBMITTED: ['supplier'] },
};

/** Inquiry: the addressed supplier (or an admin for the platform's quick inquiries) replies; either side closes. */
export const INQUIRY_TRANSITIONS: TTable<TInquiryState> = {
  NEW: { REPLIED: ['supplier', 'admin'], CLOSED: ['buyer', 'supplier', 'admin'] },
  REPLIED: { CLOSED: ['buyer', 'supplier', 'admin'] },
  CLOSED: {},
};

export function canTransition<S extends string>(table: TTable<S>, from: S, to: S, actor: TTradeActor): boolean {
  return table[from]?.[to]?.includes(actor) ?? false;
}

export const DEMAND_STATE_LABEL: Record<TDemandState, string> = {
  DRAFT: '草稿',
  PENDING_APPROVAL: '待审批',
  PENDING_REVIEW: '待审核',
  OPEN: '报价中',
  QUOTED: '已有报价',
  EVALUATING: '评标中',
  AWARDED: '已成交',
  EXPIRED: '已过期',
  CANCELLED: '已取消',
  CLOSED: '已关闭',
  REJECTED: '已驳回',
};
export const QUOTATION_STATE_LABEL: Record<TQuotationState, string> = {
  SUBMITTED: '已提交',
  ACCEPTED: '已中标',
  REJECTED: '已拒绝',
  WITHDRAWN: '已撤回',
  EXPIRED: '已过期',
  NOT_SELECTED: '未中选',
};
export const INQUIRY_STATE_LABEL: Record<TInquiryState, string> = { NEW: '待回复', REPLIED: '已回复', CLOSED: '已关闭' };

/** The message for a refused transition. */
export const transitionRefused = (label?: string) => (label ? `当前状态（${label}）不允许此操作` : '当前状态不允许此操作');

/** States a demand is shown in the public hall with. */
export const PUBLIC_DEMAND_STATES: TDemandState[] = ['OPEN', 'QUOTED', 'EVALUATING', 'AWARDED', 'EXPIRED', 'CLOSED'];
export const ACCEPTING_DEMAND_STATES: TDemandState[] = ['OPEN', 'QUOTED'];

export const DEFAULT_QUOTE_CAP = 10;
/** An EVALUATING demand without a decision this many days after its deadline expires. */
export const EVALUATION_DAYS = 30;
/** The deadline reminder goes out this long before the quote deadline. */
export const DEADLINE_REMINDER_MS = 24 * 3600 * 1000;
/** A quotation in 不含税 prices is compared at this VAT rate. */
export const VAT_RATE = 0.13;
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_COUNT = 5;
/** A quick inquiry goes to at most this many suppliers with matching products. */
export const QUICK_ROUTE_SUPPLIERS = 3;

// ---------------------------------------------------------------------------------------------
// Rules shared by the server (which enforces them) and the pages (which derive buttons,
// countdowns, tabs and hints from them instead of re-implementing them)
// ---------------------------------------------------------------------------------------------

/** Quotations still waiting for the buyer's decision: the only ones a demand is "QUOTED" with. */
export const PENDING_QUOTATION_STATES: TQuotationState[] = ['SUBMITTED'];
/** Quotations that count as received (the hall's 「N 家已报价」 and the cap): all but withdrawn ones. */
export const COUNTED_QUOTATION_STATES: TQuotationState[] = ['SUBMITTED', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'NOT_SELECTED'];

/**
 * The state a demand must be in given its pending quotations and the clock, for the states the
 * system settles (OPEN, QUOTED, EVALUATING); any other state is returned unchanged.
 * - taking quotations (OPEN/QUOTED) before the deadline: QUOTED with a pending quotation, else OPEN;
 * - at the deadline: EVALUATING with a pending quotation, else EXPIRED (nothing to compare, re-post allowed);
 * - EVALUATING with no pending quotation left: EXPIRED.
 */
export function demandStatusFor(d: { status: TDemandState; quoteDeadline: string | Date }, pending: number, now = tradeClock.now()): TDemandState {
  const deadline = typeof d.quoteDeadline === 'string' ? Date.parse(d.quoteDeadline) : d.quoteDeadline.getTime();
  if (d.status === 'OPEN' || d.status === 'QUOTED') {
    if (deadline <= now) return pending > 0 ? 'EVALUATING' : 'EXPIRED';
    return pending > 0 ? 'QUOTED' : 'OPEN';
  }
  if (d.status === 'EVALUATING' && pending === 0) return 'EXPIRED';
  return d.status;
}

/** Whether a demand takes new quotations: OPEN/QUOTED, before its deadline, below its cap. */
export function acceptsQuotations(d: { status: string; quoteDeadline: string | Date; quoteCap: number }, quotationCount: number, now = tradeClock.now()): boolean {
  const deadline = typeof d.quoteDeadline === 'string' ? Date.parse(d.quoteDeadline) : d.quoteDeadline.getTime();
  return (d.status === 'OPEN' || d.status === 'QUOTED') && deadline > now && quotationCount < d.quoteCap;
}

/** The countdown to the quote deadline, only while the demand takes quotations (never on 评标中 or 已成交). */
export function deadlineCountdown(d: { status: string; quoteDeadline: string }, now = tradeClock.now()) {
  if (d.status !== 'OPEN' && d.status !== 'QUOTED') return null;
  return remainingText(d.quoteDeadline, now);
}

/**
 * 报价方式 of a demand. 密封报价 (sealed, the default): until 开标 nobody but the quoting supplier
 * reads a quotation's prices, lines, specs, terms or attachments — the purchaser sees how many
 * arrived and from whom; exports and decisions wait for 开标, and suppliers may revise or withdraw
 * until then. 公开报价 (public): the purchaser reads quotations as they arrive.
 */
export const QUOTE_MODES = ['sealed', 'public'] as const;
export type TQuoteMode = (typeof QUOTE_MODES)[number];
export const QUOTE_MODE_LABEL: Record<TQuoteMode, string> = { sealed: '密封报价', public: '公开报价' };
export const QUOTE_MODE_HINT: Record<TQuoteMode, string> = {
  sealed: '报价截止或您停止报价（开标）前，您只能看到报价数量和报价供应商，看不到价格和明细；开标后再比价定标。可防止报价泄露，推荐使用。',
  public: '供应商提交报价后您即可查看价格和明细，供应商在报价前会看到本求购为公开报价。',
};
/** Demand states reached only at or after 开标: it stopped taking quotations (the purchaser, the cap or the deadline). */
const OPENED_DEMAND_STATES: TDemandState[] = ['EVALUATING', 'AWARDED', 'EXPIRED', 'CLOSED'];
/** The purchaser's (and anyone's but the quoting supplier's) refusal before 开标. */
export const SEALED_UNTIL_OPENING = '密封报价，开标后可查看报价详情';
export const SEALED_EXPORT_REFUSED = '密封报价未开标，开标后才能导出比价单';
export const SEALED_DECISION_REFUSED = '密封报价未开标，开标后才能选定或拒绝报价';
export const SEALED_WITHDRAW_REFUSED = '该求购已开标，不能再撤回报价';

/**
 * 开标: whether a demand's quotations are open to its purchaser at `now`. A 公开报价 demand always
 * is; a 密封报价 one once its quote deadline has passed or it stopped taking quotations
 * (EVALUATING and the states after it). A demand cancelled or taken down before its deadline stays
 * sealed until the deadline.
 */
export function bidsOpened(d: { quoteMode: string; status: string; quoteDeadline: string | Date }, now = tradeClock.now()): boolean {
  if (d.quoteMode === 'public') return true;
  const deadline = typeof d.quoteDeadline === 'string' ? Date.parse(d.quoteDeadline) : d.quoteDeadline.getTime();
  return deadline <= now || OPENED_DEMAND_STATES.includes(d.status as TDemandState);
}

export type TDemandAction = 'submit' | 'stop' | 'cancel' | 'close' | 'repost' | 'approve';
/** Demands that can be re-posted as a new draft. */
export const REPOST_STATES: TDemandState[] = ['EXPIRED', 'CANCELLED'];
const ACTION_TARGET: Record<Exclude<TDemandAction, 'repost' | 'approve'>, TDemandState> = { submit: 'OPEN', stop: 'EVALUATING', cancel: 'CANCELLED', close: 'CLOSED' };
/** Demands their purchaser edits in the demand form: drafts, and rejected ones to correct and submit for review. */
export const EDITABLE_DEMAND_STATES: TDemandState[] = ['DRAFT', 'REJECTED'];
/** Why a rejected demand cannot go back on the hall without review. */
export const DEMAND_RESUBMITTED = '已提交审核，平台审核通过后将重新发布';
/** A demand of a 采购单位 that requires approval, sent to its approvers (issue 38). */
export const DEMAND_SENT_FOR_APPROVAL = '已提交单位审批，审批通过后由平台审核发布';

/** The actions the purchaser (actor 'buyer') or an admin may take on a demand in `state`, from DEMAND_TRANSITIONS. */
export function demandActionsFor(state: TDemandState, actor: 'buyer' | 'admin' = 'buyer'): TDemandAction[] {
  const out: TDemandAction[] = [];
  for (const [action, to] of Object.entries(ACTION_TARGET) as [Exclude<TDemandAction, 'repost' | 'approve'>, TDemandState][]) {
    // A rejected demand goes back through review (the form's 提交审核), never straight onto the hall.
    if (action === 'submit' && state !== 'DRAFT') continue;
    if (canTransition(DEMAND_TRANSITIONS, state, to, actor)) out.push(action);
  }
  if (actor === 'buyer' && REPOST_STATES.includes(state)) out.push('repost');
  if (actor === 'admin' && state === 'PENDING_REVIEW') out.push('approve');
  return out;
}

/** The tabs of 我的求购, in order; 全部 is their sum, so every state a demand can be in has a tab. */
export const MY_DEMAND_TABS: TDemandState[] = ['DRAFT', 'PENDING_APPROVAL', 'PENDING_REVIEW', 'OPEN', 'QUOTED', 'EVALUATING', 'AWARDED', 'EXPIRED', 'CANCELLED', 'CLOSED', 'REJECTED'];

/**
 * Whether the supplier may still revise its quotation, and if not, why (the same sentence the
 * server answers 409 with).
 */
export function quotationRevisable(
  q: { status: TQuotationState },
  target: { demand?: { status: TDemandState; quoteDeadline: string | Date } | null; inquiry?: { status: TInquiryState } | null },
  now = tradeClock.now(),
): { ok: true } | { ok: false; reason: string } {
  if (q.status !== 'SUBMITTED') return { ok: false, reason: `报价${QUOTATION_STATE_LABEL[q.status]}，不能再修改` };
  const d = target.demand;
  if (d) {
    if (d.status !== 'OPEN' && d.status !== 'QUOTED') return { ok: false, reason: `该求购已停止接收报价（${DEMAND_STATE_LABEL[d.status]}），不能再修改报价` };
    const deadline = typeof d.quoteDeadline === 'string' ? Date.parse(d.quoteDeadline) : d.quoteDeadline.getTime();
    if (deadline <= now) return { ok: false, reason: '该求购已过报价截止时间，不能再修改报价' };
  }
  if (target.inquiry?.status === 'CLOSED') return { ok: false, reason: '该询价已关闭，不能再修改报价' };
  return { ok: true };
}

/** Whether the supplier may withdraw: only a quotation the buyer has not decided on. */
export const quotationWithdrawable = (status: TQuotationState) => canTransition(QUOTATION_TRANSITIONS, status, 'WITHDRAWN', 'supplier');

/**
 * Whether the supplier may withdraw its quotation, and if not, why: undecided, and for a 密封报价
 * demand only before 开标 (after it the purchaser has read the prices it is comparing).
 */
export function quotationWithdrawAllowed(
  q: { status: TQuotationState },
  demand: { quoteMode: string; status: string; quoteDeadline: string | Date } | null | undefined,
  now = tradeClock.now(),
): { ok: true } | { ok: false; reason: string } {
  if (!quotationWithdrawable(q.status)) return { ok: false, reason: transitionRefused(QUOTATION_STATE_LABEL[q.status]) };
  if (demand && demand.quoteMode !== 'public' && bidsOpened(demand, now)) return { ok: false, reason: SEALED_WITHDRAW_REFUSED };
  return { ok: true };
}
/** Whether the buyer may accept or reject a quotation. */
export const quotationDecidable = (status: TQuotationState) => canTransition(QUOTATION_TRANSITIONS, status, 'ACCEPTED', 'buyer');
/** Whether the buyer or supplier may close an inquiry. */
export const inquiryClosable = (status: TInquiryState) => canTransition(INQUIRY_TRANSITIONS, status, 'CLOSED', 'buyer');

/** Default validity of a quotation: 30 days from today, and never before the demand's own quote deadline. */
export const QUOTATION_DEFAULT_VALID_DAYS = 30;
export function defaultValidUntil(quoteDeadline: string | null | undefined, now = tradeClock.now()): string {
  const base = todayInChina(now + QUOTATION_DEFAULT_VALID_DAYS * 86400_000);
  const deadlineDay = quoteDeadline ? todayInChina(Date.parse(quoteDeadline)) : null;
  return deadlineDay && deadlineDay > base ? deadlineDay : base;
}
/** The earliest validity a quotation on a demand may have: the demand's quote deadline (a date). */
export const minValidUntil = (quoteDeadline: string | null | undefined, now = tradeClock.now()) => {
  const today = todayInChina(now);
  const deadlineDay = quoteDeadline ? todayInChina(Date.parse(quoteDeadline)) : null;
  return deadlineDay && deadlineDay > today ? deadlineDay : today;
};
export const VALID_BEFORE_DEADLINE = '报价有效期不能早于求购的报价截止日期';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const PHONE_RE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;

const isRealDate = (v: string) => DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const ZDate = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, `请选择${label}`)
    .refine(isRealDate, `${label}格式应为 YYYY-MM-DD`);

const ZId = (label: string) => z.coerce.number({ error: `${label}无效` }).int(`${label}无效`).positive(`${label}无效`).max(2_147_483_647, `${label}无效`);
export const ZIdParam = z.object({ id: ZId('编号') });

export const ZParamRow = z.object({
  name: z.string({ error: '参数名称不能为空' }).trim().min(1, '参数名称不能为空').max(30, '参数名称不能超过30个字符'),
  value: z.string().trim().max(100, '参数要求不能超过100个字符').default(''),
});
export type TParamRow = z.infer<typeof ZParamRow>;

const ZAttachmentIds = z.array(ZId('附件')).max(ATTACHMENT_MAX_COUNT, `附件最多${ATTACHMENT_MAX_COUNT}个`).default([]);
const ZContactName = z.string({ error: '联系人不能为空' }).trim().min(1, '联系人不能为空').max(20, '联系人不能超过20个字符');
const ZContactPhone = z.string({ error: '联系电话不能为空' }).trim().min(1, '联系电话不能为空').regex(PHONE_RE, '请输入有效的手机号或座机号码');

export const ZDemandInput = z
  .object({
    title: z.string({ error: '求购标题不能为空' }).trim().min(1, '求购标题不能为空').min(4, '求购标题至少4个字').max(60, '求购标题不能超过60个字'),
    categoryId: z.coerce.number({ error: '请选择产品分类' }).int('请选择产品分类').positive('请选择产品分类').max(2_147_483_647, '请选择产品分类'),
    quantity: z.coerce.number({ error: '请填写采购数量' }).int('采购数量必须是整数').min(1, '采购数量至少为1').max(100000, '采购数量不能超过100000'),
    unit: z.string({ error: '请填写单位' }).trim().min(1, '请填写单位').max(10, '单位不能超过10个字'),
    budget: ZMoney('预算', { min: 'nonnegative', max: AMOUNT_MAX }).nullable().optional(),
    budgetHidden: z.boolean().default(false),
    needBy: ZDate('期望交货日期').nullable().optional(),
    quoteDeadline: ZDate('报价截止日期'),
    province: z.string({ error: '请选择收货地区' }).trim().min(1, '请选择收货地区').max(20, '省份名称过长'),
    city: z.string().trim().max(20, '城市名称过长').nullable().optional(),
    description: z.string().trim().max(2000, '需求描述不能超过2000个字').default(''),
    params: z.array(ZParamRow).max(30, '参数最多30行').default([]),
    contactName: ZContactName,
    contactPhone: ZContactPhone,
    quoteCap: z.coerce.number().int('报价上限必须是整数').min(1, '报价上限至少为1').max(30, '报价上限不能超过30').default(DEFAULT_QUOTE_CAP),
    /** 报价方式: 密封报价 unless 公开报价 is chosen explicitly. */
    quoteMode: z.enum(QUOTE_MODES, { error: '报价方式无效' }).default('sealed'),
    attachmentIds: ZAttachmentIds,
    /** false saves a draft, true publishes it. */
    submit: z.boolean().default(false),
  })
  .refine((v) => v.quoteDeadline >= todayInChina(), { message: '报价截止日期不能早于今天', path: ['quoteDeadline'] })
  .refine((v) => v.quoteDeadline <= todayInChina(tradeClock.now() + 90 * 86400_000), { message: '报价截止日期不能超过90天', path: ['quoteDeadline'] })
  .refine((v) => !v.needBy || v.needBy >= v.quoteDeadline, { message: '期望交货日期不能早于报价截止日期', path: ['needBy'] });
export type TDemandInput = z.input<typeof ZDemandInput>;

export const ZQuotationLine = z.object({
  brand: z.string({ error: '品牌不能为空' }).trim().min(1, '品牌不能为空').max(40, '品牌不能超过40个字符'),
  model: z.string({ error: '型号不能为空' }).trim().min(1, '型号不能为空').max(60, '型号不能超过60个字符'),
  unitPrice: ZMoney('单价'),
  taxIncluded: z.boolean().default(true),
  quantity: z.coerce.number({ error: '数量必须是数字' }).int('数量必须是整数').min(1, '数量至少为1').max(100000, '数量不能超过100000'),
  leadTimeDays: z.coerce.number({ error: '交货期必须是数字' }).int('交货期必须是整数天数').min(0, '交货期不能为负数').max(365, '交货期不能超过365天'),
  warrantyMonths: z.coerce.number({ error: '质保期必须是数字' }).int('质保期必须是整数月数').min(0, '质保期不能为负数').max(120, '质保期不能超过120个月'),
  paymentTerms: z.string({ error: '付款方式不能为空' }).trim().min(1, '付款方式不能为空').max(60, '付款方式不能超过60个字符'),
});
export type TQuotationLine = z.infer<typeof ZQuotationLine>;

/** Quantity × unit price of every line and their sum stay within AMOUNT_MAX (contracts/money.ts). */
const ZQuotationLines = z
  .array(ZQuotationLine, { error: '请至少填写一行报价' })
  .min(1, '请至少填写一行报价')
  .max(20, '报价最多20行')
  .superRefine((lines, ctx) => {
    let sum = 0;
    lines.forEach((l, i) => {
      const fen = toFen(l.unitPrice) * l.quantity;
      if (fen > AMOUNT_MAX * 100) ctx.addIssue({ code: 'custom', message: amountTooLarge('单价×数量'), path: [i, 'unitPrice'] });
      sum += fen;
    });
    if (sum > AMOUNT_MAX * 100 && !lines.some((l) => toFen(l.unitPrice) * l.quantity > AMOUNT_MAX * 100)) ctx.addIssue({ code: 'custom', message: amountTooLarge('报价合计') });
  });

const quotationBody = {
  lines: ZQuotationLines,
  specs: z.array(ZParamRow).max(30, '参数最多30行').default([]),
  validUntil: ZDate('报价有效期').refine((v) => v >= todayInChina(), '报价有效期不能早于今天'),
  notes: z.string().trim().max(1000, '备注不能超过1000个字').default(''),
  attachmentIds: ZAttachmentIds,
};
export const ZQuotationInput = z
  .object({ demandId: ZId('求购').optional(), inquiryId: ZId('询价').optional(), ...quotationBody })
  .refine((v) => Boolean(v.demandId) !== Boolean(v.inquiryId), { message: '请指定要报价的求购或询价', path: ['demandId'] });
export type TQuotationInput = z.input<typeof ZQuotationInput>;
/** A revision names the version its form was opened on: a second window saving from the same one gets 409 (STALE_EDIT_MESSAGE). */
export const ZQuotationRevise = z.object({ ...quotationBody, version: ZEditVersion.max(32767, '版本号无效') });
export type TQuotationRevise = z.input<typeof ZQuotationRevise>;

export const ZReason = z.object({ reason: z.string({ error: '请填写原因' }).trim().min(2, '原因至少2个字').max(200, '原因不能超过200个字') });
export const ZOptionalNote = z.object({ note: z.string().trim().max(200, '说明不能超过200个字').optional() });
/** 取消求购's optional reason: the other reasons' bound (ZReason), named as what it is. */
export const CANCEL_NOTE_MAX = 200;
export const ZCancelDemand = z.object({ note: z.string({ error: '取消原因格式错误' }).trim().max(CANCEL_NOTE_MAX, `取消原因不能超过${CANCEL_NOTE_MAX}个字`).optional() });

export const ZInquiryInput = z.object({
  productId: ZId('商品'),
  quantity: z.coerce.number({ error: '请填写采购数量' }).int('采购数量必须是整数').min(1, '采购数量至少为1').max(100000, '采购数量不能超过100000'),
  unit: z.string().trim().max(10, '单位不能超过10个字').optional(),
  message: z.string({ error: '请填写询价内容' }).trim().min(5, '询价内容至少5个字').max(1000, '询价内容不能超过1000个字'),
  contactName: ZContactName,
  contactPhone: ZContactPhone,
});
export type TInquiryInput = z.input<typeof ZInquiryInput>;

export const ZQuickInquiryInput = z.object({
  subject: z.string({ error: '请填写需要采购的仪器' }).trim().min(2, '请填写需要采购的仪器（至少2个字）').max(60, '仪器名称不能超过60个字'),
  categoryId: ZId('产品分类').nullable().optional(),
  quantity: z.coerce.number({ error: '请填写采购数量' }).int('采购数量必须是整数').min(1, '采购数量至少为1').max(100000, '采购数量不能超过100000'),
  unit: z.string().trim().max(10, '单位不能超过10个字').default('台'),
  contactName: ZContactName,
  companyName: z.string().trim().max(100, '单位名称不能超过100个字').optional(),
  mobile: ZMobile,
  code: ZCode,
  message: z.string().trim().max(500, '补充说明不能超过500个字').default(''),
});
export type TQuickInquiryInput = z.input<typeof ZQuickInquiryInput>;

/** An admin forwards a quick inquiry to suppliers it picked (the automatic routing found none, or too few). */
export const QUICK_ROUTE_MAX = 5;
export const ZRouteQuickInput = z.object({
  supplierIds: z
    .array(ZId('供应商'), { error: '请选择供应商' })
    .min(1, '请选择供应商')
    .max(QUICK_ROUTE_MAX, `一次最多分发给${QUICK_ROUTE_MAX}家供应商`)
    .refine((ids) => new Set(ids).size === ids.length, '供应商不能重复'),
});
export type TRouteQuickInput = z.infer<typeof ZRouteQuickInput>;

export const ZReplyInput = z.object({ reply: z.string({ error: '请填写回复内容' }).trim().min(2, '回复内容至少2个字').max(1000, '回复内容不能超过1000个字') });

const ZKeyword = z.string().trim().max(40, '关键词不能超过40个字').optional();
const stateFilter = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: '状态参数无效' }).optional();

export const ZDemandHallQuery = ZPageQuery.extend({
  keyword: ZKeyword,
  categoryId: ZId('分类').optional(),
  province: z.string().trim().max(10, '省份参数无效').optional(),
  status: stateFilter(['active', 'ended', 'OPEN', 'QUOTED', 'EVALUATING', 'AWARDED', 'EXPIRED', 'CLOSED']),
});
export type TDemandHallQuery = z.input<typeof ZDemandHallQuery>;

export const ZMyDemandsQuery = ZPageQuery.extend({
  status: stateFilter(DEMAND_STATES),
  keyword: ZKeyword,
  /** Admins only: every purchaser's demands. */
  scope: z.enum(['mine', 'all'], { error: '范围参数无效' }).default('mine'),
  withQuotations: z.enum(['1', '0', 'true', 'false'], { error: '参数无效' }).optional(),
});
export const ZSupplierQuotationsQuery = ZPageQuery.extend({ status: stateFilter(QUOTATION_STATES), keyword: ZKeyword });
/** Tab counts follow the list's keyword (and scope), so each tab's figure equals the rows it opens. */
export const ZCountsQuery = z.object({ keyword: ZKeyword, scope: z.enum(['mine', 'all'], { error: '范围参数无效' }).default('mine') });
export const ZInquiriesQuery = ZPageQuery.extend({ status: stateFilter(INQUIRY_STATES), keyword: ZKeyword });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const ZAttachment = z.object({ id: z.number(), filename: z.string(), mime: z.string(), size: z.number(), url: z.string() });
export type TAttachment = z.infer<typeof ZAttachment>;

export const ZCategoryNode: z.ZodType<TCategoryNode> = z.lazy(() => z.object({ id: z.number(), parentId: z.number(), name: z.string(), children: z.array(ZCategoryNode) }));
export type TCategoryNode = { id: number; parentId: number; name: string; children: TCategoryNode[] };

export const ZProductSummary = z.object({
  id: z.number(),
  name: z.string(),
  model: z.string().nullable(),
  price: z.number().nullable(),
  unit: z.string(),
  categoryId: z.number(),
  brandName: z.string().nullable(),
  supplier: z.object({ id: z.number(), companyName: z.string(), storeUid: z.string().nullable() }),
});
export type TProductSummary = z.infer<typeof ZProductSummary>;

export const ZDemandListItem = z.object({
  id: z.number(),
  title: z.string(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  quantity: z.number(),
  unit: z.string(),
  budget: z.number().nullable(),
  budgetHidden: z.boolean(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  quoteDeadline: z.string(),
  status: z.enum(DEMAND_STATES),
  quotationCount: z.number(),
  quoteCap: z.number(),
  /** 报价方式 (bidsOpened decides what the purchaser reads before 开标). */
  quoteMode: z.enum(QUOTE_MODES),
  buyer: z.string(),
  accepting: z.boolean(),
  createdAt: z.string(),
});
export type TDemandListItem = z.infer<typeof ZDemandListItem>;

export const ZMyDemandItem = ZDemandListItem.extend({
  needBy: z.string().nullable(),
  updatedAt: z.string(),
  repostOf: z.number().nullable(),
  newQuotations: z.number(),
  /** The platform's reason when the demand was rejected (已驳回). */
  rejectReason: z.string().nullable(),
});
export type TMyDemandItem = z.infer<typeof ZMyDemandItem>;

export const ZMyQuotationRef = z.object({ id: z.number(), status: z.enum(QUOTATION_STATES), version: z.number() });

export const ZDemandDetail = ZDemandListItem.extend({
  needBy: z.string().nullable(),
  /** Full details are for logged-in suppliers, the purchaser and admins; others see `locked`. */
  locked: z.boolean(),
  description: z.string().nullable(),
  params: z.array(ZParamRow),
  attachments: z.array(ZAttachment),
  isOwner: z.boolean(),
  /** The buyer's contact: the purchaser and admins, and a supplier whose quotation was accepted. */
  contact: z.object({ companyName: z.string().nullable(), contactName: z.string().nullable(), contactPhone: z.string().nullable() }).nullable(),
  myQuotation: ZMyQuotationRef.nullable(),
  repostOf: z.number().nullable(),
  /** 定标审批 (issue 38): the buyer's 采购单位 is approving an award (suppliers read 「采购方内部审批中」). */
  awardPending: z.boolean().optional(),
});
export type TDemandDetail = z.infer<typeof ZDemandDetail>;

export const ZQuotationVersion = z.object({
  version: z.number(),
  lines: z.array(ZQuotationLine),
  specs: z.array(ZParamRow),
  totalAmount: z.number(),
  validUntil: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type TQuotationVersion = z.infer<typeof ZQuotationVersion>;

export const ZHistoryEntry = z.object({ fromState: z.string().nullable(), toState: z.string(), note: z.string().nullable(), actor: z.string().nullable(), at: z.string() });
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;

export const ZQuotationItem = z.object({
  id: z.number(),
  demandId: z.number().nullable(),
  inquiryId: z.number().nullable(),
  subject: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  version: z.number(),
  status: z.enum(QUOTATION_STATES),
  totalAmount: z.number().nullable(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the current version was submitted (not the last status change). */
  submittedAt: z.string(),
  /** For its supplier: whether it may still be revised (quotationRevisable) and, if not, why. */
  canRevise: z.boolean(),
  reviseBlocked: z.string().nullable(),
  /** The demand's quote deadline (null for an inquiry's quotation): the countdown is shown only while revisable. */
  quoteDeadline: z.string().nullable(),
});
export type TQuotationItem = z.infer<typeof ZQuotationItem>;

export const ZQuotationDetail = ZQuotationItem.extend({
  notes: z.string().nullable(),
  rejectReason: z.string().nullable(),
  current: ZQuotationVersion,
  versions: z.array(ZQuotationVersion),
  history: z.array(ZHistoryEntry),
  attachments: z.array(ZAttachment),
  demand: z
    .object({ id: z.number(), title: z.string(), status: z.enum(DEMAND_STATES), quantity: z.number(), unit: z.string(), quoteDeadline: z.string(), quoteMode: z.enum(QUOTE_MODES), params: z.array(ZParamRow), buyer: z.string() })
    .nullable(),
  inquiry: z.object({ id: z.number(), subject: z.string(), status: z.enum(INQUIRY_STATES), quantity: z.number().nullable(), unit: z.string().nullable() }).nullable(),
  contact: z.object({ companyName: z.string().nullable(), contactName: z.string().nullable(), contactPhone: z.string().nullable() }).nullable(),
  viewer: z.enum(['supplier', 'buyer', 'admin']),
  /** 定标审批 (issue 38): the buyer's 采购单位 is approving an award on this quotation's demand. */
  awardPending: z.boolean().optional(),
});
export type TQuotationDetail = z.infer<typeof ZQuotationDetail>;

// The comparison (比价) answers live in contracts/comparison.ts.

export const ZInquiryItem = z.object({
  id: z.number(),
  kind: z.enum(['product', 'quick']),
  subject: z.string(),
  productId: z.number().nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  message: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  status: z.enum(INQUIRY_STATES),
  createdAt: z.string(),
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  companyName: z.string().nullable(),
  fromQuick: z.boolean(),
  quotation: ZMyQuotationRef.nullable(),
  /**
   * A quick inquiry the caller sent: the copy each supplier it was routed to answers, with that
   * supplier's reply and quotation (the buyer reads them here, where the notices point).
   */
  answers: z
    .array(
      z.object({
        inquiryId: z.number(),
        supplierName: z.string().nullable(),
        status: z.enum(INQUIRY_STATES),
        reply: z.string().nullable(),
        repliedAt: z.string().nullable(),
        quotation: ZMyQuotationRef.nullable(),
      }),
    )
    .default([]),
});
export type TInquiryItem = z.infer<typeof ZInquiryItem>;

export const ZQuickInquiryItem = ZInquiryItem.extend({
  /** 响应质量 (issue 37): when the admin marked it 垃圾询价 (its routed copies are then not counted), else null. */
  spamAt: z.string().nullable(),
  routedTo: z.array(z.object({ inquiryId: z.number(), supplierId: z.number(), supplierName: z.string(), status: z.enum(INQUIRY_STATES) })),
  categoryName: z.string().nullable(),
});
export type TQuickInquiryItem = z.infer<typeof ZQuickInquiryItem>;

export const ZStateCounts = z.record(z.string(), z.number());

export const ZInquiryStats = z.object({
  weeks: z.array(z.object({ week: z.string(), inquiries: z.number(), quotations: z.number() })),
  totalInquiries: z.number(),
  repliedInquiries: z.number(),
  avgResponseHours: z.number().nullable(),
  quotationRate: z.number().nullable(),
  quotationsSubmitted: z.number(),
  quotationsDecided: z.number(),
  quotationsWon: z.number(),
  winRate: z.number().nullable(),
});
export type TInquiryStats = z.infer<typeof ZInquiryStats>;

export const ZNotification = z.object({ id: z.number(), kind: z.string().nullable(), title: z.string(), content: z.string(), link: z.string().nullable(), readAt: z.string().nullable(), createdAt: z.string() });
export type TNotification = z.infer<typeof ZNotification>;

/** Client-side check used by the quick-inquiry form before sending a code. */
export const isMobileNumber = (v: string) => MOBILE_RE.test(v);

// ---------------------------------------------------------------------------------------------
// Display helpers shared by the trade pages (pure, no DOM)
// ---------------------------------------------------------------------------------------------


/** "剩余3天", "剩余5小时", "已截止" for a quote deadline. */
export function remainingText(iso: string, now = tradeClock.now()): { text: string; urgent: boolean; over: boolean } {
  const ms = Date.parse(iso) - now;
  if (ms <= 0) return { text: '已截止', urgent: false, over: true };
  const hours = ms / 3600_000;
  if (hours < 1) return { text: `剩余${Math.max(1, Math.floor(ms / 60_000))}分钟`, urgent: true, over: false };
  if (hours < 24) return { text: `剩余${Math.floor(hours)}小时`, urgent: true, over: false };
  return { text: `剩余${Math.floor(hours / 24)}天`, urgent: hours < 72, over: false };
}

export const formatFileSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
