// The public catalogue through the API: categories, brands, product search (2-character words and
// model numbers), filters, detail, stores in both themes, enterprises, home, sitemap, robots.txt and
// page meta.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TTestApp } from '../../test/harness.js';
import { STATIC_PAGE_META } from './seo.js';
import {
  makeArticle,
  makeBrand,
  makeCategory,
  makeDemand,
  makeNews,
  makeProduct,
  makeRecruitment,
  makeStoreArticle,
  makeStoreCategory,
  makeSupplier,
} from './catalogue.fixtures.js';

type TBody<T = unknown> = { code: number; msg: string; data: T };
type TCard = { id: number; name: string; price: number | null; brandName: string | null; storeUid: string | null; supplierName: string };
type TList<T = TCard> = { items: T[]; total: number; page: number; pageSize: number };

let t: TTestApp;
const get = async <T = unknown>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as TBody<T> };
};
const ids = (items: { id: number }[]) => items.map((i) => i.id).sort((a, b) => a - b);
const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

const world = {} as {
  cat: Record<'analysis' | 'chroma' | 'gc' | 'lc' | 'ms' | 'lcms' | 'lab' | 'balance' | 'eBalance' | 'centrifuge', number>;
  brand: Record<'agilent' | 'shimadzu' | 'mettler', { id: number; name: string }>;
  supA: { id: number; uid: string };
  supB: { id: number; uid: string };
  supPending: { id: number };
  p: Record<'gc7890' | 'lc20' | 'lcms8060' | 'xpr' | 'ja2003' | 'offShelf' | 'pendingGc' | 'cf1' | 'cf2' | 'cf3' | 'generator', number>;
  storeCat: { id: number };
  articles: number[];
  scheme: number;
  draft: number;
  otherStoreArticle: number;
};

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.database.db;
  const analysis = await makeCategory(db, { name: '分析仪器', sort: 1 });
  const chroma = await makeCategory(db, { name: '色谱仪器', parentId: analysis.id, level: 2 });
  const gc = await makeCategory(db, { name: '气相色谱仪', parentId: chroma.id, level: 3 });
  const lc = await makeCategory(db, { name: '液相色谱仪', parentId: chroma.id, level: 3 });
  const ms = await makeCategory(db, { name: '质谱仪器', parentId: analysis.id, level: 2 });
  const lcms = await makeCategory(db, { name: '液质联用仪', parentId: ms.id, level: 3 });
  const lab = await makeCategory(db, { name: '实验室常用设备', sort: 2 });
  const balance = await makeCategory(db, { name: '天平衡器', parentId: lab.id, level: 2 });
  const eBalance = await makeCategory(db, { name: '电子天平', parentId: balance.id, level: 3 });
  const centrifuge = await makeCategory(db, { name: '离心机', parentId: lab.id, level: 2 });
  world.cat = { analysis: analysis.id, chroma: chroma.id, gc: gc.id, lc: lc.id, ms: ms.id, lcms: lcms.id, lab: lab.id, balance: balance.id, eBalance: eBalance.id, centrifuge: centrifuge.id };

  const agilent = await makeBrand(db, { name: '安捷伦', nameEn: 'Agilent' });
  const shimadzu = await makeBrand(db, { name: '岛津', nameEn: 'Shimadzu' });
  const mettler = await makeBrand(db, { name: '梅特勒-托利多', nameEn: 'Mettler Toledo' });
  world.brand = { agilent, shimadzu, mettler };

  const a = await makeSupplier(db, { companyName: '上海谱析科学仪器有限公司', province: '上海市', city: '上海市', kind: 'distributor', verified: true, uid: 'ta01', theme: 1, storeName: '谱析仪器旗舰店' });
  const b = await makeSupplier(db, { companyName: '北京华质分析技术有限公司', province: '北京市', city: '北京市', kind: 'manufacturer', verified: false, uid: 'tb02', theme: 2, storeName: '华质分析', businessScope: '质谱仪研发与生产', introduction: '<p onclick="x()">专注质谱<script>steal()</script></p><iframe src="https://evil.example"></iframe>' });
  const pending = await makeSupplier(db, { companyName: '待审核仪器公司', status: 'pending', uid: 'tp03' });
  world.supA = { id: a.supplier.id, uid: 'ta01' };
  world.supB = { id: b.supplier.id, uid: 'tb02' };
  world.supPending = { id: pending.supplier.id };
  const storeCat = await makeStoreCategory(db, a.supplier.id, '色谱产品');
  await makeStoreCategory(db, a.supplier.id, '气相色谱', storeCat.id);
  world.storeCat = storeCat;

  const day = (n: number) => new Date(Date.now() - n * 86400_000);
  const gc7890 = await makeProduct(db, {
    supplierId: a.supplier.id,
    categoryId: gc.id,
    categoryName: gc.name,
    name: '安捷伦 7890B 气相色谱仪',
    model: '7890B',
    brand: agilent,
    price: 350000,
    province: '上海市',
    views: 50,
    storeCategoryId: storeCat.id,
    createdAt: day(5),
    description: '<p onclick="steal()">双通道进样<script>alert(1)</script></p><img src="https://img.example.com/a.png" onerror="alert(2)"><img src="javascript:alert(3)"><table><tr><td>FID</td></tr></table><a href="javascript:alert(4)">x</a>',
    params: [
      { name: '检测器', value: 'FID/TCD', sort: 2 },
      { name: '柱温箱温度', value: '室温+4℃～450℃', sort: 1 },
    ],
    images: ['https://img.example.com/7890b-1.jpg', 'https://img.example.com/7890b-2.jpg'],
  });
  const lc20 = await makeProduct(db, { supplierId: b.supplier.id, categoryId: lc.id, categoryName: lc.name, name: '岛津 LC-20AT 高效液相色谱仪', model: 'LC-20AT', brand: shimadzu, price: null, province: '北京市', views: 80, createdAt: day(4) });
  const lcms8060 = await makeProduct(db, { supplierId: b.supplier.id, categoryId: lcms.id, categoryName: lcms.name, name: '岛津 三重四极杆液质联用仪', model: 'LCMS-8060', brand: shimadzu, price: 2800000, province: '北京市', views: 10, createdAt: day(3) });
  const xpr = await makeProduct(db, { supplierId: a.supplier.id, categoryId: eBalance.id, categoryName: eBalance.name, name: '梅特勒 XPR 分析天平', model: 'XPR205', brand: mettler, price: 60000, province: '上海市', views: 30, createdAt: day(2) });
  const ja2003 = await makeProduct(db, { supplierId: a.supplier.id, categoryId: eBalance.id, categoryName: eBalance.name, name: '电子天平 千分之一', model: 'JA2003', price: 1200, province: '广东省', views: 5, createdAt: day(1) });
  // Matches every word of 气相色谱仪 through its indexed category, is more popular than the
  // 7890B, but is not itself a gas chromatograph: relevance must put it second.
  const generator = await makeProduct(db, { supplierId: b.supplier.id, categoryId: lab.id, categoryName: '气相色谱仪', name: '氮气发生器（气相色谱配套）', model: 'NG-5', price: 30000, province: '北京市', views: 70, createdAt: day(20) });
  const offShelf = await makeProduct(db, { supplierId: a.supplier.id, categoryId: gc.id, categoryName: gc.name, name: '下架的气相色谱仪', model: 'GC-9790', price: 90000, status: 'off_shelf' });
  const pendingGc = await makeProduct(db, { supplierId: pending.supplier.id, categoryId: gc.id, categoryName: gc.name, name: '待审核公司的气相色谱仪', model: 'GC-2030', price: 200000 });
  const cf = [];
  for (const [i, name] of ['台式低速离心机', '高速冷冻离心机', '微量离心机'].entries()) {
    cf.push(await makeProduct(db, { supplierId: a.supplier.id, categoryId: centrifuge.id, categoryName: centrifuge.name, name, model: `TG1${i}`, price: 8000 + i * 1000, views: 1, createdAt: day(10 + i) }));
  }
  world.p = { gc7890: gc7890.id, lc20: lc20.id, lcms8060: lcms8060.id, xpr: xpr.id, ja2003: ja2003.id, offShelf: offShelf.id, pendingGc: pendingGc.id, cf1: cf[0]!.id, cf2: cf[1]!.id, cf3: cf[2]!.id, generator: generator.id };

  const arts = [];
  for (let i = 0; i < 3; i++) arts.push((await makeStoreArticle(db, { supplierId: a.supplier.id, title: `气相色谱维护要点${i + 1}`, createdAt: day(3 - i) })).id);
  world.articles = arts;
  world.scheme = (await makeStoreArticle(db, { supplierId: a.supplier.id, kind: 'scheme', title: '食品农残检测解决方案', content: '<h3>方案</h3><p style="color:red" onmouseover="x()">GC-MS</p><script>bad()</script>' })).id;
  world.draft = (await makeStoreArticle(db, { supplierId: a.supplier.id, title: '草稿', status: 'draft' })).id;
  world.otherStoreArticle = (await makeStoreArticle(db, { supplierId: b.supplier.id, title: '华质的文章' })).id;
  await makeRecruitment(db, { supplierId: a.supplier.id, title: '色谱应用工程师' });
  await makeRecruitment(db, { supplierId: a.supplier.id, title: '已关闭的职位', status: 'closed' });

  await makeDemand(db, { title: '求购气相色谱仪一台', companyName: '华东理工大学分析测试中心' });
  await makeDemand(db, { title: '草稿求购', status: 'DRAFT' });
  await makeNews(db, { title: '2026分析仪器行业展望' });
  await makeNews(db, { title: '未来发布的新闻', publishedAt: new Date(Date.now() + 86400_000) });
  await makeArticle(db, { title: '气相色谱柱的选择' });
});

