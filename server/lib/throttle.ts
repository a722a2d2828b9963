// Sliding-window counters in the database, so several API instances share them.
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateEvents } from '../db/schema.js';

export async function countEvents(db: Db, bucket: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.bucket, bucket), gt(rateEvents.at, new Date(Date.now() - windowMs))));
  return row?.n ?? 0;
}

/** Records one event and answers its id, so a caller can take it back (deleteEvents). */
export async function recordEvent(db: Db, bucket: string): Promise<number> {
  const [row] = await db.insert(rateEvents).values({ bucket: bucket.slice(0, 120) }).returning({ id: rateEvents.id });
  return row!.id;
}

/** Takes back events that did not happen after all (a code that could not be delivered). */
export async function deleteEvents(db: Db, ids: number[]) {
  if (ids.length > 0) await db.delete(rateEvents).where(inArray(rateEvents.id, ids));
}

export async function clearEvents(db: Db, bucket: string) {
  await db.delete(rateEvents).where(eq(rateEvents.bucket, bucket));
}

/** Drops counters older than a day; called by the scheduler. */
export async function pruneEvents(db: Db) {
  await db.delete(rateEvents).where(lt(rateEvents.at, new Date(Date.now() - 24 * 3600 * 1000)));
}
