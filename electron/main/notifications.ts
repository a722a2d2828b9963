// Binds electron/core/live-notifications.ts to Electron: the session's one live stream over
// net.fetch with the vault's token, Notification for new notices (a click goes back to the core),
// the tray icon and its menu, the badge main sets. No decisions here.
import fs from 'node:fs';
import path from 'node:path';
import { app, dialog, Menu, nativeImage, net, Notification, Tray, type MenuItemConstructorOptions } from 'electron';
import type { TLiveEvent } from '../../contracts/live.js';
import type { TShowRequest } from '../core/launch-routing.js';
import { createNotificationCenter, desktopStreamStarter, type TLiveCursorStore, type TNativeNotification, type TNotificationCenter, type TNotificationPrefs, type TTrayModel } from '../core/live-notifications.js';
import type { TSessionHub } from '../core/session-hub.js';
import type { TTokenVault } from '../core/token-vault.js';

export function setupLiveNotifications(deps: {
  appName: string;
  hub: TSessionHub;
  vault: TTokenVault;
  apiBase: () => string;
  icon: string | undefined;
  show: (request: TShowRequest) => void;
  broadcast: (event: TLiveEvent) => void;
  prefs: () => TNotificationPrefs;
  quit: () => void;
  /** The unread count on the dock/taskbar (main: the Windows taskbar overlay; app.setBadgeCount elsewhere). */
  setBadge?: (count: number) => void;
  log: (msg: string) => void;
}): { center: TNotificationCenter; destroy: () => void } {
  let tray: Tray | null = null;
  // Shown notifications are kept referenced until clicked or closed (else their click is lost to GC).
  const live = new Set<Notification>();

  const showNative = (n: TNativeNotification) => {
    if (!Notification.isSupported()) return;
    const note = new Notification({ title: n.title, body: n.body, ...(deps.icon ? { icon: deps.icon } : {}) });
    live.add(note);
    note.on('click', () => {
      live.delete(note);
      center.click(n);
    });
    note.on('close', () => live.delete(note));
    note.show();
  };

  const setTray = (model: TTrayModel) => {
    if (!tray) {
      const image = deps.icon ? nativeImage.createFromPath(deps.icon).resize({ width: 16, height: 16 }) : nativeImage.createEmpty();
      tray = new Tray(image);
      tray.on('click', () => deps.show({ kind: 'main', route: null }));
    }
    tray.setToolTip(model.tooltip);
    if (process.platform === 'darwin') tray.setTitle(model.title);
    const template: MenuItemConstructorOptions[] = model.items.map((item) =>
      'separator' in item
        ? { type: 'separator' }
        : { label: item.label, click: () => (item.action.type === 'quit' ? deps.quit() : deps.show(item.action.request)) },
    );
    tray.setContextMenu(Menu.buildFromTemplate(template));
  };

  // The stream's cursor between runs (the last notice this client saw): live-cursor.json in the user data folder.
  const cursorFile = path.join(app.getPath('userData'), 'live-cursor.json');
  const cursor: TLiveCursorStore = {
    get: () => {
      try {
        const v = (JSON.parse(fs.readFileSync(cursorFile, 'utf8')) as { id?: unknown }).id;
        return typeof v === 'string' ? v : null;
      } catch {
        return null;
      }
    },
    set: (id) => {
      try {
        fs.writeFileSync(cursorFile, JSON.stringify({ id }));
      } catch (err) {
        deps.log(`live notifications: cursor not saved: ${String(err)}`);
      }
    },
  };

  // Signed out by the server: a native notification (a dialog where there are none), even in the tray.
  const tellSignedOut = (n: TNativeNotification) => {
    if (Notification.isSupported()) return showNative(n);
    void dialog.showMessageBox({ type: 'warning', title: deps.appName, message: n.title, detail: n.body });
  };

  const center = createNotificationCenter({
    appName: deps.appName,
    hub: deps.hub,
    startStream: desktopStreamStarter({
      apiBase: deps.apiBase,
      token: () => deps.vault.get(),
      fetch: (url, init) => net.fetch(url, { headers: init.headers, signal: init.signal }),
      log: deps.log,
    }),
    cursor,
    tellSignedOut,
    showNative,
    setBadge: deps.setBadge ?? ((count) => void app.setBadgeCount(count)),
    setTray,
    broadcast: deps.broadcast,
    show: deps.show,
    prefs: deps.prefs,
    log: deps.log,
  });

  return {
    center,
    destroy: () => {
      center.stop();
      tray?.destroy();
      tray = null;
    },
  };
}
