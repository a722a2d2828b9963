// Server rendering of public pages for visitors: loads the renderer's server bundle
// (<static dir>/ssr/entry-server.mjs, written by the same build as the web app), answers its API calls
// in-process and puts the rendered page, its style sheets and its state into the app shell.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { compressBody, MIN_COMPRESSED, preferredEncoding, type TEncoding } from '../lib/compression.js';
import { errorPageHead } from './html.js';

type TRenderResult =
  | { kind: 'page'; status: number; html: string; head: string; data: string; modules: string[]; layout: string }
  | { kind: 'shell'; status: number }
  | { kind: 'redirect'; status: number; location: string };

type TApiTransport = (req: { method: string; url: string; headers: Record<string, string>; body?: string }) => Promise<{ status: number; headers: Record<string, string | string[] | number | undefined>; body: string }>;

type TServerBundle = { render: (url: string, origin: string) => Promise<TRenderResult>; setApiTransport: (transport: TApiTransport) => void; isPageAddress: (pathname: string) => boolean };

type TManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

/**
 * What the notFound handler sends: a rendered page (kept Brotli-compressed: the cache holds many
 * pages, and most browsers and crawlers take them as they are), the shell with a status, or a redirect.
 */
export type TServerPage = { kind: 'page'; status: number; br: Buffer } | { kind: 'shell'; status: number } | { kind: 'redirect'; status: number; location: string };

/** Renders a page for a visitor; `isPageAddress` says whether any route shows a page at a path (for everyone's 404s). */
export type TServerRenderer = ((url: string, shell: string) => Promise<TServerPage>) & { isPageAddress: (pathname: string) => boolean };

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/** The style sheets and chunks of the rendered modules that the shell does not already load. */
function assetsFor(manifest: Record<string, TManifestChunk>, modules: string[]): { css: string[]; js: string[] } {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const inShell = new Set<string>([...(entry?.css ?? []), ...(entry ? [entry.file] : [])]);
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!inShell.has(chunk.file) && !chunk.isEntry) js.add(chunk.file);
    for (const c of chunk.css ?? []) if (!inShell.has(c)) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const m of modules) {
    const key = [`${m}.tsx`, `${m}.ts`, `${m}/index.tsx`, `${m}/index.ts`].find((k) => manifest[k]);
    if (key) visit(key);
  }
  return { css: [...css], js: [...js] };
}

/** The server renderer for this build, or null when the build has no server bundle (the shell answers). */
export async function loadServerRenderer(app: FastifyInstance, staticDir: string): Promise<TServerRenderer | null> {
  const bundleFile = path.join(staticDir, 'ssr', 'entry-server.mjs');
  const manifestFile = path.join(staticDir, '.vite', 'manifest.json');
  if (!fs.existsSync(bundleFile) || !fs.existsSync(manifestFile)) {
    app.log.warn('no server-rendering bundle in the static folder: public pages are rendered in the browser');
    return null;
  }
  let bundle: TServerBundle;
  let manifest: Record<string, TManifestChunk>;
  try {
    bundle = (await import(pathToFileURL(bundleFile).href)) as TServerBundle;
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, TManifestChunk>;
  } catch (err) {
    app.log.error({ err }, 'server-rendering bundle not loadable: public pages are rendered in the browser');
    return null;
  }
  // Pages show dates in the site's time zone, as its visitors' browsers do (China, no daylight saving):
  // a date rendered here must read the same when the browser hydrates it. The API works in UTC
  // and its SQL names the zone where it needs one, so the process zone affects only this rendering.
  process.env.TZ = 'Asia/Shanghai';
  // The renderer's API calls go through this application, as a visitor (no session).
  bundle.setApiTransport(async ({ method, url, headers, body }) => {
    const res = await app.inject({ method: method as 'GET', url, headers: { ...headers, 'x-server-render': '1' }, ...(body === undefined ? {} : { payload: body }) });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  });
  const render = async (url: string, shell: string): Promise<TServerPage> => {
    const result = await bundle.render(url, app.config.publicUrl);
    if (result.kind !== 'page') return result;
    // The page shows the error page (an unknown address, or what it names is not there): its head too.
    const page = result.status >= 400 ? errorPageHead(shell, result.status, app.config.SITE_NAME) : shell;
    const { css, js } = assetsFor(manifest, result.modules);
    const head = [
      ...css.map((f) => `<link rel="stylesheet" href="/${escapeAttr(f)}">`),
      ...js.filter((f) => !page.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" href="/${escapeAttr(f)}">`),
      result.head,
    ].join('');
    // Replacer functions: page text with "$&" in it must not be read as a replacement pattern.
    const html = page
      .replace('<html lang="zh-CN">', () => `<html lang="zh-CN" data-layout="${escapeAttr(result.layout)}">`)
      .replace('</head>', () => `${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${result.html}</div><script type="application/json" id="yct-ssr-state">${result.data}</script>`);
    // The level of every body compressed per request (a page is compressed once per render).
    return { kind: 'page', status: result.status, br: compressBody('br', html) };
  };
  // A bundle without the route check (an older build) leaves the decision to what it renders.
  const isPageAddress = typeof bundle.isPageAddress === 'function' ? (pathname: string) => bundle.isPageAddress(pathname) : () => true;
  return Object.assign(render, { isPageAddress });
}

/** A page request from a visitor: no bearer header and no session cookie (members get the shell). */
export function isAnonymousPageRequest(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers.authorization) return false;
  const cookie = String(headers.cookie ?? '');
  return !/(?:^|;\s*)token=[^;\s]/.test(cookie);
}

/** Brotli or gzip as the browser accepts it (server/lib/compression.ts); null for small pages or none. */
export function compressHtml(acceptEncoding: string | string[] | undefined, html: string): { encoding: TEncoding; body: Buffer } | null {
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding || html.length < MIN_COMPRESSED) return null;
  return { encoding, body: compressBody(encoding, html) };
}

/** A rendered page for this browser: as stored when it takes Brotli, else decompressed (and gzipped when it takes that). */
export function pageBody(acceptEncoding: string | string[] | undefined, br: Buffer): { encoding: TEncoding | null; body: Buffer | string } {
  if (preferredEncoding(acceptEncoding) === 'br') return { encoding: 'br', body: br };
  const html = zlib.brotliDecompressSync(br).toString('utf8');
  const gzip = compressHtml(acceptEncoding, html);
  return gzip ? { encoding: gzip.encoding, body: gzip.body } : { encoding: null, body: html };
}
