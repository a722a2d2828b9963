// Login, registration and password recovery rules (SPEC §7, issue: accounts, issue 11).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { members } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { addressKey, clear, giveBack, take } from '../../lib/throttle.js';
import { findMemberByIdentifier, isTaken } from '../member/member.repository.js';
import { consumeCode, issueTicket, redeemTicket, type TChannel } from './codes.service.js';
import { createSession, revokeMemberSessions } from './session.repository.js';

const FAIL_WINDOW_MS = 15 * 60 * 1000;
export const MAX_LOGIN_FAILURES = 5;
/** Failed logins from one address (IPv6: one /64) in 15 minutes: well above one account's 5, so an office behind one NAT address is not locked out by one member's typos. */
export const MAX_ADDRESS_FAILURES = 30;
const BAD_CREDENTIALS = '账号或密码错误';
const LOCKED = '登录失败次数过多，请15分钟后再试';

type TMeta = { ip: string; userAgent?: string };

/**
 * A try is taken from the address's and the account's failure counters BEFORE the password is
 * checked (one atomic statement each), so parallel guesses cannot all pass a check made before
 * the failures are written: 50 at once evaluate at most 5 passwords. A good password gives the
 * tries back (and clears the account's failures). The address limit applies before any lookup.
 * Failures count per account (keyed on the member, so mobile, e-mail and account name share the
 * 5 tries); an identifier that matches no member gets a bucket of its own, so an unknown account
 * locks the same way and answers the same messages as a real one.
 */
export async function loginWithPassword(db: Db, identifier: string, password: string, meta: TMeta) {
  const byAddress = await take(db, `login-fail:ip:${addressKey(meta.ip)}`, MAX_ADDRESS_FAILURES, FAIL_WINDOW_MS);
  if (!byAddress) throw new AppError('TOO_MANY', LOCKED);
  const member = await findMemberByIdentifier(db, identifier);
  const accountBucket = member ? `login-fail:member:${member.id}` : `login-fail:acct:${identifier.trim().toLowerCase()}`;
  const byAccount = await take(db, accountBucket, MAX_LOGIN_FAILURES, FAIL_WINDOW_MS);
  if (!byAccount) {
    await giveBack(db, [byAddress]);
    throw new AppError('TOO_MANY', LOCKED);
  }
  const good = await verifyPassword(member?.passwordHash, password);
  // The right password of a disabled account: say so (as SMS login does) and give the tries back —
  // it is not a guess, so it never counts toward the lock-out. Only the right password reveals it.
  if (member && good && member.status === 'disabled') {
    await giveBack(db, [byAddress, byAccount]);
    throw new AppError('FORBIDDEN', '该账号已被停用');
  }
  if (!member || !good || member.status !== 'active') throw new AppError('BAD_REQUEST', BAD_CREDENTIALS);
  await clear(db, accountBucket);
  await giveBack(db, [byAddress]);
  return startSession(db, member.id, meta);
}

export async function loginWithSms(db: Db, mobile: string, code: string, meta: TMeta) {
  await consumeCode(db, { channel: 'sms', target: mobile, purposes: ['login', 'register'], code, ip: meta.ip });
  const existing = await findMemberByIdentifier(db, mobile);
  if (existing && existing.status !== 'active') throw new AppError('FORBIDDEN', '该账号已被停用');
  const memberId = existing?.id ?? (await createMember(db, { mobile }));
  return startSession(db, memberId, meta);
}

async function startSession(db: Db, memberId: number, meta: TMeta) {
  await db.update(members).set({ lastLoginAt: new Date() }).where(eq(members.id, memberId));
  return createSession(db, memberId, meta);
}

const alreadyRegistered = (channel: TChannel) => (channel === 'sms' ? '该手机号已注册，请直接登录' : '该邮箱已注册，请直接登录');

/** Inserts a member; a mobile or e-mail registered a moment ago by a parallel request answers 409. */
async function createMember(db: Db, values: { mobile?: string; email?: string; passwordHash?: string }): Promise<number> {
  try {
    const [row] = await db
      .insert(members)
      .values({ ...values, email: values.email?.toLowerCase() })
      .returning({ id: members.id });
    return row!.id;
  } catch (err) {
    if (uniqueViolation(err) === null) throw err;
    throw new AppError('CONFLICT', alreadyRegistered(values.mobile ? 'sms' : 'email'));
  }
}

const subjectOf = (channel: TChannel, target: string) => `${channel}:${channel === 'email' ? target.toLowerCase() : target}`;

/**
 * Step Basic of registration: checks the code and answers with a ticket for step SetPass. Whether
 * the contact is registered is said only after its code was verified (no account enumeration).
 */
export async function verifyRegistration(db: Db, channel: TChannel, target: string, code: string, ip: string) {
  await consumeCode(db, { channel, target, purposes: ['register'], code, ip });
  if (await isTaken(db, channel === 'sms' ? 'mobile' : 'email', target)) throw new AppError('CONFLICT', alreadyRegistered(channel));
  return issueTicket(db, 'register', subjectOf(channel, target));
}

export async function completeRegistration(db: Db, ticket: string, password: string, meta: TMeta) {
  const subject = await redeemTicket(db, 'register', ticket);
  const [channel, target] = [subject.slice(0, subject.indexOf(':')) as TChannel, subject.slice(subject.indexOf(':') + 1)];
  if (await isTaken(db, channel === 'sms' ? 'mobile' : 'email', target)) throw new AppError('CONFLICT', alreadyRegistered(channel));
  const passwordHash = await hashPassword(password);
  const memberId = await createMember(db, channel === 'sms' ? { mobile: target, passwordHash } : { email: target, passwordHash });
  return startSession(db, memberId, meta);
}

/** Recovery: the code first, then whether the contact belongs to an account (no enumeration). */
export async function verifyReset(db: Db, channel: TChannel, target: string, code: string, ip: string) {
  await consumeCode(db, { channel, target, purposes: ['reset'], code, ip });
  const member = await findMemberByIdentifier(db, target);
  if (!member) throw new AppError('NOT_FOUND', channel === 'sms' ? '该手机号未注册' : '该邮箱未注册');
  return issueTicket(db, 'reset', `member:${member.id}`);
}

export async function completeReset(db: Db, ticket: string, password: string) {
  const subject = await redeemTicket(db, 'reset', ticket, 'member:');
  const memberId = Number(subject.slice('member:'.length));
  await db.update(members).set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where(eq(members.id, memberId));
  await revokeMemberSessions(db, memberId);
}
