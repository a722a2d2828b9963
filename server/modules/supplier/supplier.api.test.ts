// API tests of the supplier back office: access rules, company and store settings, images, goods
// (validation, sanitising, search tokens, batch actions), store categories, brands, articles and
// positions — and that one supplier can never read or change another supplier's records.
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVINCES } from '../../../contracts/catalogue.js';
import { products, stores, suppliers, uploads } from '../../db/schema.js';
import { pruneUnlinkedUploads } from '../../lib/uploads.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { makeBrand, makeCategoryBranch, productBody } from './supplier.factories.js';

/** The catalogue's spelling of a province, whether it keeps short or full names. */
const province = (short: string) => PROVINCES.find((p) => p.startsWith(short))!;

let t: TTestApp;
type TWho = Awaited<ReturnType<typeof makeMember>>;
let alice: TWho; // supplier A
let bob: TWho; // supplier B
let cats: Awaited<ReturnType<typeof makeCategoryBranch>>;

beforeAll(async () => {
  t = await makeTestApp();
  alice = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '上海甲仪器有限公司' } });
  bob = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '北京乙科技有限公司' } });
  cats = await makeCategoryBranch(t);
});
afterAll(() => t.close());

type TBody = { code: number; msg: string; data?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (who: TWho | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: who ? who.auth : {}, payload: payload as never });
  return { status: res.statusCode, body: res.json() as TBody };
};
const createProduct = async (who: TWho, overrides = {}) => {
  const r = await call(who, 'POST', '/api/supplier/products', productBody(cats.leaf, overrides));
  expect(r.body).toMatchObject({ code: 200 });
  return r.body.data.id as number;
};
const tokensMatch = async (id: number, term: string) => {
  const rows = await t.database.db.execute(sql`select 1 from ${products} where ${products.id} = ${id} and ${products.searchTokens} @@ to_tsquery('simple', ${term})`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
};

describe('who may use the supplier back office', () => {
  it('answers 401 to a visitor and 403 to a member who is not a supplier', async () => {
    expect((await call(null, 'GET', '/api/supplier/overview')).status).toBe(401);
    const member = await makeMember(t);
    const r = await call(member, 'GET', '/api/supplier/products');
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('没有权限执行此操作');
  });

  it('answers 403 to a member holding the supplier role without a supplier record, and to an admin without one', async () => {
    const roleOnly = await makeMember(t, { roles: ['member', 'supplier'] });
    const r = await call(roleOnly, 'GET', '/api/supplier/profile');
    expect(r.status).toBe(403);
    expect(r.body.msg).toContain('尚未开通供应商店铺');
    const admin = await makeMember(t, { roles: ['member', 'admin'] });
    expect((await call(admin, 'POST', '/api/supplier/products', productBody(cats.leaf))).status).toBe(403);
  });
});

describe('company information and store settings', () => {
  it('reads and saves the company record, keeping the goods\' province in step', async () => {
    const id = await createProduct(alice);
    const before = await call(alice, 'GET', '/api/supplier/profile');
    expect(before.body.data).toMatchObject({ companyName: '上海甲仪器有限公司', province: province('上海'), store: { uid: `t${alice.id}`, theme: 1 } });
    const save = await call(alice, 'PUT', '/api/supplier/company', {
      companyName: '上海甲仪器有限公司',
      shortName: '甲仪器',
      province: '江苏',
      city: '苏州市',
      contactPhone: '0512-66668888',
      contactEmail: 'sales@jia.example.com',
      founded: 2008,
      kind: 'manufacturer',
      version: before.body.data.version,
    });
    expect(save.body).toMatchObject({ code: 200, msg: '企业信息已保存' });
    const after = await call(alice, 'GET', '/api/supplier/profile');
    expect(after.body.data).toMatchObject({ province: province('江苏'), city: '苏州市', kind: 'manufacturer', founded: 2008, contactPhone: '0512-66668888' });
    const [p] = await t.database.db.select({ province: products.province }).from(products).where(eq(products.id, id));
    expect(p!.province).toBe(province('江苏'));
  });

  it('refuses bad company input with a Chinese message and changes nothing', async () => {
    const version = (await call(alice, 'GET', '/api/supplier/profile')).body.data.version as number;
    const phone = await call(alice, 'PUT', '/api/supplier/company', { companyName: '上海甲仪器有限公司', contactPhone: '12345', kind: 'agent', version });
    expect(phone.status).toBe(400);
    expect(phone.body.msg).toContain('请输入有效的联系电话');
    const future = await call(alice, 'PUT', '/api/supplier/company', { companyName: '上海甲仪器有限公司', founded: new Date().getFullYear() + 1, kind: 'agent', version });
    expect(future.body).toMatchObject({ code: 400, msg: '成立年份不能晚于今年' });
    const empty = await call(alice, 'PUT', '/api/supplier/company', { companyName: ' ', kind: 'agent', version });
    expect(empty.body).toMatchObject({ code: 400, msg: '公司名称不能为空' });
    expect((await call(alice, 'GET', '/api/supplier/profile')).body.data.kind).toBe('manufacturer');
  });

  it('switches the store theme and the public store reads the new one', async () => {
    const version = (await call(alice, 'GET', '/api/supplier/profile')).body.data.store.version as number;
    const save = await call(alice, 'PUT', '/api/supplier/store', { name: '甲仪器旗舰店', slogan: '专注色谱二十年', introduction: '<p onmouseover="x()">公司简介<script>steal()</script></p>', theme: 2, logo: null, banner: null, version });
    expect(save.body).toMatchObject({ code: 200, msg: '店铺设置已保存' });
    const [store] = await t.database.db.select().from(stores).where(eq(stores.supplierId, alice.supplierId!));
    expect(store).toMatchObject({ theme: 2, name: '甲仪器旗舰店', slogan: '专注色谱二十年', introduction: '<p>公司简介</p>' });
    const pub = await call(null, 'GET', `/api/stores/t${alice.id}`);
    expect(pub.body.data).toMatchObject({ theme: 2, slogan: '专注色谱二十年' });
    const bad = await call(alice, 'PUT', '/api/supplier/store', { name: '甲仪器旗舰店', theme: 3, version: version + 1 });
    expect(bad.body).toMatchObject({ code: 400, msg: '请选择店铺主题' });
    const script = await call(alice, 'PUT', '/api/supplier/store', { name: '甲仪器旗舰店', theme: 1, logo: 'javascript:alert(1)', version: version + 1 });
    expect(script.body).toMatchObject({ code: 400, msg: '图片地址无效' });
  });
});

describe('images', () => {
  const upload = (who: TWho, purpose: string, content: Buffer, filename = 'a.png') => {
    const boundary = '----yctimg';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({ method: 'POST', url: `/api/supplier/images?purpose=${purpose}`, headers: { ...who.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  };

  it('checks the content, shrinks the image and serves it publicly', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0b5fff' } }).png().toBuffer();
    const res = await upload(alice, 'banner', png);
    const body = res.json() as TBody;
    expect(body).toMatchObject({ code: 200, data: { width: 1280, height: 640 } });
    expect(body.data.url).toMatch(/^\/uploads\/store\/[a-f0-9]{24}\.webp$/);
    const file = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });

  it('deletes store images nobody linked within 24 h, keeping those in store settings, rich text (any address form) and recent ones', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } }).png().toBuffer();
    const urls: string[] = [];
    for (let i = 0; i < 4; i++) urls.push(((await upload(alice, 'content', png)).json() as TBody).data.url as string);
    const [logo, inText, abandoned, recent] = urls as [string, string, string, string];
    await t.database.db.update(stores).set({ logo }).where(eq(stores.supplierId, alice.supplierId!));
    const id = await createProduct(alice);
    await t.database.db.update(products).set({ description: `<p>外观</p><img src="https://www.yicaitong.example${inText}">` }).where(eq(products.id, id));
    const keys = urls.map((u) => u.slice('/uploads/'.length));
    await t.database.db.update(uploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(sql`${uploads.storageKey} in (${keys[0]}, ${keys[1]}, ${keys[2]})`);

    expect(await pruneUnlinkedUploads(t.database.db, t.app.config)).toBe(1);
    const statusOf = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await statusOf(abandoned)).toBe(404);
    for (const kept of [logo, inText, recent]) expect(await statusOf(kept)).toBe(200);
    const left = await t.database.db.select({ key: uploads.storageKey }).from(uploads).where(sql`${uploads.storageKey} in (${keys[0]}, ${keys[1]}, ${keys[2]}, ${keys[3]})`);
    expect(left.map((r) => r.key).sort()).toEqual([keys[0], keys[1], keys[3]].sort());
  });

  it('takes images from a platform admin (news and technical articles), not from a member without a store', async () => {
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#336699' } }).png().toBuffer();
    const admin = await makeMember(t, { roles: ['member', 'admin'] });
    const res = await upload(admin, 'content', png);
    expect((res.json() as TBody).data.url).toMatch(/^\/uploads\/store\/[a-f0-9]{24}\.webp$/);
    const member = await makeMember(t);
    expect((await upload(member, 'content', png)).statusCode).toBe(403);
  });

  it('refuses a file that is not an image whatever its name says, and a visitor', async () => {
    const res = await upload(alice, 'logo', Buffer.from('<script>alert(1)</script>'), 'evil.png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ msg: '图片格式不支持' });
    expect((await t.app.inject({ method: 'POST', url: '/api/supplier/images?purpose=logo' })).statusCode).toBe(401);
    const badPurpose = await upload(alice, 'avatar', Buffer.from('x'));
    expect(badPurpose.json()).toMatchObject({ code: 400, msg: '图片用途无效' });
  });
});

