// 响应质量 (issue 37): a supplier's response figures, computed from the rows of the last 90 days by
// one rule (contracts/response-quality.ts) for the batch that fills supplier_response_stats and for
// the supplier's own view of the rows behind them. Buyers' pages read only the table.
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  FAST_REPLY_WORKING_MINUTES,
  median,
  NO_RESPONSE_FIGURES,
  RESPONSE_MIN_SAMPLE,
  RESPONSE_WINDOW_DAYS,
  workingMinutesBetween,
  type TAdminInquiriesQuery,
  type TAdminInquiry,
  type TResponseDistribution,
  type TResponseFigures,
  type TSupplierResponse,
} from '../../../contracts/response-quality.js';
import type { Db } from '../../db/client.js';
import { inquiries, members, stores, supplierResponseStats, suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { clock } from '../../lib/clock.js';
import { likePattern } from '../../lib/filenames.js';
import type { TSessionMember } from '../auth/session.repository.js';

const DAY_MS = 86400_000;

const supplierOfMember = async (db: Db, memberId: number) => (await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.memberId, memberId)).limit(1))[0] ?? null;

type TInquiryFact = { id: number; supplierId: number; kind: string; subject: string; createdAt: Date; firstReplyAt: Date | null; spam: boolean };
type TQuotationFact = { id: number; supplierId: number; status: string; createdAt: Date; buyerOpenedAt: Date | null; withdrawnAt: Date | null; demandId: number | null; inquiryId: number | null };

/** PGlite answers `{ rows }`, node-postgres a QueryResult with `rows` too. */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/**
 * The inquiries routed to suppliers in the window: product inquiries and quick-inquiry copies (the
 * platform's own quick inquiry has no supplier). The first reply is the first move to REPLIED (a
 * written reply or a quotation); replied_at alone would move with a second reply. A routed copy of
 * a quick inquiry the admin marked as spam is spam too.
 */
async function inquiryFacts(db: Db, from: Date, to: Date, supplierId?: number): Promise<TInquiryFact[]> {
  const rows = rowsOf<{ id: number; supplier_id: number; kind: string; subject: string; created_at: string; first_reply_at: string | null; spam: boolean }>(
    await db.execute(sql`
      select i.id, i.supplier_id, i.kind, i.subject, i.created_at,
        least(i.replied_at, (select min(a.at) from audit_log a where a.entity = 'inquiry' and a.entity_id = i.id and a.to_state = 'REPLIED')) as first_reply_at,
        (i.spam_at is not null or exists (select 1 from inquiries p where p.id = i.parent_id and p.spam_at is not null)) as spam
      from inquiries i
      where i.supplier_id is not null and (i.kind = 'product' or i.parent_id is not null)
        and i.created_at > ${from.toISOString()}::timestamptz and i.created_at <= ${to.toISOString()}::timestamptz
        ${supplierId === undefined ? sql`` : sql`and i.supplier_id = ${supplierId}`}
      order by i.created_at desc, i.id desc`),
  );
  return rows.map((r) => ({ id: Number(r.id), supplierId: Number(r.supplier_id), kind: r.kind, subject: r.subject, createdAt: new Date(r.created_at), firstReplyAt: dateOrNull(r.first_reply_at), spam: Boolean(r.spam) }));
}

/** Quotations submitted in the window, less those answering an inquiry marked as spam (or a copy of a quick inquiry marked so). */
async function quotationFacts(db: Db, from: Date, to: Date, supplierId?: number): Promise<TQuotationFact[]> {
  const rows = rowsOf<{ id: number; supplier_id: number; status: string; created_at: string; buyer_opened_at: string | null; withdrawn_at: string | null; demand_id: number | null; inquiry_id: number | null }>(
    await db.execute(sql`
      select q.id, q.supplier_id, q.status, q.created_at, q.buyer_opened_at, q.demand_id, q.inquiry_id,
        (select min(a.at) from audit_log a where a.entity = 'quotation' and a.entity_id = q.id and a.to_state = 'WITHDRAWN') as withdrawn_at
      from quotations q
      left join inquiries i on i.id = q.inquiry_id
      where q.created_at > ${from.toISOString()}::timestamptz and q.created_at <= ${to.toISOString()}::timestamptz
        and i.spam_at is null and not exists (select 1 from inquiries p where p.id = i.parent_id and p.spam_at is not null)
        ${supplierId === undefined ? sql`` : sql`and q.supplier_id = ${supplierId}`}
      order by q.created_at desc, q.id desc`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    supplierId: Number(r.supplier_id),
    status: r.status,
    createdAt: new Date(r.created_at),
    buyerOpenedAt: dateOrNull(r.buyer_opened_at),
    withdrawnAt: dateOrNull(r.withdrawn_at),
    demandId: r.demand_id === null ? null : Number(r.demand_id),
    inquiryId: r.inquiry_id === null ? null : Number(r.inquiry_id),
  }));
}

