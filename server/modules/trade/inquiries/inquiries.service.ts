// Inquiries: a buyer asks one supplier about one product (NEW → REPLIED → CLOSED); a visitor's quick
// inquiry (after an SMS check) lands in the platform's queue and is routed to the suppliers whose
// on-sale products match it best (a routed copy per supplier, linked by parentId).
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  QUICK_ROUTE_SUPPLIERS,
  type TInquiryItem,
  type TInquiryState,
  type TInquiryStats,
  type TQuickInquiryItem,
  type TQuotationState,
  type ZInquiryInput,
  type ZQuickInquiryInput,
} from '../../../../contracts/trade.js';
import type { Db } from '../../../db/client.js';
import { categories, inquiries, members, products, quotations, suppliers } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { clock } from '../../../lib/clock.js';
import { degrade, fullMatch } from '../../../lib/search/match.js';
import { addressKey, giveBack, take } from '../../../lib/throttle.js';
import { consumeCode } from '../../auth/codes.service.js';
import type { TSessionMember } from '../../auth/session.repository.js';
import { audit, dispatchEvents, inquiryClosedReason, iso, isAdmin, isoOrNull, lockInquiryNeed, supplierMemberIds, supplierOfMember, transition, type TTradeEvent } from '../common.js';
import { escapeLike, inCategoryTree, productSummary } from '../demands/demands.repository.js';

type TInquiryRow = typeof inquiries.$inferSelect;
const HOUR = 3600_000;

export async function createInquiry(app: FastifyInstance, me: TSessionMember, body: z.output<typeof ZInquiryInput>) {
  const product = await productSummary(app.db, body.productId);
  if (!product) throw new AppError('NOT_FOUND', '商品不存在或已下架');
  const mine = await supplierOfMember(app.db, me.id);
  if (mine?.id === product.supplier.id) throw new AppError('BAD_REQUEST', '不能向自己的店铺询价');
  // taken atomically before the insert (parallel requests cannot all pass), given back on failure
  const quota = await take(app.db, `inquiry:${me.id}`, 30, HOUR);
  if (!quota) throw new AppError('TOO_MANY', '询价过于频繁，请稍后再试');
  const [member] = await app.db.select({ companyName: members.companyName }).from(members).where(eq(members.id, me.id)).limit(1);
  const subject = `${product.name}${product.model && !product.name.includes(product.model) ? ` ${product.model}` : ''}`.slice(0, 120);
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({
        kind: 'product',
        memberId: me.id,
        supplierId: product.supplier.id,
        productId: product.id,
        categoryId: product.categoryId,
        subject,
        quantity: body.quantity,
        unit: body.unit || product.unit,
        contactName: body.contactName,
        contactPhone: body.contactPhone,
        companyName: member?.companyName ?? null,
        message: body.message,
        status: 'NEW',
      })
      .returning({ id: inquiries.id });
    await audit(tx, { entity: 'inquiry', entityId: row!.id, fromState: null, toState: 'NEW', actorId: me.id, note: '发送询价' });
    return row!.id;
  }).catch(async (err: unknown) => {
    await giveBack(app.db, [quota]);
    throw err;
  });
  const owners = await supplierMemberIds(app.db, [product.supplier.id]);
  await dispatchEvents(app, [
    { memberId: owners.get(product.supplier.id), kind: 'new_inquiry', title: '收到新询价', content: `有采购商询价“${subject}”，数量 ${body.quantity}${body.unit || product.unit}，请及时回复。`, link: `/admin/supplier/inquiry?id=${id}` },
  ]);
  return { id, supplierName: product.supplier.companyName };
}

/** Suppliers with the most on-sale products matching the subject (or, failing that, the category). */
export async function matchSuppliers(db: Db, subject: string, categoryId: number | null | undefined, limit = QUICK_ROUTE_SUPPLIERS) {
  // The shop's matcher (server/lib/search): every word of the subject, then its most specific words.
  const attempts: (() => Promise<SQL | null>)[] = [];
  const full = fullMatch(subject);
  const routable = and(eq(products.status, 'on_sale'), sql`${products.supplierId} IN (SELECT ${suppliers.id} FROM ${suppliers} WHERE ${suppliers.status} = 'approved')`);
  if (full.cond) attempts.push(async () => full.cond, async () => (await degrade(db, full, routable))?.cond ?? null);
  if (categoryId) attempts.push(async () => inCategoryTree(sql`${products.categoryId}`, categoryId));
  for (const attempt of attempts) {
    const cond = await attempt();
    if (!cond) continue;
    const rows = await db
      .select({ supplierId: products.supplierId, productId: sql<number>`min(${products.id})`, hits: count() })
      .from(products)
      .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
      .where(and(eq(products.status, 'on_sale'), eq(suppliers.status, 'approved'), cond))
      .groupBy(products.supplierId)
      .orderBy(desc(count()), products.supplierId)
      .limit(limit);
    if (rows.length) return rows.map((r) => ({ supplierId: r.supplierId, productId: Number(r.productId), hits: r.hits }));
  }
  return [];
}

