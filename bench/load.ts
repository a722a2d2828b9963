// The catalogue under traffic: a mixed anonymous workload (plus a logged-in share) against the real
// server in a child process, and a bare Fastify route in another child process in the same run.
//
//   npm run bench:load -- [--seconds 30] [--connections 50] [--isolated] [--products 5000] [--postgres] [--profile] [--cold]
//
// PGlite by default: a data folder .bench-data/load-pglite seeded once with --products demo products (reused;
// delete it to reseed). With DATABASE_URL: that PostgreSQL database as it is (seed it first with
// `DATABASE_URL=… npm run seed -- --products 100000`). --postgres: a throwaway PostgreSQL cluster,
// seeded with --products by the server's demo mode and removed afterwards. The server logs at LOG_LEVEL (default warn).
// --cold: before the mixed run, one user alone asks the catalogue queries of the issue (page 1 of the
// whole shop, a deep page sorted by price, a store's goods, a keyword with its facets), each request a
// key the cache has not seen, and prints p50/p95/max per query.
// Before the mix (issue 36): one cached public answer alone (/api/products page 1, Brotli, warm) as a
// ratio to the bare route, and on PostgreSQL a one-round-trip route (a bare Fastify route reading one
// product row through a pg Pool of 10, in its own process). --profile: the server runs the cached
// answer under V8's CPU profiler and the top self-time functions and packages of that phase are printed.
// Prints req/s, p50/p99, errors and timeouts per endpoint group and overall, and the ratio of the
// mixed workload's req/s to the bare route's. Figures only; nothing is asserted.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { freePort, sleep, startPostgres } from './ops-lib.js';
import { BRANDS } from '../server/db/seed/data/brands.js';

type TArgs = { seconds: number; connections: number; isolated: boolean; products: number; dataDir: string; postgres: boolean; profile: boolean; cold: boolean };

function parseArgs(argv: string[]): TArgs {
  const args: TArgs = { seconds: 30, connections: 50, isolated: false, products: 5000, dataDir: '.bench-data/load-pglite', postgres: false, profile: false, cold: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => Number(arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i]);
    if (arg === '--isolated') args.isolated = true;
    else if (arg === '--postgres') args.postgres = true;
    else if (arg === '--profile') args.profile = true;
    else if (arg === '--cold') args.cold = true;
    else if (arg.startsWith('--seconds')) args.seconds = value();
    else if (arg.startsWith('--connections')) args.connections = value();
    else if (arg.startsWith('--products')) args.products = value();
    else throw new Error(`unknown argument ${arg} (usage: bench/load.ts [--seconds N] [--connections N] [--isolated] [--products N] [--postgres] [--profile] [--cold])`);
  }
  if (!(args.seconds >= 1 && args.seconds <= 90)) throw new Error('--seconds: 1 to 90 (a run stays within 2 minutes)');
  return args;
}

// ---------------------------------------------------------------- servers

