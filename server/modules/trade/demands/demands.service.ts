// Demand rules: who may post, see and change a demand; the transitions of DEMAND_TRANSITIONS.
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  demandStatusFor,
  EDITABLE_DEMAND_STATES,
  PENDING_QUOTATION_STATES,
  PUBLIC_DEMAND_STATES,
  REPOST_STATES,
  ZDemandInput,
  type TDemandDetail,
  type TDemandState,
  type TQuotationState,
} from '../../../../contracts/trade.js';
import { endOfChinaDay, todayInChina } from '../../../../contracts/time.js';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { demands, members, quotations, tradeAttachments } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { clock } from '../../../lib/clock.js';
import type { TSessionMember } from '../../auth/session.repository.js';
import { attachmentsOf, linkAttachments } from '../attachments/attachments.service.js';
import {
  audit,
  dispatchEvents,
  isAdmin,
  isoOrNull,
  isSupplierRole,
  supplierMemberIds,
  supplierOfMember,
  transition,
  type TTradeEvent,
} from '../common.js';
import { categoryExists, demandWithCount, findDemand, toListItem, type TDemandRow } from './demands.repository.js';
import { organisationColumns, sendForApproval, submissionPlan } from '../organisation/approvals.service.js';
import { awardPending } from '../organisation/award-records.js';

type TDemandBody = z.output<typeof ZDemandInput>;

export const isPurchaser = (me: TSessionMember) => me.roles.includes('purchaser');

export function requirePurchaser(me: TSessionMember) {
  if (!isPurchaser(me)) throw new AppError('FORBIDDEN', '只有采购商可以发布求购，请先升级为采购商');
}

function columnsFrom(body: TDemandBody) {
  return {
    title: body.title,
    categoryId: body.categoryId,
    quantity: body.quantity,
    unit: body.unit,
    budget: body.budget === null || body.budget === undefined ? null : String(body.budget),
    budgetHidden: body.budgetHidden,
    needBy: body.needBy ? endOfChinaDay(body.needBy) : null,
    quoteDeadline: endOfChinaDay(body.quoteDeadline),
    province: body.province,
    city: body.city || null,
    description: body.description || null,
    params: body.params.filter((p) => p.name),
    contactName: body.contactName,
    contactPhone: body.contactPhone,
    quoteCap: body.quoteCap,
    quoteMode: body.quoteMode,
  };
}

export async function createDemand(app: FastifyInstance, me: TSessionMember, body: TDemandBody) {
  requirePurchaser(me);
  if (!(await categoryExists(app.db, body.categoryId))) throw new AppError('BAD_REQUEST', '产品分类不存在');
  const [member] = await app.db.select({ companyName: members.companyName }).from(members).where(eq(members.id, me.id)).limit(1);
  // 采购单位 (issue 38): suppliers see a verified organisation's name; its rules may require approval first.
  const plan = await submissionPlan(app.db, me.id, body.budget ?? null);
  const events: TTradeEvent[] = [];
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(demands)
      .values({ ...columnsFrom(body), purchaserId: me.id, companyName: plan.companyName ?? member?.companyName ?? null, organisationId: plan.organisationId, status: 'DRAFT' })
      .returning({ id: demands.id });
    await audit(tx, { entity: 'demand', entityId: row!.id, fromState: null, toState: 'DRAFT', actorId: me.id, note: '创建求购' });
    await linkAttachments(tx, me.id, 'demand', row!.id, body.attachmentIds);
    if (body.submit && plan.approval) events.push(...(await sendForApproval(tx, { id: row!.id, title: body.title, purchaserId: me.id }, 'DRAFT', me, plan)));
    else if (body.submit) await transition(tx, 'demand', row!.id, 'DRAFT', 'OPEN', 'buyer', me.id, '发布求购');
    return row!.id;
  });
  await dispatchEvents(app, events);
  return { id, status: (!body.submit ? 'DRAFT' : plan.approval ? 'PENDING_APPROVAL' : 'OPEN') as TDemandState };
}

