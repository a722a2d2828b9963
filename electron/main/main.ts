// The desktop client's main process: binds electron/core to Electron (DESIGN.md §8).
import fs from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, dialog, Menu, nativeImage, net, Notification, safeStorage, screen, shell } from 'electron';
import { DEEP_LINK_SCHEME, DESKTOP_IPC, SERVER_SETTINGS_PATH, type TDesktopAppInfo } from '../../contracts/desktop.js';
import { APP_USER_MODEL_ID } from '../core/app-identity.js';
import { isHiddenStart, opensAtLogin } from '../core/autostart.js';
import { createLaunchRouter, createNavigationQueue, routeAction, type TShowRequest, type TWindowKind } from '../core/launch-routing.js';
import { buildMenuTemplate } from '../core/menu.js';
import { allowedOrigins, buildCsp, createExternalOpener } from '../core/policies.js';
import { closeWindowsForRestart, createUnsavedChangesTracker } from '../core/restart-guard.js';
import { createSessionHub } from '../core/session-hub.js';
import { testApiConnection } from '../core/server-check.js';
import { checkApiUrlInput, checkNotificationSettingsInput, notificationSettingsView, SettingsError } from '../core/settings.js';
import { taskbarOverlay } from '../core/taskbar-badge.js';
import { createTokenVault } from '../core/token-vault.js';
import { checkUserDataFolder, createGuardedStore, fileErrorReason } from '../core/user-data.js';
import { createWindowRegistry } from '../core/window-registry.js';
import { keepsInTray, quitWhenAllWindowsClosed } from '../core/live-notifications.js';
import { createAutostartRegistration } from './autostart.js';
import { createStateStore, loadDesktopSettings, saveUserApiUrl, saveUserSettings } from './config.js';
import { registerIpc } from './ipc.js';
import { handleAppProtocol, registerAppScheme } from './protocol.js';
import { setupLiveNotifications } from './notifications.js';
import { setupUpdater } from './updater.js';
import { appUrl, askDiscardForRestart, closeWindowForRestart, createAppWindow, DEFAULT_SIZE, hardenWebContents } from './windows.js';

const APP_NAME = '仪采通';
const devServerUrl = process.env.VITE_DEV_SERVER_URL || null;
const isDev = devServerUrl !== null || !app.isPackaged;
// The API address baked in at build time (YCT_API_URL of `npm run dist`), like the update feed.
declare const __YCT_BUILD_API_URL__: string | undefined;
const builtApiUrl = (typeof __YCT_BUILD_API_URL__ === 'string' ? __YCT_BUILD_API_URL__ : '') || null;

// A fixed ASCII folder, so IT can find the per-user settings.json and logs (docs/desktop.md);
// YCT_USER_DATA_DIR moves it (tests, portable setups).
app.setName(APP_NAME);
app.setPath('userData', process.env.YCT_USER_DATA_DIR || path.join(app.getPath('appData'), 'YiCaiTong'));
// Before any window or notification: the installer's shortcut carries this ID, so notifications
// group under 仪采通 and obey its settings in Windows, and the taskbar shows one button.
if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

let logFile: string | null = null;
function log(message: string) {
  const line = `${new Date().toISOString()} ${message}`;
  console.log(line);
  if (logFile) fs.appendFile(logFile, `${line}\n`, () => {});
}

class StartFailure extends Error {}

function fail(message: string): never {
  dialog.showErrorBox(`${APP_NAME}无法启动`, message);
  app.exit(1);
  throw new StartFailure(message);
}

