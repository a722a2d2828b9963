// The real desktop client under Playwright's `_electron`. Runs only where an Electron binary is
// installed; elsewhere (e.g. machines that cannot download it) every test is reported SKIPPED.
// The binary is located without requiring the `electron` package, whose index.js would start
// a download (Electron ≥ 42).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { apiToken, DEMO } from './support';

const root = process.cwd();

function electronBinary(): string | null {
  const pkgDir = path.join(root, 'node_modules', 'electron');
  const pathTxt = path.join(pkgDir, 'path.txt');
  if (!fs.existsSync(pathTxt)) return null;
  const relative = fs.readFileSync(pathTxt, 'utf8').trim();
  const exe = process.env.ELECTRON_OVERRIDE_DIST_PATH ? path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, relative) : path.join(pkgDir, 'dist', relative);
  return fs.existsSync(exe) ? exe : null;
}

const binary = electronBinary();

test.describe('desktop client (real Electron)', () => {
  test.skip(binary === null, 'Electron binary not available on this machine');
  test.describe.configure({ mode: 'serial' });

  let app: ElectronApplication;
  let main: Page;
  let userData: string;

  test.beforeAll(async ({ baseURL }) => {
    if (!fs.existsSync(path.join(root, 'dist-electron/main.js')) || !fs.existsSync(path.join(root, 'dist/index.html'))) {
      execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, env: { ...process.env, BUILD_ELECTRON: '1' }, stdio: 'inherit' });
    }
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-desktop-'));
    const linuxRoot = process.platform === 'linux' && process.getuid?.() === 0;
    app = await electron.launch({
      executablePath: binary!,
      args: [...(linuxRoot ? ['--no-sandbox'] : []), '.'],
      cwd: root,
      env: { ...process.env, YCT_API_URL: baseURL!, YCT_USER_DATA_DIR: userData, YCT_UPDATE_URL: 'http://127.0.0.1:9/none' },
      timeout: 60_000,
    });
    main = await app.firstWindow();
    await main.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    await app?.close();
    if (userData) fs.rmSync(userData, { recursive: true, force: true });
  });

  test('serves the renderer from app:// in a sandboxed, isolated window', async () => {
    expect(main.url()).toMatch(/^app:\/\/yicaitong\//);
    // getLastWebPreferences is undocumented (not in the typings) but present in Electron's main process.
    const prefs = await app.evaluate(({ BrowserWindow }) => (BrowserWindow.getAllWindows()[0]!.webContents as unknown as { getLastWebPreferences(): unknown }).getLastWebPreferences());
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(await main.evaluate(() => [typeof (globalThis as { require?: unknown }).require, typeof (globalThis as { process?: unknown }).process])).toEqual(['undefined', 'undefined']);
    const api = await main.evaluate(() => ({
      session: Object.keys(window.desktop!.session).sort(),
      windows: Object.keys(window.desktop!.windows).sort(),
      app: Object.keys(window.desktop!.app),
      updates: Object.keys(window.desktop!.updates).sort(),
    }));
    expect(api).toEqual({
      session: ['announceSignOut', 'get', 'onChange', 'setUser', 'signIn', 'signOut'],
      windows: ['onNavigate', 'openSupplier', 'ready', 'setUnsavedChanges'],
      app: ['info'],
      updates: ['onReady', 'restart'],
    });
  });

  test('sends a CSP, falls back to index.html for routes and refuses traversal', async () => {
    const result = await main.evaluate(async () => {
      const home = await fetch('/');
      const route = await fetch('/shop/detail/1.html');
      const traversal = await fetch('/..%2f..%2fpackage.json');
      return { csp: home.headers.get('content-security-policy'), route: route.status, routeType: route.headers.get('content-type'), traversal: traversal.status };
    });
    expect(result.csp).toContain("default-src 'self'");
    expect(result).toMatchObject({ route: 200, routeType: expect.stringContaining('text/html'), traversal: 403 });
    await main.goto('app://yicaitong/news');
    await expect(main.locator('body')).not.toContainText('页面未找到');
  });

  // Issue 33 (4): only Electron shows whether its PDF viewer draws a blob: frame under the app's CSP.
  test('a PDF in a blob frame (the licence preview) renders in the PDF viewer under the app CSP; other frames stay blocked', async () => {
    await main.goto('app://yicaitong/');
    const outcome = await main.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
      const pdf = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
      const frame = document.createElement('iframe');
      frame.src = URL.createObjectURL(new Blob([pdf], { type: 'application/pdf' }));
      document.body.append(frame);
      const other = document.createElement('iframe');
      other.src = 'app://yicaitong/news';
      document.body.append(other);
      await new Promise((r) => setTimeout(r, 2000));
      return { violations, src: frame.src };
    });
    expect(outcome.violations).toEqual([expect.stringMatching(/^frame-src app:\/\/yicaitong\/news/)]);
    await expect.poll(() => main.frames().map((f) => f.url())).toContain(outcome.src);
    // Chromium's PDF viewer is an extension frame inside the blob frame.
    await expect.poll(() => main.frames().some((f) => f.url().startsWith('chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/'))).toBe(true);
    await main.goto('app://yicaitong/');
  });

  // Issue 33 (11): a deep link that arrives while the window reloads is followed once its renderer listens.
  test('a deep link while the main window is still loading is not lost', async () => {
    await main.goto('app://yicaitong/');
    await main.evaluate(() => setTimeout(() => location.reload(), 0));
    await main.waitForEvent('framenavigated');
    await app.evaluate(({ app }) => void app.emit('second-instance', {}, [process.execPath, 'yicaitong://news']));
    await expect(main).toHaveURL(/app:\/\/yicaitong\/news$/);
  });

  test('window.open to another site opens no window', async () => {
    expect(await main.evaluate(() => window.open('https://example.com.attacker.com/') === null)).toBe(true);
    expect(app.windows()).toHaveLength(1);
  });

  test('login keeps the token in main; the supplier back office opens in its own window; logout keeps it open at /login', async () => {
    await main.goto('app://yicaitong/');
    await main.getByRole('button', { name: '登录', exact: true }).first().click();
    await main.locator('input[name="phoneOrEmail"]').fill(DEMO.supplier.id);
    await main.locator('input[name="password"]').fill(DEMO.supplier.password);
    await main.locator('form', { has: main.locator('input[name="phoneOrEmail"]') }).locator('button[type="submit"]', { hasText: '登录' }).click();
    await expect(main.getByTestId('header-user')).toBeVisible();
    const stored = await main.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie);
    expect(stored).not.toMatch(/[A-Za-z0-9_-]{32,}/);

    const opened = app.waitForEvent('window');
    expect(await main.evaluate(() => window.desktop!.windows.openSupplier('/admin/supplier'))).toBe(true);
    const supplier = await opened;
    await expect(supplier).toHaveURL(/app:\/\/yicaitong\/admin\/supplier/);
    // Opening it again focuses the same window.
    await main.evaluate(() => window.desktop!.windows.openSupplier('/admin/supplier'));
    expect(app.windows()).toHaveLength(2);

    // The menu opens on hover (a click after the hover would toggle it shut again).
    await main.getByTestId('header-user').hover();
    await main.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(main).toHaveURL(/app:\/\/yicaitong\/$/);
    // The back office is not closed under the supplier: it shows /login and keeps its page for after.
    await expect(supplier).toHaveURL(/app:\/\/yicaitong\/login$/);
    expect(app.windows()).toHaveLength(2);
  });

  test('live notifications: a new inquiry shows a native notification whose click opens it in the supplier window; the tray menu opens 报价管理', async ({ request }) => {
    // Record what main shows instead of showing it; keep the tray's latest menu (main binds both in electron/main/notifications.ts).
    await app.evaluate(({ Notification, Tray }) => {
      const g = globalThis as unknown as { __shown: Electron.Notification[]; __trayMenu: Electron.Menu | null };
      g.__shown = [];
      g.__trayMenu = null;
      Notification.prototype.show = function (this: Electron.Notification) {
        g.__shown.push(this);
      };
      const setContextMenu = Tray.prototype.setContextMenu;
      Tray.prototype.setContextMenu = function (this: Electron.Tray, menu: Electron.Menu | null) {
        g.__trayMenu = menu;
        return setContextMenu.call(this, menu);
      };
    });
    await main.goto('app://yicaitong/');
    await main.getByRole('button', { name: '登录', exact: true }).first().click();
    await main.locator('input[name="phoneOrEmail"]').fill(DEMO.supplier.id);
    await main.locator('input[name="password"]').fill(DEMO.supplier.password);
    await main.locator('form', { has: main.locator('input[name="phoneOrEmail"]') }).locator('button[type="submit"]', { hasText: '登录' }).click();
    await expect(main.getByTestId('header-user')).toBeVisible();
    await expect
      .poll(() => app.evaluate(() => (globalThis as unknown as { __trayMenu: Electron.Menu | null }).__trayMenu?.items.map((i) => (i.type === 'separator' ? '—' : i.label)) ?? []))
      .toEqual(['询价管理', '报价管理', '打开主窗口', '—', '退出']);

    const buyer = await apiToken(request, DEMO.buyer);
    const product = ((await (await request.get('/api/stores/s0001/products?pageSize=1')).json()) as { data: { items: { id: number }[] } }).data.items[0]!;
    const res = await request.post('/api/inquiries', { headers: { authorization: `Bearer ${buyer}` }, data: { productId: product.id, quantity: 1, message: '请报含税价及交货期，谢谢', contactName: '王工', contactPhone: '021-64251234' } });
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    await expect.poll(() => app.evaluate(() => (globalThis as unknown as { __shown: Electron.Notification[] }).__shown.map((n) => n.title)), { timeout: 5_000 }).toEqual(['收到新询价']);

    // The click: the supplier window comes forward at the inquiry.
    await app.evaluate(() => void (globalThis as unknown as { __shown: Electron.Notification[] }).__shown[0]!.emit('click'));
    await expect.poll(() => app.windows().map((w) => w.url()).find((u) => u.includes(`/admin/supplier/inquiry?id=${id}`)) ?? null, { timeout: 10_000 }).not.toBeNull();

    // 报价管理 from the tray: the same supplier window, at the quotations.
    const windowsBefore = app.windows().length;
    await app.evaluate(() => {
      const menu = (globalThis as unknown as { __trayMenu: Electron.Menu }).__trayMenu;
      menu.items.find((i) => i.label === '报价管理')!.click();
    });
    await expect.poll(() => app.windows().some((w) => /\/admin\/supplier\/quotation$/.test(w.url())), { timeout: 10_000 }).toBe(true);
    expect(app.windows()).toHaveLength(windowsBefore);
  });
});
