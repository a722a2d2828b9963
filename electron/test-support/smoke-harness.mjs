// Starts the BUILT main bundle (dist-electron/main.js) against electron-stub.cjs and a fake API,
// then exercises what main registered: the app:// handler, IPC, windows, menu. Prints one JSON line.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seen = [];
const api = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization ?? null, body });
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (req.url === '/auth/member/login') return res.end(JSON.stringify({ code: 200, msg: '登录成功', data: { access_token: 'tok-smoke-123' } }));
    res.end(JSON.stringify({ code: 200, msg: 'ok', data: { path: req.url } }));
  });
});
await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
process.env.YCT_API_URL = `http://127.0.0.1:${api.address().port}`;

await import(pathToFileURL(path.join(process.env.STUB_APP_DIR, 'dist-electron/main.js')).href);
const mock = globalThis.__electronMock;
for (let i = 0; i < 200 && !(mock.protocols.app && mock.windows.length > 0); i++) await sleep(20);
if (!mock.protocols.app) throw new Error(`main did not register app:// (${mock.errors.join(' | ')})`);

const call = async (url, init) => {
  const res = await mock.protocols.app(new Request(url, init));
  return { status: res.status, type: res.headers.get('content-type'), csp: res.headers.get('content-security-policy'), body: await res.text() };
};
const trusted = { senderFrame: { url: 'app://yicaitong/', parent: null } };
const ipc = async (channel, event, ...args) => {
  try {
    return { ok: await mock.ipc[channel](event, ...args) };
  } catch (err) {
    return { error: String(err.message ?? err) };
  }
};

const result = { schemes: mock.schemes };
result.home = await call('app://yicaitong/');
result.route = await call('app://yicaitong/shop/detail/12.html');
result.asset = await call('app://yicaitong/assets/app.js');
result.missingAsset = await call('app://yicaitong/assets/missing.js');
result.traversal = await call('app://yicaitong/..%2f..%2fpackage.json');
result.signedOutCall = await call('app://yicaitong/api/member/getInfo', { headers: { authorization: 'Bearer ' } });
result.login = await call('app://yicaitong/auth/member/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginType: 'password', phoneOrEmail: 'buyer001', password: 'x' }) });
result.sessionAfterLogin = await ipc('yct:session:get', trusted);
const stateFile = path.join(process.env.YCT_USER_DATA_DIR, 'state.json');
const readState = () => (fs.existsSync(stateFile) ? fs.readFileSync(stateFile, 'utf8') : null);
result.stateAfterLogin = readState();
result.signedInCall = await call('app://yicaitong/api/member/getInfo?x=1', { headers: { authorization: 'Bearer desktop-session' } });
result.upstream = seen;
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
result.navigationPrevented = { inApp: navigation('app://yicaitong/news'), foreign: navigation('https://evil.example/'), file: navigation('file:///etc/passwd') };
result.permission = await new Promise((resolve) => mock.permissionHandler(mainWindow.webContents, 'media', resolve, { requestingUrl: 'app://yicaitong/' }));
await ipc('yct:session:sign-out', trusted);
result.sessionAfterLogout = (await ipc('yct:session:get', trusted)).ok;
result.windowsAfterLogout = mock.windows.map((w) => ({ url: w.url, destroyed: w.destroyed }));
result.broadcasts = mainWindow.webContents.sent.map(([channel, payload]) => `${channel}:${payload?.type ?? ''}`);
result.menu = mock.menu.map((item) => item.label);
result.stateAfterLogout = readState();
result.errors = mock.errors;
console.log(`SMOKE-RESULT ${JSON.stringify(result)}`);
process.exit(0);
