// SQL for favourites: existence of the target, collect/uncollect, status and the joined lists.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TCollectKind } from '../../../contracts/content.js';
import type { Db } from '../../db/client.js';
import { articles, collections, products, stores, suppliers } from '../../db/schema.js';

// Only public targets can be collected and are listed: goods on sale from an approved supplier,
// stores of approved suppliers, articles already published. A draft, a store awaiting approval or
// an article scheduled for later never shows through a favourite.
const publicProduct = and(eq(products.status, 'on_sale'), eq(suppliers.status, 'approved'));
const publicShop = eq(suppliers.status, 'approved');
const publishedArticle = sql`${articles.publishedAt} <= now() and ${articles.status} = 'published'`;

export async function targetExists(db: Db, kind: TCollectKind, id: number): Promise<boolean> {
  const rows =
    kind === 'product'
      ? await db.select({ id: products.id }).from(products).innerJoin(suppliers, eq(suppliers.id, products.supplierId)).where(and(eq(products.id, id), publicProduct)).limit(1)
      : kind === 'shop'
        ? await db.select({ id: stores.id }).from(stores).innerJoin(suppliers, eq(suppliers.id, stores.supplierId)).where(and(eq(stores.id, id), publicShop)).limit(1)
        : await db.select({ id: articles.id }).from(articles).where(and(eq(articles.id, id), publishedArticle)).limit(1);
  return rows.length > 0;
}

/** Collecting twice keeps the first row: the call is idempotent. */
export async function collect(db: Db, memberId: number, kind: TCollectKind, targetId: number) {
  await db.insert(collections).values({ memberId, kind, targetId }).onConflictDoNothing();
}

export async function uncollect(db: Db, memberId: number, kind: TCollectKind, targetId: number) {
  await db.delete(collections).where(and(eq(collections.memberId, memberId), eq(collections.kind, kind), eq(collections.targetId, targetId)));
}

export async function collectedIds(db: Db, memberId: number, kind: TCollectKind, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: collections.targetId })
    .from(collections)
    .where(and(eq(collections.memberId, memberId), eq(collections.kind, kind), inArray(collections.targetId, ids)));
  return rows.map((r) => r.id);
}

const mine = (memberId: number, kind: TCollectKind) => and(eq(collections.memberId, memberId), eq(collections.kind, kind));
type TPaging = { page: number; pageSize: number };
const offset = (p: TPaging) => (p.page - 1) * p.pageSize;

// Each list joins the target with an inner join, so a favourite whose target was removed or is no
// longer public is neither listed nor counted.

export async function collectedProducts(db: Db, memberId: number, p: TPaging) {
  const where = mine(memberId, 'product');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        targetId: collections.targetId,
        collectedAt: collections.createdAt,
        name: products.name,
        model: products.model,
        price: products.price,
        unit: products.unit,
        coverImage: products.coverImage,
        status: products.status,
        supplierName: suppliers.companyName,
        storeUid: stores.uid,
      })
      .from(collections)
      .innerJoin(products, eq(products.id, collections.targetId))
      .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
      .leftJoin(stores, eq(stores.supplierId, suppliers.id))
      .where(and(where, publicProduct))
      .orderBy(desc(collections.createdAt), desc(collections.targetId))
      .limit(p.pageSize)
      .offset(offset(p)),
    db
      .select({ n: count() })
      .from(collections)
      .innerJoin(products, eq(products.id, collections.targetId))
      .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
      .where(and(where, publicProduct)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function collectedShops(db: Db, memberId: number, p: TPaging) {
  const where = mine(memberId, 'shop');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        targetId: collections.targetId,
        collectedAt: collections.createdAt,
        name: stores.name,
        uid: stores.uid,
        logo: stores.logo,
        slogan: stores.slogan,
        companyName: suppliers.companyName,
        region: sql<string | null>`nullif(concat_ws(' ', ${suppliers.province}, nullif(${suppliers.city}, ${suppliers.province})), '')`,
        verified: suppliers.verified,
      })
      .from(collections)
      .innerJoin(stores, eq(stores.id, collections.targetId))
      .innerJoin(suppliers, eq(suppliers.id, stores.supplierId))
      .where(and(where, publicShop))
      .orderBy(desc(collections.createdAt), desc(collections.targetId))
      .limit(p.pageSize)
      .offset(offset(p)),
    db
      .select({ n: count() })
      .from(collections)
      .innerJoin(stores, eq(stores.id, collections.targetId))
      .innerJoin(suppliers, eq(suppliers.id, stores.supplierId))
      .where(and(where, publicShop)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function collectedArticles(db: Db, memberId: number, p: TPaging) {
  const where = mine(memberId, 'article');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        targetId: collections.targetId,
        collectedAt: collections.createdAt,
        title: articles.title,
        summary: articles.summary,
        category: articles.category,
        publishedAt: articles.publishedAt,
      })
      .from(collections)
      .innerJoin(articles, eq(articles.id, collections.targetId))
      .where(and(where, publishedArticle))
      .orderBy(desc(collections.createdAt), desc(collections.targetId))
      .limit(p.pageSize)
      .offset(offset(p)),
    db
      .select({ n: count() })
      .from(collections)
      .innerJoin(articles, eq(articles.id, collections.targetId))
      .where(and(where, publishedArticle)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
