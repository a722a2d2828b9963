// SQL for the two publication tables (news, technical articles): lists, counts, detail with
// neighbours and related items. Both tables share their columns, so one set of queries serves both.
import { and, count, desc, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { articles, news } from '../../db/schema.js';

export type TPublicationKind = 'news' | 'article';
type TTable = typeof news | typeof articles;

const tableOf = (kind: TPublicationKind): TTable => (kind === 'news' ? news : articles);
/** Only published items are public: an item the platform admin unpublished answers 404 and leaves every list. */
const visible = (kind: TPublicationKind): SQL => eq(tableOf(kind).status, 'published');

/** The columns a list row shows: everything but the content. */
function listColumns(kind: TPublicationKind) {
  const t = tableOf(kind);
  return {
    id: t.id,
    category: t.category,
    title: t.title,
    summary: t.summary,
    cover: t.cover,
    author: t.author,
    views: t.views,
    publishedAt: t.publishedAt,
    source: kind === 'news' ? news.source : sql<string | null>`null`,
    tags: kind === 'article' ? articles.tags : sql<string[] | null>`null`,
  };
}

export type TPublicationRow = {
  id: number;
  category: string;
  title: string;
  summary: string | null;
  cover: string | null;
  author: string | null;
  views: number;
  publishedAt: Date;
  source: string | null;
  tags: string[] | null;
};

export type TPublicationFilter = { category?: string; keyword?: string; tag?: string };

/** Escapes LIKE wildcards so a keyword such as "100%" matches literally. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(kind: TPublicationKind, f: TPublicationFilter): SQL | undefined {
  const t = tableOf(kind);
  const conds: SQL[] = [visible(kind)];
  if (f.category) conds.push(eq(t.category, f.category));
  if (f.keyword) {
    // Every whitespace-separated word must appear in the title or the summary.
    for (const word of f.keyword.split(/\s+/).filter(Boolean).slice(0, 5)) {
      const p = likePattern(word);
      conds.push(sql`(${t.title} ilike ${p} or coalesce(${t.summary}, '') ilike ${p})`);
    }
  }
  if (f.tag && kind === 'article') conds.push(sql`${articles.tags} @> array[${f.tag}]::text[]`);
  return and(...conds);
}

export async function listPublications(
  db: Db,
  kind: TPublicationKind,
  f: TPublicationFilter & { sort: 'latest' | 'hot'; page: number; pageSize: number },
): Promise<{ rows: TPublicationRow[]; total: number }> {
  const t = tableOf(kind);
  const where = whereOf(kind, f);
  const order = f.sort === 'hot' ? [desc(t.views), desc(t.id)] : [desc(t.publishedAt), desc(t.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(listColumns(kind))
      .from(t as typeof news)
      .where(where)
      .orderBy(...order)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: count() })
      .from(t as typeof news)
      .where(where),
  ]);
  return { rows: rows as TPublicationRow[], total: totalRow?.n ?? 0 };
}

export async function categoryCounts(db: Db, kind: TPublicationKind): Promise<{ name: string; count: number }[]> {
  const t = tableOf(kind);
  const rows = await db
    .select({ name: t.category, count: count() })
    .from(t as typeof news)
    .where(visible(kind))
    .groupBy(t.category)
    .orderBy(desc(count()), asc(t.category));
  return rows;
}

export async function tagCounts(db: Db, limit: number): Promise<{ name: string; count: number }[]> {
  const res = await db.execute(
    sql`select tag as name, count(*)::int as count from ${articles}, unnest(${articles.tags}) as tag where ${articles.status} = 'published' group by tag order by count(*) desc, tag asc limit ${limit}`,
  );
  // Both drivers answer raw SQL with { rows }; counts are cast to int so they arrive as numbers.
  const { rows } = res as unknown as { rows: { name: string; count: number | string }[] };
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}

/** Counts one view and answers the row with its content, in one statement; null when missing. */
export async function readPublication(db: Db, kind: TPublicationKind, id: number): Promise<(TPublicationRow & { content: string }) | null> {
  const t = tableOf(kind) as typeof news;
  const [row] = await db
    .update(t)
    .set({ views: sql`${t.views} + 1` })
    .where(and(eq(t.id, id), visible(kind)))
    .returning({ ...listColumns(kind), content: t.content });
  return (row as (TPublicationRow & { content: string }) | undefined) ?? null;
}

/** The row with its content, without counting a view (views are counted write-behind); null when missing. */
export async function findPublication(db: Db, kind: TPublicationKind, id: number): Promise<(TPublicationRow & { content: string }) | null> {
  const t = tableOf(kind) as typeof news;
  const [row] = await db
    .select({ ...listColumns(kind), content: t.content })
    .from(t)
    .where(and(eq(t.id, id), visible(kind)))
    .limit(1);
  return (row as (TPublicationRow & { content: string }) | undefined) ?? null;
}

/** Title, summary and cover for the page meta of a shared link; does not count a view. */
export async function publicationMeta(db: Db, kind: TPublicationKind, id: number) {
  const t = tableOf(kind) as typeof news;
  const [row] = await db
    .select({ title: t.title, summary: t.summary, content: t.content, cover: t.cover, category: t.category, author: t.author, publishedAt: t.publishedAt })
    .from(t)
    .where(and(eq(t.id, id), visible(kind)))
    .limit(1);
  return row ?? null;
}

/** The item listed just before (newer) and just after (older) in the newest-first list. */
export async function neighbours(db: Db, kind: TPublicationKind, currentId: number) {
  const t = tableOf(kind) as typeof news;
  const cols = { id: t.id, title: t.title };
  // Compared in SQL: a JS Date would drop the microseconds and find the item itself.
  const current = sql`(select ${t.publishedAt}, ${t.id} from ${t} where ${t.id} = ${currentId})`;
  const [[prev], [next]] = await Promise.all([
    db
      .select(cols)
      .from(t)
      .where(and(sql`(${t.publishedAt}, ${t.id}) > ${current}`, visible(kind)))
      .orderBy(asc(t.publishedAt), asc(t.id))
      .limit(1),
    db
      .select(cols)
      .from(t)
      .where(and(sql`(${t.publishedAt}, ${t.id}) < ${current}`, visible(kind)))
      .orderBy(desc(t.publishedAt), desc(t.id))
      .limit(1),
  ]);
  return { prev: prev ?? null, next: next ?? null };
}

export async function relatedPublications(db: Db, kind: TPublicationKind, current: { id: number; category: string }, limit = 6): Promise<TPublicationRow[]> {
  const t = tableOf(kind);
  const rows = await db
    .select(listColumns(kind))
    .from(t as typeof news)
    .where(and(eq(t.category, current.category), ne(t.id, current.id), visible(kind)))
    .orderBy(desc(t.publishedAt), desc(t.id))
    .limit(limit);
  return rows as TPublicationRow[];
}

export async function publicationExists(db: Db, kind: TPublicationKind, id: number): Promise<boolean> {
  const t = tableOf(kind) as typeof news;
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), visible(kind)))
    .limit(1);
  return Boolean(row);
}
