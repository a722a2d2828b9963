// API tests of the member calls (SPEC §7): info, avatar, password, names, contacts, purchaser, removal.
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demands, feedback, inquiries, members, products, sessions, stores, suppliers, throttleCounters } from '../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

type TAuth = { authorization: string };
const info = async (auth: TAuth) => (await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: auth })).json() as { code: number; data: Record<string, unknown> };
const put = (url: string, auth: TAuth, payload: object) => t.app.inject({ method: 'PUT', url, headers: auth, payload });
const post = (url: string, auth: TAuth, payload: object) => t.app.inject({ method: 'POST', url, headers: auth, payload });

function multipart(auth: TAuth, field: string, filename: string, content: Buffer, type: string) {
  const boundary = '----yctboundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('every member call needs a session', () => {
  it.each([
    ['GET', '/api/member/getInfo'],
    ['PUT', '/api/member/updatePwd'],
    ['PUT', '/api/member/updateUname'],
    ['PUT', '/api/member/updateRname'],
    ['POST', '/api/member/validSmsCode'],
    ['PUT', '/api/member/updateMobile'],
    ['PUT', '/api/member/toPurchaser'],
    ['POST', '/api/member/avatar'],
  ])('%s %s answers 401 to a visitor', async (method, url) => {
    const body = method === 'GET' ? undefined : url.includes('Pwd') ? { password: 'abcdefgh', confirmPassword: 'abcdefgh' } : url.includes('Uname') ? { uname: 'validname1' } : url.includes('Rname') ? { realName: '张三' } : url.includes('valid') ? { code: '1234' } : url.includes('Mobile') ? { mobile: '13912345678', code: '1234' } : url.includes('Purchaser') ? { companyName: '某某大学' } : undefined;
    const res = await t.app.inject({ method: method as 'GET', url, payload: body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, msg: '登录状态已过期，请重新登录' });
  });
  it('DELETE /api/member/remove answers 401 to a visitor', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/member/remove', query: { channel: 'sms', code: '1234' } })).statusCode).toBe(401);
  });
});

describe('profile changes', () => {
  it('changes the password and revokes the other sessions but not this one', async () => {
    const m = await makeMember(t);
    const other = await t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'password', phoneOrEmail: m.mobile, password: m.password } });
    const otherAuth = { authorization: `Bearer ${(other.json() as { data: { access_token: string } }).data.access_token}` };
    const wrongOld = await put('/api/member/updatePwd', m.auth, { oldPassword: 'nope-nope', password: 'newpass123', confirmPassword: 'newpass123' });
    expect(wrongOld.json()).toMatchObject({ code: 400, msg: '原密码错误' });
    const short = await put('/api/member/updatePwd', m.auth, { oldPassword: m.password, password: 'short', confirmPassword: 'short' });
    expect(short.json()).toMatchObject({ code: 400, msg: '密码至少需要8个字符' });
    const ok = await put('/api/member/updatePwd', m.auth, { oldPassword: m.password, password: 'newpass123', confirmPassword: 'newpass123' });
    expect(ok.json()).toMatchObject({ code: 200 });
    expect((await info(m.auth)).code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: otherAuth })).statusCode).toBe(401);
  });

  it('sets a unique account name by the §5 rule', async () => {
    const a = await makeMember(t);
    const b = await makeMember(t);
    expect((await put('/api/member/updateUname', a.auth, { uname: '1abcdef' })).json()).toMatchObject({ code: 400 });
    expect((await put('/api/member/updateUname', a.auth, { uname: 'abc' })).statusCode).toBe(400);
    expect((await put('/api/member/updateUname', a.auth, { uname: 'labUser01' })).json()).toMatchObject({ code: 200 });
    expect((await put('/api/member/updateUname', b.auth, { uname: 'LABUSER01' })).json()).toMatchObject({ code: 409, msg: '该账号名已被使用' });
    expect((await info(a.auth)).data.uname).toBe('labUser01');
  });

  it('sets the real name and refuses symbols', async () => {
    const m = await makeMember(t);
    expect((await put('/api/member/updateRname', m.auth, { realName: '<script>' })).statusCode).toBe(400);
    expect((await put('/api/member/updateRname', m.auth, { realName: '王小明' })).statusCode).toBe(200);
    expect((await info(m.auth)).data.realName).toBe('王小明');
  });

  it('upgrades a member to purchaser with a company name', async () => {
    const m = await makeMember(t);
    expect((await put('/api/member/toPurchaser', m.auth, { companyName: '' })).json()).toMatchObject({ code: 400 });
    expect((await put('/api/member/toPurchaser', m.auth, { companyName: '复旦大学化学系' })).json()).toMatchObject({ code: 200, msg: '已成为采购商' });
    const data = (await info(m.auth)).data;
    expect(data.roles).toContain('purchaser');
    expect(data.companyName).toBe('复旦大学化学系');
  });

  it('uploads an avatar checked by content, resized to 256×256 webp', async () => {
    const m = await makeMember(t);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366ff' } }).png().toBuffer();
    const res = await t.app.inject({ method: 'POST', url: '/api/member/avatar', ...multipart(m.auth, 'avatarfile', 'me.png', png, 'image/png') });
    expect(res.json()).toMatchObject({ code: 200 });
    const url = (res.json() as { data: { avatar: string } }).data.avatar;
    expect((await info(m.auth)).data.avatar).toBe(url);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
  });

  it('refuses a non-image disguised as a PNG', async () => {
    const m = await makeMember(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/member/avatar', ...multipart(m.auth, 'avatarfile', 'evil.png', Buffer.from('<?php echo 1; ?>'), 'image/png') });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, msg: '头像图片格式不支持' });
  });

  it('refuses an avatar over 2 MB', async () => {
    const m = await makeMember(t);
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1);
    const res = await t.app.inject({ method: 'POST', url: '/api/member/avatar', ...multipart(m.auth, 'avatarfile', 'big.png', big, 'image/png') });
    expect(res.statusCode).toBe(413);
  });
});

