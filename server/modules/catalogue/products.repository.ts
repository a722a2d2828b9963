// SQL for categories, brands and products: the keyword search of the shop (server/lib/search:
// write-time tokens in a GIN-indexed tsvector), filters, facets and product detail.
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lt, lte, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { TBrand, TProductCard } from '../../../contracts/catalogue.js';
import type { TProductSort } from '../../../contracts/catalogue-constants.js';
import type { Db } from '../../db/client.js';
import { alias } from 'drizzle-orm/pg-core';
import { brands, categories, productImages, productParams, products, storeCategories, stores, supplierResponseStats, suppliers } from '../../db/schema.js';
import { cached, cacheKey, peekCached } from '../../lib/cache.js';
import { brandsNamed, completenessScore, matchKeyword, relevanceScore, type TKeywordMatch } from '../../lib/search/match.js';
import { countFacts, factsFacets, NAME_SEPARATOR, parseFacts, type TCatalogueFacts, type TFactsColumns, type TFactsFilter } from './catalogue-facts.js';

export type TCategoryRow = { id: number; parentId: number; name: string; level: number; sort: number };

// ---- store categories: one rule for a count and its listing ------------------------------------

/**
 * The goods of a store category, for its listing on the public store page and in the supplier's
 * 商品管理: goods filed under the category or under one of its sub-categories (what a buyer expects
 * of 光谱仪器). Store categories are two levels deep.
 */
export function inStoreCategory(storeCategoryId: number): SQL {
  return sql`${products.storeCategoryId} IN (SELECT scope.id FROM ${storeCategories} AS scope WHERE scope.id = ${storeCategoryId} OR scope.parent_id = ${storeCategoryId})`;
}

/**
 * Goods per store category by the same rule as inStoreCategory (a parent counts the goods of its
 * sub-categories), among the supplier's goods matching `where` (the listing's other conditions).
 */
