// Bulk goods by Excel: the template's lists, the dry run (every row's outcome — 新增, 更新 with the
// fields it changes, 无变化 or 错误 — stored as a plan), the import job that applies exactly the
// checked plan (indexed for search like the form's saves; the answer cache drops on the products
// trigger) and the streamed export of the filtered list.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, eq, gt, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PRODUCT_LIMITS, PRODUCT_STATUSES, ZPrice, ZProductInput, type TProductStatus } from '../../../contracts/backoffice.js';
import {
  CATEGORY_PATH_SEPARATOR,
  GOODS_COLUMNS,
  GOODS_EXPORT_MAX_ROWS,
  GOODS_IMPORT_CHANGE_CHARS,
  GOODS_IMPORT_FILE_CHANGED,
  GOODS_IMPORT_NEEDS_CHECK,
  GOODS_IMPORT_PLAN_GONE,
  GOODS_IMPORT_PLAN_MINUTES,
  GOODS_IMPORT_PROBLEMS_SHOWN,
  goodsExportTooMany,
  goodsSkuKey,
  PRICE_ON_REQUEST,
  SKU_MAX,
  toHalfWidth,
  type TGoodsColumn,
  type TGoodsImportChange,
  type TGoodsImportCheck,
  type TGoodsImportJob,
  type TGoodsImportProblem,
  type TGoodsImportRow,
  type ZGoodsExportQuery,
} from '../../../contracts/goods-excel.js';
import { toFen } from '../../../contracts/money.js';
import type { Db } from '../../db/client.js';
import { brands, categories, goodsImportJobs, goodsImportPlans, productParams, products } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { SEARCH_INDEX_VERSION, searchTokensValue, type TIndexFields } from '../../lib/search-tokens.js';
import { matchKeyword } from '../../lib/search/match.js';
import { inStoreCategory } from '../catalogue/products.repository.js';
import { goodsWorkbook, readGoodsRows, writeGoodsWorkbook, type TCell, type TGoodsLists, type TGoodsSheetRow, type TReadRow } from './goods-excel.workbook.js';
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
  namesById: Map<number, string[]>;
  brands: TBrandRef[];
  brandByName: Map<string, TBrandRef>;
  /** Every brand, approved or not (a product keeps the brand it has). */
  brandById: Map<number, TBrandRef>;
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
  const lists: TLists = {
    leaves: [],
    byPath: new Map(),
    innerPaths: new Set(),
    leafByName: new Map(),
    pathById: new Map(),
    namesById: new Map(),
    brands: [],
    brandByName: new Map(),
    brandById: new Map(),
    ownUnapproved: new Map(),
  };
  const walk = (parentId: number, names: string[], depth: number) => {
    for (const c of children.get(parentId) ?? []) {
      const path = [...names, c.name];
      const text = path.join(CATEGORY_PATH_SEPARATOR);
      lists.pathById.set(c.id, text);
      lists.namesById.set(c.id, path);
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
    lists.brandById.set(b.id, b);
    if (b.status === 'approved') {
      lists.brands.push(b);
      for (const key of [b.name, b.nameEn]) if (key && !lists.brandByName.has(norm(key))) lists.brandByName.set(norm(key), b);
    } else if (b.supplierId === me.id) {
      lists.ownUnapproved.set(norm(b.name), b.status);
    }
  }
  return lists;
}

const sheetLists = (lists: TLists): TGoodsLists => ({ categoryPaths: lists.leaves.map((l) => l.path), brands: lists.brands.map((b) => b.name) });

export async function template(db: Db, me: TOwnSupplier): Promise<Buffer> {
  return goodsWorkbook(sheetLists(await loadLists(db, me)));
}

// ---- reading a row ---------------------------------------------------------------------------

/** A product's fields as the file can set them. */
type TFields = {
  sku: string | null;
  name: string;
  model: string | null;
  categoryId: number;
  brandId: number | null;
  price: number | null;
  unit: string;
  origin: string | null;
  summary: string | null;
  status: TProductStatus;
  params: { name: string; value: string }[];
};
/** The product as it is: its fields, and the version a write must still find. */
type TCurrent = TFields & { id: number; version: number };

const ZRowText = ZProductInput.pick({ name: true, model: true, unit: true, origin: true, summary: true, params: true }).partial();
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

/**
 * The 价格 cell: a number Excel stored, or text as people type it — 4800, ４８００, 4,800 (groups of
 * three), ¥4,800, 4800元. Anything else (4.800,00, 48 00, 1e3) is refused with a message.
 */
