// SQL for feedback entries and the notices that tell the admins about them.
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { feedback, members, notices } from '../../db/schema.js';

export type TFeedbackRow = typeof feedback.$inferSelect;

export async function insertFeedback(db: Db, values: { memberId: number | null; kind: string; content: string; contact: string | null; ip: string }) {
  const [row] = await db.insert(feedback).values(values).returning();
  return row!;
}

export async function adminIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(sql`'admin' = any(${members.roles})`, isNull(members.deletedAt), eq(members.status, 'active')));
  return rows.map((r) => r.id);
}

export async function insertNotices(db: Db, rows: { memberId: number; title: string; content: string; link: string | null; kind: string }[]) {
  if (rows.length) await db.insert(notices).values(rows);
}

export async function listFeedback(db: Db, f: { status?: string; kind?: string; page: number; pageSize: number }) {
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(feedback.status, f.status));
  if (f.kind) conds.push(eq(feedback.kind, f.kind));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: feedback.id,
        kind: feedback.kind,
        content: feedback.content,
        contact: feedback.contact,
        status: feedback.status,
        memberId: feedback.memberId,
        memberName: sql<string | null>`coalesce(${members.nickname}, ${members.uname}, ${members.realName}, ${members.mobile}, ${members.email})`,
        ip: feedback.ip,
        createdAt: feedback.createdAt,
      })
      .from(feedback)
      .leftJoin(members, eq(members.id, feedback.memberId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateFeedbackStatus(db: Db, id: number, status: string): Promise<boolean> {
  const rows = await db.update(feedback).set({ status }).where(eq(feedback.id, id)).returning({ id: feedback.id });
  return rows.length > 0;
}
