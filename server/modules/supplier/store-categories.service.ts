// The supplier's store categories: a tree of at most two levels, ordered by sort then id.
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { STORE_CATEGORY_MAX, type TStoreCategoryNode, type ZStoreCategoryInput } from '../../../contracts/backoffice.js';
import type { Db } from '../../db/client.js';
import { storeCategories } from '../../db/schema.js';
import { storeCategoryCounts } from '../catalogue/products.repository.js';
import { AppError } from '../../errors.js';
import { mustHaveUpdated, nextVersion, sameVersion } from '../../lib/versioned.js';
import { clearStoreCategory } from './products.repository.js';
import type { TOwnSupplier } from './supplier.context.js';

type TInput = z.output<typeof ZStoreCategoryInput>;
const NOT_FOUND = '店铺分类不存在';

async function all(db: Db, supplierId: number) {
  return db
    .select()
    .from(storeCategories)
    .where(eq(storeCategories.supplierId, supplierId))
    .orderBy(asc(storeCategories.sort), asc(storeCategories.id))
    .limit(STORE_CATEGORY_MAX * 2);
}

export async function tree(db: Db, me: TOwnSupplier): Promise<TStoreCategoryNode[]> {
  // Goods of every status, counted by the rule 商品管理 lists them with (a parent includes its sub-categories).
  const [rows, counts] = await Promise.all([all(db, me.id), storeCategoryCounts(db, me.id)]);
  const countOf = (id: number) => counts.get(id) ?? 0;
  const node = (r: (typeof rows)[number]): TStoreCategoryNode => ({ id: r.id, parentId: r.parentId, name: r.name, sort: r.sort, productCount: countOf(r.id), children: [] });
  const top = rows.filter((r) => r.parentId === 0).map(node);
  for (const r of rows) {
    if (r.parentId === 0) continue;
    const parent = top.find((t) => t.id === r.parentId);
    if (parent) parent.children.push(node(r));
  }
  return top;
}

async function mustOwn(db: Db, me: TOwnSupplier, id: number) {
  const [row] = await db
    .select()
    .from(storeCategories)
    .where(and(eq(storeCategories.id, id), eq(storeCategories.supplierId, me.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

async function hasChildren(db: Db, me: TOwnSupplier, id: number) {
  const rows = await db
    .select({ id: storeCategories.id })
    .from(storeCategories)
    .where(and(eq(storeCategories.supplierId, me.id), eq(storeCategories.parentId, id)))
    .limit(1);
  return rows.length > 0;
}

export async function detail(db: Db, me: TOwnSupplier, id: number) {
  const row = await mustOwn(db, me, id);
  return { id: row.id, parentId: row.parentId, name: row.name, sort: row.sort, hasChildren: await hasChildren(db, me, id), version: row.version };
}

async function checkParentAndName(db: Db, me: TOwnSupplier, input: TInput, selfId?: number) {
  if (input.parentId !== 0) {
    if (input.parentId === selfId) throw new AppError('BAD_REQUEST', '上级分类不能是自己');
    const [parent] = await db
      .select()
      .from(storeCategories)
      .where(and(eq(storeCategories.id, input.parentId), eq(storeCategories.supplierId, me.id)))
      .limit(1);
    if (!parent) throw new AppError('BAD_REQUEST', '上级分类不存在');
    if (parent.parentId !== 0) throw new AppError('BAD_REQUEST', '店铺分类最多两级，请选择一级分类作为上级');
  }
  const same = await db
    .select({ id: storeCategories.id })
    .from(storeCategories)
    .where(and(eq(storeCategories.supplierId, me.id), eq(storeCategories.parentId, input.parentId), eq(storeCategories.name, input.name)));
  if (same.some((s) => s.id !== selfId)) throw new AppError('CONFLICT', '同一级下已有同名分类');
}

export async function create(db: Db, me: TOwnSupplier, input: TInput): Promise<number> {
  const [n] = await db.select({ n: count() }).from(storeCategories).where(eq(storeCategories.supplierId, me.id));
  if ((n?.n ?? 0) >= STORE_CATEGORY_MAX) throw new AppError('BAD_REQUEST', `店铺分类最多${STORE_CATEGORY_MAX}个`);
  await checkParentAndName(db, me, input);
  const [row] = await db
    .insert(storeCategories)
    .values({ supplierId: me.id, name: input.name, parentId: input.parentId, sort: input.sort })
    .returning({ id: storeCategories.id });
  return row!.id;
}

export async function update(db: Db, me: TOwnSupplier, id: number, input: TInput) {
  const current = await mustOwn(db, me, id);
  await checkParentAndName(db, me, input, id);
  if (input.parentId !== 0 && current.parentId === 0 && (await hasChildren(db, me, id))) {
    throw new AppError('BAD_REQUEST', '该分类下还有子分类，不能设为二级分类');
  }
  const { version, ...fields } = input;
  const rows = await db
    .update(storeCategories)
    .set({ ...fields, version: nextVersion(storeCategories.version) })
    .where(and(eq(storeCategories.id, id), sameVersion(storeCategories.version, version)))
    .returning({ id: storeCategories.id });
  mustHaveUpdated(rows);
}

export async function remove(db: Db, me: TOwnSupplier, id: number) {
  await mustOwn(db, me, id);
  if (await hasChildren(db, me, id)) throw new AppError('CONFLICT', '请先删除或移走该分类下的子分类');
  await db.transaction(async (tx) => {
    await clearStoreCategory(tx as unknown as Db, me.id, id);
    await tx.delete(storeCategories).where(eq(storeCategories.id, id));
  });
}

/** Moves a category one place among its siblings; siblings are renumbered 10, 20, 30… */
export async function move(db: Db, me: TOwnSupplier, id: number, direction: 'up' | 'down') {
  const row = await mustOwn(db, me, id);
  const siblings = (await all(db, me.id)).filter((r) => r.parentId === row.parentId);
  const at = siblings.findIndex((s) => s.id === id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (to < 0 || to >= siblings.length) throw new AppError('BAD_REQUEST', direction === 'up' ? '已经是第一个了' : '已经是最后一个了');
  [siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!];
  await db.transaction(async (tx) => {
    for (const [i, s] of siblings.entries()) {
      if (s.sort !== (i + 1) * 10) await tx.update(storeCategories).set({ sort: (i + 1) * 10 }).where(eq(storeCategories.id, s.id));
    }
  });
}
