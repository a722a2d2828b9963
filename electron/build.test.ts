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

describe('desktop build', () => {
  let startedAt = 0;
  let indexHtml = '';
  beforeAll(() => {
    startedAt = Date.now() - 1000;
    // The renderer goes to a temporary folder so this test never disturbs dist/.
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-renderer-'));
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      env: { ...process.env, BUILD_ELECTRON: '1', ELECTRON_STARTUP_PREVENT: '1' },
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
      expect(r.broadcasts).toEqual(['yct:session:changed:login', 'yct:session:changed:logout']);
    });

    it('windows are isolated and sandboxed; the supplier window is one window, focused when reopened, closed on logout', () => {
      for (const w of r.windowsBeforeLogout) expect(w.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
      expect(r.windowsBeforeLogout.map((w: { url: string }) => w.url)).toEqual(['app://yicaitong/', 'app://yicaitong/admin/supplier/goods']);
      expect(r.windowsBeforeLogout[1].focused).toBe(1);
      expect(r.windowsAfterLogout).toEqual([
        { url: 'app://yicaitong/', destroyed: false },
        { url: 'app://yicaitong/admin/supplier/goods', destroyed: true },
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
      expect(r.navigationPrevented).toEqual({ inApp: false, foreign: true, file: true });
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
  });
});
