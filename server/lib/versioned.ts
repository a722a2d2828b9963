// Optimistic concurrency for back-office edits: a save carries the version it was edited from; the
// UPDATE only matches that version and bumps it, so a second window saving stale data gets 409
// instead of silently overwriting the first one's change.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { STALE_EDIT_MESSAGE, VERSION_MISSING_MESSAGE } from '../../contracts/backoffice.js';
import { AppError } from '../errors.js';

export const STALE_MESSAGE = STALE_EDIT_MESSAGE;

/**
 * The WHERE part: matches only the version the editor loaded. Every edit must name one (the
 * routes' update schemas require it); a call without one is refused rather than overwriting.
 */
export const sameVersion = (col: PgColumn, version: number | undefined): SQL => {
  if (version === undefined) throw new AppError('BAD_REQUEST', VERSION_MISSING_MESSAGE);
  return eq(col, version);
};

/** The SET part: the next version. */
export const nextVersion = (col: PgColumn) => sql`${col} + 1`;

/** Throws the 409 when the guarded UPDATE matched nothing (the record moved on since it was loaded). */
export function mustHaveUpdated(rows: readonly unknown[]): void {
  if (rows.length === 0) throw new AppError('CONFLICT', STALE_MESSAGE);
}
