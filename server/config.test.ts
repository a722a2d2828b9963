// loadConfig: defaults, one sentence naming each bad variable without echoing secrets, demo mode.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

/** One sentence: a single line ending with a full stop, with no other sentence end inside. */
function expectOneSentence(message: string) {
  expect(message).not.toContain('\n');
  expect(message).toMatch(/\.$/);
  expect(message.split(/[.!?](?:\s|$)/).filter((s) => s.trim())).toHaveLength(1);
}

const SITE = 'https://www.yicaitong.example';

describe('loadConfig', () => {
  it('fills the defaults from an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: 3000, LOG_LEVEL: 'info', TRUST_PROXY: 'loopback', demo: true });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty value as unset', () => {
    const c = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('accepts good values', () => {
    const c = loadConfig({
      HOST: '0.0.0.0',
      PORT: '0',
      DATABASE_URL: 'postgres://app:pw@db:5432/app',
      LOG_LEVEL: 'silent',
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
      PUBLIC_URL: 'https://yicaitong.example',
    });
    expect(c).toMatchObject({ HOST: '0.0.0.0', PORT: 0, LOG_LEVEL: 'silent' });
    for (const host of ['localhost', '::', '::1', 'api.internal', '10.0.0.5']) expect(loadConfig({ HOST: host }).HOST).toBe(host);
    for (const tp of ['true', 'false', 'loopback', 'loopback, 10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8', '10.0.0.0/255.0.0.0', 'linklocal,uniquelocal']) {
      expect(loadConfig({ TRUST_PROXY: tp }).TRUST_PROXY).toBe(tp);
    }
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['HOST', 'not a host'],
    ['HOST', 'bad_host!'],
    ['DATABASE_URL', 'mysql://localhost/app'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/99'],
    ['TRUST_PROXY', 'loopback,not-an-ip'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['PUBLIC_URL', 'not a url'],
    ['NODE_ENV', 'prod'],
    ['DEMO', 'yes'],
    ['ALLOW_OUTBOX', 'maybe'],
    ['SEED_PRODUCTS', '2000000'],
    ['SMS_PROVIDER', 'carrier-pigeon'],
  ])('refuses %s=%j with one sentence naming the variable', (name, value) => {
    const message = failure({ [name]: value });
    expect(message).toContain(`Environment variable ${name} `);
    expectOneSentence(message);
  });

  it.each([
    ['DATABASE_URL', 'mysql://app:S3cretPw@db:3306/app'],
    ['DATABASE_URL', 'postgres://app:S3cretPw@db:5432/app with space'],
    ['SMTP_URL', 'http://mailer:S3cretPw@smtp.example.com'],
    ['SMTP_URL', 'smtp://mailer:S3cretPw@smtp example.com'],
  ])('never echoes the value of a malformed %s', (name, value) => {
    const message = failure({ [name]: value });
    expect(message).toContain(name);
    expect(message).not.toContain('S3cretPw');
    expect(message).not.toContain('mailer');
    expect(message).not.toContain('app:');
    expectOneSentence(message);
  });

  it('masks a password in the value of any other URL-like variable', () => {
    const message = failure({ PUBLIC_URL: 'https//user:S3cretPw@site' });
    expect(message).toContain('PUBLIC_URL');
    expect(message).not.toContain('S3cretPw');
  });

  it('shows a harmless bad value to help the operator', () => {
    expect(failure({ PORT: 'abc' })).toBe('Environment variable PORT is invalid ("abc"): must be a number.');
  });

  it('names the missing SMS credential when a provider is chosen', () => {
    const full = { SMS_ACCESS_KEY_ID: 'id', SMS_ACCESS_KEY_SECRET: 'secret', SMS_SIGN_NAME: '仪采通', SMS_TEMPLATE_CODE: 'SMS_1' };
    expect(loadConfig({ SMS_PROVIDER: 'aliyun', ...full }).SMS_PROVIDER).toBe('aliyun');
    const message = failure({ SMS_PROVIDER: 'tencent', ...full, SMS_SIGN_NAME: '' });
    expect(message).toBe('Environment variable SMS_SIGN_NAME is required when SMS_PROVIDER=tencent.');
    expect(message).not.toContain('secret');
  });

  describe('demo mode', () => {
    it('is on in development and test unless DEMO=0', () => {
      expect(loadConfig({}).demo).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test' }).demo).toBe(true);
      expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
      expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
      expect(loadConfig({ DEMO: '1' }).demo).toBe(true);
    });

    it('is off in production', () => {
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SITE }).demo).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SITE, DEMO: '0' }).demo).toBe(false);
    });

    it('is off on a network HOST unless DEMO=1 says so, and then warns at start', () => {
      for (const HOST of ['0.0.0.0', '::', '10.0.0.5', 'api.internal']) {
        const c = loadConfig({ HOST });
        expect(c).toMatchObject({ demo: false, outbox: false, warnings: [] });
      }
      for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) expect(loadConfig({ HOST })).toMatchObject({ demo: true, outbox: true, warnings: [] });
      const explicit = loadConfig({ HOST: '0.0.0.0', DEMO: '1' });
      expect(explicit).toMatchObject({ demo: true, outbox: true });
      expect(explicit.warnings).toEqual([expect.stringContaining('DEMO=1 on HOST=0.0.0.0')]);
      // the outbox alone may still be allowed explicitly
      expect(loadConfig({ HOST: '0.0.0.0', ALLOW_OUTBOX: '1' })).toMatchObject({ demo: false, outbox: true });
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SITE })).toMatchObject({ demo: false, outbox: false });
    });

    it.each(['1', 'true'])('refuses DEMO=%s in production with one sentence', (value) => {
      const message = failure({ NODE_ENV: 'production', DEMO: value });
      expect(message).toContain('DEMO');
      expect(message).toContain('NODE_ENV=production');
      expectOneSentence(message);
    });
  });

  describe('production safety', () => {
    it('refuses TRUST_PROXY=true in production and asks for the proxies by name', () => {
      const message = failure({ NODE_ENV: 'production', PUBLIC_URL: SITE, TRUST_PROXY: 'true' });
      expect(message).toContain('TRUST_PROXY');
      expect(message).toContain('name the proxies');
      expectOneSentence(message);
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SITE, TRUST_PROXY: '10.0.0.5, 10.0.1.0/24' }).TRUST_PROXY).toBe('10.0.0.5, 10.0.1.0/24');
      expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe('true');
    });

    it('keeps the 60 s between two codes for one number in production; tests may shorten it elsewhere', () => {
      expect(loadConfig({}).CODE_RESEND_SECONDS).toBe(60);
      const message = failure({ NODE_ENV: 'production', PUBLIC_URL: SITE, CODE_RESEND_SECONDS: '20' });
      expect(message).toContain('CODE_RESEND_SECONDS');
      expectOneSentence(message);
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SITE, CODE_RESEND_SECONDS: '90' }).CODE_RESEND_SECONDS).toBe(90);
      expect(loadConfig({ CODE_RESEND_SECONDS: '20' }).CODE_RESEND_SECONDS).toBe(20);
    });

    it('requires PUBLIC_URL in production; elsewhere the site URL falls back to the listen address, never a request header', () => {
      const message = failure({ NODE_ENV: 'production' });
      expect(message).toContain('PUBLIC_URL');
      expectOneSentence(message);
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: `${SITE}/` }).publicUrl).toBe(SITE);
      expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:3000');
      expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
      expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
    });

    it('turns the API documentation off in production unless API_DOCS=1', () => {
      expect(loadConfig({}).apiDocs).toBe(true);
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SITE }).apiDocs).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SITE, API_DOCS: '1' }).apiDocs).toBe(true);
      expect(loadConfig({ API_DOCS: '0' }).apiDocs).toBe(false);
    });

    it('caps SMS codes per day per deployment (SMS_DAILY_LIMIT)', () => {
      expect(loadConfig({}).SMS_DAILY_LIMIT).toBe(2000);
      expect(loadConfig({ SMS_DAILY_LIMIT: '50' }).SMS_DAILY_LIMIT).toBe(50);
      expect(failure({ SMS_DAILY_LIMIT: '0' })).toBe('Environment variable SMS_DAILY_LIMIT is invalid ("0"): must be from 1 to 10000000.');
    });
  });
});