afterAll(async () => {
  await t?.close();
});

describe('categories and brands', () => {
  it('returns the category tree built from the flat list', async () => {
    const { status, body } = await get<{ id: number; parentId: number; name: string; children: { name: string; children: { name: string }[] }[] }[]>('/api/categories');
    expect(status).toBe(200);
    expect(body.data.map((c) => c.name)).toEqual(['分析仪器', '实验室常用设备']);
    const analysis = body.data[0]!;
    expect(analysis.parentId).toBe(0);
    expect(analysis.children.map((c) => c.name)).toEqual(['色谱仪器', '质谱仪器']);
    expect(analysis.children[0]!.children.map((c) => c.name)).toEqual(['气相色谱仪', '液相色谱仪']);
  });

  it('pages brands and filters them by category subtree and keyword', async () => {
    const all = await get<TList<{ id: number; name: string }>>('/api/brands?pageSize=2');
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.items).toHaveLength(2);
    const chroma = await get<TList<{ id: number; name: string }>>(`/api/brands?categoryId=${world.cat.analysis}`);
    expect(chroma.body.data.items.map((b) => b.name).sort()).toEqual(['安捷伦', '岛津'].sort());
    const byEnglish = await get<TList<{ name: string }>>(`/api/brands?keyword=${encodeURIComponent('mettler')}`);
    expect(byEnglish.body.data.items.map((b) => b.name)).toEqual(['梅特勒-托利多']);
    const byAlias = await get<TList<{ name: string }>>(`/api/brands?keyword=${encodeURIComponent('梅特勒托利多')}`);
    expect(byAlias.body.data.items.map((b) => b.name)).toEqual(['梅特勒-托利多']);
    expect((await get('/api/brands?page=0')).status).toBe(400);
  });

  it('lists provinces for the region filter', async () => {
    const { body } = await get<string[]>('/api/regions');
    expect(body.data).toContain('上海市');
    expect(body.data).toContain('广东省');
  });
});

