// A lock file on the PGlite data folder: PGlite has no lock of its own and a second process
// opening the same folder silently loses its writes (STACK.md).
import fs from 'node:fs';
import path from 'node:path';

export type TDirLock = { release: () => void };

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirLock(dir: string): TDirLock {
  const file = path.join(dir, 'yicaitong.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
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
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another process (pid ${pid}); stop it or set DATA_DIR to another folder.`,
        );
      }
      if (pid === process.pid) {
        throw new DataDirLockedError(`The data folder ${dir} is already open in this process.`);
      }
      fs.unlinkSync(file); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}