/** The bare route: Fastify with one JSON route and nothing else, in its own process. */
async function bareServer() {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ code: 200, msg: 'ok', data: 'pong' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

/**
 * The one-round-trip route: Fastify and nothing else, each request reading one random product row
 * from PostgreSQL through a pg Pool of 10 — what a request that must ask the database costs at least.
 */
async function roundTripServer() {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const maxId = Number(process.env.MAX_PRODUCT_ID ?? 1);
  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ code: 200, msg: 'ok', data: 'pong' }));
  app.get('/product', async () => {
    const id = 1 + Math.floor(Math.random() * maxId);
    const { rows } = await pool.query('select id, name, price, status from products where id = $1', [id]);
    return { code: 200, msg: 'ok', data: rows[0] ?? null };
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

type TChild = { child: ChildProcess; base: string; out: () => string };

async function startChild(args: string[], env: Record<string, string>, readyPath: string): Promise<TChild> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 15 * 60_000; // first start seeds the catalogue
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}: ${out}`);
    if ((await fetch(base + readyPath).then((r) => r.status, () => 0)) === 200) return { child, base, out: () => out };
    if (Date.now() > until) throw new Error(`not ready: ${out}`);
    await sleep(250);
  }
}

async function stop(c: TChild) {
  // Ended already (a signal leaves exitCode null): waiting for 'exit' again would never return.
  if (c.child.exitCode !== null || c.child.signalCode !== null) return;
  c.child.kill('SIGTERM');
  await new Promise((r) => c.child.once('exit', r));
}

// ---------------------------------------------------------------- workload

/** Zipf-like pick: rank k with weight 1/(k+1). */
function zipf<T>(items: readonly T[]): () => T {
  const cum: number[] = [];
  let sum = 0;
  for (let k = 0; k < items.length; k++) cum.push((sum += 1 / (k + 1)));
  return () => {
    const x = Math.random() * sum;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const enc = encodeURIComponent;

/** Real words: category names and aliases, brand names, model numbers of the demo catalogue. */
function keywords(): string[] {
  const dictionary = JSON.parse(fs.readFileSync('server/lib/search/dictionary.json', 'utf8')) as { types: { surfaces: string[] }[]; brands: { surfaces: string[] }[] };
  const words = new Set<string>();
  for (const t of dictionary.types) for (const s of t.surfaces) words.add(s);
  for (const b of dictionary.brands) for (const s of b.surfaces) words.add(s);
  for (const b of BRANDS) for (const models of Object.values(b.models)) for (const m of models) words.add(m);
  // Shuffled once with a fixed order of ranks, so popular words mix types, brands and models.
  return [...words].sort((a, b) => ((a.length * 7919 + a.charCodeAt(0)) % 101) - ((b.length * 7919 + b.charCodeAt(0)) % 101));
}

type TWorld = { maxProductId: number; categories: number[]; brands: number[]; stores: string[]; news: number[]; articles: number[]; demands: number[]; html: boolean; buyer?: string; supplier?: string };

type TGroup = { name: string; weight: number; make: () => { path: string; headers?: Record<string, string> } };

const PROVINCES = ['北京市', '上海市', '广东省', '江苏省', '浙江省', '山东省', '湖北省', '四川省'];
const SORTS = ['default', 'newest', 'price_asc', 'price_desc'];

function groups(w: TWorld, words: string[]): TGroup[] {
  const word = zipf(words);
  const page = () => (Math.random() < 0.85 ? int(1, 5) : int(20, 200));
  const productId = () => int(1, w.maxProductId);
  const list: TGroup[] = [
    { name: 'shop list (filters, sorts, pages)', weight: 18, make: () => {
      const q = [`page=${page()}`, 'pageSize=20'];
      if (Math.random() < 0.4) q.push(`category=${pick(w.categories)}`);
      if (Math.random() < 0.2) q.push(`brand=${pick(w.brands)}`);
      if (Math.random() < 0.15) q.push(`priceMin=${pick([0, 1000, 10000])}&priceMax=${pick([50000, 200000, 1000000])}`);
      if (Math.random() < 0.15) q.push(`province=${enc(pick(PROVINCES))}`);
      if (Math.random() < 0.5) q.push(`sort=${pick(SORTS)}`);
      return { path: `/api/products?${q.join('&')}` };
    } },
    { name: 'search (Zipf keywords)', weight: 20, make: () => ({ path: `/api/products?keyword=${enc(word())}&page=${Math.random() < 0.9 ? 1 : int(2, 5)}&pageSize=20${Math.random() < 0.2 ? `&sort=${pick(SORTS)}` : ''}` }) },
    { name: 'product detail', weight: 20, make: () => ({ path: `/api/products/${productId()}` }) },
    { name: 'stores and store goods', weight: 10, make: () => {
      const uid = pick(w.stores);
      const r = Math.random();
      if (r < 0.2) return { path: `/api/stores?page=${int(1, 3)}&pageSize=20` };
      if (r < 0.5) return { path: `/api/stores/${uid}` };
      return { path: `/api/stores/${uid}/products?page=${int(1, 3)}&pageSize=20` };
    } },
    { name: 'news and articles', weight: 8, make: () => {
      const r = Math.random();
      if (r < 0.25) return { path: `/api/news?page=${int(1, 3)}&pageSize=10` };
      if (r < 0.5) return { path: `/api/articles?page=${int(1, 3)}&pageSize=10` };
      if (r < 0.75 && w.news.length) return { path: `/api/news/${pick(w.news)}` };
      return { path: w.articles.length ? `/api/articles/${pick(w.articles)}` : '/api/articles?page=1&pageSize=10' };
    } },
    { name: 'demand hall and home', weight: 8, make: () => {
      const r = Math.random();
      if (r < 0.4) return { path: `/api/demands?page=${int(1, 3)}&pageSize=20` };
      if (r < 0.6 && w.demands.length) return { path: `/api/demands/${pick(w.demands)}` };
      return { path: '/api/home' };
    } },
  ];
  // Server-rendered pages as a visitor or a crawler opens them: product pages over the whole id
  // range, stores, the home page, shop searches and news articles.
  if (w.html) {
    list.push({ name: 'server-rendered HTML', weight: 8, make: () => {
      const r = Math.random();
      if (r < 0.55) return { path: `/shop/detail/${productId()}.html` };
      if (r < 0.7) return { path: `/store/${pick(w.stores)}` };
      if (r < 0.8) return { path: '/' };
      if (r < 0.9 || !w.news.length) return { path: `/shop?keyword=${enc(word())}` };
      return { path: `/news/detail/${pick(w.news)}.html` };
    } });
  }
  if (w.buyer || w.supplier) {
    list.push({ name: 'logged in (unread, my demands, inquiries)', weight: 8, make: () => {
      const r = Math.random();
      if (w.supplier && r < 0.35) return { path: '/api/supplier/inquiries?page=1&pageSize=10', headers: { authorization: `Bearer ${w.supplier}` } };
      if (w.buyer && r < 0.7) return { path: '/api/purchaser/demands?page=1&pageSize=10', headers: { authorization: `Bearer ${w.buyer}` } };
      return { path: '/api/notifications/unread-count', headers: { authorization: `Bearer ${w.buyer ?? w.supplier}` } };
    } });
  }
  return list;
}

async function json<T>(base: string, url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(base + url, init);
  return (await res.json()) as T;
}

async function discover(base: string): Promise<TWorld> {
  type TPage<T> = { data: { items: T[]; total: number } };
  // Product ids across the whole range: the highest one the sitemap lists.
  const sitemap = await fetch(`${base}/sitemap.xml`).then((r) => r.text());
  const maxProductId = Math.max(1, ...[...sitemap.matchAll(/\/shop\/detail\/(\d+)\.html/g)].map((m) => Number(m[1])));
  const cats = await json<{ data: { id: number; children: { id: number; children: { id: number }[] }[] }[] }>(base, '/api/categories');
  const categories = cats.data.flatMap((c) => [c.id, ...c.children.flatMap((g) => [g.id, ...g.children.map((l) => l.id)])]);
  const brands = (await json<TPage<{ id: number }>>(base, '/api/brands?page=1&pageSize=100')).data.items.map((b) => b.id);
  const stores = (await json<TPage<{ uid: string }>>(base, '/api/stores?page=1&pageSize=100')).data.items.map((s) => s.uid);
  const news = (await json<TPage<{ id: number }>>(base, '/api/news?page=1&pageSize=50')).data.items.map((n) => n.id);
  const articles = (await json<TPage<{ id: number }>>(base, '/api/articles?page=1&pageSize=50')).data.items.map((n) => n.id);
  const demands = (await json<TPage<{ id: number }>>(base, '/api/demands?page=1&pageSize=50').catch(() => ({ data: { items: [] } }))).data.items.map((d) => d.id);
  const html = (await fetch(`${base}/shop/detail/1.html`).then((r) => String(r.headers.get('content-type'))).catch(() => '')).includes('html');
  const login = async (mobile: string) =>
    json<{ data?: { access_token: string } }>(base, '/auth/member/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'password', phoneOrEmail: mobile, password: 'Demo@1234' }) })
      .then((r) => r.data?.access_token)
      .catch(() => undefined);
  return { maxProductId, categories, brands, stores, news, articles, demands, html, buyer: await login('13800000003'), supplier: await login('13800000002') };
}

// ---------------------------------------------------------------- measuring

type TStats = { lat: number[]; errors: number; count: number };
type TRow = { name: string; reqs: number; p50: number; p99: number; errors: number; timeouts: number };

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/** One autocannon run over `list`; latency per group measured from request to response on each connection. */
async function run(base: string, list: TGroup[], seconds: number, connections: number): Promise<{ overall: TRow; rows: TRow[] }> {
  const total = list.reduce((s, g) => s + g.weight, 0);
  const chooser = () => {
    let x = Math.random() * total;
    for (const g of list) if ((x -= g.weight) < 0) return g;
    return list[list.length - 1]!;
  };
  const stats = new Map<string, TStats>(list.map((g) => [g.name, { lat: [], errors: 0, count: 0 }]));
  const inFlight = new Map<object, { group: string; t0: number }>();
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [
      {
        setupRequest: (req, context) => {
          const g = chooser();
          const { path: p, headers } = g.make();
          inFlight.set(context, { group: g.name, t0: performance.now() });
          return { ...req, method: 'GET', path: p, headers: { ...req.headers, 'accept-encoding': 'br, gzip', ...headers } };
        },
        onResponse: (status, _body, context) => {
          const f = inFlight.get(context);
          if (!f) return;
          const s = stats.get(f.group)!;
          s.count += 1;
          s.lat.push(performance.now() - f.t0);
          if (status >= 500 || (status >= 400 && status !== 404)) s.errors += 1;
        },
      },
    ],
  });
  const rows: TRow[] = [...stats].map(([name, s]) => {
    const sorted = s.lat.sort((a, b) => a - b);
    return { name, reqs: s.count / seconds, p50: pct(sorted, 50), p99: pct(sorted, 99), errors: s.errors, timeouts: 0 };
  });
  const overall: TRow = {
    name: 'overall',
    reqs: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout as an error too: errors here are the other failures and 5xx/4xx answers (404 of a delisted id excepted).
    errors: result.errors - result.timeouts + rows.reduce((s, r) => s + r.errors, 0),
    timeouts: result.timeouts,
  };
  return { overall, rows };
}

type TSingle = { reqs: number; p50: number; p99: number; errors: number; timeouts: number; bytes: number };

/** One URL alone for `seconds` (errors: failures and answers other than 200). */
async function single(url: string, seconds: number, connections: number, headers: Record<string, string> = {}): Promise<TSingle> {
  const r = await autocannon({ url, connections, duration: seconds, timeout: 10, headers });
  return { reqs: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors - r.timeouts + r.non2xx, timeouts: r.timeouts, bytes: r.throughput.average / Math.max(1, r.requests.average) };
}

const line = (name: string, r: TSingle, bare: number) =>
  `| ${name} | ${fmt(r.reqs)} | ${((r.reqs / bare) * 100).toFixed(1)} % | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} | ${r.timeouts} | ${fmt(r.bytes)} |`;

type TProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type TProfile = { nodes: TProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

/**
 * Where the server's time went between `from` and `to` (process.hrtime in µs: V8 stamps samples on
 * the same monotonic clock): self time per function and per package or file, top first.
 */
function profileSummary(file: string, from: number, to: number, top = 15): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as TProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfByNode = new Map<number, number>();
  let t = profile.startTime;
  let inRange = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    selfByNode.set(profile.samples[i]!, (selfByNode.get(profile.samples[i]!) ?? 0) + dt);
    inRange += dt;
  }
  const where = (url: string) => {
    if (!url) return '(V8 / native)';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1]!;
    if (url.startsWith('node:')) return url;
    return path.relative(process.cwd(), url.replace(/^file:\/\//, ''));
  };
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, us] of selfByNode) {
    const f = byId.get(id)!.callFrame;
    const place = where(f.url);
    const name = `${f.functionName || '(anonymous)'} ${place}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const share = (us: number) => `${((us / Math.max(1, inRange)) * 100).toFixed(1)} %`;
  const rows = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `| ${k.replace(/\|/g, '\\|')} | ${share(us)} |`);
  return [
    `CPU profile of the server during the cached answer (${(inRange / 1e6).toFixed(1)} s sampled; self time):`,
    '',
    '| function | self |', '|---|---|', ...rows(byFunction, top),
    '',
    '| package or file | self |', '|---|---|', ...rows(byPlace, 10),
  ].join('\n');
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * One user, empty cache: each query kind asked `n` times, every request a key not seen before (page
 * sizes, pages, stores and keywords differ), so each answer is computed, not served from the cache.
 */