describe('product search', () => {
  const search = (params: Record<string, string | number>) => get<TList & { terms: string[]; partial: boolean; notice: string | null; brands: { id: number; name: string; count: number | null }[]; provinces: { name: string; count: number }[]; selectedBrand: { id: number; name: string } | null }>(`/api/products?${q(params)}`);

  it('finds products by a 2-character Chinese word', async () => {
    const chroma = await search({ keyword: '色谱' });
    expect(chroma.status).toBe(200);
    expect(ids(chroma.body.data.items)).toEqual([world.p.gc7890, world.p.lc20, world.p.generator].sort((a, b) => a - b));
    expect(chroma.body.data.terms).toEqual(['色谱']);
    const balances = await search({ keyword: '天平' });
    expect(ids(balances.body.data.items)).toEqual([world.p.xpr, world.p.ja2003].sort((a, b) => a - b));
    const centrifuges = await search({ keyword: '离心' });
    expect(centrifuges.body.data.total).toBe(3);
  });

  it('finds a longer word by the instrument type it names', async () => {
    const lc = await search({ keyword: '高效液相色谱仪' });
    expect(ids(lc.body.data.items)).toEqual([world.p.lc20]);
    expect(lc.body.data.terms).toEqual(expect.arrayContaining(['高效液相色谱仪', '液相色谱仪']));
    expect(lc.body.data.partial).toBe(false);
  });

  it('orders matches by relevance before popularity', async () => {
    const gc = await search({ keyword: '气相色谱仪' });
    expect(gc.body.data.items.map((i) => i.id)).toEqual([world.p.gc7890, world.p.generator]);
    expect(gc.body.data.terms).toEqual(['气相色谱仪']);
  });

  it('finds products by model number, with or without separators and by prefix', async () => {
    for (const keyword of ['7890B', '7890b', '7890']) {
      expect(ids((await search({ keyword })).body.data.items), keyword).toEqual([world.p.gc7890]);
    }
    for (const keyword of ['LCMS-8060', 'lcms8060', '8060']) {
      expect(ids((await search({ keyword })).body.data.items), keyword).toEqual([world.p.lcms8060]);
    }
    const xpr = await search({ keyword: 'XPR' });
    expect(ids(xpr.body.data.items)).toEqual([world.p.xpr]);
    expect(xpr.body.data.terms).toEqual(['xpr']);
    expect(ids((await search({ keyword: 'LC-20AT' })).body.data.items)).toEqual([world.p.lc20]);
  });

  it('mixes a Chinese word and a model number; when not both match, shows the model with a notice', async () => {
    const both = await search({ keyword: '色谱 7890B' });
    expect(ids(both.body.data.items)).toEqual([world.p.gc7890]);
    expect(both.body.data).toMatchObject({ partial: false, notice: null });
    const partial = await search({ keyword: '天平 7890B' });
    expect(ids(partial.body.data.items)).toEqual([world.p.gc7890]);
    expect(partial.body.data).toMatchObject({ partial: true, notice: '没有完全匹配的结果，以下是部分匹配', terms: ['7890b'] });
  });

  it('never shows goods that are off the shelf or belong to an unapproved supplier', async () => {
    const gc = await search({ keyword: '气相色谱' });
    const found = ids(gc.body.data.items);
    expect(found).not.toContain(world.p.offShelf);
    expect(found).not.toContain(world.p.pendingGc);
    expect((await search({ keyword: 'GC-9790' })).body.data.total).toBe(0);
  });

  it('answers an empty result for a keyword without words', async () => {
    const res = await search({ keyword: '%%%' });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(0);
    expect((await search({ keyword: '不存在的仪器名称' })).body.data.items).toEqual([]);
  });

  it('filters by a top-level category including its descendants', async () => {
    const analysis = await search({ category: world.cat.analysis });
    expect(ids(analysis.body.data.items)).toEqual([world.p.gc7890, world.p.lc20, world.p.lcms8060].sort((a, b) => a - b));
    const leaf = await search({ category: world.cat.eBalance });
    expect(ids(leaf.body.data.items)).toEqual([world.p.xpr, world.p.ja2003].sort((a, b) => a - b));
  });

  it('filters by brand, price range and province', async () => {
    expect(ids((await search({ brand: world.brand.shimadzu.id })).body.data.items)).toEqual([world.p.lc20, world.p.lcms8060].sort((a, b) => a - b));
    const priced = await search({ priceMin: 50000, priceMax: 400000 });
    expect(ids((await search({ priceMax: 1200 })).body.data.items)).toEqual([world.p.ja2003]);
    expect(ids(priced.body.data.items)).toEqual([world.p.gc7890, world.p.xpr].sort((a, b) => a - b));
    expect(ids((await search({ province: '北京市' })).body.data.items)).toEqual([world.p.lc20, world.p.lcms8060, world.p.generator].sort((a, b) => a - b));
    expect((await search({ keyword: '色谱', province: '广东省' })).body.data.total).toBe(0);
  });

  it('sorts by price both ways with 面议 last, and by newest', async () => {
    const asc = (await search({ sort: 'price_asc', pageSize: 50 })).body.data.items;
    expect(asc[0]!.id).toBe(world.p.ja2003);
    expect(asc[asc.length - 1]!.price).toBeNull();
    const desc = (await search({ sort: 'price_desc', pageSize: 50 })).body.data.items;
    expect(desc[0]!.id).toBe(world.p.lcms8060);
    expect(desc[desc.length - 1]!.price).toBeNull();
    const newest = (await search({ sort: 'newest' })).body.data.items;
    expect(newest[0]!.id).toBe(world.p.ja2003);
    const popular = (await search({})).body.data.items;
    expect(popular[0]!.id).toBe(world.p.lc20);
  });

  it('pages results and counts them all', async () => {
    const first = await search({ pageSize: 3, page: 1 });
    const second = await search({ pageSize: 3, page: 2 });
    const last = await search({ pageSize: 3, page: 3 });
    expect(first.body.data.total).toBe(9);
    expect(first.body.data.items).toHaveLength(3);
    expect(second.body.data.items).toHaveLength(3);
    expect(last.body.data.items).toHaveLength(3);
    const seen = new Set([...first.body.data.items, ...second.body.data.items, ...last.body.data.items].map((i) => i.id));
    expect(seen.size).toBe(9);
    const beyond = await search({ pageSize: 3, page: 4 });
    expect(beyond.body.data).toMatchObject({ items: [], total: 9, page: 4, pageSize: 3 });
  });

  it('carries names for the product card', async () => {
    const res = await search({ keyword: '7890B' });
    expect(res.body.data.items[0]).toMatchObject({ name: '安捷伦 7890B 气相色谱仪', brandName: '安捷伦', supplierName: '上海谱析科学仪器有限公司', storeUid: 'ta01', price: 350000 });
  });

  it.each<Record<string, string | number>>([{ keyword: '色谱' }, { keyword: '仪' }, { priceMin: 1000, priceMax: 500000 }, { keyword: '色谱', priceMin: 1000 }])('counts the brands and regions of every match, most first (%o)', async (filters) => {
    const res = await search({ ...filters, pageSize: 100 });
    const { items, total, brands, provinces } = res.body.data as unknown as { items: { brandName: string | null; province: string | null }[]; total: number; brands: { name: string; count: number }[]; provinces: { name: string; count: number }[] };
    expect(total).toBeGreaterThan(0);
    expect(items.length).toBe(total); // every match on this one page
    const tally = (names: (string | null)[]) => {
      const m = new Map<string, number>();
      for (const n of names) if (n) m.set(n, (m.get(n) ?? 0) + 1);
      return [...m].sort();
    };
    expect(brands.map((b) => [b.name, b.count]).sort()).toEqual(tally(items.map((i) => i.brandName)));
    expect(provinces.map((p) => [p.name, p.count]).sort()).toEqual(tally(items.map((i) => i.province)));
    for (const list of [brands, provinces]) expect(list.map((f) => f.count)).toEqual([...list.map((f) => f.count)].sort((a, b) => b - a));
  });

  it('counts brands among the matches, ignoring the chosen brand', async () => {
    const res = await search({ keyword: '色谱仪', brand: world.brand.agilent.id });
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.brands.map((b) => [b.name, b.count]).sort()).toEqual([
      ['安捷伦', 1],
      ['岛津', 1],
    ]);
  });

  it.each([
    ['page=0', '页码必须是1到10000之间的整数'],
    ['pageSize=101', '每页条数必须是1到100之间的整数'],
    ['pageSize=100000', '每页条数必须是1到100之间的整数'],
    ['pageSize=abc', '每页条数必须是1到100之间的整数'],
    ['sort=cheap', '排序方式无效'],
    ['category=abc', '分类必须是数字'],
    ['category=-3', '分类必须是正整数'],
    ['brand=1.5', '品牌必须是整数'],
    ['priceMin=abc', '最低价必须是数字'],
    ['priceMin=10&priceMax=5', '最低价不能高于最高价'],
    [`keyword=${'色'.repeat(61)}`, '关键词不能超过60个字符'],
  ])('rejects %s with a Chinese message', async (query, msg) => {
    const { status, body } = await get(`/api/products?${encodeURI(query)}`);
    expect(status).toBe(400);
    expect(body.msg).toBe(msg);
  });

  it('treats empty parameters as not given', async () => {
    const { status, body } = await get<TList>('/api/products?keyword=&category=&brand=&page=');
    expect(status).toBe(200);
    expect(body.data.total).toBe(9);
  });
});

