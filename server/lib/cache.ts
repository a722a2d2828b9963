// The one cache for anonymous public answers (catalogue lists and details, stores, news, articles,
// the home page, the sitemap, the meta of deep-link HTML), keyed by the normalised request.
//
// Correctness: every write to a table an answer is built from fires a trigger (migration 0009) that
// sends NOTIFY yct_catalogue with the table's name; each process LISTENs (server/lib/db-listener.ts) and drops the entries
// tagged with what changed. PostgreSQL delivers that to every process on the database within
// milliseconds; PGlite (one process per data folder) delivers it in-process. Counting views does not
// notify (the trigger ignores updates that change only `views`). A lost listening connection drops
// everything and reconnects; the TTL bounds staleness should a notification ever be missed.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, TDatabase } from '../db/client.js';
import { listenToDatabase, type TChannelHandler } from './db-listener.js';
import { countCache } from './metrics.js';

export const CACHE_CHANNEL = 'yct_catalogue';

/**
 * What an answer is built from; a write to a table drops the answers carrying its tags. `facts`:
 * the catalogue's facts (server/modules/catalogue/catalogue-facts.ts), built from goods, their
 * suppliers and brands only, so a store's article or a product's picture does not drop them.
 */
export type TCacheTag = 'catalogue' | 'facts' | 'news' | 'articles' | 'demands';

const TABLE_TAGS: Record<string, readonly TCacheTag[]> = {
  products: ['catalogue', 'facts'],
  product_params: ['catalogue'],
  product_images: ['catalogue'],
  stores: ['catalogue'],
  store_categories: ['catalogue'],
  suppliers: ['catalogue', 'facts'],
  brands: ['catalogue', 'facts'],
  categories: ['catalogue'],
  store_articles: ['catalogue'],
  recruitments: ['catalogue'],
  news: ['news'],
  articles: ['articles'],
  demands: ['demands'],
};

const DEFAULT_TTL_MS = 60_000;
// Oldest first out beyond this (a list answer with facets is 10–30 KB: at most ~100 MB).
const MAX_ENTRIES = 5_000;

type TEntry = { at: number; ttl: number; tags: readonly TCacheTag[]; value: unknown };

class ResponseCache {
  private entries = new Map<string, TEntry>();
  /** Entries out of reach of the oldest-first eviction (few, built from the whole catalogue). */
  private kept = new Map<string, TEntry>();
  private pending = new Map<string, Promise<unknown>>();
  /** Bumped on every invalidation of a tag: an answer computed across one is not stored. */
  private generation: Record<TCacheTag, number> = { catalogue: 0, facts: 0, news: 0, articles: 0, demands: 0 };

  async get<T>(name: string, key: string, tags: readonly TCacheTag[], compute: () => Promise<T>, ttl: number, keep = false): Promise<T> {
    const full = `${name}\u0000${key}`;
    const hit = (keep ? this.kept : this.entries).get(full);
    if (hit && Date.now() - hit.at < hit.ttl) {
      countCache(name, true);
      return hit.value as T;
    }
    countCache(name, false);
    const inFlight = this.pending.get(full);
    if (inFlight) return inFlight as Promise<T>;
    const before = tags.map((t) => this.generation[t]);
    // Started a microtask later, so the run is in `pending` before any of it runs.
    const run: Promise<T> = Promise.resolve().then(async () => {
      try {
        const value = await compute();
        if (tags.every((t, i) => this.generation[t] === before[i])) {
          if (keep) this.kept.set(full, { at: Date.now(), ttl, tags, value });
          else {
            if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
            this.entries.delete(full);
            this.entries.set(full, { at: Date.now(), ttl, tags, value });
          }
        }
        return value;
      } finally {
        // Only this run's own entry: after an invalidation a newer run may be pending under the key.
        if (this.pending.get(full) === run) this.pending.delete(full);
      }
    });
    this.pending.set(full, run);
    return run;
  }

  /** The stored answer for the key if it is fresh, without computing one. */
  peek<T>(name: string, key: string, keep: boolean): T | undefined {
    const hit = (keep ? this.kept : this.entries).get(`${name}\u0000${key}`);
    return hit && Date.now() - hit.at < hit.ttl ? (hit.value as T) : undefined;
  }

  invalidate(tags?: readonly TCacheTag[]) {
    for (const t of tags ?? (Object.keys(this.generation) as TCacheTag[])) this.generation[t] += 1;
    // Requests already computing with old data finish, but their answers are not kept.
    this.pending.clear();
    for (const map of [this.entries, this.kept]) {
      if (!tags) map.clear();
      else for (const [key, entry] of map) if (entry.tags.some((t) => tags.includes(t))) map.delete(key);
    }
  }

  get size() {
    return this.entries.size + this.kept.size;
  }
}

// One cache per database handle (tests run several databases in one process).
const caches = new WeakMap<Db, ResponseCache>();
const cacheOf = (db: Db) => {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new ResponseCache()));
  return c;
};

/**
 * The answer for `key` under `name` (also the label in yct_cache_requests_total), computed once
 * and shared by concurrent callers, kept until a write to one of `tags` or `ttlMs`.
 * Only for answers that are the same for every anonymous visitor. `keep`: never evicted to make
 * room (for the few entries built from the whole catalogue that many answers are counted from).
 */
export function cached<T>(db: Db, name: string, key: string, tags: readonly TCacheTag[], compute: () => Promise<T>, ttlMs = DEFAULT_TTL_MS, keep = false): Promise<T> {
  return cacheOf(db).get(name, key, tags, compute, ttlMs, keep);
}

/** The answer `cached` keeps for the key, if it is there and fresh; never computes one. */
export function peekCached<T>(db: Db, name: string, key: string, keep = false): T | undefined {
  return cacheOf(db).peek<T>(name, key, keep);
}

/** Drops this process's answers built from `tags` (all without), e.g. after a write no trigger sees. */
export function invalidateCache(db: Db, tags?: readonly TCacheTag[]) {
  cacheOf(db).invalidate(tags);
}

/** Normalises a query object into a key: keys sorted, empty values left out. */
export function cacheKey(parts: Record<string, unknown>): string {
  return Object.keys(parts)
    .filter((k) => parts[k] !== undefined && parts[k] !== null && parts[k] !== '')
    .sort()
    .map((k) => `${k}=${Array.isArray(parts[k]) ? (parts[k] as unknown[]).join(',') : String(parts[k])}`)
    .join('&');
}

function onNotification(db: Db, payload: string | undefined) {
  const tags = payload ? TABLE_TAGS[payload] : undefined;
  cacheOf(db).invalidate(tags);
}

/** The cache's side of the process's database listener (server/lib/db-listener.ts). */
export function cacheInvalidationHandler(db: Db): TChannelHandler {
  return { channel: CACHE_CHANNEL, onMessage: (payload) => onNotification(db, payload), onGap: () => cacheOf(db).invalidate() };
}

/** LISTENs for the cache's notifications alone (the application listens once for every channel). */
export async function listenForInvalidation(database: TDatabase, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  return listenToDatabase(database, log, [cacheInvalidationHandler(database.db)]);
}