async function coldQueries(base: string, w: TWorld, words: string[], n = 20): Promise<string> {
  const kinds: [string, (i: number) => string][] = [
    ['page 1 of the whole shop', (i) => `/api/products?page=1&pageSize=${20 + i}`],
    ['deep page sorted by price', (i) => `/api/products?page=${40 + i * 7}&pageSize=20&sort=${i % 2 ? 'price_desc' : 'price_asc'}`],
    ["a store's goods", (i) => `/api/stores/${enc(w.stores[i % w.stores.length]!)}/products?page=${1 + Math.floor(i / w.stores.length)}&pageSize=20`],
    ['a keyword with its facets', (i) => `/api/products?keyword=${enc(words[i * 13 % words.length]!)}&page=1&pageSize=20`],
  ];
  const lines = ['| query (cold, one user) | requests | p50 ms | p95 ms | max ms |', '|---|---|---|---|---|'];
  for (const [name, url] of kinds) {
    const lat: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await fetch(base + url(i), { headers: { 'accept-encoding': 'br, gzip' } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url(i)}: HTTP ${res.status}`);
      lat.push(performance.now() - t);
    }
    lat.sort((a, b) => a - b);
    lines.push(`| ${name} | ${n} | ${fmt(pct(lat, 50))} | ${fmt(pct(lat, 95))} | ${fmt(lat[lat.length - 1]!)} |`);
  }
  return lines.join('\n');
}

/** Hits and misses of the server's answer cache per kind of answer, from its /metrics (allowed from this machine). */
async function cacheLine(base: string): Promise<string> {
  const text = await fetch(`${base}/metrics`).then((r) => r.text(), () => '');
  const counts = new Map<string, { hit: number; miss: number }>();
  for (const m of text.matchAll(/^yct_cache_requests_total\{cache="([^"]+)",result="(hit|miss)"\} (\d+)/gm)) {
    const c = counts.get(m[1]!) ?? { hit: 0, miss: 0 };
    c[m[2] as 'hit' | 'miss'] += Number(m[3]);
    counts.set(m[1]!, c);
  }
  const all = [...counts.values()].reduce((a, c) => ({ hit: a.hit + c.hit, miss: a.miss + c.miss }), { hit: 0, miss: 0 });
  const share = (c: { hit: number; miss: number }) => `${((c.hit / Math.max(1, c.hit + c.miss)) * 100).toFixed(0)} %`;
  const top = [...counts].sort((a, b) => b[1].hit + b[1].miss - (a[1].hit + a[1].miss)).slice(0, 8);
  return `answer cache: ${share(all)} hits of ${all.hit + all.miss} lookups (${top.map(([k, c]) => `${k} ${share(c)} of ${c.hit + c.miss}`).join(', ')})`;
}

const fmt = (n: number) => (Number.isFinite(n) ? (n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(1)) : '—');

function table(rows: TRow[], bare: number) {
  const lines = ['| endpoint group | req/s | ratio to bare | p50 ms | p99 ms | errors | timeouts |', '|---|---|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.name} | ${fmt(r.reqs)} | ${((r.reqs / bare) * 100).toFixed(1)} % | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} | ${r.timeouts} |`);
  return lines.join('\n');
}

async function main() {
  if (process.argv.includes('--bare-server')) return bareServer();
  if (process.argv.includes('--round-trip-server')) return roundTripServer();
  const args = parseArgs(process.argv.slice(2));
  const logLevel = process.env.LOG_LEVEL ?? 'warn';
  // --postgres: a throwaway cluster from Debian's binaries, seeded by the server's demo mode, removed after.
  const cluster = args.postgres ? startPostgres() : null;
  if (typeof cluster === 'string') throw new Error(cluster);
  const databaseUrl = cluster?.url ?? process.env.DATABASE_URL;
  const database = databaseUrl ? `PostgreSQL${cluster ? ' (throwaway cluster)' : ''}` : 'PGlite';
  const env: Record<string, string> = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), NODE_ENV: 'development', DEMO: '1', LOG_LEVEL: logLevel, SEED_PRODUCTS: String(args.products), DATA_DIR: path.resolve(args.dataDir) };
  if (fs.existsSync('dist/index.html')) env.STATIC_DIR = path.resolve('dist');
  const started = performance.now();
  const bare = await startChild(['bench/load.ts', '--bare-server'], {}, '/ping');
  // --profile: the server runs the cached answer under V8's profiler (a .cpuprofile in
  // .bench-data/profiles, which Chrome DevTools opens), then starts again without it for the mix.
  const profileDir = path.resolve('.bench-data/profiles');
  const startApp = (profiled: boolean) => startChild([...(profiled ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'server/main.ts'], env, '/api/ready');
  let app = await startApp(args.profile);
  let roundTrip: TChild | undefined;
  try {
    const world = await discover(app.base);
    const list = groups(world, keywords());
    const { count: productCount } = await json<{ data: { total: number } }>(app.base, '/api/products?page=1&pageSize=1').then((r) => ({ count: r.data.total }));
    console.log(`${database}, ${productCount.toLocaleString('en')} public products (ids up to ${world.maxProductId}), ${args.connections} connections, LOG_LEVEL=${logLevel}, ${keywords().length} keywords, deep-link HTML ${world.html ? 'on' : 'off (no dist/)'}, logged in ${world.buyer ? 'on' : 'off'}; ready after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (args.cold) console.log(`\n${await coldQueries(app.base, world, keywords())}\n`);
    const phase = Math.min(10, args.seconds);
    const bareRun = await single(`${bare.base}/ping`, phase, args.connections);
    const bareReqs = bareRun.reqs;
    console.log(`bare Fastify /ping: ${fmt(bareReqs)} req/s, p50 ${bareRun.p50} ms, p99 ${bareRun.p99} ms`);

    // Issue 36: one cached public answer alone, warm, Brotli, against the bare route of the same run.
    const cachedUrl = `${app.base}/api/products?page=1&pageSize=20`;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(cachedUrl, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      if (res.status !== 200 || res.headers.get('content-encoding') !== 'br') throw new Error(`${cachedUrl}: HTTP ${res.status}, ${res.headers.get('content-encoding')}`);
    }
    const profiledFrom = nowUs();
    const cachedRun = await single(cachedUrl, phase, args.connections, { 'accept-encoding': 'br' });
    const profiledTo = nowUs();
    const rows = [line('bare Fastify /ping', bareRun, bareReqs), line('cached answer /api/products?page=1&pageSize=20 (br, warm)', cachedRun, bareReqs)];
    if (databaseUrl) {
      roundTrip = await startChild(['bench/load.ts', '--round-trip-server'], { DATABASE_URL: databaseUrl, MAX_PRODUCT_ID: String(world.maxProductId) }, '/ping');
      rows.push(line('one-round-trip route (pg Pool of 10, one row by id)', await single(`${roundTrip.base}/product`, phase, args.connections), bareReqs));
      await stop(roundTrip);
    }
    console.log(`\neach alone, ${phase} s, ${args.connections} connections:\n`);
    console.log(['| route | req/s | ratio to bare | p50 ms | p99 ms | errors | timeouts | bytes per answer |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n'));
    if (args.profile) {
      // The profile is written when the server stops; the mix runs on a server started again without it.
      const before = new Set(fs.existsSync(profileDir) ? fs.readdirSync(profileDir) : []);
      await stop(app);
      const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile') && !before.has(f));
      console.log(file ? `\n${profileSummary(path.join(profileDir, file), profiledFrom, profiledTo)}\n(${path.join(profileDir, file)})` : '\nno CPU profile written');
      app = await startApp(false);
    }

    // Cold start: the first seconds fill the caches; measured as part of the run.
    const mixed = await run(app.base, list, args.seconds, args.connections);
    console.log(`\nmixed workload, ${args.seconds} s (per group: its share of the mix):\n`);
    console.log(table([...mixed.rows, mixed.overall], bareReqs));
    console.log(`\n${await cacheLine(app.base)}`);
    if (args.isolated) {
      const rows: TRow[] = [];
      for (const g of list) rows.push({ ...(await run(app.base, [g], 5, args.connections)).overall, name: g.name });
      console.log('\neach group alone, 5 s:\n');
      console.log(table(rows, bareReqs));
    }
    console.log(`\ncached answer ${((cachedRun.reqs / bareReqs) * 100).toFixed(1)} % of the bare route; mixed workload ${((mixed.overall.reqs / bareReqs) * 100).toFixed(1)} %; whole run ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    if (roundTrip) await stop(roundTrip);
    await stop(app);
    await stop(bare);
    cluster?.remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
