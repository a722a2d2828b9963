// Online 入驻: a member applies for a supplier store (one application per member, edited and
// resubmitted after a rejection), an admin approves — opening the store through the same code as the
// admin's 开通店铺 — or rejects with a reason. Every step goes to the audit log (entity
// 'application') and to the applicant as an in-app notice plus an e-mail/SMS notice.
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { TPage } from '../../../contracts/api.js';
import { LICENCE_MAX_BYTES, LICENCE_MIMES, type TAdminApplication, type TSettleApplication, type TSettleState, type TUploadedLicence, type ZAdminApplicationQuery, type ZApplicationReviewBody, type ZSettleApplicationInput } from '../../../contracts/settle.js';
import type { Db } from '../../db/client.js';
import { auditLog, members, notices, stores, supplierApplications, suppliers, uploads } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { detectMime, resolveKey, saveFileFor } from '../../lib/uploads.js';
import { CREDIT_CODE_TAKEN, openStore } from '../supplier/open-store.service.js';
import { assertApplicationNameFree } from '../supplier/store.service.js';
import { cleanFilename, likePattern } from '../../lib/filenames.js';

export const licenceUrl = (id: number) => `/api/settle/licence/${id}`;
const ENTITY = 'application';

/* ---------- the licence ---------- */

