// Bulk goods by Excel: the template's lists, the dry run (every problem by row and column, nothing
// written), the import job (upserts by the supplier's 货号, indexed for search like the form's
// saves; the answer cache drops on the products trigger) and the export of the filtered list.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PRODUCT_LIMITS, PRODUCT_STATUSES, ZPrice, ZProductInput, type TProductStatus } from '../../../contracts/backoffice.js';
import {
  CATEGORY_PATH_SEPARATOR,
  GOODS_COLUMNS,
  GOODS_EXCEL_MAX_ROWS,
  GOODS_IMPORT_PROBLEMS_SHOWN,
  PRICE_ON_REQUEST,
  SKU_MAX,
  type TGoodsColumn,
  type TGoodsImportCheck,
  type TGoodsImportJob,
  type TGoodsImportProblem,
  type ZGoodsExportQuery,
} from '../../../contracts/goods-excel.js';
import type { Db } from '../../db/client.js';
import { brands, categories, goodsImportJobs, productParams, products } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { SEARCH_INDEX_VERSION, searchTokensValue } from '../../lib/search-tokens.js';
import { goodsWorkbook, readGoodsRows, type TGoodsSheetRow, type TReadRow } from './goods-excel.workbook.js';
import * as repo from './products.repository.js';
import type { TOwnSupplier } from './supplier.context.js';

// ---- what a file may name ------------------------------------------------------------------

type TBrandRef = { id: number; name: string; nameEn: string | null };
type TLists = {
  /** Leaf category paths (top level first) in tree order, with their ids and names. */
  leaves: { id: number; path: string; names: string[] }[];
  byPath: Map<string, number>;
  innerPaths: Set<string>;
  leafByName: Map<string, number[]>;
  pathById: Map<number, string>;
  brands: TBrandRef[];
  brandByName: Map<string, TBrandRef>;
  /** The supplier's own brands still pending or rejected, for a precise message. */
  ownUnapproved: Map<string, string>;
};

const norm = (s: string) => s.trim().toLowerCase();
const splitPath = (s: string) =>
  s
    .split(/[>＞]/)
    .map((p) => p.trim())
    .filter(Boolean);

async function loadLists(db: Db, me: TOwnSupplier): Promise<TLists> {
  const [cats, brandRows] = await Promise.all([
    db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    db.select({ id: brands.id, name: brands.name, nameEn: brands.nameEn, status: brands.status, supplierId: brands.supplierId }).from(brands).orderBy(asc(brands.name), asc(brands.id)),
  ]);
  const children = new Map<number, typeof cats>();
  for (const c of cats) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c]);
  const lists: TLists = { leaves: [], byPath: new Map(), innerPaths: new Set(), leafByName: new Map(), pathById: new Map(), brands: [], brandByName: new Map(), ownUnapproved: new Map() };
  const walk = (parentId: number, names: string[], depth: number) => {
    for (const c of children.get(parentId) ?? []) {
      const path = [...names, c.name];
      const text = path.join(CATEGORY_PATH_SEPARATOR);
      lists.pathById.set(c.id, text);
      if (children.has(c.id) && depth < 5) {
        lists.innerPaths.add(norm(text));
        walk(c.id, path, depth + 1);
      } else {
        lists.leaves.push({ id: c.id, path: text, names: path });
        lists.byPath.set(norm(text), c.id);
        lists.leafByName.set(norm(c.name), [...(lists.leafByName.get(norm(c.name)) ?? []), c.id]);
      }
    }
  };
  walk(0, [], 0);
  for (const b of brandRows) {
    if (b.status === 'approved') {
      lists.brands.push(b);
      for (const key of [b.name, b.nameEn]) if (key && !lists.brandByName.has(norm(key))) lists.brandByName.set(norm(key), b);
    } else if (b.supplierId === me.id) {
      lists.ownUnapproved.set(norm(b.name), b.status);
    }
  }
  return lists;
}

export async function template(db: Db, me: TOwnSupplier): Promise<Buffer> {
  const lists = await loadLists(db, me);
  return goodsWorkbook({ categoryPaths: lists.leaves.map((l) => l.path), brands: lists.brands.map((b) => b.name) });
}

// ---- the dry run -----------------------------------------------------------------------------

type TRowPlan = {
  row: number;
  sku: string;
  name: string;
  model: string | null;
  categoryId: number;
  categoryNames: string[];
  brand: TBrandRef | null;
  price: number | null;
  unit: string;
  origin: string | null;
  summary: string | null;
  params: { name: string; value: string }[];
  status: TProductStatus;
};

const ZRowText = ZProductInput.pick({ name: true, model: true, unit: true, origin: true, summary: true, params: true });
const TEXT_COLUMN: Record<string, TGoodsColumn> = { name: 'name', model: 'model', unit: 'unit', origin: 'origin', summary: 'summary', params: 'params' };
const STATUS_BY_LABEL = new Map<string, TProductStatus>(Object.entries(PRODUCT_STATUSES).flatMap(([k, label]) => [[label, k as TProductStatus], [k, k as TProductStatus]]));

