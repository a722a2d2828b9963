// Optimistic concurrency on every back-office record: two sessions load the same record, the first
// save wins, the second (stale) save is refused with 409 and the first one's change survives.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { makeCategoryBranch, productBody } from './supplier.factories.js';

let t: TTestApp;
type TWho = { auth: { authorization: string } };
let winA: TWho & { mobile: string }; // the supplier in one window
let winB: TWho; // the same supplier in a second window (own session)
let adminA: TWho;
let adminB: TWho;
let leaf: number;

const STALE = '内容已被他人修改，请刷新后再编辑';
type TBody = { code: number; msg: string; data?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (who: TWho, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: who.auth, payload: payload as never });
  return { status: res.statusCode, body: res.json() as TBody };
};
const secondSession = async (m: { mobile: string; password: string }): Promise<TWho> => {
  const r = await t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'password', phoneOrEmail: m.mobile, password: m.password } });
  const token = (r.json() as TBody).data.access_token as string;
  return { auth: { authorization: `Bearer ${token}` } };
};

beforeAll(async () => {
  t = await makeTestApp();
  const supplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '并发编辑仪器有限公司' } });
  winA = supplier;
  winB = await secondSession(supplier);
  adminA = await makeMember(t, { roles: ['member', 'admin'] });
  adminB = await makeMember(t, { roles: ['member', 'admin'] });
  leaf = (await makeCategoryBranch(t)).leaf;
});
afterAll(() => t.close());

/** Both windows load `version`; A saves `first`, B saves `second` from the same version. */
async function race(a: TWho, b: TWho, url: string, version: number, first: object, second: object) {
  const ra = await call(a, 'PUT', url, { ...first, version });
  expect(ra.body).toMatchObject({ code: 200 });
  const rb = await call(b, 'PUT', url, { ...second, version });
  expect(rb.status).toBe(409);
  expect(rb.body.msg).toBe(STALE);
}

