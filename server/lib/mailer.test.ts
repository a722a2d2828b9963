// Which channel a code or a notice takes: SMTP, the SMS provider (code or notice template), the
// outbox outside production, or — for notices without a channel — a log line and no error.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { createMailer, DeliveryError, noticeTitle, OutboxDisabledError, outboxPath } from './mailer.js';

let hits: URL[] = [];
let provider: http.Server;
let endpoint = '';
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let smtpPort = 0;
let dataDir = '';

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    hits.push(new URL(req.url!, 'http://provider'));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Code: 'OK' }));
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  sink = await startSmtpSink();
  smtpPort = sink.port;
});
afterAll(async () => {
  await new Promise((r) => provider.close(r));
  await sink.close();
});
beforeEach(() => {
  hits = [];
  sink.mails.length = 0;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-mailer-'));
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
});

const fakeLog = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const asLogger = (log: ReturnType<typeof fakeLog>) => log as unknown as FastifyBaseLogger;
const SMS_ENV = { SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'id', SMS_ACCESS_KEY_SECRET: 'secret', SMS_SIGN_NAME: '仪采通', SMS_TEMPLATE_CODE: 'SMS_CODE_1' };
const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL: 'https://www.yicaitong.example', ...env });
const outboxLines = (channel: 'sms' | 'email', c: ReturnType<typeof config>) =>
  fs.existsSync(outboxPath(c, channel)) ? fs.readFileSync(outboxPath(c, channel), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>) : [];

describe('notify: notices about inquiries and quotations', () => {
  it('sends an SMS notice through the provider with the notice template when one is configured', async () => {
    const c = config({ NODE_ENV: 'production', ...SMS_ENV, SMS_NOTICE_TEMPLATE_CODE: 'SMS_NOTICE_9' });
    const mailer = createMailer(c, asLogger(fakeLog()), { sms: { endpoint } });
    await mailer.notify('13800000000', '【仪采通】收到新询价', '有采购商询价“气相色谱仪”，数量 1台，请及时回复。');
    expect(hits).toHaveLength(1);
    expect(Object.fromEntries(hits[0]!.searchParams)).toMatchObject({ PhoneNumbers: '13800000000', TemplateCode: 'SMS_NOTICE_9', TemplateParam: '{"title":"收到新询价"}' });
  });

  it('logs and skips an SMS notice in production when there is no notice template', async () => {
    const log = fakeLog();
    const c = config({ NODE_ENV: 'production', ...SMS_ENV });
    await expect(createMailer(c, asLogger(log), { sms: { endpoint } }).notify('13800000000', '【仪采通】收到新询价', 'text')).resolves.toBeUndefined();
    expect(hits).toHaveLength(0);
    expect(outboxLines('sms', c)).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith({ channel: 'sms' }, expect.stringContaining('SMS_NOTICE_TEMPLATE_CODE'));
  });

  it('logs and skips notices in production when neither SMTP nor an SMS provider is set', async () => {
    const log = fakeLog();
    const c = config({ NODE_ENV: 'production' });
    const mailer = createMailer(c, asLogger(log));
    await expect(mailer.notify('buyer@example.com', '【仪采通】询价已回复', 'text')).resolves.toBeUndefined();
    await expect(mailer.notify('13800000000', '【仪采通】询价已回复', 'text')).resolves.toBeUndefined();
    expect(outboxLines('sms', c)).toEqual([]);
    expect(outboxLines('email', c)).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith({ channel: 'email' }, expect.stringContaining('SMTP_URL'));
    expect(log.warn).toHaveBeenCalledWith({ channel: 'sms' }, expect.stringContaining('SMS_PROVIDER'));
  });

  it('writes notices to the outbox outside production, and when ALLOW_OUTBOX is set', async () => {
    for (const env of [{ NODE_ENV: 'development' }, { NODE_ENV: 'production', ALLOW_OUTBOX: '1' }] as Record<string, string>[]) {
      const c = config(env);
      await createMailer(c, asLogger(fakeLog())).notify('13800000000', '【仪采通】询价已回复', '供应商回复了您的询价');
      expect(outboxLines('sms', c).pop()).toMatchObject({ to: '13800000000', subject: '【仪采通】询价已回复', purpose: 'notice' });
    }
  });

  it('sends e-mail notices through SMTP', async () => {
    const c = config({ NODE_ENV: 'production', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    await createMailer(c, asLogger(fakeLog())).notify('buyer@example.com', '【仪采通】询价已回复', 'reply text');
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]!.to).toEqual(['buyer@example.com']);
  });

  it('shortens the title to what an SMS template variable takes', () => {
    expect(noticeTitle('【仪采通】收到新询价')).toBe('收到新询价');
    expect(noticeTitle('【仪采通】这是一个特别特别特别特别特别长的通知标题需要截断')).toHaveLength(20);
  });
});

describe('deliverCode', () => {
  it('refuses the outbox in production with an error naming the settings, and logs it', async () => {
    const log = fakeLog();
    const c = config({ NODE_ENV: 'production' });
    const mailer = createMailer(c, asLogger(log));
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('ALLOW_OUTBOX=1'));
    const sms = mailer.deliverCode({ channel: 'sms', to: '13800000000', code: '1234', purpose: 'login' });
    await expect(sms).rejects.toBeInstanceOf(OutboxDisabledError);
    await expect(sms).rejects.toThrow(/SMS_PROVIDER .*ALLOW_OUTBOX=1/);
    await expect(mailer.deliverCode({ channel: 'email', to: 'a@example.com', code: '1234', purpose: 'login' })).rejects.toThrow(/SMTP_URL, or ALLOW_OUTBOX=1/);
    expect(outboxLines('sms', c)).toEqual([]);
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('wraps a provider failure in a DeliveryError', async () => {
    const c = config({ NODE_ENV: 'production', ...SMS_ENV });
    const mailer = createMailer(c, asLogger(fakeLog()), { sms: { endpoint: 'http://127.0.0.1:1' } });
    const err = await mailer.deliverCode({ channel: 'sms', to: '13800000000', code: '1234', purpose: 'login' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeliveryError);
    expect((err as DeliveryError).channel).toBe('sms');
  });

  it('sends a code with the code template', async () => {
    const c = config({ NODE_ENV: 'production', ...SMS_ENV });
    await createMailer(c, asLogger(fakeLog()), { sms: { endpoint } }).deliverCode({ channel: 'sms', to: '13800000000', code: '4821', purpose: 'login' });
    expect(Object.fromEntries(hits[0]!.searchParams)).toMatchObject({ TemplateCode: 'SMS_CODE_1', TemplateParam: '{"code":"4821"}' });
  });
});
