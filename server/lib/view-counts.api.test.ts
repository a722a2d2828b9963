// Counted views are written behind, and on the embedded database (no autovacuum) the tables they
// rewrite are vacuumed once enough rows have been rewritten. What a visit is (issue 32): one per
// visitor and visit, whether the page was rendered or came from the rendered-page cache, for stores
// and goods alike; a reload within the window, the page's own request for what it shows, a crawler,
// a prefetch count nothing more. Pages are rendered by a stand-in for the renderer's server bundle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TTestApp } from '../test/harness.js';
import { makeCategory, makeProduct, makeSupplier } from '../modules/catalogue/catalogue.fixtures.js';
import { products, stores } from '../db/schema.js';
import { advanceClock, resetClock } from './clock.js';
import { flushViews, recordView, vacuumIfDue, VISIT_WINDOW_MS } from './view-counts.js';

let t: TTestApp;
const ids: number[] = [];
let staticDir: string;
let storeUid: string;
let storeId: number;
let productId: number;

const SHELL = '<!doctype html><html lang="zh-CN"><head><title>仪采通</title></head><body><div id="root"></div></body></html>';
// A stand-in for src/entry-server.tsx: renders a store's or a product's page from the API as a visitor
// would see it (through the server's own API transport), and counts its renders.
const BUNDLE = `
let transport;
let renders = 0;
export function setApiTransport(x) { transport = x; }
export function isPageAddress() { return true; }
export async function render(url) {
  const store = /^\\/store\\/([^/?]+)/.exec(url);
  const product = /^\\/shop\\/detail\\/(\\d+)\\.html$/.exec(url);
  if (!store && !product) return { kind: 'shell', status: 200 };
  const res = await transport({ method: 'GET', url: store ? '/api/stores/' + store[1] : '/api/products/' + product[1], headers: {} });
  const body = JSON.parse(res.body);
  renders += 1;
  return { kind: 'page', status: body.code, html: '<h1>' + (body.data && body.data.name) + '</h1><p>render ' + renders + '</p>', head: '', data: '{}', modules: [], layout: 'default' };
}
`;

const vacuumCount = async () => {
  const result = await t.database.db.execute(sql`SELECT vacuum_count + autovacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'products'`);
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
};

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-visits-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), SHELL);
  fs.mkdirSync(path.join(staticDir, 'ssr'));
  fs.writeFileSync(path.join(staticDir, 'ssr', 'entry-server.mjs'), BUNDLE);
  fs.mkdirSync(path.join(staticDir, '.vite'));
  fs.writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true } }));
  t = await makeTestApp({ STATIC_DIR: staticDir });
  const db = t.database.db;
  const { supplier } = await makeSupplier(db, { status: 'approved' });
  const category = await makeCategory(db, { name: '清理测试仪器' });
  for (let i = 0; i < 3; i++) ids.push((await makeProduct(db, { supplierId: supplier.id, categoryId: category.id, name: `清理测试仪 ${i}` })).id);
  const shop = await makeSupplier(db, { uid: 'visit01', companyName: '访问计数仪器有限公司' });
  storeUid = 'visit01';
  storeId = (await db.select({ id: stores.id }).from(stores).where(eq(stores.uid, storeUid)))[0]!.id;
  productId = (await makeProduct(db, { supplierId: shop.supplier.id, categoryId: category.id, name: '访问计数分光光度计' })).id;
});