describe('goods', () => {
  it('creates goods with parameters; they are listed, searchable by model number and public when on sale', async () => {
    const brand = await makeBrand(t, { name: '岛津', nameEn: 'Shimadzu' });
    const id = await createProduct(alice, { model: 'LCMS-8060NX', brandId: brand.id, images: ['/uploads/store/aaaaaaaaaaaaaaaaaaaaaaaa.webp', '/images/p2.png'] });
    const detail = await call(alice, 'GET', `/api/supplier/products/${id}`);
    expect(detail.body.data).toMatchObject({
      model: 'LCMS-8060NX',
      brandName: '岛津',
      price: 128000,
      params: [
        { name: '流速范围', value: '0.001-10 mL/min' },
        { name: '耐压', value: '66 MPa' },
      ],
      images: ['/uploads/store/aaaaaaaaaaaaaaaaaaaaaaaa.webp', '/images/p2.png'],
      categoryPath: [{ id: cats.top }, { id: cats.mid }, { id: cats.leaf }],
    });
    const [row] = await t.database.db.select({ cover: products.coverImage }).from(products).where(eq(products.id, id));
    expect(row!.cover).toBe('/uploads/store/aaaaaaaaaaaaaaaaaaaaaaaa.webp');
    const list = await call(alice, 'GET', '/api/supplier/products?keyword=8060');
    expect(list.body.data.items.map((p: { id: number }) => p.id)).toEqual([id]);
    expect(await tokensMatch(id, 'lcms8060nx:*')).toBe(true);
    expect(await tokensMatch(id, '8060:*')).toBe(true);
    expect(await tokensMatch(id, "'shimadzu'")).toBe(true);
    expect(await tokensMatch(id, "'色谱'")).toBe(true);
    const pub = await call(null, 'GET', `/api/products/${id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toMatchObject({ model: 'LCMS-8060NX', params: [{ name: '流速范围' }, { name: '耐压' }] });
  });

  it('recomputes the search tokens when the goods change', async () => {
    const id = await createProduct(alice, { model: 'OLD-1234' });
    const r = await call(alice, 'PUT', `/api/supplier/products/${id}`, { ...productBody(cats.leaf, { model: 'NEW-9876', name: '气相色谱仪' }), version: 1 });
    expect(r.body).toMatchObject({ code: 200, msg: '商品已保存' });
    expect(await tokensMatch(id, 'new9876:*')).toBe(true);
    expect(await tokensMatch(id, 'old1234:*')).toBe(false);
    expect(await tokensMatch(id, "'气相'")).toBe(true);
  });

  it('strips scripts and event handlers from the description', async () => {
    const id = await createProduct(alice, {
      description: '<p onclick="steal()">安全<script>alert(1)</script><img src="https://img.example.com/a.png" onerror="alert(2)"><a href="javascript:alert(3)">链接</a></p>',
    });
    const d = (await call(alice, 'GET', `/api/supplier/products/${id}`)).body.data.description as string;
    expect(d).toContain('安全');
    expect(d).toContain('<img src="https://img.example.com/a.png"');
    expect(d).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('validates the editor\'s input with Chinese messages', async () => {
    const cases: [object, string][] = [
      [{ name: '' }, '商品名称不能为空'],
      [{ price: -5 }, '价格必须大于0'],
      [{ price: 12.345 }, '价格最多保留两位小数'],
      [{ images: ['1', '2', '3', '4', '5', '6', '7'].map((n) => `/img/${n}.png`) }, '商品图片最多6张'],
      [{ params: [{ name: '耐压', value: '1' }, { name: '耐压', value: '2' }] }, '参数名称不能重复'],
      [{ params: [{ name: '耐压', value: '' }] }, '参数值不能为空'],
      [{ categoryId: cats.mid }, '请选择最末一级商品分类'],
      [{ categoryId: 999999 }, '商品分类不存在'],
      [{ storeCategoryId: 999999 }, '店铺分类不存在'],
      [{ status: 'sold' }, '商品状态无效'],
    ];
    for (const [overrides, msg] of cases) {
      const r = await call(alice, 'POST', '/api/supplier/products', productBody(cats.leaf, overrides));
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    const pending = await makeBrand(t, { status: 'pending', supplierId: alice.supplierId });
    expect((await call(alice, 'POST', '/api/supplier/products', productBody(cats.leaf, { brandId: pending.id }))).body.msg).toBe('该品牌尚在审核中，通过后才能使用');
    const othersPending = await makeBrand(t, { status: 'pending', supplierId: bob.supplierId });
    expect((await call(alice, 'POST', '/api/supplier/products', productBody(cats.leaf, { brandId: othersPending.id }))).body.msg).toBe('品牌不存在');
  });

  it('accepts 面议 (no price) and validates list parameters', async () => {
    const id = await createProduct(alice, { price: null, status: 'draft' });
    expect((await call(alice, 'GET', `/api/supplier/products/${id}`)).body.data).toMatchObject({ price: null, status: 'draft' });
    expect((await call(alice, 'GET', '/api/supplier/products?status=sold')).body).toMatchObject({ code: 400, msg: '商品状态无效' });
    expect((await call(alice, 'GET', '/api/supplier/products?pageSize=1000')).body).toMatchObject({ code: 400, msg: '每页条数必须是1到100之间的整数' });
    expect((await call(alice, 'GET', '/api/supplier/products?page=abc')).body).toMatchObject({ code: 400, msg: '页码必须是1到10000之间的整数' });
  });

  it('lists by status tab with the count of each status', async () => {
    const b = await makeMember(t, { roles: ['member', 'supplier'], supplier: {} });
    await createProduct(b, { status: 'on_sale' });
    await createProduct(b, { status: 'on_sale' });
    await createProduct(b, { status: 'draft' });
    const all = await call(b, 'GET', '/api/supplier/products');
    expect(all.body.data).toMatchObject({ total: 3, counts: { all: 3, on_sale: 2, draft: 1, off_shelf: 0 } });
    const drafts = await call(b, 'GET', '/api/supplier/products?status=draft&pageSize=1');
    expect(drafts.body.data).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(drafts.body.data.items).toHaveLength(1);
  });

  it('never lets a supplier see or change another supplier\'s goods', async () => {
    const id = await createProduct(bob, { name: '乙的离心机' });
    for (const [method, url, payload] of [
      ['GET', `/api/supplier/products/${id}`, undefined],
      ['PUT', `/api/supplier/products/${id}`, { ...productBody(cats.leaf), version: 1 }],
      ['PUT', `/api/supplier/products/${id}/quick`, { price: 1, version: 1 }],
      ['DELETE', `/api/supplier/products/${id}`, undefined],
      ['PUT', '/api/supplier/products/batch/status', { ids: [id], status: 'off_shelf' }],
      ['PUT', '/api/supplier/products/batch/price', { ids: [id], percent: -50 }],
      ['POST', '/api/supplier/products/batch/delete', { ids: [id] }],
    ] as const) {
      const r = await call(alice, method, url, payload);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.msg).toBe('商品不存在或已被删除');
    }
    expect((await call(alice, 'GET', '/api/supplier/products?keyword=乙的离心机')).body.data.total).toBe(0);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ name: '乙的离心机', status: 'on_sale' });
    expect(Number(row!.price)).toBe(128000);
  });

  it('takes goods off the shelf and back in a batch; off-shelf goods leave the public catalogue', async () => {
    const a = await createProduct(alice);
    const b = await createProduct(alice);
    const other = await createProduct(bob);
    const off = await call(alice, 'PUT', '/api/supplier/products/batch/status', { ids: [a, b, other], status: 'off_shelf' });
    expect(off.body).toMatchObject({ code: 200, data: { affected: 2 }, msg: '已下架2件商品' });
    const rows = await t.database.db.select({ id: products.id, status: products.status }).from(products).where(sql`${products.id} in (${a}, ${b}, ${other})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [a]: 'off_shelf', [b]: 'off_shelf', [other]: 'on_sale' });
    const pub = await call(null, 'GET', `/api/products/${a}`);
    expect(pub.status).toBe(404);
    expect((await call(alice, 'PUT', '/api/supplier/products/batch/status', { ids: [a], status: 'on_sale' })).body.data.affected).toBe(1);
    expect((await call(alice, 'PUT', '/api/supplier/products/batch/status', { ids: [], status: 'on_sale' })).body).toMatchObject({ code: 400, msg: '请至少选择一条记录' });
  });

  it('changes prices by a percentage and leaves 面议 goods alone', async () => {
    const priced = await createProduct(alice, { price: 1000 });
    const onRequest = await createProduct(alice, { price: null });
    const r = await call(alice, 'PUT', '/api/supplier/products/batch/price', { ids: [priced, onRequest], percent: 12.5 });
    expect(r.body).toMatchObject({ code: 200, data: { affected: 1 } });
    expect((await call(alice, 'GET', `/api/supplier/products/${priced}`)).body.data.price).toBe(1125);
    expect((await call(alice, 'GET', `/api/supplier/products/${onRequest}`)).body.data.price).toBeNull();
    await call(alice, 'PUT', '/api/supplier/products/batch/price', { ids: [priced], percent: -33, rounding: 'yuan' });
    expect((await call(alice, 'GET', `/api/supplier/products/${priced}`)).body.data.price).toBe(754);
    expect((await call(alice, 'PUT', '/api/supplier/products/batch/price', { ids: [priced], percent: -95 })).body).toMatchObject({ code: 400, msg: '降价幅度不能超过90%' });
  });

  it('sets one price for every selected product, or 面议, with ZPrice\'s rules; the versions move on', async () => {
    const a = await createProduct(alice, { price: 1000 });
    const b = await createProduct(alice, { price: null });
    const set = await call(alice, 'PUT', '/api/supplier/products/batch/price', { ids: [a, b], price: 12800 });
    expect(set.body).toMatchObject({ code: 200, data: { affected: 2 }, msg: '已调整2件商品的价格' });
    for (const id of [a, b]) expect((await call(alice, 'GET', `/api/supplier/products/${id}`)).body.data).toMatchObject({ price: 12800, version: 2 });
    // An inline edit opened before the batch change is stale now.
    expect((await call(alice, 'PUT', `/api/supplier/products/${a}/quick`, { price: 1, version: 1 })).status).toBe(409);
    for (const [price, msg] of [
      [0, '价格必须大于0'],
      [-5, '价格必须大于0'],
      [258000.999, '价格最多保留两位小数'],
    ] as const) {
      expect((await call(alice, 'PUT', '/api/supplier/products/batch/price', { ids: [a], price })).body, String(price)).toMatchObject({ code: 400, msg });
    }
    expect((await call(alice, 'PUT', '/api/supplier/products/batch/price', { ids: [a], percent: 10.005 })).body).toMatchObject({ code: 400, msg: '调价比例最多保留两位小数' });
    expect((await call(alice, 'PUT', '/api/supplier/products/batch/price', { ids: [a], percent: 10, price: 100 })).body).toMatchObject({ code: 400, msg: '请填写调价比例或统一价格（二选一）' });
    expect((await call(alice, 'PUT', '/api/supplier/products/batch/price', { ids: [a] })).body).toMatchObject({ code: 400, msg: '请填写调价比例或统一价格（二选一）' });
    const cleared = await call(alice, 'PUT', '/api/supplier/products/batch/price', { ids: [a, b], price: null });
    expect(cleared.body).toMatchObject({ code: 200, data: { affected: 2 }, msg: '已将2件商品改为面议' });
    expect((await call(alice, 'GET', `/api/supplier/products/${a}`)).body.data.price).toBeNull();
  });

  it('moves goods to a store category only when the target is said: a category or null (未分类)', async () => {
    const id = await createProduct(alice);
    expect((await call(alice, 'PUT', '/api/supplier/products/batch/store-category', { ids: [id] })).body).toMatchObject({ code: 400, msg: '请选择要移到的店铺分类（或“未分类”）' });
    expect((await call(alice, 'PUT', '/api/supplier/products/batch/store-category', { ids: [id], storeCategoryId: null })).body).toMatchObject({ code: 200, data: { affected: 1 } });
  });

  it('edits price, status and store category inline, and deletes', async () => {
    const id = await createProduct(alice);
    const cat = await call(alice, 'POST', '/api/supplier/store-categories', { name: '液相色谱', parentId: 0, sort: 0 });
    expect((await call(alice, 'PUT', `/api/supplier/products/${id}/quick`, { price: 99.9, storeCategoryId: cat.body.data.id, version: 1 })).body.code).toBe(200);
    expect((await call(alice, 'GET', `/api/supplier/products/${id}`)).body.data).toMatchObject({ price: 99.9, storeCategoryId: cat.body.data.id, status: 'on_sale' });
    // Leaving storeCategoryId out keeps it; only an explicit null clears it.
    expect((await call(alice, 'PUT', `/api/supplier/products/${id}/quick`, { status: 'off_shelf' })).body).toMatchObject({ code: 400, msg: '缺少版本号，请刷新页面后再保存' });
    await call(alice, 'PUT', `/api/supplier/products/${id}/quick`, { status: 'off_shelf', version: 2 });
    expect((await call(alice, 'GET', `/api/supplier/products/${id}`)).body.data).toMatchObject({ storeCategoryId: cat.body.data.id, status: 'off_shelf' });
    expect((await call(alice, 'PUT', `/api/supplier/products/${id}/quick`, { version: 3 })).body).toMatchObject({ code: 400, msg: '没有要修改的内容' });
    const bobCat = await call(bob, 'POST', '/api/supplier/store-categories', { name: '乙的分类' });
    expect((await call(alice, 'PUT', `/api/supplier/products/${id}/quick`, { storeCategoryId: bobCat.body.data.id, version: 3 })).body).toMatchObject({ code: 400, msg: '店铺分类不存在' });
    expect((await call(alice, 'PUT', '/api/supplier/products/batch/store-category', { ids: [id], storeCategoryId: null })).body.data.affected).toBe(1);
    expect((await call(alice, 'DELETE', `/api/supplier/products/${id}`)).body).toMatchObject({ code: 200, msg: '商品已删除' });
    expect((await call(alice, 'GET', `/api/supplier/products/${id}`)).status).toBe(404);
  });
});

