// Platform announcements: admins publish them to everyone (member_id null) or to one member; the
// latest platform-wide ones are public for the home page and the notification bell.
import { and, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAdminNotice, TPlatformNotice, ZNoticeInput, ZNoticeListQuery } from '../../../contracts/backoffice.js';
import { isMobile } from '../../../contracts/constants.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { members, noticeReads, notices } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { mustHaveUpdated, nextVersion, sameVersion } from '../../lib/versioned.js';
import { iso, likePattern } from './admin.common.js';

type TInput = z.output<typeof ZNoticeInput>;
const announcement = isNull(notices.kind);

/** The columns an admin reads of a notice, with the addressed member's display name. */
const NOTICE_COLUMNS = {
  id: notices.id,
  title: notices.title,
  content: notices.content,
  link: notices.link,
  memberId: notices.memberId,
  memberName: sql<string | null>`coalesce(${members.nickname}, ${members.uname}, ${members.realName}, ${members.mobile})`,
  createdAt: notices.createdAt,
  version: notices.version,
};

export async function list(db: Db, q: z.output<typeof ZNoticeListQuery>): Promise<TPage<TAdminNotice>> {
  const conds: SQL[] = [announcement];
  if (q.audience === 'platform') conds.push(isNull(notices.memberId));
  if (q.audience === 'member') conds.push(isNotNull(notices.memberId));
  if (q.keyword) conds.push(ilike(notices.title, likePattern(q.keyword)));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select(NOTICE_COLUMNS)
      .from(notices)
      .leftJoin(members, eq(members.id, notices.memberId))
      .where(where)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

async function resolveTarget(db: Db, target: string | null): Promise<number | null> {
  if (!target) return null;
  const isId = /^\d{1,10}$/.test(target) && !isMobile(target);
  if (!isId && !isMobile(target)) throw new AppError('BAD_REQUEST', '接收会员请填写会员编号或手机号');
  const [m] = await db
    .select({ id: members.id, status: members.status })
    .from(members)
    .where(isId ? eq(members.id, Number(target)) : eq(members.mobile, target))
    .limit(1);
  if (!m || m.status === 'deleted') throw new AppError('NOT_FOUND', '接收会员不存在');
  return m.id;
}

export async function create(db: Db, input: TInput): Promise<number> {
  const memberId = await resolveTarget(db, input.target);
  const [row] = await db
    .insert(notices)
    .values({ title: input.title, content: input.content, link: input.link, memberId })
    .returning({ id: notices.id });
  return row!.id;
}

async function mustFind(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), announcement))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '公告不存在');
  return row;
}

export async function detail(db: Db, id: number): Promise<TAdminNotice> {
  const [row] = await db
    .select(NOTICE_COLUMNS)
    .from(notices)
    .leftJoin(members, eq(members.id, notices.memberId))
    .where(and(eq(notices.id, id), announcement))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', '公告不存在');
  return { ...row, createdAt: iso(row.createdAt) };
}

export async function update(db: Db, id: number, input: TInput) {
  await mustFind(db, id);
  const memberId = await resolveTarget(db, input.target);
  const rows = await db
    .update(notices)
    .set({ title: input.title, content: input.content, link: input.link, memberId, readAt: null, version: nextVersion(notices.version) })
    .where(and(eq(notices.id, id), sameVersion(notices.version, input.version)))
    .returning({ id: notices.id });
  mustHaveUpdated(rows);
  // An edited announcement is news again for everyone who had read it.
  await db.delete(noticeReads).where(eq(noticeReads.noticeId, id));
}

export async function remove(db: Db, id: number) {
  await mustFind(db, id);
  await db.delete(notices).where(eq(notices.id, id));
}

export async function latestPlatform(db: Db, limit = 10): Promise<TPlatformNotice[]> {
  const rows = await db
    .select({ id: notices.id, title: notices.title, content: notices.content, link: notices.link, createdAt: notices.createdAt })
    .from(notices)
    .where(and(isNull(notices.memberId), announcement))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}
