// Fills the configured database with the demo data set:
//   npm run seed -- --products 100000 [--reset]
//   node --import tsx server/db/seed/cli.ts --products 1000
// Without --reset it refuses to touch a database that already holds data. It creates the demo
// accounts, so it refuses outside demo mode (NODE_ENV=production or DEMO=0).
import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { openDatabase, type Db } from '../client.js';
import { categories, members } from '../schema.js';
import { seedTradeDemo } from '../../modules/trade/demo-trade.js';
import { seedDemo } from './demo.js';
import { settleCatalogue } from './index.js';

type TArgs = { products: number; reset: boolean };

function parseArgs(argv: string[]): TArgs {
  const args: TArgs = { products: 5000, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--reset') args.reset = true;
    else if (arg === '--products' || arg.startsWith('--products=')) {
      const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw new Error(`--products needs a whole number from 0 to 1000000, got ${JSON.stringify(raw)}`);
      args.products = n;
    } else if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run seed -- [--products N] [--reset]');
      process.exit(0);
    } else throw new Error(`unknown argument ${JSON.stringify(arg)} (usage: npm run seed -- [--products N] [--reset])`);
  }
  return args;
}

async function isEmpty(db: Db) {
  const [c] = await db.select({ n: count() }).from(categories);
  const [m] = await db.select({ n: count() }).from(members);
  return Number(c?.n ?? 0) === 0 && Number(m?.n ?? 0) === 0;
}

/** Empties every table of the public schema (the migration journal lives in its own schema). */
async function truncateAll(db: Db) {
  const result = (await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as unknown as {
    rows: { tablename: string }[];
  };
  const names = result.rows.map((r) => `"${r.tablename.replace(/"/g, '""')}"`);
  if (names.length) await db.execute(sql.raw(`TRUNCATE TABLE ${names.join(', ')} RESTART IDENTITY CASCADE`));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  if (!config.demo) {
    console.error(
      config.NODE_ENV === 'production'
        ? 'seed: refusing to create the demo accounts when NODE_ENV=production, because they share a published password.'
        : 'seed: refusing to create the demo accounts with DEMO=0; unset DEMO to seed demo data.',
    );
    process.exitCode = 1;
    return;
  }
  const target = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`seed: opening ${target}`);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  // Under the lock of a server's start-up writes: a server starting meanwhile waits, then finds the data.
  const startupWrites = database.startupWrites ?? ((run) => run());
  try {
    await startupWrites(
      async () => {
        if (!args.reset && !(await isEmpty(database.db))) {
          console.error('seed: the database already holds data; pass --reset to empty it first');
          process.exitCode = 1;
          return;
        }
        const started = Date.now();
        await truncateAll(database.db);
        console.log(`seed: seeding demo data with ${args.products} products`);
        await seedDemo(database.db, { products: args.products, log: (m) => console.log(`seed: ${m}`) });
        const trade = await seedTradeDemo(database.db);
        console.log(`seed: trade history with ${trade.inquiries} inquiries and ${trade.quotations} quotations`);
        await settleCatalogue(database.db);
        console.log(`seed: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
      () => console.log('seed: a server is writing its start-up data; waiting for it'),
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`seed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