describe('store categories', () => {
  it('keeps a two-level tree that only its owner can change', async () => {
    const s = await makeMember(t, { roles: ['member', 'supplier'], supplier: {} });
    const top = (await call(s, 'POST', '/api/supplier/store-categories', { name: '色谱', sort: 10 })).body.data.id as number;
    const second = (await call(s, 'POST', '/api/supplier/store-categories', { name: '光谱', sort: 20 })).body.data.id as number;
    const child = (await call(s, 'POST', '/api/supplier/store-categories', { name: '液相', parentId: top })).body.data.id as number;
    expect((await call(s, 'POST', '/api/supplier/store-categories', { name: '三级', parentId: child })).body).toMatchObject({ code: 400, msg: '店铺分类最多两级，请选择一级分类作为上级' });
    expect((await call(s, 'POST', '/api/supplier/store-categories', { name: '色谱' })).body).toMatchObject({ code: 409, msg: '同一级下已有同名分类' });
    expect((await call(s, 'POST', '/api/supplier/store-categories', { name: '' })).body).toMatchObject({ code: 400, msg: '分类名称不能为空' });
    const id = await createProduct(s, { storeCategoryId: child });
    const tree = (await call(s, 'GET', '/api/supplier/store-categories')).body.data;
    expect(tree).toMatchObject([
      { id: top, name: '色谱', productCount: 1, children: [{ id: child, name: '液相', productCount: 1 }] },
      { id: second, name: '光谱', productCount: 0, children: [] },
    ]);
    await call(s, 'PUT', `/api/supplier/store-categories/${second}/move`, { direction: 'up' });
    expect((await call(s, 'GET', '/api/supplier/store-categories')).body.data.map((c: { id: number }) => c.id)).toEqual([second, top]);
    expect((await call(s, 'PUT', `/api/supplier/store-categories/${second}/move`, { direction: 'up' })).body.msg).toBe('已经是第一个了');
    expect((await call(s, 'DELETE', `/api/supplier/store-categories/${top}`)).body).toMatchObject({ code: 409 });
    for (const [method, url, payload] of [
      ['GET', `/api/supplier/store-categories/${child}`, undefined],
      ['PUT', `/api/supplier/store-categories/${child}`, { name: '改名', version: 1 }],
      ['DELETE', `/api/supplier/store-categories/${child}`, undefined],
    ] as const) {
      expect((await call(bob, method, url, payload)).status).toBe(404);
    }
    expect((await call(s, 'DELETE', `/api/supplier/store-categories/${child}`)).body.code).toBe(200);
    expect((await call(s, 'GET', `/api/supplier/products/${id}`)).body.data.storeCategoryId).toBeNull();
  });
});