const replyMinutes = (i: TInquiryFact) => (i.firstReplyAt ? workingMinutesBetween(i.createdAt.getTime(), i.firstReplyAt.getTime()) : null);
const answeredWithinADay = (i: TInquiryFact) => (replyMinutes(i) ?? Infinity) <= FAST_REPLY_WORKING_MINUTES;
/** Withdrawn after the buyer had opened it (a withdrawal before any opening is the supplier's right). */
const withdrawnAfterOpen = (q: TQuotationFact) => q.status === 'WITHDRAWN' && q.buyerOpenedAt !== null && (q.withdrawnAt === null || q.withdrawnAt >= q.buyerOpenedAt);

type TStatsRow = typeof supplierResponseStats.$inferInsert;

/** One supplier's figures from its facts. */
function figuresOf(supplierId: number, inq: TInquiryFact[], quo: TQuotationFact[]): Omit<TStatsRow, 'computedAt'> {
  const counted = inq.filter((i) => !i.spam);
  const replied = counted.filter((i) => i.firstReplyAt);
  const enough = counted.length >= RESPONSE_MIN_SAMPLE;
  const med = median(replied.map((i) => replyMinutes(i)!));
  const medianReplyMinutes = enough && med !== null ? Math.round(med) : null;
  return {
    supplierId,
    inquiries: counted.length,
    replied: replied.length,
    replyRate: enough ? Math.round((replied.length / counted.length) * 100) : null,
    medianReplyMinutes,
    // More than half of the inquiries answered within a working day, an unanswered one counting as
    // late: a supplier that answers one in five quickly is not 「24小时内回复」.
    fastReply: enough && counted.filter(answeredWithinADay).length * 2 > counted.length,
    quotations: quo.length,
    withdrawnAfterOpen: quo.filter(withdrawnAfterOpen).length,
    accepted: quo.filter((q) => q.status === 'ACCEPTED').length,
  };
}

const windowOf = (now: Date) => ({ from: new Date(now.getTime() - RESPONSE_WINDOW_DAYS * DAY_MS), to: now });

/**
 * Recomputes every supplier's figures (the scheduler runs it every few minutes). A row is written
 * only when its figures changed, so unchanged figures keep the public answers cached.
 */
export async function recomputeResponseStats(db: Db, now = clock.date()) {
  const { from, to } = windowOf(now);
  const [inq, quo, existing] = await Promise.all([inquiryFacts(db, from, to), quotationFacts(db, from, to), db.select({ supplierId: supplierResponseStats.supplierId }).from(supplierResponseStats)]);
  const ids = new Set<number>([...inq.map((i) => i.supplierId), ...quo.map((q) => q.supplierId), ...existing.map((e) => e.supplierId)]);
  const bySupplier = <T extends { supplierId: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) m.set(r.supplierId, [...(m.get(r.supplierId) ?? []), r]);
    return m;
  };
  const inqBy = bySupplier(inq);
  const quoBy = bySupplier(quo);
  const rows = [...ids].map((id) => ({ ...figuresOf(id, inqBy.get(id) ?? [], quoBy.get(id) ?? []), computedAt: now }));
  if (!rows.length) return { suppliers: 0, changed: 0 };
  // One statement for the whole batch: its trigger's notices to drop the cached catalogue are one
  // transaction's, merged into one (a statement per supplier dropped every cache once per supplier).
  const write = (batch: typeof rows) => {
    const t = supplierResponseStats;
    const figures = { inquiries: t.inquiries, replied: t.replied, replyRate: t.replyRate, medianReplyMinutes: t.medianReplyMinutes, fastReply: t.fastReply, quotations: t.quotations, withdrawnAfterOpen: t.withdrawnAfterOpen, accepted: t.accepted };
    // The schema names columns in camelCase and the database in snake_case (drizzle's casing).
    const excluded = (c: { name: string }) => sql.raw(`excluded.${c.name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}`);
    const columns = Object.values(figures);
    return db
      .insert(t)
      .values(batch)
      .onConflictDoUpdate({
        target: t.supplierId,
        set: { ...Object.fromEntries(Object.entries(figures).map(([key, c]) => [key, excluded(c)])), computedAt: excluded(t.computedAt) },
        setWhere: sql`(${sql.join(columns, sql`, `)}) is distinct from (${sql.join(columns.map(excluded), sql`, `)})`,
      })
      .returning({ id: t.supplierId });
  };
  let changed: number;
  try {
    changed = (await write(rows)).length;
  } catch (err) {
    // A supplier deleted between the read and the write: the others are written one by one.
    if ((err as { code?: string }).code !== '23503') throw err;
    changed = 0;
    for (const row of rows) {
      changed += (
        await write([row]).catch((e: unknown) => {
          if ((e as { code?: string }).code === '23503') return [];
          throw e;
        })
      ).length;
    }
  }
  return { suppliers: ids.size, changed };
}

