// Approval before a demand goes out (issue 38): a demand of a 采购单位 whose rules require it waits in
// PENDING_APPROVAL; its 审批人 (never its author, never one person for two levels) approve level by
// level — the last level moves it on to the platform's review (PENDING_REVIEW) — or return it to its
// author (REJECTED with the reason, corrected and resubmitted as a platform-rejected demand is).
// Every step is a demand_approvals row of the submission's round and an audit entry.
import { and, asc, desc, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { approvalLevels, ORG_MESSAGES, type TApprovalItem, type TApprovalStep } from '../../../../contracts/organisation.js';
import type { TDemandState } from '../../../../contracts/trade.js';
import type { Db } from '../../../db/client.js';
import { auditLog, demandApprovals, demands, members, organisationMembers } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import type { TSessionMember } from '../../auth/session.repository.js';
import { dispatchEvents, transition, type TTradeEvent } from '../common.js';
import { displayName, membershipOf, rulesOf } from './organisation.service.js';

export const APPROVALS_PAGE = '/admin/purchaser/approvals';

/**
 * What a submission of the member's demand needs: `approval` with the levels when the member's
 * organisation requires approval before publishing; `companyName`, the verified organisation's
 * name suppliers see instead of the individual (null: keep the member's own).
 */
export async function submissionPlan(db: Db, memberId: number, budget: number | null) {
  const m = await membershipOf(db, memberId);
  if (!m) return { organisationId: null, companyName: null, approval: null };
  const rules = rulesOf(m.organisation);
  return {
    organisationId: m.organisation.id,
    companyName: m.organisation.status === 'approved' ? m.organisation.name : null,
    approval: rules.publishApproval ? { levels: approvalLevels(rules, budget) } : null,
  };
}

/** The columns a submission stamps on the demand: its organisation, and the organisation's name once verified. */
export const organisationColumns = (plan: Awaited<ReturnType<typeof submissionPlan>>) => ({
  organisationId: plan.organisationId,
  ...(plan.companyName ? { companyName: plan.companyName } : {}),
});

/** Moves the author's demand from `from` (DRAFT or REJECTED) to PENDING_APPROVAL, starting a new round; the approvers' notices. */
export async function sendForApproval(db: Db, demand: { id: number; title: string; purchaserId: number | null }, from: TDemandState, me: TSessionMember, plan: Awaited<ReturnType<typeof submissionPlan>>): Promise<TTradeEvent[]> {
  await transition(db, 'demand', demand.id, from, 'PENDING_APPROVAL', 'buyer', me.id, from === 'DRAFT' ? '提交单位审批' : '修改后重新提交单位审批', {
    ...organisationColumns(plan),
    approvalRound: sql`${demands.approvalRound} + 1`,
    approvalLevels: plan.approval!.levels,
    rejectReason: null,
  });
  return approverNotices(db, plan.organisationId!, demand, [me.id], 1, plan.approval!.levels);
}

/** The organisation's approvers but those in `exclude` (the author, who approved an earlier level). */
export async function approversOf(db: Db, orgId: number, exclude: readonly (number | null)[]): Promise<number[]> {
  const rows = await db
    .select({ id: organisationMembers.memberId })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, orgId), sql`'approver' = any(${organisationMembers.roles})`));
  return rows.map((r) => r.id).filter((id) => !exclude.includes(id));
}

/** （第1级，共2级） when there is more than one level. */
export const approvalStage = (level: number, levels: number) => (levels > 1 ? `（第${level}级，共${levels}级）` : '');

async function approverNotices(db: Db, orgId: number, demand: { id: number; title: string }, exclude: number[], level: number, levels: number): Promise<TTradeEvent[]> {
  const stage = approvalStage(level, levels);
  return (await approversOf(db, orgId, exclude)).map((id) => ({ memberId: id, kind: 'demand_review' as const, title: '有求购待您审批', content: `求购“${demand.title}”等待您审批${stage}。`, link: APPROVALS_PAGE }));
}

