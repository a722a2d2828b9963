// The user data folder (settings.json, state.json, logs/): checked once at start, so a folder the
// user cannot write (root-owned after one `sudo` run, a profile copied by an administrator, a
// read-only disk) is named in Chinese with what to do, instead of EACCES thrown later inside the
// app:// handler (login) or a window's close listener (bounds). Writes to the state store never throw.
import nodeFs from 'node:fs';
import path from 'node:path';
import type { TKeyValueStore } from './token-vault.js';

/** Why a file operation failed, in Chinese, by the error's code. */
export function fileErrorReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return '没有读写权限（可能曾以管理员身份或用 sudo 运行过仪采通，或被安全软件锁定）';
    case 'EROFS':
      return '所在磁盘是只读的';
    case 'ENOSPC':
    case 'EDQUOT':
      return '磁盘空间不足';
    case 'EISDIR':
      return '它是一个文件夹而不是文件';
    case 'ENOTDIR':
    case 'EEXIST':
      return '路径上有一个同名的文件挡住了文件夹';
    case 'EBUSY':
      return '文件被其他程序占用';
    case 'ENOENT':
      return '文件或文件夹不存在';
    default:
      return `系统错误${code ? `（${code}）` : ''}`;
  }
}

/** What to do about a folder the user cannot write, for this platform. */
export function fixAdvice(dir: string, platform: string): string {
  if (platform === 'win32') {
    return `请在资源管理器中右键该文件夹→属性→安全，给当前用户“完全控制”权限；或请 IT 部门修正。也可以删除该文件夹（会丢失窗口位置和登录状态）后重新启动。请不要以管理员身份运行仪采通。`;
  }
  return `请在终端中运行：sudo chown -R "$(id -un)" "${dir}"，然后重新启动仪采通；也可以删除该文件夹（会丢失窗口位置和登录状态）。请不要用 sudo 运行仪采通。`;
}

/** The sentence the start-up dialog shows for an unusable user data folder (`target`: the folder or file that failed). */
export function userDataProblem(dir: string, err: unknown, platform: string, target = dir): string {
  const what = target === dir ? `用户数据文件夹 ${dir}` : target.startsWith(dir) ? `${target}（用户数据文件夹 ${dir} 中）` : `日志文件夹 ${target}`;
  return `无法写入${what}：${fileErrorReason(err)}。${fixAdvice(dir, platform)}`;
}

export type TFsForCheck = Pick<typeof nodeFs, 'mkdirSync' | 'writeFileSync' | 'unlinkSync' | 'statSync' | 'openSync' | 'closeSync'>;

/**
 * Checks that the folder, its logs/ and the files the client rewrites (state.json, settings.json)
 * can be written. Returns the Chinese problem, or null when all is well. Creates what is missing.
 */
export function checkUserDataFolder(dir: string, options: { platform: string; fs?: TFsForCheck; logsDir?: string }): string | null {
  const fs = options.fs ?? nodeFs;
  let target = dir;
  const probe = (folder: string) => {
    target = folder;
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `.yct-write-check-${process.pid}`);
    fs.writeFileSync(file, 'ok');
    fs.unlinkSync(file);
  };
  try {
    probe(dir);
    probe(options.logsDir ?? path.join(dir, 'logs'));
    // A file owned by another user in a folder we may write: opening it for writing tells. (A folder
    // in a file's place is reported where that file is read, naming it.)
    for (const name of ['state.json', 'settings.json']) {
      target = path.join(dir, name);
      let isFile = false;
      try {
        isFile = fs.statSync(target).isFile();
      } catch {
        continue; // not there yet: the folder check above covers creating it
      }
      if (isFile) fs.closeSync(fs.openSync(target, 'r+'));
    }
    return null;
  } catch (err) {
    return userDataProblem(dir, err, options.platform, target);
  }
}

/**
 * The state store (electron-store) behind a guard: a write that fails (the folder became unwritable
 * while running, antivirus holding state.json) is reported, never thrown — the value is kept in
 * memory for this run, so a login still succeeds and closing a window does not crash main.
 */
export function createGuardedStore(inner: TKeyValueStore, onError: (problem: string, err: unknown) => void): TKeyValueStore {
  const DELETED = Symbol('deleted');
  const memory = new Map<string, unknown>();
  const guard = (what: string, run: () => void) => {
    try {
      run();
    } catch (err) {
      onError(`无法${what}：${fileErrorReason(err)}。本次运行中的登录状态和窗口位置不会被保存。`, err);
    }
  };
  return {
    get(key) {
      if (memory.has(key)) {
        const value = memory.get(key);
        return value === DELETED ? undefined : value;
      }
      try {
        return inner.get(key);
      } catch (err) {
        onError(`无法读取 state.json：${fileErrorReason(err)}。`, err);
        return undefined;
      }
    },
    set(key, value) {
      memory.set(key, value);
      guard('保存 state.json', () => inner.set(key, value));
    },
    delete(key) {
      memory.set(key, DELETED);
      guard('保存 state.json', () => inner.delete(key));
    },
  };
}
