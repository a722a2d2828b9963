// Rules for the supplier's goods: references must be valid and the supplier's own, rich text is
// sanitised, search tokens are recomputed on every write, and nobody touches another's goods.
import { and, eq, inArray, isNotNull, max, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { goodsSkuKey } from '../../../contracts/goods-excel.js';
import { PRICE_MAX, priceChangeTooLarge, toFen } from '../../../contracts/money.js';
import type {
  TSupplierProductDetail,
  TSupplierProductList,
  ZProductBatchPrice,
  ZProductInput,
  ZProductListQuery,
  ZProductQuickEdit,
} from '../../../contracts/backoffice.js';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { mustHaveUpdated, nextVersion, sameVersion } from '../../lib/versioned.js';
import { PARTIAL_NOTICE } from '../../lib/search/match.js';
import { SEARCH_INDEX_VERSION } from '../../lib/search-tokens.js';
import * as repo from './products.repository.js';
import { sanitizeOnWrite } from './rich-text.js';
import { iso, num, type TOwnSupplier } from './supplier.context.js';

type TInput = z.output<typeof ZProductInput>;
const NOT_FOUND = '商品不存在或已被删除';

export async function list(db: Db, me: TOwnSupplier, q: z.output<typeof ZProductListQuery>): Promise<TSupplierProductList> {
  const [{ rows, total, counts, partial }, brand] = await Promise.all([repo.listOwnProducts(db, me.id, q), q.brandId ? repo.findBrand(db, q.brandId) : null]);
  return {
    items: rows.map((r) => ({ ...r, price: num(r.price), createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
    counts,
    partial,
    notice: partial ? PARTIAL_NOTICE : null,
    selectedBrand: q.brandId ? { id: q.brandId, name: brand?.name ?? `品牌 ${q.brandId}` } : null,
  };
}

async function mustOwn(db: Db, me: TOwnSupplier, id: number) {
  const row = await repo.findOwnProduct(db, me.id, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

export async function detail(db: Db, me: TOwnSupplier, id: number): Promise<TSupplierProductDetail> {
  const row = await mustOwn(db, me, id);
  const [{ params, images }, path, brand] = await Promise.all([
    repo.productChildren(db, id),
    repo.categoryPath(db, row.categoryId),
    row.brandId ? repo.findBrand(db, row.brandId) : null,
  ]);
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    model: row.model,
    categoryId: row.categoryId,
    categoryPath: path.map((c) => ({ id: c.id, name: c.name })),
    brandId: row.brandId,
    brandName: brand?.name ?? null,
    storeCategoryId: row.storeCategoryId,
    price: num(row.price),
    unit: row.unit,
    origin: row.origin,
    summary: row.summary,
    description: row.description ?? '',
    params,
    images: images.length ? images : row.coverImage ? [row.coverImage] : [],
    status: row.status,
    views: row.views,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    version: row.version,
    takedownReason: row.takedownReason,
  };
}

/** Checks the category, brand and store category; returns what the search tokens need. */
async function resolveReferences(db: Db, me: TOwnSupplier, input: TInput) {
  const path = await repo.categoryPath(db, input.categoryId);
  if (!path.length) throw new AppError('BAD_REQUEST', '商品分类不存在');
  if (await repo.hasChildCategories(db, input.categoryId)) throw new AppError('BAD_REQUEST', '请选择最末一级商品分类');
  let brand: { name: string; nameEn: string | null } | null = null;
  if (input.brandId) {
    const b = await repo.findBrand(db, input.brandId);
    if (!b || (b.supplierId !== null && b.supplierId !== me.id && b.status !== 'approved')) throw new AppError('BAD_REQUEST', '品牌不存在');
    if (b.status !== 'approved') throw new AppError('BAD_REQUEST', b.status === 'pending' ? '该品牌尚在审核中，通过后才能使用' : '该品牌未通过审核，不能使用');
    brand = { name: b.name, nameEn: b.nameEn };
  }
  if (input.storeCategoryId && !(await repo.findOwnStoreCategory(db, me.id, input.storeCategoryId))) throw new AppError('BAD_REQUEST', '店铺分类不存在');
  return { categoryNames: path.map((c) => c.name), brand };
}

function columns(me: TOwnSupplier, input: TInput, refs: Awaited<ReturnType<typeof resolveReferences>>) {
  return {
    name: input.name,
    ...(input.sku === undefined ? {} : { sku: input.sku || null }),
    model: input.model,
    categoryId: input.categoryId,
    brandId: input.brandId,
    storeCategoryId: input.storeCategoryId,
    price: input.price === null ? null : input.price.toFixed(2),
    unit: input.unit,
    origin: input.origin,
    summary: input.summary,
    description: sanitizeOnWrite(input.description),
    coverImage: input.images[0] ?? null,
    province: me.province,
    status: input.status,
    searchTokens: repo.searchTokensSql({ name: input.name, model: input.model, summary: input.summary, brand: refs.brand, categoryNames: refs.categoryNames }),
    // Written with the current token scheme: not re-indexed at the next start.
    searchVersion: SEARCH_INDEX_VERSION,
    updatedAt: new Date(),
  };
}

const SKU_TAKEN = '该货号已被您的其他商品使用';

/** A 货号 already on another of the supplier's goods (products_supplier_sku_uq) is refused with a message. */
function skuTaken(err: unknown): never {
  if (uniqueViolation(err) !== null) throw new AppError('CONFLICT', SKU_TAKEN);
  throw err;
}

/**
 * A 货号 another of the supplier's goods has as the Excel import compares them (goodsSkuKey: trimmed,
 * half-width, any case) is refused too: the import could not tell the two apart. Only a new 货号 is
 * checked — one kept, or changed only in case, width or spaces, stays even where goods collide
 * already. The unique index still decides between two saves at the same moment (exact spelling).
 */
async function assertSkuFree(db: Db, me: TOwnSupplier, sku: string | null | undefined, current?: { id: number; sku: string | null }) {
  const key = goodsSkuKey(sku ?? '');
  if (!key || (current && goodsSkuKey(current.sku ?? '') === key)) return;
  const others = await db
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.supplierId, me.id), isNotNull(products.sku), current ? ne(products.id, current.id) : undefined));
  if (others.some((p) => goodsSkuKey(p.sku!) === key)) throw new AppError('CONFLICT', SKU_TAKEN);
}

export async function create(db: Db, me: TOwnSupplier, input: TInput): Promise<number> {
  const refs = await resolveReferences(db, me, input);
  await assertSkuFree(db, me, input.sku);
  return db.transaction(async (tx) => {
    const values = columns(me, input, refs) as unknown as typeof products.$inferInsert;
    const [row] = await tx
      .insert(products)
      .values({ ...values, supplierId: me.id })
      .returning({ id: products.id });
    await repo.replaceChildren(tx as unknown as Db, row!.id, input.params, input.images);
    return row!.id;
  }).catch(skuTaken);
}

export async function update(db: Db, me: TOwnSupplier, id: number, input: TInput) {
  const current = await mustOwn(db, me, id);
  const refs = await resolveReferences(db, me, input);
  if (input.sku !== undefined) await assertSkuFree(db, me, input.sku, current);
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(products)
      .set({ ...(columns(me, input, refs) as unknown as Partial<typeof products.$inferInsert>), version: nextVersion(products.version) })
      .where(and(eq(products.id, id), sameVersion(products.version, input.version)))
      .returning({ id: products.id });
    mustHaveUpdated(rows);
    await repo.replaceChildren(tx as unknown as Db, id, input.params, input.images);
  }).catch(skuTaken);
}