describe('a stale save is refused instead of overwriting another window', () => {
  it('platform notices (two admins)', async () => {
    const id = (await call(adminA, 'POST', '/api/admin/notices', { title: '系统维护通知', content: '周六凌晨维护两小时。' })).body.data.id as number;
    const loaded = (await call(adminB, 'GET', '/api/admin/notices?audience=platform')).body.data.items.find((n: { id: number }) => n.id === id);
    expect(loaded.version).toBe(1);
    await race(adminA, adminB, `/api/admin/notices/${id}`, loaded.version, { title: '系统维护通知（改期）', content: '周日凌晨维护两小时。' }, { title: '系统维护通知', content: '周六凌晨维护三小时。' });
    const after = (await call(adminB, 'GET', '/api/admin/notices?audience=platform')).body.data.items.find((n: { id: number }) => n.id === id);
    expect(after).toMatchObject({ title: '系统维护通知（改期）', content: '周日凌晨维护两小时。', version: 2 });
    // Reloaded, the second admin can save.
    expect((await call(adminB, 'PUT', `/api/admin/notices/${id}`, { title: '系统维护通知（改期）', content: '周日凌晨维护三小时。', version: 2 })).body.code).toBe(200);
  });

  it('企业资料 and 店铺设置 (each its own version: saving one never makes the other stale)', async () => {
    const p = (await call(winA, 'GET', '/api/supplier/profile')).body.data;
    const company = { companyName: p.companyName, kind: 'manufacturer', contactName: '张三' };
    const store = { name: '并发编辑旗舰店', theme: 1, slogan: '精于测量' };
    // Saving the company record does not bump the store's version.
    expect((await call(winA, 'PUT', '/api/supplier/company', { ...company, version: p.version })).body.code).toBe(200);
    expect((await call(winA, 'PUT', '/api/supplier/store', { ...store, version: p.store.version })).body.code).toBe(200);
    const p2 = (await call(winA, 'GET', '/api/supplier/profile')).body.data;
    await race(winA, winB, '/api/supplier/company', p2.version, { ...company, contactName: '李四' }, { ...company, contactName: '王五' });
    await race(winA, winB, '/api/supplier/store', p2.store.version, { ...store, slogan: '窗口一' }, { ...store, slogan: '窗口二' });
    const p3 = (await call(winB, 'GET', '/api/supplier/profile')).body.data;
    expect(p3.contactName).toBe('李四');
    expect(p3.store.slogan).toBe('窗口一');
  });

  it('products (a quick price edit also makes the open form stale)', async () => {
    const id = (await call(winA, 'POST', '/api/supplier/products', productBody(leaf, { name: '原子吸收光谱仪' }))).body.data.id as number;
    const d = (await call(winB, 'GET', `/api/supplier/products/${id}`)).body.data;
    expect(d.version).toBe(1);
    await race(winA, winB, `/api/supplier/products/${id}`, d.version, productBody(leaf, { name: '原子吸收光谱仪 A' }), productBody(leaf, { name: '原子吸收光谱仪 B' }));
    expect((await call(winB, 'GET', `/api/supplier/products/${id}`)).body.data.name).toBe('原子吸收光谱仪 A');
    const v2 = (await call(winB, 'GET', `/api/supplier/products/${id}`)).body.data.version as number;
    expect((await call(winA, 'PUT', `/api/supplier/products/${id}/quick`, { price: 99000, version: v2 })).body.code).toBe(200);
    expect((await call(winB, 'PUT', `/api/supplier/products/${id}`, { ...productBody(leaf), version: v2 })).status).toBe(409);
    // A quick edit from a list loaded before that change (the second window's row) is stale too.
    const stale = await call(winB, 'PUT', `/api/supplier/products/${id}/quick`, { price: 1000, version: v2 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(STALE);
    expect((await call(winB, 'GET', `/api/supplier/products/${id}`)).body.data.price).toBe(99000);
  });

  it('brand applications', async () => {
    const id = (await call(winA, 'POST', '/api/supplier/brand-applications', { name: '并发测试品牌', country: '中国' })).body.data.id as number;
    const row = (await call(winB, 'GET', '/api/supplier/brand-applications')).body.data.items.find((b: { id: number }) => b.id === id);
    await race(winA, winB, `/api/supplier/brand-applications/${id}`, row.version, { name: '并发测试品牌', country: '德国' }, { name: '并发测试品牌', country: '日本' });
    const after = (await call(winB, 'GET', '/api/supplier/brand-applications')).body.data.items.find((b: { id: number }) => b.id === id);
    expect(after.country).toBe('德国');
  });

  it('brand reviews: the admin\'s decision on an application the supplier changed since is refused', async () => {
    const id = (await call(winA, 'POST', '/api/supplier/brand-applications', { name: '审核并发品牌', country: '中国' })).body.data.id as number;
    const seen = (await call(adminA, 'GET', '/api/admin/brand-applications')).body.data.items.find((b: { id: number }) => b.id === id);
    const row = (await call(winB, 'GET', '/api/supplier/brand-applications')).body.data.items.find((b: { id: number }) => b.id === id);
    expect((await call(winB, 'PUT', `/api/supplier/brand-applications/${id}`, { name: '审核并发品牌', country: '德国', version: row.version })).body.code).toBe(200);
    const stale = await call(adminA, 'PUT', `/api/admin/brand-applications/${id}`, { status: 'approved', version: seen.version });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe(STALE);
    // Two admins on the reloaded application: the first decides, the second (stale) gets 409.
    const fresh = (await call(adminA, 'GET', '/api/admin/brand-applications')).body.data.items.find((b: { id: number }) => b.id === id);
    expect((await call(adminA, 'PUT', `/api/admin/brand-applications/${id}`, { status: 'rejected', note: '请补充商标注册证', version: fresh.version })).body.code).toBe(200);
    expect((await call(adminB, 'PUT', `/api/admin/brand-applications/${id}`, { status: 'approved', version: fresh.version })).status).toBe(409);
    expect((await call(winB, 'GET', '/api/supplier/brand-applications')).body.data.items.find((b: { id: number }) => b.id === id)).toMatchObject({ status: 'rejected', country: '德国' });
  });

  it('store articles', async () => {
    const body = { kind: 'article', title: '液相色谱日常维护', content: '<p>每天冲洗色谱柱。</p>' };
    const id = (await call(winA, 'POST', '/api/supplier/articles', body)).body.data.id as number;
    const d = (await call(winB, 'GET', `/api/supplier/articles/${id}`)).body.data;
    await race(winA, winB, `/api/supplier/articles/${id}`, d.version, { ...body, title: '液相色谱日常维护（修订）' }, { ...body, title: '液相色谱保养' });
    expect((await call(winB, 'GET', `/api/supplier/articles/${id}`)).body.data.title).toBe('液相色谱日常维护（修订）');
  });

  it('recruitments', async () => {
    const body = { title: '售后工程师', headcount: 2, description: '<p>负责华东地区仪器安装调试与维修。</p>' };
    const id = (await call(winA, 'POST', '/api/supplier/recruitments', body)).body.data.id as number;
    const d = (await call(winB, 'GET', `/api/supplier/recruitments/${id}`)).body.data;
    await race(winA, winB, `/api/supplier/recruitments/${id}`, d.version, { ...body, headcount: 3 }, { ...body, headcount: 5 });
    expect((await call(winB, 'GET', `/api/supplier/recruitments/${id}`)).body.data.headcount).toBe(3);
  });

  it('store categories', async () => {
    const id = (await call(winA, 'POST', '/api/supplier/store-categories', { name: '光谱仪器' })).body.data.id as number;
    const d = (await call(winB, 'GET', `/api/supplier/store-categories/${id}`)).body.data;
    await race(winA, winB, `/api/supplier/store-categories/${id}`, d.version, { name: '光谱分析仪器' }, { name: '光谱设备' });
    expect((await call(winB, 'GET', `/api/supplier/store-categories/${id}`)).body.data.name).toBe('光谱分析仪器');
  });

  it('a save without a version is a 400 with a Chinese message and overwrites nothing, on every edit endpoint', async () => {
    const NO_VERSION = '缺少版本号，请刷新页面后再保存';
    const p = (await call(winA, 'GET', '/api/supplier/profile')).body.data;
    const product = (await call(winA, 'POST', '/api/supplier/products', productBody(leaf, { name: '无版本号测试仪' }))).body.data.id as number;
    const category = (await call(winA, 'POST', '/api/supplier/store-categories', { name: '无版本号分类' })).body.data.id as number;
    const brand = (await call(winA, 'POST', '/api/supplier/brand-applications', { name: '无版本号品牌' })).body.data.id as number;
    const article = (await call(winA, 'POST', '/api/supplier/articles', { kind: 'article', title: '无版本号文章', content: '<p>正文</p>' })).body.data.id as number;
    const job = (await call(winA, 'POST', '/api/supplier/recruitments', { title: '无版本号职位', headcount: 1, description: '<p>负责仪器的安装与调试工作。</p>' })).body.data.id as number;
    const notice = (await call(adminA, 'POST', '/api/admin/notices', { title: '无版本号公告', content: '公告内容。' })).body.data.id as number;
    const edits: [TWho, string, object][] = [
      [winA, '/api/supplier/company', { companyName: p.companyName, kind: 'agent', contactName: '覆盖者' }],
      [winA, '/api/supplier/store', { name: p.store.name, theme: 2, slogan: '覆盖' }],
      [winA, `/api/supplier/products/${product}`, productBody(leaf, { name: '被覆盖的名称' })],
      [winA, `/api/supplier/products/${product}/quick`, { price: 1 }],
      [winA, `/api/supplier/store-categories/${category}`, { name: '被覆盖的分类' }],
      [winA, `/api/supplier/brand-applications/${brand}`, { name: '被覆盖的品牌' }],
      [winA, `/api/supplier/articles/${article}`, { kind: 'article', title: '被覆盖的文章', content: '<p>覆盖</p>' }],
      [winA, `/api/supplier/recruitments/${job}`, { title: '被覆盖的职位', headcount: 9, description: '<p>负责仪器的安装与调试工作。</p>' }],
      [adminA, `/api/admin/notices/${notice}`, { title: '被覆盖的公告', content: '覆盖。' }],
    ];
    for (const [who, url, body] of edits) {
      const r = await call(who, 'PUT', url, body);
      expect(r.status, url).toBe(400);
      expect(r.body.msg, url).toBe(NO_VERSION);
    }
    // Nothing changed.
    const after = (await call(winA, 'GET', '/api/supplier/profile')).body.data;
    expect(after).toMatchObject({ contactName: p.contactName, version: p.version, store: { slogan: p.store.slogan, version: p.store.version } });
    expect((await call(winA, 'GET', `/api/supplier/products/${product}`)).body.data).toMatchObject({ name: '无版本号测试仪', version: 1 });
    expect((await call(winA, 'GET', `/api/supplier/store-categories/${category}`)).body.data.name).toBe('无版本号分类');
    expect((await call(winA, 'GET', `/api/supplier/articles/${article}`)).body.data.title).toBe('无版本号文章');
    expect((await call(winA, 'GET', `/api/supplier/recruitments/${job}`)).body.data.title).toBe('无版本号职位');
    expect((await call(adminA, 'GET', `/api/admin/notices/${notice}`)).body.data.title).toBe('无版本号公告');
    // (The admin's news, article and product take-down edits: server/modules/admin/moderation.api.test.ts.)
  });

  it('a malformed version is a 400 with a Chinese message', async () => {
    const r = await call(winA, 'PUT', '/api/supplier/store', { name: '并发编辑旗舰店', theme: 1, version: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('版本号无效');
  });
});

describe('company and store names are unique across suppliers', () => {
  it('refuses another supplier\'s company or store name (any case, spaces trimmed) with a message; one\'s own name saves', async () => {
    const other = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '重名检测科技有限公司' } });
    const mine = (await call(winA, 'GET', '/api/supplier/profile')).body.data;
    const company = await call(winA, 'PUT', '/api/supplier/company', { companyName: ' 重名检测科技有限公司 ', kind: 'manufacturer', version: mine.version });
    expect(company.status).toBe(409);
    expect(company.body.msg).toBe('公司名称「重名检测科技有限公司」已被其他企业使用，请核对后重新填写');
    const otherStore = (await call(other, 'GET', '/api/supplier/profile')).body.data.store.name as string;
    const store = await call(winA, 'PUT', '/api/supplier/store', { name: otherStore.toUpperCase(), theme: 1, version: mine.store.version });
    expect(store.status).toBe(409);
    expect(store.body.msg).toContain('已被使用');
    expect((await call(winA, 'GET', '/api/supplier/profile')).body.data.companyName).toBe(mine.companyName);
    // Saving one's own unchanged names is fine.
    expect((await call(winA, 'PUT', '/api/supplier/company', { companyName: mine.companyName, kind: 'manufacturer', version: mine.version })).body.code).toBe(200);
    expect((await call(winA, 'PUT', '/api/supplier/store', { name: mine.store.name, theme: 1, version: mine.store.version })).body.code).toBe(200);
  });

  it('a store whose name another store already had before the rule still saves its other settings', async () => {
    const mine = (await call(winA, 'GET', '/api/supplier/profile')).body.data;
    const twin = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '同名旧店铺科技有限公司' } });
    const twinProfile = (await call(twin, 'GET', '/api/supplier/profile')).body.data;
    // Data from before names were unique: the second store carries the first one's name.
    await t.database.db.execute(sql`UPDATE stores SET name = ${mine.store.name} WHERE id = ${twinProfile.store.id}`);
    const again = (await call(twin, 'GET', '/api/supplier/profile')).body.data;
    const save = await call(twin, 'PUT', '/api/supplier/store', { name: again.store.name, theme: 2, slogan: '仍可保存', version: again.store.version });
    expect(save.body.msg ?? '').not.toContain('已被使用');
    expect(save.body.code).toBe(200);
  });

  it('takes names that differ only in spaces or width for the same name: 「中科仪达 官方店铺」 is 中科仪达官方店铺', async () => {
    const other = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '间距检测ABC仪器有限公司' } });
    await t.database.db.execute(sql`UPDATE stores SET name = '间距检测官方店铺' WHERE supplier_id = ${other.supplierId!}`);
    const mine = (await call(winA, 'GET', '/api/supplier/profile')).body.data;
    for (const name of ['间距检测 官方店铺', '间距检测官方店铺　', '间 距 检 测 官 方 店 铺']) {
      const r = await call(winA, 'PUT', '/api/supplier/store', { name, theme: 1, version: mine.store.version });
      expect([r.status, r.body.msg], name).toEqual([409, `店铺名称「${name.trim()}」已被使用，请换一个名称`]);
    }
    for (const companyName of ['间距检测 ABC 仪器有限公司', '间距检测ＡＢＣ仪器有限公司', '间距检测abc仪器有限公司']) {
      const r = await call(winA, 'PUT', '/api/supplier/company', { companyName, kind: 'manufacturer', version: mine.version });
      expect([r.status, r.body.msg], companyName).toEqual([409, `公司名称「${companyName}」已被其他企业使用，请核对后重新填写`]);
    }
    // the admin opening a store, too
    const m = await makeMember(t);
    const r = await call(adminA, 'POST', '/api/admin/suppliers', { member: m.mobile, companyName: '间距检测ＡＢＣ 仪器有限公司' });
    expect([r.status, r.body.msg]).toEqual([409, '公司名称「间距检测ＡＢＣ 仪器有限公司」已被其他企业使用，请核对后重新填写']);

    // Stores whose names collide only under this rule (data from before it) still save, their names respaced too.
    const first = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '旧数据甲仪器有限公司' } });
    const second = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '旧数据乙仪器有限公司' } });
    // Data from before the rule: 「旧数据 旗舰店」 next to 旧数据旗舰店.
    await t.database.db.execute(sql`UPDATE stores SET name = '旧数据旗舰店' WHERE supplier_id = ${first.supplierId!}`);
    await t.database.db.execute(sql`UPDATE stores SET name = '旧数据 旗舰店' WHERE supplier_id = ${second.supplierId!}`);
    const profile = (await call(second, 'GET', '/api/supplier/profile')).body.data;
    const save = await call(second, 'PUT', '/api/supplier/store', { name: '旧数据 旗舰店', theme: 2, slogan: '仍可保存', version: profile.store.version });
    expect(save.body.code).toBe(200);
    const respaced = await call(second, 'PUT', '/api/supplier/store', { name: '旧数据　旗舰店', theme: 2, version: profile.store.version + 1 });
    expect(respaced.body.code).toBe(200);
  });

  it('the admin cannot open a store under a company name already in use', async () => {
    const m = await makeMember(t);
    const r = await call(adminA, 'POST', '/api/admin/suppliers', { member: m.mobile, companyName: '并发编辑仪器有限公司' });
    expect(r.status).toBe(409);
    expect(r.body.msg).toContain('已被其他企业使用');
  });
});
