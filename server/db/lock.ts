// A lock file on the PGlite data folder: PGlite has no lock of its own and a second process
// opening the same folder silently loses its writes (STACK.md).
import fs from 'node:fs';
import path from 'node:path';

export type TDirLock = { release: () => void };

export class DataDirLockedError extends Error {}

export const LOCK_FILE = 'yicaitong.lock';

/** A lock file without a pid this young may be one another process is still writing. */
const FRESH_MS = 5_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): { pid: number; ageMs: number } | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    const ageMs = Date.now() - fs.statSync(file).mtimeMs;
    return { pid: /^\d+$/.test(text) ? Number(text) : 0, ageMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // released meanwhile
    throw err;
  }
}

export function acquireDirLock(dir: string): TDirLock {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      try {
        fs.writeSync(fd, String(process.pid));
      } finally {
        fs.closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.removeListener('exit', release);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const lock = readLock(file);
      if (!lock) continue;
      const { pid, ageMs } = lock;
      if (pid === process.pid) {
        throw new DataDirLockedError(`The data folder ${dir} is already open in this process.`);
      }
      if (pid ? isAlive(pid) : ageMs < FRESH_MS) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another process${pid ? ` (pid ${pid})` : ''}; stop it or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(file, { force: true }); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}

/** Advisory-lock keys on PostgreSQL (one number space per database; 'yct' + a counter). */
export const MIGRATION_LOCK_KEY = 0x79637401;
export const SCHEDULER_LOCK_KEY = 0x79637402;
/** Held while an instance writes what every start writes (demo data, re-indexing): see main.ts. */
export const STARTUP_LOCK_KEY = 0x79637403;

/** A lead held while `acquire()` answers true; `release()` gives it up at shutdown. */
export type TLeaderLock = { acquire: () => Promise<boolean>; release: () => Promise<void> };
