// The supplier's job positions shown on its store's recruitment page; descriptions are sanitised on write.
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TSupplierRecruitment, ZRecruitmentInput } from '../../../contracts/backoffice.js';
import type { Db } from '../../db/client.js';
import { recruitments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { mustHaveUpdated, nextVersion, sameVersion } from '../../lib/versioned.js';
import { sanitizeOnWrite, textOf } from './rich-text.js';
import { iso, type TOwnSupplier } from './supplier.context.js';

type TInput = z.output<typeof ZRecruitmentInput>;
const NOT_FOUND = '职位不存在或已被删除';

const row = (r: typeof recruitments.$inferSelect): TSupplierRecruitment => ({
  id: r.id,
  title: r.title,
  city: r.city,
  salary: r.salary,
  headcount: r.headcount,
  education: r.education,
  experience: r.experience,
  description: r.description,
  status: r.status,
  createdAt: iso(r.createdAt),
  version: r.version,
});

export async function list(db: Db, me: TOwnSupplier, q: { status?: string; page: number; pageSize: number }) {
  const where = and(eq(recruitments.supplierId, me.id), q.status ? eq(recruitments.status, q.status) : undefined);
  const [rows, [total], byStatus] = await Promise.all([
    db
      .select()
      .from(recruitments)
      .where(where)
      .orderBy(desc(recruitments.createdAt), desc(recruitments.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(recruitments).where(where),
    db.select({ status: recruitments.status, n: count() }).from(recruitments).where(eq(recruitments.supplierId, me.id)).groupBy(recruitments.status),
  ]);
  return {
    items: rows.map(row),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    counts: { open: byStatus.find((s) => s.status === 'open')?.n ?? 0, closed: byStatus.find((s) => s.status === 'closed')?.n ?? 0 },
  };
}

async function mustOwn(db: Db, me: TOwnSupplier, id: number) {
  const [r] = await db
    .select()
    .from(recruitments)
    .where(and(eq(recruitments.id, id), eq(recruitments.supplierId, me.id)))
    .limit(1);
  if (!r) throw new AppError('NOT_FOUND', NOT_FOUND);
  return r;
}

export async function detail(db: Db, me: TOwnSupplier, id: number) {
  return row(await mustOwn(db, me, id));
}

function clean(input: TInput) {
  const description = sanitizeOnWrite(input.description);
  if (Array.from(textOf(description)).length < 10) throw new AppError('BAD_REQUEST', '职位描述至少需要10个字');
  const { version: _version, ...rest } = input;
  return { ...rest, description };
}

export async function create(db: Db, me: TOwnSupplier, input: TInput): Promise<number> {
  const [r] = await db
    .insert(recruitments)
    .values({ ...clean(input), supplierId: me.id })
    .returning({ id: recruitments.id });
  return r!.id;
}

export async function update(db: Db, me: TOwnSupplier, id: number, input: TInput) {
  await mustOwn(db, me, id);
  const rows = await db
    .update(recruitments)
    .set({ ...clean(input), version: nextVersion(recruitments.version) })
    .where(and(eq(recruitments.id, id), sameVersion(recruitments.version, input.version)))
    .returning({ id: recruitments.id });
  mustHaveUpdated(rows);
}

export async function setStatus(db: Db, me: TOwnSupplier, id: number, status: string) {
  await mustOwn(db, me, id);
  await db.update(recruitments).set({ status, version: nextVersion(recruitments.version) }).where(eq(recruitments.id, id));
}

export async function remove(db: Db, me: TOwnSupplier, id: number) {
  await mustOwn(db, me, id);
  await db.delete(recruitments).where(eq(recruitments.id, id));
}
