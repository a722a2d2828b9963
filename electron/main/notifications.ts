// Binds electron/core/live-notifications.ts to Electron: the session's one live stream over
// net.fetch with the vault's token, Notification for new notices (a click goes back to the core),
// the tray icon and its menu, app.setBadgeCount. No decisions here.
import { app, Menu, nativeImage, net, Notification, Tray, type MenuItemConstructorOptions } from 'electron';
import { LIVE_STREAM_PATH, startLiveClient, type TLiveEvent } from '../../contracts/live.js';
import type { TShowRequest } from '../core/launch-routing.js';
import { createNotificationCenter, type TNativeNotification, type TNotificationCenter, type TNotificationPrefs, type TTrayModel } from '../core/live-notifications.js';
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

  const center = createNotificationCenter({
    appName: deps.appName,
    hub: deps.hub,
    startStream: ({ onEvent, onStatus }) =>
      startLiveClient({
        url: `${deps.apiBase()}${LIVE_STREAM_PATH}`,
        headers: () => {
          const token = deps.vault.get();
          return token ? { authorization: `Bearer ${token}` } : null;
        },
        fetch: (url, init) => net.fetch(url, { headers: init.headers, signal: init.signal }),
        onEvent,
        onStatus: (s) => {
          deps.log(`live notifications: ${s}`);
          onStatus(s);
        },
      }),
    showNative,
    setBadge: (count) => void app.setBadgeCount(count),
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
