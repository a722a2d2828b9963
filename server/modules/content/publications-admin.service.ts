// The platform admin's side of news (/news) and technical articles (/technicalCentre): a list with
// search, status tabs and paging, the editor's record, saves (rich text sanitised like every other
// write) and unpublish / republish. Every write names the version it was edited from (409 when
// stale) and leaves an audit entry; the tables' triggers drop the cached public answers at once.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CATEGORY_NOT_LISTED, type TAdminPublicationDetail, type TAdminPublicationList, type TPublicationKindPath, type ZAdminPublicationQuery, type ZPublicationInput, type ZPublicationStatusBody } from '../../../contracts/moderation.js';
import type { Db } from '../../db/client.js';
import { articles, auditLog, news } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { mustHaveUpdated, nextVersion, sameVersion } from '../../lib/versioned.js';
import { sanitizeRichText } from './publications.service.js';

const tableOf = (kind: TPublicationKindPath) => (kind === 'news' ? news : (articles as unknown as typeof news));
const NOT_FOUND: Record<TPublicationKindPath, string> = { news: '资讯不存在或已被删除', articles: '文章不存在或已被删除' };
const ENTITY: Record<TPublicationKindPath, string> = { news: 'news', articles: 'article' };
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function list(db: Db, kind: TPublicationKindPath, q: z.output<typeof ZAdminPublicationQuery>): Promise<TAdminPublicationList> {
  const t = tableOf(kind);
  const search: SQL[] = [];
  if (q.keyword) {
    for (const word of q.keyword.split(/\s+/).filter(Boolean).slice(0, 5)) {
      const p = likePattern(word);
      search.push(/^\d{1,9}$/.test(word) ? or(eq(t.id, Number(word)), ilike(t.title, p))! : or(ilike(t.title, p), ilike(t.category, p), ilike(sql`coalesce(${t.author}, '')`, p))!);
    }
  }
  const where = and(...search, q.status ? eq(t.status, q.status) : undefined);
  const [rows, byStatus] = await Promise.all([
    db
      .select({ id: t.id, title: t.title, category: t.category, author: t.author, status: t.status, views: t.views, publishedAt: t.publishedAt, updatedAt: t.updatedAt, version: t.version })
      .from(t)
      .where(where)
      .orderBy(desc(t.publishedAt), desc(t.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    // The tabs count with the same keyword as the list.
    db
      .select({ status: t.status, n: count() })
      .from(t)
      .where(and(...search))
      .groupBy(t.status),
  ]);
  const n = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
  const counts = { all: n('published') + n('unpublished'), published: n('published'), unpublished: n('unpublished') };
  return {
    items: rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    total: q.status ? counts[q.status] : counts.all,
    page: q.page,
    pageSize: q.pageSize,
    counts,
  };
}

export async function detail(db: Db, kind: TPublicationKindPath, id: number): Promise<TAdminPublicationDetail> {
  const t = tableOf(kind);
  const [row] = await db
    .select({
      id: t.id,
      title: t.title,
      category: t.category,
      author: t.author,
      status: t.status,
      views: t.views,
      publishedAt: t.publishedAt,
      updatedAt: t.updatedAt,
      version: t.version,
      summary: t.summary,
      cover: t.cover,
      content: t.content,
      source: kind === 'news' ? news.source : sql<string | null>`null`,
      tags: kind === 'articles' ? articles.tags : sql<string[] | null>`null`,
    })
    .from(t)
    .where(eq(t.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND[kind]);
  const cats = await db.selectDistinct({ name: t.category }).from(t).orderBy(asc(t.category)).limit(100);
  return {
    ...row,
    tags: row.tags ?? [],
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    categories: cats.map((c) => c.name),
  };
}

async function mustExist(db: Db, kind: TPublicationKindPath, id: number) {
  const t = tableOf(kind);
  const [row] = await db.select({ id: t.id, status: t.status }).from(t).where(eq(t.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND[kind]);
  return row;
}

export async function update(db: Db, actorId: number, kind: TPublicationKindPath, id: number, input: z.output<typeof ZPublicationInput>) {
  const before = await mustExist(db, kind, id);
  const t = tableOf(kind);
  const content = sanitizeRichText(input.content);
  if (!content.replace(/<[^>]*>/g, '').trim() && !/<img\s/i.test(content)) throw new AppError('BAD_REQUEST', '正文不能为空');
  // 栏目 are a closed list (each is a public tab): a new one only when the admin says so.
  if (!input.newCategory) {
    const [listed] = await db.select({ id: t.id }).from(t).where(eq(t.category, input.category)).limit(1);
    if (!listed) throw new AppError('BAD_REQUEST', CATEGORY_NOT_LISTED);
  }
  const set: Record<string, unknown> = {
    title: input.title,
    category: input.category,
    summary: input.summary,
    cover: input.cover,
    author: input.author,
    content,
    updatedAt: new Date(),
    version: nextVersion(t.version),
  };
  if (kind === 'news') set.source = input.source;
  else set.tags = input.tags.length ? input.tags : null;
  await db.transaction(async (tx) => {
    const rows = await (tx as unknown as Db)
      .update(t)
      .set(set as Partial<typeof news.$inferInsert>)
      .where(and(eq(t.id, id), sameVersion(t.version, input.version)))
      .returning({ id: t.id });
    mustHaveUpdated(rows);
    await (tx as unknown as Db).insert(auditLog).values({ entity: ENTITY[kind], entityId: id, fromState: before.status, toState: 'edited', actorId, note: input.title.slice(0, 150) });
  });
}

export async function setStatus(db: Db, actorId: number, kind: TPublicationKindPath, id: number, body: z.output<typeof ZPublicationStatusBody>) {
  const before = await mustExist(db, kind, id);
  const t = tableOf(kind);
  await db.transaction(async (tx) => {
    const rows = await (tx as unknown as Db)
      .update(t)
      .set({ status: body.status, updatedAt: new Date(), version: nextVersion(t.version) } as unknown as Partial<typeof news.$inferInsert>)
      .where(and(eq(t.id, id), sameVersion(t.version, body.version)))
      .returning({ id: t.id });
    mustHaveUpdated(rows);
    await (tx as unknown as Db).insert(auditLog).values({ entity: ENTITY[kind], entityId: id, fromState: before.status, toState: body.status, actorId, note: null });
  });
}
