// Reads the desktop settings (environment, per-machine and per-user settings.json) and the
// small persistent state store (window bounds, the sealed token).
import fs from 'node:fs';
import path from 'node:path';
import Store from 'electron-store';
import { machineSettingsPath, parseSettingsFile, resolveDesktopSettings, SettingsError, type TDesktopSettings } from '../core/settings.js';
import type { TKeyValueStore } from '../core/token-vault.js';
import { fileErrorReason } from '../core/user-data.js';

/** A settings file's text, null when there is none; one that cannot be read is named in Chinese. */
function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SettingsError(`无法读取设置文件 ${file}：${fileErrorReason(err)}。请修正该文件的权限，或将其删除后重新启动。`);
  }
}

export const userSettingsPath = (userDataDir: string) => path.join(userDataDir, 'settings.json');

/**
 * Throws SettingsError with a sentence naming the bad setting and its source. `builtApiUrl` is the
 * address baked into the build; outside development only https:// addresses (loopback excepted).
 */
export function loadDesktopSettings(userDataDir: string, options: { builtApiUrl: string | null; allowInsecureHttp: boolean }): TDesktopSettings & { sources: string[] } {
  const machineFile = machineSettingsPath(process.platform, process.env);
  const userFile = userSettingsPath(userDataDir);
  const files = [parseSettingsFile(machineFile, readIfExists(machineFile), 'machine'), parseSettingsFile(userFile, readIfExists(userFile), 'user')];
  const settings = resolveDesktopSettings({ env: process.env, files, build: { apiUrl: options.builtApiUrl }, allowInsecureHttp: options.allowInsecureHttp });
  return { ...settings, sources: files.filter((f) => f.values !== undefined).map((f) => f.name) };
}

/** 「服务器设置」 saves the API address into the per-user settings.json, keeping its other keys. */
export function saveUserApiUrl(userDataDir: string, apiUrl: string) {
  saveUserSettings(userDataDir, { apiUrl });
}

/** Writes keys into the per-user settings.json (「服务器设置」, 「通知设置」), keeping the others. */
export function saveUserSettings(userDataDir: string, patch: Record<string, unknown>) {
  const file = userSettingsPath(userDataDir);
  const text = readIfExists(file);
  let values: Record<string, unknown> = {};
  if (text !== null) {
    const parsed = parseSettingsFile(file, text).values;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) values = parsed as Record<string, unknown>;
  }
  try {
    fs.mkdirSync(userDataDir, { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ ...values, ...patch }, null, 2)}\n`);
  } catch (err) {
    throw new SettingsError(`无法保存设置文件 ${file}：${fileErrorReason(err)}。`);
  }
}

/** electron-store behind the core's key-value interface. */
/** Throws when state.json cannot be read (EACCES after a sudo run, EISDIR, locked by antivirus). */
export function createStateStore(): TKeyValueStore {
  const store = new Store<Record<string, unknown>>({ name: 'state', clearInvalidConfig: true });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