describe('brands', () => {
  it('applies for a brand, refuses duplicates, and hides pending brands from the picker', async () => {
    await makeBrand(t, { name: '安捷伦', nameEn: 'Agilent' });
    const dup = await call(alice, 'POST', '/api/supplier/brand-applications', { name: '安捷伦' });
    expect(dup.body).toMatchObject({ code: 409, msg: '品牌「安捷伦」已存在，可直接在商品中选择' });
    const r = await call(alice, 'POST', '/api/supplier/brand-applications', { name: '甲牌', nameEn: 'Jia', country: '中国', description: '自有品牌' });
    expect(r.body).toMatchObject({ code: 200, msg: '品牌申请已提交，请等待平台审核' });
    expect((await call(alice, 'POST', '/api/supplier/brand-applications', { name: '甲牌' })).body.msg).toBe('您已提交过品牌「甲牌」的申请');
    expect((await call(alice, 'POST', '/api/supplier/brand-applications', { name: '乙牌', nameEn: '中文' })).body.msg).toBe('英文名称只能包含英文字母、数字和常用符号');
    const mine = await call(alice, 'GET', '/api/supplier/brand-applications?status=pending');
    expect(mine.body.data.items.map((b: { name: string }) => b.name)).toContain('甲牌');
    const options = await call(alice, 'GET', '/api/supplier/brands/options?keyword=甲牌');
    expect(options.body.data.total).toBe(0);
    expect((await call(alice, 'GET', '/api/supplier/brands/options?keyword=agilent')).body.data.items[0]).toMatchObject({ name: '安捷伦', own: false });
    expect((await call(bob, 'PUT', `/api/supplier/brand-applications/${r.body.data.id}`, { name: '乙改', version: 1 })).status).toBe(404);
    expect((await call(bob, 'DELETE', `/api/supplier/brand-applications/${r.body.data.id}`)).status).toBe(404);
    expect((await call(bob, 'GET', '/api/supplier/brand-applications')).body.data.items.map((b: { name: string }) => b.name)).not.toContain('甲牌');
  });

  it('derives the carried brands from the supplier\'s goods', async () => {
    const s = await makeMember(t, { roles: ['member', 'supplier'], supplier: {} });
    const brand = await makeBrand(t, { name: '梅特勒' });
    await createProduct(s, { brandId: brand.id });
    await createProduct(s, { brandId: brand.id, status: 'draft' });
    const carried = await call(s, 'GET', '/api/supplier/brands/carried');
    expect(carried.body.data).toMatchObject({ total: 1, items: [{ id: brand.id, name: '梅特勒', productCount: 2, onSaleCount: 1 }] });
  });
});

