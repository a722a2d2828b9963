// Verification codes (4 characters, 5 minutes, single use, 5 tries taken atomically) and the short-lived tickets
// that carry a verified step of a multi-step form (register, reset, change contact).
import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CODE_LENGTH } from '../../../contracts/validation.js';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { TMailer } from '../../lib/mailer.js';
import { addressKey, giveBack, secondsLeft, take, type TTry } from '../../lib/throttle.js';

export type TChannel = 'sms' | 'email';
export type TCodePurpose = 'login' | 'register' | 'reset' | 'verify' | 'bind' | 'inquiry' | 'remove';

export const CODE_TTL_MS = 5 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
export const DAILY_PER_TARGET = 10;
export const DAILY_PER_IP = 50;
const TICKET_TTL_MS = 15 * 60 * 1000;
/** SPEC §8: the renderer shows the same words when the send-code request fails. */
export const CODE_DELIVERY_FAILED = '获取验证码失败，请稍后再试';
const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
/** Code checks per hour that may fail from one address (IPv6: one /64) and for one mobile or e-mail. */
export const CHECKS_PER_ADDRESS = 50;
export const CHECKS_PER_TARGET = 15;
export const TOO_MANY_CHECKS = '验证码尝试次数过多，请稍后再试';

const digest = (target: string, code: string) => crypto.createHash('sha256').update(`${target}\u0000${code}`).digest('hex');

export function makeCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += crypto.randomInt(0, 10).toString();
  return code;
}

type TCodeContext = { db: Db; mailer: TMailer; config: Pick<TConfig, 'SMS_DAILY_LIMIT' | 'CODE_RESEND_SECONDS'>; log: Pick<FastifyBaseLogger, 'warn'> };

/**
 * Sends a code. Every limit is a try taken atomically before anything is sent (so 20 parallel
 * requests for one number send one message): the address's daily quota first (before any
 * lookup), then one code per target per CODE_RESEND_SECONDS (60 s), the target's daily quota, and for SMS the
 * deployment's daily cap (SMS_DAILY_LIMIT, against SMS pumping). A delivery that fails gives every
 * try back and leaves no code, so the user may retry at once.
 */
export async function issueCode(ctx: TCodeContext, args: { channel: TChannel; target: string; purpose: TCodePurpose; ip: string }): Promise<void> {
  const { db } = ctx;
  const target = normalTarget(args.channel, args.target);
  const address = addressKey(args.ip);
  const taken: TTry[] = [];
  const refuse = async (message: string): Promise<never> => {
    await giveBack(db, taken);
    throw new AppError('TOO_MANY', message);
  };
  const step = async (bucket: string, limit: number, windowMs: number, message: () => Promise<string> | string) => {
    const t = await take(db, bucket, limit, windowMs);
    if (!t) await refuse(await message());
    taken.push(t!);
  };
  await step(`code-ip:${address}`, DAILY_PER_IP, DAY_MS, () => '当前网络今日获取验证码次数已达上限，请明天再试');
  const resend = `code-resend:${args.channel}:${target}`;
  await step(resend, 1, ctx.config.CODE_RESEND_SECONDS * 1000, async () => `验证码发送过于频繁，请${await secondsLeft(db, resend)}秒后再试`);
  await step(`code:${args.channel}:${target}`, DAILY_PER_TARGET, DAY_MS, () => '该号码今日获取验证码次数已达上限，请明天再试');
  if (args.channel === 'sms') {
    await step('code-all:sms', ctx.config.SMS_DAILY_LIMIT, DAY_MS, () => {
      ctx.log.warn({ limit: ctx.config.SMS_DAILY_LIMIT }, 'SMS code refused: the daily cap of this deployment (SMS_DAILY_LIMIT) is reached');
      return '今日短信验证码发送量已达上限，请明天再试';
    });
  }
  const code = makeCode();
  const [row] = await db
    .insert(verificationCodes)
    .values({
      channel: args.channel,
      target,
      purpose: args.purpose,
      codeHash: digest(target, code),
      ip: args.ip.slice(0, 64),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    })
    .returning({ id: verificationCodes.id });
  try {
    await ctx.mailer.deliverCode({ channel: args.channel, to: target, code, purpose: args.purpose });
  } catch {
    // the mailer has logged the cause (SMTP error, provider answer, outbox refused in production)
    await db.delete(verificationCodes).where(eq(verificationCodes.id, row!.id));
    await giveBack(db, taken);
    throw new AppError('UNAVAILABLE', CODE_DELIVERY_FAILED);
  }
}

