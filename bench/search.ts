// Keyword search over a large catalogue: p50/p95 of the shop's search for 2-character Chinese
// words, longer words and model numbers, on PGlite and (when configured) PostgreSQL.
//
//   node --import tsx bench/search.ts [--products 100000] [--runs 200] [--data-dir .bench-data] [--reset]
//
// PGlite: seeds (or reuses) the demo data set in --data-dir. PostgreSQL: with TEST_DATABASE_URL it
// seeds (or reuses) a database named yct_bench on that server; with DATABASE_URL it uses that
// database as it is (seeding only when it is empty). Prints figures; asserts nothing.
import { performance } from 'node:perf_hooks';
import { count, eq, sql } from 'drizzle-orm';
import { openDatabase, type Db, type TDatabase } from '../server/db/client.js';
import { products } from '../server/db/schema.js';
import { seedDemo } from '../server/db/seed/demo.js';
import { listProducts } from '../server/modules/catalogue/catalogue.service.js';
import { searchProducts } from '../server/modules/catalogue/products.repository.js';
import { ASKED_TYPES, JUDGED_QUERIES } from './relevance-queries.js';

const KEYWORDS = {
  '2-char': ['色谱', '天平', '离心', '光谱', '显微', '培养', '水分', '黏度'],
  longer: ['气相色谱仪', '紫外可见分光光度计', '液相色谱仪', '原子吸收光谱仪', '实时荧光定量PCR仪', '扫描电子显微镜'],
  model: ['7890B', 'LCMS-8060', 'XPR', 'GC-2030', 'UV-1800', 'CX43', 'ICP-MS', 'AA-7000'],
  asked: JUDGED_QUERIES.filter((q) => ASKED_TYPES.includes(q.type)).map((q) => q.q),
} as const;
type TKind = keyof typeof KEYWORDS;

type TArgs = { products: number; runs: number; dataDir: string; reset: boolean; kinds: TKind[]; pglite: boolean };

function parseArgs(argv: string[]): TArgs {
  const args: TArgs = { products: 100_000, runs: 200, dataDir: '.bench-data', reset: false, kinds: Object.keys(KEYWORDS) as TKind[], pglite: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => (arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i]);
    if (arg === '--reset') args.reset = true;
    else if (arg === '--no-pglite') args.pglite = false;
    else if (arg.startsWith('--kinds')) args.kinds = kindList(value());
    else if (arg.startsWith('--products')) args.products = wholeNumber('--products', value(), 1, 1_000_000);
    else if (arg.startsWith('--runs')) args.runs = wholeNumber('--runs', value(), 3, 100_000);
    else if (arg.startsWith('--data-dir')) args.dataDir = value() ?? args.dataDir;
    else throw new Error(`unknown argument ${JSON.stringify(arg)} (usage: bench/search.ts [--products N] [--runs N] [--data-dir DIR] [--reset] [--kinds ${Object.keys(KEYWORDS).join(',')}] [--no-pglite])`);
  }
  return args;
}

function kindList(raw: string | undefined): TKind[] {
  const kinds = (raw ?? '').split(',').filter(Boolean);
  const unknown = kinds.filter((k) => !(k in KEYWORDS));
  if (kinds.length === 0 || unknown.length) throw new Error(`--kinds takes some of ${Object.keys(KEYWORDS).join(', ')}, got ${JSON.stringify(raw)}`);
  return kinds as TKind[];
}

function wholeNumber(name: string, raw: string | undefined, min: number, max: number): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} needs a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return n;
}

async function productCount(db: Db): Promise<{ all: number; onSale: number }> {
  const [all] = await db.select({ n: count() }).from(products);
  const [onSale] = await db.select({ n: count() }).from(products).where(eq(products.status, 'on_sale'));
  return { all: all?.n ?? 0, onSale: onSale?.n ?? 0 };
}

async function truncateAll(db: Db) {
  const result = (await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)) as unknown as { rows: { tablename: string }[] };
  const names = result.rows.map((r) => `"${r.tablename.replace(/"/g, '""')}"`);
  if (names.length) await db.execute(sql.raw(`TRUNCATE TABLE ${names.join(', ')} RESTART IDENTITY CASCADE`));
}