type TQuickFields = Pick<TInquiryRow, 'memberId' | 'subject' | 'quantity' | 'unit' | 'categoryId' | 'contactName' | 'contactPhone' | 'companyName' | 'message'>;
type TRouted = { inquiryId: number; supplierId: number };

/** One NEW product-inquiry copy of a quick inquiry per supplier, each with its audit line; a supplier that already has one is skipped. */
async function insertRoutedCopies(tx: Db, quickId: number, fields: TQuickFields, targets: { supplierId: number; productId: number | null }[], actorId: number | null, note: string): Promise<TRouted[]> {
  const { memberId, subject, quantity, unit, categoryId, contactName, contactPhone, companyName, message } = fields;
  const copyOf = { memberId, subject, quantity, unit, categoryId, contactName, contactPhone, companyName, message };
  const routed: TRouted[] = [];
  for (const target of targets) {
    const [copy] = await tx
      .insert(inquiries)
      .values({ ...copyOf, status: 'NEW', kind: 'product', parentId: quickId, supplierId: target.supplierId, productId: target.productId })
      .onConflictDoNothing({ target: [inquiries.parentId, inquiries.supplierId] })
      .returning({ id: inquiries.id });
    if (!copy) continue;
    await audit(tx, { entity: 'inquiry', entityId: copy.id, fromState: null, toState: 'NEW', actorId, note });
    routed.push({ inquiryId: copy.id, supplierId: target.supplierId });
  }
  return routed;
}

/** The notice each routed supplier gets. */
async function routedNotices(db: Db, routed: TRouted[], fields: Pick<TQuickFields, 'subject' | 'quantity' | 'unit'>): Promise<TTradeEvent[]> {
  const owners = await supplierMemberIds(
    db,
    routed.map((r) => r.supplierId),
  );
  return routed.map((r) => ({
    memberId: owners.get(r.supplierId),
    kind: 'new_inquiry' as const,
    title: '收到平台分发的快速询价',
    content: `采购需求“${fields.subject}”，数量 ${fields.quantity}${fields.unit}，请及时联系采购方。`,
    link: `/admin/supplier/inquiry?id=${r.inquiryId}`,
  }));
}

export async function createQuickInquiry(app: FastifyInstance, me: TSessionMember | null, ip: string, body: z.output<typeof ZQuickInquiryInput>) {
  if (body.categoryId) {
    const [c] = await app.db.select({ id: categories.id }).from(categories).where(eq(categories.id, body.categoryId)).limit(1);
    if (!c) throw new AppError('BAD_REQUEST', '产品分类不存在');
  }
  // quotas taken atomically before the code check, given back when the submission fails
  const byAddress = await take(app.db, `quick-inquiry-ip:${addressKey(ip)}`, 10, HOUR);
  if (!byAddress) throw new AppError('TOO_MANY', '提交过于频繁，请稍后再试');
  const byMobile = await take(app.db, `quick-inquiry:${body.mobile}`, 5, 24 * HOUR);
  if (!byMobile) {
    await giveBack(app.db, [byAddress]);
    throw new AppError('TOO_MANY', '该手机号今日提交的询价已达上限，请明天再试');
  }
  try {
    await consumeCode(app.db, { channel: 'sms', target: body.mobile, purposes: ['inquiry'], code: body.code, ip });
  } catch (err) {
    await giveBack(app.db, [byAddress, byMobile]);
    throw err;
  }
  const matches = await matchSuppliers(app.db, body.subject, body.categoryId);
  const fields: TQuickFields = {
    memberId: me?.id ?? null,
    subject: body.subject,
    quantity: body.quantity,
    unit: body.unit,
    categoryId: body.categoryId ?? null,
    contactName: body.contactName,
    contactPhone: body.mobile,
    companyName: body.companyName || null,
    message: body.message || null,
  };
  const { id, routed } = await app.db.transaction(async (tx) => {
    const [quick] = await tx.insert(inquiries).values({ ...fields, status: 'NEW', kind: 'quick' }).returning({ id: inquiries.id });
    await audit(tx, { entity: 'inquiry', entityId: quick!.id, fromState: null, toState: 'NEW', actorId: me?.id ?? null, note: `快速询价，已分发给${matches.length}家供应商` });
    return { id: quick!.id, routed: await insertRoutedCopies(tx, quick!.id, fields, matches, null, `平台分发快速询价 #${quick!.id}`) };
  });
  const admins = await app.db.select({ id: members.id }).from(members).where(and(sql`'admin' = any(${members.roles})`, isNull(members.deletedAt))).limit(20);
  const events: TTradeEvent[] = [
    ...(await routedNotices(app.db, routed, fields)),
    ...admins.map((a) => ({ memberId: a.id, kind: 'quick_inquiry' as const, title: '新的快速询价', content: `“${body.subject}”（${body.quantity}${body.unit}），已分发给${routed.length}家供应商。`, link: '/admin/quickInquiry' })),
  ];
  await dispatchEvents(app, events);
  return { id, routed: routed.length };
}

