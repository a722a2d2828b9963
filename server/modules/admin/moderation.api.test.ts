// Platform moderation (issue 22): the admin takes a single product down with a reason the supplier
// sees, and edits, unpublishes and republishes platform news and technical articles. Every save
// names its version: without one it is a 400, from a stale one a 409 that overwrites nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductInput } from '../../../contracts/backoffice.js';
import { articles, auditLog, categories, news } from '../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
type TWho = { auth: { authorization: string } };
let supplier: TWho & { id: number; mobile: string; password: string };
let adminA: TWho & { id: number };
let adminB: TWho & { id: number };
let leaf: number;

const STALE = '内容已被他人修改，请刷新后再编辑';
const NO_VERSION = '缺少版本号，请刷新页面后再保存';
type TBody = { code: number; msg: string; data?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (who: TWho | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: who?.auth, payload: payload as never });
  return { status: res.statusCode, body: (String(res.headers['content-type'] ?? '').includes('json') ? res.json() : { code: res.statusCode, msg: '', data: res.body }) as TBody };
};

beforeAll(async () => {
  t = await makeTestApp();
  supplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '下架测试仪器有限公司' } });
  adminA = await makeMember(t, { roles: ['member', 'admin'] });
  adminB = await makeMember(t, { roles: ['member', 'admin'] });
  const db = t.database.db;
  const [top] = await db.insert(categories).values({ parentId: 0, name: '分析仪器', level: 1 }).returning();
  const [mid] = await db.insert(categories).values({ parentId: top!.id, name: '光谱仪器', level: 2 }).returning();
  leaf = (await db.insert(categories).values({ parentId: mid!.id, name: '荧光光谱仪', level: 3 }).returning())[0]!.id;
});

let seq = 0;
const productBody = (categoryId: number, over: Partial<TProductInput> = {}): TProductInput => ({
  name: '荧光光谱仪',
  model: `FL-${++seq}`,
  categoryId,
  brandId: null,
  storeCategoryId: null,
  price: 98000,
  unit: '台',
  origin: '中国',
  summary: '稳态荧光测量',
  description: '<p>氙灯光源。</p>',
  params: [],
  images: [],
  status: 'on_sale',
  ...over,
});
afterAll(() => t.close());

