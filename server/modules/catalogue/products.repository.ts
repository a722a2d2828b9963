// SQL for categories, brands and products: the keyword search of the shop (tsvector of Han
// unigrams/bigrams and model-number tokens, GIN-indexed), filters, facets and product detail.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TBrand, TProductCard } from '../../../contracts/catalogue.js';
import type { TProductSort } from '../../../contracts/catalogue-constants.js';
import type { Db } from '../../db/client.js';
import { brands, categories, productImages, productParams, products, stores, suppliers } from '../../db/schema.js';
import { buildTsQuery, queryTerms } from '../../lib/search-tokens.js';

export type TCategoryRow = { id: number; parentId: number; name: string; level: number; sort: number };

export async function listCategories(db: Db): Promise<TCategoryRow[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name, level: categories.level, sort: categories.sort })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
}

/** `%text%` for ILIKE with the user's own wildcards taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toPrice = (v: string | number | null) => (v === null ? null : Number(v));

const cardColumns = {
  id: products.id,
  name: products.name,
  model: products.model,
  price: products.price,
  unit: products.unit,
  coverImage: products.coverImage,
  province: products.province,
  views: products.views,
  categoryId: products.categoryId,
  categoryName: categories.name,
  brandId: products.brandId,
  brandName: brands.name,
  supplierId: products.supplierId,
  supplierName: suppliers.companyName,
  storeUid: stores.uid,
  createdAt: products.createdAt,
};
type TCardRow = Omit<TProductCard, 'price' | 'createdAt'> & { price: string | number | null; createdAt: Date };
const toCard = (r: TCardRow): TProductCard => ({ ...r, price: toPrice(r.price), createdAt: r.createdAt.toISOString() });

/** Product cards with their category, brand, supplier and store names. */
function cardQuery(db: Db) {
  return db
    .select(cardColumns)
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(stores, eq(stores.supplierId, products.supplierId));
}

/**
 * Only goods on sale, from suppliers the platform has approved, are public. Suppliers awaiting
 * approval are few: excluding their ids is far cheaper than a semi-join on every matching row.
 */
const publicProduct = (hiddenSuppliers: number[]) =>
  hiddenSuppliers.length
    ? and(eq(products.status, 'on_sale'), sql`NOT (${products.supplierId} = ANY(${sql.raw(`ARRAY[${hiddenSuppliers.map(Number).join(',')}]::int[]`)}))`)!
    : eq(products.status, 'on_sale');

export async function hiddenSupplierIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: suppliers.id }).from(suppliers).where(ne(suppliers.status, 'approved'));
  return rows.map((r) => r.id);
}

/** A public product, checked against its own supplier (for single-product lookups). */
const publicWithSupplier = () => and(eq(products.status, 'on_sale'), eq(suppliers.status, 'approved'))!;

export type TProductSearch = {
  keyword?: string;
  /** A category and all its descendants. */
  categoryIds?: number[];
  brandId?: number;
  priceMin?: number;
  priceMax?: number;
  province?: string;
  supplierId?: number;
  storeCategoryId?: number;
  sort: TProductSort;
  page: number;
  pageSize: number;
};

export type TProductSearchResult = { items: TProductCard[]; total: number; terms: string[] };

/** Above this many matches, ranking orders by the cheap score only (see searchProducts). */
export const TS_RANK_MAX_MATCHES = 2000;

type TSearchPlan = { conditions: SQL[]; tsq: SQL | null; keyword: string | null; terms: string[]; impossible: boolean };