/** An admin forwards a quick inquiry to approved suppliers of its choosing; each gets its own copy. */
export async function routeQuickInquiry(app: FastifyInstance, me: TSessionMember, id: number, supplierIds: number[]) {
  const [quick] = await app.db.select().from(inquiries).where(and(eq(inquiries.id, id), eq(inquiries.kind, 'quick'))).limit(1);
  if (!quick) throw new AppError('NOT_FOUND', '快速询价不存在');
  if (quick.status === 'CLOSED') throw new AppError('CONFLICT', '询价已关闭，不能再分发');
  const chosen = await app.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(inArray(suppliers.id, supplierIds), eq(suppliers.status, 'approved')));
  if (chosen.length !== supplierIds.length) throw new AppError('BAD_REQUEST', '所选供应商不存在或未通过审核');
  const routed = await app.db.transaction(async (tx) => {
    if ((await lockInquiryNeed(tx, id))?.status === 'CLOSED') throw new AppError('CONFLICT', '询价已关闭，不能再分发');
    const copies = await insertRoutedCopies(tx, id, quick, supplierIds.map((supplierId) => ({ supplierId, productId: null })), me.id, `平台人工分发快速询价 #${id}`);
    if (copies.length) await audit(tx, { entity: 'inquiry', entityId: id, fromState: quick.status, toState: quick.status, actorId: me.id, note: `人工分发给${copies.length}家供应商` });
    return copies;
  });
  if (!routed.length) throw new AppError('CONFLICT', '所选供应商均已收到该询价');
  await dispatchEvents(app, await routedNotices(app.db, routed, quick));
  return routed.length;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

async function quotationRefs(db: Db, ids: number[]) {
  const out = new Map<number, { id: number; status: TQuotationState; version: number }>();
  if (ids.length === 0) return out;
  const rows = await db.select({ id: quotations.id, inquiryId: quotations.inquiryId, status: quotations.status, version: quotations.version }).from(quotations).where(inArray(quotations.inquiryId, ids));
  for (const r of rows) out.set(r.inquiryId!, { id: r.id, status: r.status as TQuotationState, version: r.version });
  return out;
}

function toItem(r: TInquiryRow, supplierName: string | null, quotation: TInquiryItem['quotation']): TInquiryItem {
  return {
    id: r.id,
    kind: r.kind === 'quick' ? 'quick' : 'product',
    subject: r.subject,
    productId: r.productId,
    quantity: r.quantity,
    unit: r.unit,
    message: r.message,
    reply: r.reply,
    repliedAt: isoOrNull(r.repliedAt),
    status: r.status as TInquiryState,
    createdAt: iso(r.createdAt),
    supplierId: r.supplierId,
    supplierName,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    companyName: r.companyName,
    fromQuick: r.parentId !== null,
    quotation,
    answers: [],
  };
}

type TListFilter = { status?: string; keyword?: string; page: number; pageSize: number };

/**
 * The state the buyer sees its quick inquiry in: 已回复 as soon as a supplier it was routed to
 * answered (a reply or a quotation), while the platform's own record stays 待处理 in the admins'
 * queue until an admin handles it.
 */
