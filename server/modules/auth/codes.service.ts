// Verification codes (4 characters, 5 minutes, single use, 5 tries) and the short-lived tickets
// that carry a verified step of a multi-step form (register, reset, change contact).
import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { CODE_LENGTH } from '../../../contracts/validation.js';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { TMailer } from '../../lib/mailer.js';
import { countEvents, deleteEvents, recordEvent } from '../../lib/throttle.js';

export type TChannel = 'sms' | 'email';
export type TCodePurpose = 'login' | 'register' | 'reset' | 'verify' | 'bind' | 'inquiry' | 'remove';

export const CODE_TTL_MS = 5 * 60 * 1000;
export const RESEND_MS = 60 * 1000;
export const MAX_ATTEMPTS = 5;
export const DAILY_PER_TARGET = 10;
export const DAILY_PER_IP = 50;
const TICKET_TTL_MS = 15 * 60 * 1000;
/** SPEC §8: the renderer shows the same words when the send-code request fails. */
export const CODE_DELIVERY_FAILED = '获取验证码失败，请稍后再试';
const DAY_MS = 24 * 3600 * 1000;

const digest = (target: string, code: string) => crypto.createHash('sha256').update(`${target}\u0000${code}`).digest('hex');

export function makeCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += crypto.randomInt(0, 10).toString();
  return code;
}

export async function issueCode(
  db: Db,
  mailer: TMailer,
  args: { channel: TChannel; target: string; purpose: TCodePurpose; ip: string },
): Promise<void> {
  const target = args.channel === 'email' ? args.target.toLowerCase() : args.target;
  const [last] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.channel, args.channel), eq(verificationCodes.target, target)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (last && Date.now() - last.createdAt.getTime() < RESEND_MS) {
    const wait = Math.ceil((RESEND_MS - (Date.now() - last.createdAt.getTime())) / 1000);
    throw new AppError('TOO_MANY', `验证码发送过于频繁，请${wait}秒后再试`);
  }
  if ((await countEvents(db, `code:${args.channel}:${target}`, DAY_MS)) >= DAILY_PER_TARGET) {
    throw new AppError('TOO_MANY', '该号码今日获取验证码次数已达上限，请明天再试');
  }
  if ((await countEvents(db, `code-ip:${args.ip}`, DAY_MS)) >= DAILY_PER_IP) {
    throw new AppError('TOO_MANY', '当前网络今日获取验证码次数已达上限，请明天再试');
  }
  const code = makeCode();
  // The row and the counters reserve the send (a second request meanwhile sees the 60 s rule);
  // a delivery that fails takes them back, so the user may retry at once and keeps the quota.
  const reserved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        channel: args.channel,
        target,
        purpose: args.purpose,
        codeHash: digest(target, code),
        ip: args.ip,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      })
      .returning({ id: verificationCodes.id });
    return { codeId: row!.id, eventIds: [await recordEvent(tx, `code:${args.channel}:${target}`), await recordEvent(tx, `code-ip:${args.ip}`)] };
  });
  try {
    await mailer.deliverCode({ channel: args.channel, to: target, code, purpose: args.purpose });
  } catch {
    // the mailer has logged the cause (SMTP error, provider answer, outbox refused in production)
    await db.transaction(async (tx) => {
      await tx.delete(verificationCodes).where(eq(verificationCodes.id, reserved.codeId));
      await deleteEvents(tx, reserved.eventIds);
    });
    throw new AppError('UNAVAILABLE', CODE_DELIVERY_FAILED);
  }
}

/** Checks and consumes a code; wrong codes count towards the attempt limit. */
export async function consumeCode(db: Db, args: { channel: TChannel; target: string; purposes: TCodePurpose[]; code: string }) {
  const target = args.channel === 'email' ? args.target.toLowerCase() : args.target;
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, args.channel),
        eq(verificationCodes.target, target),
        inArray(verificationCodes.purpose, args.purposes),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw new AppError('BAD_REQUEST', '验证码已失效，请重新获取');
  if (row.attempts >= MAX_ATTEMPTS) throw new AppError('BAD_REQUEST', '验证码错误次数过多，请重新获取');
  if (row.codeHash !== digest(target, args.code.trim())) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    const left = MAX_ATTEMPTS - row.attempts - 1;
    throw new AppError('BAD_REQUEST', left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取');
  }
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw new AppError('BAD_REQUEST', '验证码已失效，请重新获取');
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