const newProduct = async (name: string) => (await call(supplier, 'POST', '/api/supplier/products', productBody(leaf, { name, status: 'on_sale' }))).body.data.id as number;
const adminRow = async (who: TWho, id: number) => (await call(who, 'GET', `/api/admin/products?keyword=${id}`)).body.data.items.find((p: { id: number }) => p.id === id);
const sitemap = async () => (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;

describe('taking a product down', () => {
  it('takes it off the shop, search and sitemap within moments; the supplier reads the reason, gets a notice, fixes it and re-lists without review', async () => {
    const id = await newProduct('原子荧光光度计');
    expect((await call(null, 'GET', `/api/products/${id}`)).status).toBe(200);
    expect(await sitemap()).toContain(`/shop/detail/${id}.html`);
    const row = await adminRow(adminA, id);
    expect(row).toMatchObject({ name: '原子荧光光度计', status: 'on_sale', companyName: '下架测试仪器有限公司', takedownReason: null });

    // A reason is required, and so is the version the admin loaded.
    expect((await call(adminA, 'PUT', `/api/admin/products/${id}/takedown`, { reason: ' ', version: row.version })).body).toMatchObject({ code: 400, msg: '请填写下架原因' });
    expect((await call(adminA, 'PUT', `/api/admin/products/${id}/takedown`, { reason: '宣传功效与实物不符' })).body).toMatchObject({ code: 400, msg: NO_VERSION });
    const done = await call(adminA, 'PUT', `/api/admin/products/${id}/takedown`, { reason: '宣传功效与实物不符', version: row.version });
    expect(done.body).toMatchObject({ code: 200, msg: '商品已下架，已通知供应商' });

    // Gone from the public detail, the shop's search and the sitemap.
    await expect.poll(async () => (await call(null, 'GET', `/api/products/${id}`)).status).toBe(404);
    const shop = await call(null, 'GET', `/api/products?keyword=${encodeURIComponent('原子荧光光度计')}`);
    expect(shop.body.data.items.map((p: { id: number }) => p.id)).not.toContain(id);
    await expect.poll(sitemap).not.toContain(`/shop/detail/${id}.html`);

    // The supplier sees the reason on that product in 商品管理 and in its editor, and has a notice.
    const mine = await call(supplier, 'GET', '/api/supplier/products?status=off_shelf');
    expect(mine.body.data.items.find((p: { id: number }) => p.id === id)).toMatchObject({ status: 'off_shelf', takedownReason: '宣传功效与实物不符' });
    const detail = (await call(supplier, 'GET', `/api/supplier/products/${id}`)).body.data;
    expect(detail.takedownReason).toBe('宣传功效与实物不符');
    const notes = await call(supplier, 'GET', '/api/notifications');
    expect(JSON.stringify(notes.body.data.items)).toContain('您的商品「原子荧光光度计」已被平台下架，原因：宣传功效与实物不符');

    // The admin's list files it under 平台下架; an audit entry names the admin and the reason.
    expect((await call(adminA, 'GET', '/api/admin/products?status=taken_down')).body.data.items.map((p: { id: number }) => p.id)).toContain(id);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, id)));
    expect(entry).toMatchObject({ fromState: 'on_sale', toState: 'taken_down', actorId: adminA.id, note: '宣传功效与实物不符' });

    // Taking down what is not on sale is refused.
    expect((await call(adminA, 'PUT', `/api/admin/products/${id}/takedown`, { reason: '重复下架', version: detail.version })).body).toMatchObject({ code: 400, msg: '只能下架在售的商品' });

    // The supplier fixes it and puts it on sale again: no review, the reason is cleared, it is public again.
    const fixed = await call(supplier, 'PUT', `/api/supplier/products/${id}`, { ...productBody(leaf, { name: '原子荧光光度计', summary: '按实际功能描述', status: 'on_sale' }), version: detail.version });
    expect(fixed.body.code).toBe(200);
    expect((await call(supplier, 'GET', `/api/supplier/products/${id}`)).body.data).toMatchObject({ status: 'on_sale', takedownReason: null });
    await expect.poll(async () => (await call(null, 'GET', `/api/products/${id}`)).status).toBe(200);
  });

  it('two sessions: a stale take-down is refused (409) and the supplier\'s newer save stays; two admins, the second gets 409', async () => {
    const id = await newProduct('紫外可见分光光度计');
    const loaded = await adminRow(adminA, id);
    // The supplier saves meanwhile: the admin's list row is now stale.
    expect((await call(supplier, 'PUT', `/api/supplier/products/${id}`, { ...productBody(leaf, { name: '紫外可见分光光度计 UV-2600', status: 'on_sale' }), version: loaded.version })).body.code).toBe(200);
    const stale = await call(adminA, 'PUT', `/api/admin/products/${id}/takedown`, { reason: '图片侵权', version: loaded.version });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(STALE);
    await expect.poll(async () => (await call(null, 'GET', `/api/products/${id}`)).body.data.name).toBe('紫外可见分光光度计 UV-2600');

    const fresh = await adminRow(adminB, id);
    const again = await adminRow(adminA, id);
    expect((await call(adminA, 'PUT', `/api/admin/products/${id}/takedown`, { reason: '图片侵权', version: again.version })).body.code).toBe(200);
    const second = await call(adminB, 'PUT', `/api/admin/products/${id}/takedown`, { reason: '价格虚假', version: fresh.version });
    expect(second.status).toBe(409);
    expect((await adminRow(adminB, id)).takedownReason).toBe('图片侵权');
  });

  it('is for admins only', async () => {
    const id = await newProduct('离子色谱仪');
    expect((await call(supplier, 'PUT', `/api/admin/products/${id}/takedown`, { reason: '自己下架自己', version: 1 })).status).toBe(403);
    expect((await call(null, 'GET', '/api/admin/products')).status).toBe(401);
    expect((await call(null, 'GET', `/api/products/${id}`)).status).toBe(200);
  });
});