// Written out with the table's name: drizzle leaves a column unqualified in some statements, where
// inside the subquery it would name the copy's own column instead of the outer row's.
const buyerStatusSql = sql<string>`case when inquiries.kind = 'quick' and inquiries.status = 'NEW' and exists (select 1 from inquiries c where c.parent_id = inquiries.id and c.replied_at is not null) then 'REPLIED' else inquiries.status end`;

async function pageOf(db: Db, base: SQL[], f: TListFilter, buyerView = false) {
  const conds = [...base];
  if (f.status) conds.push(buyerView ? sql`${buyerStatusSql} = ${f.status}` : eq(inquiries.status, f.status));
  if (f.keyword) conds.push(ilike(inquiries.subject, `%${escapeLike(f.keyword)}%`));
  const where = and(...conds);
  const [total] = await db.select({ n: count() }).from(inquiries).where(where);
  const rows = await db
    .select({ i: inquiries, supplierName: suppliers.companyName })
    .from(inquiries)
    .leftJoin(suppliers, eq(suppliers.id, inquiries.supplierId))
    .where(where)
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const refs = await quotationRefs(
    db,
    rows.map((r) => r.i.id),
  );
  return { rows, refs, total: total?.n ?? 0 };
}

export async function supplierInquiries(db: Db, me: TSessionMember, f: TListFilter) {
  const supplier = await supplierOfMember(db, me.id);
  if (!supplier && !isAdmin(me)) throw new AppError('FORBIDDEN', '只有入驻供应商可以查看询价');
  // An admin without a supplier record sees every supplier's inquiries.
  const base: SQL[] = supplier ? [eq(inquiries.supplierId, supplier.id)] : [isNotNull(inquiries.supplierId)];
  const { rows, refs, total } = await pageOf(db, base, f);
  return { items: rows.map((r) => toItem(r.i, r.supplierName, refs.get(r.i.id) ?? null)), total, page: f.page, pageSize: f.pageSize };
}

/** Inquiries per state for the inbox tabs, with the list's keyword: each figure equals the rows its tab lists. */
export async function supplierInquiryCounts(db: Db, me: TSessionMember, keyword?: string) {
  const supplier = await supplierOfMember(db, me.id);
  if (!supplier && !isAdmin(me)) throw new AppError('FORBIDDEN', '只有入驻供应商可以查看询价');
  return stateCounts(db, [supplier ? eq(inquiries.supplierId, supplier.id) : isNotNull(inquiries.supplierId)], keyword);
}

/** Inquiries per state (and ALL) among those the conditions select, with the list's keyword. */
async function stateCounts(db: Db, base: SQL[], keyword?: string) {
  const conds = [...base];
  if (keyword) conds.push(ilike(inquiries.subject, `%${escapeLike(keyword)}%`));
  const rows = await db
    .select({ status: inquiries.status, n: count() })
    .from(inquiries)
    .where(and(...conds))
    .groupBy(inquiries.status);
  const out: Record<string, number> = { ALL: 0 };
  for (const r of rows) {
    out[r.status] = r.n;
    out.ALL! += r.n;
  }
  return out;
}

/**
 * Inquiries the caller sent (product inquiries; quick inquiries sent while signed in too). A quick
 * inquiry carries the answers of the suppliers it was routed to: their replies and quotations live
 * on the routed copies, and this is where the buyer's notices about them point.
 */