async function ownDemand(db: Db, me: TSessionMember, id: number): Promise<TDemandRow> {
  const d = await findDemand(db, id);
  if (!d) throw new AppError('NOT_FOUND', '求购不存在');
  if (d.purchaserId !== me.id) {
    if (!PUBLIC_DEMAND_STATES.includes(d.status as TDemandState) && !isAdmin(me)) throw new AppError('NOT_FOUND', '求购不存在');
    throw new AppError('FORBIDDEN', '只能操作自己发布的求购');
  }
  return d;
}

/**
 * Saves the form of a draft (published with `submit`) or of a demand the platform rejected: the
 * purchaser corrects it and, with `submit`, sends it for review (PENDING_REVIEW); an admin puts it
 * back on the hall. Until then it stays 已驳回 with its reason.
 */
export async function updateDemand(app: FastifyInstance, me: TSessionMember, id: number, body: TDemandBody) {
  requirePurchaser(me);
  const d = await ownDemand(app.db, me, id);
  const from = d.status as TDemandState;
  if (!EDITABLE_DEMAND_STATES.includes(from)) throw new AppError('CONFLICT', '只有草稿或已驳回的求购可以修改');
  if (!(await categoryExists(app.db, body.categoryId))) throw new AppError('BAD_REQUEST', '产品分类不存在');
  const plan = body.submit ? await submissionPlan(app.db, me.id, body.budget ?? null) : null;
  const to: TDemandState = !body.submit ? from : plan?.approval ? 'PENDING_APPROVAL' : from === 'DRAFT' ? 'OPEN' : 'PENDING_REVIEW';
  const events: TTradeEvent[] = [];
  await app.db.transaction(async (tx) => {
    const saved = await tx
      .update(demands)
      .set({ ...columnsFrom(body), updatedAt: new Date() })
      .where(and(eq(demands.id, id), eq(demands.status, from)))
      .returning({ id: demands.id });
    if (saved.length === 0) throw new AppError('CONFLICT', '状态已变化，请刷新后重试');
    await linkAttachments(tx, me.id, 'demand', id, body.attachmentIds);
    if (to === 'PENDING_APPROVAL') events.push(...(await sendForApproval(tx, { id, title: body.title, purchaserId: d.purchaserId }, from, me, plan!)));
    else if (to !== from) await transition(tx, 'demand', id, from, to, 'buyer', me.id, from === 'DRAFT' ? '发布求购' : '按驳回原因修改后重新提交审核', plan ? organisationColumns(plan) : {});
  });
  await dispatchEvents(app, events);
  if (to === 'PENDING_REVIEW') await dispatchEvents(app, await reviewNotices(app.db, body.title));
  return { id, status: to };
}

/** The admins' notice that a corrected demand waits for review. */
async function reviewNotices(db: Db, title: string): Promise<TTradeEvent[]> {
  const admins = await db.select({ id: members.id }).from(members).where(and(sql`'admin' = any(${members.roles})`, isNull(members.deletedAt))).limit(20);
  return admins.map((a) => ({ memberId: a.id, kind: 'demand_review' as const, title: '求购待审核', content: `采购方已按驳回原因修改求购“${title}”并重新提交，请审核。`, link: '/admin/purchaser/demand-manager?scope=all&status=PENDING_REVIEW' }));
}

/** Open quotations of a demand that ends without a decision become NOT_SELECTED. */
export async function closeOpenQuotations(db: Db, demandId: number, note: string): Promise<TTradeEvent[]> {
  const open = await db
    .select({ id: quotations.id, supplierId: quotations.supplierId })
    .from(quotations)
    .where(and(eq(quotations.demandId, demandId), eq(quotations.status, 'SUBMITTED')));
  const owners = await supplierMemberIds(
    db,
    open.map((q) => q.supplierId),
  );
  const events: TTradeEvent[] = [];
  for (const q of open) {
    await transition(db, 'quotation', q.id, 'SUBMITTED', 'NOT_SELECTED', 'system', null, note);
    events.push({ memberId: owners.get(q.supplierId), kind: 'quotation_not_selected', title: '报价未中选', content: note, link: `/admin/supplier/quotation/detail?id=${q.id}` });
  }
  return events;
}

/**
 * Brings a demand's status in line with its pending quotations and the clock (demandStatusFor in
 * the contracts): after a withdrawal, a rejection or an expiry leaves no pending quotation, and at
 * the quote deadline. Returns the notices to send.
 */