export function parsePrice(cell: TCell): { ok: true; value: number | null } | { ok: false; message: string } {
  const checked = (n: number) => {
    const r = ZPrice.safeParse(n);
    return r.success ? ({ ok: true, value: r.data } as const) : ({ ok: false, message: r.error.issues[0]!.message } as const);
  };
  if (cell.number !== null) return checked(cell.number);
  const text = toHalfWidth(cell.text).replace(/\s+/g, ' ').trim();
  if (!text || text === PRICE_ON_REQUEST) return { ok: true, value: null };
  const bare = text.replace(/^[¥￥]\s*/, '').replace(/\s*元$/, '');
  if (/^-?\d+(\.\d+)?$/.test(bare)) return checked(Number(bare));
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare)) return checked(Number(bare.replace(/,/g, '')));
  if (/^-?[\d,]+(\.\d+)?$/.test(bare)) return { ok: false, message: `价格“${cell.text}”的千位分隔符位置不对，请写成 4800 或 4,800` };
  return { ok: false, message: `价格必须是数字或“${PRICE_ON_REQUEST}”` };
}

type TRowContext = {
  lists: TLists;
  columns: Set<TGoodsColumn>;
  /** The product the row updates, or null for a new one. */
  current: TCurrent | null;
};

/**
 * The fields a row sets: only the columns the file has, an empty cell as the 填写说明 sheet says
 * (name and category required, 状态 kept, 单位 台, 价格 面议, the other columns cleared).
 */
function readFields(r: TReadRow, ctx: TRowContext, report: (column: TGoodsColumn, message: string) => void): Partial<TFields> {
  const { lists, columns, current } = ctx;
  const has = (k: TGoodsColumn) => columns.has(k);
  const text = (k: TGoodsColumn) => r.cells[k]?.text ?? '';
  const out: Partial<TFields> = {};

  if (has('category')) {
    const catText = text('category');
    const parts = splitPath(catText);
    const key = norm(parts.join(CATEGORY_PATH_SEPARATOR));
    const byName = parts.length === 1 ? lists.leafByName.get(key) : undefined;
    if (!catText) report('category', '商品分类不能为空');
    // The product's own category as the export wrote it stays, even if it is no longer a leaf.
    else if (current && norm(lists.pathById.get(current.categoryId) ?? '') === key) out.categoryId = current.categoryId;
    else if (lists.byPath.has(key)) out.categoryId = lists.byPath.get(key)!;
    else if (byName?.length === 1) out.categoryId = byName[0]!;
    else if (lists.innerPaths.has(key)) report('category', `请选择最末一级商品分类：${catText}`);
    else report('category', `商品分类不存在：${catText}`);
  }

  if (has('brand')) {
    const brandText = text('brand');
    const own = current?.brandId ? lists.brandById.get(current.brandId) : undefined;
    if (!brandText) out.brandId = null;
    else if (own && [own.name, own.nameEn].some((n) => n && norm(n) === norm(brandText))) out.brandId = own.id;
    else {
      const brand = lists.brandByName.get(norm(brandText));
      const pending = lists.ownUnapproved.get(norm(brandText));
      if (brand) out.brandId = brand.id;
      else report('brand', pending === 'pending' ? `品牌“${brandText}”尚在审核中，通过后才能使用` : pending ? `品牌“${brandText}”未通过审核，不能使用` : `品牌“${brandText}”不存在，请从下拉列表选择已审核的品牌`);
    }
  }

  if (has('price')) {
    const price = parsePrice(r.cells.price!);
    if (price.ok) out.price = price.value;
    else report('price', price.message);
  }

  if (has('status')) {
    const statusText = text('status');
    if (statusText) {
      const status = STATUS_BY_LABEL.get(statusText);
      if (status) out.status = status;
      else report('status', `状态只能填写：${Object.values(PRODUCT_STATUSES).join('、')}`);
    } else if (!current) out.status = 'on_sale';
  }

  const input: Record<string, unknown> = {};
  if (has('name')) input.name = text('name');
  if (has('model')) input.model = text('model');
  if (has('unit')) input.unit = text('unit') || '台';
  if (has('origin')) input.origin = text('origin');
  if (has('summary')) input.summary = text('summary');
  let paramsOk = true;
  if (has('params'))
    input.params = parseParams(text('params'), (m) => {
      paramsOk = false;
      report('params', m);
    });
  const parsed = ZRowText.safeParse(input);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      // One message per field: an empty name is 不能为空, not also 至少需要2个字符.
      const field = issue.path.join('.');
      if (seen.has(field)) continue;
      seen.add(field);
      const column = TEXT_COLUMN[String(issue.path[0])] ?? 'name';
      const item = column === 'params' && typeof issue.path[1] === 'number' ? `第${issue.path[1] + 1}项：` : '';
      report(column, item + issue.message);
    }
  } else {
    // Only the columns the file has (a default of the form's schema must not fill one it lacks).
    const d = parsed.data as Partial<TFields>;
    for (const k of ['name', 'model', 'unit', 'origin', 'summary'] as const) if (k in input) (out as Record<string, unknown>)[k] = d[k] ?? null;
    if ('params' in input && paramsOk) out.params = d.params ?? [];
  }
  return out;
}

