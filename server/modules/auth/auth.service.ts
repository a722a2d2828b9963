// Login, registration and password recovery rules (SPEC §7, issue: accounts).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { clearEvents, countEvents, recordEvent } from '../../lib/throttle.js';
import { findMemberByIdentifier, isTaken } from '../member/member.repository.js';
import { consumeCode, issueTicket, redeemTicket, type TChannel } from './codes.service.js';
import { createSession, revokeMemberSessions } from './session.repository.js';

const FAIL_WINDOW_MS = 15 * 60 * 1000;
export const MAX_LOGIN_FAILURES = 5;
const BAD_CREDENTIALS = '账号或密码错误';
const LOCKED = '登录失败次数过多，请15分钟后再试';

type TMeta = { ip: string; userAgent?: string };

/**
 * Failures count per account (keyed on the member, so mobile, e-mail and account name share the
 * 5 tries) and per IP. An identifier that matches no member gets a bucket of its own, so an
 * unknown account locks the same way and answers the same messages as a real one.
 */
export async function loginWithPassword(db: Db, identifier: string, password: string, meta: TMeta) {
  const ipBucket = `login-fail:ip:${meta.ip}`;
  if ((await countEvents(db, ipBucket, FAIL_WINDOW_MS)) >= MAX_LOGIN_FAILURES) throw new AppError('TOO_MANY', LOCKED);
  const member = await findMemberByIdentifier(db, identifier);
  const accountBucket = member ? `login-fail:member:${member.id}` : `login-fail:acct:${identifier.trim().toLowerCase()}`;
  if ((await countEvents(db, accountBucket, FAIL_WINDOW_MS)) >= MAX_LOGIN_FAILURES) throw new AppError('TOO_MANY', LOCKED);
  const good = await verifyPassword(member?.passwordHash, password);
  if (!member || !good || member.status !== 'active') {
    await recordEvent(db, accountBucket);
    await recordEvent(db, ipBucket);
    throw new AppError('BAD_REQUEST', BAD_CREDENTIALS);
  }
  await clearEvents(db, accountBucket);
  return startSession(db, member.id, meta);
}

export async function loginWithSms(db: Db, mobile: string, code: string, meta: TMeta) {
  await consumeCode(db, { channel: 'sms', target: mobile, purposes: ['login', 'register'], code });
  const existing = await findMemberByIdentifier(db, mobile);
  if (existing && existing.status !== 'active') throw new AppError('FORBIDDEN', '该账号已被停用');
  const memberId = existing?.id ?? (await createMember(db, { mobile }));
  return startSession(db, memberId, meta);
}

async function startSession(db: Db, memberId: number, meta: TMeta) {
  await db.update(members).set({ lastLoginAt: new Date() }).where(eq(members.id, memberId));
  return createSession(db, memberId, meta);
}

async function createMember(db: Db, values: { mobile?: string; email?: string; passwordHash?: string }): Promise<number> {
  const [row] = await db
    .insert(members)
    .values({ ...values, email: values.email?.toLowerCase() })
    .returning({ id: members.id });
  return row!.id;
}

const subjectOf = (channel: TChannel, target: string) => `${channel}:${channel === 'email' ? target.toLowerCase() : target}`;

/** Step Basic of registration: checks the code and answers with a ticket for step SetPass. */
export async function verifyRegistration(db: Db, channel: TChannel, target: string, code: string) {
  if (await isTaken(db, channel === 'sms' ? 'mobile' : 'email', target)) {
    throw new AppError('CONFLICT', channel === 'sms' ? '该手机号已注册，请直接登录' : '该邮箱已注册，请直接登录');
  }
  await consumeCode(db, { channel, target, purposes: ['register'], code });
  return issueTicket(db, 'register', subjectOf(channel, target));
}

export async function completeRegistration(db: Db, ticket: string, password: string, meta: TMeta) {
  const subject = await redeemTicket(db, 'register', ticket);
  const [channel, target] = [subject.slice(0, subject.indexOf(':')) as TChannel, subject.slice(subject.indexOf(':') + 1)];
  if (await isTaken(db, channel === 'sms' ? 'mobile' : 'email', target)) {
    throw new AppError('CONFLICT', channel === 'sms' ? '该手机号已注册，请直接登录' : '该邮箱已注册，请直接登录');
  }
  const passwordHash = await hashPassword(password);
  const memberId = await createMember(db, channel === 'sms' ? { mobile: target, passwordHash } : { email: target, passwordHash });
  return startSession(db, memberId, meta);
}

export async function verifyReset(db: Db, channel: TChannel, target: string, code: string) {
  const member = await findMemberByIdentifier(db, target);
  if (!member) throw new AppError('NOT_FOUND', channel === 'sms' ? '该手机号未注册' : '该邮箱未注册');
  await consumeCode(db, { channel, target, purposes: ['reset'], code });
  return issueTicket(db, 'reset', `member:${member.id}`);
}

export async function completeReset(db: Db, ticket: string, password: string) {
  const subject = await redeemTicket(db, 'reset', ticket, 'member:');
  const memberId = Number(subject.slice('member:'.length));
  await db.update(members).set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where(eq(members.id, memberId));
  await revokeMemberSessions(db, memberId);
}