export async function settleDemand(db: Db, demandId: number, now = clock.now()): Promise<TTradeEvent[]> {
  const d = await findDemand(db, demandId, true);
  if (!d) return [];
  const [pending] = await db
    .select({ n: count() })
    .from(quotations)
    .where(and(eq(quotations.demandId, demandId), inArray(quotations.status, PENDING_QUOTATION_STATES)));
  const from = d.status as TDemandState;
  const to = demandStatusFor({ status: from, quoteDeadline: d.quoteDeadline }, pending?.n ?? 0, now);
  if (to === from) return [];
  const deadlinePassed = d.quoteDeadline.getTime() <= now;
  const note =
    to === 'OPEN'
      ? '报价均已撤回、拒绝或失效，恢复为报价中'
      : to === 'EVALUATING'
        ? '报价截止，进入评标'
        : from === 'EVALUATING'
          ? '没有待处理的报价，求购已结束'
          : deadlinePassed
            ? '报价截止，没有有效报价'
            : '没有有效报价';
  await transition(db, 'demand', demandId, from, to, 'system', null, note);
  if (to === 'EVALUATING') {
    return [{ memberId: d.purchaserId, kind: 'demand_evaluating', title: '报价已截止，请比价定标', content: `您的求购“${d.title}”已截止报价，请比较报价并选定供应商。`, link: `/admin/purchaser/demand-quotation?demandId=${d.id}` }];
  }
  if (to === 'EXPIRED') {
    return [{ memberId: d.purchaserId, kind: 'demand_expired', title: '求购已过期', content: `您的求购“${d.title}”没有可选定的报价，已结束，可在求购管理中重新发布。`, link: '/admin/purchaser/demand-manager?status=EXPIRED' }];
  }
  return [];
}

export type TDemandAction = 'submit' | 'stop' | 'cancel' | 'close' | 'reject' | 'repost' | 'approve';

