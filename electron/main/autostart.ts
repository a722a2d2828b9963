// Binds electron/core/autostart.ts to the OS: Windows' Run key and macOS login items through
// app.setLoginItemSettings, Linux's XDG autostart entry as a file. No decisions here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { app } from 'electron';
import { autostartAvailable, linuxAutostartEntry, linuxAutostartPath, loginItemSettings } from '../core/autostart.js';

export type TAutostartRegistration = { available: boolean; registered(): boolean; set(enabled: boolean): void };

export function createAutostartRegistration(deps: { appName: string; log: (msg: string) => void }): TAutostartRegistration {
  const platform = process.platform;
  // A development run would register the bare Electron binary: only installed builds register.
  const available = app.isPackaged && autostartAvailable(platform);
  const linuxFile = linuxAutostartPath(process.env, os.homedir());
  const itemOptions = (enabled: boolean) => loginItemSettings(enabled, { platform, execPath: process.execPath });

  return {
    available,
    registered() {
      if (!available) return false;
      try {
        if (platform === 'linux') return fs.existsSync(linuxFile);
        const { path: itemPath, args } = itemOptions(true);
        return app.getLoginItemSettings(itemPath ? { path: itemPath, args } : undefined).openAtLogin;
      } catch (err) {
        deps.log(`reading the autostart registration failed: ${String(err)}`);
        return false;
      }
    },
    set(enabled) {
      if (!available) return;
      try {
        if (platform === 'linux') {
          if (enabled) {
            fs.mkdirSync(path.dirname(linuxFile), { recursive: true });
            fs.writeFileSync(linuxFile, linuxAutostartEntry({ name: deps.appName, exec: process.env.APPIMAGE || process.execPath }));
          } else fs.rmSync(linuxFile, { force: true });
        } else app.setLoginItemSettings(itemOptions(enabled));
        deps.log(`autostart ${enabled ? 'on' : 'off'}`);
      } catch (err) {
        deps.log(`changing the autostart registration failed: ${String(err)}`);
      }
    },
  };
}