describe('product detail', () => {
  type TDetail = {
    id: number;
    name: string;
    views: number;
    description: string;
    params: { name: string; value: string }[];
    images: string[];
    categoryPath: { name: string }[];
    brand: { name: string } | null;
    supplier: { companyName: string; storeUid: string; verified: boolean; years: number; storeTheme: number };
    related: { id: number }[];
  };

  it('answers the product with sorted params, images, breadcrumb, supplier and related goods', async () => {
    const { status, body } = await get<TDetail>(`/api/products/${world.p.gc7890}`);
    expect(status).toBe(200);
    const p = body.data;
    expect(p.name).toBe('安捷伦 7890B 气相色谱仪');
    expect(p.params.map((x) => x.name)).toEqual(['柱温箱温度', '检测器']);
    expect(p.images).toEqual(['https://img.example.com/7890b-1.jpg', 'https://img.example.com/7890b-2.jpg']);
    expect(p.categoryPath.map((c) => c.name)).toEqual(['分析仪器', '色谱仪器', '气相色谱仪']);
    expect(p.brand?.name).toBe('安捷伦');
    expect(p.supplier).toMatchObject({ companyName: '上海谱析科学仪器有限公司', storeUid: 'ta01', verified: true, storeTheme: 1 });
    expect(p.supplier.years).toBeGreaterThanOrEqual(1);
    expect(p.related.map((r) => r.id)).not.toContain(world.p.gc7890);
  });

  it('lists related goods of the same leaf category', async () => {
    const { body } = await get<TDetail>(`/api/products/${world.p.cf1}`);
    expect(ids(body.data.related)).toEqual([world.p.cf2, world.p.cf3].sort((a, b) => a - b));
  });

  it('sanitises the description: no scripts, handlers or javascript: links', async () => {
    const { body } = await get<TDetail>(`/api/products/${world.p.gc7890}`);
    const html = body.data.description;
    expect(html).toContain('双通道进样');
    expect(html).toContain('<table>');
    expect(html).toContain('src="https://img.example.com/a.png"');
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:/i);
  });

  it('counts a view on every visit (another visitor’s)', async () => {
    const before = (await get<TDetail>(`/api/products/${world.p.xpr}`)).body.data.views;
    const other = await t.app.inject({ method: 'GET', url: `/api/products/${world.p.xpr}`, headers: { 'x-forwarded-for': '10.9.4.1' } });
    expect((other.json() as TBody<TDetail>).data.views).toBe(before + 1);
  });

  it('answers 404 商品不存在 for unknown, off-shelf and unapproved goods', async () => {
    for (const id of [999999, world.p.offShelf, world.p.pendingGc]) {
      const { status, body } = await get(`/api/products/${id}`);
      expect(status).toBe(404);
      expect(body.msg).toBe('商品不存在');
    }
  });

  it('rejects an id that is not a positive integer', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      expect((await get(`/api/products/${id}`)).status, id).toBe(400);
    }
  });
});

