// SQL for the supplier's own goods: the back-office list with per-status counts, the editor's
// record, writes with their parameter and image rows, and the search tokens the catalogue reads.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZProductListQuery } from '../../../contracts/backoffice.js';
import type { Db } from '../../db/client.js';
import { brands, categories, productImages, productParams, products, storeCategories } from '../../db/schema.js';
import { searchTokensValue } from '../../lib/search-tokens.js';
import { inStoreCategory } from '../catalogue/products.repository.js';
import { matchKeyword, relevanceScore, type TKeywordMatch } from '../../lib/search/match.js';

type TListQuery = z.output<typeof ZProductListQuery>;
export type TProductRow = typeof products.$inferSelect;

/** The category and its ancestors, top level first. */
export async function categoryPath(db: Db, categoryId: number): Promise<{ id: number; name: string; parentId: number }[]> {
  const path: { id: number; name: string; parentId: number }[] = [];
  let id = categoryId;
  for (let depth = 0; depth < 5 && id > 0; depth++) {
    const [c] = await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories).where(eq(categories.id, id)).limit(1);
    if (!c) break;
    path.unshift(c);
    id = c.parentId;
  }
  return path;
}

export async function hasChildCategories(db: Db, categoryId: number): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, categoryId)).limit(1);
  return rows.length > 0;
}

/** What products.search_tokens holds: tokens of name, model, brand names, category path and summary (server/lib/search). */
export function searchTokensSql(fields: { name: string; model: string | null; summary: string | null; brand: { name: string; nameEn: string | null } | null; categoryNames: string[] }): SQL {
  return searchTokensValue({ name: fields.name, model: fields.model, summary: fields.summary, brandName: fields.brand?.name, brandNameEn: fields.brand?.nameEn, categoryNames: fields.categoryNames });
}

export async function listOwnProducts(db: Db, supplierId: number, q: TListQuery) {
  const scope: SQL[] = [eq(products.supplierId, supplierId)];
  if (q.storeCategoryId) scope.push(inStoreCategory(q.storeCategoryId));
  if (q.brandId) scope.push(eq(products.brandId, q.brandId));
  const keyword = q.keyword?.trim();
  if (!keyword) return { ...(await ownPage(db, supplierId, q, scope, null)), partial: false, terms: [] as string[] };
  // The shop's matcher (server/lib/search), over the supplier's goods of every status.
  const outcome = await matchKeyword(db, keyword, and(...scope), async (m) => {
    const r = await ownPage(db, supplierId, q, scope, m);
    return { result: r, found: r.counts.all > 0 };
  });
  if (!outcome) return { rows: [], total: 0, counts: { all: 0, on_sale: 0, draft: 0, off_shelf: 0 }, partial: false, terms: [] as string[] };
  return { ...outcome.result, partial: outcome.match.partial, terms: outcome.match.terms };
}

async function ownPage(db: Db, supplierId: number, q: TListQuery, scope: SQL[], match: TKeywordMatch | null) {
  const base = match?.cond ? [...scope, match.cond] : scope;
  const where = and(...base, q.status ? eq(products.status, q.status) : undefined);
  const order =
    q.sort === 'newest'
      ? [desc(products.createdAt), desc(products.id)]
      : q.sort === 'price_asc'
        ? [sql`${products.price} asc nulls last`, desc(products.id)]
        : q.sort === 'price_desc'
          ? [sql`${products.price} desc nulls last`, desc(products.id)]
          : q.sort === 'views'
            ? [desc(products.views), desc(products.id)]
            : match
              ? [sql`(${products.status} = 'on_sale') DESC`, sql`${relevanceScore(match.used)} DESC`, desc(products.updatedAt), desc(products.id)]
              : [desc(products.updatedAt), desc(products.id)];
  const [rows, byStatus] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        model: products.model,
        price: products.price,
        unit: products.unit,
        status: products.status,
        coverImage: products.coverImage,
        categoryId: products.categoryId,
        categoryName: categories.name,
        brandId: products.brandId,
        brandName: brands.name,
        storeCategoryId: products.storeCategoryId,
        storeCategoryName: storeCategories.name,
        views: products.views,
        createdAt: products.createdAt,
        updatedAt: products.updatedAt,
        takedownReason: products.takedownReason,
        version: products.version,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(storeCategories, and(eq(storeCategories.id, products.storeCategoryId), eq(storeCategories.supplierId, supplierId)))
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ status: products.status, n: count() })
      .from(products)
      .where(and(...base))
      .groupBy(products.status),
  ]);
  const n = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
  const counts = { all: byStatus.reduce((a, r) => a + r.n, 0), on_sale: n('on_sale'), draft: n('draft'), off_shelf: n('off_shelf') };
  const total = q.status ? counts[q.status] : counts.all;
  return { rows, total, counts };
}

