// Shared by `npm run backup` and `npm run restore`: the data folder of the embedded database and its
// lock file (the same one the server takes: server/db/lock.ts).
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'yicaitong.lock';

export function dataDir() {
  return path.resolve(process.env.DATA_DIR || './data');
}

/** Ends the command with one sentence and exit code `code` (75: busy, 64: usage, 78: configuration). */
export function refuse(message, code = 1) {
  console.error(message);
  process.exit(code);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Takes the data-folder lock for this command, or refuses when a server (or another command) holds it. */
export function lockDataDir(dir, doing) {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // gone already
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const text = fs.readFileSync(file, 'utf8').trim();
      const pid = /^\d+$/.test(text) ? Number(text) : 0;
      if (pid && alive(pid)) {
        refuse(
          `Cannot ${doing} while the server (pid ${pid}) uses ${dir}: the embedded database is the files of one running process and cannot be copied consistently while it writes, so stop the server first (with PostgreSQL, use pg_dump as docs/deploy.md describes).`,
          75,
        );
      }
      fs.rmSync(file, { force: true }); // a lock left by a process that died
    }
  }
  refuse(`Could not lock ${dir}.`, 75);
}

/** Copies a folder, leaving out partial uploads. */
export function copyTree(from, to) {
  fs.cpSync(from, to, { recursive: true, filter: (src) => path.basename(src) !== '.partial' && path.basename(src) !== LOCK_FILE });
}

/** Files and bytes under a folder. */
export function measure(dir) {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      files++;
      bytes += fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
    }
  }
  return { files, bytes };
}
