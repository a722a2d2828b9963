// Starts the BUILT main bundle (dist-electron/main.js) against electron-stub.cjs and a fake API,
// then runs one scenario (SMOKE_SCENARIO) through what main registered: the app:// handler, IPC,
// windows, menu, dialogs. Prints one JSON line. Knobs besides the stub's:
//   SMOKE_API=down        nothing listens at the API address (offline start)
//   SMOKE_NO_ENV_API=1    YCT_API_URL is not set (the address baked into the build applies)
//   SMOKE_API_URL         YCT_API_URL to use instead of the fake API
//   SMOKE_STATE           JSON written to state.json before the start; SMOKE_STATE=dir makes it a folder
//   SMOKE_ARGV_LINK       a deep link on the command line of the first start
//   SMOKE_EARLY_SECOND_INSTANCE=1  a plain second start arrives before the app is ready
//   SMOKE_UPDATE_VERSION  the build carries an update feed (app-update.yml) at the fake API offering this version
//   SMOKE_SETTINGS        JSON written to the per-user settings.json before the start
//   SMOKE_PLATFORM=win32  process.platform as main sees it (Windows-only paths: AUMID, taskbar overlay, Run key)
//   SMOKE_UNWRITABLE      start|later: writing under the user data folder fails with EACCES (root-owned
//                         after a sudo run) from the start, or from the moment the windows are open
import fs from 'node:fs';
import http from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// Anything main leaves uncaught (a throwing close listener, say) is a result, not a crash of the harness.
const uncaught = [];
process.on('uncaughtException', (err) => uncaught.push(String(err?.stack ?? err)));
process.on('unhandledRejection', (err) => uncaught.push(String(err?.stack ?? err)));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seen = [];
const liveStreams = [];
const TOKEN = 'tok-smoke-123';
const api = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    // Main's own live notification stream (one per signed-in session): kept apart from the proxied calls.
    if (req.url?.split('?')[0] === '/api/notifications/stream') {
      liveStreams.push(req.headers.authorization ?? null);
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 401, msg: '未登录' }));
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      return res.write('event: unread\ndata: {"count":2}\n\n');
    }
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization ?? null, body });
    if (req.url === '/api/redirect') return res.writeHead(301, { location: 'https://yct.example.cn/api/redirect' }).end();
    if (req.url === '/api/docs') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<script>alert(1)</script>');
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (req.url?.startsWith('/updates/latest-linux.yml')) {
      res.setHeader('content-type', 'text/yaml');
      return res.end(`version: ${process.env.SMOKE_UPDATE_VERSION}\nfiles:\n  - url: yicaitong-${process.env.SMOKE_UPDATE_VERSION}-x86_64.AppImage\n    sha512: AAAA\n    size: 1\npath: yicaitong-${process.env.SMOKE_UPDATE_VERSION}-x86_64.AppImage\nsha512: AAAA\nreleaseDate: '2026-01-01T00:00:00.000Z'\n`);
    }
    if (req.url === '/api/health') return res.end(JSON.stringify({ code: 200, msg: 'ok', data: { db: 'pglite', uptimeS: 1 } }));
    if (req.url === '/auth/member/login') return res.end(JSON.stringify({ code: 200, msg: '登录成功', data: { access_token: TOKEN } }));
    if (req.url?.startsWith('/api/member/getInfo') && req.headers.authorization !== `Bearer ${TOKEN}`) return res.writeHead(401).end(JSON.stringify({ code: 401, msg: '未登录' }));
    res.end(JSON.stringify({ code: 200, msg: 'ok', data: { path: req.url } }));
  });
});
await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
const apiUrl = `http://127.0.0.1:${api.address().port}`;
if (process.env.SMOKE_API === 'down') await new Promise((resolve) => api.close(resolve));
if (process.env.SMOKE_API_URL) process.env.YCT_API_URL = process.env.SMOKE_API_URL;
else if (process.env.SMOKE_NO_ENV_API !== '1') process.env.YCT_API_URL = apiUrl;

