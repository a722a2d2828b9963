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

/**
 * The bytes of an answer as sent (server/plugins/public-answers.ts): kept beside the answers they
 * were made from, dropped by the same invalidation, briefly (a missed notification costs 10 s at most).
 */
const SENT_TTL_MS = 10_000;
const MAX_SENT_BYTES = 32 * 1024 * 1024;
type TSent = { at: number; tags: readonly TCacheTag[]; value: unknown; size: number };

class ResponseCache {
  private entries = new Map<string, TEntry>();
  /** Entries out of reach of the oldest-first eviction (few, built from the whole catalogue). */
  private kept = new Map<string, TEntry>();
  private pending = new Map<string, Promise<unknown>>();
  private sent = new Map<string, TSent>();
  private sentBytes = 0;
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

  /** Where the tags' invalidations stand now: an answer made from data read after this is kept only if they still stand there. */
  generations(tags: readonly TCacheTag[]): number[] {
    return tags.map((t) => this.generation[t]);
  }

  keepSent(key: string, tags: readonly TCacheTag[], before: readonly number[], value: unknown, size: number): boolean {
    // Made across an invalidation of what it was made from: it may show the data before the write.
    if (!tags.every((t, i) => this.generation[t] === before[i])) return false;
    this.dropSent(key);
    this.sent.set(key, { at: Date.now(), tags, value, size });
    this.sentBytes += size;
    for (const k of this.sent.keys()) {
      if (this.sentBytes <= MAX_SENT_BYTES) break;
      this.dropSent(k);
    }
    return true;
  }

  peekSent<T>(key: string): T | undefined {
    const hit = this.sent.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at < SENT_TTL_MS) return hit.value as T;
    this.dropSent(key);
    return undefined;
  }

  private dropSent(key: string) {
    const entry = this.sent.get(key);
    if (!entry) return;
    this.sent.delete(key);
    this.sentBytes -= entry.size;
  }

  invalidate(tags?: readonly TCacheTag[]) {
    for (const t of tags ?? (Object.keys(this.generation) as TCacheTag[])) this.generation[t] += 1;
    // Requests already computing with old data finish, but their answers are not kept.
    this.pending.clear();
    for (const map of [this.entries, this.kept]) {
      if (!tags) map.clear();
      else for (const [key, entry] of map) if (entry.tags.some((t) => tags.includes(t))) map.delete(key);
    }
    for (const [key, entry] of this.sent) if (!tags || entry.tags.some((t) => tags.includes(t))) this.dropSent(key);
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

/** Where the invalidations of `tags` stand: pass it to keepSentAnswer with what was made after it. */
export function cacheGenerations(db: Db, tags: readonly TCacheTag[]): number[] {
  return cacheOf(db).generations(tags);
}

/**
 * Keeps the bytes of an answer as sent under `key` until a write to one of `tags` (or 10 s) —
 * unless one was written since `before` (cacheGenerations, taken before the answer's data was read).
 */
export function keepSentAnswer(db: Db, key: string, tags: readonly TCacheTag[], before: readonly number[], value: unknown, size: number): boolean {
  return cacheOf(db).keepSent(key, tags, before, value, size);
}

/** The bytes kept by keepSentAnswer for `key`, if fresh. */
export function peekSentAnswer<T>(db: Db, key: string): T | undefined {
  return cacheOf(db).peekSent<T>(key);
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
