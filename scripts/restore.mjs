// `npm run restore -- <backup folder> [--force]`: puts a backup of `npm run backup` into DATA_DIR
// (database and uploads). Refuses while a server uses DATA_DIR, and when DATA_DIR already holds a
// database unless --force, which keeps the replaced folders beside it (pgdata.replaced-<time>).
import fs from 'node:fs';
import path from 'node:path';
import { copyTree, dataDir, lockDataDir, refuse } from './data-dir.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const rest = args.filter((a) => a !== '--force');
if (rest.length !== 1) refuse('Usage: npm run restore -- <backup folder> [--force]', 64);
const from = path.resolve(rest[0]);
let manifest;
try {
  manifest = JSON.parse(fs.readFileSync(path.join(from, 'manifest.json'), 'utf8'));
} catch {
  refuse(`${from} is not a backup of npm run backup (no readable manifest.json).`, 66);
}
if (manifest.kind !== 'yicaitong-pglite-backup' || !fs.existsSync(path.join(from, 'pgdata'))) refuse(`${from} is not a backup of npm run backup.`, 66);
if (process.env.DATABASE_URL) refuse('DATABASE_URL is set: restore PostgreSQL with pg_restore as docs/deploy.md describes (npm run restore restores the embedded database only).', 78);

const dir = dataDir();
const release = lockDataDir(dir, 'restore');
try {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const hasDb = fs.existsSync(path.join(dir, 'pgdata'));
  if (hasDb && !force) refuse(`${dir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it (the current one is kept as pgdata.replaced-<time>).`, 73);
  for (const name of ['pgdata', 'uploads']) {
    if (fs.existsSync(path.join(dir, name))) fs.renameSync(path.join(dir, name), path.join(dir, `${name}.replaced-${stamp}`));
  }
  copyTree(path.join(from, 'pgdata'), path.join(dir, `pgdata.restoring-${stamp}`));
  fs.renameSync(path.join(dir, `pgdata.restoring-${stamp}`), path.join(dir, 'pgdata'));
  if (fs.existsSync(path.join(from, 'uploads'))) copyTree(path.join(from, 'uploads'), path.join(dir, 'uploads'));
  console.log(`Restored the backup of ${manifest.createdAt} into ${dir} (${manifest.uploads.files} uploaded files); start the server on it.`);
} finally {
  release();
}
