// The catalogue under traffic, as a caller sees it: cached answers equal freshly computed ones,
// a supplier's edit and delisting show through the cache, views are written behind in batches,
// and HTTP carries ETag/304, compression and the right Cache-Control for public and member reads.
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheNotificationsHeard, makeMember, makeTestApp, type TTestApp, within5s } from '../../test/harness.js';
import { products, suppliers } from '../../db/schema.js';
import { invalidateCache } from '../../lib/cache.js';
import { flushViews } from '../../lib/view-counts.js';
import { makeBrand, makeCategory, makeProduct, makeStoreArticle } from './catalogue.fixtures.js';

type TBody<T = unknown> = { code: number; msg: string; data: T };
type TList = { items: { id: number; name: string; price: number | null }[]; total: number; brands: unknown[]; provinces: unknown[] };
type TDetail = { id: number; name: string; price: number | null; views: number };

let t: TTestApp;
let supplier: Awaited<ReturnType<typeof makeMember>>;
let storeUid: string;
const p = {} as Record<'gc' | 'lc' | 'balance', number>;
let storeArticleId: number;

const get = async <T = unknown>(url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, body: (res.body ? res.json() : null) as TBody<T> };
};
const call = async (method: 'PUT' | 'GET', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, payload: payload as object, headers: supplier.auth });
  return { status: res.statusCode, body: res.json() as TBody<Record<string, unknown>> };
};
/** Cache hits so far for one cache, from /metrics. */
const hits = async (cache: string) => {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const m = new RegExp(`yct_cache_requests_total\\{cache="${cache}",result="hit"\\} (\\d+)`).exec(text);
  return m ? Number(m[1]) : 0;
};
const quickEdit = async (id: number, change: Record<string, unknown>) => {
  const current = (await call('GET', `/api/supplier/products/${id}`)).body.data;
  const res = await call('PUT', `/api/supplier/products/${id}/quick`, { ...change, ...(current.version !== undefined ? { version: current.version } : {}) });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
};

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  supplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '缓存测试仪器有限公司' } });
  await db.update(suppliers).set({ status: 'approved' }).where(eq(suppliers.id, supplier.supplierId!));
  storeUid = `t${supplier.id}`;
  const gcCat = await makeCategory(db, { name: '气相色谱仪' });
  const balanceCat = await makeCategory(db, { name: '电子天平' });
  const agilent = await makeBrand(db, { name: '安捷伦', nameEn: 'Agilent' });
  const supplierId = supplier.supplierId!;
  p.gc = (await makeProduct(db, { supplierId, categoryId: gcCat.id, categoryName: '气相色谱仪', name: '安捷伦 7890B 气相色谱仪', model: '7890B', brand: agilent, price: 350000, views: 40 })).id;
  p.lc = (await makeProduct(db, { supplierId, categoryId: gcCat.id, categoryName: '气相色谱仪', name: '气相色谱仪 GC-2014', model: 'GC-2014', price: 180000, province: '北京市' })).id;
  p.balance = (await makeProduct(db, { supplierId, categoryId: balanceCat.id, categoryName: '电子天平', name: '电子天平 千分之一', model: 'JA2003', price: 1200 })).id;
  storeArticleId = (await makeStoreArticle(db, { supplierId, title: '气相色谱仪的日常维护' })).id;
  await cacheNotificationsHeard(t); // on PostgreSQL, a late one would drop an answer the first test expects kept
});

afterAll(async () => {
  await t?.close();
});

const PUBLIC_URLS = [
  '/api/products?page=1&pageSize=20',
  '/api/products?keyword=%E6%B0%94%E7%9B%B8%E8%89%B2%E8%B0%B1&page=1&pageSize=20',
  '/api/products?sort=price_asc&page=1&pageSize=2',
  '/api/products?priceMin=1000&priceMax=200000&province=%E5%8C%97%E4%BA%AC%E5%B8%82',
  '/api/categories',
  '/api/brands?page=1&pageSize=20',
  '/api/home',
  '/api/stores?page=1&pageSize=20',
  '/api/enterprises?page=1&pageSize=20',
];

