// 响应质量 (issue 37): a supplier's response figures over a rolling 90 days, computed by the server
// from its rows (never entered), shown to buyers where they decide and to the supplier with the
// rows behind them. The working-hours rule and the explanations live here so the server's
// figures, the renderer's hover texts and the tests say the same thing.
import { z } from 'zod';
import { ZPageQuery } from './api.js';
import { BEIJING_OFFSET_MS } from './time.js';

/** The rolling window, in days, every figure counts over. */
export const RESPONSE_WINDOW_DAYS = 90;
/** Below this many inquiries the rates show 「数据不足」, never a percentage. */
export const RESPONSE_MIN_SAMPLE = 5;
/** Working hours, Beijing time: Monday–Friday 09:00–18:00 (public holidays are not known to the platform). */
export const WORK_START_HOUR = 9;
export const WORK_END_HOUR = 18;
/** 「24小时内回复」: the median first reply takes at most one working day (9 working hours). */
export const FAST_REPLY_WORKING_MINUTES = (WORK_END_HOUR - WORK_START_HOUR) * 60;
export const INSUFFICIENT = '数据不足';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Beijing day number (days since the epoch in Beijing) and minute of that day for an instant. */
function beijingDayAndMinute(ms: number) {
  const local = ms + BEIJING_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  return { day, minute: (local - day * DAY_MS) / 60_000 };
}

/** Monday–Friday in Beijing: day 0 of the epoch (1970-01-01) was a Thursday. */
const isWorkday = (day: number) => {
  const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
  return weekday >= 1 && weekday <= 5;
};

/**
 * Working minutes between two instants (Mon–Fri 09:00–18:00 Beijing): an inquiry that arrives
 * after hours starts counting at the next working morning, and a reply sent after hours counts as
 * sent at the end of the last working period. 0 when `to` is not after `from`.
 */
export function workingMinutesBetween(fromMs: number, toMs: number): number {
  if (!(toMs > fromMs)) return 0;
  const from = beijingDayAndMinute(fromMs);
  const to = beijingDayAndMinute(toMs);
  const open = WORK_START_HOUR * 60;
  const close = WORK_END_HOUR * 60;
  const clip = (m: number) => Math.min(Math.max(m, open), close);
  if (from.day === to.day) return isWorkday(from.day) ? clip(to.minute) - clip(from.minute) : 0;
  let total = isWorkday(from.day) ? close - clip(from.minute) : 0;
  for (let d = from.day + 1; d < to.day; d++) if (isWorkday(d)) total += close - open;
  if (isWorkday(to.day)) total += clip(to.minute) - open;
  return total;
}

/** The median of a list of numbers (the mean of the middle two for an even count), or null when empty. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** What a buyer sees of a supplier: rates are null below the minimum sample. */
export const ZResponseFigures = z.object({
  /** Inquiries received in the window (product inquiries and routed quick-inquiry copies, spam not counted). */
  inquiries: z.number(),
  /** At least RESPONSE_MIN_SAMPLE inquiries: the rates below mean something. */
  enough: z.boolean(),
  /** Share of those inquiries replied to, in whole percent; null below the minimum sample. */
  replyRate: z.number().nullable(),
  /** Median working minutes to the first reply; null below the minimum sample or with no reply. */
  medianReplyMinutes: z.number().nullable(),
  /** Median first reply within one working day (the 「24小时内回复」 filter). */
  fastReply: z.boolean(),
  quotations: z.number(),
  /** Quotations withdrawn after the buyer had opened them. */
  withdrawnAfterOpen: z.number(),
  /** Quotations the buyer chose (中标). */
  accepted: z.number(),
  /** When the figures were computed (null: not yet). */
  computedAt: z.string().nullable(),
});
export type TResponseFigures = z.infer<typeof ZResponseFigures>;

/** Figures of a supplier nothing has been computed for yet. */
export const NO_RESPONSE_FIGURES: TResponseFigures = {
  inquiries: 0,
  enough: false,
  replyRate: null,
  medianReplyMinutes: null,
  fastReply: false,
  quotations: 0,
  withdrawnAfterOpen: 0,
  accepted: 0,
  computedAt: null,
};

/** 「3.5 个工作小时」「42 分钟」 for a median reply time. */
/** The median first-reply time of a supplier's figures: 数据不足 below the sample, 暂无回复 when none was answered. */
export function replyTimeOf(f: Pick<TResponseFigures, 'enough' | 'medianReplyMinutes'>): string {
  if (!f.enough) return INSUFFICIENT;
  return f.medianReplyMinutes === null ? NO_REPLY_YET : formatReplyTime(f.medianReplyMinutes);
}
export const NO_REPLY_YET = '暂无回复';

