// A stand-in for the `electron` module, so the BUILT main bundle can be started in plain Node
// (no Electron binary here). It records what main registers; the smoke harness drives it.
/* eslint-disable @typescript-eslint/no-require-imports -- the electron package is CommonJS; this stands in for it */
const path = require('node:path');
const { EventEmitter } = require('node:events');

const mock = { schemes: null, protocols: {}, ipc: {}, windows: [], menu: null, errors: [], external: [], quit: 0, permissionHandler: null };
globalThis.__electronMock = mock;
// Electron's main process has these; electron-updater reads resourcesPath when it is created.
process.resourcesPath ??= process.env.STUB_APP_DIR;
process.versions.electron ??= '45.0.0-stub';

const paths = {};
const appEvents = new EventEmitter();
exports.app = Object.assign(appEvents, {
  isPackaged: false,
  name: 'yicaitong',
  setName(name) { this.name = name; },
  getName() { return this.name; },
  setPath(key, value) { paths[key] = value; },
  getPath(key) { return paths[key] ?? path.join(process.env.STUB_HOME, key); },
  getAppPath() { return process.env.STUB_APP_DIR; },
  getVersion() { return '0.0.0-smoke'; },
  requestSingleInstanceLock() { return true; },
  quit() { mock.quit += 1; },
  exit(code) { throw new Error(`app.exit(${code}): ${mock.errors.join(' | ')}`); },
  enableSandbox() {},
  whenReady() { return Promise.resolve(); },
  isReady() { return true; },
  setAsDefaultProtocolClient() { return true; },
});
exports.protocol = {
  registerSchemesAsPrivileged(schemes) { mock.schemes = schemes; },
  handle(scheme, handler) { mock.protocols[scheme] = handler; },
};
exports.net = { fetch: (input, init) => fetch(input, init) };

class WebContents extends EventEmitter {
  constructor(win) { super(); this.win = win; this.id = mock.windows.length + 1; this.sent = []; }
  send(channel, payload) { this.sent.push([channel, payload]); }
  getURL() { return this.win.url ?? ''; }
  setWindowOpenHandler(handler) { this.windowOpenHandler = handler; }
}
exports.BrowserWindow = class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.destroyed = false;
    this.webContents = new WebContents(this);
    mock.windows.push(this);
    exports.app.emit('web-contents-created', {}, this.webContents);
  }
  static getAllWindows() { return mock.windows.filter((w) => !w.destroyed); }
  loadURL(url) { this.url = url; return Promise.resolve(); }
  isDestroyed() { return this.destroyed; }
  isMinimized() { return false; }
  isMaximized() { return false; }
  maximize() {}
  restore() {}
  show() {}
  focus() { this.focused = (this.focused ?? 0) + 1; }
  getNormalBounds() { return { x: 10, y: 20, width: 1300, height: 850 }; }
  close() { this.emit('close', { preventDefault() {} }); this.destroyed = true; this.emit('closed'); }
};
exports.session = {
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
exports.Notification = class Notification { static isSupported() { return false; } show() {} };
exports.dialog = {
  showErrorBox(title, message) { mock.errors.push(`${title}: ${message}`); },
  showMessageBox: async () => ({ response: 1 }),
};
exports.safeStorage = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from(plain).reverse(),
  decryptString: (cipher) => Buffer.from(cipher).reverse().toString(),
  getSelectedStorageBackend: () => process.env.STUB_KEY_BACKEND || 'gnome_libsecret',
};
exports.screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };
exports.shell = { openExternal: async (url) => void mock.external.push(url), openPath: async () => '' };
exports.autoUpdater = new EventEmitter();