if (!app.requestSingleInstanceLock()) {
  // A second start only hands its deep link to the running instance (the 'second-instance' event).
  app.quit();
} else {
  registerAppScheme();
  app.enableSandbox();
  // Whatever stops the start (an unreadable state.json, say) must not leave a windowless process
  // holding the single-instance lock, which would make every later launch do nothing.
  start().catch((err: unknown) => {
    if (err instanceof StartFailure) return;
    log(`start failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    dialog.showErrorBox(`${APP_NAME}无法启动`, `启动时出错：${err instanceof Error ? err.message : String(err)}`);
    app.exit(1);
  });
}

/** An unreadable state.json (root-owned after a sudo run, a folder, locked by antivirus) named in Chinese. */
function stateFileProblem(err: unknown, file: string): string {
  return `无法读取 ${file}：${fileErrorReason(err)}。请修正该文件的权限或将其删除（会丢失窗口位置和登录状态）后重新启动。`;
}

async function start() {
  // Started at login (开机时自动启动): the tray only, until the user asks for a window.
  const launches = createLaunchRouter(process.argv, { hidden: isHiddenStart(process.argv, process.platform) });
  // macOS delivers deep links as an event, possibly before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    launches.openUrl(url);
  });
  app.on('second-instance', (_event, argv) => launches.secondInstance(argv));

  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

  await app.whenReady();
  const userData = app.getPath('userData');
  // A folder this user cannot write (root-owned after one sudo run): say so and what to do, now,
  // rather than fail inside the app:// handler at login or in a window's close listener later.
  const userDataProblem = checkUserDataFolder(userData, { platform: process.platform, logsDir: app.getPath('logs') });
  if (userDataProblem) fail(userDataProblem);
  logFile = path.join(app.getPath('logs'), 'main.log');

  const allowInsecureHttp = isDev;
  const readSettings = () => {
    try {
      return loadDesktopSettings(userData, { builtApiUrl, allowInsecureHttp });
    } catch (err) {
      return fail(err instanceof SettingsError ? err.message : `读取设置失败：${fileErrorReason(err)}`);
    }
  };
  let settings = readSettings();
  log(`start ${app.getVersion()} api=${settings.apiUrl} (${settings.apiUrlSource}) update=${settings.updateUrl ?? '(build default)'} settings=${settings.sources.join(', ') || '(none)'}`);

  const stateFile = path.join(userData, 'state.json');
  let store: ReturnType<typeof createStateStore>;
  try {
    // Writes never throw (a login, a window's close listener): a failure is logged and told once.
    let toldStoreProblem = false;
    store = createGuardedStore(createStateStore(), (problem, err) => {
      log(`state store: ${problem} ${String(err)}`);
      if (toldStoreProblem) return;
      toldStoreProblem = true;
      void dialog.showMessageBox({ type: 'warning', title: APP_NAME, message: problem, detail: `文件：${stateFile}`, buttons: ['确定'], noLink: true });
    });
  } catch (err) {
    fail(stateFileProblem(err, stateFile));
  }
  const vault = createTokenVault({ safeStorage, store, platform: process.platform, log });
  const hub = createSessionHub({ vault, log });
  const allowed = allowedOrigins(devServerUrl);
  const appRoot = app.getAppPath();
  const preload = path.join(appRoot, 'dist-electron', 'preload.cjs');
  // Linux shows the window icon from here (electron-builder's extraResources copies build/icon.png).
  const icon = process.platform === 'linux' ? path.join(app.isPackaged ? process.resourcesPath : path.join(appRoot, 'build'), 'icon.png') : undefined;

  if (vault.persistence() === 'memory') log(`token kept in memory only (${vault.memoryReason()}): no secure key store`);

  handleAppProtocol({ rendererRoot: path.join(appRoot, 'dist'), devServerUrl, apiBase: () => settings.apiUrl, csp: buildCsp({ devServerUrl }), vault, hub, log });

  // Routes for an open window wait until its renderer listens (a deep link while it still loads).
  const navigation = createNavigationQueue<BrowserWindow>((win, route) => {
    if (!win.isDestroyed()) win.webContents.send(DESKTOP_IPC.windowsNavigate, route);
  });
  const unsaved = createUnsavedChangesTracker<BrowserWindow>();
  /** The update restart is closing the windows: the last one closing neither quits nor goes to the tray. */
  let restartingForUpdate = false;

  // The unread count: app.setBadgeCount does nothing on Windows, so there it is an overlay icon on
  // each window's taskbar button (drawn by electron/core/taskbar-badge.ts).
  let unreadBadge = 0;
  const applyOverlay = (win: BrowserWindow) => {
    if (win.isDestroyed()) return;
    const overlay = taskbarOverlay(unreadBadge);
    win.setOverlayIcon(overlay ? nativeImage.createFromBuffer(overlay.png, { scaleFactor: 2 }) : null, overlay?.description ?? '');
  };
  const setBadge = (count: number) => {
    unreadBadge = count;
    if (process.platform !== 'win32') return void app.setBadgeCount(count);
    for (const win of BrowserWindow.getAllWindows()) applyOverlay(win);
  };

  const registry = createWindowRegistry<BrowserWindow>({
    store,
    // The primary display first: the OS places a window there when its remembered place is gone.
    workAreas: () => {
      const primary = screen.getPrimaryDisplay();
      return [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map((d) => d.workArea);
    },
    defaultSize: (kind) => DEFAULT_SIZE[kind as TWindowKind],
    create: (kind, saved) => {
      const win = createAppWindow({ kind: kind as TWindowKind, saved, preload, icon: icon && fs.existsSync(icon) ? icon : undefined, hub });
      // A new document (the first load, a reload) has no listener and no edits until it says so.
      win.webContents.on('did-navigate', () => {
        navigation.loading(win);
        unsaved.forget(win);
      });
      win.once('closed', () => unsaved.forget(win));
      if (process.platform === 'win32') win.once('show', () => applyOverlay(win));
      return win;
    },
  });

  /**
   * Shows `route` in the window of `kind`, creating or focusing it. An open window is never
   * reloaded (that would throw away unsaved edits): its running renderer is asked to navigate.
   */
  const show = (kind: TWindowKind, route: string | null) => {
    const { window, created } = registry.open(kind);
    const action = routeAction(kind, { created, currentUrl: created ? null : window.webContents.getURL() || null }, route);
    if (action?.type === 'load') void window.loadURL(appUrl(action.route));
    else if (action?.type === 'navigate') navigation.navigate(window, action.route);
  };
  const openSupplier = (route: string) => show('supplier', route);
  // A link in the main window opening one of our pages "in a new window" (《用户协议》 beside the
  // register form) must not take the main window away from its form: it gets a preview window.
  const openMain = (route: string, from: Electron.WebContents) => show(registry.get('main')?.webContents === from ? 'preview' : 'main', route);

  const openExternal = createExternalOpener((url) => shell.openExternal(url), log);
  hardenWebContents({ allowed, openExternal, openSupplier, openMain, log });

  // Signing out closes no window: each window's renderer shows /login and keeps the page it was
  // on as the one to return to (a closed back office lost its link, and with the main window closed
  // the app quit). A token kept in memory only is announced by the renderer (tokenPersistence).

  const setMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate({
          appName: APP_NAME,
          isMac: process.platform === 'darwin',
          isDev,
          updates: updates.menuState(),
          autostart: autostart.available ? { checked: autostartWanted() ?? autostart.registered(), locked: settings.autostart.locked } : undefined,
          actions: {
            openHome: () => show('main', '/'),
            // An open back office is only brought forward: whatever the supplier was editing stays.
            openSupplier: () => show('supplier', null),
            openServerSettings: () => show('main', SERVER_SETTINGS_PATH),
            checkForUpdates: () => void updates.checkNow(),
            restartToUpdate: () => void updates.restart(),
            toggleAutostart: () => {
              try {
                saveUserSettings(userData, { openAtLogin: !(autostartWanted() ?? autostart.registered()) });
              } catch (err) {
                void dialog.showMessageBox({ type: 'warning', title: APP_NAME, message: err instanceof Error ? err.message : String(err), buttons: ['确定'], noLink: true });
                return setMenu();
              }
              settings = readSettings();
              applyAutostart();
              setMenu();
            },
            showAbout: () =>
              void dialog.showMessageBox({
                type: 'info',
                title: `关于${APP_NAME}`,
                message: `${APP_NAME} ${app.getVersion()}`,
                detail: `服务器：${settings.apiUrl}\n登录状态：${vault.persistence() === 'encrypted' ? '已加密保存' : '仅本次运行'}`,
              }),
          },
        }),
      ),
    );

  // 开机时自动启动: off unless the user turns it on, or IT's per-machine settings say so (on for
  // suppliers by default with "openAtLogin": "suppliers"); applied once the member's roles are known.
  const autostart = createAutostartRegistration({ appName: APP_NAME, log });
  const autostartWanted = () => opensAtLogin(settings.autostart, hub.snapshot().user?.roles ?? null);
  const applyAutostart = () => {
    const wanted = autostartWanted();
    if (wanted !== null && wanted !== autostart.registered()) autostart.set(wanted);
  };

  // Updates: IT manages them where autoUpdate is off, or the build carries no feed (MSI, --unsigned
  // test builds: no app-update.yml); Linux feeds are not signed, so there the user is only told.
  const appUpdateYml = path.join(process.resourcesPath, 'app-update.yml');
  const hasBuiltFeed = app.isPackaged && fs.existsSync(appUpdateYml);
  const builtFeedUrl = hasBuiltFeed ? (/^url:\s*['"]?([^'"\s]+)/m.exec(fs.readFileSync(appUpdateYml, 'utf8'))?.[1] ?? null) : null;
  const updatePolicy = !app.isPackaged || !settings.autoUpdate || !hasBuiltFeed ? 'managed' : process.platform === 'linux' ? 'notify' : 'auto';
  const updates = setupUpdater({
    updateUrl: settings.updateUrl,
    checkEveryHours: settings.updateCheckHours,
    policy: updatePolicy,
    // Every window shows the restart banner (windows that are still loading get it once they are
    // ready); with no window open, a notification offers the restart. No dialog takes the keyboard.
    notifyReady: (version) => {
      const open = BrowserWindow.getAllWindows().filter((w) => !w.isDestroyed());
      for (const win of open) if (navigation.isReady(win)) win.webContents.send(DESKTOP_IPC.updatesReady, { version });
      if (open.length === 0 && Notification.isSupported()) {
        const note = new Notification({ title: `${APP_NAME}新版本 ${version} 已下载完成`, body: '点击此处重启以完成更新；也可以稍后，下次退出时自动安装。' });
        note.on('click', () => void updates.restart());
        note.show();
      }
    },
    // Every window is asked about unsaved edits before any closes; 留下 keeps them all open.
    prepareRestart: async () => {
      restartingForUpdate = true;
      const closed = await closeWindowsForRestart<BrowserWindow>({
        windows: () => BrowserWindow.getAllWindows().filter((w) => !w.isDestroyed()),
        hasUnsavedChanges: (win) => unsaved.has(win),
        askDiscard: (win) => askDiscardForRestart(win, updates.readyVersion()),
        close: (win, discard) => closeWindowForRestart(win, { discard }),
        log,
      });
      if (!closed) restartingForUpdate = false;
      return closed;
    },
    onMenuStateChange: () => setMenu(),
    feedUrl: settings.updateUrl ?? builtFeedUrl,
    openExternal,
    log,
  });

  const appInfo = (): TDesktopAppInfo => ({ name: APP_NAME, version: app.getVersion(), platform: process.platform, apiUrl: settings.apiUrl, tokenPersistence: vault.persistence() });
  const fetchForCheck = (url: string, init: RequestInit) => net.fetch(url, init);
  const windowOf = (sender: Electron.WebContents) => {
    const win = BrowserWindow.fromWebContents(sender);
    return win && !win.isDestroyed() ? win : null;
  };
  registerIpc({
    allowed,
    hub,
    openSupplier,
    windowReady: (sender) => {
      const win = windowOf(sender);
      if (!win) return;
      navigation.ready(win);
      const version = updates.readyVersion();
      if (version) win.webContents.send(DESKTOP_IPC.updatesReady, { version });
    },
    windowUnsavedChanges: (sender, hasUnsavedChanges) => {
      const win = windowOf(sender);
      if (win) unsaved.report(win, hasUnsavedChanges);
    },
    appInfo,
    restartForUpdate: () => updates.restart(),
    server: {
      get: () => ({ apiUrl: settings.apiUrl, locked: settings.apiUrlLocked, allowInsecureHttp }),
      test: (apiUrl) => testApiConnection(apiUrl, { fetch: fetchForCheck, allowInsecureHttp }),
      async save(apiUrl) {
        if (settings.apiUrlLocked) return { ok: false, message: '服务器地址由管理员管理，不能在此修改' };
        const checked = checkApiUrlInput(apiUrl, { allowInsecureHttp });
        if (!checked.ok) return { ok: false, message: checked.message };
        const test = await testApiConnection(checked.apiUrl, { fetch: fetchForCheck, allowInsecureHttp });
        if (!test.ok) return test;
        try {
          saveUserApiUrl(userData, checked.apiUrl);
        } catch (err) {
          return { ok: false, message: err instanceof Error ? err.message : String(err) };
        }
        const previous = settings.apiUrl;
        settings = readSettings();
        log(`API address changed from ${previous} to ${settings.apiUrl}`);
        // The token belongs to the old server.
        if (previous !== settings.apiUrl) hub.signOut();
        return { ok: true, message: '已保存，之后的请求将发送到新的服务器地址' };
      },
    },
    notificationSettings: {
      get: () => notificationSettingsView(settings, hub.snapshot().user?.roles, process.platform),
      save(input) {
        if (settings.notificationPrefsLocked) return { ok: false, message: '通知设置由管理员管理，不能在此修改' };
        const checked = checkNotificationSettingsInput(input);
        if (!checked.ok) return { ok: false, message: checked.message };
        try {
          saveUserSettings(userData, checked.values);
        } catch (err) {
          return { ok: false, message: err instanceof Error ? err.message : String(err) };
        }
        // The notification center and the tray read settings.notificationPrefs on each decision.
        settings = readSettings();
        log(`notification settings saved: ${JSON.stringify(checked.values)}`);
        return { ok: true, message: '通知设置已保存' };
      },
    },
    log,
  });

  setMenu();
  launches.start((request: TShowRequest) => show(request.kind, request.route));

  // Live notifications: one stream per signed-in session, native notifications, badge and tray
  // (all decided in electron/core/live-notifications.ts).
  const notifications = setupLiveNotifications({
    appName: APP_NAME,
    hub,
    vault,
    apiBase: () => settings.apiUrl,
    icon: icon && fs.existsSync(icon) ? icon : fs.existsSync(path.join(appRoot, 'build', 'icon.png')) ? path.join(appRoot, 'build', 'icon.png') : undefined,
    show: (request) => show(request.kind, request.route),
    broadcast: (event) => {
      for (const kind of ['main', 'supplier', 'preview'] as const) {
        const win = registry.get(kind);
        if (win && !win.webContents.isDestroyed()) win.webContents.send(DESKTOP_IPC.notificationsEvent, event);
      }
    },
    prefs: () => settings.notificationPrefs,
    quit: () => app.quit(),
    setBadge,
    log,
  });

  // The member's roles decide the default of 开机时自动启动 (suppliers, where IT says so).
  applyAutostart();
  hub.onChange((event) => {
    if (event.type !== 'user') return;
    applyAutostart();
    setMenu();
  });

  app.on('activate', () => show('main', null));
  // Only the user closing the last window ends the app on Windows/Linux, unless the client stays in
  // the tray (the keepInTray setting; on by default for suppliers); nothing closes windows on its own.
  app.on('window-all-closed', () => {
    // The update restart closed them: the installer is about to start, or 留下 kept one open.
    if (restartingForUpdate) return;
    if (quitWhenAllWindowsClosed(process.platform, keepsInTray(settings.notificationPrefs, hub.snapshot().user?.roles))) app.quit();
    else log('last window closed: staying in the tray');
  });
  app.on('before-quit', () => {
    updates.stop();
    notifications.destroy();
  });

  if (updatePolicy !== 'managed') updates.start();
  else log(`automatic update checks off (${!app.isPackaged ? 'not packaged' : !settings.autoUpdate ? 'autoUpdate=false' : 'no update feed in this build'})`);
}