export async function saveLicence(app: FastifyInstance, ownerId: number, buffer: Buffer, filename: string): Promise<TUploadedLicence> {
  if (buffer.length === 0) throw new AppError('BAD_REQUEST', '营业执照文件内容为空');
  if (buffer.length > LICENCE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', '营业执照文件不能超过5MB');
  const detected = await detectMime(buffer, LICENCE_MIMES, '营业执照').catch(() => {
    throw new AppError('UNSUPPORTED_MEDIA', '营业执照仅支持 JPG、PNG 图片或 PDF 文件');
  });
  const key = await saveFileFor(app.db, app.config, ownerId, 'licence', detected.ext, buffer);
  const [row] = await app.db
    .insert(uploads)
    .values({ ownerId, purpose: 'licence', filename: cleanFilename(filename), mime: detected.mime, size: buffer.length, storageKey: key })
    .returning();
  return { id: row!.id, filename: row!.filename, mime: row!.mime, size: row!.size, url: licenceUrl(row!.id) };
}

/** The licence file for its uploader and admins; 404 for anyone else. */
export async function openLicence(app: FastifyInstance, me: { id: number; roles: string[] }, id: number) {
  const [file] = await app.db.select().from(uploads).where(and(eq(uploads.id, id), eq(uploads.purpose, 'licence'))).limit(1);
  if (!file || (file.ownerId !== me.id && !me.roles.includes('admin'))) throw new AppError('NOT_FOUND', '文件不存在');
  const full = resolveKey(app.config, file.storageKey);
  if (!full) throw new AppError('NOT_FOUND', '文件已丢失');
  return { file, full };
}

/* ---------- reading ---------- */

type TRow = typeof supplierApplications.$inferSelect;
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

async function history(db: Db, id: number) {
  const rows = await db
    .select({ at: auditLog.at, fromState: auditLog.fromState, toState: auditLog.toState, note: auditLog.note })
    .from(auditLog)
    .where(and(eq(auditLog.entity, ENTITY), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

async function present(db: Db, r: TRow): Promise<TSettleApplication> {
  const [file] = await db.select().from(uploads).where(eq(uploads.id, r.licenceUploadId)).limit(1);
  return {
    id: r.id,
    version: r.version,
    status: r.status as TSettleApplication['status'],
    companyName: r.companyName,
    creditCode: r.creditCode,
    kind: r.kind,
    province: r.province,
    city: r.city,
    address: r.address,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    contactEmail: r.contactEmail,
    licence: { id: r.licenceUploadId, filename: file?.filename ?? '营业执照', mime: file?.mime ?? '', size: file?.size ?? 0, url: licenceUrl(r.licenceUploadId) },
    categories: r.categories,
    brands: r.brands,
    reviewNote: r.reviewNote,
    reviewedAt: isoOrNull(r.reviewedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    history: await history(db, r.id),
  };
}

export async function myState(db: Db, memberId: number): Promise<TSettleState> {
  const [s] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.memberId, memberId)).limit(1);
  const [a] = await db.select().from(supplierApplications).where(eq(supplierApplications.memberId, memberId)).limit(1);
  return { hasStore: Boolean(s), application: a ? await present(db, a) : null };
}

/* ---------- notices ---------- */

async function tell(app: FastifyInstance, memberId: number, title: string, content: string, link: string) {
  await app.db.insert(notices).values({ memberId, title: title.slice(0, 120), content, link, kind: 'review' });
  const [m] = await app.db.select({ email: members.email, mobile: members.mobile }).from(members).where(eq(members.id, memberId)).limit(1);
  const to = m?.email || m?.mobile;
  if (!to) return;
  try {
    await app.mailer.notify(to, `【${app.config.SITE_NAME}】${title}`, `${content}\n查看详情：${app.config.PUBLIC_URL ?? ''}${link}`);
  } catch (err) {
    app.log.warn({ err, memberId }, 'settle notice delivery failed');
  }
}

/* ---------- the applicant ---------- */

export async function submit(app: FastifyInstance, memberId: number, input: z.output<typeof ZSettleApplicationInput>): Promise<TSettleApplication> {
  const db = app.db;
  const state = await myState(db, memberId);
  if (state.hasStore) throw new AppError('CONFLICT', '您已开通供应商店铺，无需再申请入驻');
  const current = state.application;
  if (current?.status === 'pending') throw new AppError('CONFLICT', '您的入驻申请正在审核中，请耐心等待审核结果');
  if (current?.status === 'approved') throw new AppError('CONFLICT', '您的入驻申请已通过，无需再申请');
  if (current && input.version !== undefined && input.version !== current.version) throw new AppError('CONFLICT', '申请内容已变化，请刷新后再提交');
  // The licence must be the applicant's own upload.
  const [licence] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, input.licenceUploadId), eq(uploads.ownerId, memberId), eq(uploads.purpose, 'licence')))
    .limit(1);
  if (!licence) throw new AppError('BAD_REQUEST', '请上传营业执照');
  const [opened] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.creditCode, input.creditCode)).limit(1);
  if (opened) throw new AppError('CONFLICT', CREDIT_CODE_TAKEN);
  const [other] = await db
    .select({ id: supplierApplications.id })
    .from(supplierApplications)
    .where(and(eq(supplierApplications.creditCode, input.creditCode), eq(supplierApplications.status, 'pending'), sql`${supplierApplications.memberId} <> ${memberId}`))
    .limit(1);
  if (other) throw new AppError('CONFLICT', '该统一社会信用代码已有入驻申请正在审核中');
  // Refused now rather than at approval: the name of another supplier or store, or of another waiting application.
  await assertApplicationNameFree(db, input.companyName, memberId);
  const values = {
    status: 'pending',
    companyName: input.companyName,
    creditCode: input.creditCode,
    kind: input.kind,
    province: input.province,
    city: input.city,
    address: input.address,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail,
    licenceUploadId: input.licenceUploadId,
    categories: input.categories,
    brands: input.brands,
    updatedAt: new Date(),
  };
  let id: number;
  if (current) {
    // A rejected application edited and resubmitted: the earlier review stays in the history.
    const [row] = await db
      .update(supplierApplications)
      .set({ ...values, version: sql`${supplierApplications.version} + 1` })
      .where(and(eq(supplierApplications.id, current.id), eq(supplierApplications.version, current.version), eq(supplierApplications.status, 'rejected')))
      .returning({ id: supplierApplications.id });
    if (!row) throw new AppError('CONFLICT', '申请内容已变化，请刷新后再提交');
    id = row.id;
  } else {
    try {
      const [row] = await db.insert(supplierApplications).values({ ...values, memberId }).returning({ id: supplierApplications.id });
      id = row!.id;
    } catch (err) {
      if (uniqueViolation(err) === 'supplier_applications_member_uq') throw new AppError('CONFLICT', '您的入驻申请正在审核中，请耐心等待审核结果');
      throw err;
    }
  }
  await db.insert(auditLog).values({ entity: ENTITY, entityId: id, fromState: current ? 'rejected' : null, toState: 'pending', actorId: memberId, note: current ? '修改后重新提交' : '提交入驻申请' });
  await tell(app, memberId, '入驻申请已提交', `${input.companyName}的入驻申请已提交，平台将在1-3个工作日内完成审核。`, '/admin/supplier');
  return (await myState(db, memberId)).application!;
}

/* ---------- the admin ---------- */

const memberName = sql<string | null>`coalesce(${members.realName}, ${members.nickname}, ${members.uname})`;

