// Runs once per test run, before any API test file: migrates one database and hands its place to
// every worker, so each test app starts from a copy instead of running initdb and every migration
// again (PGlite: ~5 s per file; PostgreSQL: one migrated template database copied by CREATE DATABASE).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migratedPglite } from './harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder (uncompressed). */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database on TEST_DATABASE_URL's server to copy (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const name = `yct_template_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: dbUrl.toString() });
    await database.close(); // a template must have no open connection while it is copied
    project.provide('postgresTemplate', name);
    return async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const client = await migratedPglite();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-template-'));
  const file = path.join(dir, 'pgdata.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
