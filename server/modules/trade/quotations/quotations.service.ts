// Sealed quotations: a supplier quotes once per demand (or inquiry) and may revise while the
// demand takes quotations (every version kept); the buyer accepts one (the others become
// NOT_SELECTED) or rejects with a reason; a supplier sees only its own.
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { fromFen, toFen } from '../../../../contracts/money.js';
import type { FastifyInstance } from 'fastify';
import { QUOTATION_VERSION_STALE, reasonLength, SELECTION_REASON_MIN, SELECTION_REASON_REQUIRED } from '../../../../contracts/comparison.js';
import type { z } from 'zod';
import {
  formatMoney,
  bidsOpened,
  minValidUntil,
  quotationRevisable,
  quotationWithdrawable,
  quotationWithdrawAllowed,
  SEALED_DECISION_REFUSED,
  SEALED_UNTIL_OPENING,
  VALID_BEFORE_DEADLINE,
  type THistoryEntry,
  type TQuotationDetail,
  type TQuotationItem,
  type TQuotationLine,
  type TQuotationState,
  type TQuotationVersion,
  type TDemandState,
  type TInquiryState,
  type ZQuotationInput,
  type ZQuotationRevise,
} from '../../../../contracts/trade.js';
import { endOfChinaDay } from '../../../../contracts/time.js';
import type { Db } from '../../../db/client.js';
import { auditLog, demands, inquiries, members, quotations, quotationVersions, suppliers } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { clock } from '../../../lib/clock.js';
import { mustHaveUpdated, sameVersion } from '../../../lib/versioned.js';
import type { TSessionMember } from '../../auth/session.repository.js';
import { attachmentsOf, linkAttachments } from '../attachments/attachments.service.js';
import { assertApproved, assertTransition, audit, dispatchEvents, inquiryClosedReason, INQUIRY_CLOSED_NO_ACCEPT, iso, isAdmin, isoOrNull, lockInquiryNeed, lockQuotationNeed, maskBuyer, num, requireSupplier, supplierMemberIds, supplierOfMember, transition, type TTradeEvent } from '../common.js';
import { escapeLike, findDemand } from '../demands/demands.repository.js';
import { settleDemand } from '../demands/demands.service.js';
import { compareDemand, keepAwardResponse } from './comparison.service.js';
import { refuseDirectAward, settleAwardProposal } from '../organisation/award-guards.js';
import { awardPending } from '../organisation/award-records.js';

type TInput = z.output<typeof ZQuotationInput>;
type TRevise = z.output<typeof ZQuotationRevise>;
type TQuotationRow = typeof quotations.$inferSelect;

/** The total in yuan, summed in whole fen (contracts/money.ts bounds it within AMOUNT_MAX). */
export const lineTotal = (lines: TQuotationLine[]) => fromFen(lines.reduce((sum, l) => sum + toFen(l.unitPrice) * l.quantity, 0));

async function countLive(db: Db, demandId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(quotations)
    .where(and(eq(quotations.demandId, demandId), ne(quotations.status, 'WITHDRAWN')));
  return row?.n ?? 0;
}