/** The purchaser's (or an admin's) actions on a demand; returns the id of the demand to show next. */
export async function demandAction(app: FastifyInstance, me: TSessionMember, id: number, action: TDemandAction, note?: string): Promise<{ id: number; status: TDemandState }> {
  const d = await findDemand(app.db, id);
  if (!d) throw new AppError('NOT_FOUND', '求购不存在');
  const owner = d.purchaserId === me.id;
  const admin = isAdmin(me);
  if (!owner && !admin) {
    if (!PUBLIC_DEMAND_STATES.includes(d.status as TDemandState)) throw new AppError('NOT_FOUND', '求购不存在');
    throw new AppError('FORBIDDEN', '只能操作自己发布的求购');
  }
  if (action === 'reject' && !admin) throw new AppError('FORBIDDEN', '只有平台管理员可以驳回求购');
  if (action === 'approve' && !admin) throw new AppError('FORBIDDEN', '只有平台管理员可以审核求购');
  if ((action === 'submit' || action === 'stop' || action === 'repost') && !owner) throw new AppError('FORBIDDEN', '只能操作自己发布的求购');
  const actor = action === 'reject' || action === 'approve' || !owner ? 'admin' : 'buyer';
  const from = d.status as TDemandState;
  const events: TTradeEvent[] = [];
  const plan = action === 'submit' && owner ? await submissionPlan(app.db, me.id, d.budget === null ? null : Number(d.budget)) : null;

  const result = await app.db.transaction(async (tx) => {
    switch (action) {
      case 'submit': {
        // A rejected demand goes back through the form and review, not straight onto the hall.
        if (from === 'REJECTED') throw new AppError('CONFLICT', '请按驳回原因修改求购后提交审核');
        if (from === 'DRAFT' && d.quoteDeadline.getTime() <= clock.now()) throw new AppError('BAD_REQUEST', '报价截止日期已过，请修改后再提交');
        if (plan?.approval) {
          events.push(...(await sendForApproval(tx, d, from, me, plan)));
          return { id, status: 'PENDING_APPROVAL' as const };
        }
        await transition(tx, 'demand', id, from, 'OPEN', actor, me.id, note || '发布求购', plan ? organisationColumns(plan) : {});
        return { id, status: 'OPEN' as const };
      }
      case 'approve': {
        if (from === 'PENDING_REVIEW' && d.quoteDeadline.getTime() <= clock.now()) throw new AppError('CONFLICT', '该求购的报价截止日期已过，请驳回并说明原因，由采购方修改后再提交');
        await transition(tx, 'demand', id, from, 'OPEN', 'admin', me.id, note || '审核通过，重新发布');
        // A 采购单位's demand comes here after its approvers (issue 38), the first time too.
        const content = d.approvalRound > 0 ? `您的求购“${d.title}”已通过平台审核，发布到求购大厅。` : `您修改后的求购“${d.title}”已审核通过，重新发布到求购大厅。`;
        events.push({ memberId: d.purchaserId, kind: 'demand_approved', title: '求购审核通过', content, link: '/admin/purchaser/demand-manager?status=OPEN' });
        return { id, status: 'OPEN' as const };
      }
      case 'stop': {
        await transition(tx, 'demand', id, from, 'EVALUATING', actor, me.id, note || '采购商停止接收报价');
        return { id, status: 'EVALUATING' as const };
      }
      case 'cancel': {
        await transition(tx, 'demand', id, from, 'CANCELLED', actor, me.id, note || (actor === 'admin' ? '平台取消' : '采购商取消'));
        events.push(...(await closeOpenQuotations(tx, id, `求购“${d.title}”已取消`)));
        return { id, status: 'CANCELLED' as const };
      }
      case 'close': {
        await transition(tx, 'demand', id, from, 'CLOSED', actor, me.id, note || '采购完成，关闭求购');
        events.push(...(await closeOpenQuotations(tx, id, `求购“${d.title}”已关闭`)));
        return { id, status: 'CLOSED' as const };
      }
      case 'reject': {
        if (!note || note.trim().length < 2) throw new AppError('BAD_REQUEST', '请填写驳回原因');
        await transition(tx, 'demand', id, from, 'REJECTED', 'admin', me.id, note, { rejectReason: note.trim() });
        events.push(...(await closeOpenQuotations(tx, id, `求购“${d.title}”已被平台下架`)));
        events.push({ memberId: d.purchaserId, kind: 'demand_expired', title: '求购已被驳回', content: `您的求购“${d.title}”已被平台驳回：${note}。请按原因修改后重新提交审核，或取消该求购。`, link: '/admin/purchaser/demand-manager?status=REJECTED' });
        return { id, status: 'REJECTED' as const };
      }
      case 'repost': {
        if (!REPOST_STATES.includes(from)) throw new AppError('CONFLICT', '只有已过期或已取消的求购可以重新发布');
        const needBy = d.needBy && d.needBy.getTime() > clock.now() + 8 * 86400_000 ? d.needBy : null;
        const [copy] = await tx
          .insert(demands)
          .values({
            purchaserId: d.purchaserId,
            title: d.title,
            categoryId: d.categoryId,
            quantity: d.quantity,
            unit: d.unit,
            budget: d.budget,
            budgetHidden: d.budgetHidden,
            needBy,
            quoteDeadline: endOfChinaDay(todayInChina(clock.now() + 7 * 86400_000)),
            province: d.province,
            city: d.city,
            description: d.description,
            params: d.params,
            contactName: d.contactName,
            contactPhone: d.contactPhone,
            companyName: d.companyName,
            quoteCap: d.quoteCap,
            quoteMode: d.quoteMode,
            status: 'DRAFT',
            repostOf: d.id,
          })
          .returning({ id: demands.id });
        await audit(tx, { entity: 'demand', entityId: copy!.id, fromState: null, toState: 'DRAFT', actorId: me.id, note: `重新发布求购 #${d.id}` });
        const files = await tx.select({ uploadId: tradeAttachments.uploadId }).from(tradeAttachments).where(and(eq(tradeAttachments.entity, 'demand'), eq(tradeAttachments.entityId, d.id)));
        if (files.length) await tx.insert(tradeAttachments).values(files.map((f) => ({ uploadId: f.uploadId, entity: 'demand', entityId: copy!.id })));
        return { id: copy!.id, status: 'DRAFT' as const };
      }
    }
  });
  await dispatchEvents(app, events);
  return result;
}

