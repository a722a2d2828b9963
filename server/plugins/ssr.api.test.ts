// How the server uses a build's server-rendering bundle (the bundle itself is covered by the e2e
// suite, tests/e2e/ssr.spec.ts): visitors get the rendered page with its style sheets and state,
// members and failed renders get the shell, the rendered HTML is cached and dropped on a write,
// statuses (404, redirects) pass through, and the bundle and manifest are not served to browsers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TTestApp } from '../test/harness.js';
import { products } from '../db/schema.js';
import { makeCategory, makeProduct, makeSupplier } from '../modules/catalogue/catalogue.fixtures.js';

const SHELL = '<!doctype html><html lang="zh-CN"><head><title>仪采通</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

// A stand-in for src/entry-server.tsx with the same exports: renders a product's name read through
// the API transport, counts its renders, fails on /boom, redirects /old and has no page at /nowhere.
const BUNDLE = `
let transport;
let renders = 0;
export function setApiTransport(t) { transport = t; }
export function isPageAddress(pathname) { return pathname !== '/nowhere'; }
export async function render(url) {
  if (url.startsWith('/boom')) throw new Error('render failed');
  if (url === '/old') return { kind: 'redirect', status: 301, location: '/shop' };
  const m = /^\\/shop\\/detail\\/(\\d+)\\.html$/.exec(url);
  if (!m) return { kind: 'shell', status: url === '/nowhere' ? 404 : 200 };
  const res = await transport({ method: 'GET', url: '/api/products/' + m[1], headers: {} });
  const body = JSON.parse(res.body);
  if (body.code !== 200) return { kind: 'page', status: body.code, html: '<p>404</p>', head: '', data: '{}', modules: [], layout: 'default' };
  renders += 1;
  return { kind: 'page', status: 200, html: '<h1>' + body.data.name + '</h1><p>render ' + renders + '</p>', head: '<style data-layout-style="default">a{}</style>', data: '{"queries":1}', modules: ['src/page'], layout: 'default' };
}
`;

const MANIFEST = {
  'index.html': { file: 'assets/index.js', css: ['assets/index.css'], isEntry: true },
  'src/page.tsx': { file: 'assets/page.js', css: ['assets/page.css'], imports: ['index.html', '_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
};

let t: TTestApp;
let staticDir: string;
let productId: number;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-ssr-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), SHELL);
  fs.mkdirSync(path.join(staticDir, 'ssr'));
  fs.writeFileSync(path.join(staticDir, 'ssr', 'entry-server.mjs'), BUNDLE);
  fs.mkdirSync(path.join(staticDir, '.vite'));
  fs.writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await makeTestApp({ STATIC_DIR: staticDir });
  const db = t.database.db;
  const cat = await makeCategory(db, { name: '液相色谱仪' });
  const { supplier } = await makeSupplier(db, { uid: 'ssr01' });
  productId = (await makeProduct(db, { supplierId: supplier.id, categoryId: cat.id, categoryName: cat.name, name: '岛津 LC-2050 液相色谱仪', price: 260000 })).id;
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it("gives a visitor the rendered page with its sheets, preloads, layout and state", async () => {
    const res = await get(`/shop/detail/${productId}.html`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root"><h1>岛津 LC-2050 液相色谱仪</h1>');
    expect(res.body).toContain('<script type="application/json" id="yct-ssr-state">{"queries":1}</script>');
    expect(res.body).toContain('<html lang="zh-CN" data-layout="default">');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/page.css"><link rel="stylesheet" href="/assets/shared.css">');
    expect(res.body).toContain('<link rel="modulepreload" href="/assets/page.js">');
    // The shell already loads the entry and its sheet.
    expect(res.body).not.toContain('href="/assets/index.css"');
    expect(res.body).not.toContain('rel="modulepreload" href="/assets/index.js"');
    // The shell's meta for the product is there too.
    expect(res.body).toContain('<title>岛津 LC-2050 液相色谱仪 - 仪采通</title>');
  });

  it('compresses the page for browsers that accept it', async () => {
    const plain = (await get(`/shop/detail/${productId}.html`)).body;
    const res = await get(`/shop/detail/${productId}.html`, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain);
    const gzip = await get(`/shop/detail/${productId}.html`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);
  });

  it('renders once for many visitors and again after the product changes', async () => {
    const first = (await get(`/shop/detail/${productId}.html`)).body;
    const again = (await get(`/shop/detail/${productId}.html`)).body;
    expect(again).toBe(first);
    await t.database.db.update(products).set({ name: '岛津 LC-2050C 液相色谱仪' }).where(eq(products.id, productId));
    const until = Date.now() + 5_000;
    let body = '';
    while (Date.now() < until) {
      body = (await get(`/shop/detail/${productId}.html`)).body;
      if (body.includes('LC-2050C')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(body).toContain('<h1>岛津 LC-2050C 液相色谱仪</h1>');
  });

  it('sends members the shell: their pages render in the browser', async () => {
    for (const headers of [{ cookie: 'token=abc' }, { authorization: 'Bearer abc' }] as Record<string, string>[]) {
      const res = await get(`/shop/detail/${productId}.html`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('yct-ssr-state');
    }
    expect((await get(`/shop/detail/${productId}.html`, { cookie: 'theme=dark' })).body).toContain('yct-ssr-state');
    // An address no route shows a page for is a 404 for members too, with the error page's head.
    const nowhere = await get('/nowhere', { cookie: 'token=abc' });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.body).toContain('<title>错误 404 - 仪采通</title>');
  });

  it('falls back to the shell when rendering fails, and passes 404s and redirects through', async () => {
    const boom = await get('/boom');
    expect(boom.statusCode).toBe(200);
    expect(boom.body).toContain('<div id="root"></div>');
    const unknown = await get('/shop/detail/987654.html');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    expect((await get('/nowhere')).statusCode).toBe(404);
    const old = await get('/old');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/shop');
  });

  it('does not serve the server bundle or the build manifest', async () => {
    for (const url of ['/ssr/entry-server.mjs', '/.vite/manifest.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('setApiTransport');
    }
  });
});
