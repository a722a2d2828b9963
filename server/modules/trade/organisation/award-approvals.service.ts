// Approval before an award (issue 38 point 5). Where a demand's 采购单位 requires it, its 申请人 does
// not accept: they propose the quotation at the version on screen with the 选定理由 (the checks of
// accepting, without the award); the organisation's 审批人 — never the proposer, never one person for
// two levels — approve level by level (levels by the comparable total, the publishing rule) or
// return it with a reason. Each step keeps the 比价单's 核验码 as the approver read it. The last
// approval accepts the approved version through the one accept path (acceptLocked). A revision, a
// withdrawal, a rejection or the end of the demand meanwhile voids the proposal: it goes back to the
// requester with the reason and a notice, and nothing is awarded.
import { and, desc, eq, notExists, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AWARD_MESSAGES } from '../../../../contracts/award-approval.js';
import { reasonLength, SELECTION_REASON_MIN, SELECTION_REASON_REQUIRED } from '../../../../contracts/comparison.js';
import { approvalLevels, ORG_MESSAGES, type TAwardApprovalItem } from '../../../../contracts/organisation.js';
import { formatMoney, type TDemandState } from '../../../../contracts/trade.js';
import type { Db } from '../../../db/client.js';
import { awardApprovals, awardProposals, demands, quotations } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { clock } from '../../../lib/clock.js';
import type { TSessionMember } from '../../auth/session.repository.js';
import { assertTransition, audit, dispatchEvents, lockQuotationNeed, type TTradeEvent } from '../common.js';
import { findDemand, type TDemandRow } from '../demands/demands.repository.js';
import { compareDemand, issueVerifyCode } from '../quotations/comparison.service.js';
import { acceptLocked, assertDecidable, buyerOf, quotationForBuyer } from '../quotations/quotations.service.js';
import { APPROVALS_PAGE, approvalStage, approversOf } from './approvals.service.js';
import { proposalsOf } from './award-records.js';
import { awardOrganisation, blocker, comparePage, pendingProposal, voidProposal } from './award-guards.js';
import { membershipOf, rulesOf } from './organisation.service.js';

/** The comparison as the 比价单 prints it now, and its 核验码. */
async function sheetCode(db: Db, d: TDemandRow) {
  const cmp = await compareDemand(db, d);
  return { cmp, code: await issueVerifyCode(db, { ...cmp, demand: d }) };
}

async function approverNotices(db: Db, orgId: number, d: { id: number; title: string }, exclude: (number | null)[], level: number, levels: number): Promise<TTradeEvent[]> {
  const stage = approvalStage(level, levels);
  return (await approversOf(db, orgId, exclude)).map((id) => ({ memberId: id, kind: 'award_approval' as const, title: '有定标申请待您审批', content: `求购“${d.title}”的定标申请等待您审批${stage}，请查看比价单后审批。`, link: APPROVALS_PAGE }));
}

/** 提交定标审批: the checks of accepting (the version on screen, validity, the 选定理由 rule), without the award. */
export async function proposeAward(app: FastifyInstance, me: TSessionMember, body: { quotationId: number; version: number; reason?: string }) {
  const events: TTradeEvent[] = [];
  const reason = body.reason?.trim() ?? '';
  const result = await app.db.transaction(async (tx) => {
    await lockQuotationNeed(tx, body.quotationId);
    const { row, ctx } = await quotationForBuyer(tx, me, body.quotationId);
    if (!ctx.demand) throw new AppError('CONFLICT', AWARD_MESSAGES.notRequired);
    const d = (await findDemand(tx, ctx.demand.id))!;
    const org = await awardOrganisation(tx, d.organisationId);
    if (!org) throw new AppError('CONFLICT', AWARD_MESSAGES.notRequired);
    if (await pendingProposal(tx, d.id)) throw new AppError('CONFLICT', AWARD_MESSAGES.pending);
    assertDecidable(row, 'ACCEPTED', body.version);
    assertTransition('demand', d.status as TDemandState, 'AWARDED', 'buyer');
    if (row.validUntil && row.validUntil.getTime() <= clock.now()) throw new AppError('CONFLICT', '该报价已过有效期，不能接受');
    const { cmp, code } = await sheetCode(tx, d);
    const chosen = cmp.columns.find((c) => c.quotationId === row.id)!;
    if (!chosen.lowestPrice && reasonLength(reason) < SELECTION_REASON_MIN) throw new AppError('BAD_REQUEST', SELECTION_REASON_REQUIRED);
    const levels = approvalLevels(rulesOf(org), chosen.comparableTotal);
    const [p] = await tx
      .insert(awardProposals)
      .values({ demandId: d.id, organisationId: org.id, quotationId: row.id, version: row.version, reason: reason || null, proposerId: me.id, comparableTotal: String(chosen.comparableTotal), levels, verifyCode: code })
      .returning({ id: awardProposals.id });
    await audit(tx, { entity: 'demand', entityId: d.id, fromState: d.status, toState: d.status, actorId: me.id, note: `提交定标审批：报价 #${row.id}（第${row.version}版，比价金额 ${formatMoney(chosen.comparableTotal)}）${reason ? `；选定理由：${reason}` : ''}` });
    events.push(...(await approverNotices(tx, org.id, d, [me.id], 1, levels)));
    return { id: p!.id, levels };
  });
  await dispatchEvents(app, events);
  return result;
}

