// Configuration from the environment, validated once at start (STYLE.md 11).
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  SITE_NAME: z.string().min(1).default('仪采通'),
  PUBLIC_URL: z.string().url().optional(),
  DEMO: bool.optional(),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().default('仪采通 <no-reply@yicaitong.example>'),
  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
  SMS_ACCESS_KEY_ID: z.string().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_SIGN_NAME: z.string().optional(),
  SMS_TEMPLATE_CODE: z.string().optional(),
  ALLOW_OUTBOX: bool.default(false),
  STATIC_DIR: z.string().default('./dist'),
  TRUST_PROXY: z.string().min(1).default('loopback'),
});

export type TConfig = z.infer<typeof ZConfig> & { demo: boolean; dataDir: string; staticDir: string };

export class ConfigError extends Error {}

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
    throw new ConfigError(`Environment variable ${name} is invalid (${JSON.stringify(picked[name] ?? '')}): ${issue.message}.`);
  }
  const cfg = parsed.data;
  return {
    ...cfg,
    demo: cfg.DEMO ?? cfg.NODE_ENV !== 'production',
    dataDir: path.resolve(cfg.DATA_DIR),
    staticDir: path.resolve(cfg.STATIC_DIR),
  };
}
