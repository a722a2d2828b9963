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
      expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production', DEMO: '0' }).demo).toBe(false);
    });

    it.each(['1', 'true'])('refuses DEMO=%s in production with one sentence', (value) => {
      const message = failure({ NODE_ENV: 'production', DEMO: value });
      expect(message).toContain('DEMO');
      expect(message).toContain('NODE_ENV=production');
      expectOneSentence(message);
    });
  });
});