/** `名称:值` lines (a full-width colon too); a line without one is a problem of its own. */
function parseParams(text: string, problem: (message: string) => void): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .forEach((line, i) => {
      const at = line.search(/[:：]/);
      if (at <= 0 || !line.slice(at + 1).trim()) return problem(`第${i + 1}行“${line.slice(0, 20)}”格式应为“名称:值”`);
      out.push({ name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() });
    });
  return out;
}

function parsePrice(raw: unknown, text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  if (!text || text === PRICE_ON_REQUEST) return { ok: true, value: null };
  const n = typeof raw === 'number' ? raw : Number(text.replace(/^[¥￥]/, '').replace(/[,，\s]/g, ''));
  if (!Number.isFinite(n)) return { ok: false, message: `价格必须是数字或“${PRICE_ON_REQUEST}”` };
  const r = ZPrice.safeParse(n);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]!.message };
}

function planRow(r: TReadRow, lists: TLists, problem: (column: TGoodsColumn, message: string) => void): TRowPlan | null {
  const c = r.cells;
  let problems = 0;
  const report = (column: TGoodsColumn, message: string) => {
    problems++;
    problem(column, message);
  };
  const sku = c.sku ?? '';
  if (!sku) report('sku', '货号不能为空');
  else if (sku.length > SKU_MAX) report('sku', `货号不能超过${SKU_MAX}个字符`);

  let categoryId = 0;
  const catText = c.category ?? '';
  if (!catText) report('category', '商品分类不能为空');
  else {
    const parts = splitPath(catText);
    const key = norm(parts.join(CATEGORY_PATH_SEPARATOR));
    const byName = parts.length === 1 ? lists.leafByName.get(key) : undefined;
    if (lists.byPath.has(key)) categoryId = lists.byPath.get(key)!;
    else if (byName?.length === 1) categoryId = byName[0]!;
    else if (lists.innerPaths.has(key)) report('category', `请选择最末一级商品分类：${catText}`);
    else report('category', `商品分类不存在：${catText}`);
  }

  let brand: TBrandRef | null = null;
  const brandText = c.brand ?? '';
  if (brandText) {
    brand = lists.brandByName.get(norm(brandText)) ?? null;
    const own = lists.ownUnapproved.get(norm(brandText));
    if (!brand) report('brand', own === 'pending' ? `品牌“${brandText}”尚在审核中，通过后才能使用` : own ? `品牌“${brandText}”未通过审核，不能使用` : `品牌“${brandText}”不存在，请从下拉列表选择已审核的品牌`);
  }

  const price = parsePrice(r.rawPrice, c.price ?? '');
  if (!price.ok) report('price', price.message);

  const statusText = c.status ?? '';
  const status = statusText ? STATUS_BY_LABEL.get(statusText) : 'on_sale';
  if (!status) report('status', `状态只能填写：${Object.values(PRODUCT_STATUSES).join('、')}`);

  const params = parseParams(c.params ?? '', (m) => report('params', m));
  const text = ZRowText.safeParse({ name: c.name ?? '', model: c.model, unit: c.unit || '台', origin: c.origin, summary: c.summary, params });
  if (!text.success) {
    const seen = new Set<string>();
    for (const issue of text.error.issues) {
      // One message per field: an empty name is 不能为空, not also 至少需要2个字符.
      const field = issue.path.join('.');
      if (seen.has(field)) continue;
      seen.add(field);
      const column = TEXT_COLUMN[String(issue.path[0])] ?? 'name';
      const item = column === 'params' && typeof issue.path[1] === 'number' ? `第${issue.path[1] + 1}项：` : '';
      report(column, item + issue.message);
    }
  }
  if (problems || !text.success || !price.ok || !status) return null;
  return {
    row: r.row,
    sku,
    name: text.data.name,
    model: text.data.model,
    categoryId,
    categoryNames: lists.leaves.find((l) => l.id === categoryId)?.names ?? [],
    brand,
    price: price.value,
    unit: text.data.unit,
    origin: text.data.origin,
    summary: text.data.summary,
    params: text.data.params,
    status,
  };
}

async function ownSkus(db: Db, supplierId: number): Promise<Set<string>> {
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .where(and(eq(products.supplierId, supplierId), sql`${products.sku} is not null`));
  return new Set(rows.map((r) => r.sku!));
}

