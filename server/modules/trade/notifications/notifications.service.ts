// The member's notifications (the bell): trade events written by dispatchEvents into notices, and
// the platform's announcements to 全体会员 (member_id null), read or unread per member via notice_reads.
import { and, asc, count, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { TNotification } from '../../../../contracts/trade.js';
import type { Db } from '../../../db/client.js';
import { noticeReads, notices } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { iso, isoOrNull } from '../common.js';

/** Announcements to every member: no member, no trade kind. */
const broadcast = and(isNull(notices.memberId), isNull(notices.kind));
const mine = (memberId: number) => or(eq(notices.memberId, memberId), broadcast);
/** When this member read the notice: its own read_at, or the member's notice_reads row for an announcement. */
const readAtOf = (memberId: number) =>
  sql<Date | null>`coalesce(${notices.readAt}, (select ${noticeReads.readAt} from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.memberId} = ${memberId}))`.mapWith(
    (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v))),
  );
const unreadBy = (memberId: number) => sql`${readAtOf(memberId)} is null`;

const toNotification = (n: Pick<typeof notices.$inferSelect, 'id' | 'kind' | 'title' | 'content' | 'link' | 'readAt' | 'createdAt'>): TNotification => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  content: n.content,
  link: n.link,
  readAt: isoOrNull(n.readAt),
  createdAt: iso(n.createdAt),
});

export async function listNotifications(db: Db, memberId: number, f: { page: number; pageSize: number; unread?: boolean }) {
  const where = f.unread ? and(mine(memberId), unreadBy(memberId)) : mine(memberId);
  const [total] = await db.select({ n: count() }).from(notices).where(where);
  const rows = await db
    .select({ id: notices.id, kind: notices.kind, title: notices.title, content: notices.content, link: notices.link, readAt: readAtOf(memberId), createdAt: notices.createdAt })
    .from(notices)
    .where(where)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { items: rows.map(toNotification), total: total?.n ?? 0, page: f.page, pageSize: f.pageSize };
}

export async function unreadCount(db: Db, memberId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(mine(memberId), unreadBy(memberId)));
  return row?.n ?? 0;
}

export async function markRead(db: Db, memberId: number, id: number) {
  const [row] = await db.select({ id: notices.id, memberId: notices.memberId, kind: notices.kind, readAt: notices.readAt }).from(notices).where(eq(notices.id, id)).limit(1);
  if (row && row.memberId === null && row.kind === null) {
    await db.insert(noticeReads).values({ noticeId: id, memberId }).onConflictDoNothing();
    return;
  }
  if (!row || row.memberId !== memberId) throw new AppError('NOT_FOUND', '通知不存在');
  if (!row.readAt) await db.update(notices).set({ readAt: new Date() }).where(eq(notices.id, id));
}

export async function markAllRead(db: Db, memberId: number) {
  const rows = await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(eq(notices.memberId, memberId), isNull(notices.readAt)))
    .returning({ id: notices.id });
  const announcements = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(broadcast, unreadBy(memberId)));
  if (announcements.length) await db.insert(noticeReads).values(announcements.map((a) => ({ noticeId: a.id, memberId }))).onConflictDoNothing();
  return rows.length + announcements.length;
}

/** The highest notice id this member can see (0 if none): where a fresh stream starts. */
export async function latestNotificationId(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${notices.id}), 0)`.mapWith(Number) })
    .from(notices)
    .where(mine(memberId));
  return row?.id ?? 0;
}

/**
 * The member's notices after `afterId`, and those created in the last `recentMs` (a notice whose
 * transaction committed after a later one's: the stream skips the ids it already sent), oldest id first.
 */
export async function notificationsSince(db: Db, memberId: number, afterId: number, recentMs: number, limit = 50): Promise<TNotification[]> {
  const rows = await db
    .select({ id: notices.id, kind: notices.kind, title: notices.title, content: notices.content, link: notices.link, readAt: readAtOf(memberId), createdAt: notices.createdAt })
    .from(notices)
    .where(and(mine(memberId), or(gt(notices.id, afterId), gt(notices.createdAt, new Date(Date.now() - recentMs)))))
    .orderBy(asc(notices.id))
    .limit(limit);
  return rows.map(toNotification);
}

/**
 * The member's unread notices created since `since` (the session's start), oldest id first, at most
 * `limit` of the newest: what a stream without Last-Event-ID sends first, for the client to decide
 * which of them are new to it.
 */
export async function unreadSince(db: Db, memberId: number, since: Date, limit = 100): Promise<TNotification[]> {
  const rows = await db
    .select({ id: notices.id, kind: notices.kind, title: notices.title, content: notices.content, link: notices.link, readAt: readAtOf(memberId), createdAt: notices.createdAt })
    .from(notices)
    .where(and(mine(memberId), unreadBy(memberId), gte(notices.createdAt, since)))
    .orderBy(desc(notices.id))
    .limit(limit);
  return rows.reverse().map(toNotification);
}
