// Throttle counters in the database, so parallel requests and several API instances share them.
//
// A bucket allows `limit` tries per window; the window starts with the first try after the last
// one ended. A try is taken with ONE statement (INSERT … ON CONFLICT DO UPDATE … WHERE hits <
// limit … RETURNING): PostgreSQL locks the row and re-checks the condition against the newest
// version, so 50 parallel tries on a bucket of 5 yield exactly 5 rows back, the rest none. Nothing
// is checked first and recorded afterwards, and no state lives in process memory.
import crypto from 'node:crypto';
import net from 'node:net';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { throttleCounters } from '../db/schema.js';

/** A try taken from a bucket; `giveBack` returns it (an action that did not happen after all). */
export type TTry = { bucket: string; hits: number; expiresAt: Date; amount?: number };

const MAX_BUCKET = 160;

/** Bucket names longer than the column keep a readable prefix and a digest of the whole name. */
export function bucketName(name: string): string {
  if (name.length <= MAX_BUCKET) return name;
  return `${name.slice(0, 100)}#${crypto.createHash('sha256').update(name).digest('hex').slice(0, 48)}`;
}

/**
 * The part of a client address that identifies one network for per-address limits: an IPv4
 * address as it is (IPv4-mapped IPv6 included), an IPv6 address by its /64 prefix (one
 * subscriber is usually given a whole /64, so counting single addresses would be useless).
 */
export function addressKey(ip: string): string {
  const raw = ip.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (mapped && net.isIPv4(mapped[1]!)) return mapped[1]!;
  if (!net.isIPv6(raw)) return raw;
  let text = raw.toLowerCase();
  // an embedded IPv4 tail becomes two groups
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const groups = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Takes one try (or `amount` units, such as bytes) from `bucket` (at most `limit` per `windowMs`);
 * answers the try, or null when the bucket has no room left until its window ends.
 */
export async function take(db: Db, name: string, limit: number, windowMs: number, amount = 1): Promise<TTry | null> {
  if (amount > limit) return null;
  const bucket = bucketName(name);
  // whole milliseconds, so the JavaScript Date of a try matches the row again (giveBack)
  const end = sql`date_trunc('milliseconds', now() + ${Math.max(1, Math.round(windowMs))} * interval '1 millisecond')`;
  const expired = sql`${throttleCounters.expiresAt} <= now()`;
  const rows = await db
    .insert(throttleCounters)
    .values({ bucket, hits: amount, expiresAt: end })
    .onConflictDoUpdate({
      target: throttleCounters.bucket,
      set: {
        hits: sql`CASE WHEN ${expired} THEN ${amount}::int ELSE ${throttleCounters.hits} + ${amount}::int END`,
        expiresAt: sql`CASE WHEN ${expired} THEN ${end} ELSE ${throttleCounters.expiresAt} END`,
      },
      setWhere: sql`${expired} OR ${throttleCounters.hits} + ${amount}::int <= ${limit}::int`,
    })
    .returning({ hits: throttleCounters.hits, expiresAt: throttleCounters.expiresAt });
  const row = rows[0];
  return row ? { bucket, hits: row.hits, expiresAt: row.expiresAt, amount } : null;
}

/** Returns a try that did not happen after all (a code that could not be delivered, a good password). */
export async function giveBack(db: Db, tries: (TTry | null | undefined)[]) {
  for (const t of tries) {
    if (!t) continue;
    // only within the window the try was taken in
    await db
      .update(throttleCounters)
      .set({ hits: sql`greatest(${throttleCounters.hits} - ${t.amount ?? 1}::int, 0)` })
      .where(and(eq(throttleCounters.bucket, t.bucket), eq(throttleCounters.expiresAt, t.expiresAt), gt(throttleCounters.hits, 0)));
  }
}

/** Whole seconds until a full bucket takes tries again (at least 1). */
export async function secondsLeft(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ s: sql<number>`ceil(extract(epoch from (${throttleCounters.expiresAt} - now())))::int` })
    .from(throttleCounters)
    .where(eq(throttleCounters.bucket, bucketName(name)))
    .limit(1);
  return Math.max(1, row?.s ?? 1);
}

/** Whether the bucket has `limit` tries used in its current window (a check that takes nothing). */
export async function isFull(db: Db, name: string, limit: number): Promise<boolean> {
  const [row] = await db
    .select({ hits: throttleCounters.hits })
    .from(throttleCounters)
    .where(and(eq(throttleCounters.bucket, bucketName(name)), gt(throttleCounters.expiresAt, sql`now()`)))
    .limit(1);
  return (row?.hits ?? 0) >= limit;
}

/** Forgets a bucket (a successful login clears the account's failures). */
export async function clear(db: Db, name: string) {
  await db.delete(throttleCounters).where(eq(throttleCounters.bucket, bucketName(name)));
}

/** Drops counters whose window has ended; called by the scheduler. */
export async function pruneEvents(db: Db) {
  await db.delete(throttleCounters).where(lte(throttleCounters.expiresAt, sql`now()`));
}

/** The older name of `clear`, kept for callers outside this change. */
export const clearEvents = clear;
