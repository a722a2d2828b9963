// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';
import { acquireDirLock, type TDirLock } from './lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type TDatabase = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
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
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server ends (a restart, a failover, a dropped test database while the
  // pool is closing) is only replaced; without a listener its error would end the process.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** Wraps an already-migrated PGlite (tests clone a migrated template). */
export async function wrapPglite(client: import('@electric-sql/pglite').PGlite): Promise<TDatabase> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client, schema, casing: 'snake_case' });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
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
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
