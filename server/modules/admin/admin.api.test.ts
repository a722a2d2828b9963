// API tests of the platform admin back office: announcements (and the public latest list), the
// member list with disable/enable and the purchaser role, supplier approval, opening a supplier
// store for a member, and brand reviews — all refused to anyone but an admin.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVINCES } from '../../../contracts/catalogue.js';
import { brands, members, notices, products, stores, suppliers } from '../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
type TWho = Awaited<ReturnType<typeof makeMember>>;
let admin: TWho;
let supplier: TWho;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await makeMember(t, { roles: ['member', 'admin'] });
  supplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '审核测试仪器有限公司' } });
});
afterAll(() => t.close());

type TBody = { code: number; msg: string; data?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (who: TWho | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: who ? who.auth : {}, payload: payload as never });
  return { status: res.statusCode, body: res.json() as TBody };
};
const login = (id: string, password: string) => t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'password', phoneOrEmail: id, password } });

describe('only admins may use /api/admin', () => {
  it.each([
    ['GET', '/api/admin/notices'],
    ['POST', '/api/admin/notices'],
    ['GET', '/api/admin/members'],
    ['PUT', '/api/admin/members/1/status'],
    ['PUT', '/api/admin/members/1/purchaser'],
    ['GET', '/api/admin/suppliers'],
    ['POST', '/api/admin/suppliers'],
    ['PUT', '/api/admin/suppliers/1/status'],
    ['PUT', '/api/admin/suppliers/1/verified'],
    ['GET', '/api/admin/brand-applications'],
    ['PUT', '/api/admin/brand-applications/1'],
  ] as const)('%s %s: 401 for a visitor, 403 for a supplier and a member', async (method, url) => {
    const payload = method === 'GET' ? undefined : url.includes('notices') ? { title: '标题标题', content: '内容内容' } : url.includes('suppliers') && url.includes('status') ? { status: 'approved' } : url.includes('status') ? { status: 'active' } : url.includes('purchaser') ? { grant: true } : url.includes('verified') ? { verified: true } : url.includes('brand') ? { status: 'approved', version: 1 } : { member: '1', companyName: '某某公司' };
    expect((await call(null, method, url, payload)).status).toBe(401);
    const bySupplier = await call(supplier, method, url, payload);
    expect(bySupplier.status).toBe(403);
    expect(bySupplier.body.msg).toBe('没有权限执行此操作');
    expect((await call(await makeMember(t), method, url, payload)).status).toBe(403);
  });
});

describe('announcements', () => {
  it('publishes a platform-wide notice that the public list shows, edits and deletes it', async () => {
    const r = await call(admin, 'POST', '/api/admin/notices', { title: '平台春节放假通知', content: '2月1日至2月7日客服暂停服务。', link: '/about' });
    expect(r.body).toMatchObject({ code: 200, msg: '公告已发布' });
    const id = r.body.data.id as number;
    const pub = await call(null, 'GET', '/api/notices/platform');
    expect(pub.body.data[0]).toMatchObject({ id, title: '平台春节放假通知', link: '/about' });
    expect((await call(admin, 'PUT', `/api/admin/notices/${id}`, { title: '平台春节放假安排', content: '2月1日至2月7日客服暂停服务。', version: 1 })).body.code).toBe(200);
    const list = await call(admin, 'GET', '/api/admin/notices?audience=platform');
    expect(list.body.data.items[0]).toMatchObject({ id, title: '平台春节放假安排', memberId: null, link: null });
    expect((await call(admin, 'DELETE', `/api/admin/notices/${id}`)).body.msg).toBe('公告已删除');
    expect((await call(null, 'GET', '/api/notices/platform')).body.data.map((n: { id: number }) => n.id)).not.toContain(id);
  });

  it('sends a notice to one member by mobile; it stays out of the public list', async () => {
    const m = await makeMember(t);
    const r = await call(admin, 'POST', '/api/admin/notices', { title: '账号资料待完善', content: '请补充您的公司名称。', target: m.mobile });
    const [row] = await t.database.db.select().from(notices).where(eq(notices.id, r.body.data.id));
    expect(row!.memberId).toBe(m.id);
    expect((await call(null, 'GET', '/api/notices/platform')).body.data.map((n: { id: number }) => n.id)).not.toContain(r.body.data.id);
    expect((await call(admin, 'GET', '/api/admin/notices?audience=member')).body.data.items[0]).toMatchObject({ id: r.body.data.id, memberId: m.id });
  });

  it('validates notices with Chinese messages', async () => {
    expect((await call(admin, 'POST', '/api/admin/notices', { title: '', content: '内容内容' })).body).toMatchObject({ code: 400, msg: '公告标题不能为空' });
    expect((await call(admin, 'POST', '/api/admin/notices', { title: '标题标题', content: '内容内容', link: 'javascript:alert(1)' })).body).toMatchObject({ code: 400, msg: '链接须以 / 或 http(s):// 开头' });
    expect((await call(admin, 'POST', '/api/admin/notices', { title: '标题标题', content: '内容内容', target: '19999999999' })).body).toMatchObject({ code: 404, msg: '接收会员不存在' });
    expect((await call(admin, 'GET', '/api/admin/notices?audience=nobody')).body).toMatchObject({ code: 400, msg: '接收范围无效' });
    expect((await call(admin, 'PUT', '/api/admin/notices/999999', { title: '标题标题', content: '内容内容', version: 1 })).status).toBe(404);
  });
});

