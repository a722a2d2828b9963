// API tests of online 入驻: the form's rules (check character, licence type and size), one open
// application per member and one store per 统一社会信用代码, the life 待审核 → 已驳回 → resubmitted →
// 已通过 with history, notices and audit, and the supplier role and store after approval.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, members, notices, stores, supplierApplications, suppliers, uploads } from '../../db/schema.js';
import { pruneUnlinkedUploads } from '../../lib/uploads.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { creditCodeCheckChar } from '../../../contracts/credit-code.js';

let t: TTestApp;
type TWho = Awaited<ReturnType<typeof makeMember>>;
let admin: TWho;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await makeMember(t, { roles: ['member', 'admin'] });
});
afterAll(() => t.close());

type TBody = { code: number; msg: string; data?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (who: TWho | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: who ? who.auth : {}, payload: payload as never });
  return { status: res.statusCode, body: res.json() as TBody };
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d3e1d70000000049454e44ae426082', 'hex');
const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'), Buffer.alloc(bytes, 0x20), Buffer.from('\n%%EOF\n')]);
function upload(who: TWho, content: Buffer, filename: string) {
  const boundary = '----yctsettleboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({ method: 'POST', url: '/api/settle/licence', payload: Buffer.concat([head, content, tail]), headers: { ...who.auth, 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
async function licenceOf(who: TWho) {
  const r = await upload(who, PNG, '营业执照.png');
  expect(r.statusCode).toBe(200);
  return (r.json() as TBody).data.id as number;
}
let codeSeq = 0;
const CODES = ['914403001922038216', '9144030071526726XG', '91330100799655058B', '91110108551385082Q', '91350100M000100Y43', '91440300708461136T'];
const form = (licenceUploadId: number, over: object = {}) => ({
  companyName: `测试仪器科技有限公司${++codeSeq}`,
  creditCode: CODES[codeSeq % CODES.length],
  kind: 'distributor',
  province: '上海市',
  city: '上海市',
  address: '浦东新区张江路100号',
  contactName: '王经理',
  contactPhone: '13800138000',
  contactEmail: 'wang@example.com',
  licenceUploadId,
  categories: ['色谱仪器', '光谱仪器'],
  brands: ['岛津'],
  agreed: true,
  ...over,
});

describe('the licence upload', () => {
  it('deletes a licence no application links after 24 h, and keeps one an application links', async () => {
    const m = await makeMember(t);
    const linked = await licenceOf(m);
    expect((await call(m, 'POST', '/api/settle/application', form(linked, { creditCode: '91310115MA1K4ABC18' }))).body).toMatchObject({ code: 200 });
    const abandoned = await licenceOf(m);
    await t.database.db.update(uploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(inArray(uploads.id, [linked, abandoned]));
    expect(await pruneUnlinkedUploads(t.database.db, t.app.config)).toBe(1);
    const left = await t.database.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, [linked, abandoned]));
    expect(left.map((r) => r.id)).toEqual([linked]);
  });

  it('takes JPEG/PNG/PDF by content and refuses other types and files over 5 MB', async () => {
    const m = await makeMember(t);
    const ok = await upload(m, pdf(1000), '执照.pdf');
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as TBody).data).toMatchObject({ mime: 'application/pdf', filename: '执照.pdf' });
    const fake = await upload(m, Buffer.from('not really a png at all, just text'), '执照.png');
    expect(fake.statusCode).toBe(415);
    expect((fake.json() as TBody).msg).toBe('营业执照仅支持 JPG、PNG 图片或 PDF 文件');
    const big = await upload(m, pdf(5 * 1024 * 1024 + 10), '大执照.pdf');
    expect(big.statusCode).toBe(413);
    expect((big.json() as TBody).msg).toBe('营业执照文件不能超过5MB');
    // Only its uploader and admins see it.
    const url = (ok.json() as TBody).data.url as string;
    expect((await t.app.inject({ method: 'GET', url, headers: m.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: admin.auth })).headers['content-type']).toContain('application/pdf');
    expect((await t.app.inject({ method: 'GET', url, headers: (await makeMember(t)).auth })).statusCode).toBe(404);
  });
});

describe('the form', () => {
  it('refuses a wrong check character, a missing agreement and another member\'s licence, in Chinese', async () => {
    const m = await makeMember(t);
    const lic = await licenceOf(m);
    const bad = await call(m, 'POST', '/api/settle/application', form(lic, { creditCode: '914403001922038217' }));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('统一社会信用代码校验位不正确，请核对营业执照');
    const noAgree = await call(m, 'POST', '/api/settle/application', form(lic, { agreed: false }));
    expect(noAgree.body.msg).toContain('请阅读并同意《仪采通供应商入驻协议》');
    const other = await makeMember(t);
    const notMine = await call(other, 'POST', '/api/settle/application', form(lic, { creditCode: CODES[0] }));
    expect(notMine.status).toBe(400);
    expect(notMine.body.msg).toBe('请上传营业执照');
    expect(await t.database.db.select().from(supplierApplications).where(eq(supplierApplications.memberId, m.id))).toHaveLength(0);
    expect((await call(null, 'POST', '/api/settle/application', form(lic))).status).toBe(401);
  });
});