/** Reads and checks a file; nothing is written. */
export async function check(db: Db, me: TOwnSupplier, file: Buffer): Promise<{ result: TGoodsImportCheck; plans: TRowPlan[] }> {
  const { rows, missing } = await readGoodsRows(file);
  if (missing.length) throw new AppError('BAD_REQUEST', `表头缺少“${missing.join('”“')}”列，请使用下载的模板填写`);
  if (!rows.length) throw new AppError('BAD_REQUEST', '文件中没有商品数据');
  const [lists, existing] = await Promise.all([loadLists(db, me), ownSkus(db, me.id)]);
  const problems: TGoodsImportProblem[] = [];
  const plans: TRowPlan[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const r of rows) {
    const plan = planRow(r, lists, (column, message) => problems.push({ row: r.row, column: GOODS_COLUMNS[column], message }));
    const sku = r.cells.sku ?? '';
    if (sku) {
      const first = firstRowOfSku.get(sku);
      if (first !== undefined) {
        problems.push({ row: r.row, column: GOODS_COLUMNS.sku, message: `货号“${sku}”与第${first}行重复` });
        continue;
      }
      firstRowOfSku.set(sku, r.row);
    }
    if (plan) plans.push(plan);
  }
  problems.sort((a, b) => a.row - b.row);
  const updates = plans.filter((p) => existing.has(p.sku)).length;
  return {
    result: { rows: rows.length, creates: plans.length - updates, updates, problemCount: problems.length, problems: problems.slice(0, GOODS_IMPORT_PROBLEMS_SHOWN) },
    plans,
  };
}

// ---- the import job --------------------------------------------------------------------------

const CHUNK = 200;
/** A running job not heard from for this long is taken as dead (its process stopped). */
const STALE_MS = 10 * 60_000;

function jobAnswer(j: typeof goodsImportJobs.$inferSelect): TGoodsImportJob {
  const stale = j.state === 'running' && Date.now() - j.updatedAt.getTime() > STALE_MS;
  return {
    id: j.id,
    state: stale ? 'failed' : (j.state as TGoodsImportJob['state']),
    rows: j.rows,
    processed: j.processed,
    created: j.created,
    updated: j.updated,
    message: stale ? '导入中断，请重新导入（已导入的商品会按货号更新，不会重复）' : j.message,
  };
}

/** Checks the file again and, when it has no problem, starts writing it in the background. */
export async function start(db: Db, log: FastifyBaseLogger, me: TOwnSupplier, file: Buffer): Promise<{ jobId: string; rows: number }> {
  const { result, plans } = await check(db, me, file);
  if (result.problemCount) throw new AppError('BAD_REQUEST', `文件中有${result.problemCount}处问题，未导入任何商品，请修正后重新上传`);
  const [running] = await db
    .select({ id: goodsImportJobs.id })
    .from(goodsImportJobs)
    .where(and(eq(goodsImportJobs.supplierId, me.id), eq(goodsImportJobs.state, 'running'), gt(goodsImportJobs.updatedAt, new Date(Date.now() - STALE_MS))))
    .limit(1);
  if (running) throw new AppError('CONFLICT', '已有一个导入任务正在进行，请等待完成后再导入');
  const jobId = randomUUID();
  await db.insert(goodsImportJobs).values({ id: jobId, supplierId: me.id, rows: plans.length });
  void run(db, me, jobId, plans).catch(async (err: unknown) => {
    log.error({ err, jobId }, 'goods import failed');
    await db
      .update(goodsImportJobs)
      .set({ state: 'failed', message: '导入中断，请重新导入（已导入的商品会按货号更新，不会重复）', updatedAt: new Date() })
      .where(eq(goodsImportJobs.id, jobId))
      .catch(() => undefined);
  });
  return { jobId, rows: plans.length };
}

const KNOWN_STATUSES = Object.keys(PRODUCT_STATUSES).map((s) => `'${s}'`).join(',');