type TStatsSelect = typeof supplierResponseStats.$inferSelect;

export function toFigures(row: TStatsSelect | null | undefined): TResponseFigures {
  if (!row) return NO_RESPONSE_FIGURES;
  return {
    inquiries: row.inquiries,
    enough: row.inquiries >= RESPONSE_MIN_SAMPLE,
    replyRate: row.replyRate,
    medianReplyMinutes: row.medianReplyMinutes,
    fastReply: row.fastReply,
    quotations: row.quotations,
    withdrawnAfterOpen: row.withdrawnAfterOpen,
    accepted: row.accepted,
    computedAt: row.computedAt.toISOString(),
  };
}

/** The stored figures of some suppliers (what buyers' pages show), one query. */
export async function responseFigures(db: Db, supplierIds: number[]): Promise<Map<number, TResponseFigures>> {
  const ids = [...new Set(supplierIds)];
  if (!ids.length) return new Map();
  const rows = await db.select().from(supplierResponseStats).where(inArray(supplierResponseStats.supplierId, ids));
  const found = new Map(rows.map((r) => [r.supplierId, toFigures(r)]));
  return new Map(ids.map((id) => [id, found.get(id) ?? NO_RESPONSE_FIGURES]));
}

/** The supplier centre: the stored figures and, read now, the rows behind them. */
export async function supplierResponse(db: Db, me: TSessionMember, now = clock.date()): Promise<TSupplierResponse> {
  const supplier = await supplierOfMember(db, me.id);
  if (!supplier) throw new AppError('FORBIDDEN', '只有入驻供应商可以查看响应数据');
  const { from, to } = windowOf(now);
  const [inq, quo, figures] = await Promise.all([inquiryFacts(db, from, to, supplier.id), quotationFacts(db, from, to, supplier.id), responseFigures(db, [supplier.id])]);
  return {
    figures: figures.get(supplier.id) ?? NO_RESPONSE_FIGURES,
    windowFrom: from.toISOString(),
    windowTo: to.toISOString(),
    inquiries: inq.map((i) => ({
      id: i.id,
      kind: i.kind === 'quick' ? 'quick' : 'product',
      subject: i.subject,
      receivedAt: i.createdAt.toISOString(),
      firstReplyAt: i.firstReplyAt?.toISOString() ?? null,
      replyMinutes: replyMinutes(i),
      spam: i.spam,
    })),
    quotations: quo.map((q) => ({
      id: q.id,
      source: q.demandId ? 'demand' : 'inquiry',
      status: q.status,
      submittedAt: q.createdAt.toISOString(),
      buyerOpenedAt: q.buyerOpenedAt?.toISOString() ?? null,
      withdrawnAfterOpen: withdrawnAfterOpen(q),
    })),
  };
}

