// SQL for supplier stores and the enterprise directory: store pages, store categories,
// store articles and schemes, open positions.
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, recruitments, storeArticles, storeCategories, stores, supplierResponseStats, suppliers } from '../../db/schema.js';
import { likePattern, storeCategoryCounts } from './products.repository.js';
import { matchKeyword } from '../../lib/search/match.js';

export type TDirectoryFilter = { keyword?: string; province?: string; kind?: string; verified?: boolean; sort?: 'default' | 'replyRate'; fast?: boolean; page: number; pageSize: number };

const rs = supplierResponseStats;
/** sort=replyRate: the highest reply rate first, suppliers below the minimum sample (no rate) after them. */
const responseOrder = (f: TDirectoryFilter): SQL[] => (f.sort === 'replyRate' ? [sql`${rs.replyRate} desc nulls last`, sql`${rs.medianReplyMinutes} asc nulls last`] : []);

const supplierColumns = {
  id: suppliers.id,
  companyName: suppliers.companyName,
  shortName: suppliers.shortName,
  province: suppliers.province,
  city: suppliers.city,
  address: suppliers.address,
  kind: suppliers.kind,
  verified: suppliers.verified,
  founded: suppliers.founded,
  employees: suppliers.employees,
  registeredCapital: suppliers.registeredCapital,
  businessScope: suppliers.businessScope,
  contactName: suppliers.contactName,
  contactPhone: suppliers.contactPhone,
  contactEmail: suppliers.contactEmail,
  createdAt: suppliers.createdAt,
};

const storeColumns = {
  id: stores.id,
  uid: stores.uid,
  name: stores.name,
  theme: stores.theme,
  logo: stores.logo,
  banner: stores.banner,
  slogan: stores.slogan,
  introduction: stores.introduction,
  views: stores.views,
  createdAt: stores.createdAt,
};

/**
 * Directory filters. A keyword finds a supplier by its names and business scope, or by its goods
 * on sale (主营产品) through the search matcher: `productMatch` is the matcher's condition.
 */
function directoryConditions(f: TDirectoryFilter, searchStoreName: boolean, productMatch: SQL | null): SQL[] {
  const conditions: SQL[] = [eq(suppliers.status, 'approved')];
  if (f.keyword) {
    const like = likePattern(f.keyword);
    const fields = [ilike(suppliers.companyName, like), ilike(suppliers.shortName, like), ilike(suppliers.businessScope, like)];
    if (searchStoreName) fields.push(ilike(stores.name, like));
    if (productMatch) fields.push(sql`${suppliers.id} IN (SELECT DISTINCT ${products.supplierId} FROM ${products} WHERE ${products.status} = 'on_sale' AND ${productMatch})`);
    conditions.push(or(...fields)!);
  }
  if (f.province) conditions.push(eq(suppliers.province, f.province));
  if (f.kind) conditions.push(eq(suppliers.kind, f.kind));
  if (f.verified !== undefined) conditions.push(eq(suppliers.verified, f.verified));
  // 「24小时内回复」: the stored figures (contracts/response-quality.ts FAST_REPLY_WORKING_MINUTES).
  if (f.fast) conditions.push(eq(rs.fastReply, true));
  return conditions;
}

/** Runs a directory query with the keyword's goods matched by every word, then by the most specific words. */
async function withProductMatch<T extends { total: number }>(db: Db, f: TDirectoryFilter, run: (productMatch: SQL | null) => Promise<T>): Promise<T & { partial: boolean }> {
  const keyword = f.keyword?.trim();
  if (!keyword) return { ...(await run(null)), partial: false };
  const outcome = await matchKeyword(db, keyword, eq(products.status, 'on_sale'), async (m) => {
    const r = await run(m.cond);
    return { result: r, found: r.total > 0 };
  });
  if (!outcome) return { ...(await run(null)), partial: false };
  return { ...outcome.result, partial: outcome.match.partial };
}

