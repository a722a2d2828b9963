// A stand-in for the `electron` module, so the BUILT main bundle can be started in plain Node
// (no Electron binary here). It records what main registers and does, and behaves like Electron
// where main's correctness depends on it: 'window-all-closed' when the last window closes,
// net.fetch rejecting redirects in 'manual' and 'error' mode, safeStorage's states, dialogs.
// The smoke harness drives it. Knobs (environment):
//   STUB_KEY_BACKEND        safeStorage.getSelectedStorageBackend() (default gnome_libsecret; basic_text)
//   STUB_ENCRYPTION=off     safeStorage.isEncryptionAvailable() is false
//   STUB_PACKAGED=1         app.isPackaged (a release build: https-only settings)
//   STUB_READY_DELAY_MS     app.whenReady() resolves this late (events may arrive before it)
//   STUB_DIALOG_RESPONSE    the button index every message box answers (default 1)
/* eslint-disable @typescript-eslint/no-require-imports -- the electron package is CommonJS; this stands in for it */
const http = require('node:http');
const path = require('node:path');
const { EventEmitter } = require('node:events');

const mock = {
  schemes: null,
  protocols: {},
  ipc: {},
  windows: [],
  menu: null,
  errors: [],
  dialogs: [],
  loads: [],
  external: [],
  quit: 0,
  exitCode: null,
  permissionHandler: null,
  badge: null,
  tray: null,
  notifications: [],
  appUserModelId: null,
  loginItems: [],
  overlays: [],
};
globalThis.__electronMock = mock;
// Electron's main process has these; electron-updater reads resourcesPath when it is created.
process.resourcesPath ??= process.env.STUB_APP_DIR;
process.versions.electron ??= '45.0.0-stub';

const paths = {};
const appEvents = new EventEmitter();
const dialogResponse = () => Number(process.env.STUB_DIALOG_RESPONSE ?? 1);
exports.app = Object.assign(appEvents, {
  isPackaged: process.env.STUB_PACKAGED === '1',
  name: 'yicaitong',
  setName(name) { this.name = name; },
  getName() { return this.name; },
  setPath(key, value) { paths[key] = value; },
  getPath(key) { return paths[key] ?? path.join(process.env.STUB_HOME, key); },
  getAppPath() { return process.env.STUB_APP_DIR; },
  getVersion() { return '0.0.0-smoke'; },
  requestSingleInstanceLock() { return true; },
  quit() { mock.quit += 1; },
  // Electron ends the process; here the harness reads the code and what was shown before it.
  exit(code) { mock.exitCode = code; },
  enableSandbox() {},
  whenReady() {
    const delay = Number(process.env.STUB_READY_DELAY_MS ?? 0);
    return delay > 0 ? new Promise((resolve) => setTimeout(resolve, delay)) : Promise.resolve();
  },
  // Electron's app emits these; electron-updater subscribes.
  getLocale() { return 'zh-CN'; },
  isReady() { return true; },
  setAsDefaultProtocolClient() { return true; },
  setBadgeCount(count) { mock.badge = count; return true; },
  setAppUserModelId(id) { mock.appUserModelId = id; },
  // The Windows Run key / macOS login items: what main registered last.
  getLoginItemSettings() { return { openAtLogin: mock.loginItems.at(-1)?.openAtLogin === true }; },
  setLoginItemSettings(settings) { mock.loginItems.push(settings); },
});
exports.protocol = {
  registerSchemesAsPrivileged(schemes) { mock.schemes = schemes; },
  handle(scheme, handler) { mock.protocols[scheme] = handler; },
};
// Electron's net.fetch hands the redirect mode to its ClientRequest, which never returns a 3xx
// response: 'error' and 'manual' (no one calls followRedirect) both reject the fetch.
exports.net = {
  // electron-updater's ElectronHttpExecutor: a ClientRequest emitting 'response' with statusCode and
  // headers (Node's http.request has that shape; the stub only reaches the local fake API).
  request: (options) => {
    const { session: _session, redirect: _redirect, ...rest } = typeof options === 'string' ? { url: options } : options;
    return rest.url ? http.request(rest.url, rest) : http.request(rest);
  },
  fetch: async (input, init = {}) => {
    const mode = init.redirect ?? 'follow';
    if (mode === 'follow') return fetch(input, init);
    const res = await fetch(input, { ...init, redirect: 'manual' });
    if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
      throw new Error(mode === 'error' ? "Attempted to redirect, but redirect policy was 'error'" : 'Redirect was cancelled');
    }
    return res;
  },
};

