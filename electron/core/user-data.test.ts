import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TKeyValueStore } from './token-vault';
import { checkUserDataFolder, createGuardedStore, fileErrorReason, type TFsForCheck } from './user-data';

const eacces = (file: string) => Object.assign(new Error(`EACCES: permission denied, open '${file}'`), { code: 'EACCES' });

/** The real fs, except that writing under `lockedDir` fails as for a folder root owns after `sudo`. */
function rootOwned(lockedDir: string): TFsForCheck {
  const locked = (p: unknown) => String(p).startsWith(lockedDir);
  return {
    ...fs,
    mkdirSync: ((p: string, o: fs.MakeDirectoryOptions) => (fs.existsSync(p) ? undefined : locked(p) ? (() => { throw eacces(p); })() : fs.mkdirSync(p, o))) as TFsForCheck['mkdirSync'],
    writeFileSync: ((p: string, d: string) => {
      if (locked(p)) throw eacces(p);
      fs.writeFileSync(p, d);
    }) as TFsForCheck['writeFileSync'],
    openSync: ((p: string, flags: string) => {
      if (locked(p) && flags !== 'r') throw eacces(p);
      return fs.openSync(p, flags);
    }) as TFsForCheck['openSync'],
  };
}

const temp: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-userdata-'));
  temp.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the user data folder at start', () => {
  it('a writable folder passes and gets its logs folder', () => {
    const dir = path.join(tempDir(), 'YiCaiTong');
    expect(checkUserDataFolder(dir, { platform: 'linux' })).toBeNull();
    expect(fs.existsSync(path.join(dir, 'logs'))).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['logs']);
  });

  it('root-owned after a sudo run: named in Chinese, with the command that fixes it', () => {
    const dir = tempDir();
    const problem = checkUserDataFolder(dir, { platform: 'linux', fs: rootOwned(dir) });
    expect(problem).toBe(
      `无法写入用户数据文件夹 ${dir}：没有读写权限（可能曾以管理员身份或用 sudo 运行过仪采通，或被安全软件锁定）。请在终端中运行：sudo chown -R "$(id -un)" "${dir}"，然后重新启动仪采通；也可以删除该文件夹（会丢失窗口位置和登录状态）。请不要用 sudo 运行仪采通。`,
    );
  });

  it('Windows: what to click instead of a command', () => {
    const dir = tempDir();
    expect(checkUserDataFolder(dir, { platform: 'win32', fs: rootOwned(dir) })).toMatch(/右键该文件夹→属性→安全，给当前用户“完全控制”权限/);
  });

  it('a state.json the user cannot write in a folder it can: names the file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'state.json'), '{}');
    const problem = checkUserDataFolder(dir, { platform: 'linux', fs: rootOwned(path.join(dir, 'state.json')) });
    expect(problem).toMatch(new RegExp(`^无法写入${path.join(dir, 'state.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}（用户数据文件夹 .* 中）：没有读写权限`));
  });

  it('a file where the folder should be (a real failure, not a simulated one)', () => {
    const file = path.join(tempDir(), 'YiCaiTong');
    fs.writeFileSync(file, 'not a folder');
    expect(checkUserDataFolder(file, { platform: 'linux' })).toMatch(/^无法写入用户数据文件夹 .*：路径上有一个同名的文件挡住了文件夹。/);
  });

  it.each([
    ['EROFS', '所在磁盘是只读的'],
    ['ENOSPC', '磁盘空间不足'],
    ['EBUSY', '文件被其他程序占用'],
    ['EWHATEVER', '系统错误（EWHATEVER）'],
  ])('%s reads %s', (code, text) => expect(fileErrorReason(Object.assign(new Error('x'), { code }))).toBe(text));
});

describe('the state store never throws', () => {
  const failing = (): TKeyValueStore => ({
    get: () => {
      throw eacces('state.json');
    },
    set: () => {
      throw eacces('state.json');
    },
    delete: () => {
      throw eacces('state.json');
    },
  });

  it('a failed write (login, a window closing) is reported in Chinese, and the value lives on for this run', () => {
    const onError = vi.fn();
    const store = createGuardedStore(failing(), onError);
    expect(() => store.set('session.token', { v: 1 })).not.toThrow();
    expect(store.get('session.token')).toEqual({ v: 1 });
    expect(() => store.delete('session.token')).not.toThrow();
    expect(store.get('session.token')).toBeUndefined();
    expect(onError).toHaveBeenCalledWith('无法保存 state.json：没有读写权限（可能曾以管理员身份或用 sudo 运行过仪采通，或被安全软件锁定）。本次运行中的登录状态和窗口位置不会被保存。', expect.objectContaining({ code: 'EACCES' }));
    expect(store.get('windows.main')).toBeUndefined();
  });

  it('passes through to the real store when it works', () => {
    const data = new Map<string, unknown>([['windows.main', { maximized: true }]]);
    const store = createGuardedStore({ get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) }, () => {
      throw new Error('not expected');
    });
    expect(store.get('windows.main')).toEqual({ maximized: true });
    store.set('a', 1);
    expect(data.get('a')).toBe(1);
  });
});
