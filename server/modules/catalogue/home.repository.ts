// SQL for the home page's side sections (demands, news, technical articles) and the sitemap.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles, brands, demands, news, products, stores, suppliers } from '../../db/schema.js';

// Demands still taking quotations: open ones, and those that already have some (QUOTED).
const TAKING_QUOTATIONS = ['OPEN', 'QUOTED'];

export async function latestOpenDemands(db: Db, limit: number) {
  return db
    .select({
      id: demands.id,
      title: demands.title,
      quantity: demands.quantity,
      unit: demands.unit,
      province: demands.province,
      companyName: demands.companyName,
      quoteDeadline: demands.quoteDeadline,
      createdAt: demands.createdAt,
    })
    .from(demands)
    .where(inArray(demands.status, TAKING_QUOTATIONS))
    .orderBy(desc(demands.createdAt), desc(demands.id))
    .limit(limit);
}

export async function countOpenDemands(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(demands).where(inArray(demands.status, TAKING_QUOTATIONS));
  return row?.n ?? 0;
}

export async function countApprovedSuppliers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(suppliers).where(eq(suppliers.status, 'approved'));
  return row?.n ?? 0;
}

export async function latestNews(db: Db, limit: number) {
  return db
    .select({ id: news.id, title: news.title, category: news.category, summary: news.summary, publishedAt: news.publishedAt })
    .from(news)
    .where(and(sql`${news.publishedAt} <= now()`, eq(news.status, 'published')))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit);
}

export async function latestArticles(db: Db, limit: number) {
  return db
    .select({ id: articles.id, title: articles.title, category: articles.category, summary: articles.summary, publishedAt: articles.publishedAt })
    .from(articles)
    .where(and(sql`${articles.publishedAt} <= now()`, eq(articles.status, 'published')))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

/** Platform brands first (the ones suppliers registered come after), logo-bearing first. */
export async function featuredBrands(db: Db, limit: number) {
  return db
    .select({ id: brands.id, name: brands.name, nameEn: brands.nameEn, country: brands.country, logo: brands.logo })
    .from(brands)
    .where(eq(brands.status, 'approved'))
    .orderBy(sql`${brands.supplierId} IS NOT NULL`, sql`${brands.logo} IS NULL`, asc(brands.id))
    .limit(limit);
}

// ---- sitemap -----------------------------------------------------------------------------

export async function sitemapProducts(db: Db, limit: number) {
  if (limit <= 0) return [];
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    // public goods only: on sale, from a supplier the platform has approved
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(and(eq(products.status, 'on_sale'), eq(suppliers.status, 'approved')))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

export async function sitemapStores(db: Db) {
  return db
    .select({ uid: stores.uid, createdAt: stores.createdAt })
    .from(stores)
    .innerJoin(suppliers, eq(suppliers.id, stores.supplierId))
    .where(eq(suppliers.status, 'approved'))
    .orderBy(asc(stores.id))
    .limit(10_000);
}

export async function sitemapNews(db: Db, limit: number) {
  return db
    .select({ id: news.id, at: news.publishedAt })
    .from(news)
    .where(and(sql`${news.publishedAt} <= now()`, eq(news.status, 'published')))
    .orderBy(desc(news.publishedAt))
    .limit(limit);
}

export async function sitemapArticles(db: Db, limit: number) {
  return db
    .select({ id: articles.id, at: articles.publishedAt })
    .from(articles)
    .where(and(sql`${articles.publishedAt} <= now()`, eq(articles.status, 'published')))
    .orderBy(desc(articles.publishedAt))
    .limit(limit);
}
