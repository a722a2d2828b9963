// View counts, written behind in batches: a visit adds to a counter in memory; every few seconds
// (and when the server closes) one UPDATE per table adds the sums. A crash loses at most the
// last few seconds of counts, never a product write. Answers show the stored count plus this
// process's visits not yet in the row they were read from.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export const VIEW_FLUSH_MS = 3_000;

type TKind = 'products' | 'stores' | 'store_articles' | 'news' | 'articles';

type TCounts = { pending: Map<number, number>; recorded: Map<number, number>; flushed: Map<number, number> };

const counters = new WeakMap<Db, Record<TKind, TCounts>>();
/** Rows rewritten by the counts since the last vacuumIfDue that ran (per database handle). */
const rewritten = new WeakMap<Db, number>();
const fresh = (): TCounts => ({ pending: new Map(), recorded: new Map(), flushed: new Map() });
function countsOf(db: Db, kind: TKind): TCounts {
  let c = counters.get(db);
  if (!c) counters.set(db, (c = { products: fresh(), stores: fresh(), store_articles: fresh(), news: fresh(), articles: fresh() }));
  return c[kind];
}

const add = (m: Map<number, number>, id: number, n: number) => m.set(id, (m.get(id) ?? 0) + n);

/** Counts one visit; returns the visits this process has counted for the row so far. */
export function recordView(db: Db, kind: TKind, id: number): number {
  const c = countsOf(db, kind);
  add(c.pending, id, 1);
  return add(c.recorded, id, 1).get(id)!;
}

/** Visits this process has already written to the row (read before reading the row). */
export function flushedViews(db: Db, kind: TKind, id: number): number {
  return countsOf(db, kind).flushed.get(id) ?? 0;
}

/** Writes every pending count: one UPDATE per table and up to 500 rows. */
export async function flushViews(db: Db): Promise<void> {
  for (const kind of ['products', 'stores', 'store_articles', 'news', 'articles'] as const) {
    const c = countsOf(db, kind);
    if (c.pending.size === 0) continue;
    const batch = [...c.pending];
    c.pending.clear();
    for (let i = 0; i < batch.length; i += 500) {
      const rows = batch.slice(i, i + 500);
      const values = sql.join(rows.map(([id, n]) => sql`(${id}::int, ${n}::int)`), sql`, `);
      try {
        await db.execute(sql`UPDATE ${sql.identifier(kind)} AS t SET views = t.views + v.n FROM (VALUES ${values}) AS v(id, n) WHERE t.id = v.id`);
        for (const [id, n] of rows) add(c.flushed, id, n);
        rewritten.set(db, (rewritten.get(db) ?? 0) + rows.length);
      } catch (err) {
        for (const [id, n] of rows) add(c.pending, id, n); // kept for the next round
        throw err;
      }
    }
  }
}

/** Rewritten rows after which the embedded database is vacuumed again (about a day of a small shop's visits). */
export const VACUUM_AFTER_ROWS = 2_000;

const vacuumed = new WeakSet<Db>();

/**
 * VACUUM (ANALYZE) of the tables whose rows the counts rewrite, once `threshold` rows have been
 * rewritten since the last one — by default any row the first time in this process (the count
 * does not survive a restart, so a process that runs for a while vacuums at least once), then
 * VACUUM_AFTER_ROWS. For the embedded database (PGlite), which has no autovacuum: every counted
 * view leaves a dead row version behind, with an entry in each of the table's indexes (the ~100 of
 * a product in the search index among them), that only VACUUM clears; ~0.5 s at 5,000 goods.
 * PostgreSQL's own autovacuum does this there. True when it ran.
 */
export async function vacuumIfDue(db: Db, threshold = vacuumed.has(db) ? VACUUM_AFTER_ROWS : 1): Promise<boolean> {
  const due = rewritten.get(db) ?? 0;
  if (due === 0 || due < threshold) return false;
  await db.execute(sql`VACUUM (ANALYZE) products, stores, store_articles, news, articles`);
  // Rows rewritten while it ran count towards the next one; a failed VACUUM forgets nothing.
  rewritten.set(db, (rewritten.get(db) ?? 0) - due);
  vacuumed.add(db);
  return true;
}

/** Flushes every VIEW_FLUSH_MS until stopped; stopping flushes what is left. */
export function startViewFlusher(db: Db, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => flushViews(db)).catch(onError);
  }, VIEW_FLUSH_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    await flushViews(db).catch(onError);
  };
}