async function platformReviewNotices(db: Db, title: string): Promise<TTradeEvent[]> {
  const admins = await db.select({ id: members.id }).from(members).where(and(sql`'admin' = any(${members.roles})`, isNull(members.deletedAt))).limit(20);
  return admins.map((a) => ({ memberId: a.id, kind: 'demand_review' as const, title: '求购待审核', content: `求购“${title}”已通过采购单位审批，请审核后发布。`, link: '/admin/purchaser/demand-manager?scope=all&status=PENDING_REVIEW' }));
}

/** Which of the organisation's members may decide this demand now: an approver of its organisation, not its author, not an earlier level's approver. */
async function decidable(db: Db, me: TSessionMember, demandId: number, lock: boolean) {
  const q = db.select().from(demands).where(eq(demands.id, demandId)).limit(1);
  const [d] = lock ? await q.for('update') : await q;
  const m = await membershipOf(db, me.id);
  // Outside the organisation (or no such demand): nothing to see.
  if (!d || !m || d.organisationId !== m.organisation.id) throw new AppError('NOT_FOUND', '审批申请不存在');
  if (!m.roles.includes('approver')) throw new AppError('FORBIDDEN', ORG_MESSAGES.notApprover);
  if (d.purchaserId === me.id) throw new AppError('FORBIDDEN', ORG_MESSAGES.selfApproval);
  if (d.status !== 'PENDING_APPROVAL') throw new AppError('CONFLICT', '该申请已处理，请刷新');
  const steps = await db
    .select()
    .from(demandApprovals)
    .where(and(eq(demandApprovals.demandId, d.id), eq(demandApprovals.round, d.approvalRound)))
    .orderBy(asc(demandApprovals.level));
  if (steps.some((s) => s.approverId === me.id)) throw new AppError('FORBIDDEN', ORG_MESSAGES.alreadyApproved);
  return { d, level: steps.length + 1, earlier: steps.map((s) => s.approverId).filter((x): x is number => x !== null) };
}

export async function approveDemand(app: FastifyInstance, me: TSessionMember, demandId: number) {
  const events: TTradeEvent[] = [];
  const result = await app.db.transaction(async (tx) => {
    const { d, level, earlier } = await decidable(tx, me, demandId, true);
    await tx.insert(demandApprovals).values({ demandId: d.id, round: d.approvalRound, level, approverId: me.id, decision: 'approved' });
    if (level < d.approvalLevels) {
      await tx.insert(auditLog).values({ entity: 'demand', entityId: d.id, fromState: 'PENDING_APPROVAL', toState: 'PENDING_APPROVAL', actorId: me.id, note: `第${level}级审批通过` });
      events.push(...(await approverNotices(tx, d.organisationId!, d, [d.purchaserId ?? 0, me.id, ...earlier], level + 1, d.approvalLevels)));
      events.push({ memberId: d.purchaserId, kind: 'demand_approved', title: '求购审批进度', content: `您的求购“${d.title}”已通过第${level}级审批，等待第${level + 1}级审批。`, link: '/admin/purchaser/demand-manager?status=PENDING_APPROVAL' });
      return { id: d.id, status: 'PENDING_APPROVAL' as const, level };
    }
    await transition(tx, 'demand', d.id, 'PENDING_APPROVAL', 'PENDING_REVIEW', 'approver', me.id, d.approvalLevels > 1 ? `第${level}级审批通过，提交平台审核` : '单位审批通过，提交平台审核');
    events.push(...(await platformReviewNotices(tx, d.title)));
    events.push({ memberId: d.purchaserId, kind: 'demand_approved', title: '求购审批通过', content: `您的求购“${d.title}”已通过单位审批，等待平台审核后发布。`, link: '/admin/purchaser/demand-manager?status=PENDING_REVIEW' });
    return { id: d.id, status: 'PENDING_REVIEW' as const, level };
  });
  await dispatchEvents(app, events);
  return result;
}

