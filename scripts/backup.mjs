// `npm run backup [-- --out <folder>]`: a copy of the embedded database (PGlite, DATA_DIR/pgdata)
// and the uploads (DATA_DIR/uploads) in a new folder, default backups/yicaitong-<time>. It takes
// the data-folder lock, so it refuses with one sentence while the server runs: a PGlite folder can
// only be copied consistently when no process writes it. With DATABASE_URL (PostgreSQL) it refuses
// too: use pg_dump plus a copy of the uploads (docs/deploy.md).
import fs from 'node:fs';
import path from 'node:path';
import { copyTree, dataDir, lockDataDir, measure, refuse } from './data-dir.mjs';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
if (args.some((a, i) => a !== '--out' && i !== outAt + 1)) refuse('Usage: npm run backup [-- --out <new folder>]', 64);
if (process.env.DATABASE_URL) {
  refuse('DATABASE_URL is set: back up PostgreSQL with pg_dump and copy the uploads folder, as docs/deploy.md describes (npm run backup copies the embedded database only).', 78);
}
const dir = dataDir();
if (!fs.existsSync(path.join(dir, 'pgdata'))) refuse(`There is no embedded database in ${dir} (no pgdata folder): set DATA_DIR to the server's data folder.`, 66);
const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d+Z$/, 'Z');
const out = path.resolve(outAt >= 0 && args[outAt + 1] ? args[outAt + 1] : path.join('backups', `yicaitong-${stamp}`));
if (fs.existsSync(out) && fs.readdirSync(out).length > 0) refuse(`${out} already exists and is not empty: name a new folder with --out.`, 73);

const started = Date.now();
const release = lockDataDir(dir, 'back up');
const partial = `${out}.partial`;
try {
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  copyTree(path.join(dir, 'pgdata'), path.join(partial, 'pgdata'));
  if (fs.existsSync(path.join(dir, 'uploads'))) copyTree(path.join(dir, 'uploads'), path.join(partial, 'uploads'));
  const manifest = { kind: 'yicaitong-pglite-backup', version: 1, createdAt: new Date().toISOString(), from: dir, pgdata: measure(path.join(partial, 'pgdata')), uploads: measure(path.join(partial, 'uploads')) };
  fs.writeFileSync(path.join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  fs.rmSync(out, { recursive: true, force: true });
  fs.renameSync(partial, out); // a backup folder is whole or absent
  console.log(`Backup of ${dir} written to ${out} (database ${(manifest.pgdata.bytes / 1e6).toFixed(1)} MB, ${manifest.uploads.files} uploaded files) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (err) {
  fs.rmSync(partial, { recursive: true, force: true });
  throw err;
} finally {
  release();
}