describe('members', () => {
  it('finds members by mobile and role, paged', async () => {
    const m = await makeMember(t, { email: 'find.me@example.com' });
    const byMobile = await call(admin, 'GET', `/api/admin/members?keyword=${m.mobile}`);
    expect(byMobile.body.data).toMatchObject({ total: 1, items: [{ id: m.id, mobile: m.mobile, status: 'active', roles: ['member'] }] });
    expect((await call(admin, 'GET', '/api/admin/members?keyword=find.me')).body.data.items[0].id).toBe(m.id);
    const suppliersOnly = await call(admin, 'GET', '/api/admin/members?role=supplier&pageSize=5');
    expect(suppliersOnly.body.data.items.every((r: { roles: string[] }) => r.roles.includes('supplier'))).toBe(true);
    expect(suppliersOnly.body.data.items.find((r: { id: number }) => r.id === supplier.id)).toMatchObject({ supplierId: supplier.supplierId });
    expect((await call(admin, 'GET', '/api/admin/members?role=boss')).body).toMatchObject({ code: 400, msg: '角色无效' });
    expect((await call(admin, 'GET', '/api/admin/members?pageSize=0')).body).toMatchObject({ code: 400, msg: '每页条数必须是1到100之间的整数' });
  });

  it('disables a member: sessions end and login is refused; enabling lets them in again', async () => {
    const m = await makeMember(t);
    expect((await call(m, 'GET', '/api/member/getInfo')).status).toBe(200);
    const off = await call(admin, 'PUT', `/api/admin/members/${m.id}/status`, { status: 'disabled' });
    expect(off.body).toMatchObject({ code: 200, msg: '账号已禁用' });
    expect((await call(m, 'GET', '/api/member/getInfo')).status).toBe(401);
    const refused = await login(m.mobile, m.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msg: '该账号已被停用' });
    // The right password of a disabled account is no guess: ten tries never lock the account.
    for (let i = 0; i < 10; i++) expect((await login(m.mobile, m.password)).json()).toMatchObject({ msg: '该账号已被停用' });
    // A wrong password still gets the generic answer (nothing tells a guesser the account is disabled).
    expect((await login(m.mobile, 'Wrong-pass1')).json()).toMatchObject({ msg: '账号或密码错误' });
    expect((await call(admin, 'GET', `/api/admin/members?keyword=${m.mobile}&status=disabled`)).body.data.total).toBe(1);
    expect((await call(admin, 'PUT', `/api/admin/members/${m.id}/status`, { status: 'active' })).body.msg).toBe('账号已启用');
    expect((await login(m.mobile, m.password)).statusCode).toBe(200);
  });

  it('refuses to disable oneself or another admin, and unknown members', async () => {
    expect((await call(admin, 'PUT', `/api/admin/members/${admin.id}/status`, { status: 'disabled' })).body).toMatchObject({ code: 400, msg: '不能禁用自己的账号' });
    const other = await makeMember(t, { roles: ['member', 'admin'] });
    expect((await call(admin, 'PUT', `/api/admin/members/${other.id}/status`, { status: 'disabled' })).body).toMatchObject({ code: 400, msg: '不能禁用管理员账号' });
    expect((await call(admin, 'PUT', '/api/admin/members/999999/status', { status: 'disabled' })).body).toMatchObject({ code: 404, msg: '会员不存在或已注销' });
    expect((await call(admin, 'PUT', `/api/admin/members/${other.id}/status`, { status: 'deleted' })).body).toMatchObject({ code: 400, msg: '账号状态无效' });
  });

  it('grants and revokes the purchaser role', async () => {
    const m = await makeMember(t);
    expect((await call(admin, 'PUT', `/api/admin/members/${m.id}/purchaser`, { grant: true })).body.msg).toBe('已设为采购商');
    expect((await call(m, 'GET', '/api/member/getInfo')).body.data.roles).toEqual(['member', 'purchaser']);
    await call(admin, 'PUT', `/api/admin/members/${m.id}/purchaser`, { grant: false });
    expect((await call(m, 'GET', '/api/member/getInfo')).body.data.roles).toEqual(['member']);
  });
});