/** The proposal as the caller may decide it now: an approver of its organisation, not its proposer, not an earlier level's approver. */
async function decidable(db: Db, me: TSessionMember, id: number) {
  const [found] = await db.select({ quotationId: awardProposals.quotationId }).from(awardProposals).where(eq(awardProposals.id, id)).limit(1);
  // The one lock order of decisions: the demand, then the quotation, then the proposal.
  if (found) {
    await lockQuotationNeed(db, found.quotationId);
    await db.select({ id: quotations.id }).from(quotations).where(eq(quotations.id, found.quotationId)).for('update').limit(1);
  }
  const [p] = found ? await db.select().from(awardProposals).where(eq(awardProposals.id, id)).for('update').limit(1) : [];
  const m = await membershipOf(db, me.id);
  if (!p || !m || p.organisationId !== m.organisation.id) throw new AppError('NOT_FOUND', '审批申请不存在');
  if (!m.roles.includes('approver')) throw new AppError('FORBIDDEN', ORG_MESSAGES.notApprover);
  if (p.proposerId === me.id) throw new AppError('FORBIDDEN', ORG_MESSAGES.selfApproval);
  if (p.status !== 'pending') throw new AppError('CONFLICT', AWARD_MESSAGES.notPending);
  const steps = await db.select().from(awardApprovals).where(eq(awardApprovals.proposalId, p.id));
  if (steps.some((s) => s.approverId === me.id)) throw new AppError('FORBIDDEN', ORG_MESSAGES.alreadyApproved);
  const d = (await findDemand(db, p.demandId))!;
  return { p, d, level: steps.length + 1, earlier: steps.map((s) => s.approverId) };
}

export type TAwardDecision = { id: number; status: 'pending' | 'approved' | 'returned'; level: number };

/**
 * 审批通过. A proposal that can no longer be executed as approved is void (committed) and answered
 * with 409 and the reason; a 比价单 changed since the approver read it (another 核验码) is 409 too,
 * without any change. The last level accepts the approved version.
 */
export async function approveAward(app: FastifyInstance, me: TSessionMember, id: number, seenCode?: string): Promise<TAwardDecision> {
  const events: TTradeEvent[] = [];
  const out: { voided: string | null } = { voided: null };
  const result = await app.db.transaction(async (tx): Promise<TAwardDecision | null> => {
    const { p, d, level, earlier } = await decidable(tx, me, id);
    const why = await blocker(tx, p, d);
    if (why) {
      events.push(...(await voidProposal(tx, p, d, why, me.id)));
      out.voided = why;
      return null;
    }
    const { code } = await sheetCode(tx, d);
    if (seenCode && seenCode !== code) throw new AppError('CONFLICT', AWARD_MESSAGES.comparisonChanged);
    await tx.insert(awardApprovals).values({ proposalId: p.id, level, approverId: me.id, decision: 'approved', verifyCode: code });
    if (level < p.levels) {
      await audit(tx, { entity: 'demand', entityId: d.id, fromState: d.status, toState: d.status, actorId: me.id, note: `定标审批第${level}级通过（核验码 ${code}）` });
      events.push(...(await approverNotices(tx, p.organisationId!, d, [p.proposerId, me.id, ...earlier], level + 1, p.levels)));
      events.push({ memberId: p.proposerId, kind: 'award_approval', title: '定标审批进度', content: `您对“${d.title}”的定标申请已通过第${level}级审批，等待第${level + 1}级审批。`, link: comparePage(d.id) });
      return { id: p.id, status: 'pending', level };
    }
    // The award, at the approved version, through the one accept path (the buyer decides: the proposer).
    const [row] = await tx.select().from(quotations).where(eq(quotations.id, p.quotationId)).for('update').limit(1);
    const ctx = await buyerOf(tx, row!);
    events.push(...(await acceptLocked(tx, d.purchaserId ?? p.proposerId!, row!, ctx, null, { version: p.version, reason: p.reason }, `，经单位定标审批通过（${p.levels}级，核验码 ${code}）`)));
    await tx.update(awardProposals).set({ status: 'approved', decidedAt: clock.date() }).where(eq(awardProposals.id, p.id));
    events.push({ memberId: p.proposerId, kind: 'award_approval', title: '定标审批通过', content: `您对“${d.title}”的定标申请已审批通过，已选定该报价，中标供应商将获得您的联系方式。`, link: comparePage(d.id) });
    return { id: p.id, status: 'approved', level };
  });
  await dispatchEvents(app, events);
  if (out.voided || !result) throw new AppError('CONFLICT', out.voided ?? AWARD_MESSAGES.notPending);
  return result;
}

