// View counts, written behind in batches: a visit adds to a counter in memory; every few seconds
// (and when the server closes) one UPDATE per table adds the sums. A crash loses at most the
// last few seconds of counts, never a product write. Answers show the stored count plus this
// process's visits not yet in the row they were read from.
//
// What a visit is (issue 32), the same for stores, goods, store articles, news and articles: one
// visitor (address and browser) looking at the row, counted once per VISIT_WINDOW_MS however the
// page came — a page address the server answers (rendered now, or from the rendered-page cache, or
// the shell), or the API answer a page navigated to in the browser asks for (countVisit). Not a
// visit: a crawler that says so in its user agent, a prefetch (Purpose / Sec-Purpose: prefetch),
// the server rendering a page for itself, a HEAD request.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clock } from './clock.js';

export const VIEW_FLUSH_MS = 3_000;

export type TViewKind = 'products' | 'stores' | 'store_articles' | 'news' | 'articles';
type TKind = TViewKind;

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

/** Visits this process has counted for the row so far (written or not). */
export function recordedViews(db: Db, kind: TKind, id: number): number {
  return countsOf(db, kind).recorded.get(id) ?? 0;
}

// ---- what a visit is ----------------------------------------------------------------------------

/** A reload, or the page's own request for what its address already showed, within this is the same visit. */
export const VISIT_WINDOW_MS = 5 * 60_000;
/** Visits remembered at most (per database handle); beyond it the oldest are forgotten. */
const MAX_REMEMBERED = 200_000;

/** Crawlers that say so in their user agent (Baiduspider, Googlebot, bingbot, Sogou web spider, Bytespider…). */
const CRAWLER = /bot\b|bot\/|spider|crawler|crawling|slurp|facebookexternalhit|mediapartners|bingpreview|ia_archiver|headlesschrome\/[\d.]+ \(prerender\)/i;

export type TVisitor = { key: string };
type TRequestLike = { method: string; ip: string; headers: Record<string, string | string[] | undefined> };

const header = (r: TRequestLike, name: string) => {
  const v = r.headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).toLowerCase();
};

/** True for a request that is no visit: a crawler, a prefetch, the server rendering for itself, HEAD. */
export function isNoVisit(r: TRequestLike): boolean {
  if (r.method !== 'GET') return true;
  if (r.headers['x-server-render']) return true;
  if (/prefetch|prerender/.test(header(r, 'sec-purpose')) || /prefetch|preview/.test(header(r, 'purpose')) || header(r, 'x-purpose') === 'preview' || header(r, 'x-moz') === 'prefetch') return true;
  return CRAWLER.test(header(r, 'user-agent'));
}

/** Who visits (address and browser), or null when the request is no visit. */
export function visitorOf(r: TRequestLike): TVisitor | null {
  if (isNoVisit(r)) return null;
  return { key: crypto.createHash('sha1').update(`${r.ip}\n${header(r, 'user-agent')}`).digest('base64url').slice(0, 16) };
}

const remembered = new WeakMap<Db, Map<string, number>>();

/**
 * Counts `visitor`'s visit to the row unless it visited it within VISIT_WINDOW_MS (a reload, or the
 * page asking for what its address showed); no visitor, no visit. Returns the visits this process
 * has counted for the row, for the answer's figure.
 */
export function countVisit(db: Db, kind: TKind, id: number, visitor: TVisitor | null | undefined): number {
  if (visitor) {
    let seen = remembered.get(db);
    if (!seen) remembered.set(db, (seen = new Map()));
    const now = clock.now();
    const key = `${kind}:${id}:${visitor.key}`;
    const until = seen.get(key);
    if (until === undefined || until <= now) {
      seen.delete(key);
      seen.set(key, now + VISIT_WINDOW_MS);
      if (seen.size > MAX_REMEMBERED) {
        for (const [k, t] of seen) if (t <= now || seen.size > MAX_REMEMBERED * 0.9) seen.delete(k);
      }
      return recordView(db, kind, id);
    }
  }
  return recordedViews(db, kind, id);
}

/** What a page address shows, to count as a visit: the rows, by the renderer's page addresses. */
export type TPageVisitResolver = (db: Db, pathname: string, query: URLSearchParams) => Promise<{ kind: TKind; id: number }[]>;
const pageResolvers: TPageVisitResolver[] = [];
/** Modules register what their page addresses show (catalogue: stores and goods; content: news and articles). */
export const registerPageVisits = (resolver: TPageVisitResolver) => void pageResolvers.push(resolver);

/**
 * A page address the server answered with 200 (rendered, from the rendered-page cache or the shell):
 * a visit to each row it shows. Failures are only logged by the caller: a count never fails a page.
 */
export async function countPageVisit(db: Db, request: TRequestLike, pathname: string, query: URLSearchParams): Promise<void> {
  const visitor = visitorOf(request);
  if (!visitor) return;
  for (const resolve of pageResolvers) {
    for (const { kind, id } of await resolve(db, pathname, query)) countVisit(db, kind, id, visitor);
  }
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