describe('suppliers', () => {
  it('rejects with a note (the store leaves the public directory), approves and verifies', async () => {
    const uid = `t${supplier.id}`;
    expect((await call(null, 'GET', `/api/stores/${uid}`)).status).toBe(200);
    expect((await call(admin, 'PUT', `/api/admin/suppliers/${supplier.supplierId}/status`, { status: 'rejected' })).body).toMatchObject({ code: 400, msg: '驳回时请填写审核意见' });
    const reject = await call(admin, 'PUT', `/api/admin/suppliers/${supplier.supplierId}/status`, { status: 'rejected', note: '营业执照已过期' });
    expect(reject.body).toMatchObject({ code: 200, msg: '已设为已驳回' });
    expect((await call(null, 'GET', `/api/stores/${uid}`)).status).toBe(404);
    const told = await t.database.db.select().from(notices).where(and(eq(notices.memberId, supplier.id), eq(notices.kind, 'review')));
    expect(told.at(-1)).toMatchObject({ title: '供应商入驻审核未通过' });
    expect(told.at(-1)!.content).toContain('营业执照已过期');
    const pending = await call(admin, 'GET', '/api/admin/suppliers?status=rejected&keyword=审核测试');
    expect(pending.body.data.items[0]).toMatchObject({ id: supplier.supplierId, status: 'rejected', storeUid: uid, memberMobile: supplier.mobile });
    await call(admin, 'PUT', `/api/admin/suppliers/${supplier.supplierId}/status`, { status: 'approved' });
    expect((await call(admin, 'PUT', `/api/admin/suppliers/${supplier.supplierId}/verified`, { verified: true })).body.msg).toBe('已认证');
    const [row] = await t.database.db.select().from(suppliers).where(eq(suppliers.id, supplier.supplierId!));
    expect(row).toMatchObject({ status: 'approved', verified: true });
    expect((await call(admin, 'PUT', '/api/admin/suppliers/999999/verified', { verified: true })).status).toBe(404);
    expect((await call(admin, 'GET', '/api/admin/suppliers?verified=maybe')).body).toMatchObject({ code: 400, msg: '认证筛选无效' });
  });

  it('counts a supplier\'s goods on sale (as its store page shows 在售产品) beside all its goods', async () => {
    const m = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '商品计数仪器有限公司' } });
    const statuses = ['on_sale', 'on_sale', 'on_sale', 'draft', 'off_shelf'];
    await t.database.db.insert(products).values(statuses.map((status, i) => ({ supplierId: m.supplierId!, categoryId: 1, name: `计数测试仪${i}`, status })));
    const listed = await call(admin, 'GET', '/api/admin/suppliers?keyword=商品计数');
    expect(listed.body.data.items[0]).toMatchObject({ id: m.supplierId, onSaleCount: 3, productCount: 5 });
    const store = await call(null, 'GET', `/api/stores/t${m.id}`);
    expect(store.body.data.counts.products).toBe(3);
  });

  it('opens a supplier store for an existing member by mobile, with the next free store number', async () => {
    await t.database.db.insert(stores).values({ supplierId: supplier.supplierId!, uid: 's0041', name: '占位' }).onConflictDoNothing();
    const m = await makeMember(t);
    const r = await call(admin, 'POST', '/api/admin/suppliers', { member: m.mobile, companyName: '新开通仪器有限公司', shortName: '新开通', kind: 'agent', province: '浙江省', city: '杭州市' });
    expect(r.body).toMatchObject({ code: 200, msg: '供应商店铺已开通' });
    const { id, storeUid } = r.body.data as { id: number; storeUid: string };
    expect(storeUid).toMatch(/^s\d{4,}$/);
    const [s] = await t.database.db.select().from(suppliers).where(eq(suppliers.id, id));
    expect(s).toMatchObject({ memberId: m.id, companyName: '新开通仪器有限公司', province: PROVINCES.find((p) => p.startsWith('浙江')), kind: 'agent', status: 'approved' });
    const [store] = await t.database.db.select().from(stores).where(eq(stores.supplierId, id));
    expect(store).toMatchObject({ uid: storeUid, name: '新开通', theme: 1 });
    const [member] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(member!.roles).toContain('supplier');
    // The new supplier can use its back office at once.
    expect((await call(m, 'GET', '/api/supplier/profile')).body.data).toMatchObject({ companyName: '新开通仪器有限公司', store: { uid: storeUid } });
    const again = await call(admin, 'POST', '/api/admin/suppliers', { member: String(m.id), companyName: '重复开通有限公司' });
    expect(again.body).toMatchObject({ code: 409, msg: '该会员已开通供应商店铺' });
    expect((await call(admin, 'POST', '/api/admin/suppliers', { member: '19900000000', companyName: '不存在公司' })).body).toMatchObject({ code: 404, msg: '会员不存在或已注销' });
    expect((await call(admin, 'POST', '/api/admin/suppliers', { member: 'abc', companyName: '不存在公司' })).body).toMatchObject({ code: 400, msg: '请输入会员编号或11位手机号' });
  });
});