describe('articles and solutions', () => {
  it('takes an empty 摘要 from the start of the text, as the form promises', async () => {
    const body = `<h3>前言</h3><p>${'液相色谱'.repeat(40)}</p><p>A &amp; B</p>`;
    const r = await call(alice, 'POST', '/api/supplier/articles', { kind: 'article', title: '液相色谱日常维护', summary: '', cover: null, content: body, status: 'draft' });
    const d = (await call(alice, 'GET', `/api/supplier/articles/${r.body.data.id}`)).body.data;
    expect(d.summary).toBe(`前言 ${'液相色谱'.repeat(40)}`.slice(0, 120) + '…');
    const short = await call(alice, 'POST', '/api/supplier/articles', { kind: 'article', title: '色谱柱保存', content: '<p>用后冲洗 &amp; 密封</p>', status: 'draft' });
    expect((await call(alice, 'GET', `/api/supplier/articles/${short.body.data.id}`)).body.data.summary).toBe('用后冲洗 & 密封');
    // A summary the supplier wrote stays as written.
    const own = await call(alice, 'POST', '/api/supplier/articles', { kind: 'article', title: '色谱柱选择', summary: '自己写的摘要', content: '<p>正文内容</p>', status: 'draft' });
    expect((await call(alice, 'GET', `/api/supplier/articles/${own.body.data.id}`)).body.data.summary).toBe('自己写的摘要');
  });

  it('creates, sanitises, lists by kind and publishes; others get 404', async () => {
    const r = await call(alice, 'POST', '/api/supplier/articles', {
      kind: 'scheme',
      title: '制药行业液相色谱解决方案',
      summary: '方法开发到验证',
      cover: null,
      content: '<h3>背景</h3><p>内容<script>document.cookie</script></p><p><img src="x" onerror="alert(1)"></p>',
      status: 'draft',
    });
    expect(r.body).toMatchObject({ code: 200, msg: '草稿已保存' });
    const id = r.body.data.id as number;
    const d = (await call(alice, 'GET', `/api/supplier/articles/${id}`)).body.data;
    expect(d).toMatchObject({ kind: 'scheme', status: 'draft' });
    expect(d.content).toContain('<h3>背景</h3>');
    expect(d.content).not.toMatch(/script|onerror/);
    const list = await call(alice, 'GET', '/api/supplier/articles?kind=scheme');
    expect(list.body.data.items.map((a: { id: number }) => a.id)).toContain(id);
    expect(list.body.data.counts.scheme).toBeGreaterThanOrEqual(1);
    expect((await call(alice, 'GET', '/api/supplier/articles?kind=article')).body.data.items.map((a: { id: number }) => a.id)).not.toContain(id);
    expect((await call(alice, 'PUT', `/api/supplier/articles/${id}/status`, { status: 'published' })).body.msg).toBe('已发布');
    expect((await call(alice, 'GET', '/api/supplier/articles?kind=bad')).body).toMatchObject({ code: 400, msg: '文章类型无效' });
    expect((await call(alice, 'POST', '/api/supplier/articles', { kind: 'article', title: '空文章', content: '<p>  </p>' })).body).toMatchObject({ code: 400, msg: '正文不能为空' });
    expect((await call(alice, 'POST', '/api/supplier/articles', { kind: 'article', title: '只有脚本', content: '<script>alert(1)</script>' })).body).toMatchObject({ code: 400, msg: '正文不能为空' });
    for (const [method, url, payload] of [
      ['GET', `/api/supplier/articles/${id}`, undefined],
      ['PUT', `/api/supplier/articles/${id}`, { kind: 'article', title: '篡改标题', content: '<p>x</p>', version: 1 }],
      ['PUT', `/api/supplier/articles/${id}/status`, { status: 'draft' }],
      ['DELETE', `/api/supplier/articles/${id}`, undefined],
    ] as const) {
      const res = await call(bob, method, url, payload);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('文章不存在或已被删除');
    }
    expect((await call(alice, 'DELETE', `/api/supplier/articles/${id}`)).body.code).toBe(200);
  });
});

