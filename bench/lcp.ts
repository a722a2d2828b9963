// First paint of the public pages, measured by Lighthouse in Debian's Chromium against the built
// server (the production build in dist/, server-rendered pages), mobile and desktop profiles.
//
//   npm run bench:lcp -- [--runs N] [--products N] [--dist dist] [--pages home,shop,…] [--profiles mobile,desktop]
//
// PGlite by default: a data folder .bench-data/lcp-pglite seeded once by the server's demo mode with
// --products products (reused; delete it to reseed). With TEST_DATABASE_URL: a database named
// yct_lcp on that server (created when missing, seeded by the server's demo mode, kept for the next
// run; drop it when done). With DATABASE_URL: that database as it is.
// Prints per page and profile the performance score, FCP, LCP, CLS, TBT and the bytes transferred
// (the median of --runs runs), each marked against the targets, and the gzipped JavaScript for `/`.
// The last run's Lighthouse reports are kept in .bench-data/lcp-reports/ (LCP element, render-blocking
// resources, …). Figures only; nothing is asserted.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort, sleep } from './ops-lib.js';
import { homeJsLine, measureHomeBundle } from './bundle-size.js';

type TProfile = 'mobile' | 'desktop';
type TArgs = { runs: number; products: number; dist: string; pages: string[] | null; profiles: TProfile[]; dataDir: string };

/** Targets (issue 12): mobile LCP ≤ 2.5 s and CLS ≤ 0.05; desktop LCP ≤ 1.0 s. */
const TARGETS: Record<TProfile, { lcp: number; cls?: number }> = { mobile: { lcp: 2500, cls: 0.05 }, desktop: { lcp: 1000 } };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const REPORTS = '.bench-data/lcp-reports';

function parseArgs(argv: string[]): TArgs {
  const args: TArgs = { runs: 1, products: 5000, dist: 'dist', pages: null, profiles: ['mobile', 'desktop'], dataDir: '.bench-data/lcp-pglite' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i]!);
    if (arg.startsWith('--runs')) args.runs = Number(value());
    else if (arg.startsWith('--products')) args.products = Number(value());
    else if (arg.startsWith('--dist')) args.dist = value();
    else if (arg.startsWith('--pages')) args.pages = value().split(',');
    else if (arg.startsWith('--profiles')) args.profiles = value().split(',') as TProfile[];
    else if (arg.startsWith('--data-dir')) args.dataDir = value();
    else throw new Error(`unknown argument ${arg} (usage: bench/lcp.ts [--runs N] [--products N] [--dist dir] [--pages home,shop,product,store,news] [--profiles mobile,desktop])`);
  }
  if (!(args.runs >= 1 && args.runs <= 9)) throw new Error('--runs: 1 to 9');
  if (args.profiles.some((p) => p !== 'mobile' && p !== 'desktop')) throw new Error('--profiles: mobile, desktop');
  return args;
}

// ---------------------------------------------------------------- server

type TServer = { child: ChildProcess; base: string; out: () => string };

/** The bench's own PostgreSQL database on the TEST_DATABASE_URL server (created when missing). */
async function benchDatabase(testUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: testUrl });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'yct_lcp'");
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE yct_lcp');
  } finally {
    await admin.end();
  }
  const u = new URL(testUrl);
  u.pathname = '/yct_lcp';
  return u.toString();
}

async function startServer(args: TArgs, databaseUrl: string | undefined): Promise<TServer> {
  const port = await freePort();
  const { DATABASE_URL: _d, TEST_DATABASE_URL: _t, ...inherited } = process.env;
  const env: Record<string, string | undefined> = {
    ...inherited,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // Demo mode seeds an empty database with the demo data set (as the other benches and the e2e suite do).
    NODE_ENV: 'development',
    DEMO: '1',
    SEED_PRODUCTS: String(args.products),
    DATA_DIR: path.resolve(args.dataDir),
    STATIC_DIR: path.resolve(args.dist),
    SERVER_RENDERING: 'on',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 15 * 60_000; // the first start seeds the catalogue
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
    if ((await fetch(`${base}/api/ready`).then((r) => r.status, () => 0)) === 200) return { child, base, out: () => out };
    if (Date.now() > until) throw new Error(`server not ready: ${out}`);
    await sleep(250);
  }
}

async function stopServer(s: TServer) {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGTERM');
  await new Promise((r) => s.child.once('exit', r));
}

// ---------------------------------------------------------------- pages