describe('the shared answer cache', () => {
  it('answers from the cache exactly what it computes without it', async () => {
    const urls = [...PUBLIC_URLS, `/api/stores/${storeUid}`, `/api/stores/${storeUid}/products?page=1&pageSize=20`, `/api/stores/${storeUid}/categories`, `/api/stores/${storeUid}/articles?kind=article&page=1&pageSize=10`];
    for (const url of urls) {
      invalidateCache(t.database.db);
      const uncached = await get(url);
      expect(uncached.status, url).toBe(200);
      // Another visitor: a store page's answer counts the visit (店铺访问量); all else is identical.
      const cached = await get(url, { 'x-forwarded-for': '10.9.0.1' });
      const visit = url === `/api/stores/${storeUid}` ? 1 : 0;
      const views = (b: TBody) => (b.data as { views?: number }).views ?? 0;
      expect(views(cached.body), url).toBe(views(uncached.body) + visit);
      expect({ ...cached.body, data: { ...(cached.body.data as object), views: 0 } }, url).toEqual({ ...uncached.body, data: { ...(uncached.body.data as object), views: 0 } });
    }
    // The second look is answered from the cache: the bytes the first was sent with
    // (plugins/public-answers.ts) on the lists, the answer cache on the store page.
    expect(await hits('sent-answer')).toBeGreaterThanOrEqual(PUBLIC_URLS.length);
    expect(await hits('store')).toBeGreaterThan(0);
  });

  it('keeps a product detail identical through the cache, counting each visit', async () => {
    invalidateCache(t.database.db);
    const first = (await get<TDetail>(`/api/products/${p.gc}`)).body.data;
    const before = await hits('product');
    const second = (await get<TDetail>(`/api/products/${p.gc}`, { 'x-forwarded-for': '10.9.0.2' })).body.data;
    expect(await hits('product')).toBe(before + 1);
    expect(second.views).toBe(first.views + 1);
    expect({ ...second, views: 0 }).toEqual({ ...first, views: 0 });
  });

  it('shows a supplier’s price change in the detail and the search within 5 seconds', async () => {
    const search = `/api/products?keyword=7890B&page=1&pageSize=20`;
    expect((await get<TList>(search)).body.data.items.find((i) => i.id === p.gc)?.price).toBe(350000);
    expect((await get<TDetail>(`/api/products/${p.gc}`)).body.data.price).toBe(350000);
    await quickEdit(p.gc, { price: 299000 });
    expect(await within5s(async () => (await get<TDetail>(`/api/products/${p.gc}`)).body.data.price === 299000)).toBe(true);
    expect(await within5s(async () => (await get<TList>(search)).body.data.items.find((i) => i.id === p.gc)?.price === 299000)).toBe(true);
  });

  it('drops a delisted product from search and answers 404 for its detail', async () => {
    const search = `/api/products?keyword=GC-2014&page=1&pageSize=20`;
    expect((await get<TList>(search)).body.data.items.map((i) => i.id)).toContain(p.lc);
    expect((await get(`/api/products/${p.lc}`)).status).toBe(200);
    const totalBefore = (await get<TList>('/api/products?page=1&pageSize=20')).body.data.total;
    await quickEdit(p.lc, { status: 'off_shelf' });
    expect(await within5s(async () => !(await get<TList>(search)).body.data.items.some((i) => i.id === p.lc))).toBe(true);
    const detail = await get(`/api/products/${p.lc}`);
    expect(detail.status).toBe(404);
    expect(detail.body.msg).toBe('商品不存在');
    expect((await get<TList>('/api/products?page=1&pageSize=20')).body.data.total).toBe(totalBefore - 1);
  });
});

describe('view counts written behind', () => {
  it('adds visits to the row in one batch, and answers keep counting across it', async () => {
    const db = t.database.db;
    await flushViews(db);
    const stored = async () => (await db.select({ views: products.views }).from(products).where(eq(products.id, p.balance)))[0]!.views;
    const start = await stored();
    let last = 0;
    // Five visitors (one visitor's reloads are one visit: lib/view-counts.api.test.ts).
    for (let i = 0; i < 5; i++) last = (await get<TDetail>(`/api/products/${p.balance}`, { 'x-forwarded-for': `10.9.1.${i + 1}` })).body.data.views;
    expect(last).toBe(start + 5);
    expect(await stored()).toBe(start); // not yet written
    await flushViews(db);
    expect(await stored()).toBe(start + 5);
    invalidateCache(db); // the next answer reads the row again
    expect((await get<TDetail>(`/api/products/${p.balance}`, { 'x-forwarded-for': '10.9.1.6' })).body.data.views).toBe(start + 6);
    expect((await get<TDetail>(`/api/products/${p.balance}`, { 'x-forwarded-for': '10.9.1.7' })).body.data.views).toBe(start + 7);
  });

  it('counts store article visits the same way', async () => {
    const url = `/api/stores/${storeUid}/articles/${storeArticleId}`;
    const a = (await get<{ views: number }>(url)).body.data.views;
    const b = (await get<{ views: number }>(url, { 'x-forwarded-for': '10.9.2.1' })).body.data.views;
    expect(b).toBe(a + 1);
  });
});