/** Writes the rows in chunks, one transaction each, and records the progress after every chunk. */
async function run(db: Db, me: TOwnSupplier, jobId: string, plans: TRowPlan[]) {
  let created = 0;
  let updated = 0;
  for (let i = 0; i < plans.length; i += CHUNK) {
    const chunk = plans.slice(i, i + CHUNK);
    await db.transaction(async (tx) => {
      const now = new Date();
      const written = await tx
        .insert(products)
        .values(
          chunk.map(
            (p) =>
              ({
                supplierId: me.id,
                sku: p.sku,
                name: p.name,
                model: p.model,
                categoryId: p.categoryId,
                brandId: p.brand?.id ?? null,
                price: p.price === null ? null : p.price.toFixed(2),
                unit: p.unit,
                origin: p.origin,
                summary: p.summary,
                province: me.province,
                status: p.status,
                searchTokens: searchTokensValue({ name: p.name, model: p.model, summary: p.summary, brandName: p.brand?.name, brandNameEn: p.brand?.nameEn, categoryNames: p.categoryNames }),
                searchVersion: SEARCH_INDEX_VERSION,
                updatedAt: now,
              }) as unknown as typeof products.$inferInsert,
          ),
        )
        // A re-import updates the goods its 货号 names; images, details and the store category stay
        // as the supplier set them in the editor. A status the platform set (not one of the
        // supplier's own three) is kept.
        .onConflictDoUpdate({
          target: [products.supplierId, products.sku],
          set: {
            name: sql`excluded.name`,
            model: sql`excluded.model`,
            categoryId: sql`excluded.category_id`,
            brandId: sql`excluded.brand_id`,
            price: sql`excluded.price`,
            unit: sql`excluded.unit`,
            origin: sql`excluded.origin`,
            summary: sql`excluded.summary`,
            province: sql`excluded.province`,
            status: sql.raw(`CASE WHEN "products"."status" IN (${KNOWN_STATUSES}) THEN excluded.status ELSE "products"."status" END`),
            searchTokens: sql`excluded.search_tokens`,
            searchVersion: sql`excluded.search_version`,
            updatedAt: sql`excluded.updated_at`,
            version: sql`"products"."version" + 1`,
          } as never,
        })
        .returning({ id: products.id, sku: products.sku, inserted: sql<boolean>`(xmax = 0)` });
      const ids = written.map((w) => w.id);
      const idBySku = new Map(written.map((w) => [w.sku!, w.id]));
      await tx.delete(productParams).where(inArray(productParams.productId, ids));
      const params = chunk.flatMap((p) => p.params.map((x, sort) => ({ productId: idBySku.get(p.sku)!, name: x.name, value: x.value, sort })));
      for (let j = 0; j < params.length; j += 2_000) await tx.insert(productParams).values(params.slice(j, j + 2_000));
      const n = written.filter((w) => w.inserted === true || String(w.inserted) === 'true').length;
      created += n;
      updated += written.length - n;
      await tx
        .update(goodsImportJobs)
        .set({ processed: i + chunk.length, created, updated, updatedAt: new Date() })
        .where(eq(goodsImportJobs.id, jobId));
    });
  }
  await db
    .update(goodsImportJobs)
    .set({ state: 'done', message: `导入完成：新增${created}件，更新${updated}件`, updatedAt: new Date() })
    .where(eq(goodsImportJobs.id, jobId));
}

export async function job(db: Db, me: TOwnSupplier, id: string): Promise<TGoodsImportJob> {
  const [row] = await db
    .select()
    .from(goodsImportJobs)
    .where(and(eq(goodsImportJobs.id, id), eq(goodsImportJobs.supplierId, me.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '导入任务不存在');
  return jobAnswer(row);
}

// ---- the export ----------------------------------------------------------------------------

/** The goods the list shows under these filters (at most one file's rows), in the template's layout. */
export async function exportFile(db: Db, me: TOwnSupplier, q: z.output<typeof ZGoodsExportQuery>): Promise<Buffer> {
  const lists = await loadLists(db, me);
  const { rows: listed } = await repo.listOwnProducts(db, me.id, { ...q, page: 1, pageSize: GOODS_EXCEL_MAX_ROWS });
  const ids = listed.map((r) => r.id);
  const full = new Map<number, typeof products.$inferSelect>();
  const paramsOf = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 1_000) {
    const part = ids.slice(i, i + 1_000);
    const [rows, params] = await Promise.all([
      db.select().from(products).where(and(eq(products.supplierId, me.id), inArray(products.id, part))),
      db.select().from(productParams).where(inArray(productParams.productId, part)).orderBy(asc(productParams.productId), asc(productParams.sort), asc(productParams.id)),
    ]);
    for (const r of rows) full.set(r.id, r);
    for (const p of params) paramsOf.set(p.productId, [...(paramsOf.get(p.productId) ?? []), `${p.name}:${p.value}`]);
  }
  const brandName = new Map<number, string>(listed.filter((r) => r.brandId && r.brandName).map((r) => [r.brandId!, r.brandName!]));
  const sheetRows: TGoodsSheetRow[] = ids.flatMap((id) => {
    const p = full.get(id);
    if (!p) return [];
    return [
      {
        sku: p.sku ?? '',
        name: p.name,
        category: lists.pathById.get(p.categoryId) ?? '',
        brand: p.brandId ? (brandName.get(p.brandId) ?? '') : '',
        model: p.model ?? '',
        price: p.price === null ? PRICE_ON_REQUEST : Number(p.price),
        unit: p.unit,
        origin: p.origin ?? '',
        status: PRODUCT_STATUSES[p.status as TProductStatus] ?? '',
        params: (paramsOf.get(id) ?? []).slice(0, PRODUCT_LIMITS.params).join('\n'),
        summary: p.summary ?? '',
      },
    ];
  });
  return goodsWorkbook({ categoryPaths: lists.leaves.map((l) => l.path), brands: lists.brands.map((b) => b.name) }, sheetRows);
}