export async function submitQuotation(app: FastifyInstance, me: TSessionMember, body: TInput) {
  const supplier = await requireSupplier(app.db, me);
  assertApproved(supplier);
  const events: TTradeEvent[] = [];
  const total = lineTotal(body.lines);
  const validUntil = endOfChinaDay(body.validUntil);
  const id = await app.db.transaction(async (tx) => {
    let demandId: number | null = null;
    let inquiryId: number | null = null;
    let buyerId: number | null = null;
    let subject = '';
    // 密封报价: the purchaser's notice names the supplier, never the amount.
    let sealed = false;
    if (body.demandId) {
      const d = await findDemand(tx, body.demandId, true);
      if (!d || d.status === 'DRAFT' || d.status === 'PENDING_REVIEW') throw new AppError('NOT_FOUND', '求购不存在');
      if (d.purchaserId === me.id) throw new AppError('FORBIDDEN', '不能对自己发布的求购报价');
      const [mine] = await tx
        .select({ id: quotations.id, status: quotations.status })
        .from(quotations)
        .where(and(eq(quotations.demandId, d.id), eq(quotations.supplierId, supplier.id)))
        .limit(1);
      const accepting = (d.status === 'OPEN' || d.status === 'QUOTED') && d.quoteDeadline.getTime() > clock.now();
      // A quotation the platform's takedown ended (未中选 on a demand that is taking quotations again
      // after review) is quoted anew as its next version; any other earlier quotation stands.
      const revived = mine?.status === 'NOT_SELECTED' && accepting;
      if (mine && !revived) throw new AppError('CONFLICT', mine.status === 'WITHDRAWN' ? '您已撤回对该求购的报价，不能再次报价' : '您已对该求购报价，请在报价管理中修改原报价');
      const live = await countLive(tx, d.id);
      if (d.status !== 'OPEN' && d.status !== 'QUOTED') throw new AppError('CONFLICT', '该求购已停止接收报价');
      if (d.quoteDeadline.getTime() <= clock.now()) throw new AppError('CONFLICT', '该求购已过报价截止时间');
      if (body.validUntil < minValidUntil(iso(d.quoteDeadline))) throw new AppError('BAD_REQUEST', VALID_BEFORE_DEADLINE);
      if (mine && revived) {
        const [prev] = await tx.select({ version: quotations.version }).from(quotations).where(eq(quotations.id, mine.id)).for('update').limit(1);
        const version = prev!.version + 1;
        await tx.insert(quotationVersions).values({ quotationId: mine.id, version, lines: body.lines, specs: body.specs, totalAmount: String(total), validUntil, notes: body.notes || null });
        await transition(tx, 'quotation', mine.id, 'NOT_SELECTED', 'SUBMITTED', 'supplier', me.id, `求购重新发布后再次报价（第${version}版）`, { version, totalAmount: String(total), validUntil, notes: body.notes || null, rejectReason: null, buyerOpenedAt: null });
        await linkAttachments(tx, me.id, 'quotation', mine.id, body.attachmentIds);
        if (d.status === 'OPEN') await transition(tx, 'demand', d.id, 'OPEN', 'QUOTED', 'supplier', me.id, `收到报价（${supplier.companyName}）`);
        const content = d.quoteMode !== 'public' ? `${supplier.companyName} 对“${d.title}”重新提交了密封报价，开标后可查看报价详情。` : `${supplier.companyName} 对“${d.title}”重新提交了报价，合计 ${formatMoney(total)}。`;
        events.push({ memberId: d.purchaserId, kind: 'new_quotation', title: '收到新报价', content, link: `/admin/purchaser/demand-quotation?demandId=${d.id}` });
        return mine.id;
      }
      if (live >= d.quoteCap) throw new AppError('CONFLICT', '该求购的报价数已达上限');
      if (body.validUntil < minValidUntil(iso(d.quoteDeadline))) throw new AppError('BAD_REQUEST', VALID_BEFORE_DEADLINE);
      demandId = d.id;
      buyerId = d.purchaserId;
      subject = d.title;
      sealed = d.quoteMode !== 'public';
      const [q] = await tx
        .insert(quotations)
        .values({ demandId, supplierId: supplier.id, version: 1, status: 'SUBMITTED', totalAmount: String(total), validUntil, notes: body.notes || null })
        .returning({ id: quotations.id });
      if (d.status === 'OPEN') await transition(tx, 'demand', d.id, 'OPEN', 'QUOTED', 'supplier', me.id, `收到首个报价（${supplier.companyName}）`);
      if (live + 1 >= d.quoteCap) {
        await transition(tx, 'demand', d.id, 'QUOTED', 'EVALUATING', 'system', null, `报价数达到上限（${d.quoteCap}家）`);
        events.push({ memberId: buyerId, kind: 'demand_evaluating', title: '求购已停止接收报价', content: `您的求购“${d.title}”报价数已达上限，请尽快比价定标。`, link: `/admin/purchaser/demand-quotation?demandId=${d.id}` });
      }
      await afterInsert(tx, q!.id);
      return q!.id;
    }
    const need = await lockInquiryNeed(tx, body.inquiryId!);
    const [inq] = await tx.select().from(inquiries).where(eq(inquiries.id, body.inquiryId!)).for('update').limit(1);
    if (!inq || !need || inq.supplierId !== supplier.id) throw new AppError('NOT_FOUND', '询价不存在');
    if (inq.status === 'CLOSED' || need.status === 'CLOSED') throw new AppError('CONFLICT', await inquiryClosedReason(tx, need.id, '报价'));
    const [existing] = await tx.select({ id: quotations.id }).from(quotations).where(eq(quotations.inquiryId, inq.id)).limit(1);
    if (existing) throw new AppError('CONFLICT', '您已对该询价报价，请在报价管理中修改原报价');
    inquiryId = inq.id;
    buyerId = inq.memberId;
    subject = inq.subject;
    const [q] = await tx
      .insert(quotations)
      .values({ inquiryId, supplierId: supplier.id, version: 1, status: 'SUBMITTED', totalAmount: String(total), validUntil, notes: body.notes || null })
      .returning({ id: quotations.id });
    if (inq.status === 'NEW') {
      await transition(tx, 'inquiry', inq.id, 'NEW', 'REPLIED', 'supplier', me.id, '以报价回复', { reply: `已提交报价，合计 ${formatMoney(total)}`, repliedAt: clock.date() });
    }
    await afterInsert(tx, q!.id);
    return q!.id;

    async function afterInsert(db: Db, quotationId: number) {
      await db.insert(quotationVersions).values({ quotationId, version: 1, lines: body.lines, specs: body.specs, totalAmount: String(total), validUntil, notes: body.notes || null });
      await audit(db, { entity: 'quotation', entityId: quotationId, fromState: null, toState: 'SUBMITTED', actorId: me.id, note: '提交报价（第1版）' });
      await linkAttachments(db, me.id, 'quotation', quotationId, body.attachmentIds);
      const link = demandId ? `/admin/purchaser/demand-quotation?demandId=${demandId}` : `/admin/purchaser/demand-manager?tab=inquiries`;
      events.push({ memberId: buyerId, kind: 'new_quotation', title: '收到新报价', content: sealed ? `${supplier.companyName} 对“${subject}”提交了密封报价，开标后可查看报价详情。` : `${supplier.companyName} 对“${subject}”提交了报价，合计 ${formatMoney(total)}。`, link });
    }
  });
  await dispatchEvents(app, events);
  return { id };
}