const userData = process.env.YCT_USER_DATA_DIR;
const stateFile = path.join(userData, 'state.json');
fs.mkdirSync(userData, { recursive: true });
if (process.env.SMOKE_STATE === 'dir') fs.mkdirSync(stateFile);
else if (process.env.SMOKE_STATE) fs.writeFileSync(stateFile, process.env.SMOKE_STATE);
if (process.env.SMOKE_SETTINGS) fs.writeFileSync(path.join(userData, 'settings.json'), process.env.SMOKE_SETTINGS);
if (process.env.SMOKE_ARGV_LINK) process.argv.push(...process.env.SMOKE_ARGV_LINK.split(' '));
if (process.env.SMOKE_PLATFORM) Object.defineProperty(process, 'platform', { value: process.env.SMOKE_PLATFORM });

/**
 * Writing under the user data folder fails as it does for a folder root owns, once `unwritable` is
 * set. Installed before main loads: its bundled modules keep references to fs functions they took then.
 */
let unwritable = process.env.SMOKE_UNWRITABLE === 'start';
function guardUserDataWrites() {
  const under = (p) => unwritable && typeof p === 'string' && path.resolve(p).startsWith(path.resolve(userData));
  const eacces = (p) => Object.assign(new Error(`EACCES: permission denied, open '${p}'`), { code: 'EACCES', errno: -13, path: p });
  for (const name of ['writeFileSync', 'mkdirSync', 'renameSync', 'unlinkSync', 'appendFileSync', 'copyFileSync']) {
    const real = fs[name];
    fs[name] = (p, ...rest) => {
      if (under(p) && !(name === 'mkdirSync' && fs.existsSync(p))) throw eacces(p);
      return real.call(fs, p, ...rest);
    };
  }
  const realOpen = fs.openSync;
  fs.openSync = (p, flags = 'r', ...rest) => {
    if (under(p) && flags !== 'r') throw eacces(p);
    return realOpen.call(fs, p, flags, ...rest);
  };
  const realAppend = fs.appendFile;
  fs.appendFile = (p, data, cb) => (under(p) ? cb(eacces(p)) : realAppend.call(fs, p, data, cb));
  syncBuiltinESMExports();
}
if (process.env.SMOKE_UNWRITABLE) guardUserDataWrites();
// A release build's update feed, as electron-builder writes it into resources/.
if (process.env.SMOKE_UPDATE_VERSION) fs.writeFileSync(path.join(process.env.STUB_APP_DIR, 'app-update.yml'), `provider: generic\nurl: ${apiUrl}/updates\nupdaterCacheDirName: yicaitong-updater\n`);

await import(pathToFileURL(path.join(process.env.STUB_APP_DIR, 'dist-electron/main.js')).href);
const mock = globalThis.__electronMock;
const { app } = await import('electron').then((m) => m.default ?? m);
if (process.env.SMOKE_EARLY_SECOND_INSTANCE === '1') app.emit('second-instance', {}, [process.execPath, '--no-sandbox']);
// A hidden start (--hidden, 开机时自动启动) opens no window: its tray tells that main is up.
const started = () => mock.protocols.app && mock.menu && (mock.windows.length > 0 || (process.argv.includes('--hidden') && mock.tray));
for (let i = 0; i < 250 && mock.exitCode === null && !started(); i++) await sleep(20);

