// The supplier's store articles (kind article) and solutions (kind scheme); content is sanitised on write.
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import type { TSupplierArticleDetail, ZStoreArticleInput, ZStoreArticleListQuery } from '../../../contracts/backoffice.js';
import type { Db } from '../../db/client.js';
import { storeArticles } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { mustHaveUpdated, nextVersion, sameVersion } from '../../lib/versioned.js';
import { sanitizeOnWrite, textOf } from './rich-text.js';
import { iso, likePattern, type TOwnSupplier } from './supplier.context.js';

type TInput = z.output<typeof ZStoreArticleInput>;
const NOT_FOUND = '文章不存在或已被删除';

const row = (r: typeof storeArticles.$inferSelect) => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  summary: r.summary,
  cover: r.cover,
  status: r.status,
  views: r.views,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export async function list(db: Db, me: TOwnSupplier, q: z.output<typeof ZStoreArticleListQuery>) {
  const where = and(
    eq(storeArticles.supplierId, me.id),
    eq(storeArticles.kind, q.kind),
    q.status ? eq(storeArticles.status, q.status) : undefined,
    q.keyword ? ilike(storeArticles.title, likePattern(q.keyword)) : undefined,
  );
  const [rows, [total], kinds] = await Promise.all([
    db
      .select()
      .from(storeArticles)
      .where(where)
      .orderBy(desc(storeArticles.updatedAt), desc(storeArticles.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(storeArticles).where(where),
    db.select({ kind: storeArticles.kind, n: count() }).from(storeArticles).where(eq(storeArticles.supplierId, me.id)).groupBy(storeArticles.kind),
  ]);
  return {
    items: rows.map(row),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    counts: { article: kinds.find((k) => k.kind === 'article')?.n ?? 0, scheme: kinds.find((k) => k.kind === 'scheme')?.n ?? 0 },
  };
}

async function mustOwn(db: Db, me: TOwnSupplier, id: number) {
  const [r] = await db
    .select()
    .from(storeArticles)
    .where(and(eq(storeArticles.id, id), eq(storeArticles.supplierId, me.id)))
    .limit(1);
  if (!r) throw new AppError('NOT_FOUND', NOT_FOUND);
  return r;
}

export async function detail(db: Db, me: TOwnSupplier, id: number): Promise<TSupplierArticleDetail> {
  const r = await mustOwn(db, me, id);
  return { ...row(r), content: r.content, version: r.version };
}

/** An empty 摘要 is the start of the text, as the form promises (「不填则自动取正文开头」). */
export const SUMMARY_AUTO_CHARS = 120;
export function summaryFrom(text: string): string {
  const flat = text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(flat);
  return chars.length > SUMMARY_AUTO_CHARS ? `${chars.slice(0, SUMMARY_AUTO_CHARS).join('')}…` : flat;
}

function clean(input: TInput) {
  const content = sanitizeOnWrite(input.content);
  const text = textOf(content);
  if (!text && !/<img\s/i.test(content)) throw new AppError('BAD_REQUEST', '正文不能为空');
  const { version: _version, ...rest } = input;
  // Blocks end in a space, so 「前言」 and the paragraph after it do not run together.
  const auto = () => summaryFrom(textOf(content.replace(/<(\/(p|h[1-6]|li|div|tr|td|blockquote)|br\s*\/?)>/gi, ' $&'))) || null;
  return { ...rest, summary: rest.summary?.trim() ? rest.summary.trim() : auto(), content };
}

export async function create(db: Db, me: TOwnSupplier, input: TInput): Promise<number> {
  const [r] = await db
    .insert(storeArticles)
    .values({ ...clean(input), supplierId: me.id })
    .returning({ id: storeArticles.id });
  return r!.id;
}

export async function update(db: Db, me: TOwnSupplier, id: number, input: TInput) {
  await mustOwn(db, me, id);
  const rows = await db
    .update(storeArticles)
    .set({ ...clean(input), updatedAt: new Date(), version: nextVersion(storeArticles.version) })
    .where(and(eq(storeArticles.id, id), sameVersion(storeArticles.version, input.version)))
    .returning({ id: storeArticles.id });
  mustHaveUpdated(rows);
}

export async function setStatus(db: Db, me: TOwnSupplier, id: number, status: string) {
  await mustOwn(db, me, id);
  await db.update(storeArticles).set({ status, updatedAt: new Date(), version: nextVersion(storeArticles.version) }).where(eq(storeArticles.id, id));
}

export async function remove(db: Db, me: TOwnSupplier, id: number) {
  await mustOwn(db, me, id);
  await db.delete(storeArticles).where(eq(storeArticles.id, id));
}