describe('news and technical articles', () => {
  const seed = async (table: typeof news | typeof articles, title: string) =>
    (await t.database.db.insert(table as typeof news).values({ category: '行业动态', title, summary: '摘要', content: '<p>原始正文</p>' }).returning({ id: news.id }))[0]!.id;

  it('takes 栏目 from the list: a typo is refused, a new 栏目 only when the admin creates it', async () => {
    const id = await seed(news, '色谱耗材市场观察');
    const d = (await call(adminA, 'GET', `/api/admin/publications/news/${id}`)).body.data;
    expect(d.categories).toContain('行业动态');
    const edit = { title: '色谱耗材市场观察', summary: '摘要', content: '<p>正文</p>', version: d.version };
    expect((await call(adminA, 'PUT', `/api/admin/publications/news/${id}`, { ...edit, category: '行业动态X' })).body).toMatchObject({ code: 400, msg: '栏目不存在，请从列表中选择；如需新栏目，请选择「新建栏目」' });
    expect((await call(null, 'GET', `/api/news/${id}`)).body.data.category).toBe('行业动态');
    expect((await call(adminA, 'PUT', `/api/admin/publications/news/${id}`, { ...edit, category: '市场观察', newCategory: true })).body).toMatchObject({ code: 200 });
    expect((await call(adminA, 'GET', `/api/admin/publications/news/${id}`)).body.data.category).toBe('市场观察');
  });

  it('edits news (sanitised, version required), unpublishes it (404, out of lists, home and sitemap) and republishes it', async () => {
    const id = await seed(news, '质谱技术新进展');
    expect((await call(null, 'GET', `/api/news/${id}`)).status).toBe(200);
    const d = (await call(adminA, 'GET', `/api/admin/publications/news/${id}`)).body.data;
    expect(d).toMatchObject({ title: '质谱技术新进展', status: 'published', content: '<p>原始正文</p>', version: 1 });
    const edit = { title: '质谱技术新进展（更正）', category: '行业动态', summary: '更正后的摘要', source: '仪采通', content: '<p onclick="x()">更正后的正文<script>alert(1)</script></p>' };
    expect((await call(adminA, 'PUT', `/api/admin/publications/news/${id}`, edit)).body).toMatchObject({ code: 400, msg: NO_VERSION });
    expect((await call(adminA, 'PUT', `/api/admin/publications/news/${id}`, { ...edit, version: d.version })).body).toMatchObject({ code: 200, msg: '已保存' });
    // Public answers are cached; on PostgreSQL the invalidation arrives by NOTIFY, within moments.
    await expect.poll(async () => (await call(null, 'GET', `/api/news/${id}`)).body.data?.title).toBe('质谱技术新进展（更正）');
    const pub = (await call(null, 'GET', `/api/news/${id}`)).body.data;
    expect(pub).toMatchObject({ title: '质谱技术新进展（更正）', source: '仪采通' });
    expect(pub.content).toContain('更正后的正文');
    expect(pub.content).not.toMatch(/script|onclick/);

    const v2 = (await call(adminA, 'GET', `/api/admin/publications/news/${id}`)).body.data.version as number;
    expect((await call(adminA, 'PUT', `/api/admin/publications/news/${id}/status`, { status: 'unpublished', version: v2 })).body).toMatchObject({ code: 200, msg: '已下线' });
    // The cached answers go within moments (on PostgreSQL the invalidation arrives by NOTIFY).
    await expect.poll(async () => (await call(null, 'GET', `/api/news/${id}`)).status).toBe(404);
    expect((await call(null, 'GET', '/api/news?pageSize=50')).body.data.items.map((n: { id: number }) => n.id)).not.toContain(id);
    expect((await call(null, 'GET', '/api/home')).body.data.news.map((n: { id: number }) => n.id)).not.toContain(id);
    await expect.poll(sitemap).not.toContain(`/news/detail/${id}.html`);
    expect((await t.app.inject({ method: 'GET', url: `/news/detail/${id}.html` })).body).not.toContain('质谱技术新进展（更正）');
    // The admin still finds it, under 已下线, and can put it back.
    const listed = (await call(adminA, 'GET', '/api/admin/publications/news?status=unpublished&keyword=质谱技术')).body.data;
    expect(listed.items.map((n: { id: number }) => n.id)).toContain(id);
    expect(listed.counts.unpublished).toBeGreaterThanOrEqual(1);
    expect((await call(adminA, 'PUT', `/api/admin/publications/news/${id}/status`, { status: 'published', version: v2 + 1 })).body.msg).toBe('已重新发布');
    await expect.poll(async () => (await call(null, 'GET', `/api/news/${id}`)).status).toBe(200);
    await expect.poll(sitemap).toContain(`/news/detail/${id}.html`);
    const trail = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'news'), eq(auditLog.entityId, id)));
    expect(trail.map((a) => a.toState)).toEqual(['edited', 'unpublished', 'published']);
  });

  it('two admins on one news item: the stale edit and the stale unpublish get 409 and change nothing', async () => {
    const id = await seed(news, '实验室安全月活动');
    const a = (await call(adminA, 'GET', `/api/admin/publications/news/${id}`)).body.data;
    const b = (await call(adminB, 'GET', `/api/admin/publications/news/${id}`)).body.data;
    expect((await call(adminA, 'PUT', `/api/admin/publications/news/${id}`, { title: '实验室安全月活动（延期）', category: a.category, content: a.content, version: a.version })).body.code).toBe(200);
    const stale = await call(adminB, 'PUT', `/api/admin/publications/news/${id}`, { title: '实验室安全月', category: b.category, content: '<p>另一位管理员的正文</p>', version: b.version });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(STALE);
    expect((await call(adminB, 'PUT', `/api/admin/publications/news/${id}/status`, { status: 'unpublished', version: b.version })).status).toBe(409);
    await expect.poll(async () => (await call(null, 'GET', `/api/news/${id}`)).body.data?.title).toBe('实验室安全月活动（延期）');
    const now = (await call(null, 'GET', `/api/news/${id}`)).body.data;
    expect(now).toMatchObject({ title: '实验室安全月活动（延期）' });
    expect(now.content).toContain('原始正文');
  });

  it('edits and unpublishes a technical article the same way; two admins, the second save gets 409', async () => {
    const id = await seed(articles, '气相色谱柱的老化方法');
    const a = (await call(adminA, 'GET', `/api/admin/publications/articles/${id}`)).body.data;
    const b = (await call(adminB, 'GET', `/api/admin/publications/articles/${id}`)).body.data;
    const body = { title: '气相色谱柱的老化与保存', category: '色谱技术', newCategory: true, tags: ['气相色谱', '色谱柱'], content: '<p>程序升温老化。</p>' };
    expect((await call(adminA, 'PUT', `/api/admin/publications/articles/${id}`, { ...body, version: a.version })).body.code).toBe(200);
    expect((await call(adminB, 'PUT', `/api/admin/publications/articles/${id}`, { ...body, title: '气相色谱柱老化', version: b.version })).status).toBe(409);
    await expect.poll(async () => (await call(null, 'GET', `/api/articles/${id}`)).body.data?.title).toBe('气相色谱柱的老化与保存');
    expect((await call(null, 'GET', `/api/articles/${id}`)).body.data).toMatchObject({ title: '气相色谱柱的老化与保存', category: '色谱技术', tags: ['气相色谱', '色谱柱'] });
    await expect.poll(async () => (await call(null, 'GET', '/api/articles/tags')).body.data.map((g: { name: string }) => g.name)).toContain('色谱柱');
    expect((await call(adminA, 'PUT', `/api/admin/publications/articles/${id}/status`, { status: 'unpublished', version: a.version + 1 })).body.code).toBe(200);
    await expect.poll(async () => (await call(null, 'GET', `/api/articles/${id}`)).status).toBe(404);
    expect((await call(null, 'GET', '/api/articles?pageSize=50')).body.data.items.map((n: { id: number }) => n.id)).not.toContain(id);
    expect((await call(null, 'GET', '/api/articles/categories')).body.data.items.map((c: { name: string }) => c.name)).not.toContain('色谱技术');
    await expect.poll(sitemap).not.toContain(`/technicalCentre/detail/${id}.html`);
  });

  it('validates with Chinese messages and answers 404 for an unknown item', async () => {
    const id = await seed(news, '仪器校准规范解读');
    expect((await call(adminA, 'PUT', `/api/admin/publications/news/${id}`, { title: '仪器校准', category: '政策', content: '<p> </p>', version: 1 })).body).toMatchObject({ code: 400, msg: '正文不能为空' });
    expect((await call(adminA, 'PUT', `/api/admin/publications/news/${id}`, { title: '仪器校准规范', category: '', content: '<p>x</p>', version: 1 })).body).toMatchObject({ code: 400, msg: '请选择栏目' });
    expect((await call(adminA, 'GET', '/api/admin/publications/videos')).body).toMatchObject({ code: 400, msg: '内容类型无效' });
    expect((await call(adminA, 'PUT', '/api/admin/publications/news/99999999', { title: '仪器校准规范', category: '政策', content: '<p>x</p>', version: 1 })).body).toMatchObject({ code: 404, msg: '资讯不存在或已被删除' });
  });
});
