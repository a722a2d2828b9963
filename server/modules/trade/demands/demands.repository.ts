// SQL for demands: the hall, the purchaser's list, one demand, categories and product summaries.
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { acceptsQuotations, PUBLIC_DEMAND_STATES, type TCategoryNode, type TDemandListItem, type TDemandState, type TProductSummary } from '../../../../contracts/trade.js';
import type { Db } from '../../../db/client.js';
import { brands, categories, demands, products, quotations, stores, suppliers } from '../../../db/schema.js';
import { iso, maskBuyer, num } from '../common.js';

export type TDemandRow = typeof demands.$inferSelect;

/** Quotations that count: withdrawn ones do not (for the cap and the hall's figure). */
export const quotationCountSql = sql<number>`(select count(*)::int from quotations q where q.demand_id = ${demands.id} and q.status <> 'WITHDRAWN')`;
const pendingCountSql = sql<number>`(select count(*)::int from quotations q where q.demand_id = ${demands.id} and q.status = 'SUBMITTED')`;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Province names in the data are either full (江苏省) or short (江苏): match on the short form. */
export function provincePrefix(name: string): string {
  const n = name.trim();
  return n.startsWith('内蒙古') || n.startsWith('黑龙江') ? n.slice(0, 3) : n.slice(0, 2);
}

/** The category and all of its descendants (the tree has three levels). */
export const inCategoryTree = (column: SQL | typeof demands.categoryId, id: number) =>
  sql`${column} in (with recursive t(id) as (select ${id}::int union all select c.id from categories c join t on c.parent_id = t.id) select id from t)`;

const listColumns = {
  id: demands.id,
  title: demands.title,
  categoryId: demands.categoryId,
  categoryName: categories.name,
  quantity: demands.quantity,
  unit: demands.unit,
  budget: demands.budget,
  budgetHidden: demands.budgetHidden,
  province: demands.province,
  city: demands.city,
  quoteDeadline: demands.quoteDeadline,
  status: demands.status,
  quoteCap: demands.quoteCap,
  quoteMode: demands.quoteMode,
  companyName: demands.companyName,
  contactName: demands.contactName,
  createdAt: demands.createdAt,
  quotationCount: quotationCountSql,
};
type TListRow = {
  id: number;
  title: string;
  categoryId: number | null;
  categoryName: string | null;
  quantity: number;
  unit: string;
  budget: string | number | null;
  budgetHidden: boolean;
  province: string | null;
  city: string | null;
  quoteDeadline: Date;
  status: string;
  quoteCap: number;
  quoteMode: string;
  companyName: string | null;
  contactName: string | null;
  createdAt: Date;
  quotationCount: number;
};

/** The contracts' rule (acceptsQuotations), on the clock the server runs on. */
export const isAccepting = (d: { status: string; quoteDeadline: Date; quoteCap: number }, quotationCount: number) => acceptsQuotations(d, quotationCount);

export function toListItem(r: TListRow, opts: { showBudget?: boolean } = {}): TDemandListItem {
  const count = Number(r.quotationCount ?? 0);
  return {
    id: r.id,
    title: r.title,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    quantity: r.quantity,
    unit: r.unit,
    budget: r.budgetHidden && !opts.showBudget ? null : num(r.budget),
    budgetHidden: r.budgetHidden,
    province: r.province,
    city: r.city,
    quoteDeadline: iso(r.quoteDeadline),
    status: r.status as TDemandState,
    quotationCount: count,
    quoteCap: r.quoteCap,
    quoteMode: r.quoteMode === 'public' ? 'public' : 'sealed',
    buyer: maskBuyer(r.companyName, r.contactName),
    accepting: isAccepting(r, count),
    createdAt: iso(r.createdAt),
  };
}

export type THallFilter = { keyword?: string; categoryId?: number; province?: string; status?: string; page: number; pageSize: number };