describe('stores', () => {
  type TStore = { uid: string; name: string; theme: number; counts: Record<string, number>; supplier: { companyName: string; address: string }; productCount: number };

  it('lists stores with filters and product counts', async () => {
    const all = await get<TList<TStore>>('/api/stores');
    expect(all.body.data.items.map((s) => s.uid)).toEqual(['ta01', 'tb02']);
    expect(all.body.data.items[0]!.productCount).toBe(6);
    expect((await get<TList<TStore>>(`/api/stores?province=${encodeURIComponent('北京市')}`)).body.data.items.map((s) => s.uid)).toEqual(['tb02']);
    expect((await get<TList<TStore>>('/api/stores?kind=manufacturer')).body.data.items.map((s) => s.uid)).toEqual(['tb02']);
    expect((await get<TList<TStore>>(`/api/stores?keyword=${encodeURIComponent('谱析')}`)).body.data.items.map((s) => s.uid)).toEqual(['ta01']);
    expect((await get<TList<TStore>>('/api/stores?pageSize=1&page=2')).body.data.items.map((s) => s.uid)).toEqual(['tb02']);
    expect((await get('/api/stores?kind=factory')).status).toBe(400);
  });

  it('answers a store with its theme, supplier profile and counts', async () => {
    const a = (await get<TStore>('/api/stores/ta01')).body.data;
    expect(a).toMatchObject({ uid: 'ta01', name: '谱析仪器旗舰店', theme: 1, counts: { products: 6, articles: 3, schemes: 1, recruitments: 1 } });
    expect(a.supplier.companyName).toBe('上海谱析科学仪器有限公司');
    const b = (await get<TStore & { introduction: string }>('/api/stores/tb02')).body.data;
    expect(b.theme).toBe(2);
    expect(b.introduction).toContain('专注质谱');
    expect(b.introduction).not.toMatch(/<script|onclick|<iframe/i);
  });

  it('answers 404 for an unknown or unapproved store and 400 for a malformed uid', async () => {
    expect((await get('/api/stores/nope9')).status).toBe(404);
    expect((await get('/api/stores/nope9')).body.msg).toBe('店铺不存在');
    expect((await get('/api/stores/tp03')).status).toBe(404);
    expect((await get(`/api/stores/${encodeURIComponent('a b!')}`)).status).toBe(400);
    expect((await get('/api/stores/nope9/products')).status).toBe(404);
  });

  it('pages a store’s goods and filters them by store category and keyword', async () => {
    const all = await get<TList>('/api/stores/ta01/products?pageSize=4');
    expect(all.body.data.total).toBe(6);
    expect(all.body.data.items).toHaveLength(4);
    const byCat = await get<TList>(`/api/stores/ta01/products?storeCategoryId=${world.storeCat.id}`);
    expect(ids(byCat.body.data.items)).toEqual([world.p.gc7890]);
    const byKeyword = await get<TList>(`/api/stores/ta01/products?keyword=${encodeURIComponent('天平')}`);
    expect(ids(byKeyword.body.data.items)).toEqual([world.p.xpr, world.p.ja2003].sort((a, b) => a - b));
    expect((await get<TList>(`/api/stores/tb02/products?keyword=${encodeURIComponent('天平')}`)).body.data.total).toBe(0);
    expect((await get('/api/stores/ta01/products?storeCategoryId=x')).status).toBe(400);
  });

  it('answers the store categories as a tree with product counts', async () => {
    const { body } = await get<{ name: string; productCount: number; children: { name: string }[] }[]>('/api/stores/ta01/categories');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ name: '色谱产品', productCount: 1 });
    expect(body.data[0]!.children.map((c) => c.name)).toEqual(['气相色谱']);
  });

  it('lists published articles and schemes separately, newest first, paged', async () => {
    const articles = await get<TList<{ id: number; title: string }>>('/api/stores/ta01/articles?kind=article&pageSize=2');
    expect(articles.body.data.total).toBe(3);
    expect(articles.body.data.items.map((a) => a.id)).toEqual([world.articles[2], world.articles[1]]);
    const schemes = await get<TList<{ id: number }>>('/api/stores/ta01/articles?kind=scheme');
    expect(schemes.body.data.items.map((a) => a.id)).toEqual([world.scheme]);
    expect((await get('/api/stores/ta01/articles?kind=news')).status).toBe(400);
  });

  it('answers a sanitised article with its neighbours, only inside its own store', async () => {
    const { body } = await get<{ content: string; prev: { id: number } | null; next: { id: number } | null }>(`/api/stores/ta01/articles/${world.articles[1]}`);
    expect(body.data.prev?.id).toBe(world.articles[2]);
    expect(body.data.next?.id).toBe(world.articles[0]);
    const scheme = await get<{ content: string }>(`/api/stores/ta01/articles/${world.scheme}`);
    expect(scheme.body.data.content).toContain('GC-MS');
    expect(scheme.body.data.content).not.toMatch(/<script|onmouseover|style=/i);
    expect((await get(`/api/stores/ta01/articles/${world.otherStoreArticle}`)).status).toBe(404);
    expect((await get(`/api/stores/ta01/articles/${world.draft}`)).status).toBe(404);
    expect((await get('/api/stores/ta01/articles/abc')).status).toBe(400);
  });

  it('lists only open positions', async () => {
    const { body } = await get<TList<{ title: string }>>('/api/stores/ta01/recruitments');
    expect(body.data.items.map((r) => r.title)).toEqual(['色谱应用工程师']);
    expect((await get('/api/stores/ta01/recruitments?pageSize=0')).status).toBe(400);
  });
});

