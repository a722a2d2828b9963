// /sitemap.xml: main pages, stores, news, technical articles and the most recent products, within
// the protocol's limit of 50,000 URLs per file; and /robots.txt pointing at it.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import * as homeRepo from './home.repository.js';

export const SITEMAP_MAX_URLS = 50_000;
const MAIN_PAGES = ['/', '/shop', '/demand', '/store', '/enterprise', '/news', '/technicalCentre', '/about', '/service', '/feedback'];

/**
 * The site's origin for absolute links: PUBLIC_URL (required in production), else the listen
 * address (config.publicUrl). Never the Host header, which any client may set (a sitemap or a
 * printed link pointing at an attacker's site). The first argument is ignored (older callers).
 */
export const siteBase = (_publicUrl: string | undefined, req: FastifyRequest) => req.server.config.publicUrl;

/** The sitemap protocol wants an absolute Sitemap URL in robots.txt. */
export const renderRobots = (base: string) =>
  ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /login', 'Disallow: /register', 'Disallow: /fotgetPwd', 'Disallow: /verify/', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const day = (d: Date) => d.toISOString().slice(0, 10);

export async function renderSitemap(db: Db, base: string): Promise<string> {
  const lines: string[] = [];
  const add = (path: string, lastmod?: Date, priority?: string) =>
    lines.push(`<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}${priority ? `<priority>${priority}</priority>` : ''}</url>`);

  for (const p of MAIN_PAGES) add(p, undefined, p === '/' ? '1.0' : '0.8');
  for (const s of await homeRepo.sitemapStores(db)) add(`/store/${s.uid}`, s.createdAt, '0.6');
  for (const n of await homeRepo.sitemapNews(db, 5000)) add(`/news/detail/${n.id}.html`, n.at, '0.5');
  for (const a of await homeRepo.sitemapArticles(db, 5000)) add(`/technicalCentre/detail/${a.id}.html`, a.at, '0.5');
  for (const p of await homeRepo.sitemapProducts(db, SITEMAP_MAX_URLS - lines.length)) add(`/shop/detail/${p.id}.html`, p.updatedAt, '0.7');

  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}
