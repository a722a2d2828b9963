// API tests of the member calls (SPEC §7): info, avatar, password, names, contacts, purchaser, removal.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('binds an e-mail, unique across members', async () => {
    const a = await makeMember(t);
    const b = await makeMember(t);
    const email = 'shared@example.org';
    await post('/api/resource/emailCode', a.auth, { email, purpose: 'bind' });
    expect((await put('/api/member/updateEmail', a.auth, { email, code: t.lastCode(email)! })).json()).toMatchObject({ code: 200 });
    const taken = await post('/api/resource/emailCode', b.auth, { email, purpose: 'bind' });
    expect(taken.json()).toMatchObject({ code: 409, msg: '该邮箱已被其他账号使用' });
  });
});

describe('account removal', () => {
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
