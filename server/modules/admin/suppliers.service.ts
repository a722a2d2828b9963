// Platform admin: supplier approval and verification, opening a supplier store for a member, and
// the review of brands that suppliers applied for.
import { and, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { SUPPLIER_STATUSES, type TAdminBrandApplication, type TAdminSupplier, type ZAdminBrandQuery, type ZAdminSupplierQuery, type ZCreateSupplierAccount } from '../../../contracts/backoffice.js';
import { isMobile } from '../../../contracts/constants.js';
import { PROVINCES } from '../../../contracts/catalogue.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { brands, members, products, stores, suppliers } from '../../db/schema.js';
import { brandProductCountSql, reviewNoteSql } from '../supplier/brands.service.js';
import { normaliseProvince } from '../supplier/store.service.js';
import { openStore } from '../supplier/open-store.service.js';
import { AppError } from '../../errors.js';
import { mustHaveUpdated, sameVersion } from '../../lib/versioned.js';
import { audit, iso, likePattern, notifyMember, supplierMemberId } from './admin.common.js';

const memberName = sql<string | null>`coalesce(${members.nickname}, ${members.uname}, ${members.realName})`;

export async function list(db: Db, q: z.output<typeof ZAdminSupplierQuery>): Promise<TPage<TAdminSupplier>> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(suppliers.status, q.status));
  if (q.verified) conds.push(eq(suppliers.verified, q.verified === 'true'));
  if (q.keyword) {
    const p = likePattern(q.keyword);
    conds.push(or(ilike(suppliers.companyName, p), ilike(suppliers.shortName, p), ilike(suppliers.contactPhone, p), ilike(members.mobile, p), ilike(stores.uid, p))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: suppliers.id,
        companyName: suppliers.companyName,
        shortName: suppliers.shortName,
        province: suppliers.province,
        city: suppliers.city,
        kind: suppliers.kind,
        verified: suppliers.verified,
        status: suppliers.status,
        contactName: suppliers.contactName,
        contactPhone: suppliers.contactPhone,
        memberId: suppliers.memberId,
        memberName,
        memberMobile: members.mobile,
        storeUid: stores.uid,
        storeName: stores.name,
        productCount: sql<number>`(select count(*) from products p where p.supplier_id = "suppliers"."id")`.mapWith(Number),
        // As the store page counts its 在售产品.
        onSaleCount: sql<number>`(select count(*) from products p where p.supplier_id = "suppliers"."id" and p.status = 'on_sale')`.mapWith(Number),
        createdAt: suppliers.createdAt,
      })
      .from(suppliers)
      .leftJoin(members, eq(members.id, suppliers.memberId))
      .leftJoin(stores, eq(stores.supplierId, suppliers.id))
      // Applications waiting for a decision come first.
      .orderBy(sql`(${suppliers.status} = 'pending') desc`, desc(suppliers.createdAt), desc(suppliers.id))
      .where(where)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(suppliers)
      .leftJoin(members, eq(members.id, suppliers.memberId))
      .leftJoin(stores, eq(stores.supplierId, suppliers.id))
      .where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

async function mustFind(db: Db, id: number) {
  const [s] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  if (!s) throw new AppError('NOT_FOUND', '供应商不存在');
  return s;
}

export async function review(db: Db, actorId: number, id: number, status: 'pending' | 'approved' | 'rejected', note: string | null) {
  const s = await mustFind(db, id);
  if (s.status === 'closed') throw new AppError('BAD_REQUEST', '该店铺已随会员注销关闭，不能再审核');
  if (status === 'rejected' && !note) throw new AppError('BAD_REQUEST', '驳回时请填写审核意见');
  await db.update(suppliers).set({ status }).where(eq(suppliers.id, id));
  await audit(db, { entity: 'supplier', entityId: id, fromState: s.status, toState: status, actorId, note });
  if (status !== s.status && status !== 'pending') {
    const title = status === 'approved' ? '供应商入驻审核已通过' : '供应商入驻审核未通过';
    const content = status === 'approved' ? `${s.companyName}的店铺已对外开放。${note ? `审核意见：${note}` : ''}` : `${s.companyName}的入驻申请未通过。审核意见：${note}`;
    await notifyMember(db, s.memberId, title, content, '/admin/supplier');
  }
  return SUPPLIER_STATUSES[status];
}

