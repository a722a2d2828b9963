// `BUILD_ELECTRON=1 vite build` produces the main and preload bundles without an Electron binary
// (none can be downloaded on these machines), and the bundles have the shape Electron needs.
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const mainJs = path.join(root, 'dist-electron/main.js');
const preloadCjs = path.join(root, 'dist-electron/preload.cjs');
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const BAKED_API_URL = 'https://yct.example.cn';
/** state.json with a token sealed by the stub's safeStorage (bytes reversed) under gnome_libsecret. */
const SEALED_STATE = JSON.stringify({ session: { token: { v: 1, backend: 'gnome_libsecret', cipher: Buffer.from('tok-smoke-123').reverse().toString('base64') } } });

describe('desktop build', () => {
  let startedAt = 0;
  let indexHtml = '';
  beforeAll(() => {
    startedAt = Date.now() - 1000;
    // The renderer goes to a temporary folder so this test never disturbs dist/.
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-renderer-'));
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      // The installer's API address is baked into main (scenario 9 starts it without YCT_API_URL).
      env: { ...process.env, BUILD_ELECTRON: '1', ELECTRON_STARTUP_PREVENT: '1', YCT_API_URL: BAKED_API_URL },
      stdio: 'pipe',
    });
    indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    fs.rmSync(outDir, { recursive: true, force: true });
  }, 180_000);

  it('the renderer built with the desktop bundles loads its assets from the root, so web deep links work too', () => {
    const refs = [...indexHtml.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/^\/assets\//);
  });

  it('writes dist-electron/main.js and dist-electron/preload.cjs', () => {
    for (const file of [mainJs, preloadCjs]) {
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.statSync(file).mtimeMs).toBeGreaterThanOrEqual(startedAt);
    }
  });

  it('main is an ES module that loads only electron and Node built-ins (npm packages are bundled)', () => {
    const text = fs.readFileSync(mainJs, 'utf8');
    const imported = [...text.matchAll(/^import\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm)].map((m) => m[1] ?? m[2]!);
    expect(imported).toContain('electron');
    expect(imported.filter((m) => m !== 'electron' && !builtins.has(m))).toEqual([]);
    expect(text).toContain('protocol');
  });

  it('preload is one CommonJS file that requires nothing but electron (sandboxed preloads cannot)', () => {
    const text = fs.readFileSync(preloadCjs, 'utf8');
    expect(text).not.toMatch(/^\s*import\s/m);
    expect(text).not.toMatch(/\bimport\(/);
    const required = [...text.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(text).toContain('exposeInMainWorld');
    expect(text).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*\)/);
  });

  it('package.json points Electron at the built main', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { main?: string };
    expect(pkg.main).toBe('dist-electron/main.js');
  });

  describe('the built main, started against a stand-in electron module', () => {
    /** Runs test-support/smoke-harness.mjs next to a copy of the bundles; returns what it observed. */
    function runSmoke(env: Record<string, string> = {}) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-smoke-'));
      const stub = path.join(dir, 'node_modules/electron');
      fs.mkdirSync(stub, { recursive: true });
      fs.copyFileSync(path.join(__dirname, 'test-support/electron-stub.cjs'), path.join(stub, 'index.js'));
      fs.writeFileSync(path.join(stub, 'package.json'), JSON.stringify({ name: 'electron', main: 'index.js' }));
      const app = path.join(dir, 'app');
      fs.mkdirSync(path.join(app, 'dist-electron'), { recursive: true });
      fs.mkdirSync(path.join(app, 'dist/assets'), { recursive: true });
      fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ type: 'module' }));
      fs.copyFileSync(mainJs, path.join(app, 'dist-electron/main.js'));
      fs.copyFileSync(preloadCjs, path.join(app, 'dist-electron/preload.cjs'));
      fs.writeFileSync(path.join(app, 'dist/index.html'), '<!doctype html><title>仪采通</title><div id="root"></div>');
      fs.writeFileSync(path.join(app, 'dist/assets/app.js'), 'console.log(1)');
      fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}');
      fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the renderer');
      fs.copyFileSync(path.join(__dirname, 'test-support/smoke-harness.mjs'), path.join(dir, 'smoke-harness.mjs'));
      const userData = path.join(dir, 'user-data');
      try {
        const out = execFileSync(process.execPath, [path.join(dir, 'smoke-harness.mjs')], {
          cwd: dir,
          env: { PATH: process.env.PATH ?? '', STUB_HOME: path.join(dir, 'home'), STUB_APP_DIR: app, YCT_USER_DATA_DIR: userData, ...env },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 60_000,
        });
        const line = out.split('\n').find((l) => l.startsWith('SMOKE-RESULT '));
        if (!line) throw new Error(`no result from the smoke harness:\n${out}`);
        return JSON.parse(line.slice('SMOKE-RESULT '.length));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }

    let r: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    beforeAll(() => {
      r = runSmoke();
    }, 90_000);

    it('registers app:// as a privileged standard scheme and serves the renderer with a CSP and SPA fallback', () => {
      expect(r.errors).toEqual([]);
      expect(r.schemes[0]).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } });
      expect(r.home).toMatchObject({ status: 200, type: expect.stringContaining('text/html') });
      expect(r.home.csp).toContain("script-src 'self'");
      expect(r.route).toMatchObject({ status: 200, body: r.home.body });
      expect(r.asset).toMatchObject({ status: 200, type: expect.stringContaining('javascript') });
      expect(r.missingAsset.status).toBe(404);
      expect(r.traversal.status).toBe(403);
    });

    it('proxies API calls, adding the vault token; the login answer reaches the renderer without it', () => {
      expect(r.upstream.map((u: { authorization: string | null }) => u.authorization)).toEqual([null, null, 'Bearer tok-smoke-123']);
      expect(r.upstream[2].url).toBe('/api/member/getInfo?x=1');
      expect(JSON.parse(r.login.body).data.access_token).toBe('desktop-session');
      expect(r.sessionAfterLogin.ok).toEqual({ signedIn: true, user: null });
      expect(r.stateAfterLogin).not.toBeNull();
      expect(r.stateAfterLogin).not.toContain('tok-smoke-123');
      // (The stub's webContents now has isDestroyed() like Electron's, so main's live events reach the window too.)
      expect(r.broadcasts.filter((b: string) => b.startsWith('yct:session:'))).toEqual(['yct:session:changed:login', 'yct:session:changed:logout']);
    });

    it('windows are isolated and sandboxed; the supplier window is one window, focused when reopened, kept open on logout', () => {
      for (const w of r.windowsBeforeLogout) expect(w.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
      expect(r.windowsBeforeLogout.map((w: { url: string }) => w.url)).toEqual(['app://yicaitong/', 'app://yicaitong/admin/supplier/goods']);
      expect(r.windowsBeforeLogout[1].focused).toBe(1);
      expect(r.windowsAfterLogout).toEqual([
        { url: 'app://yicaitong/', destroyed: false, navigations: [] },
        { url: 'app://yicaitong/admin/supplier/goods', destroyed: false, navigations: [] },
      ]);
    });

    it('IPC from foreign origins or sub-frames is refused; arguments are validated', () => {
      expect(r.untrustedIpc.error).toMatch(/Untrusted sender/);
      expect(r.subFrameIpc.error).toMatch(/Untrusted sender/);
      expect(r.badSupplierPath.error).toBeDefined();
      expect(r.openSupplier.ok).toBe(true);
    });

    it('window.open, navigation and permissions are restricted; safe links go to the browser', () => {
      expect(r.windowOpen).toEqual([{ action: 'deny' }, { action: 'deny' }]);
      expect(r.external).toEqual(['https://example.com.attacker.com/']);
      expect(r.navigationPrevented).toEqual({ inApp: false, foreign: true, file: true, apiDocs: true });
      expect(r.permission).toBe(false);
      expect(r.menu).toEqual(['文件', '编辑', '视图', '窗口', '帮助']);
      expect(r.appInfo).toMatchObject({ name: '仪采通', tokenPersistence: 'encrypted' });
    });

    it('Linux basic_text key store: signed in for this run only, nothing written', () => {
      const degraded = runSmoke({ STUB_KEY_BACKEND: 'basic_text' });
      expect(degraded.appInfo.tokenPersistence).toBe('memory');
      expect(degraded.sessionAfterLogin.ok.signedIn).toBe(true);
      expect(degraded.upstream[2].authorization).toBe('Bearer tok-smoke-123');
      expect(degraded.stateAfterLogin ?? '').not.toContain('session');
    }, 90_000);

    // One scenario per item of issue 23, each a fresh start of the built main.
    it('1. a back-office link, a deep link or the menu never reloads an open supplier window: its renderer is asked to navigate', () => {
      const n = runSmoke({ SMOKE_SCENARIO: 'navigate' });
      expect(n.errors).toEqual([]);
      // Loaded once each (main at /, the supplier window at its first route); nothing reloaded.
      expect(n.loads).toEqual(['app://yicaitong/', 'app://yicaitong/admin/supplier/goods/edit?id=3']);
      expect(n.windows[1].navigations).toEqual(['/admin/supplier/quotation/detail?id=9', '/admin/supplier/inquiry']);
      // 文件→供应商后台 only brings the open back office forward; 文件→首页 on a main window already at / leaves it be.
      expect(n.windows[0].navigations).toEqual([]);
      expect(n.supplierFocused).toBe(3);
      // A page with unsaved changes: main asks, and 留下 (the default answer here) keeps it.
      expect(n.unloadDialog).toMatchObject({ message: '当前页面有未保存的修改，确定要离开吗？', buttons: ['离开', '留下'] });
      expect(n.unloadAllowed).toBe(false);
      expect(runSmoke({ SMOKE_SCENARIO: 'navigate', STUB_DIALOG_RESPONSE: '0' }).unloadAllowed).toBe(true);
    }, 90_000);

    it('live notifications: main sets up the tray (询价管理 / 报价管理 / 打开主窗口 / 退出) and a cleared badge after signing out', () => {
      const e = runSmoke({});
      expect(e.errors).toEqual([]);
      expect(e.tray).toEqual({ tooltip: '仪采通', items: ['询价管理', '报价管理', '打开主窗口', '—', '退出'] });
      expect(e.badge).toBe(0);
      // The scenario signs in and out: at most one stream for that session, carrying the vault's token.
      expect(e.liveStreams.length).toBeLessThanOrEqual(1);
      for (const a of e.liveStreams) expect(a).toBe('Bearer tok-smoke-123');
    }, 90_000);

    it('2. signing out closes no window (each shows /login itself); the app quits only when the user closes the last window', () => {
      const e = runSmoke({ SMOKE_SCENARIO: 'sessionEnd' });
      expect(e.quitAfterMainClosed).toBe(0);
      expect(e.windowsAfterLogout.map((w: { destroyed: boolean }) => w.destroyed)).toEqual([true, false]);
      expect(e.supplierHeard).toContain('yct:session:changed:logout');
      expect(e.quitAfterLogout).toBe(0);
      expect(e.quitAfterUserClosedLast).toBe(1);
    }, 90_000);

    it('3. offline at start with a saved sign-in: main answers 503 marked as unreachable and keeps the sealed token', () => {
      const o = runSmoke({ SMOKE_SCENARIO: 'savedSession', SMOKE_API: 'down', SMOKE_STATE: SEALED_STATE });
      expect(o.session).toEqual({ signedIn: true, user: null });
      expect(o.getInfo).toMatchObject({ status: 503, proxyError: 'unreachable' });
      expect(JSON.parse(o.getInfo.body).msg).toContain('无法连接服务器');
      expect(o.state).toContain('session');
    }, 90_000);

    it.each([
      ['the Linux keyring locked at autostart (basic_text)', { STUB_KEY_BACKEND: 'basic_text' }],
      ['macOS encryption unavailable', { STUB_ENCRYPTION: 'off' }],
    ])('4. %s: memory-only this run, the saved sign-in is kept for the next start', (_name, env) => {
      const d = runSmoke({ SMOKE_SCENARIO: 'savedSession', SMOKE_STATE: SEALED_STATE, ...env });
      expect(d.appInfo.tokenPersistence).toBe('memory');
      expect(d.session.signedIn).toBe(false);
      expect(JSON.parse(d.state).session.token.cipher).toBe(JSON.parse(SEALED_STATE).session.token.cipher);
      // Next start with the key store back: signed in, the API sees the token.
      const back = runSmoke({ SMOKE_SCENARIO: 'savedSession', SMOKE_STATE: d.state });
      expect(back.session.signedIn).toBe(true);
      expect(back.upstreamAuthorization).toEqual(['Bearer tok-smoke-123']);
    }, 120_000);

    it('6. an unreadable state.json: a Chinese dialog naming the file, then the process exits (no windowless process)', () => {
      const u = runSmoke({ SMOKE_SCENARIO: 'unreadableState', SMOKE_STATE: 'dir' });
      expect(u.exitCode).toBe(1);
      expect(u.errors).toHaveLength(1);
      expect(u.errors[0]).toMatch(/^仪采通无法启动: 无法读取 .*state\.json：它是一个文件夹而不是文件/);
      expect(u.windows).toEqual([]);
    }, 90_000);

    it('7. in-app links that open a new window: from the back office in the main window, from the main window in a preview beside it', () => {
      const l = runSmoke({ SMOKE_SCENARIO: 'inAppLinks' });
      expect([l.fromSupplier, l.fromMain, l.apiDocs]).toEqual([{ action: 'deny' }, { action: 'deny' }, { action: 'deny' }]);
      expect(l.windows).toEqual([
        { url: 'app://yicaitong/', destroyed: false, navigations: ['/store/s0001'] },
        { url: 'app://yicaitong/admin/supplier/store', destroyed: false, navigations: [] },
        { url: 'app://yicaitong/agreement/user', destroyed: false, navigations: [] },
      ]);
    }, 90_000);

    it('8. an API redirect is reported as a redirect (not 无法连接服务器); API HTML never renders in app://', () => {
      const x = runSmoke({ SMOKE_SCENARIO: 'redirects' });
      expect(x.redirect).toMatchObject({ status: 502, proxyError: 'redirect' });
      expect(JSON.parse(x.redirect.body).msg).toContain('跳转');
      expect(x.docs).toMatchObject({ status: 502, proxyError: 'html' });
      expect(x.docs.body).not.toContain('<script>');
      expect(x.json).toMatchObject({ status: 200, csp: expect.stringContaining('sandbox') });
    }, 90_000);

    it('8. a release build refuses an http:// API address outside this computer, naming the setting', () => {
      const p = runSmoke({ SMOKE_SCENARIO: 'unreadableState', STUB_PACKAGED: '1', SMOKE_API_URL: 'http://10.1.2.3:3000' });
      expect(p.exitCode).toBe(1);
      expect(p.errors.join()).toMatch(/YCT_API_URL.*https:\/\//);
    }, 90_000);

    it('9. a fresh install uses the API address baked into the build; 服务器设置 tests and saves another; an IT-set one is locked', () => {
      const fresh = runSmoke({ SMOKE_SCENARIO: 'serverSettings', SMOKE_NO_ENV_API: '1' });
      // Started unpackaged, as in development: http:// addresses are allowed (the test server below is one), and the page is told so.
      expect(fresh.before).toEqual({ apiUrl: BAKED_API_URL, locked: false, allowInsecureHttp: true });
      expect(fresh.testBad).toMatchObject({ ok: false, message: expect.stringContaining('无法连接服务器') });
      expect(fresh.testGood).toEqual({ ok: true, message: '连接成功' });
      expect(fresh.save.ok).toBe(true);
      expect(fresh.after.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(fresh.settingsFile).toEqual({ apiUrl: fresh.after.apiUrl });
      expect(fresh.callAfterSave.status).toBe(200);
      expect(fresh.loads.at(-1) === 'app://yicaitong/desktop/server-settings' || fresh.windows[0].navigations.includes('/desktop/server-settings')).toBe(true);

      const locked = runSmoke({ SMOKE_SCENARIO: 'serverSettings' });
      expect(locked.before.locked).toBe(true);
      expect(locked.save).toEqual({ ok: false, message: '服务器地址由管理员管理，不能在此修改' });
      expect(locked.settingsFile).toBeNull();
    }, 120_000);

    it('10. a plain second start during the first keeps its deep link; a window on a lost monitor keeps its size and maximised state', () => {
      const state = JSON.stringify({ windows: { main: { bounds: { x: 2500, y: -300, width: 1500, height: 950 }, maximized: true } } });
      const s10 = runSmoke({ SMOKE_SCENARIO: 'launch', SMOKE_ARGV_LINK: 'yicaitong://admin/supplier/inquiry', SMOKE_EARLY_SECOND_INSTANCE: '1', STUB_READY_DELAY_MS: '300', SMOKE_STATE: state });
      expect(s10.loads).toEqual(['app://yicaitong/', 'app://yicaitong/admin/supplier/inquiry']);
      expect(s10.mainOptions).toEqual({ x: null, y: null, width: 1500, height: 950, maximized: true });
    }, 90_000);

    it('13. Linux with an update feed: a new version is announced with 前往下载 (nothing installed, the feed is not signed); 检查更新… answers 已是最新版本 too', () => {
      const env = { SMOKE_SCENARIO: 'updates', STUB_PACKAGED: '1', APPIMAGE: '/opt/yicaitong.AppImage', SMOKE_NO_ENV_API: '1' };
      const newer = runSmoke({ ...env, SMOKE_UPDATE_VERSION: '9.9.9', STUB_DIALOG_RESPONSE: '0' });
      expect(newer.errors).toEqual([]);
      expect(newer.atStart).toEqual(['仪采通有新版本 9.9.9 可用']);
      expect(newer.fromMenu[0]).toEqual({ message: '仪采通有新版本 9.9.9 可用', buttons: ['前往下载', '稍后'] });
      // 前往下载 opens the new AppImage in the browser; nothing was downloaded by the app.
      expect(newer.external[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/updates\/yicaitong-9\.9\.9-x86_64\.AppImage$/);
      expect(newer.downloads).toEqual([]);

      const same = runSmoke({ ...env, SMOKE_UPDATE_VERSION: '0.0.0-smoke', STUB_DIALOG_RESPONSE: '0' });
      expect(same.atStart).toEqual([]);
      expect(same.fromMenu).toEqual([{ message: '已是最新版本', buttons: ['确定'] }]);
    }, 120_000);

    // Issue 33: a Windows working day.
    it('33.3 a user data folder root owns after a sudo run: one Chinese dialog at start saying what to do, the process exits, nothing thrown', () => {
      const u = runSmoke({ SMOKE_UNWRITABLE: 'start' });
      expect(u.exitCode).toBe(1);
      expect(u.errors).toHaveLength(1);
      expect(u.errors[0]).toMatch(/^仪采通无法启动: 无法写入用户数据文件夹 .*user-data：没有读写权限.*sudo chown -R "\$\(id -un\)" ".*user-data"/);
      expect(u.windows).toEqual([]);
      expect(u.uncaught).toEqual([]);
    }, 90_000);

    it('33.3 the folder turns unwritable while running: login still works this run, closing a window throws nothing, the user is told once', () => {
      const u = runSmoke({ SMOKE_SCENARIO: 'unwritableLater', SMOKE_UNWRITABLE: 'later' });
      expect(u.uncaught).toEqual([]);
      expect(u.login.status).toBe(200);
      expect(JSON.parse(u.login.body).data.access_token).toBe('desktop-session');
      expect(u.session).toEqual({ signedIn: true, user: null });
      expect(u.windows.map((w: { destroyed: boolean }) => w.destroyed)).toEqual([false, true]);
      expect(u.dialogs.filter((d: { message: string }) => d.message.startsWith('无法保存 state.json：没有读写权限'))).toHaveLength(1);
    }, 90_000);

    it('33.11 a deep link for a window that is still loading waits until its renderer listens (and again after a reload)', () => {
      const d = runSmoke({ SMOKE_SCENARIO: 'deepLinkWhileLoading' });
      expect(d.errors).toEqual([]);
      expect(d.sentBeforeReady).toEqual([]);
      expect(d.sentAfterReady).toEqual(['/news']);
      expect(d.sentWhenListening).toEqual(['/news', '/shop']);
      expect(d.sentWhileReloading).toEqual(['/news', '/shop']);
      expect(d.sentAfterReload).toEqual(['/news', '/shop', '/demand']);
    }, 90_000);

    it('33.5/33.6 Windows: the installer\'s AppUserModelID, the unread count as a taskbar overlay, 开机时自动启动 hidden in the tray', () => {
      const w = runSmoke({ SMOKE_SCENARIO: 'windowsDesktop', SMOKE_PLATFORM: 'win32', STUB_PACKAGED: '1', SMOKE_SETTINGS: JSON.stringify({ openAtLogin: true }), SMOKE_ARGV_LINK: '--hidden' });
      expect(w.errors).toEqual([]);
      expect(w.uncaught).toEqual([]);
      expect(w.appUserModelId).toBe('com.yicaitong.desktop');
      // Started at login: no window, the tray only; a start by the user opens the main window.
      expect(w.windowsAtStart).toBe(0);
      expect(w.tray.items).toContain('打开主窗口');
      expect(w.windowsAfterSecondStart).toEqual(['app://yicaitong/']);
      expect(w.loginItemsAtStart).toEqual([{ openAtLogin: true, path: expect.any(String), args: ['--hidden'] }]);
      // Two unread after signing in: a PNG overlay on the window's taskbar button, not setBadgeCount (a no-op on Windows).
      expect(w.overlays.at(-1)).toEqual({ window: 0, image: { bytes: expect.any(Number), scaleFactor: 2, png: 'PNG' }, description: '2 条未读通知' });
      expect(w.badge).toBeNull();
      expect(w.overlayAfterSignOut).toEqual({ window: 0, image: null, description: '' });
      // The menu's checkbox turns it off: the user's settings.json and the Run key follow.
      expect(w.autostartItem).toEqual({ checked: true, enabled: true });
      expect(w.settingsAfterToggle).toEqual({ openAtLogin: false });
      expect(w.loginItemsAfterToggle.at(-1)).toMatchObject({ openAtLogin: false, args: ['--hidden'] });
    }, 90_000);

    it('12. updates IT manages (no feed in this build): 帮助 shows 检查更新 greyed with 由管理员管理', () => {
      const m = runSmoke({ SMOKE_SCENARIO: 'updatesMenu' });
      expect(m.helpMenu).toContainEqual({ label: '检查更新（由管理员管理）', enabled: false });
      expect(m.helpMenu.map((i: { label: string | null }) => i.label)).not.toContain('检查更新…');
    }, 90_000);
  });
});