// ---- what changes ------------------------------------------------------------------------------

const FIELD_ORDER: (keyof TFields)[] = ['sku', 'name', 'categoryId', 'brandId', 'model', 'price', 'unit', 'origin', 'status', 'params', 'summary'];
const FIELD_COLUMN: Record<keyof TFields, TGoodsColumn> = {
  sku: 'sku',
  name: 'name',
  categoryId: 'category',
  brandId: 'brand',
  model: 'model',
  price: 'price',
  unit: 'unit',
  origin: 'origin',
  status: 'status',
  params: 'params',
  summary: 'summary',
};

const sameValue = (k: keyof TFields, a: TFields[keyof TFields] | undefined, b: TFields[keyof TFields] | undefined): boolean => {
  if (k === 'price') return a === null || b === null || a === undefined || b === undefined ? (a ?? null) === (b ?? null) : toFen(a as number) === toFen(b as number);
  if (k === 'params') return JSON.stringify((a ?? []) as TFields['params']) === JSON.stringify((b ?? []) as TFields['params']);
  if (k === 'sku') return goodsSkuKey((a as string | null) ?? '') === goodsSkuKey((b as string | null) ?? '');
  return (a ?? '') === (b ?? '');
};

const clip = (s: string) => (s.length > GOODS_IMPORT_CHANGE_CHARS ? `${s.slice(0, GOODS_IMPORT_CHANGE_CHARS)}…` : s);

/** A value as the file writes it: 价格 5,000 or 面议, 状态 在售, the category path, the brand's name. */
function shown(k: keyof TFields, v: TFields[keyof TFields] | undefined, lists: TLists): string {
  if (k === 'price') return v === null || v === undefined ? PRICE_ON_REQUEST : (v as number).toLocaleString('zh-CN', { maximumFractionDigits: 2 });
  if (k === 'status') return PRODUCT_STATUSES[v as TProductStatus] ?? String(v ?? '');
  if (k === 'categoryId') return lists.pathById.get(v as number) ?? '';
  if (k === 'brandId') return v ? (lists.brandById.get(v as number)?.name ?? '') : '';
  if (k === 'params') return clip(((v ?? []) as TFields['params']).map((p) => `${p.name}:${p.value}`).join('；'));
  return clip(String(v ?? ''));
}

function indexFields(f: Pick<TFields, 'name' | 'model' | 'summary' | 'brandId' | 'categoryId'>, lists: TLists): TIndexFields {
  const brand = f.brandId ? lists.brandById.get(f.brandId) : undefined;
  return { name: f.name, model: f.model, summary: f.summary, brandName: brand?.name, brandNameEn: brand?.nameEn, categoryNames: lists.namesById.get(f.categoryId) ?? [] };
}
const INDEXED: (keyof TFields)[] = ['name', 'model', 'summary', 'brandId', 'categoryId'];

// ---- the dry run -----------------------------------------------------------------------------

/** One write of a checked plan (stored as JSON in goods_import_plans.ops). */
type TPlanOp =
  | { kind: 'create'; row: number; fields: TFields; index: TIndexFields }
  | { kind: 'update'; row: number; id: number; version: number; set: Partial<TFields>; index: TIndexFields | null };

const DEFAULTS: Omit<TFields, 'sku' | 'name' | 'categoryId'> = { model: null, brandId: null, price: null, unit: '台', origin: null, summary: null, status: 'on_sale', params: [] };