export async function storeCategoryCounts(db: Db, supplierId: number, where?: SQL): Promise<Map<number, number>> {
  const filed = alias(storeCategories, 'filed');
  const rows = await db
    .select({ id: storeCategories.id, n: count(products.id) })
    .from(storeCategories)
    .innerJoin(filed, or(eq(filed.id, storeCategories.id), eq(filed.parentId, storeCategories.id)))
    .innerJoin(products, and(eq(products.storeCategoryId, filed.id), eq(products.supplierId, supplierId), where))
    .where(eq(storeCategories.supplierId, supplierId))
    .groupBy(storeCategories.id);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Every category (from the shared cache: a category write drops it). Read-only for callers. */
export async function listCategories(db: Db): Promise<TCategoryRow[]> {
  return cached(db, 'category-rows', '', ['catalogue'], () =>
    db
      .select({ id: categories.id, parentId: categories.parentId, name: categories.name, level: categories.level, sort: categories.sort })
      .from(categories)
      .orderBy(asc(categories.level), asc(categories.sort), asc(categories.id)),
  );
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
  return (await supplierFlags(db)).hidden;
}

/** A public product, checked against its own supplier (for single-product lookups). */
const publicWithSupplier = () => and(eq(products.status, 'on_sale'), eq(suppliers.status, 'approved'))!;

export type TProductSearch = TFactsFilter & {
  keyword?: string;
  /** Match the keyword's words as typed: no request phrasing dropped, no intents (server/lib/search/analyze.ts). */
  literal?: boolean;
  storeCategoryId?: number;
  sort: TProductSort;
  page: number;
  pageSize: number;
};

export type TProductSearchResult = {
  items: TProductCard[];
  total: number;
  /** Words to mark in names and models: of the words that matched. */
  terms: string[];
  /** Not every word matched: the results are for the most specific words that did. */
  partial: boolean;
  /** What the keyword was understood as when that is not the words typed (已为您查找：水分测定仪), else null. */
  understood: string | null;
  /** The keyword condition the results were found with (for facets), null without a keyword. */
  match: TKeywordMatch | null;
};

type TSupplierFlags = { hidden: number[]; verified: number[] };

/** Suppliers whose goods are not public (awaiting approval, few) and the verified ones. */
async function supplierFlags(db: Db): Promise<TSupplierFlags> {
  // From the shared cache: a supplier write (approval, suspension, verification) drops it.
  return cached(db, 'supplier-flags', '', ['catalogue'], async () => {
    const rows = await db.select({ id: suppliers.id, status: suppliers.status, verified: suppliers.verified }).from(suppliers).where(or(ne(suppliers.status, 'approved'), eq(suppliers.verified, true)));
    return { hidden: rows.filter((r) => r.status !== 'approved').map((r) => r.id), verified: rows.filter((r) => r.status === 'approved' && r.verified).map((r) => r.id) };
  });
}

/**
 * What every public product is counted by (catalogue-facts.ts), read in one statement — a text
 * value per column, far cheaper to carry and read than ~100,000 rows (~0.15 s at 100,000 goods) —
 * and kept until a write to goods, suppliers or brands, or for a minute.
 */
export async function catalogueFacts(db: Db): Promise<TCatalogueFacts> {
  return cached(
    db,
    'catalogue-facts',
    '',
    ['facts'],
    async () => {
      const { hidden } = await supplierFlags(db);
      // One pass: every aggregate reads the same rows in the same order.
      const result = await db.execute(sql`
        SELECT coalesce(string_agg(${products.categoryId}::text, ','), '') AS category,
          coalesce(string_agg(coalesce(${products.brandId}, 0)::text, ','), '') AS brand,
          coalesce(string_agg(coalesce(round(${products.price} * 100)::bigint::text, ''), ','), '') AS price,
          coalesce(string_agg(${products.supplierId}::text, ','), '') AS supplier,
          coalesce(string_agg(coalesce(${products.province}, ''), ${sql.raw(`chr(${NAME_SEPARATOR.charCodeAt(0)})`)}), '') AS province
        FROM ${products} WHERE ${publicProduct(hidden)}`);
      const columns = (result as unknown as { rows: TFactsColumns[] }).rows[0]!;
      const brandNames = new Map((await db.select({ id: brands.id, name: brands.name }).from(brands)).map((b) => [b.id, b.name]));
      // Ties of equal counts go by the region's name in the database's own order, as in SQL.
      return parseFacts(columns, brandNames, async (names) => {
        if (!names.length) return [];
        const sorted = await db.execute(sql`SELECT n FROM unnest(ARRAY[${sql.join(names.map((n) => sql`${n}`), sql`, `)}]::text[]) AS n ORDER BY n`);
        return (sorted as unknown as { rows: { n: string }[] }).rows.map((r) => r.n);
      });
    },
    undefined,
    true,
  );
}

const factsBuilding = new WeakMap<Db, Promise<unknown>>();

/**
 * The catalogue's facts if they are built and current; otherwise undefined, and one build starts
 * in the background (never two at once) while the caller counts in SQL — so a write to goods never
 * makes a list wait for the whole catalogue to be read again, nor starts a read per request.
 */
function currentFacts(db: Db): TCatalogueFacts | undefined {
  const facts = peekCached<TCatalogueFacts>(db, 'catalogue-facts', '', true);
  if (facts || factsBuilding.has(db)) return facts;
  const building = catalogueFacts(db)
    .catch(() => undefined) // the next list tries again; until then lists count in SQL
    .finally(() => factsBuilding.delete(db));
  factsBuilding.set(db, building);
  return undefined;
}

/** The conditions of a search that catalogue facts answer: all but a keyword and a store category. */
const factsFilter = (q: TProductSearch): TFactsFilter | null => (q.keyword?.trim() || q.storeCategoryId ? null : q);

const idList = (ids: number[]) => sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`);

/** The filters other than the keyword; `without` leaves out the one a facet counts. */
function filterConditions(q: TProductSearch, hidden: number[], without?: 'brand' | 'province'): SQL[] {
  const conditions: SQL[] = [publicProduct(hidden)];
  if (q.categoryIds?.length) conditions.push(q.categoryIds.length === 1 ? eq(products.categoryId, q.categoryIds[0]!) : inArray(products.categoryId, q.categoryIds));
  if (without !== 'brand' && q.brandId) conditions.push(eq(products.brandId, q.brandId));
  if (q.priceMin !== undefined) conditions.push(gte(products.price, String(q.priceMin)));
  if (q.priceMax !== undefined) conditions.push(lte(products.price, String(q.priceMax)));
  if (q.priceBelow !== undefined) conditions.push(lt(products.price, String(q.priceBelow)));
  if (without !== 'province' && q.province) conditions.push(eq(products.province, q.province));
  if (q.supplierId) conditions.push(eq(products.supplierId, q.supplierId));
  if (q.storeCategoryId) conditions.push(inStoreCategory(q.storeCategoryId));
  return conditions;
}

/**
 * The list's order. `indexed`: written so that PostgreSQL may walk the order's index (migration
 * 0016) — right for the whole shop or a store's goods, where a page is the first rows of the
 * index; wrong when other conditions keep few of its rows (a keyword, a brand, a category: the walk
 * would read and reject most of the index), so there the same order is written as expressions the
 * index cannot serve, and the matching rows are found first and the page sorted from them.
 */
function orderFor(sort: TProductSort, indexed = true): SQL[] {
  const col = (c: AnyColumn) => (indexed ? sql`${c}` : sql`(${c} + ${sql.raw(c === products.createdAt ? "interval '0 s'" : '0')})`);
  switch (sort) {
    case 'newest':
      return [sql`${col(products.createdAt)} DESC`, desc(products.id)];
    case 'price_asc':
      return [sql`${col(products.price)} ASC NULLS LAST`, desc(products.id)];
    case 'price_desc':
      return [sql`${col(products.price)} DESC NULLS LAST`, desc(products.id)];
    default:
      return [sql`${col(products.views)} DESC`, desc(products.id)];
  }
}

/**
 * Whether a search without a keyword may read its page off an order index: the whole shop, a price
 * band or a region (broad conditions whose share of the rows PostgreSQL's statistics know, so it
 * picks the index walk or a sort by cost — a band sorted by price is a range of the price index), or
 * one store's goods newest first. Not for a category, brand or store category: few rows, often
 * clustered, where a walk in another order reads and rejects most of the index.
 */
function orderIndexServes(q: TProductSearch): boolean {
  const narrowed = q.categoryIds?.length || q.brandId || q.storeCategoryId;
  return !narrowed && (!q.supplierId || q.sort === 'newest');
}

/**
 * Relevance order (server/lib/search/match.ts): the model typed, the type in the name, words in the
 * name; then complete listings from verified suppliers; ties by popularity. Computed from the
 * row's own short columns, never ts_rank, so broad words stay cheap.
 */
function relevanceOrder(used: TKeywordMatch['used'], verified: number[], categoryIds: ReadonlyMap<string, number[]>): SQL[] {
  const verifiedScore = verified.length ? sql`(${products.supplierId} = ANY(${idList(verified)}))::int` : sql`0`;
  return [sql`${relevanceScore(used, categoryIds)} DESC`, sql`(${completenessScore()} + ${verifiedScore}) DESC`, desc(products.views), desc(products.id)];
}

let categoryNames: { at: number; db: Db; ids: Map<string, number[]> } | null = null;

/** Category ids by name (instrument types are leaf categories), kept for a minute. */
export async function categoryIdsByName(db: Db): Promise<Map<string, number[]>> {
  if (!categoryNames || categoryNames.db !== db || Date.now() - categoryNames.at > 60_000) {
    const ids = new Map<string, number[]>();
    for (const c of await db.select({ id: categories.id, name: categories.name }).from(categories)) ids.set(c.name, [...(ids.get(c.name) ?? []), c.id]);
    categoryNames = { at: Date.now(), db, ids };
  }
  return categoryNames.ids;
}

/** The filters of a search without its page and order: the key of what all its pages share (total, facets). */
function filterKey(q: TProductSearch): string {
  const { sort: _sort, page: _page, pageSize: _size, ...filters } = q;
  return cacheKey({ ...filters, categoryIds: filters.categoryIds?.join(',') });
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

async function pageWithTotal(db: Db, where: SQL | undefined, order: SQL[], offset: number, limit: number) {
  const page = await pageOfIds(db, where, order, offset, limit);
  let total = page[0]?.total;
  if (total === undefined) {
    if (offset === 0) total = 0;
    else {
      const [row] = await db.select({ n: count() }).from(products).where(where);
      total = row?.n ?? 0;
    }
  }
  return { ids: page.map((r) => r.id), total };
}

/**
 * One page of products matching the filters, and how many match in all. The shop, the store
 * pages and bench/search.ts all search through here; the keyword goes through the one matcher
 * (server/lib/search): every word first, the most specific words when that finds nothing.
 */
export async function searchProducts(db: Db, q: TProductSearch): Promise<TProductSearchResult> {
  const flags = await supplierFlags(db);
  const base = and(...filterConditions(q, flags.hidden));
  const offset = (q.page - 1) * q.pageSize;
  const keyword = q.keyword?.trim() || null;
  let ids: number[];
  let total: number;
  let match: TKeywordMatch | null = null;
  if (!keyword) {
    // The page walks an index in the list's order (migration 0016); the total of the same filters
    // is counted once per filter set and shared by every page and sort of it (deep pages stay cheap).
    const [page, n] = await Promise.all([
      db.select({ id: products.id }).from(products).where(base).orderBy(...orderFor(q.sort, orderIndexServes(q))).limit(q.pageSize).offset(offset),
      cached(db, 'product-total', filterKey(q), ['catalogue'], async () => {
        const f = factsFilter(q);
        const facts = f && currentFacts(db);
        return facts ? countFacts(facts, f!) : ((await db.select({ n: count() }).from(products).where(base))[0]?.n ?? 0);
      }),
    ]);
    ids = page.map((r) => r.id);
    total = n;
  } else {
    const outcome = await matchKeyword(
      db,
      keyword,
      base,
      async (m) => {
        const order = q.sort === 'default' ? relevanceOrder(m.used, flags.verified, await categoryIdsByName(db)) : orderFor(q.sort, false);
        const r = await pageWithTotal(db, and(base, m.cond!), order, offset, q.pageSize);
        return { result: r, found: r.total > 0 };
      },
      { literal: q.literal },
    );
    // A keyword of punctuation only (or only the words of a request) has no words: nothing can match.
    if (!outcome) return { items: [], total: 0, terms: [], partial: false, understood: null, match: null };
    ({ ids, total } = outcome.result);
    match = outcome.match;
  }
  const understood = match?.understood ?? null;
  if (ids.length === 0) return { items: [], total, terms: match?.terms ?? [], partial: Boolean(match?.partial && total), understood, match };
  const rows = await cardQuery(db).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return { items: ids.map((id) => byId.get(id)).filter((c): c is TProductCard => Boolean(c)), total, terms: match?.terms ?? [], partial: Boolean(match?.partial), understood, match };
}

export type TFacet = { id: number; name: string; count: number };
export type TProvinceFacet = { name: string; count: number };

async function brandCounts(db: Db, where: SQL | undefined): Promise<TFacet[]> {
  return db
    .select({ id: brands.id, name: brands.name, count: count() })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .groupBy(brands.id, brands.name)
    .orderBy(desc(count()), asc(brands.id));
}

async function provinceCounts(db: Db, where: SQL | undefined): Promise<TProvinceFacet[]> {
  const rows = await db
    .select({ name: products.province, count: count() })
    .from(products)
    .where(and(where, sql`${products.province} IS NOT NULL AND ${products.province} <> ''`))
    .groupBy(products.province)
    .orderBy(desc(count()), asc(products.province));
  return rows.map((r) => ({ name: r.name!, count: r.count }));
}

/**
 * Both facets of one filter set from a single pass over its rows (GROUPING SETS) — for a broad
 * keyword that is one read of ~10,000 rows instead of two. Same counts and order as
 * brandCounts and provinceCounts (the sort stays in SQL, in the database's collation).
 */
async function bothCounts(db: Db, where: SQL | undefined): Promise<{ brands: TFacet[]; provinces: TProvinceFacet[] }> {
  // Grouped by the brand's id first and named after (a join of ~100 names, not of every row).
  const result = await db.execute(sql`
    SELECT f.brand_id, ${brands.name} AS brand_name, f.province, f.n FROM (
      SELECT ${products.brandId} AS brand_id, ${products.province} AS province, count(*)::int AS n, GROUPING(${products.brandId}) AS by_province
      FROM ${products}
      WHERE ${where ?? sql`true`}
      GROUP BY GROUPING SETS ((${products.brandId}), (${products.province}))
    ) f LEFT JOIN ${brands} ON ${brands.id} = f.brand_id
    WHERE (f.by_province = 0 AND ${brands.id} IS NOT NULL) OR (f.by_province = 1 AND f.province IS NOT NULL AND f.province <> '')
    ORDER BY f.by_province, f.n DESC, f.brand_id, f.province`);
  const rows = (result as unknown as { rows: { brand_id: number | null; brand_name: string | null; province: string | null; n: number | string }[] }).rows;
  const out: { brands: TFacet[]; provinces: TProvinceFacet[] } = { brands: [], provinces: [] };
  for (const r of rows) {
    if (r.brand_id !== null) out.brands.push({ id: Number(r.brand_id), name: r.brand_name!, count: Number(r.n) });
    else out.provinces.push({ name: r.province!, count: Number(r.n) });
  }
  return out;
}

/**
 * Every brand and every province among the products the search found (each facet ignoring its own
 * filter), most first: from the catalogue's facts in memory without a keyword (catalogue-facts.ts),
 * in SQL over the keyword's matches.
 */
export async function productFacets(db: Db, q: TProductSearch, match: TKeywordMatch | null): Promise<{ brands: TFacet[]; provinces: TProvinceFacet[] }> {
  // Every page and sort of one search shows the same facets: counted once per filter set.
  return cached(db, 'product-facets', filterKey(q), ['catalogue'], () => countFacets(db, q, match));
}

async function countFacets(db: Db, q: TProductSearch, match: TKeywordMatch | null): Promise<{ brands: TFacet[]; provinces: TProvinceFacet[] }> {
  const filter = factsFilter(q);
  const facts = filter && currentFacts(db);
  if (facts) return factsFacets(facts, filter!);
  if (q.keyword?.trim() && !match?.cond) return { brands: [], provinces: [] };
  const { hidden } = await supplierFlags(db);
  const cond = match?.cond ?? undefined;
  // Neither facet's own filter is set: both count the same rows, in one pass.
  if (!q.brandId && !q.province) return bothCounts(db, and(...filterConditions(q, hidden), cond));
  const [brandRows, provinceRows] = await Promise.all([brandCounts(db, and(...filterConditions(q, hidden, 'brand'), cond)), provinceCounts(db, and(...filterConditions(q, hidden, 'province'), cond))]);
  return { brands: brandRows, provinces: provinceRows };
}

export async function brandName(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, id)).limit(1);
  return row?.name ?? null;
}

export async function listBrands(db: Db, q: { page: number; pageSize: number; categoryIds?: number[]; keyword?: string }): Promise<{ items: TBrand[]; total: number }> {
  const conditions: SQL[] = [eq(brands.status, 'approved')];
  if (q.keyword) {
    // By the names as written, or by an alias the search knows (梅特勒托利多 finds 梅特勒-托利多).
    const named = brandsNamed(q.keyword);
    conditions.push(or(ilike(brands.name, likePattern(q.keyword)), ilike(brands.nameEn, likePattern(q.keyword)), named.length ? inArray(brands.name, named) : undefined)!);
  }
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

/** A JSON column as the driver gives it: parsed already (node-postgres) or as text. */
const parsedJson = <T,>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * A public product with all of its own that its page shows: card, texts, brand, supplier, store,
 * parameters, images and the supplier's stored response figures (`stats`, null before the first
 * batch) — one round trip, since a detail that misses the cache costs its round trips in turn.
 */
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
      params: sql<unknown>`(SELECT coalesce(json_agg(json_build_object('name', pp.name, 'value', pp.value) ORDER BY pp.sort, pp.id), '[]'::json)
         FROM ${productParams} pp WHERE pp.product_id = ${products.id})`,
      images: sql<unknown>`(SELECT coalesce(json_agg(pi.url ORDER BY pi.sort, pi.id), '[]'::json)
         FROM ${productImages} pi WHERE pi.product_id = ${products.id})`,
      stats: getTableColumns(supplierResponseStats),
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(stores, eq(stores.supplierId, products.supplierId))
    .leftJoin(supplierResponseStats, eq(supplierResponseStats.supplierId, products.supplierId))
    .where(and(eq(products.id, id), publicWithSupplier()))
    .limit(1);
  if (!row) return null;
  return { ...row, card: toCard(row.card), params: parsedJson<{ name: string; value: string }[]>(row.params), images: parsedJson<string[]>(row.images) };
}

/** The most viewed public goods of a category (shared by every product of that category through the cache). */
export async function relatedProducts(db: Db, categoryId: number, limit: number): Promise<TProductCard[]> {
  const rows = await cardQuery(db)
    .where(and(eq(products.categoryId, categoryId), publicWithSupplier()))
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