function plan(q: TProductSearch, hiddenSuppliers: number[], opts: { withBrand: boolean } = { withBrand: true }): TSearchPlan {
  const conditions: SQL[] = [publicProduct(hiddenSuppliers)];
  let tsq: SQL | null = null;
  let terms: string[] = [];
  const keyword = q.keyword?.trim() || null;
  if (keyword) {
    tsq = buildTsQuery(keyword);
    const t = queryTerms(keyword.slice(0, 100));
    terms = [...t.han, ...t.alnum];
    if (tsq) conditions.push(sql`${products.searchTokens} @@ ${tsq}`);
  }
  if (q.categoryIds?.length) conditions.push(q.categoryIds.length === 1 ? eq(products.categoryId, q.categoryIds[0]!) : inArray(products.categoryId, q.categoryIds));
  if (opts.withBrand && q.brandId) conditions.push(eq(products.brandId, q.brandId));
  if (q.priceMin !== undefined) conditions.push(gte(products.price, String(q.priceMin)));
  if (q.priceMax !== undefined) conditions.push(lte(products.price, String(q.priceMax)));
  if (q.province) conditions.push(eq(products.province, q.province));
  if (q.supplierId) conditions.push(eq(products.supplierId, q.supplierId));
  if (q.storeCategoryId) conditions.push(eq(products.storeCategoryId, q.storeCategoryId));
  // A keyword of punctuation only has no words: nothing can match.
  return { conditions, tsq, keyword, terms, impossible: Boolean(keyword) && !tsq };
}

/** A literal hit in the name, then a model that starts with the keyword: cheap to compute. */
function literalScore(keyword: string): SQL {
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`(CASE WHEN ${products.name} ILIKE ${`%${escaped}%`} THEN 2 ELSE 0 END + CASE WHEN ${products.model} ILIKE ${`${escaped}%`} THEN 1 ELSE 0 END)`;
}

function orderFor(sort: TProductSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'price_asc':
      return [sql`${products.price} ASC NULLS LAST`, desc(products.id)];
    case 'price_desc':
      return [sql`${products.price} DESC NULLS LAST`, desc(products.id)];
    default:
      return [desc(products.views), desc(products.id)];
  }
}