/** The supplier's goods by 商品ID and by 货号 as compared (trimmed, half-width, case-folded). */
async function ownKeys(db: Db, supplierId: number) {
  const rows = await db.select({ id: products.id, sku: products.sku, version: products.version }).from(products).where(eq(products.supplierId, supplierId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byKey = new Map<string, typeof rows>();
  for (const r of rows) {
    if (!r.sku) continue;
    const key = goodsSkuKey(r.sku);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  return { byId, byKey };
}

async function loadCurrent(db: Db, supplierId: number, ids: number[]): Promise<Map<number, TCurrent>> {
  const out = new Map<number, TCurrent>();
  for (let i = 0; i < ids.length; i += 1_000) {
    const part = ids.slice(i, i + 1_000);
    const [rows, params] = await Promise.all([
      db.select().from(products).where(and(eq(products.supplierId, supplierId), inArray(products.id, part))),
      db.select().from(productParams).where(inArray(productParams.productId, part)).orderBy(asc(productParams.productId), asc(productParams.sort), asc(productParams.id)),
    ]);
    for (const p of rows) {
      out.set(p.id, {
        id: p.id,
        version: p.version,
        sku: p.sku,
        name: p.name,
        model: p.model,
        categoryId: p.categoryId,
        brandId: p.brandId,
        price: p.price === null ? null : Number(p.price),
        unit: p.unit,
        origin: p.origin,
        summary: p.summary,
        status: p.status as TProductStatus,
        params: [],
      });
    }
    for (const x of params) out.get(x.productId)?.params.push({ name: x.name, value: x.value });
  }
  return out;
}

const sha256 = (file: Buffer) => createHash('sha256').update(file).digest('hex');

/**
 * Lets the event loop take a turn (timers, sockets): the check and the import job go through
 * thousands of rows and PGlite statements in the server's thread, which would otherwise hold every
 * other request until they end.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * The check's work between turns, by the clock rather than by rows: 100 rows took 5 ms on a quiet
 * machine and 100 ms on a busy one, where a health check waited behind them.
 */
const CHECK_MS_BETWEEN_TURNS = 8;
function pacer(ms: number) {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await turn();
    since = performance.now();
  };
}
/**
 * Writes a plan stores in one row of goods_import_plans. A 5,000-row plan is ~5 MB of JSON: one
 * statement of that held the server for ~1 s (PGlite runs in its thread), and one of 250 writes still
 * ~100 ms on a busy machine, so the plan is stored as its row (id = planId, the first writes) and
 * part rows of the next writes each.
 */
const PLAN_PART_OPS = 50;
/** Part n (n ≥ 1) of a plan: the plan id's hex digits and the part's number (36 characters as the column takes; never a planId, which is a UUID). */
const planPartId = (planId: string, n: number) => `${planId.replace(/-/g, '')}.${String(n).padStart(3, '0')}`;

/** Reads and checks a file, and stores what it would write as a plan (no goods are written). */
export async function check(db: Db, me: TOwnSupplier, file: Buffer): Promise<TGoodsImportCheck> {
  const { rows, columns: columnList } = await readGoodsRows(file);
  const columns = new Set(columnList);
  if (!columns.has('sku') && !columns.has('id')) throw new AppError('BAD_REQUEST', `表头缺少“${GOODS_COLUMNS.sku}”列，请使用下载的模板填写`);
  if (!rows.length) throw new AppError('BAD_REQUEST', '文件中没有商品数据');
  const [lists, own] = await Promise.all([loadLists(db, me), ownKeys(db, me.id)]);

  const problems: TGoodsImportProblem[] = [];
  const rowProblems = new Map<number, number>();
  const report = (row: number, column: TGoodsColumn, message: string) => {
    problems.push({ row, column: GOODS_COLUMNS[column], message });
    rowProblems.set(row, (rowProblems.get(row) ?? 0) + 1);
  };

  // First pass: which product each row names (by 商品ID, else by 货号), and cells Excel cannot give.
  const targets: (number | null)[] = [];
  const targetOf = (r: TReadRow) => {
    for (const [k, cell] of Object.entries(r.cells)) if (cell.problem) report(r.row, k as TGoodsColumn, cell.problem);
    const idCell = r.cells.id;
    const skuText = r.cells.sku?.text ?? '';
    if (idCell && (idCell.text || idCell.problem)) {
      if (idCell.problem) return null;
      const id = /^\d{1,10}$/.test(toHalfWidth(idCell.text)) ? Number(toHalfWidth(idCell.text)) : NaN;
      if (!own.byId.has(id)) {
        report(r.row, 'id', Number.isNaN(id) ? '商品ID必须是数字' : `商品ID“${idCell.text}”不是您店铺的商品；新增商品请留空商品ID`);
        return null;
      }
      return id;
    }
    if (r.cells.sku?.problem) return null;
    if (!skuText) {
      report(r.row, 'sku', '货号不能为空');
      return null;
    }
    const matches = own.byKey.get(goodsSkuKey(skuText)) ?? [];
    if (matches.length > 1) {
      report(r.row, 'sku', `货号“${skuText}”对应多件商品（${matches.map((m) => m.sku).join('、')}），只差大小写或全角/半角，无法区分；请先在商品编辑页修改其中一件的货号，或用导出文件中的“商品ID”列导入`);
      return null;
    }
    return matches[0]?.id ?? 0; // 0: a new product
  };
  const pace = pacer(CHECK_MS_BETWEEN_TURNS);
  for (const r of rows) {
    await pace();
    targets.push(targetOf(r));
  }
  const current = await loadCurrent(db, me.id, [...new Set(targets.filter((t): t is number => !!t))]);

  const items: TGoodsImportRow[] = [];
  const ops: TPlanOp[] = [];
  const rowOfKey = new Map<string, number>();
  const rowOfProduct = new Map<number, number>();
  const planRow = (r: TReadRow, i: number) => {
    const target = targets[i];
    const cur = target ? (current.get(target) ?? null) : null;
    const skuText = r.cells.sku?.text ?? '';
    const problem = (column: TGoodsColumn, message: string) => report(r.row, column, message);
    const fields = readFields(r, { lists, columns, current: cur }, problem);

    if (target) {
      const first = rowOfProduct.get(target);
      if (first !== undefined) problem(r.cells.id?.text ? 'id' : 'sku', `与第${first}行是同一件商品`);
      else rowOfProduct.set(target, r.row);
    }
    if (skuText) {
      const key = goodsSkuKey(skuText);
      const first = rowOfKey.get(key);
      if (skuText.length > SKU_MAX) problem('sku', `货号不能超过${SKU_MAX}个字符`);
      else if (first !== undefined) problem('sku', `货号“${skuText}”与第${first}行重复`);
      else {
        rowOfKey.set(key, r.row);
        // A new 货号 for a product found by its 商品ID must not be another product's.
        const holders = (own.byKey.get(key) ?? []).filter((h) => h.id !== target);
        const renamed = cur && !sameValue('sku', cur.sku, skuText);
        if (renamed && holders.length) problem('sku', `货号“${skuText}”已被您的其他商品使用`);
        else if (renamed) fields.sku = skuText;
      }
    }
    if (target === 0) {
      for (const k of ['name', 'category'] as const) if (!columns.has(k)) problem(k, `新增商品需填写${GOODS_COLUMNS[k]}（文件中没有“${GOODS_COLUMNS[k]}”列）`);
    }

    if (target && !cur) problem(r.cells.id?.text ? 'id' : 'sku', '商品已被删除，请重新导出后再导入');
    const base = { row: r.row, productId: cur?.id ?? null, sku: skuText || (cur?.sku ?? ''), name: fields.name ?? cur?.name ?? '' };
    if (rowProblems.get(r.row) || !(target === 0 || cur)) {
      items.push({ ...base, action: 'error', changes: [] });
      return;
    }
    if (!cur) {
      const all: TFields = { ...DEFAULTS, ...fields, sku: skuText, name: fields.name!, categoryId: fields.categoryId! };
      ops.push({ kind: 'create', row: r.row, fields: all, index: indexFields(all, lists) });
      items.push({ ...base, action: 'create', changes: [] });
      return;
    }
    const set: Partial<TFields> = {};
    const changes: TGoodsImportChange[] = [];
    for (const k of FIELD_ORDER) {
      if (!(k in fields) || sameValue(k, cur[k], fields[k])) continue;
      (set as Record<string, unknown>)[k] = fields[k];
      changes.push({ column: GOODS_COLUMNS[FIELD_COLUMN[k]], from: shown(k, cur[k], lists), to: shown(k, fields[k], lists) });
    }
    if (!changes.length) {
      items.push({ ...base, action: 'same', changes });
      return;
    }
    const next = { ...cur, ...set };
    ops.push({ kind: 'update', row: r.row, id: cur.id, version: cur.version, set, index: INDEXED.some((k) => k in set) ? indexFields(next, lists) : null });
    items.push({ ...base, action: 'update', changes });
  };
  for (let i = 0; i < rows.length; i++) {
    await pace();
    planRow(rows[i]!, i);
  }
  problems.sort((a, b) => a.row - b.row);

  const count = (a: TGoodsImportRow['action']) => items.filter((x) => x.action === a).length;
  let planId: string | null = null;
  let expiresAt: Date | null = null;
  if (!problems.length && ops.length) {
    planId = randomUUID();
    expiresAt = new Date(Date.now() + GOODS_IMPORT_PLAN_MINUTES * 60_000);
    await db.delete(goodsImportPlans).where(lt(goodsImportPlans.expiresAt, new Date()));
    const fileHash = sha256(file);
    // The parts first, the plan's own row last: a plan that can be found is complete.
    for (let n = Math.ceil(ops.length / PLAN_PART_OPS) - 1; n >= 0; n--) {
      await turn();
      await db.insert(goodsImportPlans).values({ id: n ? planPartId(planId, n) : planId, supplierId: me.id, fileHash, ops: ops.slice(n * PLAN_PART_OPS, (n + 1) * PLAN_PART_OPS), expiresAt });
    }
  }
  return {
    planId,
    expiresAt: expiresAt?.toISOString() ?? null,
    rows: rows.length,
    creates: count('create'),
    updates: count('update'),
    unchanged: count('same'),
    errorRows: count('error'),
    problemCount: problems.length,
    problems: problems.slice(0, GOODS_IMPORT_PROBLEMS_SHOWN),
    columns: columnList.map((k) => GOODS_COLUMNS[k]),
    missingColumns: (Object.keys(GOODS_COLUMNS) as TGoodsColumn[]).filter((k) => !columns.has(k)).map((k) => GOODS_COLUMNS[k]),
    items,
    duplicateSkus: [...own.byKey.values()].filter((g) => g.length > 1).map((g) => ({ skus: g.map((x) => x.sku!), ids: g.map((x) => x.id) })),
  };
}

// ---- the import job --------------------------------------------------------------------------

const CHUNK = 200;
/**
 * PGlite runs each statement in the server's thread, and a chain of awaited statements never lets
 * the event loop turn: the job's statements stay small and it yields between them, so other
 * requests are answered during a 5,000-row import (bench/README.md, xlsx-bomb).
 */
const INSERT_ROWS = 20;
const PARAM_ROWS = 200;
const UPDATES_BETWEEN_TURNS = 5;
/** A running job not heard from for this long is taken as dead (its process stopped). */
const STALE_MS = 10 * 60_000;
const INTERRUPTED = '导入中断，请重新检查文件后导入（已导入的商品会按商品ID或货号更新，不会重复）';

function jobAnswer(j: typeof goodsImportJobs.$inferSelect): TGoodsImportJob {
  const stale = j.state === 'running' && Date.now() - j.updatedAt.getTime() > STALE_MS;
  return {
    id: j.id,
    state: stale ? 'failed' : (j.state as TGoodsImportJob['state']),
    rows: j.rows,
    processed: j.processed,
    created: j.created,
    updated: j.updated,
    message: stale ? INTERRUPTED : j.message,
  };
}

/**
 * Applies the plan the check of this very file stored (planId), in the background. Refused when
 * there is none (or it expired, or was applied), when the file is not the checked one, or when a
 * product it touches changed since.
 */
export async function start(db: Db, log: FastifyBaseLogger, me: TOwnSupplier, file: Buffer, planId: string | undefined): Promise<{ jobId: string; rows: number }> {
  if (!planId) throw new AppError('BAD_REQUEST', GOODS_IMPORT_NEEDS_CHECK);
  const [plan] = await db
    .select()
    .from(goodsImportPlans)
    .where(and(eq(goodsImportPlans.id, planId), eq(goodsImportPlans.supplierId, me.id), gt(goodsImportPlans.expiresAt, new Date())))
    .limit(1);
  if (!plan) throw new AppError('NOT_FOUND', GOODS_IMPORT_PLAN_GONE);
  if (plan.fileHash !== sha256(file)) throw new AppError('CONFLICT', GOODS_IMPORT_FILE_CHANGED);
  const ops = [...(plan.ops as TPlanOp[])];
  const parts: string[] = [];
  for (let n = 1; ; n++) {
    await turn();
    const [part] = await db
      .select({ id: goodsImportPlans.id, ops: goodsImportPlans.ops })
      .from(goodsImportPlans)
      .where(and(eq(goodsImportPlans.id, planPartId(planId, n)), eq(goodsImportPlans.supplierId, me.id)));
    if (!part) break;
    parts.push(part.id);
    for (const op of part.ops as TPlanOp[]) ops.push(op);
  }

  // The goods are still as the check saw them: the same versions, and no new product took a 货号 the plan gives.
  const own = await ownKeys(db, me.id);
  for (const op of ops) {
    const sku = op.kind === 'create' ? op.fields.sku : op.set.sku;
    const stale = op.kind === 'update' ? own.byId.get(op.id)?.version !== op.version : false;
    const taken = sku ? (own.byKey.get(goodsSkuKey(sku)) ?? []).some((h) => op.kind === 'create' || h.id !== op.id) : false;
    if (stale || taken) throw new AppError('CONFLICT', `第${op.row}行的商品在检查后有改动，请重新检查文件`);
  }

  const [running] = await db
    .select({ id: goodsImportJobs.id })
    .from(goodsImportJobs)
    .where(and(eq(goodsImportJobs.supplierId, me.id), eq(goodsImportJobs.state, 'running'), gt(goodsImportJobs.updatedAt, new Date(Date.now() - STALE_MS))))
    .limit(1);
  if (running) throw new AppError('CONFLICT', '已有一个导入任务正在进行，请等待完成后再导入');
  // Applying uses the plan up: a second click finds it gone.
  const claimed = await db.delete(goodsImportPlans).where(and(eq(goodsImportPlans.id, planId), eq(goodsImportPlans.supplierId, me.id))).returning({ id: goodsImportPlans.id });
  if (!claimed.length) throw new AppError('NOT_FOUND', GOODS_IMPORT_PLAN_GONE);
  if (parts.length) await db.delete(goodsImportPlans).where(inArray(goodsImportPlans.id, parts));

  const jobId = randomUUID();
  await db.insert(goodsImportJobs).values({ id: jobId, supplierId: me.id, rows: ops.length });
  void run(db, me, jobId, ops).catch(async (err: unknown) => {
    log.error({ err, jobId }, 'goods import failed');
    await db
      .update(goodsImportJobs)
      .set({ state: 'failed', message: INTERRUPTED, updatedAt: new Date() })
      .where(eq(goodsImportJobs.id, jobId))
      .catch(() => undefined);
  });
  return { jobId, rows: ops.length };
}

const priceValue = (p: number | null) => (p === null ? null : p.toFixed(2));

/**
 * Writes the plan in chunks, one transaction each, and records the progress after every chunk.
 * Within a chunk the writes go in small statements with a turn of the event loop between them.
 */
async function run(db: Db, me: TOwnSupplier, jobId: string, ops: TPlanOp[]) {
  let created = 0;
  let updated = 0;
  let skipped = 0;
  for (let i = 0; i < ops.length; i += CHUNK) {
    const chunk = ops.slice(i, i + CHUNK);
    await turn();
    await db.transaction(async (tx) => {
      const now = new Date();
      const params: { productId: number; name: string; value: string; sort: number }[] = [];
      const replaced: number[] = [];
      const allCreates = chunk.filter((op) => op.kind === 'create');
      for (let c = 0; c < allCreates.length; c += INSERT_ROWS) {
        const creates = allCreates.slice(c, c + INSERT_ROWS);
        await turn();
        const written = await tx
          .insert(products)
          .values(
            creates.map(
              ({ fields: f, index }) =>
                ({
                  supplierId: me.id,
                  sku: f.sku,
                  name: f.name,
                  model: f.model,
                  categoryId: f.categoryId,
                  brandId: f.brandId,
                  price: priceValue(f.price),
                  unit: f.unit,
                  origin: f.origin,
                  summary: f.summary,
                  province: me.province,
                  status: f.status,
                  searchTokens: searchTokensValue(index),
                  searchVersion: SEARCH_INDEX_VERSION,
                  updatedAt: now,
                }) as unknown as typeof products.$inferInsert,
            ),
          )
          .returning({ id: products.id });
        creates.forEach((op, j) => op.fields.params.forEach((x, sort) => params.push({ productId: written[j]!.id, name: x.name, value: x.value, sort })));
        created += written.length;
      }
      let sinceTurn = 0;
      for (const op of chunk) {
        if (op.kind !== 'update') continue;
        if (++sinceTurn % UPDATES_BETWEEN_TURNS === 0) await turn();
        const s = op.set;
        const set: Record<string, unknown> = { updatedAt: now, version: sql`${products.version} + 1` };
        for (const k of ['sku', 'name', 'model', 'categoryId', 'brandId', 'unit', 'origin', 'summary', 'status'] as const) if (k in s) set[k] = s[k];
        if ('price' in s) set.price = priceValue(s.price ?? null);
        if (op.index) {
          set.searchTokens = searchTokensValue(op.index);
          set.searchVersion = SEARCH_INDEX_VERSION;
        }
        // Only the version the check saw: a product edited since is left as it is (and counted).
        const done = await tx
          .update(products)
          .set(set as never)
          .where(and(eq(products.id, op.id), eq(products.supplierId, me.id), eq(products.version, op.version)))
          .returning({ id: products.id });
        if (!done.length) {
          skipped++;
          continue;
        }
        updated++;
        if (s.params) {
          replaced.push(op.id);
          s.params.forEach((x, sort) => params.push({ productId: op.id, name: x.name, value: x.value, sort }));
        }
      }
      if (replaced.length) {
        await turn();
        await tx.delete(productParams).where(inArray(productParams.productId, replaced));
      }
      for (let j = 0; j < params.length; j += PARAM_ROWS) {
        await turn();
        await tx.insert(productParams).values(params.slice(j, j + PARAM_ROWS));
      }
      await tx
        .update(goodsImportJobs)
        .set({ processed: i + chunk.length, created, updated, updatedAt: new Date() })
        .where(eq(goodsImportJobs.id, jobId));
    });
  }
  await db
    .update(goodsImportJobs)
    .set({ state: 'done', message: `导入完成：新增${created}件，更新${updated}件${skipped ? `；${skipped}件商品在检查后被修改，未更新` : ''}`, updatedAt: new Date() })
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

/** Goods per page read from the database while the file is written. */
const EXPORT_PAGE = 5_000;

/** The goods the list shows under these filters: the list's conditions (the keyword by the shop's matcher, falling back as the list does). */
async function exportWhere(db: Db, me: TOwnSupplier, q: z.output<typeof ZGoodsExportQuery>): Promise<SQL | undefined> {
  const scope: SQL[] = [eq(products.supplierId, me.id)];
  if (q.storeCategoryId) scope.push(inStoreCategory(q.storeCategoryId));
  if (q.brandId) scope.push(eq(products.brandId, q.brandId));
  const status = q.status ? eq(products.status, q.status) : undefined;
  const keyword = q.keyword?.trim();
  if (!keyword) return and(...scope, status);
  const outcome = await matchKeyword(db, keyword, and(...scope), async (m) => {
    const where = m.cond ? and(...scope, m.cond) : and(...scope);
    const [row] = await db.select({ n: count() }).from(products).where(where);
    return { result: where, found: (row?.n ?? 0) > 0 };
  });
  return outcome ? and(outcome.result, status) : sql`false`;
}

/**
 * Counts the goods first (past GOODS_EXPORT_MAX_ROWS the export is refused before any byte is
 * sent), then gives a writer that streams them into the workbook page by page, in 商品ID order,
 * each with its 商品ID so that the file, imported again unchanged, changes nothing.
 */
export async function exportGoods(
  db: Db,
  me: TOwnSupplier,
  q: z.output<typeof ZGoodsExportQuery>,
  maxRows = GOODS_EXPORT_MAX_ROWS,
): Promise<{ total: number; write: (out: Writable) => Promise<void> }> {
  const [lists, where] = await Promise.all([loadLists(db, me), exportWhere(db, me, q)]);
  const [row] = await db.select({ n: count() }).from(products).where(where);
  const total = row?.n ?? 0;
  if (total > maxRows) throw new AppError('BAD_REQUEST', goodsExportTooMany(total, maxRows));

  /** The goods page by page; it waits while the download is behind and stops once it is closed. */
  async function* pages(out: Writable): AsyncGenerator<TGoodsSheetRow[]> {
    let after = 0;
    for (;;) {
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return;
      const page = await db
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          model: products.model,
          categoryId: products.categoryId,
          brandId: products.brandId,
          price: products.price,
          unit: products.unit,
          origin: products.origin,
          status: products.status,
          summary: products.summary,
        })
        .from(products)
        .where(and(where, gt(products.id, after)))
        .orderBy(asc(products.id))
        .limit(EXPORT_PAGE);
      if (!page.length) return;
      const first = after;
      after = page.at(-1)!.id;
      // The page's parameters by its id range (not a list of 5,000 ids to bind).
      const params = await db
        .select({ productId: productParams.productId, name: productParams.name, value: productParams.value })
        .from(productParams)
        .innerJoin(products, eq(products.id, productParams.productId))
        .where(and(where, gt(products.id, first), lte(products.id, after)))
        .orderBy(asc(productParams.productId), asc(productParams.sort), asc(productParams.id));
      const paramsOf = new Map<number, string[]>();
      for (const p of params) paramsOf.set(p.productId, [...(paramsOf.get(p.productId) ?? []), `${p.name}:${p.value}`]);
      yield page.map((p) => ({
        id: p.id,
        sku: p.sku ?? '',
        name: p.name,
        category: lists.pathById.get(p.categoryId) ?? '',
        brand: p.brandId ? (lists.brandById.get(p.brandId)?.name ?? '') : '',
        model: p.model ?? '',
        price: p.price === null ? PRICE_ON_REQUEST : Number(p.price),
        unit: p.unit,
        origin: p.origin ?? '',
        status: PRODUCT_STATUSES[p.status as TProductStatus] ?? '',
        params: (paramsOf.get(p.id) ?? []).slice(0, PRODUCT_LIMITS.params).join('\n'),
        summary: p.summary ?? '',
      }));
      if (page.length < EXPORT_PAGE) return;
    }
  }
  return { total, write: (out) => writeGoodsWorkbook(out, sheetLists(lists), pages(out)) };
}