export async function verify(db: Db, actorId: number, id: number, verified: boolean) {
  const s = await mustFind(db, id);
  await db.update(suppliers).set({ verified }).where(eq(suppliers.id, id));
  await audit(db, { entity: 'supplier', entityId: id, fromState: s.verified ? 'verified' : 'unverified', toState: verified ? 'verified' : 'unverified', actorId });
}

export async function createAccount(db: Db, actorId: number, input: z.output<typeof ZCreateSupplierAccount>) {
  const byMobile = isMobile(input.member);
  const [m] = await db
    .select()
    .from(members)
    .where(byMobile ? eq(members.mobile, input.member) : eq(members.id, Number(input.member)))
    .limit(1);
  if (!m || m.status === 'deleted') throw new AppError('NOT_FOUND', '会员不存在或已注销');
  if (m.status !== 'active') throw new AppError('BAD_REQUEST', '该会员已被禁用，请先启用');
  const province = normaliseProvince(input.province);
  if (province && !(PROVINCES as readonly string[]).includes(province)) throw new AppError('BAD_REQUEST', '所在省份无效');
  const created = await openStore(db, m, {
    companyName: input.companyName,
    shortName: input.shortName,
    kind: input.kind,
    province,
    city: input.city,
    contactName: m.realName,
    contactPhone: m.mobile,
    contactEmail: m.email,
    storeName: input.storeName,
    status: input.status,
  });
  await audit(db, { entity: 'supplier', entityId: created.id, fromState: null, toState: input.status, actorId, note: '平台开通供应商店铺' });
  await notifyMember(db, m.id, '供应商店铺已开通', `您已成为仪采通供应商（${input.companyName}），可在供应商中心完善企业信息、发布商品。`, '/admin/supplier');
  return created;
}

/* ---------- brand applications ---------- */

export async function brandApplications(db: Db, q: z.output<typeof ZAdminBrandQuery>): Promise<TPage<TAdminBrandApplication>> {
  const conds: SQL[] = [isNotNull(brands.supplierId), eq(brands.status, q.status)];
  if (q.keyword) conds.push(or(ilike(brands.name, likePattern(q.keyword)), ilike(brands.nameEn, likePattern(q.keyword)))!);
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: brands.id,
        name: brands.name,
        nameEn: brands.nameEn,
        country: brands.country,
        logo: brands.logo,
        description: brands.description,
        status: brands.status,
        createdAt: brands.createdAt,
        supplierId: brands.supplierId,
        supplierName: suppliers.companyName,
        productCount: brandProductCountSql(),
        reviewNote: reviewNoteSql(),
        version: brands.version,
      })
      .from(brands)
      .leftJoin(suppliers, eq(suppliers.id, brands.supplierId))
      .where(where)
      .orderBy(desc(brands.createdAt), desc(brands.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(brands).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function reviewBrand(db: Db, actorId: number, id: number, status: 'approved' | 'rejected', note: string | null, version: number) {
  const [b] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.id, id), isNotNull(brands.supplierId)))
    .limit(1);
  if (!b) throw new AppError('NOT_FOUND', '品牌申请不存在');
  if (status === 'rejected' && !note) throw new AppError('BAD_REQUEST', '驳回时请填写审核意见');
  if (status === 'rejected') {
    const [used] = await db.select({ n: count() }).from(products).where(eq(products.brandId, id));
    if ((used?.n ?? 0) > 0) throw new AppError('CONFLICT', '该品牌已被商品使用，不能驳回');
  }
  mustHaveUpdated(
    await db
      .update(brands)
      .set({ status, version: sql`${brands.version} + 1` })
      .where(and(eq(brands.id, id), sameVersion(brands.version, version)))
      .returning({ id: brands.id }),
  );
  await audit(db, { entity: 'brand', entityId: id, fromState: b.status, toState: status, actorId, note });
  const title = status === 'approved' ? `品牌「${b.name}」审核已通过` : `品牌「${b.name}」审核未通过`;
  const content = status === 'approved' ? '该品牌现在可以在发布商品时选择。' : `审核意见：${note}`;
  await notifyMember(db, await supplierMemberId(db, b.supplierId), title, content, '/admin/supplier/brand-management');
}