async function ownQuotation(db: Db, me: TSessionMember, id: number, forUpdate = false) {
  const supplier = await requireSupplier(db, me, '管理报价');
  const q = db.select().from(quotations).where(eq(quotations.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  // Sealed: another supplier's quotation does not exist for this caller.
  if (!row || row.supplierId !== supplier.id) throw new AppError('NOT_FOUND', '报价不存在');
  return { row, supplier };
}

export async function buyerOf(db: Db, q: Pick<TQuotationRow, 'demandId' | 'inquiryId'>) {
  if (q.demandId) {
    const [d] = await db
      .select({ id: demands.id, purchaserId: demands.purchaserId, title: demands.title, status: demands.status, quoteDeadline: demands.quoteDeadline, quoteCap: demands.quoteCap, quoteMode: demands.quoteMode })
      .from(demands).where(eq(demands.id, q.demandId)).limit(1);
    return { buyerId: d?.purchaserId ?? null, subject: d?.title ?? '', demand: d ?? null, inquiry: null };
  }
  const [i] = await db.select({ id: inquiries.id, memberId: inquiries.memberId, subject: inquiries.subject, status: inquiries.status }).from(inquiries).where(eq(inquiries.id, q.inquiryId!)).limit(1);
  return { buyerId: i?.memberId ?? null, subject: i?.subject ?? '', demand: null, inquiry: i ?? null };
}

export async function reviseQuotation(app: FastifyInstance, me: TSessionMember, id: number, body: TRevise) {
  const events: TTradeEvent[] = [];
  const total = lineTotal(body.lines);
  const validUntil = endOfChinaDay(body.validUntil);
  const version = await app.db.transaction(async (tx) => {
    const { row, supplier } = await ownQuotation(tx, me, id, true);
    assertApproved(supplier, '修改报价');
    const ctx = await buyerOf(tx, row);
    // The same rule the supplier's pages show the 修改 button and its hint with.
    const revisable = quotationRevisable(
      { status: row.status as TQuotationState },
      { demand: ctx.demand ? { status: ctx.demand.status as TDemandState, quoteDeadline: ctx.demand.quoteDeadline } : null, inquiry: ctx.inquiry ? { status: ctx.inquiry.status as TInquiryState } : null },
    );
    if (!revisable.ok) throw new AppError('CONFLICT', revisable.reason);
    if (ctx.demand && body.validUntil < minValidUntil(iso(ctx.demand.quoteDeadline))) throw new AppError('BAD_REQUEST', VALID_BEFORE_DEADLINE);
    const next = row.version + 1;
    // Only from the version the form was opened on: a second window's save gets 409 (server/lib/versioned.ts).
    mustHaveUpdated(
      await tx
        .update(quotations)
        .set({ version: next, totalAmount: String(total), validUntil, notes: body.notes || null, updatedAt: clock.date() })
        .where(and(eq(quotations.id, id), sameVersion(quotations.version, body.version)))
        .returning({ id: quotations.id }),
    );
    await tx.insert(quotationVersions).values({ quotationId: id, version: next, lines: body.lines, specs: body.specs, totalAmount: String(total), validUntil, notes: body.notes || null });
    await transition(tx, 'quotation', id, 'SUBMITTED', 'SUBMITTED', 'supplier', me.id, `修改报价（第${next}版）`);
    await linkAttachments(tx, me.id, 'quotation', id, body.attachmentIds);
    const link = ctx.demand ? `/admin/purchaser/demand-quotation?demandId=${ctx.demand.id}` : '/admin/purchaser/demand-manager?tab=inquiries';
    const content =
      ctx.demand && ctx.demand.quoteMode !== 'public'
        ? `${supplier.companyName} 更新了对“${ctx.subject}”的密封报价（第${next}版），开标后可查看报价详情。`
        : `${supplier.companyName} 更新了对“${ctx.subject}”的报价（第${next}版），合计 ${formatMoney(total)}。`;
    events.push({ memberId: ctx.buyerId, kind: 'quotation_revised', title: '报价已更新', content, link });
    // 定标审批 (issue 38): an award proposed on the earlier version is void.
    if (ctx.demand) events.push(...(await settleAwardProposal(tx, ctx.demand.id)));
    return next;
  });
  await dispatchEvents(app, events);
  return { id, version };
}

export async function withdrawQuotation(app: FastifyInstance, me: TSessionMember, id: number, note?: string) {
  const events: TTradeEvent[] = [];
  await app.db.transaction(async (tx) => {
    await lockQuotationNeed(tx, id);
    const { row, supplier } = await ownQuotation(tx, me, id, true);
    const ctx = await buyerOf(tx, row);
    // A sealed demand's quotation stays once opened: the purchaser is comparing it.
    const allowed = quotationWithdrawAllowed({ status: row.status as TQuotationState }, ctx.demand);
    if (!allowed.ok && quotationWithdrawable(row.status as TQuotationState)) throw new AppError('CONFLICT', allowed.reason);
    await transition(tx, 'quotation', id, row.status as TQuotationState, 'WITHDRAWN', 'supplier', me.id, note || '供应商撤回报价');
    // The last pending quotation gone: the demand goes back to 报价中 (or ends at its deadline).
    if (ctx.demand) events.push(...(await settleDemand(tx, ctx.demand.id)), ...(await settleAwardProposal(tx, ctx.demand.id)));
    events.push({ memberId: ctx.buyerId, kind: 'quotation_withdrawn', title: '报价已撤回', content: `${supplier.companyName} 撤回了对“${ctx.subject}”的报价。`, link: ctx.demand ? `/admin/purchaser/demand-quotation?demandId=${ctx.demand.id}` : '/admin/purchaser/demand-manager?tab=inquiries' });
  });
  await dispatchEvents(app, events);
}

/** The quotation as its buyer (demand purchaser or inquiry sender) may decide on it. */
export async function quotationForBuyer(db: Db, me: TSessionMember, id: number) {
  const [row] = await db.select().from(quotations).where(eq(quotations.id, id)).for('update').limit(1);
  if (!row) throw new AppError('NOT_FOUND', '报价不存在');
  const ctx = await buyerOf(db, row);
  if (ctx.buyerId !== me.id) {
    if (isAdmin(me)) throw new AppError('FORBIDDEN', '只有采购方可以处理报价');
    throw new AppError('NOT_FOUND', '报价不存在');
  }
  if (ctx.demand && !bidsOpened(ctx.demand)) throw new AppError('CONFLICT', SEALED_DECISION_REFUSED);
  return { row, ctx };
}

/**
 * A decision names the version the buyer saw: a revision since then answers 409 and the buyer
 * looks again (issue 21). Checked after the state, so a decided quotation says why it cannot be.
 */
export function assertDecidable(row: TQuotationRow, to: 'ACCEPTED' | 'REJECTED', seenVersion: number) {
  assertTransition('quotation', row.status as TQuotationState, to, 'buyer');
  if (row.version !== seenVersion) throw new AppError('CONFLICT', QUOTATION_VERSION_STALE);
}

export async function acceptQuotation(app: FastifyInstance, me: TSessionMember, id: number, decision: { version: number; reason?: string }) {
  const events: TTradeEvent[] = [];
  await app.db.transaction(async (tx) => {
    const need = await lockQuotationNeed(tx, id);
    const { row, ctx } = await quotationForBuyer(tx, me, id);
    // 定标审批 (issue 38): where the demand's 采购单位 requires it, the award is proposed and approved instead.
    if (ctx.demand) await refuseDirectAward(tx, ctx.demand.id);
    events.push(...(await acceptLocked(tx, me.id, row, ctx, need, decision)));
  });
  await dispatchEvents(app, events);
}

export type TBuyerContext = Awaited<ReturnType<typeof buyerOf>>;

/**
 * The one accept path, with the need and the quotation locked and the buyer known: the version the
 * decision names, one award per need, the validity, the 选定理由 rule; then the award and its notices.
 * `via`: how the decision came (the organisation's approval), added to the demand's history.
 */
export async function acceptLocked(
  tx: Db,
  buyerId: number,
  row: TQuotationRow,
  ctx: TBuyerContext,
  need: Awaited<ReturnType<typeof lockQuotationNeed>>,
  decision: { version: number; reason?: string | null },
  via = '',
): Promise<TTradeEvent[]> {
  const events: TTradeEvent[] = [];
  const id = row.id;
  const reason = decision.reason?.trim() ?? '';
  assertDecidable(row, 'ACCEPTED', decision.version);
  // One need, one award: a closed inquiry (or a quick inquiry another copy of which was awarded) accepts nothing.
  if (ctx.inquiry && (ctx.inquiry.status === 'CLOSED' || need?.status === 'CLOSED')) throw new AppError('CONFLICT', INQUIRY_CLOSED_NO_ACCEPT);
  if (row.validUntil && row.validUntil.getTime() <= clock.now()) throw new AppError('CONFLICT', '该报价已过有效期，不能接受');
  if (ctx.demand) {
    // Judged with the demand locked, so no quotation arrives between the check and the decision.
    const d = (await findDemand(tx, ctx.demand.id, true))!;
    const chosen = (await compareDemand(tx, d)).columns.find((c) => c.quotationId === id);
    if (chosen && !chosen.lowestPrice && reasonLength(reason) < SELECTION_REASON_MIN) throw new AppError('BAD_REQUEST', SELECTION_REASON_REQUIRED);
  }
  await transition(tx, 'quotation', id, row.status as TQuotationState, 'ACCEPTED', 'buyer', buyerId, `采购方接受报价（第${row.version}版）${via}`);
  const owners = await supplierMemberIds(tx, [row.supplierId]);
  const detailLink = (qid: number) => `/admin/supplier/quotation/detail?id=${qid}`;
  events.push({ memberId: owners.get(row.supplierId), kind: 'quotation_accepted', title: '恭喜，您的报价已中标', content: `采购方接受了您对“${ctx.subject}”的报价，请查看采购方联系方式并尽快联系。`, link: detailLink(id) });
  if (ctx.demand) {
    // The reason stays in the demand's own history (the buyer's and the admins'), never in the quotations' that suppliers read.
    const note = `选定报价 #${id}（第${row.version}版）${via}${reason ? `；选定理由：${reason}` : ''}`;
    await transition(tx, 'demand', ctx.demand.id, ctx.demand.status as TDemandState, 'AWARDED', 'buyer', buyerId, note, { awardReason: reason || null });
    await keepAwardResponse(tx, ctx.demand.id);
    const others = await tx
      .select({ id: quotations.id, supplierId: quotations.supplierId })
      .from(quotations)
      .where(and(eq(quotations.demandId, ctx.demand.id), eq(quotations.status, 'SUBMITTED')));
    const otherOwners = await supplierMemberIds(
      tx,
      others.map((o) => o.supplierId),
    );
    for (const o of others) {
      await transition(tx, 'quotation', o.id, 'SUBMITTED', 'NOT_SELECTED', 'system', buyerId, '采购方已选定其他报价');
      events.push({ memberId: otherOwners.get(o.supplierId), kind: 'quotation_not_selected', title: '报价未中选', content: `采购方已对“${ctx.subject}”选定其他供应商，感谢您的报价。`, link: detailLink(o.id) });
    }
  } else if (ctx.inquiry && need) {
    events.push(...(await awardInquiry(tx, buyerId, need, ctx.inquiry.id, id)));
  }
  return events;
}

/**
 * The inquiry side of an award: the awarded copy, the quick inquiry it came from and every other copy
 * close; the other copies' pending quotations become 未中选 and their suppliers are told, as for a
 * demand; suppliers of copies without a quotation are told the inquiry ended.
 */
async function awardInquiry(tx: Db, buyerId: number, need: typeof inquiries.$inferSelect, inquiryId: number, quotationId: number): Promise<TTradeEvent[]> {
  const events: TTradeEvent[] = [];
  const note = `采购方接受报价 #${quotationId}`;
  const open = await tx
    .select()
    .from(inquiries)
    .where(and(or(eq(inquiries.id, need.id), eq(inquiries.parentId, need.id)), inArray(inquiries.status, ['NEW', 'REPLIED'])));
  for (const i of open) {
    const sibling = i.id !== inquiryId && i.id !== need.id;
    await transition(tx, 'inquiry', i.id, i.status as TInquiryState, 'CLOSED', 'buyer', buyerId, sibling ? `${note}（快速询价 #${need.id} 的其他供应商），询价结束` : note);
  }
  const siblings = open.filter((i) => i.id !== inquiryId && i.id !== need.id);
  if (siblings.length === 0) return events;
  const pending = await tx
    .select({ id: quotations.id, inquiryId: quotations.inquiryId, supplierId: quotations.supplierId })
    .from(quotations)
    .where(and(inArray(quotations.inquiryId, siblings.map((i) => i.id)), eq(quotations.status, 'SUBMITTED')));
  const owners = await supplierMemberIds(tx, siblings.map((i) => i.supplierId!).filter(Boolean));
  for (const q of pending) {
    await transition(tx, 'quotation', q.id, 'SUBMITTED', 'NOT_SELECTED', 'system', buyerId, '采购方已选定其他报价');
    events.push({ memberId: owners.get(q.supplierId), kind: 'quotation_not_selected', title: '报价未中选', content: `采购方已对“${need.subject}”选定其他供应商，感谢您的报价。`, link: `/admin/supplier/quotation/detail?id=${q.id}` });
  }
  for (const i of siblings) {
    if (pending.some((q) => q.inquiryId === i.id) || !i.supplierId) continue;
    events.push({ memberId: owners.get(i.supplierId), kind: 'inquiry_closed', title: '询价已结束', content: `采购方已对“${need.subject}”选定其他供应商，该询价已关闭，无需再回复或报价。`, link: `/admin/supplier/inquiry?id=${i.id}` });
  }
  return events;
}

export async function rejectQuotation(app: FastifyInstance, me: TSessionMember, id: number, { reason, version }: { reason: string; version: number }) {
  const events: TTradeEvent[] = [];
  await app.db.transaction(async (tx) => {
    await lockQuotationNeed(tx, id);
    const { row, ctx } = await quotationForBuyer(tx, me, id);
    assertDecidable(row, 'REJECTED', version);
    await transition(tx, 'quotation', id, row.status as TQuotationState, 'REJECTED', 'buyer', me.id, reason, { rejectReason: reason });
    const owners = await supplierMemberIds(tx, [row.supplierId]);
    events.push({ memberId: owners.get(row.supplierId), kind: 'quotation_rejected', title: '报价被拒绝', content: `采购方拒绝了您对“${ctx.subject}”的报价，原因：${reason}`, link: `/admin/supplier/quotation/detail?id=${id}` });
    // Rejecting the last pending quotation leaves nothing to compare (issue 21 item 3).
    if (ctx.demand) events.push(...(await settleDemand(tx, ctx.demand.id)), ...(await settleAwardProposal(tx, ctx.demand.id)));
  });
  await dispatchEvents(app, events);
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const subjectSql = sql<string>`coalesce(${demands.title}, ${inquiries.subject}, '')`;

/** The supplier's (or, for an admin without one, everyone's) quotations, with the list's keyword. */
function supplierListConds(supplierId: number | null, f: { status?: string; keyword?: string }) {
  const conds: SQL[] = [];
  if (supplierId !== null) conds.push(eq(quotations.supplierId, supplierId));
  if (f.status) conds.push(eq(quotations.status, f.status));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(demands.title, like), ilike(inquiries.subject, like))!);
  }
  return conds;
}

