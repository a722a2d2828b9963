// Totals and facets of lists without a keyword come from the catalogue's facts in memory
// (catalogue-facts.ts): for every filter set they must equal what the database counts itself —
// same numbers, same order, ties included — and follow a supplier's writes.
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, suppliers } from '../../db/schema.js';
import { makeTestApp, type TTestApp, within5s } from '../../test/harness.js';
import { makeBrand, makeCategory, makeProduct, makeSupplier } from './catalogue.fixtures.js';
import { countFacts, factsFacets } from './catalogue-facts.js';
import { catalogueFacts } from './products.repository.js';

type TFilters = { category?: number; brand?: number; priceMin?: number; priceMax?: number; priceBelow?: number; province?: string };
type TAnswer = { total: number; brands: { id: number; name: string; count: number }[]; provinces: { name: string; count: number }[] };

let t: TTestApp;
const w = {} as { top: number; child: number; other: number; brands: { id: number; name: string }[]; sellers: { id: number; uid: string }[]; pending: number; ids: number[] };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function listed(f: TFilters, store?: string): Promise<TAnswer> {
  const query = new URLSearchParams(Object.entries({ ...f, page: 1, pageSize: 20 }).map(([k, v]) => [k, String(v)]));
  const res = await t.app.inject({ method: 'GET', url: `${store ? `/api/stores/${store}/products` : '/api/products'}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as TAnswer;
  return { total: data.total, brands: data.brands ?? [], provinces: data.provinces ?? [] };
}

/** What the database counts for the same filters, each facet without its own filter. */
const categoryIdsOf = async (category?: number) =>
  category ? [category, ...rowsOf<{ id: number }>(await t.database.db.execute(sql`SELECT id FROM categories WHERE parent_id = ${category}`)).map((r) => r.id)] : null;

async function counted(f: TFilters, supplierId?: number): Promise<TAnswer> {
  const db = t.database.db;
  const categoryIds = await categoryIdsOf(f.category);
  const where = (without?: 'brand' | 'province') => {
    const c: SQL[] = [sql`p.status = 'on_sale'`, sql`s.status = 'approved'`];
    if (categoryIds) c.push(sql`p.category_id IN (${sql.join(categoryIds.map((id) => sql`${id}`), sql`, `)})`);
    if (f.brand && without !== 'brand') c.push(sql`p.brand_id = ${f.brand}`);
    if (f.priceMin !== undefined) c.push(sql`p.price >= ${f.priceMin}`);
    if (f.priceMax !== undefined) c.push(sql`p.price <= ${f.priceMax}`);
    if (f.priceBelow !== undefined) c.push(sql`p.price < ${f.priceBelow}`);
    if (f.province && without !== 'province') c.push(sql`p.province = ${f.province}`);
    if (supplierId) c.push(sql`p.supplier_id = ${supplierId}`);
    return sql.join(c, sql` AND `);
  };
  const from = sql`FROM products p JOIN suppliers s ON s.id = p.supplier_id`;
  const total = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n ${from} WHERE ${where()}`))[0]!.n;
  const brands = rowsOf<{ id: number; name: string; count: number }>(
    await db.execute(sql`SELECT b.id, b.name, count(*)::int AS count ${from} JOIN brands b ON b.id = p.brand_id WHERE ${where('brand')} GROUP BY b.id, b.name ORDER BY count(*) DESC, b.id`),
  );
  const provinces = rowsOf<{ name: string; count: number }>(
    await db.execute(sql`SELECT p.province AS name, count(*)::int AS count ${from} WHERE ${where('province')} AND p.province IS NOT NULL AND p.province <> '' GROUP BY p.province ORDER BY count(*) DESC, p.province`),
  );
  return { total, brands, provinces };
}

const FILTER_SETS = (): TFilters[] => [
  {},
  { category: w.top },
  { category: w.child },
  { category: w.other },
  { brand: w.brands[1]!.id },
  { province: '广东省' },
  { brand: w.brands[0]!.id, province: '上海市' },
  { priceMin: 1_000, priceMax: 50_000 },
  { priceBelow: 10_000 },
  { priceMin: 200_000 },
  { priceMin: 19_999.99, priceMax: 20_000 },
  { category: w.top, brand: w.brands[2]!.id, priceMin: 5_000 },
  { category: w.child, province: '北京市', priceBelow: 100_000 },
  { province: '不存在的省' },
  { brand: 987_654 },
  { category: 987_654 },
];

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  w.top = (await makeCategory(db, { name: '计数分析仪器' })).id;
  w.child = (await makeCategory(db, { name: '计数色谱仪', parentId: w.top })).id;
  w.other = (await makeCategory(db, { name: '计数实验室设备' })).id;
  w.brands = [];
  for (const name of ['计数甲', '计数乙', '计数丙', '计数丁']) w.brands.push(await makeBrand(db, { name }));
  w.sellers = [];
  for (let i = 0; i < 2; i++) {
    const s = await makeSupplier(db, { companyName: `计数供应商${i}有限公司`, status: 'approved' });
    w.sellers.push({ id: s.supplier.id, uid: s.store!.uid });
  }
  w.pending = (await makeSupplier(db, { companyName: '待审核计数供应商有限公司', status: 'pending' })).supplier.id;
  // Regions with equal counts (ties sort by name), goods without a brand, a region or a price,
  // prices on band edges, goods off the shelf and of a supplier not yet approved.
  const regions = ['上海市', '北京市', '广东省', '江苏省', '浙江省', ''];
  const prices = [9_999.99, 10_000, 19_999.99, 20_000, 50_000, 199_999.99, 200_000, null, 1_000, 350_000];
  const cats = [w.top, w.child, w.child, w.other];
  w.ids = [];
  for (let i = 0; i < 60; i++) {
    const product = await makeProduct(db, {
      supplierId: i % 11 === 0 ? w.pending : w.sellers[i % 2]!.id,
      categoryId: cats[i % cats.length]!,
      name: `计数测试仪 ${i}`,
      brand: i % 5 === 4 ? null : w.brands[(i * 7) % 4],
      price: prices[(i * 3) % prices.length],
      province: regions[(i * 5) % regions.length],
      status: i % 13 === 0 ? 'off_shelf' : 'on_sale',
    });
    w.ids.push(product.id);
  }
  await db.update(products).set({ province: null }).where(eq(products.id, w.ids[7]!));
});

