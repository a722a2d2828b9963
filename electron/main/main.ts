// The desktop client's main process: binds electron/core to Electron (DESIGN.md §8).
import fs from 'node:fs';
import path from 'node:path';
import { app, dialog, Menu, safeStorage, screen, shell, type BrowserWindow } from 'electron';
import { DEEP_LINK_SCHEME, DESKTOP_IPC, SUPPLIER_PATH_PREFIX, type TDesktopAppInfo } from '../../contracts/desktop.js';
import { createLaunchRouter, routeToLoad, type TShowRequest, type TWindowKind } from '../core/launch-routing.js';
import { buildMenuTemplate } from '../core/menu.js';
import { allowedOrigins, buildCsp, createExternalOpener } from '../core/policies.js';
import { createSessionHub } from '../core/session-hub.js';
import { SettingsError } from '../core/settings.js';
import { createTokenVault } from '../core/token-vault.js';
import { createWindowRegistry } from '../core/window-registry.js';
import { createStateStore, loadDesktopSettings } from './config.js';
import { registerIpc } from './ipc.js';
import { handleAppProtocol, registerAppScheme } from './protocol.js';
import { setupUpdater } from './updater.js';
import { appUrl, createAppWindow, hardenWebContents } from './windows.js';

const APP_NAME = '仪采通';
const devServerUrl = process.env.VITE_DEV_SERVER_URL || null;
const isDev = devServerUrl !== null || !app.isPackaged;

// A fixed ASCII folder, so IT can find the per-user settings.json and logs (docs/desktop.md);
// YCT_USER_DATA_DIR moves it (tests, portable setups).
app.setName(APP_NAME);
app.setPath('userData', process.env.YCT_USER_DATA_DIR || path.join(app.getPath('appData'), 'YiCaiTong'));

let logFile: string | null = null;
function log(message: string) {
  const line = `${new Date().toISOString()} ${message}`;
  console.log(line);
  if (logFile) fs.appendFile(logFile, `${line}\n`, () => {});
}

function fail(message: string): never {
  dialog.showErrorBox(`${APP_NAME}无法启动`, message);
  app.exit(1);
  throw new Error(message);
}

if (!app.requestSingleInstanceLock()) {
  // A second start only hands its deep link to the running instance (the 'second-instance' event).
  app.quit();
} else {
  registerAppScheme();
  app.enableSandbox();
  void start();
}

async function start() {
  const launches = createLaunchRouter(process.argv);
  // macOS delivers deep links as an event, possibly before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    launches.openUrl(url);
  });
  app.on('second-instance', (_event, argv) => launches.secondInstance(argv));

  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

  await app.whenReady();
  fs.mkdirSync(app.getPath('logs'), { recursive: true });
  logFile = path.join(app.getPath('logs'), 'main.log');

  let settings: ReturnType<typeof loadDesktopSettings>;
  try {
    settings = loadDesktopSettings(app.getPath('userData'));
  } catch (err) {
    fail(err instanceof SettingsError ? err.message : `读取设置失败：${String(err)}`);
  }
  log(`start ${app.getVersion()} api=${settings.apiUrl} update=${settings.updateUrl ?? '(build default)'} settings=${settings.sources.join(', ') || '(none)'}`);

  const store = createStateStore();
  const vault = createTokenVault({ safeStorage, store, platform: process.platform, log });
  const hub = createSessionHub({ vault, log });
  const allowed = allowedOrigins(devServerUrl);
  const appRoot = app.getAppPath();
  const preload = path.join(appRoot, 'dist-electron', 'preload.cjs');
  // Linux shows the window icon from here (electron-builder's extraResources copies build/icon.png).
  const icon = process.platform === 'linux' ? path.join(app.isPackaged ? process.resourcesPath : path.join(appRoot, 'build'), 'icon.png') : undefined;

  if (vault.persistence() === 'memory') log(`token kept in memory only (${vault.memoryReason()}): no secure key store`);

  handleAppProtocol({ rendererRoot: path.join(appRoot, 'dist'), devServerUrl, apiBase: () => settings.apiUrl, csp: buildCsp({ devServerUrl }), vault, hub, log });

  const registry = createWindowRegistry<BrowserWindow>({
    store,
    workAreas: () => screen.getAllDisplays().map((d) => d.workArea),
    create: (kind, saved) => createAppWindow({ kind: kind as TWindowKind, saved, preload, icon: icon && fs.existsSync(icon) ? icon : undefined, hub }),
  });

  /** Shows `route` in the window of `kind`, creating or focusing it; an open window only reloads for a different route. */
  const show = (kind: TWindowKind, route: string | null) => {
    const { window, created } = registry.open(kind);
    const load = routeToLoad(kind, { created, currentUrl: created ? null : window.webContents.getURL() || null }, route);
    if (load !== null) void window.loadURL(appUrl(load));
  };
  const openSupplier = (route: string) => show('supplier', route);

  const openExternal = createExternalOpener((url) => shell.openExternal(url), log);
  hardenWebContents({ allowed, openExternal, openSupplier, log });

  // Logout closes the supplier back office: its pages are useless without a session. (A token kept
  // in memory only is announced by the renderer, which reads tokenPersistence from the app info.)
  hub.onChange((event) => {
    if (event.type === 'logout') registry.closeAll(['supplier']);
  });

  const updates = setupUpdater({
    updateUrl: settings.updateUrl,
    checkEveryHours: settings.updateCheckHours,
    notifyReady: (version) => {
      for (const kind of ['main', 'supplier'] as const) registry.get(kind)?.webContents.send(DESKTOP_IPC.updatesReady, { version });
    },
    log,
  });

  const appInfo = (): TDesktopAppInfo => ({ name: APP_NAME, version: app.getVersion(), platform: process.platform, apiUrl: settings.apiUrl, tokenPersistence: vault.persistence() });
  registerIpc({ allowed, hub, openSupplier, appInfo, restartForUpdate: () => updates.restart(), log });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        appName: APP_NAME,
        isMac: process.platform === 'darwin',
        isDev,
        actions: {
          openHome: () => show('main', '/'),
          openSupplier: () => openSupplier(SUPPLIER_PATH_PREFIX),
          checkForUpdates: () => void updates.checkNow(),
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

  launches.start((request: TShowRequest) => show(request.kind, request.route));

  app.on('activate', () => show('main', null));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => updates.stop());

  if (app.isPackaged && settings.autoUpdate) updates.start();
  else log(`automatic update checks off (${app.isPackaged ? 'autoUpdate=false' : 'not packaged'})`);
}
