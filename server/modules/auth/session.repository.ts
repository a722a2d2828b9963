// Sessions: opaque tokens stored as SHA-256 hashes with a 7-day expiry (DESIGN.md §3).
import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { TOKEN_MAX_AGE_SECONDS } from '../../../contracts/constants.js';
import type { Db } from '../../db/client.js';
import { members, sessions } from '../../db/schema.js';

export type TSessionMember = {
  id: number;
  sessionId: number;
  roles: string[];
};

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, memberId: number, meta: { ip?: string; userAgent?: string }): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    memberId,
    tokenHash: hashToken(token),
    ip: meta.ip?.slice(0, 64),
    userAgent: meta.userAgent?.slice(0, 300),
    expiresAt: new Date(Date.now() + TOKEN_MAX_AGE_SECONDS * 1000),
  });
  return token;
}

export async function findSessionMember(db: Db, token: string): Promise<TSessionMember | null> {
  if (token.length > 100) return null;
  const rows = await db
    .select({ id: members.id, sessionId: sessions.id, roles: members.roles })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(members.deletedAt),
        eq(members.status, 'active'),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a member, or every one but `keepSessionId`. */
export async function revokeMemberSessions(db: Db, memberId: number, keepSessionId?: number) {
  const where = keepSessionId
    ? and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))
    : and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: new Date() }).where(where);
}
