// Builds a real app on a fresh database for API tests: a clone of a migrated in-memory PGlite
// template, or a throwaway database on the PostgreSQL of TEST_DATABASE_URL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, wrapPglite, migrationsFolder, type TDatabase } from '../db/client.js';
import { hashPassword } from '../lib/password.js';
import { members, stores, suppliers } from '../db/schema.js';
import { sql } from 'drizzle-orm';
import { CACHE_CHANNEL, cacheGenerations } from '../lib/cache.js';

/** PGlite as the server opens it (server/db/client.ts): trigram search and NUMERIC read as numbers. */
async function pgliteOptions() {
  const { types } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { extensions: { pg_trgm }, parsers: { [types.NUMERIC]: (v: string) => Number(v) } };
}

/** A new in-memory PGlite with every migration applied (the run's global setup dumps one for all workers). */
export async function migratedPglite(): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(await pgliteOptions());
  await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
  return client;
}

let template: Promise<PGlite> | undefined;
/** A migrated PGlite made in this worker: only when the run's global setup made none. */
const pgliteTemplate = () => (template ??= migratedPglite());

/** What the run's global setup made (server/test/global-setup.ts), if it ran. */
const provided = <K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K): string | undefined => {
  try {
    return inject(key);
  } catch {
    return undefined; // not inside a Vitest run with the API project's global setup
  }
};

let tarball: Blob | undefined;

/** A migrated PGlite from the run's template tarball (~0.7 s) or a clone of this worker's own template. */
async function freshPglite(): Promise<PGlite> {
  const file = provided('pgliteTemplate');
  if (!file || !fs.existsSync(file)) return (await (await pgliteTemplate()).clone()) as unknown as PGlite;
  const { PGlite } = await import('@electric-sql/pglite');
  tarball ??= new Blob([new Uint8Array(fs.readFileSync(file))]);
  return PGlite.create({ loadDataDir: tarball, ...(await pgliteOptions()) });
}

async function freshDatabase(): Promise<TDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return wrapPglite(await freshPglite());
  const { default: pg } = await import('pg');
  const name = `yct_test_${crypto.randomBytes(6).toString('hex')}`;
  const from = provided('postgresTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export type TTestApp = {
  app: FastifyInstance;
  database: TDatabase;
  dataDir: string;
  /** The last code written to the outbox for a mobile or e-mail. */
  lastCode: (to: string) => string | undefined;
  outbox: (channel: 'sms' | 'email') => { to: string; code?: string; purpose: string; text?: string }[];
  close: () => Promise<void>;
};

export async function makeTestApp(env: Record<string, string> = {}): Promise<TTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-static'), ...env });
  const database = await freshDatabase();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const outbox = (channel: 'sms' | 'email') => {
    const file = path.join(dataDir, 'outbox', channel === 'sms' ? 'sms.jsonl' : 'mail.jsonl');
    if (!fs.existsSync(file)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; code?: string; purpose: string; text?: string });
  };
  return {
    app,
    database,
    dataDir,
    outbox,
    lastCode: (to) => [...outbox('sms'), ...outbox('email')].filter((m) => m.to === to.toLowerCase() || m.to === to).pop()?.code,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Listens on a free port of 127.0.0.1 (tests that need real sockets: streams, fetch); the base address. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

let seq = 0;
// One argon2 hash per password for the members tests make (a fresh salt each time buys a test
// nothing and costs ~50 ms of CPU per member): the stored hash is still a real argon2id of it.
const hashes = new Map<string, Promise<string>>();
const passwordHash = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};
const uniqueMobile = () => `139${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;

/** Factory: a member with a password, optionally with roles, a company and a supplier store. */
export async function makeMember(
  t: TTestApp,
  opts: { roles?: string[]; password?: string; uname?: string; mobile?: string; email?: string; supplier?: { companyName?: string; theme?: number } } = {},
) {
  const password = opts.password ?? 'Passw0rd!';
  const mobile = opts.mobile ?? uniqueMobile();
  const [m] = await t.database.db
    .insert(members)
    .values({ mobile, email: opts.email?.toLowerCase(), uname: opts.uname, passwordHash: await passwordHash(password), roles: opts.roles ?? ['member'] })
    .returning();
  let supplierId: number | undefined;
  if (opts.supplier) {
    const [s] = await t.database.db
      .insert(suppliers)
      .values({ memberId: m!.id, companyName: opts.supplier.companyName ?? `测试供应商${m!.id}有限公司`, province: '上海', city: '上海' })
      .returning();
    supplierId = s!.id;
    await t.database.db.insert(stores).values({ supplierId: s!.id, uid: `t${m!.id}`, name: `${s!.companyName}旗舰店`, theme: opts.supplier.theme ?? 1 });
  }
  const login = await t.app.inject({ method: 'POST', url: '/auth/member/login', payload: { loginType: 'password', phoneOrEmail: mobile, password } });
  const token = (login.json() as { data: { access_token: string } }).data.access_token;
  return { id: m!.id, mobile, password, token, supplierId, auth: { authorization: `Bearer ${token}` } };
}

/**
 * Waits until this app has heard every cache notification of the writes made so far. On PostgreSQL
 * they arrive on the listening connection a moment after the commit, in commit order: a NOTIFY sent
 * now and heard back means the earlier ones are in. PGlite delivers them in-process at once.
 */
export async function cacheNotificationsHeard(t: TTestApp): Promise<void> {
  const [before] = cacheGenerations(t.database.db, ['news']);
  await t.database.db.execute(sql`NOTIFY ${sql.raw(CACHE_CHANNEL)}, 'news'`);
  const heard = await within5s(async () => cacheGenerations(t.database.db, ['news'])[0] !== before);
  if (!heard) throw new Error('the cache notification sent by the test was not heard within 5 s');
}

/** Polls until `check` passes; a change must show within 5 seconds. True when it did. */
export async function within5s(check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}
