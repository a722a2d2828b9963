// Reading the 定标审批 records (issue 38): a demand's award proposals with their steps, as the
// comparison, the 比价单 and 待我审批 show them; whether an award approval is pending (suppliers read
// 「采购方内部审批中」); whether a member approves for a demand's organisation. No writes here, and
// nothing of the comparison service, which reads these.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TAwardApproval, TAwardProposal, TAwardProposalState } from '../../../../contracts/award-approval.js';
import type { Db } from '../../../db/client.js';
import { awardApprovals, awardProposals, members, organisationMembers, organisations, quotations, suppliers } from '../../../db/schema.js';
import { displayName } from './organisation.service.js';

const nameOf = (r: { mid: number | null; realName: string | null; nickname: string | null; mobile: string | null }) =>
  r.mid ? displayName({ id: r.mid, realName: r.realName, nickname: r.nickname, mobile: r.mobile }) : '已注销会员';

/** The proposals of these demands (oldest first), each with its steps; by demand. */
export async function proposalsOf(db: Db, demandIds: number[], only?: number[]): Promise<Map<number, TAwardProposal[]>> {
  const out = new Map<number, TAwardProposal[]>();
  if (!demandIds.length) return out;
  const rows = await db
    .select({ p: awardProposals, supplierName: suppliers.companyName, mid: members.id, realName: members.realName, nickname: members.nickname, mobile: members.mobile })
    .from(awardProposals)
    .innerJoin(quotations, eq(quotations.id, awardProposals.quotationId))
    .innerJoin(suppliers, eq(suppliers.id, quotations.supplierId))
    .leftJoin(members, eq(members.id, awardProposals.proposerId))
    .where(only ? inArray(awardProposals.id, only) : inArray(awardProposals.demandId, demandIds))
    .orderBy(asc(awardProposals.createdAt), asc(awardProposals.id));
  const steps = rows.length
    ? await db
        .select({ s: awardApprovals, mid: members.id, realName: members.realName, nickname: members.nickname, mobile: members.mobile })
        .from(awardApprovals)
        .leftJoin(members, eq(members.id, awardApprovals.approverId))
        .where(
          inArray(
            awardApprovals.proposalId,
            rows.map((r) => r.p.id),
          ),
        )
        .orderBy(asc(awardApprovals.level))
    : [];
  for (const r of rows) {
    const list = out.get(r.p.demandId) ?? [];
    list.push({
      id: r.p.id,
      quotationId: r.p.quotationId,
      proposer: nameOf(r),
      supplierName: r.supplierName,
      version: r.p.version,
      comparableTotal: Number(r.p.comparableTotal),
      reason: r.p.reason,
      status: r.p.status as TAwardProposalState,
      outcome: r.p.outcome,
      levels: r.p.levels,
      createdAt: r.p.createdAt.toISOString(),
      decidedAt: r.p.decidedAt?.toISOString() ?? null,
      verifyCode: r.p.verifyCode,
      steps: steps
        .filter((s) => s.s.proposalId === r.p.id)
        .map((s) => ({ level: s.s.level, approver: nameOf(s), decision: s.s.decision as 'approved' | 'returned', reason: s.s.reason, at: s.s.createdAt.toISOString(), verifyCode: s.s.verifyCode })),
    });
    out.set(r.p.demandId, list);
  }
  return out;
}

/** The comparison's 定标审批: null unless the demand's organisation requires it or an award was proposed. */
export async function awardApprovalOf(db: Db, d: { id: number; organisationId: number | null }): Promise<TAwardApproval | null> {
  const [org] = d.organisationId ? await db.select({ awardApproval: organisations.awardApproval }).from(organisations).where(eq(organisations.id, d.organisationId)).limit(1) : [];
  const proposals = (await proposalsOf(db, [d.id])).get(d.id) ?? [];
  if (!org?.awardApproval && !proposals.length) return null;
  return { required: Boolean(org?.awardApproval), proposals };
}

/** Whether an award of the demand waits for its organisation's approval. */
export async function awardPending(db: Db, demandId: number) {
  const [p] = await db
    .select({ id: awardProposals.id })
    .from(awardProposals)
    .where(and(eq(awardProposals.demandId, demandId), eq(awardProposals.status, 'pending')))
    .limit(1);
  return Boolean(p);
}

/** Whether the member is a 审批人 of the organisation (who reads its demands' comparisons). */
export async function approvesFor(db: Db, memberId: number, organisationId: number | null) {
  if (!organisationId) return false;
  const [m] = await db
    .select({ id: organisationMembers.memberId })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.memberId, memberId), eq(organisationMembers.organisationId, organisationId), sql`'approver' = any(${organisationMembers.roles})`))
    .limit(1);
  return Boolean(m);
}
