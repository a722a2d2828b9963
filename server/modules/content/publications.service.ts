// News and technical articles: list and detail answers, with rich text sanitised on the server.
import sanitizeHtml from 'sanitize-html';
import type { TArticleDetail, TArticleListItem, TNewsDetail, TNewsListItem } from '../../../contracts/content.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './publications.repository.js';
import type { TPublicationKind, TPublicationRow } from './publications.repository.js';

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

export async function listNews(db: Db, q: TListArgs): Promise<TPage<TNewsListItem>> {
  const { rows, total } = await repo.listPublications(db, 'news', q);
  return { items: rows.map(newsItem), total, page: q.page, pageSize: q.pageSize };
}

export async function listArticles(db: Db, q: TListArgs): Promise<TPage<TArticleListItem>> {
  const { rows, total } = await repo.listPublications(db, 'article', q);
  return { items: rows.map(articleItem), total, page: q.page, pageSize: q.pageSize };
}

export async function categories(db: Db, kind: TPublicationKind) {
  const items = await repo.categoryCounts(db, kind);
  return { total: items.reduce((sum, c) => sum + c.count, 0), items };
}

async function readDetail(db: Db, kind: TPublicationKind, id: number) {
  const row = await repo.readPublication(db, kind, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND[kind]);
  const [{ prev, next }, related] = await Promise.all([repo.neighbours(db, kind, row.id), repo.relatedPublications(db, kind, row)]);
  return { row, prev, next, related, content: sanitizeRichText(row.content) };
}

export async function newsDetail(db: Db, id: number): Promise<TNewsDetail> {
  const d = await readDetail(db, 'news', id);
  return { ...newsItem(d.row), content: d.content, prev: d.prev, next: d.next, related: d.related.map(newsItem) };
}

export async function articleDetail(db: Db, id: number): Promise<TArticleDetail> {
  const d = await readDetail(db, 'article', id);
  return { ...articleItem(d.row), content: d.content, prev: d.prev, next: d.next, related: d.related.map(articleItem) };
}

/** Title and description for the HTML of a detail page (server-side meta for shared links). */
export async function pageMeta(db: Db, kind: TPublicationKind, id: number) {
  const row = await repo.publicationMeta(db, kind, id);
  if (!row) return null;
  const description = row.summary?.trim() || plainText(row.content).slice(0, 120);
  return { title: row.title, description, cover: row.cover };
}

export const tags = (db: Db, limit: number) => repo.tagCounts(db, limit);