export async function queue(db: Db, q: z.output<typeof ZAdminApplicationQuery>): Promise<TPage<TAdminApplication>> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(supplierApplications.status, q.status));
  if (q.keyword) {
    const p = likePattern(q.keyword);
    conds.push(or(ilike(supplierApplications.companyName, p), ilike(supplierApplications.creditCode, p), ilike(supplierApplications.contactPhone, p), ilike(supplierApplications.contactName, p))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: supplierApplications, memberMobile: members.mobile, memberName, storeUid: stores.uid })
      .from(supplierApplications)
      .leftJoin(members, eq(members.id, supplierApplications.memberId))
      .leftJoin(stores, eq(stores.supplierId, supplierApplications.supplierId))
      .where(where)
      // Pending first (oldest first, as they wait longest), then the rest newest first.
      .orderBy(sql`(${supplierApplications.status} = 'pending') desc`, sql`case when ${supplierApplications.status} = 'pending' then ${supplierApplications.updatedAt} end asc`, desc(supplierApplications.updatedAt), desc(supplierApplications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(supplierApplications).where(where),
  ]);
  const items = await Promise.all(rows.map(async (r) => ({ ...(await present(db, r.a)), memberId: r.a.memberId, memberMobile: r.memberMobile, memberName: r.memberName, storeUid: r.storeUid })));
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function review(app: FastifyInstance, actorId: number, id: number, body: z.output<typeof ZApplicationReviewBody>) {
  const db = app.db;
  const [a] = await db.select().from(supplierApplications).where(eq(supplierApplications.id, id)).limit(1);
  if (!a) throw new AppError('NOT_FOUND', '入驻申请不存在');
  if (a.status !== 'pending') throw new AppError('CONFLICT', `该申请${a.status === 'approved' ? '已通过' : '已驳回'}，不能重复审核`);
  if (a.version !== body.version) throw new AppError('CONFLICT', '申请人已修改申请内容，请刷新后再审核');
  const decide = (tx: Db, status: 'approved' | 'rejected', supplierId: number | null) =>
    tx
      .update(supplierApplications)
      .set({ status, reviewNote: body.note, reviewedBy: actorId, reviewedAt: new Date(), supplierId, version: sql`${supplierApplications.version} + 1` })
      .where(and(eq(supplierApplications.id, id), eq(supplierApplications.status, 'pending'), eq(supplierApplications.version, body.version)))
      .returning({ id: supplierApplications.id });
  const stale = () => new AppError('CONFLICT', '该申请已被其他管理员处理，请刷新');

  if (body.decision === 'reject') {
    const [done] = await decide(db, 'rejected', null);
    if (!done) throw stale();
    await db.insert(auditLog).values({ entity: ENTITY, entityId: id, fromState: 'pending', toState: 'rejected', actorId, note: body.note });
    await tell(app, a.memberId, '供应商入驻审核未通过', `${a.companyName}的入驻申请未通过。驳回原因：${body.note}。请修改后重新提交。`, '/admin/supplier');
    return { storeUid: null };
  }

  const [m] = await db.select().from(members).where(eq(members.id, a.memberId)).limit(1);
  if (!m || m.status !== 'active') throw new AppError('BAD_REQUEST', '申请人账号已注销或被禁用，不能开通店铺');
  const created = await openStore(
    db,
    m,
    {
      companyName: a.companyName,
      kind: a.kind,
      province: a.province,
      city: a.city,
      address: a.address,
      contactName: a.contactName,
      contactPhone: a.contactPhone,
      contactEmail: a.contactEmail,
      creditCode: a.creditCode,
      status: 'approved',
    },
    // The decision commits with the store: a concurrent review finds no pending row and rolls back.
    async (tx, s) => {
      const [done] = await decide(tx, 'approved', s.id);
      if (!done) throw stale();
    },
  );
  await db.insert(auditLog).values([
    { entity: ENTITY, entityId: id, fromState: 'pending', toState: 'approved', actorId, note: body.note },
    { entity: 'supplier', entityId: created.id, fromState: null, toState: 'approved', actorId, note: `入驻申请 #${id} 审核通过，开通店铺` },
  ]);
  await tell(app, a.memberId, '供应商入驻审核已通过', `恭喜！${a.companyName}的入驻申请已通过，店铺编号 ${created.storeUid}。现在可以在供应商中心完善店铺、发布商品。${body.note ? `审核意见：${body.note}` : ''}`, '/admin/supplier');
  return { storeUid: created.storeUid };
}