class WebContents extends EventEmitter {
  constructor(win) { super(); this.win = win; this.id = mock.windows.length + 1; this.sent = []; }
  send(channel, payload) { this.sent.push([channel, payload]); }
  isDestroyed() { return this.win.destroyed; }
  getURL() { return this.win.url ?? ''; }
  setWindowOpenHandler(handler) { this.windowOpenHandler = handler; }
}
exports.BrowserWindow = class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.destroyed = false;
    this.maximized = false;
    this.webContents = new WebContents(this);
    mock.windows.push(this);
    exports.app.emit('web-contents-created', {}, this.webContents);
  }
  static getAllWindows() { return mock.windows.filter((w) => !w.destroyed); }
  static fromWebContents(contents) { return mock.windows.find((w) => w.webContents === contents) ?? null; }
  loadURL(url) {
    this.url = url;
    mock.loads.push({ window: mock.windows.indexOf(this), url });
    // Like Electron: the new document is committed (its renderer starts and, later, says it listens).
    this.webContents.emit('did-navigate', {}, url);
    setImmediate(() => this.emit('ready-to-show'));
    return Promise.resolve();
  }
  setOverlayIcon(image, description) { mock.overlays.push({ window: mock.windows.indexOf(this), image: image?.png ? { bytes: image.png.length, scaleFactor: image.scaleFactor, png: image.png.subarray(1, 4).toString() } : null, description }); }
  removeListener(event, listener) { return super.removeListener(event, listener); }
  isDestroyed() { return this.destroyed; }
  isMinimized() { return false; }
  isMaximized() { return this.maximized; }
  maximize() { this.maximized = true; }
  restore() {}
  show() { if (!this.shown) { this.shown = true; this.emit('show'); } }
  focus() { this.focused = (this.focused ?? 0) + 1; }
  getNormalBounds() { return { x: 10, y: 20, width: 1300, height: 850 }; }
  close() {
    if (this.destroyed) return;
    this.emit('close', { preventDefault() {} });
    this.destroyed = true;
    this.emit('closed');
    // Like Electron: closing the last window tells the app (which decides whether to quit).
    if (mock.windows.every((w) => w.destroyed)) exports.app.emit('window-all-closed');
  }
};
exports.session = {
  fromPartition: () => ({}),
  defaultSession: {
    setPermissionRequestHandler(handler) { mock.permissionHandler = handler; },
    setPermissionCheckHandler(handler) { mock.permissionCheck = handler; },
  },
};
exports.ipcMain = {
  handle(channel, handler) { mock.ipc[channel] = handler; },
  on() {},
};
exports.Menu = { setApplicationMenu(menu) { mock.menu = menu; }, buildFromTemplate(template) { return template; } };
exports.Notification = class Notification extends EventEmitter {
  static isSupported() { return true; }
  constructor(options) { super(); this.options = options; }
  show() { mock.notifications.push(this.options); }
};
// The tray main keeps: its tooltip, title and menu template (Menu.buildFromTemplate returns the template here).
exports.Tray = class Tray extends EventEmitter {
  constructor() { super(); mock.tray = { tooltip: '', title: '', menu: null, destroyed: false }; }
  setToolTip(text) { mock.tray.tooltip = text; }
  setTitle(text) { mock.tray.title = text; }
  setContextMenu(menu) { mock.tray.menu = menu; }
  destroy() { mock.tray.destroyed = true; }
};
const image = { resize() { return image; }, isEmpty() { return true; } };
exports.nativeImage = { createFromPath: () => image, createEmpty: () => image, createFromBuffer: (png, options) => ({ png, scaleFactor: options?.scaleFactor ?? 1 }) };
exports.dialog = {
  showErrorBox(title, message) { mock.errors.push(`${title}: ${message}`); },
  showMessageBox: async (...args) => {
    const options = args.length > 1 ? args[1] : args[0];
    mock.dialogs.push({ message: options.message, buttons: options.buttons ?? [] });
    return { response: dialogResponse() };
  },
  showMessageBoxSync: (...args) => {
    const options = args.length > 1 ? args[1] : args[0];
    mock.dialogs.push({ message: options.message, buttons: options.buttons ?? [] });
    return dialogResponse();
  },
};
exports.safeStorage = {
  isEncryptionAvailable: () => process.env.STUB_ENCRYPTION !== 'off',
  encryptString: (plain) => Buffer.from(plain).reverse(),
  decryptString: (cipher) => Buffer.from(cipher).reverse().toString(),
  getSelectedStorageBackend: () => process.env.STUB_KEY_BACKEND || 'gnome_libsecret',
};
const display = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } };
exports.screen = { getAllDisplays: () => [display], getPrimaryDisplay: () => display };
exports.shell = { openExternal: async (url) => void mock.external.push(url), openPath: async () => '' };
exports.autoUpdater = new EventEmitter();
