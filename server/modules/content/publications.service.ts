// News and technical articles: list and detail answers, with rich text sanitised on the server.
import sanitizeHtml from 'sanitize-html';
import type { TArticleDetail, TArticleListItem, TNewsDetail, TNewsListItem } from '../../../contracts/content.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './publications.repository.js';
import type { TPublicationKind, TPublicationRow } from './publications.repository.js';
import { cached, cacheKey, type TCacheTag } from '../../lib/cache.js';
import { countVisit, flushedViews, type TVisitor } from '../../lib/view-counts.js';

const NOT_FOUND: Record<TPublicationKind, string> = { news: '新闻不存在', article: '文章不存在' };

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'figure', 'figcaption', 'sub', 'sup', 'del', 'ins'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    ol: ['start'],
    '*': ['class'],
  },
  allowedClasses: { '*': ['note', 'tip', 'warning', 'lead', 'formula'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links leave the site in a new tab without handing over the page or ranking.
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...rest, target: '_blank', rel: 'noopener noreferrer nofollow' } : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export const sanitizeRichText = (html: string) => sanitizeHtml(html, SANITIZE);

/** Plain text of rich text, for descriptions. */
export const plainText = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

const newsItem = (r: TPublicationRow): TNewsListItem => ({
  id: r.id,
  category: r.category,
  title: r.title,
  summary: r.summary,
  cover: r.cover,
  source: r.source,
  author: r.author,
  views: r.views,
  publishedAt: r.publishedAt.toISOString(),
});

const articleItem = (r: TPublicationRow): TArticleListItem => ({
  id: r.id,
  category: r.category,
  title: r.title,
  summary: r.summary,
  cover: r.cover,
  author: r.author,
  tags: r.tags ?? [],
  views: r.views,
  publishedAt: r.publishedAt.toISOString(),
});

type TListArgs = repo.TPublicationFilter & { sort: 'latest' | 'hot'; page: number; pageSize: number };

// Answers come from the shared cache (dropped on every write to news or articles); views are
// counted write-behind and added to the cached count.
const TAG: Record<TPublicationKind, TCacheTag> = { news: 'news', article: 'articles' };
const TABLE = { news: 'news', article: 'articles' } as const;

export async function listNews(db: Db, q: TListArgs): Promise<TPage<TNewsListItem>> {
  return cached(db, 'news', cacheKey({ ...q }), ['news'], async () => {
    const { rows, total } = await repo.listPublications(db, 'news', q);
    return { items: rows.map(newsItem), total, page: q.page, pageSize: q.pageSize };
  });
}

export async function listArticles(db: Db, q: TListArgs): Promise<TPage<TArticleListItem>> {
  return cached(db, 'articles', cacheKey({ ...q }), ['articles'], async () => {
    const { rows, total } = await repo.listPublications(db, 'article', q);
    return { items: rows.map(articleItem), total, page: q.page, pageSize: q.pageSize };
  });
}

export async function categories(db: Db, kind: TPublicationKind) {
  return cached(db, `${kind}-categories`, '', [TAG[kind]], async () => {
    const items = await repo.categoryCounts(db, kind);
    return { total: items.reduce((sum, c) => sum + c.count, 0), items };
  });
}

async function readDetail<T extends { views: number }>(db: Db, kind: TPublicationKind, id: number, visitor: TVisitor | null | undefined, shape: (d: Awaited<ReturnType<typeof loadDetail>> & object) => T): Promise<T> {
  const entry = await cached(db, `${kind}-detail`, String(id), [TAG[kind]], async () => {
    const alreadyWritten = flushedViews(db, TABLE[kind], id);
    const d = await loadDetail(db, kind, id);
    return d && { detail: shape(d), viewsBase: d.row.views - alreadyWritten };
  });
  if (!entry) throw new AppError('NOT_FOUND', NOT_FOUND[kind]);
  return { ...entry.detail, views: entry.viewsBase + countVisit(db, TABLE[kind], id, visitor) };
}

async function loadDetail(db: Db, kind: TPublicationKind, id: number) {
  const row = await repo.findPublication(db, kind, id);
  if (!row) return null;
  const [{ prev, next }, related] = await Promise.all([repo.neighbours(db, kind, row.id), repo.relatedPublications(db, kind, row)]);
  return { row, prev, next, related, content: sanitizeRichText(row.content) };
}

/** A news item; `visitor` (lib/view-counts.ts visitorOf) counts the visit, once per visit. */
export async function newsDetail(db: Db, id: number, visitor?: TVisitor | null): Promise<TNewsDetail> {
  return readDetail(db, 'news', id, visitor, (d) => ({ ...newsItem(d.row), content: d.content, prev: d.prev, next: d.next, related: d.related.map(newsItem) }));
}

export async function articleDetail(db: Db, id: number, visitor?: TVisitor | null): Promise<TArticleDetail> {
  return readDetail(db, 'article', id, visitor, (d) => ({ ...articleItem(d.row), content: d.content, prev: d.prev, next: d.next, related: d.related.map(articleItem) }));
}

/** Title and description for the HTML of a detail page (server-side meta for shared links). */
export async function pageMeta(db: Db, kind: TPublicationKind, id: number) {
  const row = await repo.publicationMeta(db, kind, id);
  if (!row) return null;
  const description = row.summary?.trim() || plainText(row.content).slice(0, 120);
  return { title: row.title, description, cover: row.cover, category: row.category, author: row.author, publishedAt: row.publishedAt };
}

export const tags = (db: Db, limit: number) => repo.tagCounts(db, limit);
