// Numbers that agree with their lists (issue 22): a store's category counts and its listing follow
// one rule (a parent includes its sub-categories) on the public store page and in the supplier's
// back office; store visits are counted, a foreign product on a store page is not this store's
// (no view counted); the home page and the sitemap follow a rejected demand or supplier at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_BANDS } from '../../../contracts/catalogue-constants.js';
import { makeMember, makeTestApp, type TTestApp, within5s } from '../../test/harness.js';
import { products, stores, suppliers } from '../../db/schema.js';
import { flushViews } from '../../lib/view-counts.js';
import { makeBrand, makeCategory, makeDemand, makeProduct, makeStoreCategory, makeSupplier } from './catalogue.fixtures.js';

type TBody<T = unknown> = { code: number; msg: string; data: T };
type TStoreCat = { id: number; name: string; productCount: number; children: TStoreCat[] };
type TBackCat = { id: number; name: string; productCount: number; children: TBackCat[] };

let t: TTestApp;
let owner: Awaited<ReturnType<typeof makeMember>>;
let admin: Awaited<ReturnType<typeof makeMember>>;
let uid: string;
const w = {} as { parent: number; child: number; leafOnly: number; foreign: number; own: number; categoryId: number };

const get = async <T = unknown>(url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, body: (res.headers['content-type']?.toString().includes('json') ? res.json() : null) as TBody<T>, text: res.body };
};
beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  owner = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '计数测试仪器有限公司' } });
  admin = await makeMember(t, { roles: ['member', 'admin'] });
  await db.update(suppliers).set({ status: 'approved' }).where(eq(suppliers.id, owner.supplierId!));
  uid = `t${owner.id}`;
  const cat = await makeCategory(db, { name: '光谱仪器' });
  w.categoryId = cat.id;
  const supplierId = owner.supplierId!;
  const parent = await makeStoreCategory(db, supplierId, '光谱仪器');
  const child = await makeStoreCategory(db, supplierId, '紫外分光光度计', parent.id);
  const other = await makeStoreCategory(db, supplierId, '其他');
  w.parent = parent.id;
  w.child = child.id;
  w.leafOnly = other.id;
  // Parent: 2 on sale directly, 1 on sale in the child, 1 off shelf in the child.
  w.own = (await makeProduct(db, { supplierId, categoryId: cat.id, name: '原子吸收光谱仪 AA-7000', storeCategoryId: parent.id })).id;
  await makeProduct(db, { supplierId, categoryId: cat.id, name: '荧光光谱仪 F-7100', storeCategoryId: parent.id });
  await makeProduct(db, { supplierId, categoryId: cat.id, name: '紫外分光光度计 UV-2600', storeCategoryId: child.id });
  await makeProduct(db, { supplierId, categoryId: cat.id, name: '紫外分光光度计 UV-1900', storeCategoryId: child.id, status: 'off_shelf' });
  await makeProduct(db, { supplierId, categoryId: cat.id, name: '其他仪器', storeCategoryId: other.id });
  const stranger = await makeSupplier(db, { companyName: '别家仪器有限公司', status: 'approved' });
  w.foreign = (await makeProduct(db, { supplierId: stranger.supplier.id, categoryId: cat.id, name: '别家的红外光谱仪 IR-1' })).id;
});

afterAll(async () => {
  await t?.close();
});

describe('store category counts and listings: one rule (a parent includes its sub-categories)', () => {
  it('counts on the public store page equal the number of goods its listing shows', async () => {
    const tree = (await get<TStoreCat[]>(`/api/stores/${uid}/categories`)).body.data;
    const parent = tree.find((c) => c.id === w.parent)!;
    expect(parent.productCount).toBe(3);
    expect(parent.children.find((c) => c.id === w.child)!.productCount).toBe(1);
    for (const c of [parent, ...parent.children, tree.find((x) => x.id === w.leafOnly)!]) {
      const list = (await get<{ total: number }>(`/api/stores/${uid}/products?storeCategoryId=${c.id}&page=1&pageSize=16`)).body.data;
      expect(list.total, c.name).toBe(c.productCount);
    }
  });

  it('counts in the back office equal the number of goods 商品管理 lists for the category', async () => {
    const tree = (await get<TBackCat[]>('/api/supplier/store-categories', owner.auth)).body.data;
    const parent = tree.find((c) => c.id === w.parent)!;
    expect(parent.productCount).toBe(4);
    for (const c of [parent, ...parent.children]) {
      const list = (await get<{ total: number; counts: { all: number } }>(`/api/supplier/products?storeCategoryId=${c.id}&page=1&pageSize=20`, owner.auth)).body.data;
      expect(list.counts.all, c.name).toBe(c.productCount);
    }
  });
});

describe('the brand filter of 商品管理 (from 代理品牌)', () => {
  it('names the brand filtered by, so the page can show it as an active filter', async () => {
    const brand = await makeBrand(t.database.db, { name: '岛津' });
    await makeProduct(t.database.db, { supplierId: owner.supplierId!, categoryId: w.categoryId, name: '岛津 UV-1780', brand, status: 'draft' });
    const list = (await get<{ total: number; selectedBrand: { id: number; name: string } | null }>(`/api/supplier/products?brandId=${brand.id}&page=1&pageSize=20`, owner.auth)).body.data;
    expect(list.total).toBe(1);
    expect(list.selectedBrand).toEqual({ id: brand.id, name: '岛津' });
    expect((await get<{ selectedBrand: unknown }>('/api/supplier/products?page=1&pageSize=20', owner.auth)).body.data.selectedBrand).toBeNull();
  });
});

