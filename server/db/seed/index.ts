// Fills an empty database: the reference data every install needs, and in demo mode the demo
// accounts and a deterministic catalogue.
import { count, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { categories } from '../schema.js';
import { seedTradeDemo } from '../../modules/trade/demo-trade.js';
import { seedDemo } from './demo.js';

export type TSeedOptions = { demo: boolean; products: number; log: (message: string) => void };

export async function ensureSeeded(db: Db, opts: TSeedOptions) {
  const [row] = await db.select({ n: count() }).from(categories);
  if ((row?.n ?? 0) > 0) return;
  if (!opts.demo) {
    opts.log('empty database, demo mode off: not seeding demo data');
    return;
  }
  const started = Date.now();
  opts.log('first start: filling the database with demo data');
  await seedDemo(db, { products: opts.products });
  await seedTradeDemo(db);
  await settleCatalogue(db);
  opts.log(`demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * After a bulk load: statistics for the planner, and the visibility map that lets totals and facets
 * be counted from the covering indexes alone (autovacuum would get there minutes later). Outside
 * any transaction.
 */
export async function settleCatalogue(db: Db) {
  await db.execute(sql`VACUUM ANALYZE products`);
}
