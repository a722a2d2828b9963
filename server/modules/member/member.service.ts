// Profile changes, upgrade to purchaser and account removal.
import fs from 'node:fs';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { collections, demands, feedback, inquiries, members, notices, products, sessions, suppliers } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { clear, take } from '../../lib/throttle.js';
import { detectMime, IMAGE_MIMES, resolveKey, saveFileFor } from '../../lib/uploads.js';
import { checkTicket, consumeCode, issueTicket, redeemTicket, type TChannel } from '../auth/codes.service.js';
import { revokeMemberSessions } from '../auth/session.repository.js';
import { findMemberById, isTaken, type TMemberRow } from './member.repository.js';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

async function mustFind(db: Db, id: number): Promise<TMemberRow> {
  const m = await findMemberById(db, id);
  if (!m) throw new AppError('UNAUTHORIZED', '登录状态已过期，请重新登录');
  return m;
}

export async function updateAvatar(db: Db, config: TConfig, memberId: number, buffer: Buffer): Promise<string> {
  if (buffer.length > AVATAR_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', '头像图片不能超过2MB');
  await detectMime(buffer, IMAGE_MIMES, '头像图片');
  let resized: Buffer;
  try {
    resized = await sharp(buffer, { limitInputPixels: 40_000_000 }).rotate().resize(256, 256, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', '头像图片无法识别，请换一张图片');
  }
  const previous = (await mustFind(db, memberId)).avatar;
  const key = await saveFileFor(db, config, memberId, 'avatars', 'webp', resized);
  const url = `/uploads/${key}`;
  await db.update(members).set({ avatar: url, updatedAt: new Date() }).where(eq(members.id, memberId));
  removeAvatarFile(config, previous);
  return url;
}

/** Deletes an avatar file of ours; a missing file is fine. */
function removeAvatarFile(config: TConfig, avatar: string | null) {
  const file = avatar?.startsWith('/uploads/avatars/') ? resolveKey(config, avatar.slice('/uploads/'.length)) : null;
  if (file) fs.rmSync(file, { force: true });
}

/** Wrong old passwords per member in 15 minutes before the change is refused (a stolen session guessing). */
export const MAX_OLD_PASSWORD_FAILURES = 5;

export async function updatePassword(db: Db, memberId: number, sessionId: number, oldPassword: string | undefined, password: string) {
  const m = await mustFind(db, memberId);
  if (m.passwordHash) {
    if (!oldPassword) throw new AppError('BAD_REQUEST', '原密码不能为空');
    // a try is taken before the check (atomic), so parallel guesses evaluate at most 5 passwords
    const bucket = `old-password:member:${memberId}`;
    if (!(await take(db, bucket, MAX_OLD_PASSWORD_FAILURES, 15 * 60 * 1000))) throw new AppError('TOO_MANY', '原密码错误次数过多，请15分钟后再试');
    if (!(await verifyPassword(m.passwordHash, oldPassword))) throw new AppError('BAD_REQUEST', '原密码错误');
    await clear(db, bucket);
  }
  await db.update(members).set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where(eq(members.id, memberId));
  await revokeMemberSessions(db, memberId, sessionId);
}

export async function updateUname(db: Db, memberId: number, uname: string) {
  if (await isTaken(db, 'uname', uname, memberId)) throw new AppError('CONFLICT', '该账号名已被使用');
  // two members taking one name at once: the unique index decides, the loser gets the same 409
  await db
    .update(members)
    .set({ uname, updatedAt: new Date() })
    .where(eq(members.id, memberId))
    .catch((err: unknown) => {
      if (uniqueViolation(err) === null) throw err;
      throw new AppError('CONFLICT', '该账号名已被使用');
    });
}

export async function updateRealName(db: Db, memberId: number, realName: string) {
  await db.update(members).set({ realName, updatedAt: new Date() }).where(eq(members.id, memberId));
}

/** Checks a code sent to the member's current contact; the ticket allows changing that contact. */
export async function validCurrentContact(db: Db, memberId: number, channel: TChannel, code: string, ip: string) {
  const m = await mustFind(db, memberId);
  const current = channel === 'sms' ? m.mobile : m.email;
  if (!current) throw new AppError('BAD_REQUEST', channel === 'sms' ? '尚未绑定手机号' : '尚未绑定邮箱');
  await consumeCode(db, { channel, target: current, purposes: ['verify'], code, ip });
  return issueTicket(db, `change-${channel}`, `member:${memberId}`);
}

/**
 * Binds a new mobile or e-mail. Whether it belongs to another account is said only after its code
 * was verified (no enumeration); the change signs out every other session of the member.
 */
export async function updateContact(
  db: Db,
  session: { memberId: number; sessionId: number; ip: string },
  channel: TChannel,
  value: string,
  code: string,
  ticket?: string,
) {
  const { memberId } = session;
  const m = await mustFind(db, memberId);
  const field = channel === 'sms' ? 'mobile' : 'email';
  const label = channel === 'sms' ? '手机号' : '邮箱';
  const purpose = `change-${channel}`;
  if (m[field]) {
    if (!ticket) throw new AppError('BAD_REQUEST', `请先验证当前${label}`);
    if ((await checkTicket(db, purpose, ticket, 'member:')) !== `member:${memberId}`) throw new AppError('BAD_REQUEST', '验证已过期，请重新验证');
  }
  // The new code first: a mistyped one costs a try, not the verification of the current contact.
  await consumeCode(db, { channel, target: value, purposes: ['bind'], code, ip: session.ip });
  const taken = `该${label}已被其他账号使用`;
  if (await isTaken(db, field, value, memberId)) throw new AppError('CONFLICT', taken);
  if (m[field]) await redeemTicket(db, purpose, ticket!, `member:${memberId}`);
  try {
    await db
      .update(members)
      .set({ [field]: channel === 'email' ? value.toLowerCase() : value, updatedAt: new Date() })
      .where(eq(members.id, memberId));
  } catch (err) {
    if (uniqueViolation(err) === null) throw err;
    throw new AppError('CONFLICT', taken);
  }
  await revokeMemberSessions(db, memberId, session.sessionId);
}

export async function toPurchaser(db: Db, memberId: number, companyName: string) {
  const m = await mustFind(db, memberId);
  const roles = m.roles.includes('purchaser') ? m.roles : [...m.roles, 'purchaser'];
  await db.update(members).set({ companyName, roles, updatedAt: new Date() }).where(eq(members.id, memberId));
}

/**
 * Deletes the account: personal data is erased, the records the marketplace keeps (demands,
 * inquiries, feedback) stay without the member's contact details, the avatar file is removed.
 */
export async function removeAccount(db: Db, config: TConfig, log: FastifyBaseLogger, memberId: number, channel: TChannel, code: string, ip: string) {
  const m = await mustFind(db, memberId);
  const current = channel === 'sms' ? m.mobile : m.email;
  if (!current) throw new AppError('BAD_REQUEST', channel === 'sms' ? '尚未绑定手机号' : '尚未绑定邮箱');
  // outside the transaction: a wrong code must still count as a try
  await consumeCode(db, { channel, target: current, purposes: ['remove'], code, ip });
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(members)
      .set({
        uname: null,
        mobile: null,
        email: null,
        passwordHash: null,
        realName: null,
        avatar: null,
        companyName: null,
        roles: [],
        nickname: '已注销用户',
        status: 'deleted',
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(members.id, memberId));
    await tx.update(demands).set({ contactName: null, contactPhone: null }).where(eq(demands.purchaserId, memberId));
    await tx.update(inquiries).set({ contactName: null, contactPhone: null }).where(eq(inquiries.memberId, memberId));
    await tx.update(feedback).set({ contact: null }).where(eq(feedback.memberId, memberId));
    await tx.delete(collections).where(eq(collections.memberId, memberId));
    await tx.delete(notices).where(eq(notices.memberId, memberId));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
    // A supplier's store closes with the account: off the public site, its goods off sale, and
    // the contact copied from the member at opening gone.
    await tx.update(suppliers).set({ status: 'closed', contactName: null, contactPhone: null, contactEmail: null }).where(eq(suppliers.memberId, memberId));
    await tx
      .update(products)
      .set({ status: 'off_shelf', updatedAt: now })
      .where(and(eq(products.status, 'on_sale'), inArray(products.supplierId, tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.memberId, memberId)))));
  });
  // after the commit, so a rolled-back removal keeps its picture
  try {
    removeAvatarFile(config, m.avatar);
  } catch (err) {
    log.warn({ err, memberId }, 'avatar file of a removed account could not be deleted');
  }
}