export async function remove(db: Db, me: TOwnSupplier, id: number) {
  await mustOwn(db, me, id);
  await repo.deleteProducts(db, me.id, [id]);
}

export async function quickEdit(db: Db, me: TOwnSupplier, id: number, input: z.output<typeof ZProductQuickEdit>) {
  await mustOwn(db, me, id);
  if (input.storeCategoryId && !(await repo.findOwnStoreCategory(db, me.id, input.storeCategoryId))) throw new AppError('BAD_REQUEST', '店铺分类不存在');
  const set: Partial<Omit<typeof products.$inferInsert, 'version'>> & { version: ReturnType<typeof nextVersion> } = { updatedAt: new Date(), version: nextVersion(products.version) };
  if (input.price !== undefined) set.price = input.price === null ? null : input.price.toFixed(2);
  if (input.status !== undefined) set.status = input.status;
  if (input.storeCategoryId !== undefined) set.storeCategoryId = input.storeCategoryId;
  mustHaveUpdated(await db.update(products).set(set).where(and(eq(products.id, id), sameVersion(products.version, input.version))).returning({ id: products.id }));
}

/**
 * Batch calls act on the caller's own goods only; ids of other suppliers' goods are ignored (and
 * reported as not found when none of the ids is the caller's), so nothing leaks about them.
 */
async function ownOrNotFound(db: Db, me: TOwnSupplier, ids: number[]) {
  const own = await repo.ownIds(db, me.id, ids);
  if (!own.length) throw new AppError('NOT_FOUND', NOT_FOUND);
  return own;
}

export async function batchStatus(db: Db, me: TOwnSupplier, ids: number[], status: 'on_sale' | 'off_shelf') {
  return repo.setStatus(db, me.id, await ownOrNotFound(db, me, ids), status);
}

export async function batchPrice(db: Db, me: TOwnSupplier, input: z.output<typeof ZProductBatchPrice>) {
  const ids = await ownOrNotFound(db, me, input.ids);
  if (input.percent === undefined) return repo.setPrices(db, me.id, ids, input.price ?? null);
  // The highest price after the change must stay within the money bound (contracts/money.ts):
  // refuse the whole change instead of storing a price no form could save again.
  const [top] = await db
    .select({ price: max(products.price) })
    .from(products)
    .where(and(eq(products.supplierId, me.id), inArray(products.id, ids)));
  if (top?.price !== null && top?.price !== undefined && input.percent > 0) {
    const raisedFen = (toFen(Number(top.price)) * (100 + input.percent)) / 100;
    const rounded = input.rounding === 'yuan' ? Math.round(raisedFen / 100) * 100 : Math.round(raisedFen);
    if (rounded > PRICE_MAX * 100) throw new AppError('BAD_REQUEST', priceChangeTooLarge());
  }
  return repo.adjustPrices(db, me.id, ids, input.percent, input.rounding);
}

export async function batchStoreCategory(db: Db, me: TOwnSupplier, ids: number[], storeCategoryId: number | null) {
  if (storeCategoryId && !(await repo.findOwnStoreCategory(db, me.id, storeCategoryId))) throw new AppError('BAD_REQUEST', '店铺分类不存在');
  return repo.setStoreCategory(db, me.id, await ownOrNotFound(db, me, ids), storeCategoryId);
}

export async function batchDelete(db: Db, me: TOwnSupplier, ids: number[]) {
  return repo.deleteProducts(db, me.id, await ownOrNotFound(db, me, ids));
}
