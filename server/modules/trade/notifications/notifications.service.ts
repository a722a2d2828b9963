// The member's notifications (the bell): trade events written by dispatchEvents into notices.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { TNotification } from '../../../../contracts/trade.js';
import type { Db } from '../../../db/client.js';
import { notices } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { iso, isoOrNull } from '../common.js';

const toNotification = (n: typeof notices.$inferSelect): TNotification => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  content: n.content,
  link: n.link,
  readAt: isoOrNull(n.readAt),
  createdAt: iso(n.createdAt),
});

export async function listNotifications(db: Db, memberId: number, f: { page: number; pageSize: number; unread?: boolean }) {
  const where = f.unread ? and(eq(notices.memberId, memberId), isNull(notices.readAt)) : eq(notices.memberId, memberId);
  const [total] = await db.select({ n: count() }).from(notices).where(where);
  const rows = await db
    .select()
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
    .where(and(eq(notices.memberId, memberId), isNull(notices.readAt)));
  return row?.n ?? 0;
}

export async function markRead(db: Db, memberId: number, id: number) {
  const [row] = await db.select({ id: notices.id, memberId: notices.memberId, readAt: notices.readAt }).from(notices).where(eq(notices.id, id)).limit(1);
  if (!row || row.memberId !== memberId) throw new AppError('NOT_FOUND', '通知不存在');
  if (!row.readAt) await db.update(notices).set({ readAt: new Date() }).where(eq(notices.id, id));
}

export async function markAllRead(db: Db, memberId: number) {
  const rows = await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(eq(notices.memberId, memberId), isNull(notices.readAt)))
    .returning({ id: notices.id });
  return rows.length;
}
