// The demo data set: shape, demo accounts, determinism and searchability.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase, type TDatabase } from '../client.js';
import { articles, brands, categories, demands, members, news, notices, productParams, products, stores, suppliers } from '../schema.js';
import { verifyPassword } from '../../lib/password.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

const PRODUCTS = 300;
let a: TDatabase;
let b: TDatabase;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  a = await openDatabase({ memory: true });
  b = await openDatabase({ memory: true });
  await seedDemo(a.db, { products: PRODUCTS });
  await seedDemo(b.db, { products: PRODUCTS });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('seedDemo', () => {
  it('builds a category tree at least three levels deep with many leaves', async () => {
    const [depth] = rowsOf<{ depth: number }>(
      await a.db.execute(sql`
        WITH RECURSIVE tree AS (
          SELECT id, 1 AS depth FROM categories WHERE parent_id = 0
          UNION ALL
          SELECT c.id, t.depth + 1 FROM categories c JOIN tree t ON c.parent_id = t.id
        )
        SELECT max(depth)::int AS depth FROM tree`),
    );
    expect(Number(depth!.depth)).toBeGreaterThanOrEqual(3);
    const [tops] = await a.db.select({ n: count() }).from(categories).where(eq(categories.parentId, 0));
    expect(Number(tops!.n)).toBeGreaterThanOrEqual(8);
    const [leaves] = await a.db.select({ n: count() }).from(categories).where(eq(categories.level, 3));
    expect(Number(leaves!.n)).toBeGreaterThanOrEqual(60);
  });

  it('creates brands, suppliers and a store for every supplier', async () => {
    const [brandCount] = await a.db.select({ n: count() }).from(brands);
    expect(Number(brandCount!.n)).toBeGreaterThanOrEqual(30);
    const supplierRows = await a.db.select({ id: suppliers.id, phone: suppliers.contactPhone }).from(suppliers);
    expect(supplierRows.length).toBeGreaterThanOrEqual(50);
    const storeRows = await a.db.select({ supplierId: stores.supplierId, uid: stores.uid, theme: stores.theme }).from(stores);
    expect(new Set(storeRows.map((s) => s.supplierId))).toEqual(new Set(supplierRows.map((s) => s.id)));
    expect(new Set(storeRows.map((s) => s.uid)).size).toBe(storeRows.length);
    expect(new Set(storeRows.map((s) => s.theme))).toEqual(new Set([1, 2]));
    for (const s of supplierRows) {
      expect(s.phone).toMatch(/^1[3-9]\d{9}$/);
      expect(s.phone!.startsWith('138000000')).toBe(false);
    }
  });

  it(`creates ${PRODUCTS} products, each with at least six parameters`, async () => {
    const rows = await a.db
      .select({ id: products.id, params: count(productParams.id) })
      .from(products)
      .leftJoin(productParams, eq(productParams.productId, products.id))
      .groupBy(products.id);
    expect(rows).toHaveLength(PRODUCTS);
    for (const row of rows) expect(Number(row.params)).toBeGreaterThanOrEqual(6);
    const [priced] = await a.db.select({ n: count() }).from(products).where(sql`${products.price} IS NULL`);
    expect(Number(priced!.n)).toBeGreaterThan(0); // some are 面议
  });

  it('creates news, technical articles, demands and platform notices', async () => {
    const [newsCount] = await a.db.select({ n: count() }).from(news);
    const [articleCount] = await a.db.select({ n: count() }).from(articles);
    const [noticeCount] = await a.db.select({ n: count() }).from(notices).where(sql`${notices.memberId} IS NULL`);
    expect(Number(newsCount!.n)).toBeGreaterThanOrEqual(100);
    expect(Number(articleCount!.n)).toBeGreaterThanOrEqual(100);
    expect(Number(noticeCount!.n)).toBeGreaterThan(0);
    const demandRows = await a.db.select({ status: demands.status, quoteDeadline: demands.quoteDeadline, params: demands.params }).from(demands);
    expect(demandRows.length).toBeGreaterThanOrEqual(200);
    const open = demandRows.filter((d) => d.status === 'OPEN');
    expect(open.length).toBeGreaterThan(demandRows.length / 2);
    for (const d of open) expect(d.quoteDeadline.getTime()).toBeGreaterThan(Date.now());
    for (const d of demandRows) expect(d.params.length).toBeGreaterThan(0);
  });

  it('creates the demo accounts with their roles and the demo password', async () => {
    const expected: Record<string, { mobile: string; roles: string[] }> = {
      ycadmin: { mobile: '13800000001', roles: ['member', 'admin'] },
      supplier01: { mobile: '13800000002', roles: ['member', 'supplier'] },
      buyer001: { mobile: '13800000003', roles: ['member', 'purchaser'] },
      supplier02: { mobile: '13800000004', roles: ['member', 'supplier'] },
      member01: { mobile: '13800000005', roles: ['member'] },
    };
    const rows = await a.db.select().from(members).where(inArray(members.uname, Object.keys(expected)));
    expect(rows).toHaveLength(5);
    for (const m of rows) {
      const want = expected[m.uname!]!;
      expect(m.mobile).toBe(want.mobile);
      expect([...m.roles].sort()).toEqual([...want.roles].sort());
      expect(await verifyPassword(m.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    const buyer = rows.find((m) => m.uname === 'buyer001')!;
    expect(buyer.companyName).toBe('华东理工大学分析测试中心');
    expect(buyer.realName).toBe('李采购');

    const linked = await a.db
      .select({ uname: members.uname, uid: stores.uid, theme: stores.theme })
      .from(suppliers)
      .innerJoin(members, eq(members.id, suppliers.memberId))
      .innerJoin(stores, eq(stores.supplierId, suppliers.id));
    expect(linked.map((l) => [l.uname, l.uid, l.theme]).sort()).toEqual([
      ['supplier01', 's0001', 1],
      ['supplier02', 's0002', 2],
    ]);

    // every other account keeps out of the range reserved for demo accounts
    const others = await a.db.select({ mobile: members.mobile }).from(members).where(sql`${members.uname} NOT IN ${Object.keys(expected)}`);
    expect(others.length).toBeGreaterThanOrEqual(20);
    for (const m of others) {
      expect(m.mobile).toMatch(/^1[3-9]\d{9}$/);
      expect(m.mobile!.startsWith('138000000')).toBe(false);
    }
  });

  it('gives the same catalogue on every run', async () => {
    const first = (db: TDatabase) =>
      db.db.select({ name: products.name, model: products.model, price: products.price }).from(products).orderBy(asc(products.id)).limit(50);
    const [x, y] = await Promise.all([first(a), first(b)]);
    expect(x).toHaveLength(50);
    expect(y).toEqual(x);
    const titles = (db: TDatabase) => db.db.select({ title: news.title }).from(news).orderBy(asc(news.id)).limit(20);
    expect(await titles(b)).toEqual(await titles(a));
  });

  it('indexes products so that 色谱 finds gas and liquid chromatographs', async () => {
    const rows = await a.db
      .select({ category: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(sql`${products.searchTokens} @@ to_tsquery('simple', '色谱')`);
    const found = new Set(rows.map((r) => r.category));
    expect(found.has('气相色谱仪')).toBe(true);
    expect(found.has('液相色谱仪')).toBe(true);
    // the English brand name and the compact model number are indexed too
    const [agilent] = await a.db.select({ n: count() }).from(products).where(sql`${products.searchTokens} @@ to_tsquery('simple', 'agilent')`);
    expect(Number(agilent!.n)).toBeGreaterThan(0);
  });
});
