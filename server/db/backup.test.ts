// `npm run backup` / `npm run restore` on a real embedded database: refused with one sentence while
// a process holds the data folder; after it closes, a backup restored into a fresh folder opens with
// the member and the uploaded file in it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { members } from './schema.js';
import { LocalFolderStorage } from '../lib/uploads.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const run = (script: string, args: string[], dataDir: string) => {
  const { DATABASE_URL: _d, ...env } = process.env;
  return spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], { env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8' });
};

describe('backup and restore of the embedded database', () => {
  it('refuses while the database is open, then restores into a fresh folder with the data and uploads', { timeout: 180_000 }, async () => {
    const source = path.join(root, 'source');
    const database = await openDatabase({ dataDir: source });
    const bytes = Buffer.from('%PDF-1.4 备份测试附件');
    let key: string;
    try {
      await database.db.insert(members).values({ mobile: '13911112222', uname: 'backupuser', realName: '备份测试' });
      key = await new LocalFolderStorage(path.join(source, 'uploads')).put('trade', 'pdf', bytes);
      const busy = run('backup', ['--out', path.join(root, 'refused')], source);
      expect(busy.status).toBe(75);
      expect(busy.stderr.trim()).toBe(
        `Cannot back up while the server (pid ${process.pid}) uses ${source}: the embedded database is the files of one running process and cannot be copied consistently while it writes, so stop the server first (with PostgreSQL, use pg_dump as docs/deploy.md describes).`,
      );
      expect(fs.existsSync(path.join(root, 'refused'))).toBe(false);
    } finally {
      await database.close();
    }

    const backup = path.join(root, 'backup-1');
    const made = run('backup', ['--out', backup], source);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'))).toMatchObject({ kind: 'yicaitong-pglite-backup', uploads: { files: 1 } });

    const fresh = path.join(root, 'fresh');
    const restored = run('restore', [backup], fresh);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    // a second restore onto a database is refused without --force
    const again = run('restore', [backup], fresh);
    expect(again.status).toBe(73);
    expect(again.stderr).toContain('already holds a database');

    const reopened = await openDatabase({ dataDir: fresh });
    try {
      const [m] = await reopened.db.select({ realName: members.realName }).from(members).where(eq(members.uname, 'backupuser'));
      expect(m?.realName).toBe('备份测试');
    } finally {
      await reopened.close();
    }
    expect(fs.readFileSync(path.join(fresh, 'uploads', key))).toEqual(bytes);
  });
});
