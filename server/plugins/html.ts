// Writes the page title, description, canonical address, Open Graph tags and JSON-LD into the app
// shell for search engines and shared links (the server-rendered page's head is the same shell).
import type { FastifyInstance } from 'fastify';

/** A step of the page's breadcrumb trail (JSON-LD BreadcrumbList); `path` is site-relative. */
export type TCrumb = { name: string; path: string };

/**
 * siteFirst: the home page reads "仪采通 - …" like the renderer's default title, not "… - 仪采通".
 * canonical: the page's one address (site-relative) when it has several (/shop/goods-details?id=).
 * jsonLd: structured data (schema.org Product, NewsArticle, Organization…) as plain objects.
 * noindex: a page that exists but is not to be listed (a shop link to a category that is gone).
 */
export type TPageMeta = { title: string; description: string; image?: string; siteFirst?: boolean; canonical?: string; ogType?: 'website' | 'product' | 'article'; jsonLd?: Record<string, unknown>[]; breadcrumb?: TCrumb[]; noindex?: boolean };
/** A page the address names that does not exist (an unknown product): the shell answers 404. */
export const PAGE_NOT_FOUND = 'not-found' as const;
export type TMetaResolver = (app: FastifyInstance, pathname: string, query: URLSearchParams) => Promise<TPageMeta | typeof PAGE_NOT_FOUND | null>;

const resolvers: TMetaResolver[] = [];
export const registerMetaResolver = (resolver: TMetaResolver) => resolvers.push(resolver);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON for a <script> element: `<` escaped so no text can close it. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The shell for a page address: its head filled in, and 404 when the address names nothing. */
export async function renderShell(app: FastifyInstance, template: string, pathname: string, query = new URLSearchParams()): Promise<{ html: string; status: number }> {
  let meta: TPageMeta | typeof PAGE_NOT_FOUND | null = null;
  for (const resolve of resolvers) {
    meta = await resolve(app, pathname, query).catch((err) => {
      app.log.warn({ err, pathname }, 'page meta lookup failed');
      return null;
    });
    if (meta) break;
  }
  if (meta === PAGE_NOT_FOUND) return { html: errorPageHead(template, 404, app.config.SITE_NAME), status: 404 };
  return { html: meta ? withMeta(app, template, pathname, query, meta) : template, status: 200 };
}

const NOINDEX = '<meta name="robots" content="noindex">';

/**
 * The head of an error page (a 404 answer, rendered or not): the error page's title of SPEC §2
 * (「错误 404 - 仪采通」, as the browser's error page sets it), noindex, and none of the description,
 * canonical address, Open Graph tags or structured data of a page that is not there.
 */
export function errorPageHead(html: string, status: number, siteName: string): string {
  const title = `<title>${escapeHtml(`错误 ${status} - ${siteName}`)}</title>`;
  const head = html
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace(/<meta (?:name="description"|property="og:[^"]*")[^>]*>/g, '')
    .replace(/<link rel="canonical"[^>]*>/g, '')
    .replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, '');
  return head.includes(NOINDEX) ? head : head.replace('</head>', () => `${NOINDEX}</head>`);
}

export async function renderIndexHtml(app: FastifyInstance, template: string, pathname: string, query = new URLSearchParams()): Promise<string> {
  return (await renderShell(app, template, pathname, query)).html;
}

function withMeta(app: FastifyInstance, template: string, pathname: string, query: URLSearchParams, meta: TPageMeta): string {
  const site = app.config.SITE_NAME;
  const base = app.config.publicUrl;
  const search = query.toString();
  const canonical = `${base}${meta.canonical ?? `${pathname}${search ? `?${search}` : ''}`}`;
  const jsonLd = [...(meta.jsonLd ?? [])];
  if (meta.breadcrumb?.length) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: meta.breadcrumb.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: `${base}${c.path}` })),
    });
  }
  const title = escapeHtml(meta.siteFirst ? `${site} - ${meta.title}` : `${meta.title} - ${site}`);
  const description = escapeHtml(meta.description.slice(0, 160));
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:title" content="${meta.siteFirst ? title : escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:type" content="${meta.ogType ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(site)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta.noindex ? NOINDEX : '',
    ...jsonLd.map((d) => `<script type="application/ld+json">${jsonForScript(d)}</script>`),
  ].join('');
  // Replacer functions: a product name with "$&" in it must not be read as a replacement pattern.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${tags}</head>`);
}