/** The admin's spam mark on a routed inquiry: not counted in its supplier's figures from the next batch. */
export async function markInquirySpam(db: Db, me: TSessionMember, id: number, spam: boolean) {
  const [row] = await db.select({ id: inquiries.id, supplierId: inquiries.supplierId }).from(inquiries).where(eq(inquiries.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', '询价不存在');
  await db
    .update(inquiries)
    .set(spam ? { spamAt: clock.date(), spamBy: me.id } : { spamAt: null, spamBy: null })
    .where(eq(inquiries.id, id));
}

const RATE_BUCKETS: { label: string; test: (rate: number) => boolean }[] = [
  { label: '95%及以上', test: (r) => r >= 95 },
  { label: '80%–94%', test: (r) => r >= 80 && r < 95 },
  { label: '50%–79%', test: (r) => r >= 50 && r < 80 },
  { label: '50%以下', test: (r) => r < 50 },
];
const TIME_BUCKETS: { label: string; test: (m: number) => boolean }[] = [
  { label: '1个工作小时内', test: (m) => m <= 60 },
  { label: '1个工作日内', test: (m) => m > 60 && m <= FAST_REPLY_WORKING_MINUTES },
  { label: '超过1个工作日', test: (m) => m > FAST_REPLY_WORKING_MINUTES },
];

/** The admin's view: how the figures spread across suppliers, and each supplier's. */
export async function responseDistribution(db: Db): Promise<TResponseDistribution> {
  const rows = await db
    .select({ stats: supplierResponseStats, companyName: suppliers.companyName, storeUid: stores.uid })
    .from(supplierResponseStats)
    .innerJoin(suppliers, eq(suppliers.id, supplierResponseStats.supplierId))
    .leftJoin(stores, eq(stores.supplierId, suppliers.id))
    .where(and(eq(suppliers.status, 'approved')));
  const rated = rows.filter((r) => r.stats.replyRate !== null);
  const timed = rows.filter((r) => r.stats.medianReplyMinutes !== null);
  return {
    suppliers: rows.length,
    insufficient: rows.length - rated.length,
    replyRate: RATE_BUCKETS.map((b) => ({ label: b.label, suppliers: rated.filter((r) => b.test(r.stats.replyRate!)).length })),
    medianReply: TIME_BUCKETS.map((b) => ({ label: b.label, suppliers: timed.filter((r) => b.test(r.stats.medianReplyMinutes!)).length })),
    items: rows
      .map((r) => ({ supplierId: r.stats.supplierId, companyName: r.companyName, storeUid: r.storeUid, figures: toFigures(r.stats) }))
      .sort((a, b) => (b.figures.replyRate ?? -1) - (a.figures.replyRate ?? -1) || b.figures.inquiries - a.figures.inquiries),
  };
}

/**
 * The admin's 询价巡查: every inquiry routed to a supplier (product inquiries and quick-inquiry
 * copies), newest first, with its spam mark — its own or that of the quick inquiry it came from.
 */
export async function adminInquiries(db: Db, q: TAdminInquiriesQuery & { page: number; pageSize: number }): Promise<{ items: TAdminInquiry[]; total: number; page: number; pageSize: number }> {
  const parent = alias(inquiries, 'parent');
  const conds = [isNotNull(inquiries.supplierId), or(eq(inquiries.kind, 'product'), isNotNull(inquiries.parentId))];
  if (q.keyword) conds.push(or(ilike(inquiries.subject, likePattern(q.keyword)), ilike(suppliers.companyName, likePattern(q.keyword)), ilike(inquiries.contactName, likePattern(q.keyword)), ilike(inquiries.message, likePattern(q.keyword))));
  if (q.spam === 'spam') conds.push(or(isNotNull(inquiries.spamAt), isNotNull(parent.spamAt)));
  if (q.spam === 'counted') conds.push(and(isNull(inquiries.spamAt), isNull(parent.spamAt)));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ i: inquiries, supplierName: suppliers.companyName, parentSpamAt: parent.spamAt, memberName: members.realName, memberNick: members.nickname, parentContact: parent.contactName })
      .from(inquiries)
      .innerJoin(suppliers, eq(suppliers.id, inquiries.supplierId))
      .leftJoin(parent, eq(parent.id, inquiries.parentId))
      .leftJoin(members, eq(members.id, inquiries.memberId))
      .where(where)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(inquiries)
      .innerJoin(suppliers, eq(suppliers.id, inquiries.supplierId))
      .leftJoin(parent, eq(parent.id, inquiries.parentId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.i.id,
      kind: r.i.parentId ? 'quick' : 'product',
      subject: r.i.subject,
      message: r.i.message,
      supplierId: r.i.supplierId!,
      supplierName: r.supplierName,
      askedBy: r.i.contactName || r.memberName || r.memberNick || r.parentContact || null,
      status: r.i.status,
      createdAt: r.i.createdAt.toISOString(),
      repliedAt: r.i.repliedAt?.toISOString() ?? null,
      spamAt: r.i.spamAt?.toISOString() ?? null,
      parentSpam: r.parentSpamAt !== null,
      parentId: r.i.parentId,
    })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