export async function hallPage(db: Db, f: THallFilter) {
  const conds: SQL[] = [];
  if (f.status === 'active') conds.push(inArray(demands.status, ['OPEN', 'QUOTED']));
  else if (f.status === 'ended') conds.push(inArray(demands.status, ['EVALUATING', 'AWARDED', 'EXPIRED', 'CLOSED']));
  else if (f.status) conds.push(eq(demands.status, f.status));
  else conds.push(inArray(demands.status, PUBLIC_DEMAND_STATES));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(demands.title, like), ilike(demands.description, like))!);
  }
  if (f.categoryId) conds.push(inCategoryTree(demands.categoryId, f.categoryId));
  if (f.province) conds.push(ilike(demands.province, `${escapeLike(provincePrefix(f.province))}%`));
  const where = and(...conds);
  const [total] = await db.select({ n: count() }).from(demands).where(where);
  const rows = await db
    .select(listColumns)
    .from(demands)
    .leftJoin(categories, eq(categories.id, demands.categoryId))
    .where(where)
    .orderBy(sql`case when ${demands.status} in ('OPEN','QUOTED') then 0 else 1 end`, desc(demands.createdAt), desc(demands.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { items: rows.map((r) => toListItem(r as TListRow)), total: total?.n ?? 0, page: f.page, pageSize: f.pageSize };
}

export type TMineFilter = { purchaserId: number | null; status?: string; keyword?: string; withQuotations?: boolean; page: number; pageSize: number };

export async function minePage(db: Db, f: TMineFilter) {
  const conds: SQL[] = [];
  if (f.purchaserId !== null) conds.push(eq(demands.purchaserId, f.purchaserId));
  if (f.status) conds.push(eq(demands.status, f.status));
  if (f.keyword) conds.push(ilike(demands.title, `%${escapeLike(f.keyword)}%`));
  if (f.withQuotations) conds.push(sql`exists (select 1 from quotations q where q.demand_id = ${demands.id} and q.status <> 'WITHDRAWN')`);
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(demands).where(where);
  const rows = await db
    .select({ ...listColumns, needBy: demands.needBy, updatedAt: demands.updatedAt, repostOf: demands.repostOf, newQuotations: pendingCountSql, rejectReason: demands.rejectReason })
    .from(demands)
    .leftJoin(categories, eq(categories.id, demands.categoryId))
    .where(where)
    .orderBy(desc(demands.updatedAt), desc(demands.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return {
    items: rows.map((r) => ({
      ...toListItem(r as TListRow, { showBudget: true }),
      needBy: r.needBy ? iso(r.needBy) : null,
      updatedAt: iso(r.updatedAt),
      repostOf: r.repostOf,
      newQuotations: Number(r.newQuotations ?? 0),
      rejectReason: r.status === 'REJECTED' ? r.rejectReason : null,
    })),
    total: total?.n ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** Demands per state for the tabs of 我的求购, with the list's keyword: each figure equals the rows its tab lists. */
export async function stateCounts(db: Db, purchaserId: number | null, keyword?: string): Promise<Record<string, number>> {
  const conds: SQL[] = [];
  if (purchaserId !== null) conds.push(eq(demands.purchaserId, purchaserId));
  if (keyword) conds.push(ilike(demands.title, `%${escapeLike(keyword)}%`));
  const rows = await db
    .select({ status: demands.status, n: count() })
    .from(demands)
    .where(conds.length ? and(...conds) : undefined)
    .groupBy(demands.status);
  const out: Record<string, number> = { ALL: 0 };
  for (const r of rows) {
    out[r.status] = r.n;
    out.ALL! += r.n;
  }
  return out;
}

export async function findDemand(db: Db, id: number, forUpdate = false): Promise<TDemandRow | null> {
  const q = db.select().from(demands).where(eq(demands.id, id)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function demandWithCount(db: Db, id: number) {
  const [row] = await db
    .select({ demand: demands, categoryName: categories.name, quotationCount: quotationCountSql })
    .from(demands)
    .leftJoin(categories, eq(categories.id, demands.categoryId))
    .where(eq(demands.id, id))
    .limit(1);
  return row ?? null;
}

export async function countLiveQuotations(db: Db, demandId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(quotations)
    .where(and(eq(quotations.demandId, demandId), ne(quotations.status, 'WITHDRAWN')));
  return row?.n ?? 0;
}

export async function categoryExists(db: Db, id: number) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return Boolean(row);
}

export async function categoryTree(db: Db): Promise<TCategoryNode[]> {
  const rows = await db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories).orderBy(asc(categories.sort), asc(categories.id)).limit(5000);
  const nodes = new Map<number, TCategoryNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: TCategoryNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

export async function productSummary(db: Db, id: number): Promise<TProductSummary | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      model: products.model,
      price: products.price,
      unit: products.unit,
      categoryId: products.categoryId,
      brandName: brands.name,
      supplierId: suppliers.id,
      companyName: suppliers.companyName,
      storeUid: stores.uid,
      status: products.status,
      supplierStatus: suppliers.status,
    })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(stores, eq(stores.supplierId, suppliers.id))
    .where(eq(products.id, id))
    .limit(1);
  // public goods only: on sale, from a supplier the platform has approved
  if (!row || row.status !== 'on_sale' || row.supplierStatus !== 'approved') return null;
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    price: num(row.price),
    unit: row.unit,
    categoryId: row.categoryId,
    brandName: row.brandName,
    supplier: { id: row.supplierId, companyName: row.companyName, storeUid: row.storeUid },
  };
}