export async function supplierQuotations(db: Db, me: TSessionMember, f: { status?: string; keyword?: string; page: number; pageSize: number }) {
  const supplier = await supplierOfMember(db, me.id);
  if (!supplier && !isAdmin(me)) throw new AppError('FORBIDDEN', '只有入驻供应商可以查看报价');
  // An admin without a supplier record sees every supplier's quotations.
  const conds = supplierListConds(supplier?.id ?? null, f);
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(quotations)
    .leftJoin(demands, eq(demands.id, quotations.demandId))
    .leftJoin(inquiries, eq(inquiries.id, quotations.inquiryId))
    .where(where);
  const rows = await db
    .select({ ...itemColumns, supplierName: suppliers.companyName })
    .from(quotations)
    .innerJoin(suppliers, eq(suppliers.id, quotations.supplierId))
    .innerJoin(quotationVersions, and(eq(quotationVersions.quotationId, quotations.id), eq(quotationVersions.version, quotations.version)))
    .leftJoin(demands, eq(demands.id, quotations.demandId))
    .leftJoin(inquiries, eq(inquiries.id, quotations.inquiryId))
    .where(where)
    .orderBy(desc(quotations.updatedAt), desc(quotations.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { items: rows.map((r) => toItem(r, r.supplierName)), total: total?.n ?? 0, page: f.page, pageSize: f.pageSize };
}

/** Quotations per state for the tabs of 报价管理, with the list's keyword: each figure equals the rows its tab lists. */
export async function supplierQuotationCounts(db: Db, me: TSessionMember, keyword?: string) {
  const supplier = await supplierOfMember(db, me.id);
  if (!supplier && !isAdmin(me)) throw new AppError('FORBIDDEN', '只有入驻供应商可以查看报价');
  const conds = supplierListConds(supplier?.id ?? null, { keyword });
  const rows = await db
    .select({ status: quotations.status, n: count() })
    .from(quotations)
    .leftJoin(demands, eq(demands.id, quotations.demandId))
    .leftJoin(inquiries, eq(inquiries.id, quotations.inquiryId))
    .where(conds.length ? and(...conds) : undefined)
    .groupBy(quotations.status);
  const out: Record<string, number> = { ALL: 0 };
  for (const r of rows) {
    out[r.status] = r.n;
    out.ALL! += r.n;
  }
  return out;
}

/** What a list item needs beside the quotation: its subject, the current version's time, and what decides whether it may be revised. */
const itemColumns = {
  q: quotations,
  subject: subjectSql,
  submittedAt: quotationVersions.createdAt,
  demandStatus: demands.status,
  quoteDeadline: demands.quoteDeadline,
  inquiryStatus: inquiries.status,
};
type TItemRow = { q: TQuotationRow; subject: string; submittedAt: Date; demandStatus: string | null; quoteDeadline: Date | null; inquiryStatus: string | null };

function toItem(r: TItemRow, supplierName: string): TQuotationItem {
  const q = r.q;
  const revisable = quotationRevisable(
    { status: q.status as TQuotationState },
    {
      demand: r.demandStatus && r.quoteDeadline ? { status: r.demandStatus as TDemandState, quoteDeadline: r.quoteDeadline } : null,
      inquiry: r.inquiryStatus ? { status: r.inquiryStatus as TInquiryState } : null,
    },
  );
  const subject = r.subject;
  return {
    id: q.id,
    demandId: q.demandId,
    inquiryId: q.inquiryId,
    subject,
    supplierId: q.supplierId,
    supplierName,
    version: q.version,
    status: q.status as TQuotationState,
    totalAmount: num(q.totalAmount),
    validUntil: isoOrNull(q.validUntil),
    createdAt: iso(q.createdAt),
    updatedAt: iso(q.updatedAt),
    submittedAt: iso(r.submittedAt),
    canRevise: revisable.ok,
    reviseBlocked: revisable.ok ? null : revisable.reason,
    quoteDeadline: isoOrNull(r.quoteDeadline),
  };
}

const toVersion = (v: typeof quotationVersions.$inferSelect): TQuotationVersion => ({
  version: v.version,
  lines: v.lines,
  specs: v.specs ?? [],
  totalAmount: Number(v.totalAmount),
  validUntil: isoOrNull(v.validUntil),
  notes: v.notes,
  createdAt: iso(v.createdAt),
});

/** The transition log of a record; actors are named by their side (sealed bids never name accounts). */
export async function quotationHistory(db: Db, entity: 'quotation' | 'demand' | 'inquiry', id: number, sides: { buyerId?: number | null; supplierMemberId?: number | null } = {}): Promise<THistoryEntry[]> {
  const rows = await db
    .select({ fromState: auditLog.fromState, toState: auditLog.toState, note: auditLog.note, at: auditLog.at, actorId: auditLog.actorId, roles: members.roles })
    .from(auditLog)
    .leftJoin(members, eq(members.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(200);
  return rows.map((r) => ({
    fromState: r.fromState,
    toState: r.toState,
    note: r.note,
    actor:
      r.actorId === null
        ? '系统'
        : r.actorId === sides.buyerId
          ? '采购方'
          : r.actorId === sides.supplierMemberId
            ? '供应商'
            : r.roles?.includes('admin')
              ? '平台'
              : null,
    at: iso(r.at),
  }));
}

/** One quotation for its supplier, its buyer or an admin; everyone else gets 404. */
export async function quotationDetail(db: Db, me: TSessionMember, id: number): Promise<TQuotationDetail> {
  const [row] = await db
    .select({ ...itemColumns, supplierName: suppliers.companyName })
    .from(quotations)
    .innerJoin(suppliers, eq(suppliers.id, quotations.supplierId))
    .innerJoin(quotationVersions, and(eq(quotationVersions.quotationId, quotations.id), eq(quotationVersions.version, quotations.version)))
    .leftJoin(demands, eq(demands.id, quotations.demandId))
    .leftJoin(inquiries, eq(inquiries.id, quotations.inquiryId))
    .where(eq(quotations.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '报价不存在');
  const q = row.q;
  const supplier = await supplierOfMember(db, me.id);
  const ctx = await buyerOf(db, q);
  const viewer = supplier && supplier.id === q.supplierId ? 'supplier' : ctx.buyerId === me.id ? 'buyer' : isAdmin(me) ? 'admin' : null;
  if (!viewer) throw new AppError('NOT_FOUND', '报价不存在');
  // 密封报价: before 开标 only its supplier reads it.
  if (viewer !== 'supplier' && ctx.demand && !bidsOpened(ctx.demand)) throw new AppError('FORBIDDEN', SEALED_UNTIL_OPENING);
  // 响应质量: the buyer has seen it; a withdrawal from now on counts against the supplier.
  if (viewer === 'buyer' && !q.buyerOpenedAt) await db.update(quotations).set({ buyerOpenedAt: clock.date() }).where(and(eq(quotations.id, id), isNull(quotations.buyerOpenedAt)));
  const versions = (await db.select().from(quotationVersions).where(eq(quotationVersions.quotationId, id)).orderBy(desc(quotationVersions.version))).map(toVersion);
  const files = (await attachmentsOf(db, 'quotation', [id])).get(id) ?? [];
  let demand: TQuotationDetail['demand'] = null;
  let contact: TQuotationDetail['contact'] = null;
  if (q.demandId) {
    const [d] = await db.select().from(demands).where(eq(demands.id, q.demandId)).limit(1);
    if (d) {
      demand = { id: d.id, title: d.title, status: d.status as TDemandState, quantity: d.quantity, unit: d.unit, quoteDeadline: iso(d.quoteDeadline), quoteMode: d.quoteMode === 'public' ? 'public' : 'sealed', params: d.params, buyer: maskBuyer(d.companyName, d.contactName) };
      if (viewer !== 'supplier' || q.status === 'ACCEPTED') contact = { companyName: d.companyName, contactName: d.contactName, contactPhone: d.contactPhone };
    }
  }
  let inquiry: TQuotationDetail['inquiry'] = null;
  if (q.inquiryId) {
    const [i] = await db.select().from(inquiries).where(eq(inquiries.id, q.inquiryId)).limit(1);
    if (i) {
      inquiry = { id: i.id, subject: i.subject, status: i.status as TInquiryState, quantity: i.quantity, unit: i.unit };
      // The inquirer addressed this supplier directly, so its contact is part of the inquiry.
      contact = { companyName: i.companyName, contactName: i.contactName, contactPhone: i.contactPhone };
    }
  }
  const item = toItem(row, row.supplierName);
  return {
    ...item,
    // Only its supplier revises; others are told nothing about revising.
    canRevise: viewer === 'supplier' && item.canRevise,
    reviseBlocked: viewer === 'supplier' ? item.reviseBlocked : null,
    notes: q.notes,
    rejectReason: q.rejectReason,
    current: versions[0]!,
    versions,
    history: await quotationHistory(db, 'quotation', id, { buyerId: ctx.buyerId, supplierMemberId: (await supplierMemberIds(db, [q.supplierId])).get(q.supplierId) }),
    attachments: files,
    demand,
    inquiry,
    contact,
    viewer,
    awardPending: Boolean(demand && (demand.status === 'QUOTED' || demand.status === 'EVALUATING') && (await awardPending(db, demand.id))),
  };
}
