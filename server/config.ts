// Configuration from the environment, validated once at start (STYLE.md 11).
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const HOSTNAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** One entry of TRUST_PROXY as Fastify (proxy-addr) understands it: a named range, an address or a CIDR. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [addr, mask, ...rest] = entry.split('/');
  if (rest.length || !addr) return false;
  const family = net.isIP(addr);
  if (!family) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(mask);
}

export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z
    .string()
    .min(1)
    .refine((v) => net.isIP(v) !== 0 || HOSTNAME.test(v), 'must be an IP address or a host name')
    .default('127.0.0.1'),
  PORT: z.coerce.number('must be a number').int('must be a whole number').min(0, 'must be from 0 to 65535').max(65535, 'must be from 0 to 65535').default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SITE_NAME: z.string().min(1).default('仪采通'),
  PUBLIC_URL: z.url('must be an absolute URL').optional(),
  DEMO: bool.optional(),
  SEED_PRODUCTS: z.coerce.number('must be a number').int('must be a whole number').min(0, 'must be from 0 to 1000000').max(1_000_000, 'must be from 0 to 1000000').default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('仪采通 <no-reply@yicaitong.example>'),
  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
  SMS_ACCESS_KEY_ID: z.string().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_SIGN_NAME: z.string().optional(),
  SMS_TEMPLATE_CODE: z.string().optional(),
  SMS_NOTICE_TEMPLATE_CODE: z.string().optional(),
  ALLOW_OUTBOX: bool.default(false),
  SMS_DAILY_LIMIT: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be from 1 to 10000000').max(10_000_000, 'must be from 1 to 10000000').default(2000),
  /** Seconds before a second code may go to the same mobile or e-mail (SPEC: 60). Tests shorten it; production takes 60 or more. */
  CODE_RESEND_SECONDS: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be from 1 to 3600').max(3600, 'must be from 1 to 3600').default(60),
  API_DOCS: bool.optional(),
  STATIC_DIR: z.string().default('./dist'),
  /** Server rendering of public pages for visitors (the build's ssr/ bundle); `off` sends the shell. */
  SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
  /** Live notification streams: a comment line this often keeps proxies from closing an idle stream. */
  LIVE_HEARTBEAT_MS: z.coerce.number('must be a number').int('must be a whole number').min(100, 'must be from 100 to 300000').max(300_000, 'must be from 100 to 300000').default(20_000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: z
    .string()
    .min(1)
    .refine(
      (v) => v === 'true' || v === 'false' || v.split(',').every((e) => isProxyEntry(e.trim())),
      'must be true, false, or a comma-separated list of addresses, CIDRs or loopback/linklocal/uniquelocal',
    )
    .default('loopback'),
});

export type TConfig = z.infer<typeof ZConfig> & {
  demo: boolean;
  /** Codes and notices may go to the file outbox (DATA_DIR/outbox) instead of being sent. */
  outbox: boolean;
  /** Swagger UI and the OpenAPI document at /api/docs. */
  apiDocs: boolean;
  /** The site's origin for absolute links (sitemap, robots.txt, shared images), without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  staticDir: string;
  /** Said once at start (main logs them): settings that are allowed but unsafe. */
  warnings: string[];
};

/** A listen address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}

export class ConfigError extends Error {}

/** Variables whose values may hold credentials: their values never appear in an error message. */
const SECRET = new Set(['DATABASE_URL', 'SMTP_URL', 'SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'METRICS_TOKEN']);

function shown(name: string, value: string | undefined): string {
  if (value === undefined) return '';
  if (SECRET.has(name)) return ' (value not shown)';
  // a password in some other URL-like value is masked all the same
  return ` (${JSON.stringify(value.replace(/(\/\/[^/@\s:]*:)[^/@\s]*@/g, '$1***@'))})`;
}

/** The host part of a development URL: a wildcard listen address is reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return net.isIPv6(host) ? `[${host}]` : host;
}

const sentence = (message: string) => message.replace(/[.。\s]+$/, '');

export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(ZConfig.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const parsed = ZConfig.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Environment variable ${name} is invalid${shown(name, picked[name])}: ${sentence(issue.message)}.`);
  }
  const cfg = parsed.data;
  // Demo accounts share a published password: never in production (SPEC, README "DEMO").
  if (cfg.NODE_ENV === 'production' && cfg.DEMO === true) {
    throw new ConfigError('Environment variable DEMO cannot be on when NODE_ENV=production, because the demo accounts share a published password.');
  }
  if (cfg.NODE_ENV === 'production' && cfg.TRUST_PROXY === 'true') {
    throw new ConfigError(
      'Environment variable TRUST_PROXY cannot be true when NODE_ENV=production, because every client could then choose its own address: name the proxies instead (addresses or CIDRs, for example TRUST_PROXY=10.0.0.5).',
    );
  }
  if (cfg.NODE_ENV === 'production' && cfg.CODE_RESEND_SECONDS < 60) {
    throw new ConfigError('Environment variable CODE_RESEND_SECONDS cannot be under 60 when NODE_ENV=production, because a shorter wait lets one number be sent codes faster than SPEC allows (60 s).');
  }
  if (cfg.NODE_ENV === 'production' && !cfg.PUBLIC_URL) {
    throw new ConfigError('Environment variable PUBLIC_URL is required when NODE_ENV=production (the absolute site URL for the sitemap and shared links, for example https://www.example.com).');
  }
  if (cfg.SMS_PROVIDER !== 'outbox') {
    for (const name of ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'] as const) {
      if (!cfg[name]) throw new ConfigError(`Environment variable ${name} is required when SMS_PROVIDER=${cfg.SMS_PROVIDER}.`);
    }
  }
  // Demo accounts and the file outbox stay on this machine unless DEMO=1 says otherwise.
  const loopback = isLoopbackHost(cfg.HOST);
  const demo = cfg.NODE_ENV !== 'production' && (cfg.DEMO ?? loopback);
  const warnings: string[] = [];
  if (demo && !loopback) {
    warnings.push(`DEMO=1 on HOST=${cfg.HOST}: the demo accounts (with their published password) and the code outbox are reachable from the network.`);
  }
  return {
    ...cfg,
    demo,
    outbox: cfg.ALLOW_OUTBOX || (cfg.NODE_ENV !== 'production' && (loopback || demo)),
    apiDocs: cfg.API_DOCS ?? cfg.NODE_ENV !== 'production',
    publicUrl: (cfg.PUBLIC_URL ?? `http://${urlHost(cfg.HOST)}:${cfg.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(cfg.DATA_DIR),
    staticDir: path.resolve(cfg.STATIC_DIR),
    warnings,
  };
}