describe('changing contacts with codes', () => {
  it('changes the mobile after verifying the current one', async () => {
    const m = await makeMember(t);
    const newMobile = '13755550001';
    // without verifying the current mobile first
    await post('/api/resource/smsCode', m.auth, { mobile: newMobile, purpose: 'bind' });
    expect((await put('/api/member/updateMobile', m.auth, { mobile: newMobile, code: t.lastCode(newMobile)! })).json()).toMatchObject({ code: 400, msg: '请先验证当前手机号' });
    expect((await post('/api/resource/smsCode', m.auth, { purpose: 'verify' })).json()).toMatchObject({ code: 200 });
    const valid = await post('/api/member/validSmsCode', m.auth, { code: t.lastCode(m.mobile)! });
    const ticket = (valid.json() as { data: { ticket: string } }).data.ticket;
    expect(ticket).toBeTruthy();
    const res = await put('/api/member/updateMobile', m.auth, { mobile: newMobile, code: t.lastCode(newMobile)!, ticket });
    expect(res.json()).toMatchObject({ code: 200 });
    expect((await info(m.auth)).data.mobile).toBe(newMobile);
  });

  it('keeps the ticket of the current mobile when the new code is mistyped', async () => {
    const m = await makeMember(t);
    const newMobile = '13755550002';
    await post('/api/resource/smsCode', m.auth, { purpose: 'verify' });
    const ticket = ((await post('/api/member/validSmsCode', m.auth, { code: t.lastCode(m.mobile)! })).json() as { data: { ticket: string } }).data.ticket;
    await post('/api/resource/smsCode', m.auth, { mobile: newMobile, purpose: 'bind' });
    const code = t.lastCode(newMobile)!;
    const wrong = code === '0000' ? '1111' : '0000';
    expect((await put('/api/member/updateMobile', m.auth, { mobile: newMobile, code: wrong, ticket })).json()).toMatchObject({ code: 400, msg: '验证码错误，还可尝试4次' });
    expect((await put('/api/member/updateMobile', m.auth, { mobile: newMobile, code, ticket })).json()).toMatchObject({ code: 200, msg: '手机号已更换' });
    expect((await info(m.auth)).data.mobile).toBe(newMobile);
    // the ticket was used up by the change
    await post('/api/resource/smsCode', m.auth, { mobile: '13755550003', purpose: 'bind' });
    expect((await put('/api/member/updateMobile', m.auth, { mobile: '13755550003', code: t.lastCode('13755550003')!, ticket })).json()).toMatchObject({
      code: 400,
      msg: '验证已过期，请重新验证',
    });
  });

  it('keeps the ticket of the current e-mail when the new code is mistyped', async () => {
    const m = await makeMember(t, { email: 'before.change@example.com' });
    const email = 'after.change@example.com';
    await post('/api/resource/emailCode', m.auth, { purpose: 'verify' });
    const ticket = ((await post('/api/member/validEmailCode', m.auth, { code: t.lastCode('before.change@example.com')! })).json() as { data: { ticket: string } }).data.ticket;
    await post('/api/resource/emailCode', m.auth, { email, purpose: 'bind' });
    const code = t.lastCode(email)!;
    expect((await put('/api/member/updateEmail', m.auth, { email, code: code === '0000' ? '1111' : '0000', ticket })).json()).toMatchObject({ code: 400 });
    expect((await put('/api/member/updateEmail', m.auth, { email, code, ticket })).json()).toMatchObject({ code: 200, msg: '邮箱已更换' });
    expect((await info(m.auth)).data.email).toBe(email);
  });

  it('binds an e-mail, unique across members, saying so only after the code was verified', async () => {
    const a = await makeMember(t);
    const b = await makeMember(t);
    const email = 'shared@example.org';
    await post('/api/resource/emailCode', a.auth, { email, purpose: 'bind' });
    expect((await put('/api/member/updateEmail', a.auth, { email, code: t.lastCode(email)! })).json()).toMatchObject({ code: 200 });
    await t.database.db.update(throttleCounters).set({ expiresAt: sql`now()` }).where(eq(throttleCounters.bucket, `code-resend:email:${email}`));
    // asking for a code tells nothing (no enumeration of contacts)
    expect((await post('/api/resource/emailCode', b.auth, { email, purpose: 'bind' })).json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    const wrong = t.lastCode(email) === '0000' ? '1111' : '0000';
    expect((await put('/api/member/updateEmail', b.auth, { email, code: wrong })).json()).toMatchObject({ code: 400, msg: '验证码错误，还可尝试4次' });
    expect((await put('/api/member/updateEmail', b.auth, { email, code: t.lastCode(email)! })).json()).toMatchObject({ code: 409, msg: '该邮箱已被其他账号使用' });
  });

  it('signs out every other session of the member when the mobile or e-mail changes', async () => {
    const m = await makeMember(t);
    const other = await t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'password', phoneOrEmail: m.mobile, password: m.password }, remoteAddress: '10.79.0.1' });
    const otherAuth = { authorization: `Bearer ${(other.json() as { data: { access_token: string } }).data.access_token}` };
    await post('/api/resource/smsCode', m.auth, { purpose: 'verify' });
    const ticket = ((await post('/api/member/validSmsCode', m.auth, { code: t.lastCode(m.mobile)! })).json() as { data: { ticket: string } }).data.ticket;
    const newMobile = '13755550009';
    await post('/api/resource/smsCode', m.auth, { mobile: newMobile, purpose: 'bind' });
    expect((await put('/api/member/updateMobile', m.auth, { mobile: newMobile, code: t.lastCode(newMobile)!, ticket })).json()).toMatchObject({ code: 200 });
    expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: otherAuth })).statusCode).toBe(401);
    expect((await info(m.auth)).data.mobile).toBe(newMobile);
    // binding an e-mail for the first time does the same
    const again = await t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'password', phoneOrEmail: newMobile, password: m.password }, remoteAddress: '10.79.0.2' });
    const againAuth = { authorization: `Bearer ${(again.json() as { data: { access_token: string } }).data.access_token}` };
    await post('/api/resource/emailCode', m.auth, { email: 'signout.others@example.com', purpose: 'bind' });
    expect((await put('/api/member/updateEmail', m.auth, { email: 'signout.others@example.com', code: t.lastCode('signout.others@example.com')! })).json()).toMatchObject({ code: 200 });
    expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: againAuth })).statusCode).toBe(401);
    expect((await info(m.auth)).code).toBe(200);
  });
});