const call = async (url, init) => {
  const res = await mock.protocols.app(new Request(url, init));
  return { status: res.status, type: res.headers.get('content-type'), csp: res.headers.get('content-security-policy'), proxyError: res.headers.get('x-yct-proxy-error'), body: await res.text() };
};
const trusted = { senderFrame: { url: 'app://yicaitong/', parent: null } };
/** An IPC call as window `i`'s renderer makes it (main reads the sender). */
const fromWindow = (i) => ({ ...trusted, sender: mock.windows[i].webContents });
/** Window `i`'s renderer subscribed to routes (the real one says so from windows-port.ts onNavigate). */
const rendererListens = (i) => ipc('yct:windows:ready', fromWindow(i));
const sleepUntil = async (done, ms = 3000) => {
  for (let t = 0; t < ms / 20 && !done(); t++) await sleep(20);
};
const ipc = async (channel, event, ...args) => {
  try {
    return { ok: await mock.ipc[channel](event, ...args) };
  } catch (err) {
    return { error: String(err.message ?? err) };
  }
};
const readState = () => (fs.existsSync(stateFile) && fs.statSync(stateFile).isFile() ? fs.readFileSync(stateFile, 'utf8') : null);
const windows = () => mock.windows.map((w) => ({ url: w.url ?? null, destroyed: w.destroyed, navigations: w.webContents.sent.filter(([c]) => c === 'yct:windows:navigate').map(([, p]) => p) }));
const login = () =>
  call('app://yicaitong/auth/member/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'password', phoneOrEmail: 'buyer001', password: 'x' }) });
const flatMenu = (items) => (items ?? []).flatMap((i) => [i, ...flatMenu(Array.isArray(i.submenu) ? i.submenu : [])]);
const menuItem = (label) => flatMenu(mock.menu).find((i) => i.label === label);

const result = { scenario: process.env.SMOKE_SCENARIO ?? 'basic', exitCode: mock.exitCode, errors: mock.errors };
const scenarios = {
  async basic() {
    result.schemes = mock.schemes;
    result.home = await call('app://yicaitong/');
    result.route = await call('app://yicaitong/shop/detail/12.html');
    result.asset = await call('app://yicaitong/assets/app.js');
    result.missingAsset = await call('app://yicaitong/assets/missing.js');
    result.traversal = await call('app://yicaitong/..%2f..%2fpackage.json');
    result.signedOutCall = await call('app://yicaitong/api/member/getInfo', { headers: { authorization: 'Bearer ' } });
    result.login = await login();
    result.sessionAfterLogin = await ipc('yct:session:get', trusted);
    result.stateAfterLogin = readState();
    result.signedInCall = await call('app://yicaitong/api/member/getInfo?x=1', { headers: { authorization: 'Bearer desktop-session' } });
    result.upstream = [...seen];
    result.untrustedIpc = await ipc('yct:session:get', { senderFrame: { url: 'https://example.com.attacker.com/', parent: null } });
    result.subFrameIpc = await ipc('yct:session:get', { senderFrame: { url: 'app://yicaitong/', parent: {} } });
    result.badSupplierPath = await ipc('yct:windows:open-supplier', trusted, '/shop');
    result.openSupplier = await ipc('yct:windows:open-supplier', trusted, '/admin/supplier/goods');
    result.openSupplierAgain = await ipc('yct:windows:open-supplier', trusted, '/admin/supplier/goods');
    result.appInfo = (await ipc('yct:app:info', trusted)).ok;
    result.windowsBeforeLogout = mock.windows.map((w) => ({ url: w.url, destroyed: w.destroyed, focused: w.focused ?? 0, webPreferences: w.options.webPreferences }));
    const mainWindow = mock.windows[0];
    result.windowOpen = [
      mainWindow.webContents.windowOpenHandler({ url: 'https://example.com.attacker.com/' }),
      mainWindow.webContents.windowOpenHandler({ url: 'file:///etc/passwd' }),
    ];
    result.external = [...mock.external];
    const navigation = (url) => {
      let prevented = false;
      mainWindow.webContents.emit('will-navigate', { url, preventDefault: () => (prevented = true) });
      return prevented;
    };
    result.navigationPrevented = { inApp: navigation('app://yicaitong/news'), foreign: navigation('https://evil.example/'), file: navigation('file:///etc/passwd'), apiDocs: navigation('app://yicaitong/api/docs') };
    result.permission = await new Promise((resolve) => mock.permissionHandler(mainWindow.webContents, 'media', resolve, { requestingUrl: 'app://yicaitong/' }));
    await ipc('yct:session:sign-out', trusted);
    result.sessionAfterLogout = (await ipc('yct:session:get', trusted)).ok;
    result.windowsAfterLogout = windows();
    result.broadcasts = mainWindow.webContents.sent.map(([channel, payload]) => `${channel}:${payload?.type ?? ''}`);
    result.menu = mock.menu.map((item) => item.label);
    result.stateAfterLogout = readState();
  },

  // 1. Anything sent to an open back office navigates its renderer; nothing reloads it.
  async navigate() {
    await rendererListens(0);
    await ipc('yct:windows:open-supplier', trusted, '/admin/supplier/goods/edit?id=3');
    await rendererListens(1);
    await ipc('yct:windows:open-supplier', trusted, '/admin/supplier/quotation/detail?id=9');
    app.emit('second-instance', {}, [process.execPath, 'yicaitong://admin/supplier/inquiry']);
    menuItem('供应商后台').click();
    menuItem('首页').click();
    result.loads = mock.loads.map((l) => l.url);
    result.windows = windows();
    result.supplierFocused = mock.windows[1].focused ?? 0;
    // A page with unsaved changes cancels its unload: main asks before letting it go.
    let allowed = false;
    mock.windows[1].webContents.emit('will-prevent-unload', { preventDefault: () => (allowed = true) });
    result.unloadDialog = mock.dialogs.at(-1);
    result.unloadAllowed = allowed;
  },

  // 2. Session end keeps every window; only the user closing the last one ends the app.
  async sessionEnd() {
    await login();
    await ipc('yct:windows:open-supplier', trusted, '/admin/supplier/goods');
    mock.windows[0].close();
    result.quitAfterMainClosed = mock.quit;
    await ipc('yct:session:sign-out', trusted);
    result.windowsAfterLogout = windows();
    result.quitAfterLogout = mock.quit;
    result.supplierHeard = mock.windows[1].webContents.sent.map(([c, p]) => `${c}:${p?.type ?? ''}`);
    mock.windows[1].close();
    result.quitAfterUserClosedLast = mock.quit;
  },

  // 3./4. A saved sign-in survives an offline start and a run without a usable key store.
  async savedSession() {
    result.session = (await ipc('yct:session:get', trusted)).ok;
    result.appInfo = (await ipc('yct:app:info', trusted)).ok;
    result.getInfo = await call('app://yicaitong/api/member/getInfo', { headers: { authorization: 'Bearer desktop-session' } });
    result.upstreamAuthorization = seen.map((s) => s.authorization);
    result.state = readState();
  },

  // 6. An unreadable state.json: a Chinese dialog naming it, and the process exits.
  async unreadableState() {
    result.windows = windows();
    result.protocolRegistered = Boolean(mock.protocols.app);
  },

  // 7. In-app links that open a new window show in the main window (or a preview beside the main one).
  async inAppLinks() {
    await rendererListens(0);
    await ipc('yct:windows:open-supplier', trusted, '/admin/supplier/store');
    await rendererListens(1);
    const [mainWindow, supplierWindow] = mock.windows;
    result.fromSupplier = supplierWindow.webContents.windowOpenHandler({ url: 'app://yicaitong/store/s0001' });
    result.fromMain = mainWindow.webContents.windowOpenHandler({ url: 'app://yicaitong/agreement/user' });
    result.apiDocs = mainWindow.webContents.windowOpenHandler({ url: 'app://yicaitong/api/docs' });
    result.windows = windows();
  },

  // 8. Redirects, API HTML.
  async redirects() {
    result.redirect = await call('app://yicaitong/api/redirect');
    result.docs = await call('app://yicaitong/api/docs');
    result.json = await call('app://yicaitong/api/demands');
  },

  // 9. Server settings: the baked-in address, a locked one, saving a new one.
  async serverSettings() {
    await rendererListens(0);
    result.before = (await ipc('yct:server:get', trusted)).ok;
    result.appInfo = (await ipc('yct:app:info', trusted)).ok;
    result.testBad = (await ipc('yct:server:test', trusted, 'http://127.0.0.1:9')).ok;
    result.testGood = (await ipc('yct:server:test', trusted, apiUrl)).ok;
    result.save = (await ipc('yct:server:save', trusted, apiUrl)).ok;
    result.after = (await ipc('yct:server:get', trusted)).ok;
    result.callAfterSave = await call('app://yicaitong/api/demands');
    const settingsFile = path.join(userData, 'settings.json');
    result.settingsFile = fs.existsSync(settingsFile) ? JSON.parse(fs.readFileSync(settingsFile, 'utf8')) : null;
    result.menuItem = Boolean(menuItem('服务器设置…'));
    menuItem('服务器设置…').click();
    result.loads = mock.loads.map((l) => l.url);
    result.windows = windows();
  },

  // 10. A pending deep link survives a plain second start; a lost monitor keeps size and maximised state.
  async launch() {
    result.loads = mock.loads.map((l) => l.url);
    result.mainOptions = { x: mock.windows[0].options.x ?? null, y: mock.windows[0].options.y ?? null, width: mock.windows[0].options.width, height: mock.windows[0].options.height, maximized: mock.windows[0].maximized };
  },

  // 13. / issue 11: a Linux build with a feed says a new version exists (installs nothing); 检查更新… always answers.
  async updates() {
    for (let i = 0; i < 150 && mock.dialogs.length === 0; i++) await sleep(20);
    result.atStart = mock.dialogs.map((d) => d.message);
    menuItem('检查更新…').click();
    for (let i = 0; i < 150 && mock.dialogs.length <= result.atStart.length; i++) await sleep(20);
    result.fromMenu = mock.dialogs.slice(result.atStart.length).map((d) => ({ message: d.message, buttons: d.buttons }));
    result.external = [...mock.external];
    result.downloads = seen.filter((s) => s.url.startsWith('/updates/') && !s.url.includes('latest-linux.yml')).map((s) => s.url);
  },

  // Issue 33 (3): the user data folder becomes unwritable while the client runs (antivirus, a sudo run
  // beside it): a login still works for this run, closing a window throws nothing, the user is told once.
  async unwritableLater() {
    unwritable = true;
    result.login = await login();
    result.session = (await ipc('yct:session:get', trusted)).ok;
    await ipc('yct:windows:open-supplier', trusted, '/admin/supplier/goods');
    mock.windows[1].close();
    await sleep(50);
    result.windows = windows();
  },

  // Issue 33 (11): a deep link for a window whose renderer does not listen yet waits for it.
  async deepLinkWhileLoading() {
    app.emit('second-instance', {}, [process.execPath, 'yicaitong://news']);
    result.sentBeforeReady = windows()[0].navigations;
    await ipc('yct:windows:ready', fromWindow(0));
    result.sentAfterReady = windows()[0].navigations;
    app.emit('second-instance', {}, [process.execPath, 'yicaitong://shop']);
    result.sentWhenListening = windows()[0].navigations;
    // A reload: a new document, which listens only once it says so.
    mock.windows[0].webContents.emit('did-navigate', {}, 'app://yicaitong/shop');
    app.emit('second-instance', {}, [process.execPath, 'yicaitong://demand']);
    result.sentWhileReloading = windows()[0].navigations;
    await ipc('yct:windows:ready', fromWindow(0));
    result.sentAfterReload = windows()[0].navigations;
  },

  // Issue 33 (5, 6): Windows — the installer's AppUserModelID, the unread count as a taskbar overlay,
  // 开机时自动启动 registered with --hidden, a hidden start that only a second start opens a window for.
  async windowsDesktop() {
    result.appUserModelId = mock.appUserModelId;
    result.windowsAtStart = mock.windows.length;
    result.loginItemsAtStart = [...mock.loginItems];
    app.emit('second-instance', {}, [process.execPath]);
    await sleepUntil(() => mock.windows[0]?.shown);
    result.windowsAfterSecondStart = windows().map((w) => w.url);
    await login();
    await sleepUntil(() => mock.overlays.some((o) => o.image));
    result.overlays = [...mock.overlays];
    const item = menuItem('开机时自动启动（在系统托盘中运行）');
    result.autostartItem = item ? { checked: item.checked, enabled: item.enabled } : null;
    item?.click();
    result.loginItemsAfterToggle = [...mock.loginItems];
    result.settingsAfterToggle = JSON.parse(fs.readFileSync(path.join(userData, 'settings.json'), 'utf8'));
    await ipc('yct:session:sign-out', trusted);
    result.overlayAfterSignOut = mock.overlays.at(-1);
  },

  // 12. Updates managed by IT: the menu says so and is greyed.
  async updatesMenu() {
    result.helpMenu = flatMenu(mock.menu.find((i) => i.label === '帮助')?.submenu).map((i) => ({ label: i.label ?? null, enabled: i.enabled ?? true }));
  },
};

if (mock.exitCode === null && process.env.SMOKE_UNWRITABLE === 'start') result.scenario = 'unreadableState';
if (mock.exitCode === null) await scenarios[result.scenario]();
else await scenarios.unreadableState();
result.exitCode = mock.exitCode;
result.dialogs = mock.dialogs;
// The tray and badge main set up through electron/core/live-notifications.ts.
result.tray = mock.tray ? { tooltip: mock.tray.tooltip, items: (mock.tray.menu ?? []).map((i) => (i.type === 'separator' ? '—' : i.label)) } : null;
result.badge = mock.badge;
result.liveStreams = liveStreams;
result.uncaught = uncaught;
console.log(`SMOKE-RESULT ${JSON.stringify(result)}`);
process.exit(0);