afterAll(async () => {
  await t?.close();
});

describe('totals and facets of lists without a keyword', () => {
  it('equal what the database counts for every filter set: numbers, order and ties', async () => {
    for (const f of FILTER_SETS()) expect(await listed(f), JSON.stringify(f)).toEqual(await counted(f));
    const all = await listed({});
    // Ties exist in this catalogue, so the order of equal counts is checked too.
    expect(new Set(all.provinces.map((p) => p.count)).size).toBeLessThan(all.provinces.length);
  });

  it('count in memory as the database does (the facts every list without a keyword reads once they are built)', async () => {
    const facts = await catalogueFacts(t.database.db);
    for (const f of FILTER_SETS()) {
      const filter = { ...f, categoryIds: (await categoryIdsOf(f.category)) ?? undefined, brandId: f.brand };
      const { total, ...facets } = await counted(f);
      expect({ total: countFacts(facts, filter), ...factsFacets(facts, filter) }, JSON.stringify(f)).toEqual({ total, ...facets });
    }
    for (const s of w.sellers) expect(countFacts(facts, { supplierId: s.id })).toBe((await counted({}, s.id)).total);
  });

  it('count a store’s goods as its listing does', async () => {
    for (const s of w.sellers) expect((await listed({}, s.uid)).total).toBe((await counted({}, s.id)).total);
  });

  it('follow a supplier’s writes: a price out of a band, a product delisted, a region changed, a brand renamed, a supplier suspended', async () => {
    const db = t.database.db;
    const band = { priceMin: 10_000, priceMax: 50_000 };
    const agree = async () => {
      for (const f of [{}, band, { province: '江苏省' }, { category: w.top }]) if (JSON.stringify(await listed(f)) !== JSON.stringify(await counted(f))) return false;
      return true;
    };
    expect(await agree()).toBe(true);
    const before = await listed(band);
    const [inBand] = rowsOf<{ id: number }>(await db.execute(sql`SELECT p.id FROM products p JOIN suppliers s ON s.id = p.supplier_id AND s.status = 'approved' WHERE p.status = 'on_sale' AND p.price BETWEEN 10000 AND 50000 ORDER BY p.id LIMIT 1`));
    await db.update(products).set({ price: '60000' }).where(eq(products.id, inBand!.id));
    expect(await within5s(async () => (await listed(band)).total === before.total - 1)).toBe(true);
    expect(await agree()).toBe(true);

    await db.update(products).set({ status: 'off_shelf' }).where(eq(products.id, w.ids[1]!));
    await db.update(products).set({ province: '江苏省' }).where(eq(products.id, w.ids[2]!));
    await db.execute(sql`UPDATE brands SET name = '计数甲（新）' WHERE id = ${w.brands[0]!.id}`);
    expect(await within5s(async () => (await listed({})).brands.some((b) => b.name === '计数甲（新）'))).toBe(true);
    expect(await within5s(agree)).toBe(true);

    const totalBefore = (await listed({})).total;
    await db.update(suppliers).set({ status: 'suspended' }).where(eq(suppliers.id, w.sellers[0]!.id));
    expect(await within5s(async () => (await listed({})).total < totalBefore)).toBe(true);
    expect(await within5s(agree)).toBe(true);
  });
});

describe('the search indexes as views are counted', () => {
  it('merge their pending entries in small lists (no autovacuum on the embedded database)', async () => {
    const options = rowsOf<{ relname: string; reloptions: string[] | null }>(
      await t.database.db.execute(sql`SELECT relname, reloptions FROM pg_class WHERE relname IN ('products_search_idx', 'products_model_trgm_idx') ORDER BY relname`),
    );
    expect(options.map((o) => [o.relname, o.reloptions])).toEqual([
      ['products_model_trgm_idx', ['gin_pending_list_limit=256']],
      ['products_search_idx', ['gin_pending_list_limit=256']],
    ]);
  });
});
