// Several processes on one PostgreSQL: a write through one connection pool drops the cached answer
// of another (NOTIFY from the write triggers, LISTEN in each), within 5 seconds.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { startPostgres, type TPostgres } from '../../bench/ops-lib.js';
import { openDatabase, type TDatabase } from '../db/client.js';
import { products } from '../db/schema.js';
import { makeCategory, makeProduct, makeSupplier } from '../modules/catalogue/catalogue.fixtures.js';
import { productDetail } from '../modules/catalogue/catalogue.service.js';
import { listenForInvalidation } from './cache.js';

const pg: TPostgres | string = process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is set (the multi-instance test covers that server)' : startPostgres();
const skip = typeof pg === 'string' ? pg : null;
const log = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

let a: TDatabase;
let b: TDatabase;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (typeof pg === 'string') return;
  a = await openDatabase({ databaseUrl: pg.url });
  b = await openDatabase({ databaseUrl: pg.url });
  stops.push(await listenForInvalidation(a, log), await listenForInvalidation(b, log));
}, 120_000);

afterAll(async () => {
  for (const stop of stops) await stop();
  await a?.close();
  await b?.close();
  if (typeof pg !== 'string') pg.remove();
});

describe.skipIf(!!skip)(`the answer cache across processes on PostgreSQL${skip ? ` — skipped: ${skip}` : ''}`, () => {
  it('shows a price written through another pool in the cached detail within 5 seconds', async () => {
    const { supplier } = await makeSupplier(a.db);
    const cat = await makeCategory(a.db, { name: '气相色谱仪' });
    const product = await makeProduct(a.db, { supplierId: supplier.id, categoryId: cat.id, name: '气相色谱仪 GC-9790', price: 50000 });
    expect((await productDetail(a.db, product.id)).price).toBe(50000);
    await b.db.update(products).set({ price: '42000' }).where(eq(products.id, product.id));
    const until = Date.now() + 5_000;
    let price = (await productDetail(a.db, product.id)).price;
    while (price !== 42000 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      price = (await productDetail(a.db, product.id)).price;
    }
    expect(price).toBe(42000);
    await b.db.update(products).set({ status: 'off_shelf' }).where(eq(products.id, product.id));
    await expect
      .poll(async () => productDetail(a.db, product.id).then(() => 'found', (err: Error) => err.message), { timeout: 5_000, interval: 50 })
      .toBe('商品不存在');
  });
});