/** 退回: back to the requester with the reason (the step keeps the 核验码 the approver read). */
export async function returnAward(app: FastifyInstance, me: TSessionMember, id: number, reason: string): Promise<TAwardDecision> {
  const events: TTradeEvent[] = [];
  const result = await app.db.transaction(async (tx) => {
    const { p, d, level } = await decidable(tx, me, id);
    const { code } = await sheetCode(tx, d);
    await tx.insert(awardApprovals).values({ proposalId: p.id, level, approverId: me.id, decision: 'returned', reason, verifyCode: code });
    await tx.update(awardProposals).set({ status: 'returned', outcome: reason, decidedAt: clock.date() }).where(eq(awardProposals.id, p.id));
    await audit(tx, { entity: 'demand', entityId: d.id, fromState: d.status, toState: d.status, actorId: me.id, note: `定标申请被退回（第${level}级）：${reason}` });
    events.push({ memberId: p.proposerId, kind: 'award_approval', title: '定标申请被退回', content: `您对“${d.title}”的定标申请被审批人退回：${reason}。您可以重新比价后再提交。`, link: comparePage(d.id) });
    return { id: p.id, status: 'returned' as const, level };
  });
  await dispatchEvents(app, events);
  return result;
}

/** The requester withdraws their pending proposal (to propose another, or none). */
export async function withdrawAward(app: FastifyInstance, me: TSessionMember, id: number) {
  await app.db.transaction(async (tx) => {
    const [p] = await tx.select().from(awardProposals).where(eq(awardProposals.id, id)).for('update').limit(1);
    const m = await membershipOf(tx, me.id);
    // Another organisation's proposal does not exist for the caller.
    if (!p || (p.proposerId !== me.id && (!m || m.organisation.id !== p.organisationId))) throw new AppError('NOT_FOUND', '定标申请不存在');
    if (p.proposerId !== me.id) throw new AppError('FORBIDDEN', AWARD_MESSAGES.notProposer);
    if (p.status !== 'pending') throw new AppError('CONFLICT', AWARD_MESSAGES.notPending);
    await tx.update(awardProposals).set({ status: 'withdrawn', decidedAt: clock.date() }).where(eq(awardProposals.id, p.id));
    const [d] = await tx.select({ status: demands.status }).from(demands).where(eq(demands.id, p.demandId)).limit(1);
    await audit(tx, { entity: 'demand', entityId: p.demandId, fromState: d?.status ?? null, toState: d?.status ?? 'QUOTED', actorId: me.id, note: '申请人撤回定标申请' });
  });
}

/** The organisation's pending proposals the caller may approve (not their own, not one they approved a level of). */
async function waitingForMe(db: Db, me: TSessionMember) {
  const m = await membershipOf(db, me.id);
  if (!m || !m.roles.includes('approver')) return [];
  const mine = db
    .select({ one: sql`1` })
    .from(awardApprovals)
    .where(and(eq(awardApprovals.proposalId, awardProposals.id), eq(awardApprovals.approverId, me.id)));
  return db
    .select({ id: awardProposals.id, demandId: awardProposals.demandId })
    .from(awardProposals)
    .where(and(eq(awardProposals.organisationId, m.organisation.id), eq(awardProposals.status, 'pending'), ne(awardProposals.proposerId, me.id), notExists(mine)))
    .orderBy(desc(awardProposals.createdAt))
    .limit(50);
}

export const pendingAwardCount = async (db: Db, me: TSessionMember) => (await waitingForMe(db, me)).length;

/** 待我审批 · 定标: the proposals waiting for the caller, each with the 比价单 as of now and its 核验码. */
export async function pendingAwardsForMe(db: Db, me: TSessionMember): Promise<TAwardApprovalItem[]> {
  const rows = await waitingForMe(db, me);
  const proposals = await proposalsOf(
    db,
    rows.map((r) => r.demandId),
    rows.map((r) => r.id),
  );
  const out: TAwardApprovalItem[] = [];
  for (const r of rows) {
    const d = await findDemand(db, r.demandId);
    const proposal = proposals.get(r.demandId)?.find((p) => p.id === r.id);
    if (!d || !proposal) continue;
    const { cmp, code } = await sheetCode(db, d);
    out.push({
      proposal,
      demandId: d.id,
      title: d.title,
      quantity: d.quantity,
      unit: d.unit,
      level: proposal.steps.length + 1,
      documentNo: cmp.documentNo,
      verifyCode: code,
      columns: cmp.columns.map((c) => ({
        quotationId: c.quotationId,
        supplierName: c.supplierName,
        version: c.version,
        status: c.status,
        comparableTotal: c.comparableTotal,
        unitPrice: c.unitPrice,
        quantity: c.quantity,
        leadTimeDays: c.leadTimeDays,
        compared: c.compared,
        lowestPrice: c.lowestPrice,
        shortestLead: c.shortestLead,
      })),
    });
  }
  return out;
}