/**
 * One demand as the caller may see it. Drafts, cancelled and rejected demands are visible to their
 * purchaser, admins and suppliers that quoted on them; full details (description, parameters,
 * attachments) need a logged-in supplier; the buyer's contact only reaches the supplier whose
 * quotation was accepted.
 */
export async function demandDetail(db: Db, me: TSessionMember | null, id: number): Promise<TDemandDetail> {
  const row = await demandWithCount(db, id);
  if (!row) throw new AppError('NOT_FOUND', '求购不存在');
  const d = row.demand;
  const owner = Boolean(me && d.purchaserId === me.id);
  const admin = isAdmin(me);
  const supplier = me && isSupplierRole(me) ? await supplierOfMember(db, me.id) : null;
  let myQuotation: { id: number; status: TQuotationState; version: number } | null = null;
  if (supplier) {
    const [q] = await db
      .select({ id: quotations.id, status: quotations.status, version: quotations.version })
      .from(quotations)
      .where(and(eq(quotations.demandId, id), eq(quotations.supplierId, supplier.id)))
      .limit(1);
    if (q) myQuotation = { id: q.id, status: q.status as TQuotationState, version: q.version };
  }
  const isPublic = PUBLIC_DEMAND_STATES.includes(d.status as TDemandState);
  if (!isPublic && !owner && !admin && !myQuotation) throw new AppError('NOT_FOUND', '求购不存在');
  // Full details for approved suppliers; one that quoted keeps reading the demand it quoted on.
  const full = owner || admin || Boolean(supplier?.approved) || Boolean(myQuotation);
  const showContact = owner || admin || myQuotation?.status === 'ACCEPTED';
  const files = full ? ((await attachmentsOf(db, 'demand', [id])).get(id) ?? []) : [];
  const base = toListItem({ ...d, categoryName: row.categoryName, quotationCount: row.quotationCount }, { showBudget: owner || admin });
  return {
    ...base,
    // 期望交货 is part of the full details (the drawer tells everyone else who may read it).
    needBy: full ? isoOrNull(d.needBy) : null,
    locked: !full,
    description: full ? (d.description ?? '') : null,
    params: full ? d.params : [],
    attachments: files,
    isOwner: owner,
    contact: showContact ? { companyName: d.companyName, contactName: d.contactName, contactPhone: d.contactPhone } : null,
    myQuotation,
    repostOf: d.repostOf,
    // Signed-in readers (suppliers, the buyer) read 「采购方内部审批中」; visitors are told nothing of it.
    awardPending: Boolean(me) && (d.status === 'QUOTED' || d.status === 'EVALUATING') && (await awardPending(db, d.id)),
  };
}

/** The demand editing form of a draft: the stored values as the form's input. */
export async function demandForEdit(db: Db, me: TSessionMember, id: number) {
  const d = await ownDemand(db, me, id);
  const files = (await attachmentsOf(db, 'demand', [id])).get(id) ?? [];
  const day = (date: Date | null) => (date ? todayInChina(date.getTime()) : null);
  return {
    id: d.id,
    status: d.status as TDemandState,
    title: d.title,
    categoryId: d.categoryId,
    quantity: d.quantity,
    unit: d.unit,
    budget: d.budget === null ? null : Number(d.budget),
    budgetHidden: d.budgetHidden,
    needBy: day(d.needBy),
    quoteDeadline: day(d.quoteDeadline)!,
    province: d.province,
    city: d.city,
    description: d.description ?? '',
    params: d.params,
    contactName: d.contactName,
    contactPhone: d.contactPhone,
    quoteCap: d.quoteCap,
    quoteMode: d.quoteMode === 'public' ? ('public' as const) : ('sealed' as const),
    attachments: files,
    // Shown above the form of a rejected demand: what to correct.
    rejectReason: d.status === 'REJECTED' ? d.rejectReason : null,
  };
}

export async function memberContactDefaults(db: Db, memberId: number) {
  const [m] = await db
    .select({ realName: members.realName, nickname: members.nickname, mobile: members.mobile, companyName: members.companyName })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return { contactName: m?.realName ?? m?.nickname ?? null, contactPhone: m?.mobile ?? null, companyName: m?.companyName ?? null };
}

