// The data-folder lock: one holder at a time, stale locks of dead processes reclaimed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError, LOCK_FILE } from './lock.js';

let dir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-lock-'));
  lockFile = path.join(dir, LOCK_FILE);
});

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A process that is alive until the test ends. */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '']).pid;
  expect(() => process.kill(pid, 0)).toThrow();
  return pid;
}

function refusal(): string {
  try {
    acquireDirLock(dir);
  } catch (err) {
    expect(err).toBeInstanceOf(DataDirLockedError);
    return (err as Error).message;
  }
  throw new Error('expected the lock to be refused');
}

describe('acquireDirLock', () => {
  it('writes our pid and release removes the file', () => {
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
    lock.release(); // twice is harmless
    const again = acquireDirLock(dir);
    again.release();
  });

  it('refuses a second acquire on the same folder in this process', () => {
    const lock = acquireDirLock(dir);
    expect(refusal()).toBe(`The data folder ${dir} is already open in this process.`);
    lock.release();
  });

  it('refuses a folder held by another live process, naming it and DATA_DIR', () => {
    const pid = liveProcess();
    fs.writeFileSync(lockFile, String(pid));
    const message = refusal();
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${pid}`);
    expect(message).toContain('DATA_DIR');
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(pid)); // left alone
  });

  it('reclaims the stale lock of a dead process', () => {
    fs.writeFileSync(lockFile, String(deadPid()));
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('treats a fresh lock file without a pid as held (another process is still writing it)', () => {
    fs.writeFileSync(lockFile, '');
    expect(refusal()).toContain('in use by another process');
    expect(fs.existsSync(lockFile)).toBe(true);
  });

  it('reclaims an old lock file without a pid', () => {
    fs.writeFileSync(lockFile, 'garbage');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile, old, old);
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('does not remove a lock file that another process took over', () => {
    const lock = acquireDirLock(dir);
    fs.writeFileSync(lockFile, String(liveProcess()));
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(true);
  });

  it('does not pile up exit listeners across acquire and release', () => {
    const before = process.listenerCount('exit');
    for (let i = 0; i < 20; i++) acquireDirLock(dir).release();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