export async function myInquiries(db: Db, me: TSessionMember, f: TListFilter) {
  const base: SQL[] = [eq(inquiries.memberId, me.id), isNull(inquiries.parentId)];
  const { rows, refs, total } = await pageOf(db, base, f, true);
  const quickIds = rows.filter((r) => r.i.kind === 'quick').map((r) => r.i.id);
  const copies = quickIds.length
    ? await db
        .select({ i: inquiries, supplierName: suppliers.companyName })
        .from(inquiries)
        .leftJoin(suppliers, eq(suppliers.id, inquiries.supplierId))
        .where(and(inArray(inquiries.parentId, quickIds), eq(inquiries.memberId, me.id)))
        .orderBy(inquiries.id)
    : [];
  const copyRefs = await quotationRefs(
    db,
    copies.map((c) => c.i.id),
  );
  return {
    items: rows.map((r) => {
      const answers = copies
        .filter((c) => c.i.parentId === r.i.id)
        .map((c) => ({ inquiryId: c.i.id, supplierName: c.supplierName, status: c.i.status as TInquiryState, reply: c.i.reply, repliedAt: isoOrNull(c.i.repliedAt), quotation: copyRefs.get(c.i.id) ?? null }));
      const item = toItem(r.i, r.supplierName, refs.get(r.i.id) ?? null);
      // As buyerStatusSql: answered by a supplier it was routed to is 已回复 for the buyer.
      const status: TInquiryState = item.status === 'NEW' && answers.some((a) => a.repliedAt) ? 'REPLIED' : item.status;
      return { ...item, status, answers };
    }),
    total,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** 我的询价 per state as the buyer sees each (a quick inquiry a supplier answered is 已回复), with the list's keyword: each figure equals the rows its tab lists, and 全部 their sum. */
export async function myInquiryCounts(db: Db, me: TSessionMember, keyword?: string) {
  const conds: SQL[] = [eq(inquiries.memberId, me.id), isNull(inquiries.parentId)];
  if (keyword) conds.push(ilike(inquiries.subject, `%${escapeLike(keyword)}%`));
  const rows = await db
    .select({ status: buyerStatusSql, n: count() })
    .from(inquiries)
    .where(and(...conds))
    // by the first column: the state as the buyer sees it
    .groupBy(sql`1`);
  const out: Record<string, number> = { ALL: 0 };
  for (const r of rows) {
    out[r.status] = r.n;
    out.ALL! += r.n;
  }
  return out;
}

/** The quick-inquiry queue per state for its tabs, with the list's keyword: each figure equals the rows its tab lists. */
export async function quickQueueCounts(db: Db, keyword?: string) {
  return stateCounts(db, [eq(inquiries.kind, 'quick')], keyword);
}

export async function quickQueue(db: Db, f: TListFilter): Promise<{ items: TQuickInquiryItem[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await pageOf(db, [eq(inquiries.kind, 'quick')], f);
  const ids = rows.map((r) => r.i.id);
  const routed = ids.length
    ? await db
        .select({ parentId: inquiries.parentId, inquiryId: inquiries.id, supplierId: inquiries.supplierId, supplierName: suppliers.companyName, status: inquiries.status })
        .from(inquiries)
        .innerJoin(suppliers, eq(suppliers.id, inquiries.supplierId))
        .where(inArray(inquiries.parentId, ids))
    : [];
  const catIds = [...new Set(rows.map((r) => r.i.categoryId).filter((c): c is number => c !== null))];
  const cats = catIds.length ? await db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, catIds)) : [];
  const catName = new Map(cats.map((c) => [c.id, c.name]));
  return {
    items: rows.map((r) => ({
      ...toItem(r.i, null, null),
      spamAt: isoOrNull(r.i.spamAt),
      categoryName: r.i.categoryId ? (catName.get(r.i.categoryId) ?? null) : null,
      routedTo: routed
        .filter((x) => x.parentId === r.i.id)
        .map((x) => ({ inquiryId: x.inquiryId, supplierId: x.supplierId!, supplierName: x.supplierName, status: x.status as TInquiryState })),
    })),
    total,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** The inquiry and the caller's side of it: the addressed supplier, the sender, or an admin. */
async function inquiryWithSide(db: Db, me: TSessionMember, id: number) {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', '询价不存在');
  const supplier = await supplierOfMember(db, me.id);
  if (supplier && row.supplierId === supplier.id) return { row, side: 'supplier' as const };
  if (row.memberId === me.id) return { row, side: 'buyer' as const };
  if (isAdmin(me)) return { row, side: 'admin' as const };
  throw new AppError('NOT_FOUND', '询价不存在');
}

export async function inquiryDetail(db: Db, me: TSessionMember, id: number) {
  const { row } = await inquiryWithSide(db, me, id);
  const [s] = row.supplierId ? await db.select({ name: suppliers.companyName }).from(suppliers).where(eq(suppliers.id, row.supplierId)).limit(1) : [];
  const refs = await quotationRefs(db, [id]);
  return toItem(row, s?.name ?? null, refs.get(id) ?? null);
}

export async function replyInquiry(app: FastifyInstance, me: TSessionMember, id: number, reply: string) {
  const { row, side } = await inquiryWithSide(app.db, me, id);
  if (side === 'buyer') throw new AppError('FORBIDDEN', '只有被询价的供应商可以回复');
  if (side === 'admin' && row.kind !== 'quick') throw new AppError('FORBIDDEN', '只有被询价的供应商可以回复');
  await app.db.transaction(async (tx) => {
    const need = await lockInquiryNeed(tx, id);
    const [now] = await tx.select({ status: inquiries.status }).from(inquiries).where(eq(inquiries.id, id)).limit(1);
    if (!need || !now) throw new AppError('NOT_FOUND', '询价不存在');
    if (now.status === 'CLOSED' || need.status === 'CLOSED') throw new AppError('CONFLICT', await inquiryClosedReason(tx, need.id, '回复'));
    await transition(tx, 'inquiry', id, now.status as TInquiryState, 'REPLIED', side, me.id, side === 'admin' ? `平台处理：${reply}` : '供应商回复', { reply, repliedAt: clock.date() });
  });
  if (row.memberId) {
    await dispatchEvents(app, [{ memberId: row.memberId, kind: 'inquiry_replied', title: '询价已回复', content: `您对“${row.subject}”的询价已收到回复：${reply.slice(0, 80)}`, link: '/admin/purchaser/demand-manager?tab=inquiries' }]);
  } else if (row.contactPhone && side === 'supplier') {
    // A visitor's routed quick inquiry: the reply reaches the verified mobile.
    const [s] = await app.db.select({ name: suppliers.companyName }).from(suppliers).where(eq(suppliers.id, row.supplierId!)).limit(1);
    try {
      await app.mailer.notify(row.contactPhone, `【${app.config.SITE_NAME}】询价回复`, `${s?.name ?? '供应商'}回复了您对“${row.subject}”的询价：${reply.slice(0, 200)}`);
    } catch (err) {
      app.log.warn({ err, inquiryId: id }, 'inquiry reply delivery failed');
    }
  }
}

/**
 * Closes an inquiry and what hangs on it: a quick inquiry's routed copies, and the pending quotation
 * of each closed copy (未中选 when the buyer or the platform closes, 已撤回 when its supplier does),
 * telling the other side.
 */
export async function closeInquiry(app: FastifyInstance, me: TSessionMember, id: number, note?: string) {
  const { row, side } = await inquiryWithSide(app.db, me, id);
  const why = note || (side === 'buyer' ? '采购方关闭询价' : side === 'admin' ? '平台关闭询价' : '供应商关闭询价');
  const events: TTradeEvent[] = [];
  await app.db.transaction(async (tx) => {
    await lockInquiryNeed(tx, id);
    await transition(tx, 'inquiry', id, row.status as TInquiryState, 'CLOSED', side, me.id, why);
    const closed: TInquiryRow[] = [row];
    if (row.kind === 'quick') {
      const copies = await tx
        .select()
        .from(inquiries)
        .where(and(eq(inquiries.parentId, id), inArray(inquiries.status, ['NEW', 'REPLIED'])));
      for (const c of copies) {
        await transition(tx, 'inquiry', c.id, c.status as TInquiryState, 'CLOSED', side === 'supplier' ? 'admin' : side, me.id, `${why}（快速询价 #${id}）`);
        closed.push(c);
      }
    }
    const pending = await tx
      .select({ id: quotations.id, inquiryId: quotations.inquiryId, supplierId: quotations.supplierId })
      .from(quotations)
      .where(and(inArray(quotations.inquiryId, closed.map((c) => c.id)), eq(quotations.status, 'SUBMITTED')));
    const owners = await supplierMemberIds(
      tx,
      pending.map((q) => q.supplierId),
    );
    for (const q of pending) {
      if (side === 'supplier') {
        await transition(tx, 'quotation', q.id, 'SUBMITTED', 'WITHDRAWN', 'supplier', me.id, '供应商关闭询价，报价随之撤回');
        if (row.memberId) events.push({ memberId: row.memberId, kind: 'quotation_withdrawn', title: '询价已关闭', content: `供应商关闭了您对“${row.subject}”的询价，其报价已撤回。`, link: '/admin/purchaser/demand-manager?tab=inquiries' });
      } else {
        await transition(tx, 'quotation', q.id, 'SUBMITTED', 'NOT_SELECTED', 'system', me.id, `询价已关闭：${why}`);
        events.push({ memberId: owners.get(q.supplierId), kind: 'quotation_not_selected', title: '询价已关闭，报价未中选', content: `采购方已关闭对“${row.subject}”的询价，您的报价未被选用。`, link: `/admin/supplier/quotation/detail?id=${q.id}` });
      }
    }
  });
  await dispatchEvents(app, events);
}

/** The 询价数据 window: the last 12 Beijing calendar weeks (Monday 00:00), this week included. */
export const STATS_WEEKS = 12;

/**
 * The supplier's figures over one window and by one rule: every card is the sum of the chart's
 * weeks (inquiries received and quotations submitted in the last 12 Beijing calendar weeks), read
 * from the same rows grouped by week, so the numbers on the page add up.
 */
export async function inquiryStats(db: Db, me: TSessionMember): Promise<TInquiryStats> {
  const supplier = await supplierOfMember(db, me.id);
  if (!supplier) throw new AppError('FORBIDDEN', '只有入驻供应商可以查看询价数据');
  const sid = supplier.id;
  const now = clock.date().toISOString();
  // Monday 00:00 Beijing time of the first week, as a local timestamp (weeks) and an instant (rows).
  const firstWeek = sql`(date_trunc('week', (${now}::timestamptz at time zone 'Asia/Shanghai')) - interval '${sql.raw(String(STATS_WEEKS - 1))} weeks')`;
  const weekOf = (column: string) => sql.raw(`to_char(date_trunc('week', ${column} at time zone 'Asia/Shanghai'), 'YYYY-MM-DD')`);
  const weeks = rowsOf<{ week: string }>(
    await db.execute(sql`select to_char(w, 'YYYY-MM-DD') as week from generate_series(${firstWeek}, ${firstWeek} + interval '${sql.raw(String(STATS_WEEKS - 1))} weeks', interval '1 week') as w order by w`),
  );
  const inquiryWeeks = rowsOf<{ week: string; total: number; replied: number; quoted: number; response_seconds: number | null }>(
    await db.execute(sql`
      select ${weekOf('i.created_at')} as week,
        count(*)::int as total,
        count(*) filter (where i.replied_at is not null)::int as replied,
        count(*) filter (where exists (select 1 from quotations q where q.inquiry_id = i.id))::int as quoted,
        (sum(extract(epoch from (i.replied_at - i.created_at))) filter (where i.replied_at is not null))::float8 as response_seconds
      from inquiries i
      where i.supplier_id = ${sid} and i.created_at >= (${firstWeek} at time zone 'Asia/Shanghai') and i.created_at <= ${now}::timestamptz
      group by 1`),
  );
  const quotationWeeks = rowsOf<{ week: string; submitted: number; decided: number; won: number }>(
    await db.execute(sql`
      select ${weekOf('q.created_at')} as week,
        count(*)::int as submitted,
        count(*) filter (where q.status in ('ACCEPTED','REJECTED','NOT_SELECTED'))::int as decided,
        count(*) filter (where q.status = 'ACCEPTED')::int as won
      from quotations q
      where q.supplier_id = ${sid} and q.created_at >= (${firstWeek} at time zone 'Asia/Shanghai') and q.created_at <= ${now}::timestamptz
      group by 1`),
  );
  const sum = <T>(rows: T[], pick: (r: T) => number | null) => rows.reduce((a, r) => a + Number(pick(r) ?? 0), 0);
  const total = sum(inquiryWeeks, (r) => r.total);
  const replied = sum(inquiryWeeks, (r) => r.replied);
  const quoted = sum(inquiryWeeks, (r) => r.quoted);
  const responseSeconds = sum(inquiryWeeks, (r) => r.response_seconds);
  const won = sum(quotationWeeks, (r) => r.won);
  const decided = sum(quotationWeeks, (r) => r.decided);
  return {
    weeks: weeks.map(({ week }) => ({
      week,
      inquiries: Number(inquiryWeeks.find((r) => r.week === week)?.total ?? 0),
      quotations: Number(quotationWeeks.find((r) => r.week === week)?.submitted ?? 0),
    })),
    totalInquiries: total,
    repliedInquiries: replied,
    avgResponseHours: replied ? Math.round((responseSeconds / replied / 3600) * 10) / 10 : null,
    quotationRate: total ? Math.round((quoted / total) * 1000) / 10 : null,
    quotationsSubmitted: sum(quotationWeeks, (r) => r.submitted),
    quotationsDecided: decided,
    quotationsWon: won,
    winRate: decided ? Math.round((won / decided) * 1000) / 10 : null,
  };
}

/** PGlite answers `{ rows }`, node-postgres a QueryResult with `rows` too. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