/** On-sale product counts for a page of suppliers, one grouped query. */
export async function productCounts(db: Db, supplierIds: number[]): Promise<Map<number, number>> {
  if (supplierIds.length === 0) return new Map();
  const rows = await db
    .select({ supplierId: products.supplierId, n: count() })
    .from(products)
    .where(and(inArray(products.supplierId, supplierIds), eq(products.status, 'on_sale')))
    .groupBy(products.supplierId);
  return new Map(rows.map((r) => [r.supplierId, r.n]));
}

export async function listStores(db: Db, f: TDirectoryFilter) {
  return withProductMatch(db, f, async (productMatch) => {
    const where = and(...directoryConditions(f, true, productMatch));
    const [totalRow] = await db.select({ n: count() }).from(stores).innerJoin(suppliers, eq(suppliers.id, stores.supplierId)).leftJoin(rs, eq(rs.supplierId, suppliers.id)).where(where);
    const rows = await db
      .select({ store: storeColumns, supplier: supplierColumns })
      .from(stores)
      .innerJoin(suppliers, eq(suppliers.id, stores.supplierId))
      .leftJoin(rs, eq(rs.supplierId, suppliers.id))
      .where(where)
      .orderBy(...responseOrder(f), desc(suppliers.verified), desc(stores.views), asc(stores.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize);
    return { rows, total: totalRow?.n ?? 0 };
  });
}

export async function listEnterprises(db: Db, f: TDirectoryFilter) {
  return withProductMatch(db, f, async (productMatch) => {
    const where = and(...directoryConditions(f, false, productMatch));
    const [totalRow] = await db.select({ n: count() }).from(suppliers).leftJoin(rs, eq(rs.supplierId, suppliers.id)).where(where);
    const rows = await db
      .select({ supplier: supplierColumns, store: { uid: stores.uid, name: stores.name, introduction: stores.introduction } })
      .from(suppliers)
      .leftJoin(stores, eq(stores.supplierId, suppliers.id))
      .leftJoin(rs, eq(rs.supplierId, suppliers.id))
      .where(where)
      .orderBy(...responseOrder(f), desc(suppliers.verified), asc(suppliers.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize);
    return { rows, total: totalRow?.n ?? 0 };
  });
}

export async function findEnterprise(db: Db, id: number) {
  const [row] = await db
    .select({ supplier: supplierColumns, store: { uid: stores.uid, name: stores.name, introduction: stores.introduction } })
    .from(suppliers)
    .leftJoin(stores, eq(stores.supplierId, suppliers.id))
    .where(and(eq(suppliers.id, id), eq(suppliers.status, 'approved')))
    .limit(1);
  return row ?? null;
}

export async function findStore(db: Db, uid: string) {
  const [row] = await db
    .select({ store: storeColumns, supplier: supplierColumns })
    .from(stores)
    .innerJoin(suppliers, eq(suppliers.id, stores.supplierId))
    .where(and(eq(stores.uid, uid), eq(suppliers.status, 'approved')))
    .limit(1);
  return row ?? null;
}

export type TStoreRow = NonNullable<Awaited<ReturnType<typeof findStore>>>;

export async function storeCounts(db: Db, supplierId: number) {
  const [p] = await db.select({ n: count() }).from(products).where(and(eq(products.supplierId, supplierId), eq(products.status, 'on_sale')));
  const kinds = await db
    .select({ kind: storeArticles.kind, n: count() })
    .from(storeArticles)
    .where(and(eq(storeArticles.supplierId, supplierId), eq(storeArticles.status, 'published')))
    .groupBy(storeArticles.kind);
  const [r] = await db.select({ n: count() }).from(recruitments).where(and(eq(recruitments.supplierId, supplierId), eq(recruitments.status, 'open')));
  const byKind = new Map(kinds.map((k) => [k.kind, k.n]));
  return { products: p?.n ?? 0, articles: byKind.get('article') ?? 0, schemes: byKind.get('scheme') ?? 0, recruitments: r?.n ?? 0 };
}

/** The store's categories with their goods on sale, counted as the store's listing finds them. */
export async function storeCategoryRows(db: Db, supplierId: number) {
  const rows = await db
    .select({ id: storeCategories.id, parentId: storeCategories.parentId, name: storeCategories.name })
    .from(storeCategories)
    .where(eq(storeCategories.supplierId, supplierId))
    .orderBy(asc(storeCategories.sort), asc(storeCategories.id));
  const byId = await storeCategoryCounts(db, supplierId, eq(products.status, 'on_sale'));
  return rows.map((r) => ({ ...r, productCount: byId.get(r.id) ?? 0 }));
}

const articleCard = {
  id: storeArticles.id,
  kind: storeArticles.kind,
  title: storeArticles.title,
  summary: storeArticles.summary,
  cover: storeArticles.cover,
  views: storeArticles.views,
  createdAt: storeArticles.createdAt,
};

const publishedOf = (supplierId: number, kind?: string) =>
  and(eq(storeArticles.supplierId, supplierId), eq(storeArticles.status, 'published'), kind ? eq(storeArticles.kind, kind) : undefined)!;

export async function listStoreArticles(db: Db, supplierId: number, kind: string, page: number, pageSize: number) {
  const where = publishedOf(supplierId, kind);
  const [totalRow] = await db.select({ n: count() }).from(storeArticles).where(where);
  const rows = await db
    .select(articleCard)
    .from(storeArticles)
    .where(where)
    .orderBy(desc(storeArticles.createdAt), desc(storeArticles.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function findStoreArticle(db: Db, supplierId: number, id: number) {
  const [row] = await db
    .select({ ...articleCard, content: storeArticles.content, updatedAt: storeArticles.updatedAt })
    .from(storeArticles)
    .where(and(eq(storeArticles.id, id), publishedOf(supplierId)))
    .limit(1);
  if (!row) return null;
  // Neighbours of the same kind in list order (newest first): prev is newer, next is older.
  const sameKind = publishedOf(supplierId, row.kind);
  const [prev] = await db
    .select({ id: storeArticles.id, title: storeArticles.title })
    .from(storeArticles)
    .where(and(sameKind, or(gt(storeArticles.createdAt, row.createdAt), and(eq(storeArticles.createdAt, row.createdAt), gt(storeArticles.id, row.id)))))
    .orderBy(asc(storeArticles.createdAt), asc(storeArticles.id))
    .limit(1);
  const [next] = await db
    .select({ id: storeArticles.id, title: storeArticles.title })
    .from(storeArticles)
    .where(and(sameKind, or(lt(storeArticles.createdAt, row.createdAt), and(eq(storeArticles.createdAt, row.createdAt), lt(storeArticles.id, row.id)))))
    .orderBy(desc(storeArticles.createdAt), desc(storeArticles.id))
    .limit(1);
  return { ...row, prev: prev ?? null, next: next ?? null };
}

export async function incrementStoreArticleViews(db: Db, id: number) {
  await db.update(storeArticles).set({ views: sql`${storeArticles.views} + 1` }).where(eq(storeArticles.id, id));
}

export async function listRecruitments(db: Db, supplierId: number, page: number, pageSize: number) {
  const where = and(eq(recruitments.supplierId, supplierId), eq(recruitments.status, 'open'));
  const [totalRow] = await db.select({ n: count() }).from(recruitments).where(where);
  const rows = await db
    .select({
      id: recruitments.id,
      title: recruitments.title,
      city: recruitments.city,
      salary: recruitments.salary,
      headcount: recruitments.headcount,
      education: recruitments.education,
      experience: recruitments.experience,
      description: recruitments.description,
      createdAt: recruitments.createdAt,
    })
    .from(recruitments)
    .where(where)
    .orderBy(desc(recruitments.createdAt), desc(recruitments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function featuredStores(db: Db, limit: number) {
  return db
    .select({ store: storeColumns, supplier: supplierColumns })
    .from(stores)
    .innerJoin(suppliers, eq(suppliers.id, stores.supplierId))
    .where(eq(suppliers.status, 'approved'))
    .orderBy(desc(suppliers.verified), desc(stores.views), asc(stores.id))
    .limit(limit);
}