describe('store visits and foreign goods on a store page', () => {
  it('counts a visit to the store page in its 访问量', async () => {
    const db = t.database.db;
    await flushViews(db);
    const before = (await get<{ views: number }>(`/api/stores/${uid}`)).body.data.views;
    // Another visitor (one visitor's reloads are one visit: lib/view-counts.api.test.ts).
    const after = (await get<{ views: number }>(`/api/stores/${uid}`, { 'x-forwarded-for': '10.9.3.1' })).body.data.views;
    expect(after).toBe(before + 1);
    await flushViews(db);
    const [row] = await db.select({ views: stores.views }).from(stores).where(eq(stores.uid, uid));
    expect(row!.views).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for another supplier’s product on this store, counting no view', async () => {
    const db = t.database.db;
    await flushViews(db);
    const [before] = await db.select({ views: products.views }).from(products).where(eq(products.id, w.foreign));
    const res = await get(`/api/stores/${uid}/products/${w.foreign}`);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('该店铺没有这件商品');
    await flushViews(db);
    const [after] = await db.select({ views: products.views }).from(products).where(eq(products.id, w.foreign));
    expect(after!.views).toBe(before!.views);
    const own = await get<{ id: number; name: string }>(`/api/stores/${uid}/products/${w.own}`);
    expect(own.status).toBe(200);
    expect(own.body.data.name).toBe('原子吸收光谱仪 AA-7000');
  });
});

describe('home page and sitemap after a rejection', () => {
  it('lets no browser or crawler keep the home page or the sitemap fresh on its own: they revalidate by ETag', async () => {
    for (const url of ['/api/home', '/sitemap.xml']) {
      const first = await get(url);
      expect(first.headers['cache-control'], url).toBe('public, no-cache');
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('drops a rejected demand from the home page at once', async () => {
    const demand = await makeDemand(t.database.db, { title: '求购驳回测试的离心机' });
    const home = async () => (await get<{ demands: { id: number }[]; stats: { demands: number } }>('/api/home')).body.data;
    // A home answer cached before the demand was posted goes when the change arrives (NOTIFY on PostgreSQL).
    expect(await within5s(async () => (await home()).demands.some((d) => d.id === demand.id))).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/demands/${demand.id}/reject`, headers: admin.auth, payload: { reason: '信息不实' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await within5s(async () => !(await home()).demands.some((d) => d.id === demand.id))).toBe(true);
  });

  it('drops a rejected supplier’s store and goods from the home page and the sitemap at once', async () => {
    const sitemap = async () => (await get('/sitemap.xml')).text;
    expect(await sitemap()).toContain(`/shop/detail/${w.own}.html`);
    expect(await sitemap()).toContain(`/store/${uid}`);
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/suppliers/${owner.supplierId}/status`, headers: admin.auth, payload: { status: 'rejected', note: '资质不全' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await within5s(async () => !(await sitemap()).includes(`/shop/detail/${w.own}.html`))).toBe(true);
    expect(await sitemap()).not.toContain(`/store/${uid}`);
    expect(await within5s(async () => !(await get<{ stores: { uid: string }[] }>('/api/home')).body.data.stores.some((s) => s.uid === uid))).toBe(true);
  });
});

describe('price bands of the shop', () => {
  it('puts every price in exactly one band, as the server filters them (¥200,000 is in 20万-100万 only)', async () => {
    const db = t.database.db;
    const cat = await makeCategory(db, { name: '价格区间测试' });
    const seller = (await makeSupplier(db, { companyName: '价格区间测试有限公司', status: 'approved' })).supplier.id;
    const prices = [9_999.99, 10_000, 50_000, 199_999.99, 200_000, 999_999, 1_000_000];
    const ids = new Map<number, number>();
    for (const price of prices) ids.set((await makeProduct(db, { supplierId: seller, categoryId: cat.id, name: `价格区间测试仪 ${price}`, price })).id, price);
    const seen = new Map<number, string[]>();
    for (const band of PRICE_BANDS) {
      const query = new URLSearchParams({ category: String(cat.id), pageSize: '50' });
      if (band.min !== undefined) query.set('priceMin', String(band.min));
      if (band.below !== undefined) query.set('priceBelow', String(band.below));
      const res = await get<{ items: { id: number }[] }>(`/api/products?${query}`);
      expect(res.status, band.label).toBe(200);
      for (const item of res.body.data.items) seen.set(item.id, [...(seen.get(item.id) ?? []), band.label]);
    }
    const bandsOf = (price: number) => seen.get([...ids].find(([, p]) => p === price)![0]) ?? [];
    for (const price of prices) expect(bandsOf(price), String(price)).toHaveLength(1);
    expect(bandsOf(200_000)).toEqual(['20万-100万']);
    expect(bandsOf(199_999.99)).toEqual(['5万-20万']);
    expect(bandsOf(1_000_000)).toEqual(['100万以上']);
  });
});