describe('brand reviews', () => {
  it('approves a supplier\'s brand so it can be picked, and tells the supplier', async () => {
    const apply = await call(supplier, 'POST', '/api/supplier/brand-applications', { name: '审核牌', nameEn: 'Shenhe' });
    const id = apply.body.data.id as number;
    const queue = await call(admin, 'GET', '/api/admin/brand-applications');
    expect(queue.body.data.items.find((b: { id: number }) => b.id === id)).toMatchObject({ name: '审核牌', status: 'pending', supplierName: '审核测试仪器有限公司' });
    expect((await call(admin, 'PUT', `/api/admin/brand-applications/${id}`, { status: 'approved', version: 1 })).body.msg).toBe('品牌已通过审核');
    const [b] = await t.database.db.select().from(brands).where(eq(brands.id, id));
    expect(b!.status).toBe('approved');
    expect((await call(supplier, 'GET', '/api/supplier/brands/options?keyword=审核牌')).body.data.items[0]).toMatchObject({ id, own: true });
    const told = await t.database.db.select().from(notices).where(and(eq(notices.memberId, supplier.id), eq(notices.title, '品牌「审核牌」审核已通过')));
    expect(told).toHaveLength(1);
  });

  it('rejects with a note the supplier can read; platform brands are not in the queue', async () => {
    const apply = await call(supplier, 'POST', '/api/supplier/brand-applications', { name: '驳回牌' });
    const id = apply.body.data.id as number;
    expect((await call(admin, 'PUT', `/api/admin/brand-applications/${id}`, { status: 'rejected', note: '请提供商标注册证', version: 1 })).body.msg).toBe('品牌已驳回');
    const mine = await call(supplier, 'GET', '/api/supplier/brand-applications?status=rejected');
    expect(mine.body.data.items[0]).toMatchObject({ id, status: 'rejected', reviewNote: '请提供商标注册证' });
    const [platform] = await t.database.db.insert(brands).values({ name: '平台品牌' }).returning();
    expect((await call(admin, 'PUT', `/api/admin/brand-applications/${platform!.id}`, { status: 'rejected', note: 'x', version: 1 })).status).toBe(404);
    expect((await call(admin, 'PUT', `/api/admin/brand-applications/${id}`, { status: 'pending' })).body).toMatchObject({ code: 400, msg: '审核结果无效' });
  });
});