describe('recruitment', () => {
  it('publishes, closes and reopens a position; others get 404', async () => {
    const body = { title: '液相色谱应用工程师', city: '上海', salary: '15-25K', headcount: 2, education: '本科', experience: '3-5年', description: '<p>负责客户现场的方法开发与培训<iframe src="https://evil"></iframe></p>' };
    const r = await call(alice, 'POST', '/api/supplier/recruitments', body);
    expect(r.body).toMatchObject({ code: 200, msg: '职位已发布' });
    const id = r.body.data.id as number;
    const d = (await call(alice, 'GET', `/api/supplier/recruitments/${id}`)).body.data;
    expect(d).toMatchObject({ title: '液相色谱应用工程师', status: 'open', headcount: 2 });
    expect(d.description).not.toContain('iframe');
    expect((await call(alice, 'PUT', `/api/supplier/recruitments/${id}/status`, { status: 'closed' })).body.msg).toBe('已关闭招聘');
    expect((await call(alice, 'GET', '/api/supplier/recruitments?status=closed')).body.data.items.map((j: { id: number }) => j.id)).toContain(id);
    expect((await call(alice, 'POST', '/api/supplier/recruitments', { ...body, headcount: 0 })).body).toMatchObject({ code: 400, msg: '招聘人数至少为1' });
    expect((await call(alice, 'POST', '/api/supplier/recruitments', { ...body, description: '<p>太短</p>' })).body).toMatchObject({ code: 400, msg: '职位描述至少需要10个字' });
    for (const [method, url, payload] of [
      ['GET', `/api/supplier/recruitments/${id}`, undefined],
      ['PUT', `/api/supplier/recruitments/${id}`, { ...body, version: 1 }],
      ['PUT', `/api/supplier/recruitments/${id}/status`, { status: 'open' }],
      ['DELETE', `/api/supplier/recruitments/${id}`, undefined],
    ] as const) {
      expect((await call(bob, method, url, payload)).status).toBe(404);
    }
    expect((await call(alice, 'DELETE', `/api/supplier/recruitments/${id}`)).body.msg).toBe('职位已删除');
  });
});

describe('overview', () => {
  it('counts the store\'s goods, articles and positions', async () => {
    const s = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '概况测试有限公司' } });
    await createProduct(s, { status: 'on_sale' });
    await createProduct(s, { status: 'draft' });
    await call(s, 'POST', '/api/supplier/articles', { kind: 'article', title: '公司新闻一则', content: '<p>正文</p>' });
    await call(s, 'POST', '/api/supplier/recruitments', { title: '销售工程师', headcount: 1, description: '<p>负责华东区域仪器销售与客户维护</p>' });
    await t.database.db.update(suppliers).set({ status: 'pending' }).where(eq(suppliers.id, s.supplierId!));
    const o = (await call(s, 'GET', '/api/supplier/overview')).body.data;
    expect(o).toMatchObject({ companyName: '概况测试有限公司', status: 'pending', counts: { onSale: 1, draft: 1, offShelf: 0, articles: 1, schemes: 0, openPositions: 1 } });
    expect(o.store.uid).toBe(`t${s.id}`);
  });
});
