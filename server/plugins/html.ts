// Writes the page title, description and Open Graph tags into the app shell for shared links.
import type { FastifyInstance } from 'fastify';

/** siteFirst: the home page reads "仪采通 - …" like the renderer's default title, not "… - 仪采通". */
export type TPageMeta = { title: string; description: string; image?: string; siteFirst?: boolean };
export type TMetaResolver = (app: FastifyInstance, pathname: string, query: URLSearchParams) => Promise<TPageMeta | null>;

const resolvers: TMetaResolver[] = [];
export const registerMetaResolver = (resolver: TMetaResolver) => resolvers.push(resolver);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function renderIndexHtml(app: FastifyInstance, template: string, pathname: string, query = new URLSearchParams()): Promise<string> {
  let meta: TPageMeta | null = null;
  for (const resolve of resolvers) {
    meta = await resolve(app, pathname, query).catch((err) => {
      app.log.warn({ err, pathname }, 'page meta lookup failed');
      return null;
    });
    if (meta) break;
  }
  if (!meta) return template;
  const site = app.config.SITE_NAME;
  const title = escapeHtml(meta.siteFirst ? `${site} - ${meta.title}` : `${meta.title} - ${site}`);
  const description = escapeHtml(meta.description.slice(0, 160));
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:title" content="${meta.siteFirst ? title : escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(site)}">`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
  ].join('');
  // Replacer functions: a product name with "$&" in it must not be read as a replacement pattern.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${tags}</head>`);
}