describe('enterprises', () => {
  type TEnt = { id: number; companyName: string; verified: boolean; storeUid: string | null; productCount: number; products: { id: number }[] };

  it('lists approved enterprises with filters', async () => {
    const all = await get<TList<TEnt>>('/api/enterprises');
    expect(all.body.data.items.map((e) => e.companyName)).toEqual(['上海谱析科学仪器有限公司', '北京华质分析技术有限公司']);
    expect((await get<TList<TEnt>>('/api/enterprises?verified=false')).body.data.items.map((e) => e.id)).toEqual([world.supB.id]);
    expect((await get<TList<TEnt>>('/api/enterprises?kind=distributor')).body.data.items.map((e) => e.id)).toEqual([world.supA.id]);
    expect((await get<TList<TEnt>>(`/api/enterprises?province=${encodeURIComponent('北京市')}`)).body.data.items.map((e) => e.id)).toEqual([world.supB.id]);
    expect((await get<TList<TEnt>>(`/api/enterprises?keyword=${encodeURIComponent('质谱仪')}`)).body.data.items.map((e) => e.id)).toEqual([world.supB.id]);
    expect((await get('/api/enterprises?verified=maybe')).status).toBe(400);
  });

  it('answers an enterprise with its products and store', async () => {
    const { body } = await get<TEnt>(`/api/enterprises/${world.supA.id}`);
    expect(body.data).toMatchObject({ companyName: '上海谱析科学仪器有限公司', storeUid: 'ta01', productCount: 6 });
    expect(body.data.products.length).toBe(6);
    expect((await get(`/api/enterprises/${world.supPending.id}`)).status).toBe(404);
    expect((await get('/api/enterprises/0')).status).toBe(400);
  });
});

describe('home and sitemap', () => {
  it('answers every home section in one call, with buyers masked', async () => {
    const { status, body } = await get<{
      carousel: { to: string }[];
      categories: { name: string; children: unknown[] }[];
      products: { id: number }[];
      brands: unknown[];
      stores: { uid: string }[];
      demands: { title: string; buyer: string }[];
      news: { title: string }[];
      articles: { title: string }[];
      stats: { products: number };
    }>('/api/home');
    expect(status).toBe(200);
    const h = body.data;
    expect(h.carousel.map((c) => c.to)).toEqual(expect.arrayContaining(['/shop', '/demand/inquiry', '/store']));
    expect(h.categories[0]!.children.length).toBeGreaterThan(0);
    expect(h.products.length).toBe(9);
    expect(h.products.map((p) => p.id)).not.toContain(world.p.offShelf);
    expect(h.brands.length).toBe(3);
    expect(h.stores.map((s) => s.uid)).toEqual(['ta01', 'tb02']);
    expect(h.demands).toEqual([expect.objectContaining({ title: '求购气相色谱仪一台', buyer: '华东理工大学***' })]);
    expect(h.news.map((n) => n.title)).toEqual(['2026分析仪器行业展望']);
    expect(h.articles.map((n) => n.title)).toEqual(['气相色谱柱的选择']);
    expect(h.stats.products).toBe(9);
  });

  it('writes a sitemap of absolute URLs from the configured site URL, never the Host header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'shop.example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>http://127.0.0.1:3000/shop/detail/${world.p.gc7890}.html</loc>`);
    expect(xml).not.toContain(`/shop/detail/${world.p.offShelf}.html`);
    // goods of a supplier awaiting approval are not public
    expect(xml).not.toContain(`/shop/detail/${world.p.pendingGc}.html`);
    expect(xml).toContain('<loc>http://127.0.0.1:3000/store/ta01</loc>');
    expect(xml).toMatch(/<loc>http:\/\/127\.0\.0\.1:3000\/news\/detail\/\d+\.html<\/loc>/);
    expect(xml).toMatch(/<loc>http:\/\/127\.0\.0\.1:3000\/technicalCentre\/detail\/\d+\.html<\/loc>/);
    expect(xml).toContain('<loc>http://127.0.0.1:3000/</loc>');
    expect(xml).not.toContain('shop.example.com');
  });

  it('points robots.txt at the sitemap by absolute URL, never from the Host header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'shop.example.com' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:3000\/sitemap\.xml$/m);
  });
});