/** Seeds the demo data set when the database is empty (or --reset), then refreshes statistics. */
async function ensureData(db: Db, args: TArgs, label: string, mayReset: boolean) {
  let { all } = await productCount(db);
  if (all > 0 && args.reset && mayReset) {
    console.log(`${label}: --reset: emptying the database`);
    await truncateAll(db);
    all = 0;
  }
  if (all === 0) {
    const started = performance.now();
    console.log(`${label}: seeding ${args.products.toLocaleString('en')} demo products (takes a while)…`);
    let last = 0;
    await seedDemo(db, {
      products: args.products,
      // Progress lines at most every 15 s; every other message as it comes.
      log: (m) => {
        const progress = m.startsWith('products:');
        if (progress && performance.now() - last < 15_000) return;
        if (progress) last = performance.now();
        console.log(`${label}:   ${m}`);
      },
    });
    // A bulk load leaves no visibility map or statistics behind: give the planner both.
    await db.execute(sql`VACUUM ANALYZE`);
    console.log(`${label}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } else if (all !== args.products) {
    console.log(`${label}: reusing ${all.toLocaleString('en')} products already there (pass --reset to reseed with ${args.products.toLocaleString('en')})`);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);

async function runBench(db: Db, label: string, runs: number, kinds: TKind[]) {
  const { all, onSale } = await productCount(db);
  console.log(`\n${label}: ${all.toLocaleString('en')} products (${onSale.toLocaleString('en')} on sale), ${runs} searches of 20 results`);
  // Warm-up: every keyword once, so the first figures do not measure cold caches.
  for (const kind of kinds) for (const keyword of KEYWORDS[kind]) await searchProducts(db, { keyword, sort: 'default', page: 1, pageSize: 20 });

  console.log('kind       searches  avg matches   search p50     p95      max   |  API p50      p95   (search + brand counts)');
  for (const kind of kinds) {
    const words = KEYWORDS[kind];
    const n = Math.ceil(runs / kinds.length);
    const search: number[] = [];
    const api: number[] = [];
    let matches = 0;
    for (let i = 0; i < n; i++) {
      const keyword = words[i % words.length]!;
      // Mostly first pages, like real visitors; every fourth search turns to page 2.
      const page = i % 4 === 3 ? 2 : 1;
      let t = performance.now();
      const result = await searchProducts(db, { keyword, sort: 'default', page, pageSize: 20 });
      search.push(performance.now() - t);
      matches += result.total;
      t = performance.now();
      await listProducts(db, { keyword, sort: 'default', page, pageSize: 20 });
      api.push(performance.now() - t);
    }
    search.sort((a, b) => a - b);
    api.sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(10)} ${String(n).padStart(8)}  ${Math.round(matches / n).toLocaleString('en').padStart(11)}  ${ms(percentile(search, 50))} ${ms(percentile(search, 95))} ${ms(search[search.length - 1]!)}   | ${ms(percentile(api, 50))} ${ms(percentile(api, 95))}`,
    );
  }
  console.log('per keyword (first page, ms, matches):');
  for (const kind of kinds) {
    const cells: string[] = [];
    for (const keyword of KEYWORDS[kind]) {
      const t = performance.now();
      const r = await searchProducts(db, { keyword, sort: 'default', page: 1, pageSize: 20 });
      cells.push(`${keyword} ${(performance.now() - t).toFixed(0)} (${r.total})`);
    }
    console.log(`  ${kind.padEnd(8)} ${cells.join(' · ')}`);
  }
}

async function withPostgres(args: TArgs): Promise<void> {
  const testUrl = process.env.TEST_DATABASE_URL;
  const url = process.env.DATABASE_URL;
  if (!testUrl && !url) {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or DATABASE_URL to run it too)');
    return;
  }
  let target = url!;
  if (testUrl) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: testUrl });
    await admin.connect();
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'yct_bench'");
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE yct_bench');
    await admin.end();
    const u = new URL(testUrl);
    u.pathname = '/yct_bench';
    target = u.toString();
  }
  const database: TDatabase = await openDatabase({ databaseUrl: target });
  try {
    // A DATABASE_URL is somebody's database: only the bench's own database is ever emptied.
    await ensureData(database.db, args, 'PostgreSQL', Boolean(testUrl));
    await runBench(database.db, 'PostgreSQL', args.runs, args.kinds);
  } finally {
    await database.close();
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.pglite) {
    const pglite = await openDatabase({ dataDir: args.dataDir });
    try {
      await ensureData(pglite.db, args, 'PGlite', true);
      await runBench(pglite.db, `PGlite (${args.dataDir})`, args.runs, args.kinds);
    } finally {
      await pglite.close();
    }
  }
  await withPostgres(args);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