const normalTarget = (channel: TChannel, target: string) => (channel === 'email' ? target.trim().toLowerCase() : target.trim());

const sameDigest = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks and consumes a code. The per-address and per-target limits take a try first (returned
 * when the code is right); then one conditional UPDATE … RETURNING consumes a try of the newest
 * code, so however many guesses arrive at once only MAX_ATTEMPTS of them are ever compared, and
 * the code is burnt after the last one. The comparison runs in constant time.
 */
export async function consumeCode(db: Db, args: { channel: TChannel; target: string; purposes: TCodePurpose[]; code: string; ip: string }) {
  const target = normalTarget(args.channel, args.target);
  const perAddress = await take(db, `code-check:ip:${addressKey(args.ip)}`, CHECKS_PER_ADDRESS, HOUR_MS);
  if (!perAddress) throw new AppError('TOO_MANY', TOO_MANY_CHECKS);
  const perTarget = await take(db, `code-check:${args.channel}:${target}`, CHECKS_PER_TARGET, HOUR_MS);
  if (!perTarget) {
    await giveBack(db, [perAddress]);
    throw new AppError('TOO_MANY', TOO_MANY_CHECKS);
  }
  const matching = and(
    eq(verificationCodes.channel, args.channel),
    eq(verificationCodes.target, target),
    inArray(verificationCodes.purpose, args.purposes),
    isNull(verificationCodes.usedAt),
    gt(verificationCodes.expiresAt, sql`now()`),
  );
  const newest = db.select({ id: verificationCodes.id }).from(verificationCodes).where(matching).orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id)).limit(1);
  const [tried] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(sql`${verificationCodes.id} = (${newest})`, lt(verificationCodes.attempts, MAX_ATTEMPTS), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash, attempts: verificationCodes.attempts });
  if (!tried) {
    const [last] = await db.select({ attempts: verificationCodes.attempts }).from(verificationCodes).where(matching).orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id)).limit(1);
    throw new AppError('BAD_REQUEST', last && last.attempts >= MAX_ATTEMPTS ? '验证码错误次数过多，请重新获取' : '验证码已失效，请重新获取');
  }
  if (!sameDigest(tried.codeHash, digest(target, args.code.trim()))) {
    const left = MAX_ATTEMPTS - tried.attempts;
    throw new AppError('BAD_REQUEST', left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, tried.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw new AppError('BAD_REQUEST', '验证码已失效，请重新获取');
  await giveBack(db, [perAddress, perTarget]);
}

/** A ticket proves that `subject` passed a code check for `purpose` a moment ago. */
export async function issueTicket(db: Db, purpose: string, subject: string): Promise<string> {
  const ticket = crypto.randomBytes(24).toString('base64url');
  await db.insert(verificationCodes).values({
    channel: 'ticket',
    target: subject,
    purpose,
    codeHash: digest('ticket', ticket),
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return ticket;
}

async function findTicket(db: Db, purpose: string, ticket: string, subjectPrefix?: string) {
  const [row] = await db
    .select({ id: verificationCodes.id, target: verificationCodes.target })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, 'ticket'),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
        subjectPrefix ? sql`${verificationCodes.target} like ${`${subjectPrefix}%`}` : sql`true`,
        eq(verificationCodes.codeHash, digest('ticket', ticket)),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('BAD_REQUEST', '验证已过期，请重新验证');
  return row;
}

/** The subject of a valid ticket, leaving it usable (for a step that may still fail). */
export async function checkTicket(db: Db, purpose: string, ticket: string, subjectPrefix?: string): Promise<string> {
  return (await findTicket(db, purpose, ticket, subjectPrefix)).target;
}

/** Uses up a ticket and answers its subject; a ticket is redeemed once. */
export async function redeemTicket(db: Db, purpose: string, ticket: string, subjectPrefix?: string): Promise<string> {
  const row = await findTicket(db, purpose, ticket, subjectPrefix);
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw new AppError('BAD_REQUEST', '验证已过期，请重新验证');
  return row.target;
}