export async function returnDemand(app: FastifyInstance, me: TSessionMember, demandId: number, reason: string) {
  const result = await app.db.transaction(async (tx) => {
    const { d, level } = await decidable(tx, me, demandId, true);
    await tx.insert(demandApprovals).values({ demandId: d.id, round: d.approvalRound, level, approverId: me.id, decision: 'returned', reason });
    await transition(tx, 'demand', d.id, 'PENDING_APPROVAL', 'REJECTED', 'approver', me.id, `单位审批退回：${reason}`, { rejectReason: `单位审批退回：${reason}` });
    return d;
  });
  await dispatchEvents(app, [
    {
      memberId: result.purchaserId,
      kind: 'demand_expired',
      title: '求购被退回',
      content: `您的求购“${result.title}”被单位审批人退回：${reason}。请按原因修改后重新提交，或取消该求购。`,
      link: '/admin/purchaser/demand-manager?status=REJECTED',
    },
  ]);
  return { id: result.id, status: 'REJECTED' as const };
}

async function stepsOf(db: Db, demandIds: number[], rounds: Map<number, number>): Promise<Map<number, TApprovalStep[]>> {
  const out = new Map<number, TApprovalStep[]>();
  if (!demandIds.length) return out;
  const rows = await db
    .select({ a: demandApprovals, realName: members.realName, nickname: members.nickname, mobile: members.mobile, mid: members.id })
    .from(demandApprovals)
    .leftJoin(members, eq(members.id, demandApprovals.approverId))
    .where(inArray(demandApprovals.demandId, demandIds))
    .orderBy(asc(demandApprovals.round), asc(demandApprovals.level));
  for (const r of rows) {
    if (rounds.get(r.a.demandId) !== r.a.round) continue;
    const list = out.get(r.a.demandId) ?? [];
    list.push({
      level: r.a.level,
      approver: r.mid ? displayName({ id: r.mid, realName: r.realName, nickname: r.nickname, mobile: r.mobile }) : '已注销会员',
      decision: r.a.decision as TApprovalStep['decision'],
      reason: r.a.reason,
      at: r.a.createdAt.toISOString(),
    });
    out.set(r.a.demandId, list);
  }
  return out;
}

/** 待我审批: the organisation's demands waiting for an approval the caller may give. */
export async function pendingForMe(db: Db, me: TSessionMember): Promise<TApprovalItem[]> {
  const m = await membershipOf(db, me.id);
  if (!m || !m.roles.includes('approver')) return [];
  const mine = db
    .select({ one: sql`1` })
    .from(demandApprovals)
    .where(and(eq(demandApprovals.demandId, demands.id), eq(demandApprovals.round, demands.approvalRound), eq(demandApprovals.approverId, me.id)));
  const rows = await db
    .select({ d: demands, realName: members.realName, nickname: members.nickname, mobile: members.mobile, mid: members.id })
    .from(demands)
    .leftJoin(members, eq(members.id, demands.purchaserId))
    .where(and(eq(demands.organisationId, m.organisation.id), eq(demands.status, 'PENDING_APPROVAL'), ne(demands.purchaserId, me.id), notExists(mine)))
    .orderBy(desc(demands.updatedAt), desc(demands.id))
    .limit(200);
  const steps = await stepsOf(
    db,
    rows.map((r) => r.d.id),
    new Map(rows.map((r) => [r.d.id, r.d.approvalRound])),
  );
  return rows.map(({ d, ...who }) => {
    const done = (steps.get(d.id) ?? []).filter((s) => s.decision === 'approved');
    return {
      demandId: d.id,
      title: d.title,
      author: who.mid ? displayName({ id: who.mid, realName: who.realName, nickname: who.nickname, mobile: who.mobile }) : '已注销会员',
      quantity: d.quantity,
      unit: d.unit,
      budget: d.budget === null ? null : Number(d.budget),
      quoteDeadline: d.quoteDeadline.toISOString(),
      description: d.description,
      params: d.params,
      level: done.length + 1,
      levels: d.approvalLevels,
      steps: steps.get(d.id) ?? [],
      submittedAt: d.updatedAt.toISOString(),
    };
  });
}

export async function pendingCount(db: Db, me: TSessionMember) {
  return (await pendingForMe(db, me)).length;
}