describe('page meta of shared links', () => {
  let seo: TTestApp;
  let staticDir: string;
  let productId: number;
  let otherProductId: number;
  let articleId: number;
  let draftId: number;
  let enterpriseId: number;
  let pendingId: number;
  const page = async (url: string) => (await seo.app.inject({ method: 'GET', url })).body;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>仪采通</title><meta name="description" content="默认"></head><body><div id="root"></div></body></html>');
    // An older build still carrying public/robots.txt must not shadow the /robots.txt route.
    fs.writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\nSitemap: /sitemap.xml\n');
    seo = await makeTestApp({ STATIC_DIR: staticDir, PUBLIC_URL: 'https://www.yicaitong.example' });
    const db = seo.database.db;
    const cat = await makeCategory(db, { name: '气相色谱仪' });
    const { supplier } = await makeSupplier(db, { uid: 'seo01', storeName: '谱析仪器旗舰店', slogan: '色谱专家' });
    productId = (await makeProduct(db, { supplierId: supplier.id, categoryId: cat.id, categoryName: cat.name, name: '安捷伦 8890 气相色谱仪', model: '8890', price: 420000 })).id;
    const other = await makeSupplier(db, { uid: 'seo02', storeName: '岛津代理店' });
    otherProductId = (await makeProduct(db, { supplierId: other.supplier.id, categoryId: cat.id, name: '岛津 GC-2030 气相色谱仪', price: 300000 })).id;
    articleId = (await makeStoreArticle(db, { supplierId: supplier.id, title: '气相色谱仪日常维护要点', content: '<p>每周检查进样垫与衬管，<b>定期</b>老化色谱柱。</p>' })).id;
    draftId = (await makeStoreArticle(db, { supplierId: supplier.id, title: '未发布的草稿', status: 'draft' })).id;
    enterpriseId = supplier.id;
    pendingId = (await makeSupplier(db, { companyName: '待审核仪器有限公司', status: 'pending' })).supplier.id;
  });

  afterAll(async () => {
    await seo?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('writes the product name into the title and Open Graph tags', async () => {
    const res = await seo.app.inject({ method: 'GET', url: `/shop/detail/${productId}.html` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>安捷伦 8890 气相色谱仪 - 仪采通</title>');
    expect(res.body).toContain('<meta property="og:title" content="安捷伦 8890 气相色谱仪">');
    expect(res.body).toMatch(/<meta name="description" content="[^"]*420,000/);
    expect(res.body).not.toContain('content="默认"');
  });

  it('writes the store name for store pages and the error page title for unknown products', async () => {
    const store = await seo.app.inject({ method: 'GET', url: '/store/seo01/allProducts' });
    expect(store.body).toContain('<title>谱析仪器旗舰店 - 仪采通</title>');
    const unknown = await seo.app.inject({ method: 'GET', url: '/shop/detail/99999.html' });
    expect(unknown.body).toContain('<title>错误 404 - 仪采通</title>');
  });

  it('gives search engines the canonical address, a Product with its offer and the breadcrumb', async () => {
    const ldOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    for (const url of [`/shop/detail/${productId}.html`, `/shop/goods-details?id=${productId}`]) {
      const html = await page(url);
      expect(html, url).toContain(`<link rel="canonical" href="https://www.yicaitong.example/shop/detail/${productId}.html">`);
      expect(html, url).toContain('<meta property="og:type" content="product">');
      const [product, crumbs] = ldOf(html);
      expect(product).toMatchObject({ '@type': 'Product', name: '安捷伦 8890 气相色谱仪', model: '8890', offers: { '@type': 'Offer', price: 420000, priceCurrency: 'CNY' } });
      expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
      expect((crumbs!.itemListElement as { name: string }[]).map((c) => c.name)).toEqual(['首页', '仪器商城', '气相色谱仪', '安捷伦 8890 气相色谱仪']);
    }
    const enterprise = ldOf(await page(`/enterprise/${enterpriseId}`));
    expect(enterprise[0]).toMatchObject({ '@type': 'Organization', foundingDate: '2008' });
  });

  it('answers 404 for an unknown product, store or enterprise', async () => {
    for (const url of ['/shop/detail/99999.html', '/shop/goods-details?id=99999', '/store/nosuchstore', '/enterprise/99999']) {
      const res = await seo.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
    expect((await seo.app.inject({ method: 'GET', url: `/shop/detail/${productId}.html` })).statusCode).toBe(200);
  });

  it('answers 404 with the error page title and noindex wherever the page shows its 404, malformed addresses too', async () => {
    const addresses = [
      '/shop/detail/abc.html', '/shop/detail/0.html', '/shop/detail/-1.html', '/shop/detail/.html', '/shop/detail/99999999999.html',
      '/shop/goods-details', '/shop/goods-details?id=0',
      '/news/detail/abc.html', '/news/detail/0.html', '/news/detail/99999999999.html', '/technicalCentre/detail/abc.html',
      '/enterprise/abc', '/enterprise/0', `/enterprise/${enterpriseId}/more`,
      '/store/bad.uid', '/store/seo01/no-such-page', '/store/seo01/goods-details', '/store/seo01/goods-details?id=abc', '/store/seo01/storeArticleDetails',
      '/store/nosuchstore/allProducts',
    ];
    for (const url of addresses) {
      const res = await seo.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>错误 404 - 仪采通</title>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
      expect(res.body, url).not.toMatch(/rel="canonical"|name="description"|property="og:/);
    }
    // every page of a store is a page
    for (const sub of ['', '/', '/allProducts', '/companyProfile', '/store-article', '/store-article-theme2', '/store-scheme', '/store-scheme-theme2', '/talent-recruitment']) {
      expect((await seo.app.inject({ method: 'GET', url: `/store/seo01${sub}` })).statusCode, sub).toBe(200);
    }
  });

  it('keeps a shop link to a category that is gone out of the index: noindex, its address /shop', async () => {
    const gone = await page('/shop?category=99999');
    expect(gone).toContain('<meta name="robots" content="noindex">');
    expect(gone).toContain('<link rel="canonical" href="https://www.yicaitong.example/shop">');
    const { id } = ((await seo.app.inject({ method: 'GET', url: '/api/categories' })).json() as TBody<{ id: number }[]>).data[0]!;
    const known = await page(`/shop?category=${id}`);
    expect(known).not.toContain('noindex');
    expect(known).toContain(`<link rel="canonical" href="https://www.yicaitong.example/shop?category=${id}">`);
    // not a category filter at all (the page ignores it): the shop itself
    expect(await page('/shop?category=abc')).not.toContain('noindex');
  });

  it('writes a title and description for every public list and service page', async () => {
    expect(Object.keys(STATIC_PAGE_META)).toEqual(
      expect.arrayContaining(['/', '/shop', '/news', '/technicalCentre', '/enterprise', '/store', '/about', '/service', '/agreement', '/feedback', '/privacy-policy', '/demand']),
    );
    for (const [pathname, meta] of Object.entries(STATIC_PAGE_META)) {
      const html = await page(pathname);
      if (pathname !== '/') expect(html, pathname).toContain(`<title>${meta.title} - 仪采通</title>`);
      expect(html, pathname).toContain(`<meta name="description" content="${meta.description}">`);
      expect(html, pathname).toContain(`<meta property="og:description" content="${meta.description}">`);
      expect(html, pathname).not.toContain('content="默认"');
      expect(meta.description.length, pathname).toBeGreaterThan(20);
    }
  });

  it('keeps the home title site-first and matches list pages with a query or trailing slash', async () => {
    const home = await page('/');
    expect(home).toContain('<title>仪采通 - 科学仪器采购交易平台</title>');
    expect(home).toContain('<meta property="og:title" content="仪采通 - 科学仪器采购交易平台">');
    const shop = await page('/shop/?keyword=%E8%89%B2%E8%B0%B1&page=2');
    expect(shop).toContain('<title>仪器商城 - 仪采通</title>');
    expect(shop).toContain('<meta property="og:title" content="仪器商城">');
    expect(shop).toContain('<meta name="description" content="按分类、品牌、价格和地区筛选');
    expect(await page('/news')).toContain('<title>新闻资讯 - 仪采通</title>');
    expect(await page('/about/contact')).toContain('<title>联系我们 - 仪采通</title>');
  });

  it('reads the product id from the query of /shop/goods-details', async () => {
    const html = await page(`/shop/goods-details?id=${productId}`);
    expect(html).toContain('<title>安捷伦 8890 气相色谱仪 - 仪采通</title>');
    expect(html).toMatch(/<meta property="og:description" content="[^"]*420,000/);
    for (const bad of ['/shop/goods-details', '/shop/goods-details?id=abc', '/shop/goods-details?id=99999', '/shop/goods-details?id=99999999999']) {
      expect(await page(bad), bad).toContain('<title>错误 404 - 仪采通</title>');
    }
    // read as the page reads ?id= (the number of the trimmed text)
    expect(await page(`/shop/goods-details?id=%20${productId}`)).toContain('<title>安捷伦 8890 气相色谱仪 - 仪采通</title>');
  });

  it("shows a store's own product on its goods page and the store otherwise", async () => {
    const own = await page(`/store/seo01/goods-details?id=${productId}`);
    expect(own).toContain('<title>安捷伦 8890 气相色谱仪 - 仪采通</title>');
    // The same goods as the shop's page: that address is canonical, with the same Product data.
    expect(own).toContain(`<link rel="canonical" href="https://www.yicaitong.example/shop/detail/${productId}.html">`);
    expect(own).toMatch(/"@type":"Product","name":"安捷伦 8890 气相色谱仪"/);
    // The store page shows its 404 for another store's product, and so does the answer.
    const foreign = await seo.app.inject({ method: 'GET', url: `/store/seo01/goods-details?id=${otherProductId}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toContain('<title>错误 404 - 仪采通</title>');
    expect(await page(`/store/seo02/goods-details?id=${otherProductId}`)).toContain('<title>岛津 GC-2030 气相色谱仪 - 仪采通</title>');
  });

  it("writes a store article's title and text for storeArticleDetails?id=", async () => {
    const html = await page(`/store/seo01/storeArticleDetails?id=${articleId}`);
    expect(html).toContain('<title>气相色谱仪日常维护要点 - 仪采通</title>');
    expect(html).toContain('<meta property="og:title" content="气相色谱仪日常维护要点">');
    expect(html).toContain('<meta name="description" content="谱析仪器旗舰店：每周检查进样垫与衬管，定期老化色谱柱。">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(`<link rel="canonical" href="https://www.yicaitong.example/store/seo01/storeArticleDetails?id=${articleId}">`);
    const [article, crumbs] = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(article).toMatchObject({ '@type': 'Article', headline: '气相色谱仪日常维护要点', publisher: { name: '谱析仪器旗舰店' } });
    expect((crumbs!.itemListElement as { name: string }[]).map((c) => c.name)).toEqual(['首页', '谱析仪器旗舰店', '气相色谱仪日常维护要点']);
    // a draft, or another store's article: the page's 404
    for (const url of [`/store/seo01/storeArticleDetails?id=${draftId}`, `/store/seo02/storeArticleDetails?id=${articleId}`]) {
      const res = await seo.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>错误 404 - 仪采通</title>');
    }
  });

  it('writes the company for /enterprise/{id} and the error page title for unapproved or unknown ones', async () => {
    const html = await page(`/enterprise/${enterpriseId}`);
    expect(html).toMatch(/<title>[^<]*有限公司 - 仪采通<\/title>/);
    expect(html).toMatch(/<meta name="description" content="测试仪器\d+有限公司（上海市，经销商，成立于2008年）。经营范围：色谱仪器、光谱仪器的销售与维修">/);
    expect(await page(`/enterprise/${enterpriseId}.html`)).toMatch(/<title>[^<]*有限公司 - 仪采通<\/title>/);
    expect(await page(`/enterprise/${pendingId}`)).toContain('<title>错误 404 - 仪采通</title>');
    expect(await page('/enterprise/99999')).toContain('<title>错误 404 - 仪采通</title>');
  });

  it('serves robots.txt from the route, with the PUBLIC_URL sitemap, over a stale static copy', async () => {
    const res = await seo.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^Sitemap: https:\/\/www\.yicaitong\.example\/sitemap\.xml$/m);
    expect(res.body).not.toContain('Sitemap: /sitemap.xml');
    expect((await seo.app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
    const sitemap = await seo.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>https://www.yicaitong.example/shop/detail/${productId}.html</loc>`);
  });
});