describe('HTTP caching and compression', () => {
  it('gives anonymous catalogue reads a public Cache-Control and an ETag that answers 304', async () => {
    const url = '/api/products?page=1&pageSize=20';
    const first = await get(url);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A changed answer has another tag and comes in full.
    await quickEdit(p.balance, { price: 1300 });
    expect(await within5s(async () => (await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode === 200)).toBe(true);
  });

  it('marks member-specific answers private, no-store, also for public paths read with a token', async () => {
    const mine = await get('/api/notifications/unread-count', supplier.auth);
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    const signedIn = await get('/api/products?page=1&pageSize=20', supplier.auth);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect((await get('/api/member/getInfo', supplier.auth)).headers['cache-control']).toBe('private, no-store');
  });

  it('compresses JSON with Brotli or gzip as the client accepts, to the same answer', async () => {
    const url = '/api/home';
    const plain = await get(url);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.body);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.body);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    // q=0 refuses an encoding; no acceptable encoding gets the plain body.
    expect((await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip' } })).headers['content-encoding']).toBe('gzip');
    const identity = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.body);
  });

  it('sends the same compressed answer on every hit, and a changed one after a supplier\'s edit (the compressed body goes with its ETag)', async () => {
    // A list larger than the 1 KB below which nothing is compressed: more balances of the supplier.
    const { categoryId } = (await get<{ categoryId: number }>(`/api/products/${p.balance}`)).body.data;
    for (let i = 1; i <= 8; i++) {
      await makeProduct(t.database.db, { supplierId: supplier.supplierId!, categoryId, categoryName: '电子天平', name: `电子天平 万分之一 精密称量型 第${i}款`, model: `JA${i}004`, price: 2000 + i });
    }
    const url = `/api/products?keyword=${encodeURIComponent('电子天平')}&page=1&pageSize=20`;
    await within5s(async () => (await get<TList>(url)).body.data.total >= 9);
    const fetchBr = () => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const first = await fetchBr();
    expect(first.headers['content-encoding']).toBe('br');
    const again = await fetchBr();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    const priceOf = (raw: Buffer) => (JSON.parse(zlib.brotliDecompressSync(raw).toString('utf8')) as TBody<TList>).data.items.find((i) => i.id === p.balance)?.price;
    const before = priceOf(first.rawPayload);
    expect(before).toBeDefined();
    await quickEdit(p.balance, { price: (before ?? 0) + 11 });
    await within5s(async () => priceOf((await fetchBr()).rawPayload) === (before ?? 0) + 11);
    expect((await fetchBr()).headers.etag).not.toBe(first.headers.etag);
  });
});

describe('precompressed static assets', () => {
  it('sends the build’s .br or .gz beside a hashed asset to a client that accepts it, the file itself otherwise', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-static-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>仪采通</title></head><body><div id="root"></div></body></html>');
    const js = `console.log(${JSON.stringify('仪器'.repeat(2000))});`;
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(js));
    const s = await makeTestApp({ STATIC_DIR: dist });
    try {
      const br = await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(js);
      const gz = await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(js);
      const plain = await s.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
      // The HTML shell of a deep link: compressed when accepted, with an ETag that answers 304.
      const html = await s.app.inject({ method: 'GET', url: '/shop', headers: { 'accept-encoding': 'gzip' } });
      expect(html.statusCode).toBe(200);
      const etag = String(html.headers.etag);
      expect((await s.app.inject({ method: 'GET', url: '/shop', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    } finally {
      await s.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