export function formatReplyTime(minutes: number | null): string {
  if (minutes === null) return INSUFFICIENT;
  // 0: replied before the clock started (an after-hours inquiry answered before the next working morning).
  if (minutes < 1) return '不到 1 分钟';
  if (minutes < 60) return `${Math.round(minutes)} 分钟`;
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours} 个工作小时`;
}

export const formatReplyRate = (f: Pick<TResponseFigures, 'replyRate'>) => (f.replyRate === null ? INSUFFICIENT : `${f.replyRate}%`);

const WINDOW = `近${RESPONSE_WINDOW_DAYS}天`;
const HOURS_TEXT = `工作时间按北京时间周一至周五 ${WORK_START_HOUR}:00–${WORK_END_HOUR}:00 计，非工作时间收到的询价从下一个工作日上午 ${WORK_START_HOUR}:00 起算`;

/** What each figure counts, over what period: the hover/tap text beside it. */
export const RESPONSE_EXPLAINED = {
  inquiries: `${WINDOW}收到的询价：商品询价与平台分发的快速询价，不含被平台判定为垃圾的询价；能看到的求购不算询价。`,
  replyRate: `${WINDOW}收到的询价中已回复（含以报价回复）的比例。询价少于 ${RESPONSE_MIN_SAMPLE} 条时显示「${INSUFFICIENT}」。`,
  medianReply: `${WINDOW}已回复询价从收到到首次回复所用时间的中位数，只计工作时间：${HOURS_TEXT}。`,
  quotations: `${WINDOW}提交的报价（求购报价与询价报价）。`,
  withdrawnAfterOpen: `${WINDOW}提交、采购方查看过之后又被供应商撤回的报价。`,
  accepted: `${WINDOW}提交、被采购方选定（中标）的报价。`,
  fastReply: `超过一半的询价在 1 个工作日（${FAST_REPLY_WORKING_MINUTES / 60} 个工作小时）内得到首次回复，未回复的询价算作超时。询价少于 ${RESPONSE_MIN_SAMPLE} 条的不计入。`,
} as const;

/** The public directory's extra sort and filter. */
export const ZResponseSort = z.enum(['default', 'replyRate'], { error: '排序方式无效' });

/** The supplier centre's 响应数据: the stored figures and the rows behind them. */
export const ZSupplierResponse = z.object({
  figures: ZResponseFigures,
  windowFrom: z.string(),
  windowTo: z.string(),
  inquiries: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['product', 'quick']),
      subject: z.string(),
      receivedAt: z.string(),
      firstReplyAt: z.string().nullable(),
      /** Working minutes to the first reply, null when not replied. */
      replyMinutes: z.number().nullable(),
      /** Marked as spam by the platform: not counted. */
      spam: z.boolean(),
    }),
  ),
  quotations: z.array(
    z.object({
      id: z.number(),
      source: z.enum(['demand', 'inquiry']),
      status: z.string(),
      submittedAt: z.string(),
      buyerOpenedAt: z.string().nullable(),
      withdrawnAfterOpen: z.boolean(),
    }),
  ),
});
export type TSupplierResponse = z.infer<typeof ZSupplierResponse>;

const ZBucket = z.object({ label: z.string(), suppliers: z.number() });
/** The admin's view across suppliers. */
export const ZResponseDistribution = z.object({
  suppliers: z.number(),
  /** Suppliers below the minimum sample. */
  insufficient: z.number(),
  replyRate: z.array(ZBucket),
  medianReply: z.array(ZBucket),
  items: z.array(z.object({ supplierId: z.number(), companyName: z.string(), storeUid: z.string().nullable(), figures: ZResponseFigures })),
});
export type TResponseDistribution = z.infer<typeof ZResponseDistribution>;

export const ZSpamInput = z.object({ spam: z.boolean({ error: '请说明是否标记为垃圾询价' }) });

// ---------------------------------------------------------------------------------------------
// The admin's 询价巡查 (/admin/inquiryManage): routed inquiries with their spam marks
// ---------------------------------------------------------------------------------------------

export const SPAM_LABEL = '垃圾询价';
/** Said when a mark is set or lifted: the figures follow at the next batch, not at once. */
export const SPAM_NEXT_BATCH = '下一次统计（约5分钟内）';
export const SPAM_MARKED = `已标记为垃圾询价，${SPAM_NEXT_BATCH}起不再计入供应商响应数据`;
export const SPAM_UNMARKED = `已取消垃圾询价标记，${SPAM_NEXT_BATCH}起重新计入供应商响应数据`;

export const ZAdminInquiriesQuery = ZPageQuery.extend({
  keyword: z.string().trim().max(40, '关键词不能超过40个字').optional(),
  /** 'spam': marked only; 'counted': not marked. */
  spam: z.enum(['spam', 'counted'], { error: '筛选参数无效' }).optional(),
});
export type TAdminInquiriesQuery = z.input<typeof ZAdminInquiriesQuery>;

/** A routed inquiry (product inquiry or quick-inquiry copy) as the admin reviews it. */
export const ZAdminInquiry = z.object({
  id: z.number(),
  kind: z.enum(['product', 'quick']),
  subject: z.string(),
  message: z.string().nullable(),
  supplierId: z.number(),
  supplierName: z.string(),
  /** Who asked: the member's name or the quick inquiry's contact. */
  askedBy: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  repliedAt: z.string().nullable(),
  /** Marked itself. */
  spamAt: z.string().nullable(),
  /** Not counted because the quick inquiry it was routed from is marked (unmark that one). */
  parentSpam: z.boolean(),
  /** The quick inquiry it was routed from, if any. */
  parentId: z.number().nullable(),
});
export type TAdminInquiry = z.infer<typeof ZAdminInquiry>;