/** One page of ids in order, with the number of all matches from the same scan. */
async function pageOfIds(db: Db, where: SQL | undefined, order: SQL[], offset: number, limit: number) {
  return db
    .select({ id: products.id, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * One page of products matching the filters, and how many match in all. The shop, the store
 * pages and bench/search.ts all search through here.
 *
 * With a keyword and the default sort, goods rank by relevance: a literal hit in the name, a model
 * starting with the keyword, then ts_rank (normalised by length), then popularity. ts_rank reads
 * every matching tsvector, which costs hundreds of milliseconds on a broad word over 100,000
 * products on PGlite; so it re-ranks only result sets of up to TS_RANK_MAX_MATCHES, and broader
 * ones order by the literal score and popularity (bench/search.ts prints the figures).
 */
export async function searchProducts(db: Db, q: TProductSearch): Promise<TProductSearchResult> {
  const { conditions, tsq, keyword, terms, impossible } = plan(q, await hiddenSupplierIds(db));
  if (impossible) return { items: [], total: 0, terms };
  const where = and(...conditions);
  const offset = (q.page - 1) * q.pageSize;
  const relevance = keyword && q.sort === 'default' ? literalScore(keyword) : null;
  const order = relevance ? [sql`${relevance} DESC`, desc(products.views), desc(products.id)] : orderFor(q.sort);
  let page = await pageOfIds(db, where, order, offset, q.pageSize);
  const total = page[0]?.total;
  if (total === undefined) {
    if (offset === 0) return { items: [], total: 0, terms };
    const [row] = await db.select({ n: count() }).from(products).where(where);
    return { items: [], total: row?.n ?? 0, terms };
  }
  if (relevance && tsq && total <= TS_RANK_MAX_MATCHES) {
    page = await pageOfIds(db, where, [sql`${relevance} DESC`, sql`ts_rank(${products.searchTokens}, ${tsq}, 1) DESC`, desc(products.views), desc(products.id)], offset, q.pageSize);
  }
  const ids = page.map((r) => r.id);
  const rows = await cardQuery(db).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return { items: ids.map((id) => byId.get(id)).filter((c): c is TProductCard => Boolean(c)), total, terms };
}

/** Brands among the products matching the filters (ignoring the brand filter itself), most first. */
export async function brandFacets(db: Db, q: TProductSearch, limit = 20): Promise<{ id: number; name: string; count: number }[]> {
  const { conditions, impossible } = plan(q, await hiddenSupplierIds(db), { withBrand: false });
  if (impossible) return [];
  return db
    .select({ id: brands.id, name: brands.name, count: count() })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(...conditions))
    .groupBy(brands.id, brands.name)
    .orderBy(desc(count()), asc(brands.id))
    .limit(limit);
}

export async function listBrands(db: Db, q: { page: number; pageSize: number; categoryIds?: number[]; keyword?: string }): Promise<{ items: TBrand[]; total: number }> {
  const conditions: SQL[] = [eq(brands.status, 'approved')];
  if (q.keyword) conditions.push(or(ilike(brands.name, likePattern(q.keyword)), ilike(brands.nameEn, likePattern(q.keyword)))!);
  if (q.categoryIds?.length) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.brandId} = ${brands.id} AND ${products.status} = 'on_sale' AND ${inArray(products.categoryId, q.categoryIds)})`,
    );
  }
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(brands).where(where);
  const items = await db
    .select({ id: brands.id, name: brands.name, nameEn: brands.nameEn, country: brands.country, logo: brands.logo })
    .from(brands)
    .where(where)
    .orderBy(sql`${brands.supplierId} IS NOT NULL`, asc(brands.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { items, total: totalRow?.n ?? 0 };
}

export async function findPublicProduct(db: Db, id: number) {
  const [row] = await db
    .select({
      card: cardColumns,
      summary: products.summary,
      description: products.description,
      origin: products.origin,
      updatedAt: products.updatedAt,
      brand: { id: brands.id, name: brands.name, nameEn: brands.nameEn, country: brands.country, logo: brands.logo },
      supplier: {
        id: suppliers.id,
        companyName: suppliers.companyName,
        shortName: suppliers.shortName,
        province: suppliers.province,
        city: suppliers.city,
        kind: suppliers.kind,
        verified: suppliers.verified,
        founded: suppliers.founded,
        createdAt: suppliers.createdAt,
        contactName: suppliers.contactName,
        contactPhone: suppliers.contactPhone,
      },
      store: { uid: stores.uid, name: stores.name, theme: stores.theme },
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(stores, eq(stores.supplierId, products.supplierId))
    .where(and(eq(products.id, id), publicWithSupplier()))
    .limit(1);
  if (!row) return null;
  return { ...row, card: toCard(row.card) };
}

export async function productExtras(db: Db, id: number) {
  const params = await db
    .select({ name: productParams.name, value: productParams.value })
    .from(productParams)
    .where(eq(productParams.productId, id))
    .orderBy(asc(productParams.sort), asc(productParams.id));
  const images = await db.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.sort), asc(productImages.id));
  return { params, images: images.map((i) => i.url) };
}

export async function relatedProducts(db: Db, categoryId: number, exceptId: number, limit = 8): Promise<TProductCard[]> {
  const rows = await cardQuery(db)
    .where(and(eq(products.categoryId, categoryId), ne(products.id, exceptId), publicWithSupplier()))
    .orderBy(desc(products.views), desc(products.id))
    .limit(limit);
  return rows.map(toCard);
}

/** Popular goods among the most recent ones: served by the created_at index, not a full sort. */
export async function featuredProducts(db: Db, limit: number, recent = 400): Promise<TProductCard[]> {
  const recentIds = db
    .select({ id: products.id, views: products.views })
    .from(products)
    .where(publicProduct(await hiddenSupplierIds(db)))
    .orderBy(desc(products.createdAt))
    .limit(recent)
    .as('recent');
  const picked = await db.select({ id: recentIds.id }).from(recentIds).orderBy(desc(recentIds.views), desc(recentIds.id)).limit(limit);
  if (picked.length === 0) return [];
  const rows = await cardQuery(db).where(inArray(products.id, picked.map((p) => p.id)));
  const order = new Map(picked.map((p, i) => [p.id, i]));
  return rows.map(toCard).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export async function supplierProducts(db: Db, supplierId: number, limit: number): Promise<TProductCard[]> {
  const rows = await cardQuery(db)
    .where(and(eq(products.supplierId, supplierId), eq(products.status, 'on_sale')))
    .orderBy(desc(products.views), desc(products.id))
    .limit(limit);
  return rows.map(toCard);
}

export async function incrementProductViews(db: Db, id: number) {
  await db.update(products).set({ views: sql`${products.views} + 1` }).where(eq(products.id, id));
}

export async function countPublicProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(publicProduct(await hiddenSupplierIds(db)));
  return row?.n ?? 0;
}