export async function findOwnProduct(db: Db, supplierId: number, id: number): Promise<TProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.supplierId, supplierId)))
    .limit(1);
  return row ?? null;
}

export async function productChildren(db: Db, productId: number) {
  const [params, images] = await Promise.all([
    db.select({ name: productParams.name, value: productParams.value }).from(productParams).where(eq(productParams.productId, productId)).orderBy(asc(productParams.sort), asc(productParams.id)),
    db.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.sort), asc(productImages.id)),
  ]);
  return { params, images: images.map((i) => i.url) };
}

export async function replaceChildren(db: Db, productId: number, params: { name: string; value: string }[], images: string[]) {
  await db.delete(productParams).where(eq(productParams.productId, productId));
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (params.length) await db.insert(productParams).values(params.map((p, i) => ({ productId, name: p.name, value: p.value, sort: i })));
  if (images.length) await db.insert(productImages).values(images.map((url, i) => ({ productId, url, sort: i })));
}

export async function findBrand(db: Db, id: number) {
  const [row] = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  return row ?? null;
}

export async function findOwnStoreCategory(db: Db, supplierId: number, id: number) {
  const [row] = await db
    .select()
    .from(storeCategories)
    .where(and(eq(storeCategories.id, id), eq(storeCategories.supplierId, supplierId)))
    .limit(1);
  return row ?? null;
}

export async function ownIds(db: Db, supplierId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.supplierId, supplierId), inArray(products.id, ids)));
  return rows.map((r) => r.id);
}

export async function setStatus(db: Db, supplierId: number, ids: number[], status: string) {
  const rows = await db
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(products.supplierId, supplierId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return rows.length;
}

/** Changes prices by a percentage; goods priced 面议 (null) keep no price. */
export async function adjustPrices(db: Db, supplierId: number, ids: number[], percent: number, rounding: 'cent' | 'yuan') {
  const factor = 1 + percent / 100;
  const next =
    rounding === 'yuan'
      ? sql`greatest(1, round(${products.price} * ${factor}::numeric, 0))`
      : sql`greatest(0.01, round(${products.price} * ${factor}::numeric, 2))`;
  const rows = await db
    .update(products)
    .set({ price: next, updatedAt: new Date() } as unknown as Partial<TProductRow>)
    .where(and(eq(products.supplierId, supplierId), inArray(products.id, ids), sql`${products.price} is not null`))
    .returning({ id: products.id });
  return rows.length;
}

/** One price (or 面议, null) for every product named; the version moves on, so an inline edit opened before is stale. */
export async function setPrices(db: Db, supplierId: number, ids: number[], price: number | null) {
  const rows = await db
    .update(products)
    .set({ price: price === null ? null : price.toFixed(2), updatedAt: new Date(), version: sql`${products.version} + 1` } as unknown as Partial<TProductRow>)
    .where(and(eq(products.supplierId, supplierId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return rows.length;
}

export async function setStoreCategory(db: Db, supplierId: number, ids: number[], storeCategoryId: number | null) {
  const rows = await db
    .update(products)
    .set({ storeCategoryId, updatedAt: new Date() })
    .where(and(eq(products.supplierId, supplierId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return rows.length;
}

export async function deleteProducts(db: Db, supplierId: number, ids: number[]) {
  const rows = await db
    .delete(products)
    .where(and(eq(products.supplierId, supplierId), inArray(products.id, ids)))
    .returning({ id: products.id });
  return rows.length;
}

/** Goods left pointing at a removed store category fall back to "uncategorised". */
export async function clearStoreCategory(db: Db, supplierId: number, storeCategoryId: number) {
  await db
    .update(products)
    .set({ storeCategoryId: null })
    .where(and(eq(products.supplierId, supplierId), eq(products.storeCategoryId, storeCategoryId)));
}
