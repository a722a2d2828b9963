// Helpers shared by the trade services: transitions with their audit trail, the buyer mask,
// the caller's supplier record and notifications (in-app notice + e-mail/SMS outbox).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  canTransition,
  DEMAND_STATE_LABEL,
  DEMAND_TRANSITIONS,
  INQUIRY_STATE_LABEL,
  INQUIRY_TRANSITIONS,
  QUOTATION_STATE_LABEL,
  QUOTATION_TRANSITIONS,
  transitionRefused,
  type TDemandState,
  type TInquiryState,
  type TQuotationState,
  type TTradeActor,
} from '../../../contracts/trade.js';
import { AWARD_MESSAGES } from '../../../contracts/award-approval.js';
import type { Db } from '../../db/client.js';
import { auditLog, awardProposals, demands, inquiries, members, notices, quotations, stores, suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { TSessionMember } from '../auth/session.repository.js';

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const isAdmin = (me: Pick<TSessionMember, 'roles'> | null | undefined) => Boolean(me?.roles.includes('admin'));
export const isSupplierRole = (me: Pick<TSessionMember, 'roles'> | null | undefined) => Boolean(me?.roles.includes('supplier'));

/** 华东理工大学分析测试中心 → 华东理工大学***; 李明 → 李**. Never the whole name. */
export function maskBuyer(companyName: string | null | undefined, contactName?: string | null): string {
  const company = companyName?.trim();
  if (company) {
    const chars = Array.from(company);
    const keep = Math.min(6, Math.max(2, Math.floor(chars.length / 2)));
    return `${chars.slice(0, keep).join('')}***`;
  }
  const person = contactName?.trim();
  if (person) return `${Array.from(person)[0]}**`;
  return '匿名采购商';
}

export type TSupplierRef = { id: number; companyName: string; storeUid: string | null; approved: boolean };

export async function supplierOfMember(db: Db, memberId: number): Promise<TSupplierRef | null> {
  const [row] = await db
    .select({ id: suppliers.id, companyName: suppliers.companyName, storeUid: stores.uid, approved: sql<boolean>`${suppliers.status} = 'approved'` })
    .from(suppliers)
    .leftJoin(stores, eq(stores.supplierId, suppliers.id))
    .where(eq(suppliers.memberId, memberId))
    .limit(1);
  return row ?? null;
}

/** The caller's supplier record, or 403 for members without one (admins included). */
export async function requireSupplier(db: Db, me: TSessionMember, action = '报价'): Promise<TSupplierRef> {
  const supplier = isSupplierRole(me) || isAdmin(me) ? await supplierOfMember(db, me.id) : null;
  if (!supplier) throw new AppError('FORBIDDEN', `只有入驻供应商可以${action}`);
  return supplier;
}

/** New offers need a supplier the platform has approved; withdrawing what it already sent does not. */
export function assertApproved(supplier: TSupplierRef, action = '报价') {
  if (!supplier.approved) throw new AppError('FORBIDDEN', `供应商入驻审核通过后才可以${action}`);
}

// ---------------------------------------------------------------------------------------------
// Transitions
// ---------------------------------------------------------------------------------------------

type TMachine = {
  demand: { state: TDemandState };
  quotation: { state: TQuotationState };
  inquiry: { state: TInquiryState };
};
type TEntity = keyof TMachine;

const TABLES = { demand: DEMAND_TRANSITIONS, quotation: QUOTATION_TRANSITIONS, inquiry: INQUIRY_TRANSITIONS } as const;
const LABELS: Record<TEntity, Record<string, string>> = { demand: DEMAND_STATE_LABEL, quotation: QUOTATION_STATE_LABEL, inquiry: INQUIRY_STATE_LABEL };

export function assertTransition<E extends TEntity>(entity: E, from: TMachine[E]['state'], to: TMachine[E]['state'], actor: TTradeActor) {
  const table = TABLES[entity] as Record<string, Partial<Record<string, readonly TTradeActor[]>>>;
  if (!canTransition<string>(table, from, to, actor)) throw new AppError('CONFLICT', transitionRefused(LABELS[entity][from]));
}

export async function audit(db: Db, entry: { entity: TEntity; entityId: number; fromState: string | null; toState: string; actorId: number | null; note?: string | null }) {
  await db.insert(auditLog).values({ ...entry, note: entry.note ?? null });
}

/**
 * Moves one record from `from` to `to` if the table allows it for `actor`, guarding against a
 * concurrent change (the UPDATE only matches the expected state), and writes the audit entry.
 */
export async function transition<E extends TEntity>(
  db: Db,
  entity: E,
  id: number,
  from: TMachine[E]['state'],
  to: TMachine[E]['state'],
  actor: TTradeActor,
  actorId: number | null,
  note?: string | null,
  extra: Record<string, unknown> = {},
) {
  assertTransition(entity, from, to, actor);
  const table = entity === 'demand' ? demands : entity === 'quotation' ? quotations : inquiries;
  const stamp = entity === 'inquiry' ? {} : { updatedAt: new Date() };
  const moved = await db
    .update(table)
    .set({ status: to, ...stamp, ...extra })
    .where(and(eq(table.id, id), eq(table.status, from)))
    .returning({ id: table.id });
  if (moved.length === 0) throw new AppError('CONFLICT', '状态已变化，请刷新后重试');
  await audit(db, { entity, entityId: id, fromState: from, toState: to, actorId, note });
  // 定标审批 (issue 38): a demand that can no longer be awarded voids the award waiting for approval.
  if (entity === 'demand' && DEMAND_ENDS.includes(to as TDemandState)) {
    await db
      .update(awardProposals)
      .set({ status: 'void', outcome: AWARD_MESSAGES.voidDemand(DEMAND_STATE_LABEL[to as TDemandState]), decidedAt: new Date() })
      .where(and(eq(awardProposals.demandId, id), eq(awardProposals.status, 'pending')));
  }
}

/** Demand states no award comes out of. */
const DEMAND_ENDS: TDemandState[] = ['EXPIRED', 'CANCELLED', 'CLOSED', 'REJECTED'];

// ---------------------------------------------------------------------------------------------
// Needs: the record a buyer's one need is decided on, locked before anything hangs on it changes
// ---------------------------------------------------------------------------------------------

type TInquiryRow = typeof inquiries.$inferSelect;

/**
 * Locks the need an inquiry belongs to — the quick inquiry a routed copy was made from, or the
 * inquiry itself — and returns it. Every change to an inquiry, its copies or their quotations takes
 * this lock first (then the copy, then quotations), so two copies of one quick inquiry cannot both
 * be awarded, and a quotation cannot arrive on a copy while another copy is being awarded.
 */
export async function lockInquiryNeed(db: Db, inquiryId: number): Promise<TInquiryRow | null> {
  const [row] = await db.select({ id: inquiries.id, parentId: inquiries.parentId }).from(inquiries).where(eq(inquiries.id, inquiryId)).limit(1);
  if (!row) return null;
  const [root] = await db
    .select()
    .from(inquiries)
    .where(eq(inquiries.id, row.parentId ?? row.id))
    .for('update')
    .limit(1);
  return root ?? null;
}

export const INQUIRY_CLOSED_NO_ACCEPT = '该询价已关闭，不能再接受报价';

/** Why a supplier can no longer answer a closed inquiry (`what`: 报价 or 回复): another supplier won it, or it was closed. */
export async function inquiryClosedReason(db: Db, needId: number, what: '报价' | '回复') {
  const [won] = await db
    .select({ id: quotations.id })
    .from(quotations)
    .innerJoin(inquiries, eq(inquiries.id, quotations.inquiryId))
    .where(and(eq(quotations.status, 'ACCEPTED'), sql`(${inquiries.id} = ${needId} or ${inquiries.parentId} = ${needId})`))
    .limit(1);
  return won ? `采购方已选定其他供应商的报价，该询价已关闭，不能再${what}` : `该询价已关闭，不能${what}`;
}

/** Locks the need a quotation answers (its demand, or its inquiry's need) before the quotation itself: the one lock order of every decision. */
export async function lockQuotationNeed(db: Db, quotationId: number) {
  const [q] = await db.select({ demandId: quotations.demandId, inquiryId: quotations.inquiryId }).from(quotations).where(eq(quotations.id, quotationId)).limit(1);
  if (!q) return null;
  if (q.demandId) {
    await db.select({ id: demands.id }).from(demands).where(eq(demands.id, q.demandId)).for('update').limit(1);
    return null;
  }
  return q.inquiryId ? lockInquiryNeed(db, q.inquiryId) : null;
}

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

export type TNoticeKind =
  | 'new_inquiry'
  | 'inquiry_replied'
  | 'new_quotation'
  | 'quotation_revised'
  | 'quotation_accepted'
  | 'quotation_rejected'
  | 'quotation_not_selected'
  | 'quotation_withdrawn'
  | 'deadline_soon'
  | 'demand_evaluating'
  | 'demand_expired'
  | 'demand_review'
  | 'demand_approved'
  | 'inquiry_closed'
  | 'quick_inquiry'
  // 采购单位 (issue 38): verification, invitations, removal.
  | 'organisation'
  // 定标审批 (issue 38): an award waiting for approval, and its outcome.
  | 'award_approval';

export type TTradeEvent = { memberId: number | null | undefined; kind: TNoticeKind; title: string; content: string; link: string };

/**
 * Writes the in-app notices and sends each one to the member's e-mail (or mobile) through the
 * mailer. Called after the transaction commits; a failed delivery is logged, the notice stays.
 */
export async function dispatchEvents(app: FastifyInstance, events: TTradeEvent[]) {
  const ready = events.filter((e): e is TTradeEvent & { memberId: number } => typeof e.memberId === 'number');
  if (ready.length === 0) return;
  await app.db.insert(notices).values(ready.map((e) => ({ memberId: e.memberId, kind: e.kind, title: e.title.slice(0, 120), content: e.content, link: e.link })));
  const ids = [...new Set(ready.map((e) => e.memberId))];
  const contacts = await app.db.select({ id: members.id, email: members.email, mobile: members.mobile }).from(members).where(inArray(members.id, ids));
  const byId = new Map(contacts.map((c) => [c.id, c.email || c.mobile]));
  for (const e of ready) {
    const to = byId.get(e.memberId);
    if (!to) continue;
    try {
      await app.mailer.notify(to, `【${app.config.SITE_NAME}】${e.title}`, `${e.content}\n查看详情：${app.config.PUBLIC_URL ?? ''}${e.link}`);
    } catch (err) {
      app.log.warn({ err, memberId: e.memberId, kind: e.kind }, 'trade notification delivery failed');
    }
  }
}

/** The member behind a supplier, to notify it. */
export async function supplierMemberIds(db: Db, supplierIds: number[]): Promise<Map<number, number | null>> {
  if (supplierIds.length === 0) return new Map();
  const rows = await db.select({ id: suppliers.id, memberId: suppliers.memberId }).from(suppliers).where(inArray(suppliers.id, supplierIds));
  return new Map(rows.map((r) => [r.id, r.memberId]));
}

export const attachmentUrl = (id: number) => `/api/trade/attachments/${id}`;
