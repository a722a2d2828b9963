// Brands in the supplier back office: the brands a supplier carries (derived from its goods), the
// brands it may pick for a product, and its own applications for new brands (reviewed by admins).
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TBrandApplication, TBrandOption, TCarriedBrand, ZBrandApplicationInput } from '../../../contracts/backoffice.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { brands, products } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { mustHaveUpdated, nextVersion, sameVersion } from '../../lib/versioned.js';
import { iso, likePattern, type TOwnSupplier } from './supplier.context.js';

type TInput = z.output<typeof ZBrandApplicationInput>;
const NOT_FOUND = '品牌申请不存在';
export const PENDING_APPLICATIONS_MAX = 20;

export async function options(db: Db, me: TOwnSupplier, q: { keyword?: string; page: number; pageSize: number }): Promise<TPage<TBrandOption>> {
  const conds: SQL[] = [eq(brands.status, 'approved')];
  if (q.keyword) conds.push(or(ilike(brands.name, likePattern(q.keyword)), ilike(brands.nameEn, likePattern(q.keyword)))!);
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name, nameEn: brands.nameEn, country: brands.country, supplierId: brands.supplierId })
      .from(brands)
      .where(where)
      .orderBy(sql`(${brands.supplierId} = ${me.id}) desc nulls last`, asc(brands.name), asc(brands.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(brands).where(where),
  ]);
  return {
    items: rows.map(({ supplierId, ...b }) => ({ ...b, own: supplierId === me.id })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function carried(db: Db, me: TOwnSupplier, q: { page: number; pageSize: number }): Promise<TPage<TCarriedBrand>> {
  const productCount = sql<number>`count(${products.id})`.mapWith(Number);
  const where = and(eq(products.supplierId, me.id), sql`${products.brandId} is not null`);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: brands.id,
        name: brands.name,
        nameEn: brands.nameEn,
        country: brands.country,
        logo: brands.logo,
        supplierId: brands.supplierId,
        productCount,
        onSaleCount: sql<number>`count(${products.id}) filter (where ${products.status} = 'on_sale')`.mapWith(Number),
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .groupBy(brands.id)
      .orderBy(desc(productCount), asc(brands.name))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(distinct ${products.brandId})`.mapWith(Number) })
      .from(products)
      .where(where),
  ]);
  return {
    items: rows.map(({ supplierId, ...b }) => ({ ...b, own: supplierId === me.id })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The note of the latest review of each brand, from the audit log. */
export function reviewNoteSql() {
  // Table names are spelt out: in a query without joins Drizzle leaves columns unqualified, and
  // "id" inside the subquery would then mean the audit log's own id.
  return sql<string | null>`(select al.note from audit_log al where al.entity = 'brand' and al.entity_id = "brands"."id" order by al.at desc, al.id desc limit 1)`;
}

export function brandProductCountSql() {
  return sql<number>`(select count(*) from products p where p.brand_id = "brands"."id")`.mapWith(Number);
}

export async function applications(db: Db, me: TOwnSupplier, q: { status?: string; page: number; pageSize: number }): Promise<TPage<TBrandApplication>> {
  const where = and(eq(brands.supplierId, me.id), q.status ? eq(brands.status, q.status) : undefined);
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
        productCount: brandProductCountSql(),
        reviewNote: reviewNoteSql(),
        version: brands.version,
      })
      .from(brands)
      .where(where)
      .orderBy(desc(brands.createdAt), desc(brands.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(brands).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

const withoutVersion = ({ version: _version, ...rest }: TInput) => rest;

async function mustOwn(db: Db, me: TOwnSupplier, id: number) {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.id, id), eq(brands.supplierId, me.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

async function checkDuplicate(db: Db, me: TOwnSupplier, name: string, selfId?: number) {
  const same = await db
    .select({ id: brands.id, status: brands.status, supplierId: brands.supplierId })
    .from(brands)
    .where(and(sql`lower(${brands.name}) = ${name.toLowerCase()}`, or(eq(brands.status, 'approved'), eq(brands.supplierId, me.id), isNull(brands.supplierId))));
  const other = same.find((b) => b.id !== selfId);
  if (!other) return;
  if (other.status === 'approved') throw new AppError('CONFLICT', `品牌「${name}」已存在，可直接在商品中选择`);
  throw new AppError('CONFLICT', `您已提交过品牌「${name}」的申请`);
}

export async function apply(db: Db, me: TOwnSupplier, input: TInput): Promise<number> {
  const [pending] = await db.select({ n: count() }).from(brands).where(and(eq(brands.supplierId, me.id), eq(brands.status, 'pending')));
  if ((pending?.n ?? 0) >= PENDING_APPLICATIONS_MAX) throw new AppError('BAD_REQUEST', `待审核的品牌申请最多${PENDING_APPLICATIONS_MAX}个，请等待审核后再提交`);
  await checkDuplicate(db, me, input.name);
  const [row] = await db
    .insert(brands)
    .values({ ...withoutVersion(input), supplierId: me.id, status: 'pending' })
    .returning({ id: brands.id });
  return row!.id;
}

export async function edit(db: Db, me: TOwnSupplier, id: number, input: TInput) {
  const row = await mustOwn(db, me, id);
  if (row.status === 'approved') throw new AppError('BAD_REQUEST', '已通过审核的品牌不能修改，如需修改请联系平台');
  await checkDuplicate(db, me, input.name, id);
  // An edited application goes back to the review queue.
  const { version, ...fields } = input;
  const rows = await db
    .update(brands)
    .set({ ...fields, status: 'pending', version: nextVersion(brands.version) })
    .where(and(eq(brands.id, id), sameVersion(brands.version, version)))
    .returning({ id: brands.id });
  mustHaveUpdated(rows);
}

export async function withdraw(db: Db, me: TOwnSupplier, id: number) {
  await mustOwn(db, me, id);
  const [used] = await db.select({ n: count() }).from(products).where(eq(products.brandId, id));
  if ((used?.n ?? 0) > 0) throw new AppError('CONFLICT', '该品牌已被商品使用，不能删除');
  await db.delete(brands).where(eq(brands.id, id));
}
