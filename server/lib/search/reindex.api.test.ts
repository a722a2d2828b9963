// A database indexed before the search's token scheme (search_version 0, tokens of the old
// to_tsvector kind) is re-indexed at start and then finds words typed together.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products } from '../../db/schema.js';
import { makeBrand, makeCategory, makeProduct, makeSupplier } from '../../modules/catalogue/catalogue.fixtures.js';
import { makeTestApp, type TTestApp } from '../../test/harness.js';
import { reindexStaleProducts } from './reindex.js';
import { SEARCH_INDEX_VERSION } from './tokens.js';

let t: TTestApp;
let productId: number;

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  const top = await makeCategory(db, { name: '分析仪器' });
  const group = await makeCategory(db, { name: '色谱仪器', parentId: top.id, level: 2 });
  const gc = await makeCategory(db, { name: '气相色谱仪', parentId: group.id, level: 3 });
  const brand = await makeBrand(db, { name: '安捷伦', nameEn: 'Agilent' });
  const { supplier } = await makeSupplier(db, { companyName: '上海旧索引仪器有限公司', uid: 'old01' });
  const p = await makeProduct(db, { supplierId: supplier.id, categoryId: gc.id, categoryName: gc.name, name: '安捷伦 8890 气相色谱仪', model: '8890', brand });
  productId = p.id;
  // As a database from before the change holds it.
  await db.update(products).set({ searchTokens: sql`to_tsvector('simple', '安 安捷 捷 捷伦 伦 气 气相 相 相色 色 色谱 谱 谱仪 仪 8890')`, searchVersion: 0 }).where(eq(products.id, p.id));
});
afterAll(() => t?.close());

const total = async (keyword: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?keyword=${encodeURIComponent(keyword)}` });
  return (res.json() as { data: { total: number } }).data.total;
};

it('re-indexes rows written with an older token scheme, once', async () => {
  expect(await total('安捷伦气相色谱仪')).toBe(0);
  const logged: string[] = [];
  expect(await reindexStaleProducts(t.database.db, (m) => logged.push(m))).toBe(1);
  expect(logged.join('\n')).toContain('re-indexed 1 products');
  const [row] = await t.database.db.select({ v: products.searchVersion }).from(products).where(eq(products.id, productId));
  expect(row!.v).toBe(SEARCH_INDEX_VERSION);
  expect(await total('安捷伦气相色谱仪')).toBe(1);
  expect(await total('Agilent GC')).toBe(1);
  expect(await reindexStaleProducts(t.database.db)).toBe(0);
});
