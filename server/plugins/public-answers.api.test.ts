// The short path for anonymous public reads (plugins/public-answers.ts), as a caller sees it: the
// same bytes and headers as the normal path for every route of the list and every encoding, 304 on
// If-None-Match, dropped by a supplier's write at the moment the answer cache is, never for members,
// never for details that count a visit.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheNotificationsHeard, makeMember, makeTestApp, type TTestApp, within5s } from '../test/harness.js';
import { suppliers } from '../db/schema.js';
import { invalidateCache } from '../lib/cache.js';
import { makeBrand, makeCategory, makeProduct, makeStoreArticle } from '../modules/catalogue/catalogue.fixtures.js';
import { PUBLIC_ANSWERS } from './public-answers.js';

type TBody<T = unknown> = { code: number; msg: string; data: T };
type TList = { items: { id: number; name: string; price: number | null }[]; total: number };

let t: TTestApp;
let supplier: Awaited<ReturnType<typeof makeMember>>;
let storeUid: string;
let balanceId: number;
let detailId: number;

const ENCODINGS = { br: 'br, gzip', gzip: 'gzip, deflate', identity: 'identity' } as const;
const SEARCH = `/api/products?keyword=${encodeURIComponent('电子天平')}&page=1&pageSize=20`;

/** A URL for each route of the list (a route added to the list without one here fails the first test). */
const urlOf = (): Record<string, string> => ({
  '/api/home': '/api/home',
  '/api/categories': '/api/categories',
  '/api/regions': '/api/regions',
  '/api/brands': '/api/brands?page=1&pageSize=20',
  '/api/products': SEARCH,
  '/api/stores': '/api/stores?page=1&pageSize=20',
  '/api/stores/:uid/products': `/api/stores/${storeUid}/products?page=1&pageSize=20`,
  '/api/stores/:uid/categories': `/api/stores/${storeUid}/categories`,
  '/api/stores/:uid/articles': `/api/stores/${storeUid}/articles?kind=article&page=1&pageSize=10`,
  '/api/stores/:uid/recruitments': `/api/stores/${storeUid}/recruitments?page=1&pageSize=10`,
  '/api/enterprises': '/api/enterprises?page=1&pageSize=20',
  '/api/enterprises/:id': `/api/enterprises/${supplier.supplierId}`,
  '/api/news': '/api/news?page=1&pageSize=10',
  '/api/news/categories': '/api/news/categories',
  '/api/articles': '/api/articles?page=1&pageSize=10',
  '/api/articles/categories': '/api/articles/categories',
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const metric = async (pattern: RegExp) => Number(pattern.exec((await get('/metrics')).body)?.[1] ?? 0);
/** Answers sent from kept bytes so far. */
const shortHits = () => metric(/yct_cache_requests_total\{cache="sent-answer",result="hit"\} (\d+)/);
/** Headers as the caller compares them: without what differs per request (its id, the date). */
const lasting = (headers: Record<string, unknown>) => {
  const { 'x-request-id': _id, date: _date, ...rest } = headers;
  return rest;
};
const decode = (res: Awaited<ReturnType<typeof get>>) => {
  const raw = res.rawPayload;
  const text = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(raw) : res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
  return JSON.parse(text.toString('utf8')) as TBody;
};
const quickEdit = async (id: number, change: Record<string, unknown>) => {
  const current = (await get(`/api/supplier/products/${id}`, supplier.auth)).json() as TBody<{ version?: number }>;
  const res = await t.app.inject({ method: 'PUT', url: `/api/supplier/products/${id}/quick`, headers: supplier.auth, payload: { ...change, ...(current.data.version !== undefined ? { version: current.data.version } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  supplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '短路径测试仪器有限公司' } });
  await db.update(suppliers).set({ status: 'approved' }).where(eq(suppliers.id, supplier.supplierId!));
  storeUid = `t${supplier.id}`;
  const balances = await makeCategory(db, { name: '电子天平' });
  const brand = await makeBrand(db, { name: '梅特勒', nameEn: 'Mettler' });
  // Enough goods for a list above the 1 KB below which nothing is compressed.
  for (let i = 1; i <= 10; i++) {
    const made = await makeProduct(db, { supplierId: supplier.supplierId!, categoryId: balances.id, categoryName: '电子天平', name: `电子天平 万分之一 精密称量型 第${i}款`, model: `MT${i}004`, brand, price: 2000 + i });
    if (i === 1) balanceId = made.id;
    if (i === 2) detailId = made.id;
  }
  await makeStoreArticle(db, { supplierId: supplier.supplierId!, title: '电子天平的日常校准' });
  // On PostgreSQL the notifications of these writes come a moment later: one heard between a
  // normal read and the next would drop the bytes kept (as it should) and fail a check below.
  await cacheNotificationsHeard(t);
});

afterAll(async () => {
  await t?.close();
});

describe('the short path for anonymous public reads', () => {
  it('sends every route of the list in every encoding with the bytes and headers of the normal path', async () => {
    const urls = urlOf();
    expect(Object.keys(urls).sort()).toEqual(Object.keys(PUBLIC_ANSWERS).sort());
    let compressed = 0;
    for (const url of Object.values(urls)) {
      for (const [encoding, accept] of Object.entries(ENCODINGS)) {
        invalidateCache(t.database.db);
        const normal = await get(url, { 'accept-encoding': accept });
        expect(normal.statusCode, url).toBe(200);
        const before = await shortHits();
        const short = await get(url, { 'accept-encoding': accept });
        expect(await shortHits(), `${url} ${encoding}: sent from its bytes`).toBe(before + 1);
        expect(short.statusCode, url).toBe(200);
        expect(short.rawPayload.equals(normal.rawPayload), `${url} ${encoding}: same bytes`).toBe(true);
        expect(lasting(short.headers), `${url} ${encoding}: same headers`).toEqual(lasting(normal.headers));
        expect(short.headers['x-request-id']).toMatch(/.+/);
        expect(short.headers['x-request-id']).not.toBe(normal.headers['x-request-id']);
        if (normal.headers['content-encoding'] === encoding) compressed += 1;
      }
    }
    // Brotli and gzip were really exercised (the larger lists), not only plain bodies.
    expect(compressed).toBeGreaterThanOrEqual(6);
    expect((await get(SEARCH, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it('answers a matching If-None-Match with the 304 of the normal path, and a stale tag in full', async () => {
    invalidateCache(t.database.db);
    const first = await get(SEARCH, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    invalidateCache(t.database.db);
    // The normal path's 304 (nothing kept: the answer is not a 200)...
    const normal304 = await get(SEARCH, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(normal304.statusCode).toBe(304);
    await get(SEARCH, { 'accept-encoding': 'br' }); // ...the bytes kept...
    const before = await shortHits();
    const short304 = await get(SEARCH, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(await shortHits()).toBe(before + 1);
    expect(short304.statusCode).toBe(304);
    expect(short304.rawPayload.length).toBe(0);
    expect(lasting(short304.headers)).toEqual(lasting(normal304.headers));
    const other = await get(SEARCH, { 'accept-encoding': 'br', 'if-none-match': 'W/"another"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('drops the bytes at the moment a supplier’s write drops the answer they were made from', async () => {
    const price = (res: Awaited<ReturnType<typeof get>>) => (decode(res) as TBody<TList>).data.items.find((i) => i.id === balanceId)?.price;
    const anonymous = () => get(SEARCH, { 'accept-encoding': 'br' });
    const start = price(await anonymous());
    expect(start).toBeDefined();
    const before = await shortHits();
    expect(price(await anonymous())).toBe(start);
    expect(await shortHits()).toBe(before + 1);
    await quickEdit(balanceId, { price: start! + 7 });
    // A member's read takes the normal path: once it shows the new price, the answer cache has
    // dropped the old list — and the short path must not send the old bytes any more.
    expect(await within5s(async () => price(await get(SEARCH, { ...supplier.auth, 'accept-encoding': 'br' })) === start! + 7)).toBe(true);
    expect(price(await anonymous())).toBe(start! + 7);
    const kept = await shortHits();
    expect(price(await anonymous())).toBe(start! + 7);
    expect(await shortHits()).toBe(kept + 1);
  });

  it('never sends kept bytes to a member (bearer token or session cookie)', async () => {
    const url = '/api/products?page=1&pageSize=20';
    await get(url, { 'accept-encoding': 'br' });
    const anonymous = await get(url, { 'accept-encoding': 'br' });
    const before = await shortHits();
    const member = await get(url, { ...supplier.auth, 'accept-encoding': 'br' });
    expect(member.statusCode).toBe(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(member.headers.etag).toBeUndefined();
    expect(decode(member)).toEqual(decode(anonymous));
    const withCookie = await get(url, { cookie: `theme=1; token=${supplier.token}`, 'accept-encoding': 'br' });
    expect(withCookie.statusCode).toBe(200);
    expect(await shortHits()).toBe(before);
  });

  it('keeps counting visits of a product detail (never sent from bytes) and counts every short-path request in the metrics', async () => {
    const views = async (ip: string) => ((await get(`/api/products/${detailId}`, { 'x-forwarded-for': ip })).json() as TBody<{ views: number }>).data.views;
    const before = await shortHits();
    const a = await views('10.36.0.1');
    expect(await views('10.36.0.2')).toBe(a + 1);
    expect(await views('10.36.0.3')).toBe(a + 2);
    expect(await shortHits()).toBe(before);

    const counted = () => metric(/yct_http_request_duration_seconds_count\{method="GET",route="\/api\/categories",status_class="2xx"\} (\d+)/);
    await get('/api/categories');
    const n = await counted();
    const hits = await shortHits();
    await get('/api/categories');
    await get('/api/categories');
    expect(await shortHits()).toBe(hits + 2);
    expect(await counted()).toBe(n + 2);
  });

  it('sends the same from the server’s own request listener, before Fastify routes the request (real connections)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const fetchRaw = (url: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    for (const url of [SEARCH, '/api/categories', `/api/stores/${storeUid}/products?page=1&pageSize=20`]) {
      for (const [encoding, accept] of Object.entries(ENCODINGS)) {
        invalidateCache(t.database.db);
        const normal = await fetchRaw(url, { 'accept-encoding': accept });
        expect(normal.status, url).toBe(200);
        const before = await shortHits();
        const short = await fetchRaw(url, { 'accept-encoding': accept });
        expect(await shortHits(), `${url} ${encoding}`).toBe(before + 1);
        expect(short.body.equals(normal.body), `${url} ${encoding}: same bytes`).toBe(true);
        expect(lasting(short.headers), `${url} ${encoding}: same headers`).toEqual(lasting(normal.headers));
        const notModified = await fetchRaw(url, { 'accept-encoding': accept, 'if-none-match': String(normal.headers.etag) });
        expect(notModified.status).toBe(304);
        expect(notModified.body.length).toBe(0);
      }
    }
    // A caller's own request id is kept, as Fastify keeps it; a member is never answered from bytes.
    expect((await fetchRaw(SEARCH, { 'x-request-id': 'caller-id-36' })).headers['x-request-id']).toBe('caller-id-36');
    const before = await shortHits();
    const member = await fetchRaw(SEARCH, { ...supplier.auth, 'accept-encoding': 'br' });
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(await shortHits()).toBe(before);
    const counted = () => metric(/yct_http_request_duration_seconds_count\{method="GET",route="\/api\/categories",status_class="2xx"\} (\d+)/);
    const n = await counted();
    await fetchRaw('/api/categories', {});
    expect(await counted()).toBe(n + 1);
  });
});