afterAll(async () => {
  resetClock();
  await t?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('vacuuming the tables views are counted in', () => {
  it('runs once enough rows were rewritten, then waits for as many again', async () => {
    const db = t.database.db;
    await flushViews(db);
    expect(await vacuumIfDue(db)).toBe(false); // nothing rewritten yet
    for (const id of ids) recordView(db, 'products', id);
    await flushViews(db);
    expect(await vacuumIfDue(db, 4)).toBe(false); // 3 rows rewritten
    const before = await vacuumCount();
    expect(await vacuumIfDue(db, 3)).toBe(true);
    // Statistics reach other connections within a second or so on PostgreSQL.
    const until = Date.now() + 5_000;
    while ((await vacuumCount()) <= before && Date.now() < until) {
      await db.execute(sql`SELECT pg_stat_clear_snapshot()`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await vacuumCount()).toBeGreaterThan(before);
    expect(await vacuumIfDue(db, 3)).toBe(false);
    // After the first one, the default waits for VACUUM_AFTER_ROWS rewritten rows.
    recordView(db, 'products', ids[1]!);
    await flushViews(db);
    expect(await vacuumIfDue(db)).toBe(false);
    // The counts themselves are in the rows.
    const views = (await db.execute(sql`SELECT views FROM products WHERE id = ${ids[0]!}`)) as unknown as { rows: { views: number }[] };
    expect(Number(views.rows[0]!.views)).toBe(1);
  });
});

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A visitor of its own: an address and a browser. */
const visitor = (n: number, ua = BROWSER) => ({ 'x-forwarded-for': `10.32.${Math.floor(n / 250)}.${(n % 250) + 1}`, 'user-agent': ua });
let next = 0;
const fresh = () => visitor(next++);
const page = (url: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });
/** The stored count, once every visit so far is written. */
const stored = async (table: typeof stores | typeof products, id: number) => {
  await flushViews(t.database.db);
  return (await t.database.db.select({ views: table.views }).from(table).where(eq(table.id, id)))[0]!.views;
};

describe('what a visit is', () => {
  it('five fresh visits to a cached store page count five (not the one render)', async () => {
    // The first look renders the page; a crawler's, so it counts nothing itself.
    const first = await page(`/store/${storeUid}`, visitor(9_000, 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)'));
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('render 1');
    const before = await stored(stores, storeId);
    for (let i = 0; i < 5; i++) {
      const res = await page(`/store/${storeUid}`, fresh());
      expect(res.statusCode).toBe(200);
      expect(res.body, 'served from the rendered-page cache').toContain('render 1');
    }
    expect(await stored(stores, storeId)).toBe(before + 5);
  });

  it('a reload within the window, and the page’s own request for the store, count once; after the window, again', async () => {
    const me = fresh();
    const before = await stored(stores, storeId);
    for (let i = 0; i < 3; i++) expect((await page(`/store/${storeUid}/allProducts`, me)).statusCode).toBe(200);
    const api = await page(`/api/stores/${storeUid}`, me);
    expect((api.json() as { data: { views: number } }).data.views).toBe(before + 1);
    expect(await stored(stores, storeId)).toBe(before + 1);
    try {
      advanceClock(VISIT_WINDOW_MS + 1_000);
      await page(`/store/${storeUid}`, me);
      expect(await stored(stores, storeId)).toBe(before + 2);
    } finally {
      resetClock();
    }
  });

  it('a Baiduspider request counts none, nor a prefetch, nor a HEAD', async () => {
    const before = await stored(stores, storeId);
    const spider = visitor(9_001, 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)');
    expect((await page(`/store/${storeUid}`, spider)).statusCode).toBe(200);
    expect((await page(`/api/stores/${storeUid}`, spider)).statusCode).toBe(200);
    expect((await page(`/store/${storeUid}`, { ...fresh(), 'sec-purpose': 'prefetch' })).statusCode).toBe(200);
    expect((await page(`/store/${storeUid}`, { ...fresh(), 'sec-purpose': 'prefetch;prerender' })).statusCode).toBe(200);
    expect((await page(`/api/stores/${storeUid}`, { ...fresh(), purpose: 'prefetch' })).statusCode).toBe(200);
    expect((await page(`/store/${storeUid}`, fresh(), 'HEAD')).statusCode).toBe(200);
    expect(await stored(stores, storeId)).toBe(before);
  });

  it('goods count the same way: five fresh visits to a cached product page count five, each with its page’s own request', async () => {
    const first = await page(`/shop/detail/${productId}.html`, visitor(9_002, 'Googlebot/2.1 (+http://www.google.com/bot.html)'));
    const render = /render \d+/.exec(first.body)![0];
    const before = await stored(products, productId);
    for (let i = 0; i < 5; i++) {
      const me = fresh();
      const res = await page(`/shop/detail/${productId}.html`, me);
      expect(res.body, 'served from the rendered-page cache').toContain(render);
      // The hydrated page asks for the product itself: the same visit.
      expect((await page(`/api/products/${productId}`, me)).statusCode).toBe(200);
    }
    expect(await stored(products, productId)).toBe(before + 5);
    // A visit inside the store's frame is a visit to the store and to the product.
    const storeBefore = await stored(stores, storeId);
    expect((await page(`/store/${storeUid}/goods-details?id=${productId}`, fresh())).statusCode).toBe(200);
    expect(await stored(products, productId)).toBe(before + 6);
    expect(await stored(stores, storeId)).toBe(storeBefore + 1);
  });

  it('a page that is not there counts nothing', async () => {
    const before = await stored(products, productId);
    expect((await page(`/shop/detail/99999999.html`, fresh())).statusCode).toBe(404);
    expect(await stored(products, productId)).toBe(before);
  });
});
