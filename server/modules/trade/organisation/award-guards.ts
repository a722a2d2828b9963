// Guards of 定标审批 (issue 38) the accept path uses: a direct award is refused where the demand's
// 采购单位 requires approval (or one is pending); a change to a quotation voids a pending proposal
// that can no longer be executed as approved. Apart from award-approvals.service.ts, which uses the
// accept path itself.
import { and, eq } from 'drizzle-orm';
import { AWARD_MESSAGES } from '../../../../contracts/award-approval.js';
import { reasonLength, SELECTION_REASON_MIN } from '../../../../contracts/comparison.js';
import { DEMAND_STATE_LABEL, QUOTATION_STATE_LABEL, type TDemandState, type TQuotationState } from '../../../../contracts/trade.js';
import type { Db } from '../../../db/client.js';
import { awardProposals, demands, organisations, quotations, suppliers } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { clock } from '../../../lib/clock.js';
import { audit, type TTradeEvent } from '../common.js';
import { findDemand, type TDemandRow } from '../demands/demands.repository.js';
import { compareDemand } from '../quotations/comparison.service.js';

export const comparePage = (demandId: number) => `/admin/purchaser/demand-quotation?demandId=${demandId}`;

type TProposalRow = typeof awardProposals.$inferSelect;

/** The demand's organisation, when it requires approval before an award. */
export async function awardOrganisation(db: Db, organisationId: number | null) {
  if (!organisationId) return null;
  const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId)).limit(1);
  return org?.awardApproval ? org : null;
}

export async function pendingProposal(db: Db, demandId: number, lock = false) {
  const q = db
    .select()
    .from(awardProposals)
    .where(and(eq(awardProposals.demandId, demandId), eq(awardProposals.status, 'pending')))
    .limit(1);
  const [p] = lock ? await q.for('update') : await q;
  return p ?? null;
}

/** Accepting directly is refused while an award waits for approval, and where the organisation requires one. */
export async function refuseDirectAward(db: Db, demandId: number) {
  if (await pendingProposal(db, demandId)) throw new AppError('CONFLICT', AWARD_MESSAGES.pending);
  const [d] = await db.select({ organisationId: demands.organisationId }).from(demands).where(eq(demands.id, demandId)).limit(1);
  if (await awardOrganisation(db, d?.organisationId ?? null)) throw new AppError('CONFLICT', AWARD_MESSAGES.proposalRequired);
}

/** Why the proposal can no longer be executed (it is then void), or null: what accepting would refuse. */
export async function blocker(db: Db, p: TProposalRow, d: TDemandRow): Promise<string | null> {
  const [row] = await db
    .select({ q: quotations, supplierName: suppliers.companyName })
    .from(quotations)
    .innerJoin(suppliers, eq(suppliers.id, quotations.supplierId))
    .where(eq(quotations.id, p.quotationId))
    .limit(1);
  if (!row) return AWARD_MESSAGES.voidQuotation('供应商', '已删除');
  if (row.q.status !== 'SUBMITTED') return AWARD_MESSAGES.voidQuotation(row.supplierName, QUOTATION_STATE_LABEL[row.q.status as TQuotationState]);
  if (row.q.version !== p.version) return AWARD_MESSAGES.voidRevised(row.supplierName, p.version, row.q.version);
  if (d.status !== 'QUOTED' && d.status !== 'EVALUATING') return AWARD_MESSAGES.voidDemand(DEMAND_STATE_LABEL[d.status as TDemandState]);
  if (row.q.validUntil && row.q.validUntil.getTime() <= clock.now()) return AWARD_MESSAGES.voidValidity(row.supplierName);
  const chosen = (await compareDemand(db, d)).columns.find((c) => c.quotationId === p.quotationId);
  if (chosen && !chosen.lowestPrice && reasonLength(p.reason) < SELECTION_REASON_MIN) return AWARD_MESSAGES.voidNotLowest;
  return null;
}

/** Voids the proposal with the reason: back to its requester, with a notice. */
export async function voidProposal(db: Db, p: TProposalRow, d: TDemandRow, outcome: string, actorId: number | null): Promise<TTradeEvent[]> {
  await db.update(awardProposals).set({ status: 'void', outcome, decidedAt: clock.date() }).where(eq(awardProposals.id, p.id));
  await audit(db, { entity: 'demand', entityId: d.id, fromState: d.status, toState: d.status, actorId, note: `定标申请已失效：${outcome}` });
  return [{ memberId: p.proposerId, kind: 'award_approval', title: '定标申请已失效', content: `您对“${d.title}”的定标申请已失效：${outcome}。`, link: comparePage(d.id) }];
}

/**
 * After a quotation of the demand changed (revised, withdrawn, rejected): a pending proposal that can
 * no longer be executed as approved is void at once. Called inside the change's transaction.
 */
export async function settleAwardProposal(db: Db, demandId: number): Promise<TTradeEvent[]> {
  const p = await pendingProposal(db, demandId, true);
  if (!p) return [];
  const d = await findDemand(db, demandId);
  if (!d) return [];
  const why = await blocker(db, p, d);
  return why ? voidProposal(db, p, d, why, null) : [];
}