describe('account removal', () => {
  it("closes a supplier's store: off the public site, goods off sale, the contact copied from the member cleared", async () => {
    const m = await makeMember(t, { email: 'leaving.supplier@example.com', supplier: { companyName: '即将注销仪器有限公司' } });
    const db = t.database.db;
    await db.update(suppliers).set({ contactName: '王经理', contactPhone: m.mobile, contactEmail: 'leaving.supplier@example.com' }).where(eq(suppliers.id, m.supplierId!));
    const [store] = await db.select().from(stores).where(eq(stores.supplierId, m.supplierId!));
    const [goods] = await db.insert(products).values({ supplierId: m.supplierId!, categoryId: 1, name: '注销前在售的离心机', model: 'TX-1', price: '9800' }).returning();
    expect((await t.app.inject({ method: 'GET', url: `/api/stores/${store!.uid}` })).statusCode).toBe(200);
    await post('/api/resource/smsCode', m.auth, { purpose: 'remove' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/member/remove', headers: m.auth, query: { channel: 'sms', code: t.lastCode(m.mobile)! } })).json()).toMatchObject({ code: 200 });
    const [s] = await db.select().from(suppliers).where(eq(suppliers.id, m.supplierId!));
    expect(s).toMatchObject({ status: 'closed', contactName: null, contactPhone: null, contactEmail: null });
    expect((await db.select().from(products).where(eq(products.id, goods!.id)))[0]!.status).toBe('off_shelf');
    expect((await t.app.inject({ method: 'GET', url: `/api/stores/${store!.uid}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${goods!.id}` })).statusCode).toBe(404);
  });

  it('anonymises what the marketplace keeps, deletes the avatar file and revokes every token', async () => {
    const m = await makeMember(t, { email: 'leaving@example.com' });
    const other = await t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'password', phoneOrEmail: m.mobile, password: m.password }, remoteAddress: '10.78.0.1' });
    const otherAuth = { authorization: `Bearer ${(other.json() as { data: { access_token: string } }).data.access_token}` };
    expect((await put('/api/member/toPurchaser', m.auth, { companyName: '某某研究所' })).statusCode).toBe(200);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff6633' } }).png().toBuffer();
    const avatar = ((await t.app.inject({ method: 'POST', url: '/api/member/avatar', ...multipart(m.auth, 'avatarfile', 'me.png', png, 'image/png') })).json() as { data: { avatar: string } }).data.avatar;
    const avatarFile = path.join(t.dataDir, 'uploads', avatar.slice('/uploads/'.length));
    expect(fs.existsSync(avatarFile)).toBe(true);
    const db = t.database.db;
    const [demand] = await db
      .insert(demands)
      .values({ purchaserId: m.id, title: '采购气相色谱仪', quantity: 1, quoteDeadline: new Date(Date.now() + 86400_000), contactName: '张老师', contactPhone: m.mobile, companyName: '某某研究所' })
      .returning();
    const [inquiry] = await db.insert(inquiries).values({ memberId: m.id, subject: '液相色谱仪报价', contactName: '张老师', contactPhone: m.mobile }).returning();
    const [note] = await db.insert(feedback).values({ memberId: m.id, kind: 'suggestion', content: '希望增加比价导出', contact: 'leaving@example.com' }).returning();
    // someone else's records stay as they are
    const [othersInquiry] = await db.insert(inquiries).values({ subject: '别人的询价', contactName: '李工', contactPhone: '13600000000' }).returning();

    await post('/api/resource/emailCode', m.auth, { purpose: 'remove' });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/member/remove', headers: m.auth, query: { channel: 'email', code: t.lastCode('leaving@example.com')! } });
    expect(res.json()).toMatchObject({ code: 200, msg: '账号已注销' });

    const [row] = await db.select().from(members).where(eq(members.id, m.id));
    expect(row).toMatchObject({ companyName: null, roles: [], mobile: null, email: null, avatar: null, passwordHash: null, status: 'deleted' });
    expect((await db.select().from(demands).where(eq(demands.id, demand!.id)))[0]).toMatchObject({ contactName: null, contactPhone: null, title: '采购气相色谱仪' });
    expect((await db.select().from(inquiries).where(eq(inquiries.id, inquiry!.id)))[0]).toMatchObject({ contactName: null, contactPhone: null, subject: '液相色谱仪报价' });
    expect((await db.select().from(feedback).where(eq(feedback.id, note!.id)))[0]).toMatchObject({ contact: null, content: '希望增加比价导出' });
    expect((await db.select().from(inquiries).where(eq(inquiries.id, othersInquiry!.id)))[0]).toMatchObject({ contactName: '李工', contactPhone: '13600000000' });
    expect(fs.existsSync(avatarFile)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
    for (const auth of [m.auth, otherAuth]) expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: auth })).statusCode).toBe(401);
    expect((await db.select().from(sessions).where(and(eq(sessions.memberId, m.id), isNull(sessions.revokedAt))))).toEqual([]);
  });

  it('deletes the account after a code, revokes tokens and frees the mobile', async () => {
    const m = await makeMember(t, { uname: 'goneUser01' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/member/remove', headers: m.auth, query: { channel: 'sms', code: '0000' } })).statusCode).toBe(400);
    await post('/api/resource/smsCode', m.auth, { purpose: 'remove' });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/member/remove', headers: m.auth, query: { channel: 'sms', code: t.lastCode(m.mobile)! } });
    expect(res.json()).toMatchObject({ code: 200, msg: '账号已注销' });
    expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: m.auth })).statusCode).toBe(401);
    const relog = await t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'password', phoneOrEmail: 'goneUser01', password: m.password }, remoteAddress: '10.77.0.1' });
    expect(relog.statusCode).toBe(400);
    // the mobile can register again
    const code = await t.app.inject({ method: 'GET', url: '/resource/sms/code', query: { phonenumber: m.mobile, purpose: 'register' }, remoteAddress: '10.77.0.2' });
    expect(code.statusCode).toBe(429); // same mobile within 60 s: the resend rule still applies
  });
});

describe('password change', () => {
  it('checks at most 5 old passwords of 30 parallel guesses; the rest, and then the right one, answer 429', async () => {
    const m = await makeMember(t);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => put('/api/member/updatePwd', m.auth, { oldPassword: `guess-${i}-x`, password: 'new-pass-123', confirmPassword: 'new-pass-123' })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    expect(answers.find((r) => r.statusCode === 429)!.json()).toMatchObject({ code: 429, msg: '原密码错误次数过多，请15分钟后再试' });
    expect((await put('/api/member/updatePwd', m.auth, { oldPassword: m.password, password: 'new-pass-123', confirmPassword: 'new-pass-123' })).statusCode).toBe(429);
  });
});
