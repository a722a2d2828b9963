// Issue 11: codes and code sending hold under parallel requests, per-address and per-target limits
// on code checks, the deployment's daily SMS cap, no account enumeration, races on registration.
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleCounters, verificationCodes } from '../../db/schema.js';
import { makeMember, makeTestApp, type TTestApp } from '../../test/harness.js';
import { CHECKS_PER_ADDRESS, CHECKS_PER_TARGET, MAX_ATTEMPTS, TOO_MANY_CHECKS } from './codes.service.js';

let t: TTestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const smsCode = (phonenumber: string, purpose: string, ip: string) => t.app.inject({ method: 'GET', url: '/resource/sms/code', query: { phonenumber, purpose }, remoteAddress: ip });
const smsLogin = (mobile: string, verify: string, ip: string) => t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'sms', mobile, verify }, remoteAddress: ip });
const wrongFor = (code: string, i = 0) => {
  const n = (Number(code) + 1 + (i % 9000)) % 10000;
  return String(n === Number(code) ? (n + 1) % 10000 : n).padStart(4, '0');
};
const answer = (r: { json: () => unknown }) => {
  const { code, msg } = r.json() as { code: number; msg: string };
  return { code, msg };
};
/** Moves a target's codes and throttle windows back in time, as if `ms` had passed. */
async function age(target: string, ms: number) {
  const by = sql`${`${ms} milliseconds`}::interval`;
  await t.database.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - ${by}`, expiresAt: sql`${verificationCodes.expiresAt} - ${by}` })
    .where(eq(verificationCodes.target, target));
  await t.database.db
    .update(throttleCounters)
    .set({ expiresAt: sql`${throttleCounters.expiresAt} - ${by}` })
    .where(like(throttleCounters.bucket, `%:${target}`));
}

describe('code checks', () => {
  it('lets 200 parallel wrong guesses compare at most 5 times, then refuses the right code', async () => {
    const mobile = '13755500001';
    expect((await smsCode(mobile, 'login', '10.60.0.1')).statusCode).toBe(200);
    const code = t.lastCode(mobile)!;
    const guesses = await Promise.all(Array.from({ length: 200 }, (_, i) => smsLogin(mobile, wrongFor(code, i), `10.61.${i >> 8}.${i & 255}`)));
    expect(guesses.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
    // only the guesses that took one of the code's 5 tries were compared: 还可尝试4…1次, then 次数过多
    const compared = guesses.filter((r) => /^验证码错误，还可尝试\d次$/.test(answer(r).msg));
    expect(compared.length).toBeLessThanOrEqual(MAX_ATTEMPTS - 1);
    const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, mobile));
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
    const right = await smsLogin(mobile, code, '10.62.0.1');
    expect(right.statusCode).not.toBe(200);
    expect(right.json()).not.toHaveProperty('data.access_token');
  });

  it('burns a code after 5 wrong tries: the right code then answers 验证码错误次数过多，请重新获取', async () => {
    const mobile = '13755500002';
    await smsCode(mobile, 'login', '10.63.0.1');
    const code = t.lastCode(mobile)!;
    const left: string[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) left.push(answer(await smsLogin(mobile, wrongFor(code, i), `10.63.1.${i}`)).msg);
    expect(left).toEqual(['验证码错误，还可尝试4次', '验证码错误，还可尝试3次', '验证码错误，还可尝试2次', '验证码错误，还可尝试1次', '验证码错误次数过多，请重新获取']);
    expect(answer(await smsLogin(mobile, code, '10.63.2.1'))).toEqual({ code: 400, msg: '验证码错误次数过多，请重新获取' });
  });

  it(`limits failed code checks per address (${CHECKS_PER_ADDRESS} an hour, IPv6 by /64) across targets`, async () => {
    const targets = Array.from({ length: Math.ceil(CHECKS_PER_ADDRESS / MAX_ATTEMPTS) + 1 }, (_, i) => `1375560${String(i).padStart(4, '0')}`);
    for (const [i, m] of targets.entries()) expect((await smsCode(m, 'login', `10.64.0.${i}`)).statusCode).toBe(200);
    let n = 0;
    for (const m of targets) {
      for (let i = 0; i < MAX_ATTEMPTS && n < CHECKS_PER_ADDRESS; i++, n++) {
        expect((await smsLogin(m, wrongFor(t.lastCode(m)!, i), `2001:db8:64::${(n + 1).toString(16)}`)).statusCode).toBe(400);
      }
    }
    const last = targets.at(-1)!;
    const refused = await smsLogin(last, t.lastCode(last)!, '2001:db8:64::ffff');
    expect(refused.statusCode).toBe(429);
    expect(answer(refused)).toEqual({ code: 429, msg: TOO_MANY_CHECKS });
    // another network still gets in with the right code
    expect((await smsLogin(last, t.lastCode(last)!, '10.64.9.9')).statusCode).toBe(200);
  });

  it(`limits code checks per target (${CHECKS_PER_TARGET} an hour) from any number of addresses`, async () => {
    const mobile = '13755500003';
    let n = 0;
    while (n < CHECKS_PER_TARGET) {
      expect((await smsCode(mobile, 'login', `10.65.0.${n}`)).statusCode).toBe(200);
      const code = t.lastCode(mobile)!;
      for (let i = 0; i < MAX_ATTEMPTS && n < CHECKS_PER_TARGET; i++, n++) expect((await smsLogin(mobile, wrongFor(code, i), `10.65.1.${n}`)).statusCode).toBe(400);
      // past the 60 s resend rule, but not past the hour of checks
      await t.database.db
        .update(throttleCounters)
        .set({ expiresAt: sql`now()` })
        .where(eq(throttleCounters.bucket, `code-resend:sms:${mobile}`));
    }
    expect((await smsCode(mobile, 'login', '10.65.2.1')).statusCode).toBe(200);
    const refused = await smsLogin(mobile, t.lastCode(mobile)!, '10.65.3.1');
    expect(answer(refused)).toEqual({ code: 429, msg: TOO_MANY_CHECKS });
  });
});

describe('code sending', () => {
  it('sends exactly one message for 20 parallel requests for one number', async () => {
    const mobile = '13755500010';
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => smsCode(mobile, 'login', `10.70.0.${i}`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(19);
    expect(answers.find((r) => r.statusCode === 429)!.json()).toMatchObject({ msg: expect.stringMatching(/^验证码发送过于频繁，请\d+秒后再试$/) });
    expect(t.outbox('sms').filter((m) => m.to === mobile)).toHaveLength(1);
    expect(await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, mobile))).toHaveLength(1);
  });

  it('sends one e-mail for 20 parallel requests for one address, whatever its case', async () => {
    const email = 'Parallel.Buyer@example.com';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/resource/emailCode', payload: { email: i % 2 ? email : email.toLowerCase(), purpose: 'register' }, remoteAddress: `10.71.0.${i}` }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(t.outbox('email').filter((m) => m.to === email.toLowerCase())).toHaveLength(1);
  });

  describe('the daily SMS cap of a deployment', () => {
    let capped: TTestApp;
    beforeAll(async () => {
      capped = await makeTestApp({ SMS_DAILY_LIMIT: '3' });
    });
    afterAll(() => capped.close());

    it('stops SMS codes for every number once SMS_DAILY_LIMIT is reached, also under parallel requests', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => capped.app.inject({ method: 'GET', url: '/resource/sms/code', query: { phonenumber: `1375570000${i}`, purpose: 'login' }, remoteAddress: `10.72.0.${i}` })),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(capped.outbox('sms')).toHaveLength(3);
      const refused = answers.find((r) => r.statusCode === 429)!;
      expect(answer(refused)).toEqual({ code: 429, msg: '今日短信验证码发送量已达上限，请明天再试' });
      // e-mail is not SMS
      const mail = await capped.app.inject({ method: 'POST', url: '/api/resource/emailCode', payload: { email: 'cap@example.com', purpose: 'register' }, remoteAddress: '10.72.1.1' });
      expect(mail.statusCode).toBe(200);
    });
  });
});

describe('no account enumeration', () => {
  it('answers registration and recovery code requests the same for known and unknown contacts', async () => {
    const known = await makeMember(t, { email: 'known.member@example.com' });
    const unknownMobile = '13755500020';
    for (const purpose of ['register', 'reset']) {
      const a = await smsCode(known.mobile, purpose, `10.80.0.${purpose.length}`);
      const b = await smsCode(unknownMobile, purpose, `10.80.1.${purpose.length}`);
      expect(a.statusCode).toBe(200);
      expect(answer(a)).toEqual(answer(b));
      await age(known.mobile, 61_000);
      await age(unknownMobile, 61_000);
    }
    for (const [i, email] of ['known.member@example.com', 'unknown.member@example.com'].entries()) {
      for (const purpose of ['register', 'reset']) {
        const r = await t.app.inject({ method: 'POST', url: '/api/resource/emailCode', payload: { email, purpose }, remoteAddress: `10.80.2.${i}` });
        expect(answer(r)).toEqual({ code: 200, msg: '验证码已发送' });
        await age(email, 61_000);
      }
    }
  });

  it('answers a wrong code the same for known and unknown contacts, and tells only after the code is right', async () => {
    const known = await makeMember(t);
    const unknownMobile = '13755500021';
    const verify = (url: string, mobile: string, code: string, ip: string) =>
      t.app.inject({ method: 'POST', url, payload: { contactType: 'Phone', mobile, code, agree: true }, remoteAddress: ip });
    for (const m of [known.mobile, unknownMobile]) expect((await smsCode(m, 'register', '10.81.0.1')).statusCode).toBe(200);
    const wrongKnown = await verify('/auth/member/register/verify', known.mobile, wrongFor(t.lastCode(known.mobile)!), '10.81.1.1');
    const wrongUnknown = await verify('/auth/member/register/verify', unknownMobile, wrongFor(t.lastCode(unknownMobile)!), '10.81.1.2');
    expect(answer(wrongKnown)).toEqual(answer(wrongUnknown));
    expect(answer(wrongKnown)).toEqual({ code: 400, msg: '验证码错误，还可尝试4次' });
    const rightKnown = await verify('/auth/member/register/verify', known.mobile, t.lastCode(known.mobile)!, '10.81.1.3');
    expect(answer(rightKnown)).toEqual({ code: 409, msg: '该手机号已注册，请直接登录' });
    expect((await verify('/auth/member/register/verify', unknownMobile, t.lastCode(unknownMobile)!, '10.81.1.4')).statusCode).toBe(200);
  });

  it('applies the per-address limit before any lookup: known and unknown contacts are refused alike', async () => {
    const known = await makeMember(t);
    const ip = '10.82.0.1';
    // use up the address's daily code quota on other numbers
    for (let i = 0; i < 50; i++) await smsCode(`1375580${String(i).padStart(4, '0')}`, 'login', ip);
    const a = await smsCode(known.mobile, 'reset', ip);
    const b = await smsCode('13755500022', 'reset', ip);
    expect(a.statusCode).toBe(429);
    expect(answer(a)).toEqual(answer(b));
  });
});

describe('races on registration', () => {
  it('answers 409 with a message, not 500, when one mobile is registered twice at once', async () => {
    const mobile = '13755500030';
    const tickets: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await smsCode(mobile, 'register', `10.90.0.${i}`)).statusCode).toBe(200);
      const step1 = await t.app.inject({ method: 'POST', url: '/auth/member/register/verify', payload: { contactType: 'Phone', mobile, code: t.lastCode(mobile), agree: true }, remoteAddress: `10.90.1.${i}` });
      tickets.push((step1.json() as { data: { ticket: string } }).data.ticket);
      await age(mobile, 61_000);
    }
    const answers = await Promise.all(tickets.map((ticket) => t.app.inject({ method: 'POST', url: '/auth/member/register', payload: { ticket, password: 'abcdefgh', confirmPassword: 'abcdefgh' } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answer(answers.find((r) => r.statusCode === 409)!)).toEqual({ code: 409, msg: '该手机号已注册，请直接登录' });
  });
});

describe('a JSON content type with an empty body', () => {
  it('is accepted by calls that take no body (SPEC §7: every request sends the header)', async () => {
    const m = await makeMember(t);
    const res = await t.app.inject({ method: 'POST', url: '/auth/member/logout', headers: { ...m.auth, 'content-type': 'application/json' }, body: '' });
    expect(answer(res)).toEqual({ code: 200, msg: '已退出登录' });
    expect((await t.app.inject({ method: 'GET', url: '/api/member/getInfo', headers: m.auth })).statusCode).toBe(401);
  });

  it('still answers 400 for malformed JSON and for a call that needs a body', async () => {
    const junk = await t.app.inject({ method: 'POST', url: '/auth/member/logout', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(junk.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/auth/member/login', headers: { 'content-type': 'application/json' }, body: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 400 });
  });
});
