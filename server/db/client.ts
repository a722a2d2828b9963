// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';
import { acquireDirLock, MIGRATION_LOCK_KEY, STARTUP_LOCK_KEY, type TDirLock, type TLeaderLock } from './lock.js';
import type { TPoolStats } from '../lib/metrics.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type TDatabase = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Pool use for /metrics (PostgreSQL only: PGlite is one connection). */
  poolStats?: () => TPoolStats;
  /**
   * A session-level advisory lock held on a connection of its own while this process leads the
   * scheduled jobs (PostgreSQL). Undefined for PGlite, where the data-folder lock already makes
   * this process the only one.
   */
  leaderLock?: (key: number) => TLeaderLock;
  /**
   * Runs what a start writes (first-start seeding, re-indexing) while no other instance does: on
   * PostgreSQL under a session-level advisory lock on a connection of its own, so an instance
   * starting beside another waits for it and then finds its data; `onWait` says that it waits.
   * PGlite: the data-folder lock already makes this process the only one. (Absent on a database a
   * test wraps itself.)
   */
  startupWrites?: <T>(run: () => Promise<T>, onWait?: () => void) => Promise<T>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

type TOpenOptions = { databaseUrl?: string; dataDir?: string; memory?: boolean };

export async function openDatabase(opts: TOpenOptions): Promise<TDatabase> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts);
}

async function openPostgres(url: string): Promise<TDatabase> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // COUNT(*) and bigint come back as strings from pg; parse int8 so both drivers agree.
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  const max = 10;
  // A request waits at most 5 s for a connection: during an outage it answers 503 instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle connection that the server ends (a restart, a failover, a dropped test database while the
  // pool is closing) is only replaced; without a listener its error would end the process.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  // Several instances starting at the same moment on an empty database: the first migrates; the
  // others wait on the lock, then find every migration recorded and apply none.
  await underAdvisoryLock(url, MIGRATION_LOCK_KEY, () => migrate(db, { migrationsFolder }));
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    leaderLock: (key) => postgresLeaderLock(url, key),
    startupWrites: (run, onWait) => underAdvisoryLock(url, STARTUP_LOCK_KEY, run, onWait),
  };
}

/**
 * Runs `run` holding a session-level advisory lock, waiting for it while another process holds it
 * (`onWait` is told once). The lock lives on a connection of its own and ends with it.
 */
async function underAdvisoryLock<T>(url: string, key: number, run: () => Promise<T>, onWait?: () => void): Promise<T> {
  const { default: pg } = await import('pg');
  const lockClient = new pg.Client({ connectionString: url });
  lockClient.on('error', () => {}); // a lost lock connection surfaces as the query error below
  await lockClient.connect();
  try {
    const { rows } = await lockClient.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
    if (!rows[0]?.ok) {
      onWait?.();
      await lockClient.query('SELECT pg_advisory_lock($1)', [key]);
    }
    return await run();
  } finally {
    await lockClient.end().catch(() => {}); // ending the session releases the lock
  }
}

/** Tries the leader lock on a dedicated connection; losing the connection loses the lead. */
function postgresLeaderLock(url: string, key: number): TLeaderLock {
  let held: import('pg').Client | undefined;
  let connecting: Promise<boolean> | undefined;
  const drop = () => {
    const c = held;
    held = undefined;
    if (c) void c.end().catch(() => {});
  };
  const attempt = async (): Promise<boolean> => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    c.on('error', () => {
      if (held === c) held = undefined;
    });
    c.on('end', () => {
      if (held === c) held = undefined;
    });
    try {
      await c.connect();
      const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
      if (rows[0]?.ok) {
        held = c;
        return true;
      }
    } catch {
      // database unreachable: not the leader this time
    }
    await c.end().catch(() => {});
    return false;
  };
  return {
    async acquire() {
      if (held) {
        // still ours? a connection the server ended fails this check and the lead is retried
        try {
          await held.query('SELECT 1');
          return true;
        } catch {
          drop();
        }
      }
      connecting ??= attempt().finally(() => (connecting = undefined));
      return connecting;
    },
    async release() {
      const c = held;
      held = undefined;
      if (c) await c.end().catch(() => {});
    },
  };
}

/** How many migrations the journal lists: readiness needs them all recorded. */
export function expectedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Wraps an already-migrated PGlite (tests clone a migrated template). */
export async function wrapPglite(client: import('@electric-sql/pglite').PGlite): Promise<TDatabase> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client, schema, casing: 'snake_case' });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), startupWrites: (run) => run() };
}

export { migrationsFolder };

async function openPglite(opts: TOpenOptions): Promise<TDatabase> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let lock: TDirLock | undefined;
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = path.resolve(opts.dataDir ?? './data');
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDirLock(dataDir);
  }
  try {
    const client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pgdata') : undefined,
      extensions: { pg_trgm },
      parsers: { [types.NUMERIC]: (v: string) => Number(v) },
    });
    const db = drizzle({ client, schema, casing: 'snake_case' });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        lock?.release();
      },
      startupWrites: (run) => run(),
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
