// Platform moderation of goods: the admin lists every supplier's products and takes a single one
// down with a reason. The product goes off sale (status off_shelf), so it leaves the shop, search
// and the sitemap at once (the products trigger of migration 0009 drops the cached answers, and
// every public query reads on_sale goods only). The supplier sees the reason in 商品管理 and gets an
// in-app notice; re-listing needs no review: putting it on sale again clears the reason (trigger of
// migration 0013).
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { takedownNotice, type TAdminProduct, type ZAdminProductQuery, type ZTakedownBody } from '../../../contracts/moderation.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { products, stores, suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { mustHaveUpdated, nextVersion, sameVersion } from '../../lib/versioned.js';
import { audit, iso, isoOrNull, likePattern, notifyMember } from './admin.common.js';

const NOT_FOUND = '商品不存在或已被删除';

function statusFilter(status: z.output<typeof ZAdminProductQuery>['status']): SQL | undefined {
  if (!status) return undefined;
  if (status === 'taken_down') return and(eq(products.status, 'off_shelf'), isNotNull(products.takedownReason));
  if (status === 'off_shelf') return and(eq(products.status, 'off_shelf'), isNull(products.takedownReason));
  return eq(products.status, status);
}

export async function list(db: Db, q: z.output<typeof ZAdminProductQuery>): Promise<TPage<TAdminProduct>> {
  const conds: (SQL | undefined)[] = [statusFilter(q.status)];
  if (q.keyword) {
    const p = likePattern(q.keyword);
    conds.push(or(ilike(products.name, p), ilike(products.model, p), ilike(suppliers.companyName, p), /^\d{1,9}$/.test(q.keyword) ? eq(products.id, Number(q.keyword)) : undefined));
  }
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        model: products.model,
        price: products.price,
        unit: products.unit,
        status: products.status,
        coverImage: products.coverImage,
        supplierId: products.supplierId,
        companyName: suppliers.companyName,
        storeUid: stores.uid,
        takedownReason: products.takedownReason,
        takenDownAt: products.takenDownAt,
        updatedAt: products.updatedAt,
        version: products.version,
      })
      .from(products)
      .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
      .leftJoin(stores, eq(stores.supplierId, products.supplierId))
      .where(where)
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(products).innerJoin(suppliers, eq(suppliers.id, products.supplierId)).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, price: r.price === null ? null : Number(r.price), takenDownAt: isoOrNull(r.takenDownAt), updatedAt: iso(r.updatedAt) })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function takeDown(db: Db, actorId: number, id: number, body: z.output<typeof ZTakedownBody>) {
  const [row] = await db
    .select({ id: products.id, name: products.name, status: products.status, memberId: suppliers.memberId })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const updated = await t
      .update(products)
      .set({ status: 'off_shelf', takedownReason: body.reason, takenDownAt: new Date(), updatedAt: new Date(), version: nextVersion(products.version) } as unknown as Partial<typeof products.$inferInsert>)
      .where(and(eq(products.id, id), sameVersion(products.version, body.version), eq(products.status, 'on_sale')))
      .returning({ id: products.id });
    if (!updated.length) {
      // Either someone changed it since the list was loaded (409) or it is not on sale.
      const [now] = await t.select({ version: products.version, status: products.status }).from(products).where(eq(products.id, id)).limit(1);
      if (now && now.version === body.version && now.status !== 'on_sale') throw new AppError('BAD_REQUEST', '只能下架在售的商品');
      mustHaveUpdated(updated);
    }
    await audit(t, { entity: 'product', entityId: id, fromState: row.status, toState: 'taken_down', actorId, note: body.reason });
    const notice = takedownNotice(row.name, body.reason);
    await notifyMember(t, row.memberId, notice.title, notice.content, `/admin/supplier/goods?status=off_shelf&keyword=${encodeURIComponent(row.name.slice(0, 60))}`);
  });
}
