// API tests of code delivery: SMTP into a local sink, delivery failures that leave no code, no
// 60 s block and no used quota, the outbox refused in production, expiry and the daily cap.
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleCounters, verificationCodes } from '../../db/schema.js';
import { makeTestApp, type TTestApp } from '../../test/harness.js';
import { startSmtpSink } from '../../test/smtp-sink.js';
import { CODE_DELIVERY_FAILED, DAILY_PER_TARGET } from './codes.service.js';

const smsCode = (t: TTestApp, phonenumber: string, ip: string, purpose = 'login') =>
  t.app.inject({ method: 'GET', url: '/resource/sms/code', query: { phonenumber, purpose }, remoteAddress: ip });
const emailCode = (t: TTestApp, email: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/resource/emailCode', payload: { email, purpose: 'register' }, remoteAddress: ip });
const codeRows = (t: TTestApp, target: string) => t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, target));
/** Codes counted against the target's daily quota. */
const quota = async (t: TTestApp, target: string) =>
  (await t.database.db.select({ hits: throttleCounters.hits }).from(throttleCounters).where(like(throttleCounters.bucket, `code:%:${target}`))).reduce((n, r) => n + r.hits, 0);
/** Moves a target's codes and throttle windows back in time, as if `ms` had passed. */
async function age(t: TTestApp, target: string, ms: number) {
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

/** The text part of a raw message as nodemailer encodes it (base64 or quoted-printable). */
function bodyText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const [head, body] = [raw.slice(0, split), raw.slice(split).trim()];
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  }
  return body;
}

describe('e-mail codes through SMTP', () => {
  let t: TTestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await makeTestApp({ SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('delivers the code to the SMTP server, and that code registers the address', async () => {
    const email = 'smtp.buyer@example.com';
    expect((await emailCode(t, email, '10.20.0.1')).json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]).toMatchObject({ from: 'no-reply@yicaitong.example', to: [email] });
    const text = bodyText(sink.mails[0]!.raw);
    expect(text).toMatch(/^【仪采通】您的注册验证码为 \d{4}，5分钟内有效。/);
    const code = /验证码为 (\d{4})/.exec(text)![1]!;
    expect(t.outbox('email')).toEqual([]);
    const step1 = await t.app.inject({ method: 'POST', url: '/auth/member/register/verify', payload: { contactType: 'Email', email, code, agree: true } });
    expect(step1.json()).toMatchObject({ code: 200, data: { ticket: expect.any(String) } });
  });
});

// E-mail goes to port 1 on loopback, where nothing listens (the connection is refused at once);
// SMS goes to the development outbox.
let t: TTestApp;
beforeAll(async () => {
  t = await makeTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
});
afterAll(() => t.close());

describe('a delivery that fails leaves no code, no 60 s block and no used quota', () => {
  it('answers 获取验证码失败，请稍后再试 for an SMTP error, and again on a retry instead of 请N秒后再试', async () => {
    const email = 'closed.port@example.com';
    for (let i = 0; i < 2; i++) {
      const res = await emailCode(t, email, '10.21.0.1');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, msg: CODE_DELIVERY_FAILED });
    }
    expect(CODE_DELIVERY_FAILED).toBe('获取验证码失败，请稍后再试');
    expect(await codeRows(t, email)).toEqual([]);
    expect(await quota(t, email)).toBe(0);
  });

  it('lets the user ask again at once after a provider error (the GET the HTTP client retries once)', async () => {
    const mobile = '13712340001';
    const deliverCode = t.app.mailer.deliverCode;
    t.app.mailer.deliverCode = async () => {
      throw new Error('provider answered isv.BUSINESS_LIMIT_CONTROL');
    };
    try {
      // the renderer's client retries a GET once on 5xx: both answers carry the same message
      for (let i = 0; i < 2; i++) expect((await smsCode(t, mobile, '10.22.0.1')).json()).toMatchObject({ code: 503, msg: CODE_DELIVERY_FAILED });
    } finally {
      t.app.mailer.deliverCode = deliverCode;
    }
    expect(await codeRows(t, mobile)).toEqual([]);
    expect(await quota(t, mobile)).toBe(0);
    const ok = await smsCode(t, mobile, '10.22.0.1');
    expect(ok.json()).toMatchObject({ code: 200, msg: '验证码已发送' });
    expect(await quota(t, mobile)).toBe(1);
    expect(t.lastCode(mobile)).toMatch(/^\d{4}$/);
  });
});

describe('the outbox in production', () => {
  let prod: TTestApp;
  beforeAll(async () => {
    prod = await makeTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.yicaitong.example' });
  });
  afterAll(() => prod.close());

  it('is refused without ALLOW_OUTBOX: the code request fails clearly and writes nothing', async () => {
    const mobile = '13712340002';
    for (let i = 0; i < 2; i++) {
      const res = await smsCode(prod, mobile, '10.23.0.1');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, msg: CODE_DELIVERY_FAILED });
    }
    const email = await emailCode(prod, 'prod.buyer@example.com', '10.23.0.1');
    expect(email.json()).toMatchObject({ code: 503, msg: CODE_DELIVERY_FAILED });
    expect(prod.outbox('sms')).toEqual([]);
    expect(prod.outbox('email')).toEqual([]);
    expect(await codeRows(prod, mobile)).toEqual([]);
  });
});

describe('expiry and daily cap', () => {
  const login = (mobile: string, verify: string) => t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'sms', mobile, verify }, remoteAddress: '10.24.0.9' });

  it('keeps a code for 5 minutes', async () => {
    const [fresh, stale] = ['13712340011', '13712340012'];
    for (const mobile of [fresh, stale]) expect((await smsCode(t, mobile, '10.24.0.1')).statusCode).toBe(200);
    const [row] = await codeRows(t, fresh);
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 5 * 60 * 1000)).toBeLessThan(1000);
    await age(t, fresh, 4 * 60 * 1000 + 50 * 1000);
    await age(t, stale, 5 * 60 * 1000 + 1000);
    expect((await login(fresh, t.lastCode(fresh)!)).json()).toMatchObject({ code: 200 });
    expect((await login(stale, t.lastCode(stale)!)).json()).toMatchObject({ code: 400, msg: '验证码已失效，请重新获取' });
  });

  it(`sends at most ${DAILY_PER_TARGET} codes to a mobile in 24 hours`, async () => {
    const mobile = '13712340013';
    for (let i = 0; i < DAILY_PER_TARGET; i++) {
      expect((await smsCode(t, mobile, `10.24.1.${i}`)).statusCode).toBe(200);
      await age(t, mobile, 61 * 1000); // past the 60 s resend rule
    }
    const capped = await smsCode(t, mobile, '10.24.1.100');
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: 429, msg: '该号码今日获取验证码次数已达上限，请明天再试' });
    // a day after the first send the quota starts again
    await age(t, mobile, 24 * 3600 * 1000 - 10 * 61 * 1000 + 1000);
    expect((await smsCode(t, mobile, '10.24.1.101')).statusCode).toBe(200);
  });
});