describe('an application\'s life', () => {
  it('待审核 → 已驳回 with a reason → resubmitted → 已通过: store, role, notices, audit', async () => {
    const m = await makeMember(t, { email: 'applicant@example.com' });
    const lic = await licenceOf(m);
    const f = form(lic, { companyName: '上海精测仪器有限公司', creditCode: '9144030071526726XG' });
    const sent = await call(m, 'POST', '/api/settle/application', f);
    expect(sent.body).toMatchObject({ code: 200, msg: '入驻申请已提交，请等待平台审核', data: { status: 'pending', companyName: '上海精测仪器有限公司' } });
    const id = sent.body.data.id as number;

    // One open application per member.
    const twice = await call(m, 'POST', '/api/settle/application', f);
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe('您的入驻申请正在审核中，请耐心等待审核结果');

    // The queue: pending first, searchable, with the licence.
    const q = await call(admin, 'GET', '/api/admin/settle-applications?keyword=精测');
    expect(q.body.data.total).toBe(1);
    expect(q.body.data.items[0]).toMatchObject({ id, status: 'pending', memberId: m.id, licence: { id: lic, mime: 'image/png' } });
    expect((await call(m, 'GET', '/api/admin/settle-applications')).status).toBe(403);

    // Reject needs a reason.
    const noReason = await call(admin, 'PUT', `/api/admin/settle-applications/${id}`, { decision: 'reject', version: 1 });
    expect(noReason.body.msg).toContain('驳回时请填写驳回原因');
    const rej = await call(admin, 'PUT', `/api/admin/settle-applications/${id}`, { decision: 'reject', note: '营业执照不清晰，请重新上传', version: 1 });
    expect(rej.body).toMatchObject({ code: 200, msg: '已驳回，已通知申请人' });
    const seen = await call(m, 'GET', '/api/settle/application');
    expect(seen.body.data).toMatchObject({ hasStore: false, application: { status: 'rejected', reviewNote: '营业执照不清晰，请重新上传', version: 2 } });
    expect((await call(admin, 'PUT', `/api/admin/settle-applications/${id}`, { decision: 'approve', version: 2 })).body.msg).toBe('该申请已驳回，不能重复审核');
    expect(t.outbox('email').filter((e) => e.to === 'applicant@example.com').map((e) => (e as { subject?: string }).subject)).toEqual(['【仪采通】入驻申请已提交', '【仪采通】供应商入驻审核未通过']);

    // Resubmitted with a new licence; the history keeps the rejection.
    const lic2 = await licenceOf(m);
    const again = await call(m, 'POST', '/api/settle/application', { ...f, licenceUploadId: lic2, version: 2 });
    expect(again.body.data).toMatchObject({ id, status: 'pending', licence: { id: lic2 }, version: 3 });
    expect(again.body.data.history.map((h: { toState: string }) => h.toState)).toEqual(['pending', 'rejected', 'pending']);
    expect(again.body.data.history[1].note).toBe('营业执照不清晰，请重新上传');

    // A stale version is refused; the right one approves and opens the store.
    expect((await call(admin, 'PUT', `/api/admin/settle-applications/${id}`, { decision: 'approve', version: 2 })).status).toBe(409);
    const ok = await call(admin, 'PUT', `/api/admin/settle-applications/${id}`, { decision: 'approve', version: 3 });
    expect(ok.body.code).toBe(200);
    const storeUid = ok.body.data.storeUid as string;
    expect(storeUid).toMatch(/^s\d{4}$/);
    const [s] = await t.database.db.select().from(suppliers).where(eq(suppliers.memberId, m.id));
    expect(s).toMatchObject({ companyName: '上海精测仪器有限公司', creditCode: f.creditCode, province: '上海市', city: '上海市', address: '浦东新区张江路100号', contactName: '王经理', contactPhone: '13800138000', contactEmail: 'wang@example.com', status: 'approved', kind: 'distributor' });
    const [store] = await t.database.db.select().from(stores).where(eq(stores.supplierId, s!.id));
    expect(store).toMatchObject({ uid: storeUid, theme: 1 });
    const [row] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(row!.roles).toContain('supplier');
    // The same session now reaches the supplier back office.
    expect((await call(m, 'GET', '/api/supplier/overview')).status).toBe(200);
    expect((await call(m, 'GET', '/api/settle/application')).body.data).toMatchObject({ hasStore: true, application: { status: 'approved' } });
    expect((await call(m, 'POST', '/api/settle/application', f)).body.msg).toBe('您已开通供应商店铺，无需再申请入驻');

    const titles = (await t.database.db.select().from(notices).where(eq(notices.memberId, m.id))).map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['入驻申请已提交', '供应商入驻审核未通过', '供应商入驻审核已通过']));
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, id)));
    expect(audit.map((a) => [a.fromState, a.toState, a.actorId])).toEqual([
      [null, 'pending', m.id],
      ['pending', 'rejected', admin.id],
      ['rejected', 'pending', m.id],
      ['pending', 'approved', admin.id],
    ]);
  });

  it('refuses a second store for one 统一社会信用代码', async () => {
    const a = await makeMember(t);
    const b = await makeMember(t);
    const code = '91440300708461136T';
    const first = await call(a, 'POST', '/api/settle/application', form(await licenceOf(a), { creditCode: code }));
    expect(first.body.code).toBe(200);
    // Another member applying with the same code while it waits …
    const parallel = await call(b, 'POST', '/api/settle/application', form(await licenceOf(b), { creditCode: code }));
    expect(parallel.status).toBe(409);
    expect(parallel.body.msg).toBe('该统一社会信用代码已有入驻申请正在审核中');
    expect((await call(admin, 'PUT', `/api/admin/settle-applications/${first.body.data.id}`, { decision: 'approve', version: 1 })).body.code).toBe(200);
    // … and after the store opened.
    const after = await call(b, 'POST', '/api/settle/application', form(await licenceOf(b), { creditCode: ' 9144 0300 7084 6113 6t ' }));
    expect(after.status).toBe(409);
    expect(after.body.msg).toBe('该统一社会信用代码已开通店铺，一个企业只能开通一个店铺');
  });

  it('refuses a company name in use when the member applies, not only at approval: spaces and full-width letters do not make it another', async () => {
    /** A valid code of its own for each application (91310000 + a number + the check character). */
    const code = (n: number) => {
      const first17 = `91310000MA${String(n).padStart(7, '0')}`;
      return first17 + creditCodeCheckChar(first17)!;
    };
    const supplier = await makeMember(t, { roles: ['member', 'supplier'], supplier: { companyName: '中科仪达ABC科技有限公司' } });
    await t.database.db.update(stores).set({ name: '中科仪达官方店铺' }).where(eq(stores.supplierId, supplier.supplierId!));
    const m = await makeMember(t);
    const licence = await licenceOf(m);
    for (const [n, companyName] of [
      [1, '中科仪达 ABC 科技有限公司'],
      [2, '中科仪达ＡＢＣ科技有限公司'],
      [3, '中科仪达abc科技有限公司　'],
      [4, '中科仪达 官方店铺'], // the store approval would open under this name is taken
    ] as const) {
      const r = await call(m, 'POST', '/api/settle/application', form(licence, { companyName, creditCode: code(n) }));
      expect([r.status, r.body.msg], companyName).toEqual([409, `公司名称「${companyName.trim()}」已被其他企业使用，请核对后重新填写`]);
    }
    // another member's application waiting for review under the name, spaced differently
    const first = await call(m, 'POST', '/api/settle/application', form(licence, { companyName: '等待审核 仪器有限公司', creditCode: code(5) }));
    expect(first.body.code).toBe(200);
    const n = await makeMember(t);
    const second = await call(n, 'POST', '/api/settle/application', form(await licenceOf(n), { companyName: '等待审核仪器有限公司', creditCode: code(6) }));
    expect([second.status, second.body.msg]).toEqual([409, '公司名称「等待审核仪器有限公司」已有入驻申请正在审核中，请核对后重新填写']);
    // A name taken while the application waited (the admin opened a store under it) is refused at approval.
    const other = await makeMember(t);
    expect((await call(admin, 'POST', '/api/admin/suppliers', { member: other.mobile, companyName: '等待审核仪器有限公司' })).body.code).toBe(200);
    const approve = await call(admin, 'PUT', `/api/admin/settle-applications/${first.body.data.id}`, { decision: 'approve', version: 1 });
    expect([approve.status, approve.body.msg]).toEqual([409, '公司名称「等待审核 仪器有限公司」已被其他企业使用，请核对后重新填写']);
  });

  it('two admins approving at once open one store', async () => {
    const m = await makeMember(t);
    const r = await call(m, 'POST', '/api/settle/application', form(await licenceOf(m), { creditCode: '91110108551385082Q' }));
    const id = r.body.data.id as number;
    const admin2 = await makeMember(t, { roles: ['member', 'admin'] });
    const both = await Promise.all([admin, admin2].map((who) => call(who, 'PUT', `/api/admin/settle-applications/${id}`, { decision: 'approve', version: 1 })));
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(suppliers).where(eq(suppliers.memberId, m.id))).toHaveLength(1);
  });
});
