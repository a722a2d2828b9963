// Reads the desktop settings (environment, per-machine and per-user settings.json) and the
// small persistent state store (window bounds, the sealed token).
import fs from 'node:fs';
import path from 'node:path';
import Store from 'electron-store';
import { machineSettingsPath, parseSettingsFile, resolveDesktopSettings, type TDesktopSettings } from '../core/settings.js';
import type { TKeyValueStore } from '../core/token-vault.js';

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Throws SettingsError with a sentence naming the bad setting and its source. */
export function loadDesktopSettings(userDataDir: string): TDesktopSettings & { sources: string[] } {
  const machineFile = machineSettingsPath(process.platform, process.env);
  const userFile = path.join(userDataDir, 'settings.json');
  const files = [parseSettingsFile(machineFile, readIfExists(machineFile)), parseSettingsFile(userFile, readIfExists(userFile))];
  const settings = resolveDesktopSettings({ env: process.env, files });
  return { ...settings, sources: files.filter((f) => f.values !== undefined).map((f) => f.name) };
}

/** electron-store behind the core's key-value interface. */
export function createStateStore(): TKeyValueStore {
  const store = new Store<Record<string, unknown>>({ name: 'state', clearInvalidConfig: true });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