async function api<T>(base: string, url: string): Promise<T> {
  const res = await fetch(base + url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

type TList<T> = { list?: T[]; items?: T[]; records?: T[] } | T[];
const rows = <T>(l: TList<T>): T[] => (Array.isArray(l) ? l : (l.list ?? l.items ?? l.records ?? []));

/** The five pages: home, a search, an on-sale product, a real store's home, a news article. */
async function pages(base: string): Promise<{ name: string; path: string }[]> {
  // The public list holds only products on sale.
  const products = rows(await api<TList<{ id: number }>>(base, '/api/products?page=1&pageSize=1&sort=default'));
  const stores = rows(await api<TList<{ uid?: string; userId?: string; storeUid?: string }>>(base, '/api/stores?page=1&pageSize=1'));
  const news = rows(await api<TList<{ id: number }>>(base, '/api/news?page=1&pageSize=1'));
  const store = stores[0];
  const list = [
    { name: 'home', path: '/' },
    { name: 'shop', path: `/shop?keyword=${encodeURIComponent('色谱')}` },
    ...(products[0] ? [{ name: 'product', path: `/shop/detail/${products[0].id}.html` }] : []),
    ...(store ? [{ name: 'store', path: `/store/${store.uid ?? store.storeUid ?? store.userId}` }] : []),
    ...(news[0] ? [{ name: 'news', path: `/news/detail/${news[0].id}.html` }] : []),
  ];
  for (const p of list) {
    const res = await fetch(base + p.path);
    if (res.status !== 200) throw new Error(`${p.path}: HTTP ${res.status}`);
  }
  return list;
}

// ---------------------------------------------------------------- Lighthouse

type TFigures = { score: number; fcp: number; lcp: number; cls: number; tbt: number; bytes: number; lcpElement: string };

async function measure(port: number, url: string, profile: TProfile, reportFile: string): Promise<TFigures> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const result = await lighthouse(url, flags, profile === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`${url}: no Lighthouse result`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  fs.writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  const n = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  // Lighthouse 13 names the LCP element in its LCP-breakdown insight, and the blocking style sheets in another.
  type TDetails = { items?: { type?: string; snippet?: string; nodeLabel?: string; url?: string; wastedMs?: number }[] };
  const breakdown = lhr.audits['lcp-breakdown-insight']?.details as TDetails | undefined;
  const node = breakdown?.items?.find((i) => i.type === 'node');
  const blocking = (lhr.audits['render-blocking-insight']?.details as TDetails | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: n('first-contentful-paint'),
    lcp: n('largest-contentful-paint'),
    cls: n('cumulative-layout-shift'),
    tbt: n('total-blocking-time'),
    bytes: n('total-byte-weight'),
    lcpElement: `${node ? `${node.snippet ?? ''} ${node.nodeLabel ?? ''}`.slice(0, 80) : '(none reported)'}${blocking.length ? ` — render-blocking: ${blocking.map((b) => `${path.posix.basename(b.url ?? '')} ${Math.round(b.wastedMs ?? 0)} ms`).join(', ')}` : ''}`,
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART …): up to two more tries. */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  (retrying: ${(err as Error).message.slice(0, 120)})`);
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function line(page: string, profile: TProfile, f: TFigures): string {
  const t = TARGETS[profile];
  const lcpOk = f.lcp <= t.lcp;
  const clsOk = t.cls === undefined || f.cls <= t.cls;
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const cells = [
    page.padEnd(8),
    profile.padEnd(7),
    String(f.score).padStart(5),
    `${(f.fcp / 1000).toFixed(2)} s`.padStart(8),
    `${(f.lcp / 1000).toFixed(2)} s ${mark(lcpOk)}`.padStart(10),
    `${f.cls.toFixed(3)}${t.cls === undefined ? '  ' : ` ${mark(clsOk)}`}`.padStart(8),
    `${Math.round(f.tbt)} ms`.padStart(8),
    `${(f.bytes / 1024).toFixed(0)} KiB`.padStart(9),
  ];
  return cells.join('  ');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(args.dist, 'ssr', 'entry-server.mjs'))) throw new Error(`${args.dist}: no production build with its server bundle (run \`npx vite build\` or \`npm run build\` first)`);
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  const databaseUrl = process.env.DATABASE_URL ?? (process.env.TEST_DATABASE_URL ? await benchDatabase(process.env.TEST_DATABASE_URL) : undefined);
  const dbLabel = databaseUrl ? `PostgreSQL (${new URL(databaseUrl).pathname.slice(1)})` : `PGlite (${args.dataDir})`;
  console.log(`starting the built server (${args.dist}) on ${dbLabel}…`);
  const server = await startServer(args, databaseUrl);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const list = (await pages(server.base)).filter((p) => !args.pages || args.pages.includes(p.name));
    fs.mkdirSync(REPORTS, { recursive: true });
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    console.log(`Lighthouse ${args.runs === 1 ? '1 run' : `median of ${args.runs} runs`} per page and profile; targets: mobile LCP ≤ 2.5 s and CLS ≤ 0.05, desktop LCP ≤ 1.0 s`);
    console.log(`${'page'.padEnd(8)}  ${'profile'.padEnd(7)}  score       FCP         LCP       CLS       TBT   transfer`);
    const elements: string[] = [];
    for (const page of list) {
      for (const profile of args.profiles) {
        const runs: TFigures[] = [];
        for (let r = 0; r < args.runs; r++) runs.push(await withRetry(() => measure(chrome!.port, server.base + page.path, profile, path.join(REPORTS, `${page.name}-${profile}.json`))));
        const pick = (k: keyof Omit<TFigures, 'lcpElement'>) => median(runs.map((x) => x[k]));
        const f: TFigures = { score: pick('score'), fcp: pick('fcp'), lcp: pick('lcp'), cls: pick('cls'), tbt: pick('tbt'), bytes: pick('bytes'), lcpElement: runs[runs.length - 1]!.lcpElement };
        console.log(line(page.name, profile, f));
        elements.push(`  ${page.name} ${profile}: ${f.lcpElement}`);
      }
    }
    console.log(`pages: ${list.map((p) => `${p.name} ${p.path}`).join(' · ')}`);
    console.log('LCP element and render-blocking resources (last run):');
    for (const e of elements) console.log(e);
    console.log(`reports: ${REPORTS}/<page>-<profile>.json`);
  } finally {
    chrome?.kill();
    await stopServer(server);
  }
  console.log(homeJsLine(measureHomeBundle(args.dist)));
}

await main();
