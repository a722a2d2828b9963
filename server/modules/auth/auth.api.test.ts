// API tests of login, codes, registration, recovery and logout through app.inject on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { MAX_ADDRESS_FAILURES, MAX_LOGIN_FAILURES } from './auth.service.js';

let t: TTestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url: '/auth/member/login', payload: payload as object, remoteAddress: ip });
const smsCode = (phonenumber: string, purpose?: string, ip = '10.0.0.2') =>
  t.app.inject({ method: 'GET', url: '/resource/sms/code', query: purpose ? { phonenumber, purpose } : { phonenumber }, remoteAddress: ip });

describe('system', () => {
  it('answers health with code 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200 });
  });
  it('answers an unknown /api path with HTTP 404 and the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: expect.any(String) });
  });
  it('serves the OpenAPI document with the member calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/auth/member/login', '/api/member/getInfo', '/api/member/toPurchaser', '/api/member/remove', '/resource/sms/code']) expect(doc.paths).toHaveProperty(p);
  });
  it('sets a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('password login', () => {
  it('logs in by mobile, e-mail and account name and never returns the hash', async () => {
    const m = await makeMember(t, { uname: 'alice2026', email: 'Alice@Example.com' });
    for (const id of [m.mobile, 'alice@example.com', 'ALICE2026']) {
      const res = await login({ loginType: 'password', phoneOrEmail: id, password: m.password });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { code: number; msg: string; data: { access_token: string } };
      expect(body.code).toBe(200);
      expect(body.data.access_token.length).toBeGreaterThan(20);
      const info = await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: { authorization: `Bearer ${body.data.access_token}` } });
      expect(info.json()).toMatchObject({ code: 200, data: { id: m.id, uname: 'alice2026', email: 'alice@example.com' } });
      expect(info.body).not.toMatch(/argon2|passwordHash/i);
    }
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const m = await makeMember(t);
    const wrong = await login({ loginType: 'password', phoneOrEmail: m.mobile, password: 'wrong-pass' }, '10.1.0.1');
    const unknown = await login({ loginType: 'password', phoneOrEmail: 'nobody123', password: 'wrong-pass' }, '10.1.0.2');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    const answer = (r: typeof wrong) => ({ code: r.json().code as number, msg: r.json().msg as string });
    expect(answer(wrong)).toEqual(answer(unknown));
  });

  it('rejects malformed bodies with 400 and a Chinese message', async () => {
    const bad = await login({ loginType: 'password', phoneOrEmail: '', password: '' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { msg: string }).msg).toBe('手机号、邮箱地址或账号名不能为空');
    const junk = await t.app.inject({ method: 'POST', url: '/auth/member/login', payload: '{not json', headers: { 'content-type': 'application/json' } });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ code: 400 });
    const type = await login({ loginType: 'magic' });
    expect(type.statusCode).toBe(400);
  });

  it('throttles an account after 5 failures in 15 minutes with 429, even with the right password', async () => {
    const m = await makeMember(t);
    for (let i = 0; i < 5; i++) {
      const r = await login({ loginType: 'password', phoneOrEmail: m.mobile, password: 'bad-password' }, `10.2.0.${i}`);
      expect(r.statusCode).toBe(400);
    }
    const locked = await login({ loginType: 'password', phoneOrEmail: m.mobile, password: m.password }, '10.2.1.1');
    expect(locked.statusCode).toBe(429);
    expect((locked.json() as { msg: string }).msg).toBe('登录失败次数过多，请15分钟后再试');
  });

  it('counts failures per account, whichever of mobile, e-mail or account name is typed', async () => {
    const m = await makeMember(t, { uname: 'rotating01', email: 'rotating@example.com' });
    const ids = [m.mobile, 'rotating@example.com', 'ROTATING01'];
    for (let i = 0; i < 5; i++) {
      const r = await login({ loginType: 'password', phoneOrEmail: ids[i % 3], password: 'bad-password' }, `10.2.2.${i}`);
      expect(r.json()).toMatchObject({ code: 400, msg: '账号或密码错误' });
    }
    for (const [i, id] of ids.entries()) {
      const locked = await login({ loginType: 'password', phoneOrEmail: id, password: m.password }, `10.2.3.${i}`);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 429, msg: '登录失败次数过多，请15分钟后再试' });
    }
  });

  it('locks an unknown identifier after 5 failures with the same answers as a real account', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login({ loginType: 'password', phoneOrEmail: 'nobody2026', password: 'bad-password' }, `10.2.4.${i}`)).json()).toMatchObject({ code: 400, msg: '账号或密码错误' });
    }
    expect((await login({ loginType: 'password', phoneOrEmail: 'NOBODY2026', password: 'bad-password' }, '10.2.5.1')).json()).toMatchObject({
      code: 429,
      msg: '登录失败次数过多，请15分钟后再试',
    });
  });

  it(`throttles an address after ${MAX_ADDRESS_FAILURES} failures across accounts, IPv6 by its /64`, async () => {
    const m = await makeMember(t);
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) {
      // each from another address of one IPv6 /64
      const r = await login({ loginType: 'password', phoneOrEmail: `ghost${i}abc`, password: 'bad-password' }, `2001:db8:3:4::${(i + 1).toString(16)}`);
      expect(r.statusCode).toBe(400);
    }
    const res = await login({ loginType: 'password', phoneOrEmail: m.mobile, password: m.password }, '2001:db8:3:4:ffff::1');
    expect(res.json()).toMatchObject({ code: 429, msg: '登录失败次数过多，请15分钟后再试' });
    // the next /64 is another network
    expect((await login({ loginType: 'password', phoneOrEmail: m.mobile, password: m.password }, '2001:db8:3:5::1')).statusCode).toBe(200);
  });

  it("does not lock an office behind one NAT address out because of one member's typos", async () => {
    const [typist, colleague] = [await makeMember(t), await makeMember(t)];
    const office = '10.3.1.1';
    for (let i = 0; i < 5; i++) expect((await login({ loginType: 'password', phoneOrEmail: typist.mobile, password: 'bad-password' }, office)).statusCode).toBe(400);
    expect((await login({ loginType: 'password', phoneOrEmail: typist.mobile, password: typist.password }, office)).statusCode).toBe(429);
    expect((await login({ loginType: 'password', phoneOrEmail: colleague.mobile, password: colleague.password }, office)).statusCode).toBe(200);
  });

  it('evaluates at most 5 of 50 parallel wrong passwords for one account; the rest answer 429', async () => {
    const m = await makeMember(t);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login({ loginType: 'password', phoneOrEmail: m.mobile, password: `wrong-${i}` }, `10.3.2.${i}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(MAX_LOGIN_FAILURES);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - MAX_LOGIN_FAILURES);
    expect((await login({ loginType: 'password', phoneOrEmail: m.mobile, password: m.password }, '10.3.3.1')).statusCode).toBe(429);
  });
});

describe('sms codes and sms login', () => {
  it('rejects an invalid mobile with 请输入有效的手机号', async () => {
    const res = await smsCode('12345');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '请输入有效的手机号' });
  });

  it('sends a 4-digit code to the outbox and logs in (registering a new mobile)', async () => {
    const mobile = '13712345601';
    const res = await smsCode(mobile);
    expect(res.json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    const entry = t.outbox('sms').find((m) => m.to === mobile)!;
    expect(entry.code).toMatch(/^\d{4}$/);
    expect(entry).toMatchObject({ purpose: 'login', at: expect.any(String) });
    const ok = await login({ loginType: 'sms', mobile, verify: entry.code });
    expect(ok.json()).toMatchObject({ code: 200 });
    // single use
    const again = await login({ loginType: 'sms', mobile, verify: entry.code });
    expect(again.statusCode).toBe(400);
  });

  it('allows one code per mobile per 60 s', async () => {
    const mobile = '13712345602';
    expect((await smsCode(mobile)).statusCode).toBe(200);
    const second = await smsCode(mobile);
    expect(second.statusCode).toBe(429);
    expect((second.json() as { msg: string }).msg).toMatch(/秒后再试/);
  });

  it('stops a code after 5 wrong tries', async () => {
    const mobile = '13712345603';
    await smsCode(mobile);
    const code = t.lastCode(mobile)!;
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++) expect((await login({ loginType: 'sms', mobile, verify: wrong })).statusCode).toBe(400);
    const right = await login({ loginType: 'sms', mobile, verify: code });
    expect(right.statusCode).toBe(400);
    expect((right.json() as { msg: string }).msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('caps codes per IP per day', async () => {
    const ip = '10.9.9.9';
    let last = 0;
    for (let i = 0; i < 51; i++) last = (await smsCode(`1361000${String(i).padStart(4, '0')}`, undefined, ip)).statusCode;
    expect(last).toBe(429);
  });
});

describe('logout and revocation', () => {
  it('revokes the token on logout', async () => {
    const m = await makeMember(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: m.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/auth/member/logout', headers: m.auth })).json()).toMatchObject({ code: 200 });
    const after = await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: m.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 401 });
  });
  it('answers 401 without a token or with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: { authorization: 'Bearer forged-token-value-123456' } })).statusCode).toBe(401);
  });
});

describe('registration and recovery', () => {
  it('registers by mobile in two steps and logs in', async () => {
    const mobile = '13712345610';
    expect((await smsCode(mobile, 'register')).statusCode).toBe(200);
    const noAgree = await t.app.inject({ method: 'POST', url: '/auth/member/register/verify', payload: { contactType: 'Phone', mobile, code: t.lastCode(mobile), agree: false } });
    expect(noAgree.json()).toMatchObject({ code: 400, msg: '请勾选用户协议' });
    const step1 = await t.app.inject({ method: 'POST', url: '/auth/member/register/verify', payload: { contactType: 'Phone', mobile, code: t.lastCode(mobile), agree: true } });
    const ticket = (step1.json() as { data: { ticket: string } }).data.ticket;
    const mismatch = await t.app.inject({ method: 'POST', url: '/auth/member/register', payload: { ticket, password: 'abcdefgh', confirmPassword: 'abcdefgx' } });
    expect(mismatch.json()).toMatchObject({ code: 400, msg: '两次密码不一致' });
    const step2 = await t.app.inject({ method: 'POST', url: '/auth/member/register', payload: { ticket, password: 'abcdefgh', confirmPassword: 'abcdefgh' } });
    expect(step2.json()).toMatchObject({ code: 200, data: { access_token: expect.any(String) } });
    const relogin = await login({ loginType: 'password', phoneOrEmail: mobile, password: 'abcdefgh' });
    expect(relogin.statusCode).toBe(200);
    // the ticket is single use; the mobile is now taken, which only the verified code reveals
    expect((await t.app.inject({ method: 'POST', url: '/auth/member/register', payload: { ticket, password: 'abcdefgh', confirmPassword: 'abcdefgh' } })).statusCode).toBe(400);
  });

  it('registers by e-mail', async () => {
    const email = 'new.user@example.com';
    const send = await t.app.inject({ method: 'POST', url: '/api/resource/emailCode', payload: { email, purpose: 'register' } });
    expect(send.json()).toMatchObject({ code: 200 });
    const code = t.outbox('email').find((m) => m.to === email)!.code;
    const step1 = await t.app.inject({ method: 'POST', url: '/auth/member/register/verify', payload: { contactType: 'Email', email, code, agree: true } });
    const ticket = (step1.json() as { data: { ticket: string } }).data.ticket;
    const step2 = await t.app.inject({ method: 'POST', url: '/auth/member/register', payload: { ticket, password: 'secret-123', confirmPassword: 'secret-123' } });
    expect(step2.statusCode).toBe(200);
  });

  it('resets a password, revoking every session', async () => {
    const m = await makeMember(t);
    await smsCode(m.mobile, 'reset', '10.5.0.1');
    const step1 = await t.app.inject({ method: 'POST', url: '/auth/member/reset/verify', payload: { contactType: 'Phone', mobile: m.mobile, code: t.lastCode(m.mobile) } });
    const ticket = (step1.json() as { data: { ticket: string } }).data.ticket;
    const step2 = await t.app.inject({ method: 'POST', url: '/auth/member/reset', payload: { ticket, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' } });
    expect(step2.json()).toMatchObject({ code: 200 });
    expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: m.auth })).statusCode).toBe(401);
    expect((await login({ loginType: 'password', phoneOrEmail: m.mobile, password: 'brand-new-pass' }, '10.5.0.2')).statusCode).toBe(200);
  });

  it('says an unregistered mobile has no account only after its reset code was verified', async () => {
    const mobile = '13712345699';
    expect((await smsCode(mobile, 'reset', '10.6.0.1')).json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    const step1 = await t.app.inject({ method: 'POST', url: '/auth/member/reset/verify', payload: { contactType: 'Phone', mobile, code: t.lastCode(mobile) }, remoteAddress: '10.6.0.1' });
    expect(step1.statusCode).toBe(404);
    expect(step1.json()).toMatchObject({ code: 404, msg: '该手机号未注册' });
  });
});
