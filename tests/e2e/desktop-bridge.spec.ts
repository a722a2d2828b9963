// The renderer's desktop ports driven in Chromium, with the REAL electron/core behind them.
// Each browser context plays one desktop window: an init script installs `window.desktop` (the
// shape the preload exposes) whose calls reach the core in this test process, and API requests
// are routed through the core's proxy rules, which add the token from the vault — as main's
// app:// handler does. Separate contexts share no storage, so only the hub can keep them in sync.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DESKTOP_IPC, DESKTOP_TOKEN_PLACEHOLDER, SERVER_SETTINGS_PATH, ZSupplierPath, type TDesktopAppInfo, type TDesktopSessionEvent } from '../../contracts/desktop';
import { ZMemberInfo } from '../../contracts/member';
import { todayInChina } from '../../contracts/trade';
import { isApiPath, isTokenIssuingRequest, PROXY_ERROR_HEADER, proxyFailure, proxyRequestHeaders, redactTokenResponse } from '../../electron/core/app-protocol';
import { allowedOrigins, decideWindowOpen, isTrustedIpcSender, type TWindowOpenDecision } from '../../electron/core/policies';
import { testApiConnection } from '../../electron/core/server-check';
import { checkNotificationSettingsInput, notificationSettingsView, resolveDesktopSettings, type TSettingsSource } from '../../electron/core/settings';
import { createSessionHub, type TSessionHub } from '../../electron/core/session-hub';
import { createTokenVault, VAULT_KEY, type TTokenVault } from '../../electron/core/token-vault';
import { createNavigationQueue } from '../../electron/core/launch-routing';
import { closeWindowsForRestart, createUnsavedChangesTracker } from '../../electron/core/restart-guard';
import { createUpdateController, type TUpdateNotice } from '../../electron/core/update-controller';
import { createNotificationCenter, DEFAULT_NOTIFICATION_PREFS, desktopStreamStarter, SIGNED_OUT_TITLE, type TNativeNotification, type TNotificationCenter, type TNotificationPrefs, type TTrayModel } from '../../electron/core/live-notifications';
import type { TShowRequest } from '../../electron/core/launch-routing';
import { api, apiToken, DEMO, leafCategoryId, ownStore } from './support';

type TDesktopHarness = {
  vault: TTokenVault;
  hub: TSessionHub;
  /** What the state store (electron-store in the app) holds. */
  stored: Map<string, unknown>;
  supplierOpens: string[];
  /** What main decided for each window.open / target=_blank of our pages (electron/main/windows.ts). */
  windowOpens: TWindowOpenDecision[];
  /** Nothing answers at the API address: main's proxy answers 503 itself (electron/main/protocol.ts). */
  setApiDown(down: boolean): void;
  /** The API itself answers /api/member/getInfo with this 5xx (its database down), or normally (null). */
  failMemberInfo(status: number | null): void;
  /** `holdScripts`: the page's scripts load only once it resolves (a window still loading). */
  openWindow(path?: string, options?: { holdScripts?: Promise<void> }): Promise<Page>;
  /** Main asks an open window to show a route (a deep link, the menu) over the navigate IPC; it waits until the window's renderer listens (launch-routing.ts). */
  navigate(page: Page, path: string): Promise<void>;
  /** Main's updater finished downloading `version` (main.ts notifyReady: every window is told). */
  updateDownloaded(version: string): Promise<void>;
  /** The update restart as main runs it (update-controller.ts + restart-guard.ts); the user's answer to 「当前页面有未保存的修改」 is `answer`. */
  updates: { answer: 'stay' | 'discard'; asked: string[]; installed: number; notices: TUpdateNotice[]; unsavedWindows(): number };
  /** The live-notification core as main wires it (electron/main/notifications.ts), with recording fakes for Electron. */
  notifications: {
    center: TNotificationCenter;
    /** Streams opened to the server (one per signed-in session). */
    streamsOpened: () => number;
    shown: TNativeNotification[];
    badges: number[];
    trays: TTrayModel[];
    opened: TShowRequest[];
    setPrefs(prefs: Partial<TNotificationPrefs>): void;
    /** The per-user settings.json as 「通知设置」 wrote it. */
    userSettings: Record<string, unknown>;
  };
  close(): Promise<void>;
};

/**
 * The core as main wires it, with in-memory adapters for safeStorage and electron-store.
 * `keyStore: 'basic_text'` is Linux without a secret service: the vault keeps the token in memory only.
 */
function createHarness(browser: Browser, baseURL: string, options: { keyStore?: 'os' | 'basic_text'; serverLocked?: boolean } = {}): TDesktopHarness {
  const data = new Map<string, unknown>();
  const basicText = options.keyStore === 'basic_text';
  const vault = createTokenVault({
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (plain) => Buffer.from(plain).reverse(),
      decryptString: (cipher) => Buffer.from(cipher).reverse().toString(),
      ...(basicText ? { getSelectedStorageBackend: () => 'basic_text' } : {}),
    },
    store: { get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) },
    platform: basicText ? 'linux' : 'win32',
  });
  const hub = createSessionHub({ vault });
  // Main's live notifications: the real core and the real stream client (Node's fetch standing in
  // for net.fetch, the vault's token as main adds it); Electron's Notification, Tray and badge are recorders.
  const live = { streams: 0, shown: [] as TNativeNotification[], badges: [] as number[], trays: [] as TTrayModel[], opened: [] as TShowRequest[], prefs: { ...DEFAULT_NOTIFICATION_PREFS } };
  // Main's settings (electron/main/config.ts): the per-user settings.json in memory, resolved by the core.
  const userSettings: Record<string, unknown> = {};
  const settingsFiles = (): TSettingsSource[] => [{ name: 'settings.json', values: userSettings, scope: 'user' }];
  let desktopSettings = resolveDesktopSettings({ env: {}, files: settingsFiles(), allowInsecureHttp: true });
  const center = createNotificationCenter({
    appName: '仪采通',
    hub,
    // As main starts it (electron/main/notifications.ts): the desktop's address, resumed with backoff.
    startStream: (handlers) => {
      live.streams++;
      return desktopStreamStarter({ apiBase: () => baseURL, token: () => vault.get(), fetch: (url, init) => fetch(url, init) })(handlers);
    },
    showNative: (n) => live.shown.push(n),
    setBadge: (c) => live.badges.push(c),
    setTray: (m) => live.trays.push(m),
    broadcast: (event) => {
      for (const page of pages.filter((p) => !p.isClosed()))
        void page.evaluate((e) => (window as unknown as { __yctDesktopEmit?: (k: string, p: unknown) => void }).__yctDesktopEmit?.('notifications', e), event).catch(() => {});
    },
    show: (r) => live.opened.push(r),
    prefs: () => live.prefs,
  });
  // The page origin stands in for app://yicaitong (allowedOrigins' development slot).
  const allowed = allowedOrigins(baseURL);
  const origin = new URL(baseURL).origin;
  const supplierOpens: string[] = [];
  const windowOpens: TWindowOpenDecision[] = [];
  let apiDown = false;
  let memberInfoFailure: number | null = null;
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const emit = (page: Page, kind: string, payload: unknown) =>
    page.evaluate(([k, p]) => (window as unknown as { __yctDesktopEmit?: (k: string, p: unknown) => void }).__yctDesktopEmit?.(k, p), [kind, payload] as const);

  // Main's routes to open windows wait until each window's renderer listens (electron/main/main.ts).
  const navigation = createNavigationQueue<Page>((page, route) => void emit(page, 'navigate', route).catch(() => {}));
  // Main's update restart: every window with unsaved edits is asked before any closes.
  const unsaved = createUnsavedChangesTracker<Page>();
  const restart = { answer: 'stay' as 'stay' | 'discard', asked: [] as string[], installed: 0, notices: [] as TUpdateNotice[] };
  const updater = createUpdateController({
    check: async () => ({ available: false }),
    ask: async () => false,
    prepareRestart: () =>
      closeWindowsForRestart<Page>({
        windows: () => pages.filter((p) => !p.isClosed()),
        hasUnsavedChanges: (p) => unsaved.has(p),
        askDiscard: async (p) => {
          restart.asked.push(new URL(p.url()).pathname);
          return restart.answer === 'discard';
        },
        close: async (p) => {
          await p.close();
          return true;
        },
      }),
    install: () => void restart.installed++,
    notifyReady: (version) => {
      for (const page of pages.filter((p) => !p.isClosed() && navigation.isReady(p))) void emit(page, 'updates', { version }).catch(() => {});
    },
    notify: (notice) => void restart.notices.push(notice),
    intervalMs: 3600_000,
  });

  /** Mirrors electron/main/ipc.ts: sender check, then the same hub calls. */
  async function invoke(context: BrowserContext, frame: { url(): string; parentFrame(): unknown }, page: Page, channel: string, arg: unknown): Promise<unknown> {
    if (!isTrustedIpcSender({ senderFrame: { url: frame.url(), parent: frame.parentFrame() } }, allowed)) throw new Error('Untrusted sender');
    switch (channel) {
      case DESKTOP_IPC.sessionGet:
        return hub.snapshot();
      case DESKTOP_IPC.sessionSignIn:
        return hub.signIn();
      case DESKTOP_IPC.sessionSignOut:
        hub.signOut();
        return undefined;
      case DESKTOP_IPC.sessionSigningOut:
        hub.announceSignOut();
        return undefined;
      case DESKTOP_IPC.sessionSetUser:
        hub.setUser(ZMemberInfo.loose().parse(arg));
        return undefined;
      case DESKTOP_IPC.windowsOpenSupplier:
        supplierOpens.push(ZSupplierPath.parse(arg));
        return true;
      // As main.ts: the window listens now (routes kept for it go), and hears an update that is ready.
      case DESKTOP_IPC.windowsReady: {
        navigation.ready(page);
        const version = updater.readyVersion();
        if (version) void emit(page, 'updates', { version }).catch(() => {});
        return undefined;
      }
      case DESKTOP_IPC.windowsUnsavedChanges:
        unsaved.report(page, arg === true);
        return undefined;
      case DESKTOP_IPC.appInfo:
        return { name: '仪采通', version: 'test', platform: process.platform, apiUrl: baseURL, tokenPersistence: vault.persistence() } satisfies TDesktopAppInfo;
      // As main's IPC: the restart runs on its own (it may close this very window).
      case DESKTOP_IPC.updatesRestart:
        void updater.restart();
        return undefined;
      // 服务器设置: the real connection test (development: plain http to this test server is fine).
      case DESKTOP_IPC.serverGet:
        return { apiUrl: baseURL, locked: options.serverLocked === true };
      case DESKTOP_IPC.serverTest:
        return testApiConnection(String(arg), { fetch: (u, init) => fetch(u, init), allowInsecureHttp: false });
      // 通知设置: as main.ts — the core checks the input, the user file takes the keys, the prefs follow at once.
      case DESKTOP_IPC.notificationsGetSettings:
        return notificationSettingsView(desktopSettings, hub.snapshot().user?.roles, 'win32');
      case DESKTOP_IPC.notificationsSaveSettings: {
        if (desktopSettings.notificationPrefsLocked) return { ok: false, message: '通知设置由管理员管理，不能在此修改' };
        const checked = checkNotificationSettingsInput(arg);
        if (!checked.ok) return { ok: false, message: checked.message };
        Object.assign(userSettings, checked.values);
        desktopSettings = resolveDesktopSettings({ env: {}, files: settingsFiles(), allowInsecureHttp: true });
        live.prefs = desktopSettings.notificationPrefs;
        return { ok: true, message: '通知设置已保存' };
      }
      default:
        throw new Error(`No handler registered for '${channel}' (${context.pages().length} pages)`);
    }
  }

  async function openWindow(path = '/', options: { holdScripts?: Promise<void> } = {}): Promise<Page> {
    // Each window its own client IP, so the server's login throttles do not collide between tests.
    const ip = `10.77.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 253)}`;
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': ip } });
    contexts.push(context);
    await context.exposeBinding('__yctDesktopInvoke', (source, channel: string, arg: unknown) => invoke(context, source.frame, source.page, channel, arg));
    await context.addInitScript((IPC) => {
      const listeners = { session: new Set<(p: unknown) => void>(), updates: new Set<(p: unknown) => void>(), navigate: new Set<(p: unknown) => void>(), notifications: new Set<(p: unknown) => void>() };
      const call = (channel: string, arg?: unknown) => (window as unknown as { __yctDesktopInvoke(c: string, a?: unknown): Promise<unknown> }).__yctDesktopInvoke(channel, arg);
      const subscribe = (kind: keyof typeof listeners, listener: (p: unknown) => void) => {
        listeners[kind].add(listener);
        return () => void listeners[kind].delete(listener);
      };
      Object.defineProperty(window, '__yctDesktopEmit', {
        value: (kind: keyof typeof listeners, payload: unknown) => listeners[kind].forEach((l) => l(payload)),
      });
      // The same named functions as electron/preload/preload.ts; listeners get data, never an event.
      Object.defineProperty(window, 'desktop', {
        value: Object.freeze({
          session: {
            get: () => call(IPC.sessionGet),
            signIn: () => call(IPC.sessionSignIn),
            signOut: () => call(IPC.sessionSignOut),
            announceSignOut: () => call(IPC.sessionSigningOut),
            setUser: (user: unknown) => call(IPC.sessionSetUser, user),
            onChange: (l: (p: unknown) => void) => subscribe('session', l),
          },
          windows: {
            openSupplier: (path: string) => call(IPC.windowsOpenSupplier, String(path)),
            onNavigate: (l: (p: unknown) => void) => subscribe('navigate', l),
            ready: () => call(IPC.windowsReady),
            setUnsavedChanges: (dirty: boolean) => call(IPC.windowsUnsavedChanges, dirty === true),
          },
          server: { get: () => call(IPC.serverGet), test: (u: string) => call(IPC.serverTest, String(u)), save: (u: string) => call(IPC.serverSave, String(u)) },
          app: { info: () => call(IPC.appInfo) },
          updates: { onReady: (l: (p: unknown) => void) => subscribe('updates', l), restart: () => call(IPC.updatesRestart) },
          notifications: {
            onEvent: (l: (p: unknown) => void) => subscribe('notifications', l),
            getSettings: () => call(IPC.notificationsGetSettings),
            saveSettings: (v: { enabled?: unknown; quietHours?: unknown; keepInTray?: unknown }) =>
              call(IPC.notificationsSaveSettings, { enabled: v?.enabled === true, quietHours: String(v?.quietHours ?? ''), keepInTray: v?.keepInTray === true }),
          },
        }),
      });
    }, DESKTOP_IPC);

    // The desktop client loads the client-rendered app from app:// (no server rendering there): page
    // requests go out as a member's would, which the server answers with the app's shell.
    await context.route(
      (url) => url.origin === origin && !isApiPath(url.pathname),
      (route, request) => (request.resourceType() === 'document' ? route.continue({ headers: { ...request.headers(), authorization: 'Bearer desktop-shell' } }) : route.continue()),
    );
    // Mirrors electron/main/protocol.ts: API paths get the vault's token; a login answer leaves its token here.
    await context.route(
      (url) => url.origin === origin && isApiPath(url.pathname),
      async (route, request) => {
        const url = new URL(request.url());
        if (apiDown) {
          const failure = proxyFailure(new Error('net::ERR_CONNECTION_REFUSED'));
          return route.fulfill({ status: failure.status, contentType: 'application/json', headers: { [PROXY_ERROR_HEADER]: failure.kind }, body: JSON.stringify(failure.body) });
        }
        // The server is up but its database is not: the API's own answer (server/app.ts), passed on by main as is.
        if (memberInfoFailure !== null && url.pathname === '/api/member/getInfo') {
          return route.fulfill({ status: memberInfoFailure, contentType: 'application/json', body: JSON.stringify({ code: memberInfoFailure, msg: '数据库暂时不可用，请稍后再试' }) });
        }
        try {
          const response = await route.fetch({ headers: proxyRequestHeaders(Object.entries(request.headers()), vault.get()) });
          if (!isTokenIssuingRequest(request.method(), url.pathname)) return await route.fulfill({ response });
          const { token, body } = redactTokenResponse(await response.text());
          if (token) hub.acceptToken(token);
          return await route.fulfill({ response, body });
        } catch (err) {
          // A window closed at the end of a test while its call was in flight (before or after the
          // answer came): nobody waits for the answer.
          if (/disposed|closed/i.test(String(err))) return;
          throw err;
        }
      },
    );

    // A window still loading: its scripts (and so its renderer's listener) come later.
    if (options.holdScripts) {
      const held = options.holdScripts;
      await context.route(
        (url) => url.origin === origin && url.pathname.endsWith('.js'),
        async (route) => {
          await held;
          await route.continue();
        },
      );
    }

    const page = await context.newPage();
    // As main's 'did-navigate': a new document in the window listens (and holds edits) only once it says so.
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        navigation.loading(page);
        unsaved.forget(page);
      }
    });
    // Mirrors main's setWindowOpenHandler: the renderer never gets the child window; main decides.
    page.on('popup', (popup) => {
      void popup
        .waitForURL((u) => u.href !== 'about:blank', { timeout: 5000, waitUntil: 'commit' })
        .catch(() => {})
        .then(() => {
          windowOpens.push(decideWindowOpen(popup.url(), allowed));
          return popup.close();
        });
    });
    pages.push(page);
    const detach = hub.attach({
      send: (event: TDesktopSessionEvent) =>
        void page
          .evaluate((e) => (window as unknown as { __yctDesktopEmit?: (k: string, p: unknown) => void }).__yctDesktopEmit?.('session', e), event)
          // A window that is reloading misses the event and pulls the state when it mounts.
          .catch(() => {}),
    });
    page.on('close', detach);
    await page.goto(path, options.holdScripts ? { waitUntil: 'commit' } : undefined);
    return page;
  }

  const updateDownloaded = (version: string) => updater.downloaded(version);

  const close = async () => {
    center.stop();
    pages.length = 0;
    for (const context of contexts.splice(0)) await context.close();
  };
  const navigate = async (page: Page, path: string) => navigation.navigate(page, path);
  const notifications = {
    center,
    streamsOpened: () => live.streams,
    shown: live.shown,
    badges: live.badges,
    trays: live.trays,
    opened: live.opened,
    setPrefs: (prefs: Partial<TNotificationPrefs>) => void (live.prefs = { ...live.prefs, ...prefs }),
    userSettings,
  };
  const updates = {
    get answer() {
      return restart.answer;
    },
    set answer(a: 'stay' | 'discard') {
      restart.answer = a;
    },
    asked: restart.asked,
    get installed() {
      return restart.installed;
    },
    notices: restart.notices,
    unsavedWindows: () => pages.filter((p) => !p.isClosed() && unsaved.has(p)).length,
  };
  return {
    vault,
    hub,
    stored: data,
    supplierOpens,
    windowOpens,
    setApiDown: (down) => void (apiDown = down),
    failMemberInfo: (status) => void (memberInfoFailure = status),
    openWindow,
    navigate,
    updateDownloaded,
    updates,
    notifications,
    close,
  };
}

/** buyer001 publishes a demand through the API (the web login, not the desktop bridge); its id. */
async function publishDemand(request: APIRequestContext, title: string): Promise<number> {
  const headers = { 'x-forwarded-for': `10.78.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 253)}` };
  const token = await apiToken(request, DEMO.buyer);
  const categories = ((await (await request.get('/api/categories')).json()) as { data: { id: number }[] }).data;
  const res = await request.post('/api/demands', {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: {
      title,
      categoryId: categories[0]!.id,
      quantity: 1,
      unit: '台',
      quoteDeadline: todayInChina(Date.now() + 7 * 86400_000),
      province: '北京市',
      contactName: '李采购',
      contactPhone: DEMO.buyer.mobile,
      submit: true,
    },
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { id: number } };
  expect(body.code, body.msg).toBe(200);
  return body.data!.id;
}

const SESSION_NOTICE = '当前系统未提供安全的密钥存储，登录状态仅在本次运行中保留，关闭应用后需重新登录';

const tokenInStorage = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => /token/i.test(k)).map((k) => localStorage.getItem(k)),
    cookie: document.cookie,
  }));

test.describe('desktop session across windows (real electron/core behind a test bridge)', () => {
  let harness: TDesktopHarness;
  test.beforeEach(({ browser, baseURL }) => {
    harness = createHarness(browser, baseURL!);
  });
  test.afterEach(() => harness.close());

  test('log in in one window, the other shows the member; log out and both go to /', async () => {
    const a = await harness.openWindow('/');
    const b = await harness.openWindow('/');
    expect(await a.evaluate(() => typeof window.desktop?.session.get)).toBe('function');
    // The OS key store encrypts the token: no notice about losing the sign-in.
    await expect(a.getByTestId('header-login')).toBeVisible();
    await expect(a.getByTestId('session-persistence-notice')).toHaveCount(0);

    // Log in in window A through the login modal (account tab).
    await a.getByRole('button', { name: '登录', exact: true }).first().click();
    await a.locator('input[name="phoneOrEmail"]').fill(DEMO.buyer.id);
    await a.locator('input[name="password"]').fill(DEMO.buyer.password);
    const loginAnswer = a.waitForResponse((r) => r.url().endsWith('/auth/member/login'));
    await a.locator('form', { has: a.locator('input[name="phoneOrEmail"]') }).locator('button[type="submit"]', { hasText: '登录' }).click();

    // The renderer saw only the placeholder; the vault holds the real token.
    expect((await (await loginAnswer).json()).data.access_token).toBe(DESKTOP_TOKEN_PLACEHOLDER);
    await expect
      .poll(() => harness.hub.snapshot().user?.nickname ?? null, { message: 'the renderer never called window.desktop.session.setUser: does src/platform/platform.ts pick the desktop ports?' })
      .not.toBeNull();
    const nickname = harness.hub.snapshot().user!.nickname;
    const token = harness.vault.get();
    expect(token).toBeTruthy();
    expect(token).not.toBe(DESKTOP_TOKEN_PLACEHOLDER);

    await expect(a.getByTestId('header-user')).toContainText(nickname);
    // Window B was told by the hub: no reload, no shared storage.
    await expect(b.getByTestId('header-user')).toContainText(nickname);

    // The renderer never held the token.
    for (const page of [a, b]) {
      const stored = await tokenInStorage(page);
      expect(JSON.stringify(stored)).not.toContain(token!);
      expect(stored.local).toEqual([]);
    }

    // A window opened now pulls the state when it mounts.
    const c = await harness.openWindow('/');
    await expect(c.getByTestId('header-user')).toContainText(nickname);

    // Move both windows away from / so that "go to /" is visible.
    await a.goto('/news');
    await b.goto('/demand');
    await expect(a.getByTestId('header-user')).toContainText(nickname);
    await expect(b.getByTestId('header-user')).toContainText(nickname);

    // Log out in A through the header's user menu.
    // The menu opens on hover (a click after the hover would toggle it shut again).
    await a.getByTestId('header-user').hover();
    await a.getByRole('menuitem', { name: '退出登录' }).click();

    for (const page of [a, b, c]) {
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('header-user')).toHaveCount(0);
      await expect(page.getByRole('button', { name: '登录', exact: true }).first()).toBeVisible();
    }
    expect(harness.vault.get()).toBeNull();
    expect(harness.hub.snapshot()).toEqual({ signedIn: false, user: null });
  });

  test('the bridge refuses what main refuses', async () => {
    const page = await harness.openWindow('/');
    // Only supplier back-office paths may open the supplier window.
    await expect(page.evaluate(() => window.desktop!.windows.openSupplier('/shop'))).rejects.toThrow();
    expect(await page.evaluate(() => window.desktop!.windows.openSupplier('/admin/supplier/goods'))).toBe(true);
    expect(harness.supplierOpens).toEqual(['/admin/supplier/goods']);
    // A member that does not match the contract is not accepted as the session's user.
    await expect(page.evaluate(() => window.desktop!.session.setUser({ nickname: 1 } as never))).rejects.toThrow();
    // Signing in without a token in the vault does nothing.
    expect(await page.evaluate(() => window.desktop!.session.signIn())).toEqual({ signedIn: false, user: null });
  });

  test('a supplier route reached by navigate() opens the supplier window; this window stays out of the back office', async ({ baseURL, request }) => {
    const page = await harness.openWindow('/login');
    // The cookie an anonymous visit to the back office leaves (the windows share cookies); after
    // login the form navigate()s to it, no link click involved.
    await page.context().addCookies([{ name: 'lastPath', value: encodeURIComponent('/admin/supplier/quotation?status=SUBMITTED'), url: baseURL! }]);
    await page.locator('input[name="phoneOrEmail"]').fill(DEMO.supplier.id);
    await page.locator('input[name="password"]').fill(DEMO.supplier.password);
    await page.locator('button[type="submit"]').click();

    await expect.poll(() => harness.supplierOpens, { message: 'the router did not hand the supplier route to window.desktop.windows.openSupplier' }).toEqual(['/admin/supplier/quotation?status=SUBMITTED']);
    // Left /login (an auth page once signed in) for home, never for the back office.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-user')).toBeVisible();

    // Submitting a quotation navigate()s to its detail in the back office: that opens in the
    // supplier window, and this one keeps the demand's page.
    const demandId = await publishDemand(request, `桌面端报价${Date.now().toString().slice(-6)}`);
    await page.goto(`/demand/quotation?demandId=${demandId}`);
    const form = page.getByTestId('quotation-form');
    await form.locator('input[name="brand-0"]').fill('安捷伦');
    await form.locator('input[name="model-0"]').fill('8890');
    await form.locator('input[name="unitPrice-0"]').fill('268000');
    await form.locator('input[name="leadTimeDays-0"]').fill('30');
    await page.getByTestId('submit-quotation').click();
    await expect.poll(() => harness.supplierOpens.length).toBe(2);
    expect(harness.supplierOpens[1]).toMatch(/^\/admin\/supplier\/quotation\/detail\?id=\d+$/);
    await expect(page).toHaveURL(new RegExp(`/demand/quotation\\?demandId=${demandId}$`));
    await expect(page.getByTestId('quotation-detail')).toHaveCount(0);
  });

  test('the supplier window keeps its own back office: signing in there lands on it', async () => {
    // Main loads this window at a supplier path; the anonymous visitor is sent to /login in it.
    const supplierWindow = await harness.openWindow('/admin/supplier/goods');
    await expect(supplierWindow).toHaveURL(/\/login$/);
    await supplierWindow.locator('input[name="phoneOrEmail"]').fill(DEMO.supplier.id);
    await supplierWindow.locator('input[name="password"]').fill(DEMO.supplier.password);
    await supplierWindow.locator('button[type="submit"]').click();
    // From /login (not a back-office page) the lastPath navigate() stays in this window.
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/goods$/);
    await expect(supplierWindow.getByRole('link', { name: '商品管理' })).toHaveAttribute('aria-current', 'page');
    expect(harness.supplierOpens).toEqual([]);
  });

  test('an update downloaded by main does not reload the page on the next navigation', async () => {
    const page = await harness.openWindow('/');
    await expect(page.getByTestId('header-login')).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await harness.updateDownloaded('9.9.9');

    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '新闻资讯' }).click();
    await expect(page).toHaveURL(/\/news$/);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Reloading would load the same build from the app and lose the state; main asks to restart instead.
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});

/** Signs `who` in from the supplier window's login page; resolves once the back office shows. */
async function signInHere(page: Page, who: { id: string; password: string }) {
  await page.locator('input[name="phoneOrEmail"]').fill(who.id);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
}

test.describe('a supplier\'s working day in the desktop client (issue 23)', () => {
  let harness: TDesktopHarness;
  test.beforeEach(({ browser, baseURL }) => {
    harness = createHarness(browser, baseURL!);
  });
  test.afterEach(() => harness.close());

  test('a deep link while an edit is unsaved: the back office asks instead of reloading; 留在此页 keeps the text', async () => {
    const supplierWindow = await harness.openWindow('/admin/supplier/goods/goodDetail');
    await expect(supplierWindow).toHaveURL(/\/login$/);
    await signInHere(supplierWindow, DEMO.supplier);
    await expect(supplierWindow.getByTestId('goods-editor')).toBeVisible();
    await supplierWindow.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await supplierWindow.locator('input[name="name"]').fill('安捷伦 1290 Infinity II 液相色谱（未保存）');

    // yicaitong://admin/supplier/inquiry arrives: main sends the route to the running renderer.
    await harness.navigate(supplierWindow, '/admin/supplier/inquiry');
    const dialog = supplierWindow.getByTestId('unsaved-changes-dialog');
    await expect(dialog).toContainText('当前页面有未保存的修改，确定要离开吗？');
    await dialog.getByTestId('unsaved-stay').click();
    await expect(dialog).toHaveCount(0);
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/goods\/goodDetail$/);
    await expect(supplierWindow.locator('input[name="name"]')).toHaveValue('安捷伦 1290 Infinity II 液相色谱（未保存）');

    // Asked again, 离开 goes; the page was never reloaded.
    await harness.navigate(supplierWindow, '/admin/supplier/inquiry');
    await supplierWindow.getByTestId('unsaved-changes-dialog').getByTestId('unsaved-leave').click();
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/inquiry$/);
    expect(await supplierWindow.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Without edits a route from main is simply followed.
    await harness.navigate(supplierWindow, '/admin/supplier/goods');
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/goods$/);
    await expect(supplierWindow.getByTestId('unsaved-changes-dialog')).toHaveCount(0);
  });

  test('401 in the main window: the toast, then /login, not / (SPEC §8)', async ({ request }) => {
    harness.vault.set(await apiToken(request, DEMO.buyer));
    harness.hub.signIn();
    const main = await harness.openWindow('/');
    await expect(main.getByTestId('header-user')).toBeVisible();
    // The bell's first count goes out with the valid token (it is then fresh for 15 s and not asked
    // again), so the 401 below comes from the page opened, which loads the buyer's demands.
    await expect
      .poll(() => main.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/api/notifications/unread-count'))))
      .toBe(true);
    // The server forgets the session (expired, signed out elsewhere): the next call answers 401.
    harness.vault.set('expired-or-revoked-token');
    await harness.navigate(main, '/admin/purchaser/demand-manager');
    await expect(main.getByTestId('toast').filter({ hasText: '登录状态已过期，请重新登录' })).toBeVisible();
    await expect(main).toHaveURL(/\/login$/);
    await expect(main.getByTestId('header-user')).toHaveCount(0);
    expect(harness.vault.get()).toBeNull();
  });

  test('401 in the back office: the toast and /login there, the main window on a public page goes home; signing in returns to the page', async ({ request }) => {
    harness.vault.set(await apiToken(request, DEMO.supplier));
    harness.hub.signIn();
    const main = await harness.openWindow('/news');
    const supplierWindow = await harness.openWindow('/admin/supplier/goods');
    await expect(supplierWindow.getByRole('link', { name: '商品管理' })).toHaveAttribute('aria-current', 'page');
    await expect(main.getByTestId('header-user')).toBeVisible();

    harness.vault.set('expired-or-revoked-token');
    await harness.navigate(supplierWindow, '/admin/supplier/inquiry');
    // (The page may also show the server's own 401 message; one toast at least.)
    await expect(supplierWindow.getByText('登录状态已过期，请重新登录').first()).toBeVisible();
    await expect(supplierWindow).toHaveURL(/\/login$/);
    await expect(main).toHaveURL(/\/$/);
    await expect(main.getByTestId('header-login')).toBeVisible();

    // The back office window stayed open and returns where it was after signing in again.
    await signInHere(supplierWindow, DEMO.supplier);
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/inquiry$/);
  });

  test('signed out elsewhere: the back office window shows /login and keeps its page', async () => {
    const main = await harness.openWindow('/');
    const supplierWindow = await harness.openWindow('/admin/supplier/goods');
    await signInHere(supplierWindow, DEMO.supplier);
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/goods$/);
    await expect(main.getByTestId('header-user')).toBeVisible();
    await main.getByTestId('header-user').hover();
    await main.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(main).toHaveURL(/\/$/);
    await expect(supplierWindow).toHaveURL(/\/login$/);
    await signInHere(supplierWindow, DEMO.supplier);
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/goods$/);
  });

  test('a back office opened with an expired session shows /login with its link kept, then the link', async () => {
    harness.vault.set('expired-token-from-last-week');
    harness.hub.signIn();
    const supplierWindow = await harness.openWindow('/admin/supplier/quotation?status=SUBMITTED');
    await expect(supplierWindow).toHaveURL(/\/login$/);
    await expect(supplierWindow.getByTestId('header-user')).toHaveCount(0);
    await signInHere(supplierWindow, DEMO.supplier);
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/quotation\?status=SUBMITTED$/);
    expect(harness.supplierOpens).toEqual([]);
  });

  test('offline at start with a stored sign-in: the token is kept, an offline notice retries, and the member comes back', async ({ request }) => {
    harness.vault.set(await apiToken(request, DEMO.buyer));
    harness.hub.signIn();
    const token = harness.vault.get();
    harness.setApiDown(true);
    const page = await harness.openWindow('/');
    const notice = page.getByTestId('connection-notice');
    await expect(notice).toContainText('无法连接服务器');
    await expect(notice).toContainText('登录状态已保留');
    await expect(notice.getByRole('link', { name: '服务器设置' })).toBeVisible();
    // Nothing signed out: the vault, the hub and this window still hold the session.
    expect(harness.vault.get()).toBe(token);
    expect(harness.hub.snapshot().signedIn).toBe(true);
    await expect(page.getByTestId('header-login')).toHaveCount(0);

    // The network is back: 立即重试 fetches the member, the notice goes.
    harness.setApiDown(false);
    await notice.getByRole('button', { name: '立即重试' }).click();
    await expect(page.getByTestId('connection-notice')).toHaveCount(0);
    await expect(page.getByTestId('header-user')).toBeVisible();
  });

  test('in-app links that open a new window (《用户协议》, 预览店铺) go to main, not nowhere', async () => {
    const page = await harness.openWindow('/register');
    await page.getByRole('link', { name: /用户协议/ }).first().click();
    await expect.poll(() => harness.windowOpens).toEqual([{ action: 'main', path: '/agreement' }]);
    // The register form stays where it is.
    await expect(page).toHaveURL(/\/register$/);

    const supplierWindow = await harness.openWindow('/admin/supplier/baseInfo');
    await signInHere(supplierWindow, DEMO.supplier);
    await supplierWindow.getByRole('link', { name: /预览店铺/ }).click();
    await expect.poll(() => harness.windowOpens.length).toBe(2);
    expect(harness.windowOpens[1]).toMatchObject({ action: 'main', path: expect.stringMatching(/^\/store\/s\d+$/) });
  });
});

test.describe('a Windows working day in the desktop client (issue 33)', () => {
  let harness: TDesktopHarness;
  test.beforeEach(({ browser, baseURL }) => {
    harness = createHarness(browser, baseURL!);
  });
  test.afterEach(() => harness.close());

  test('1. a 503 from /api/member/getInfo at start keeps the saved sign-in: 服务器暂时不可用 with retry, the member once the database is back', async ({ request }) => {
    harness.vault.set(await apiToken(request, DEMO.supplier));
    harness.hub.signIn();
    const token = harness.vault.get();
    harness.failMemberInfo(503);
    const supplierWindow = await harness.openWindow('/admin/supplier/goods');
    const notice = supplierWindow.getByTestId('connection-notice');
    await expect(notice).toContainText('服务器暂时不可用');
    await expect(notice).toContainText('登录状态已保留');
    await supplierWindow.screenshot({ path: '.shots-desktop/server-unavailable.png' });
    // Not signed out: the window stays, the vault and state.json keep the token, the hub the session.
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/goods$/);
    expect(harness.vault.get()).toBe(token);
    expect(harness.stored.get(VAULT_KEY)).toBeDefined();
    expect(harness.hub.snapshot().signedIn).toBe(true);

    // The database is back: 立即重试 fetches the member, the notice goes, nobody signed in again.
    harness.failMemberInfo(null);
    await notice.getByRole('button', { name: '立即重试' }).click();
    await expect(supplierWindow.getByTestId('connection-notice')).toHaveCount(0);
    await expect.poll(() => harness.hub.snapshot().user?.roles ?? []).toContain('supplier');
    await expect(supplierWindow).toHaveURL(/\/admin\/supplier\/goods$/);
  });

  test('2. a downloaded update is a banner, not a dialog: typing goes on; 立即重启 with unsaved edits asks first, 留下 keeps everything, 放弃修改 installs', async () => {
    const supplierWindow = await harness.openWindow('/admin/supplier/goods/goodDetail');
    await signInHere(supplierWindow, DEMO.supplier);
    await expect(supplierWindow.getByTestId('goods-editor')).toBeVisible();
    const main = await harness.openWindow('/');
    const name = supplierWindow.locator('input[name="name"]');
    await name.fill('安捷伦 1290 液相色谱（未保存）');
    await expect.poll(() => harness.updates.unsavedWindows()).toBe(1);

    await harness.updateDownloaded('9.9.9');
    for (const page of [main, supplierWindow]) await expect(page.getByTestId('update-ready-notice')).toContainText('新版本 9.9.9 已下载完成');
    // The keyboard stayed where the supplier types.
    await supplierWindow.keyboard.type('，继续');
    await supplierWindow.screenshot({ path: '.shots-desktop/update-ready-banner.png' });
    await expect(name).toHaveValue('安捷伦 1290 液相色谱（未保存），继续');

    // 立即重启 from the main window: the back office is asked first; 留下 closes nothing and installs nothing.
    harness.updates.answer = 'stay';
    await main.getByTestId('update-ready-notice').getByRole('button', { name: '立即重启' }).click();
    await expect.poll(() => harness.updates.asked).toEqual(['/admin/supplier/goods/goodDetail']);
    await expect.poll(() => harness.updates.notices).toEqual([{ type: 'postponed', version: '9.9.9' }]);
    expect(harness.updates.installed).toBe(0);
    expect([main.isClosed(), supplierWindow.isClosed()]).toEqual([false, false]);
    await expect(name).toHaveValue('安捷伦 1290 液相色谱（未保存），继续');
    // 稍后 hides the banner in that window only.
    await main.getByTestId('update-ready-notice').getByRole('button', { name: /稍后/ }).click();
    await expect(main.getByTestId('update-ready-notice')).toHaveCount(0);
    await expect(supplierWindow.getByTestId('update-ready-notice')).toBeVisible();

    // Asked again, 放弃修改并重启: every window closes, then the installer runs.
    harness.updates.answer = 'discard';
    await supplierWindow.getByTestId('update-ready-notice').getByRole('button', { name: '立即重启' }).click();
    await expect.poll(() => harness.updates.installed).toBe(1);
    expect([main.isClosed(), supplierWindow.isClosed()]).toEqual([true, true]);
  });

  test('11. a deep link while the window is still loading is kept until its renderer listens, then followed', async () => {
    let release!: () => void;
    const scripts = new Promise<void>((resolve) => (release = resolve));
    const page = await harness.openWindow('/', { holdScripts: scripts });
    // yicaitong://news arrives now: main sends it before the renderer has subscribed.
    await harness.navigate(page, '/news');
    release();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  });
});

test.describe('服务器设置 (desktop)', () => {
  test('shows the address in use, tests one: https only outside this computer, 连接成功 for the real server', async ({ browser, baseURL }) => {
    const harness = createHarness(browser, baseURL!);
    try {
      const page = await harness.openWindow('/desktop/server-settings');
      const input = page.getByLabel('服务器地址');
      await expect(input).toHaveValue(baseURL!);
      await expect(input).toBeEnabled();
      // The address rule (contracts/desktop.ts checkApiUrlInput, main checks it again) under the field, before any request.
      const card = page.getByTestId('server-settings');
      await input.fill('http://yct.example.cn');
      await page.getByRole('button', { name: '测试连接' }).click();
      await expect(card.locator('.field-error')).toHaveText('服务器地址必须使用 https://（http:// 只允许本机地址 127.0.0.1 或 localhost）');
      await expect(page.getByTestId('server-settings-result')).toHaveCount(0);
      await input.fill('');
      await card.getByRole('button', { name: '保存', exact: true }).click();
      await expect(card.locator('.field-error')).toHaveText('请填写服务器地址');
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? 'test-results'}/server-settings-refused-${width}.png`, fullPage: true });
      }
      // Corrected: the message goes as soon as the address is valid.
      await input.fill(baseURL!);
      await expect(card.locator('.field-error')).toHaveCount(0);
      await page.getByRole('button', { name: '测试连接' }).click();
      await expect(page.getByTestId('server-settings-result')).toHaveText('连接成功');
      await expect(card.getByRole('button', { name: '保存', exact: true })).toBeVisible();

      // 通知设置: the same start and end time is refused under the times, gone once they differ.
      const notifications = page.getByTestId('notification-settings');
      await notifications.locator('input[name="quiet"]').check();
      await notifications.getByLabel('免打扰开始时间').fill('22:00');
      await notifications.getByLabel('免打扰结束时间').fill('22:00');
      await notifications.getByRole('button', { name: '保存通知设置' }).click();
      await expect(notifications.locator('.field-error')).toHaveText('免打扰的开始时间和结束时间不能相同');
      await page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? 'test-results'}/notification-settings-refused-390.png`, fullPage: true });
      await notifications.getByLabel('免打扰结束时间').fill('07:00');
      await expect(notifications.locator('.field-error')).toHaveCount(0);

      // A typed address is not lost without a question: leaving the page asks.
      await input.fill('https://yct.example.cn');
      await page.getByRole('link', { name: '返回首页' }).click();
      await expect(page.getByTestId('unsaved-changes-dialog')).toBeVisible();
      await page.getByTestId('unsaved-stay').click();
      await expect(input).toHaveValue('https://yct.example.cn');
    } finally {
      await harness.close();
    }
  });

  test('an address IT set is read-only: 由管理员管理, no 保存', async ({ browser, baseURL }) => {
    const harness = createHarness(browser, baseURL!, { serverLocked: true });
    try {
      const page = await harness.openWindow('/desktop/server-settings');
      await expect(page.getByLabel('服务器地址')).toBeDisabled();
      await expect(page.getByTestId('server-settings')).toContainText('由管理员管理');
      await expect(page.getByTestId('server-settings').getByRole('button', { name: '保存', exact: true })).toHaveCount(0);
    } finally {
      await harness.close();
    }
  });

  test('the offline notice leads to 服务器设置', async ({ browser, baseURL }) => {
    const harness = createHarness(browser, baseURL!);
    try {
      harness.setApiDown(true);
      const page = await harness.openWindow('/news');
      await page.getByTestId('connection-notice').getByRole('link', { name: '服务器设置' }).click();
      await expect(page).toHaveURL(/\/desktop\/server-settings$/);
      await expect(page.getByRole('heading', { name: '服务器设置' })).toBeVisible();
    } finally {
      await harness.close();
    }
  });
});

test.describe('desktop without a safe key store (basic_text)', () => {
  let harness: TDesktopHarness;
  test.beforeEach(({ browser, baseURL }) => {
    harness = createHarness(browser, baseURL!, { keyStore: 'basic_text' });
  });
  test.afterEach(() => harness.close());

  test('every window says the sign-in lasts this run only; the token is never written', async () => {
    const a = await harness.openWindow('/');
    const notice = a.getByTestId('session-persistence-notice');
    await expect(notice).toContainText(SESSION_NOTICE);
    await expect(notice).toBeVisible();

    await a.getByTestId('header-login').click();
    const modal = a.getByTestId('login-modal');
    await modal.locator('input[name="phoneOrEmail"]').fill(DEMO.buyer.id);
    await modal.locator('input[name="password"]').fill(DEMO.buyer.password);
    await modal.locator('button[type="submit"]').click();
    await expect(a.getByTestId('header-user')).toBeVisible();
    expect(harness.vault.persistence()).toBe('memory');
    expect(harness.vault.get()).toBeTruthy();
    expect([...harness.stored.keys()].filter((k) => k.startsWith('session'))).toEqual([]);

    // Still there after the login reload and on other pages; closing it hides it in this window.
    await expect(a.getByTestId('session-persistence-notice')).toContainText(SESSION_NOTICE);
    await a.getByTestId('session-persistence-notice').getByRole('button', { name: '关闭提示' }).click();
    await expect(a.getByTestId('session-persistence-notice')).toHaveCount(0);
    await a.reload();
    await expect(a.getByTestId('header-user')).toBeVisible();
    await expect(a.getByTestId('session-persistence-notice')).toHaveCount(0);

    // A window opened later (the supplier back office, say) shows it too.
    const b = await harness.openWindow('/news');
    await expect(b.getByTestId('session-persistence-notice')).toContainText(SESSION_NOTICE);
  });
});

test.describe('desktop live notifications (the real electron/core notification path behind the test bridge)', () => {
  let harness: TDesktopHarness;
  test.beforeEach(({ browser, baseURL }) => {
    harness = createHarness(browser, baseURL!);
  });
  test.afterEach(() => harness.close());

  test('one stream per session: a new inquiry is shown natively, badges the count, updates every window; a click opens the supplier window; 免打扰; logout stops it', async ({ request }) => {
    test.setTimeout(120_000);
    // A store of its own: inquiries other suites send the demo stores meanwhile would be counted here.
    const { member: supplier, token: supplierToken } = await ownStore(request, '桌面通知');
    const name = `桌面通知用离心机${supplier.id.slice(-5)}`;
    const { id: productId } = await api<{ id: number }>(request, supplierToken, 'POST', '/api/supplier/products', {
      name, model: `DN-${supplier.id.slice(-4)}`, categoryId: await leafCategoryId(request), brandId: null, storeCategoryId: null, price: 9800, unit: '台', origin: '中国', summary: null, description: '<p>台式离心机</p>', params: [], images: [], status: 'on_sale',
    });
    const product = { id: productId, name };
    const n = harness.notifications;
    const a = await harness.openWindow('/');
    expect(n.streamsOpened()).toBe(0);
    await a.getByRole('button', { name: '登录', exact: true }).first().click();
    await a.locator('input[name="phoneOrEmail"]').fill(supplier.id);
    await a.locator('input[name="password"]').fill(supplier.password);
    await a.locator('form', { has: a.locator('input[name="phoneOrEmail"]') }).locator('button[type="submit"]', { hasText: '登录' }).click();
    await expect(a.getByTestId('header-user')).toBeVisible();
    await expect.poll(() => n.center.status()).toBe('live');
    const b = await harness.openWindow('/');
    await expect(b.getByTestId('header-user')).toBeVisible();
    // Two windows, one stream: main holds it, not the windows.
    expect(n.streamsOpened()).toBe(1);
    const before = n.center.unread();
    expect(n.badges.at(-1)).toBe(before);

    const buyer = await apiToken(request, DEMO.buyer);
    const ask = async () => {
      const res = await request.post('/api/inquiries', { headers: { authorization: `Bearer ${buyer}` }, data: { productId: product.id, quantity: 1, message: '请报含税价及交货期，谢谢', contactName: '王工', contactPhone: '021-64251234' } });
      const body = (await res.json()) as { code: number; msg: string; data: { id: number } };
      expect(body.code, body.msg).toBe(200);
      return body.data.id;
    };
    const id = await ask();
    await expect.poll(() => n.shown.length).toBe(1);
    expect(n.shown[0]).toMatchObject({ title: '收到新询价', route: `/admin/supplier/inquiry?id=${id}` });
    expect(n.shown[0]!.body).toContain(product.name);
    expect(n.shown[0]!.body.length).toBeLessThanOrEqual(80);
    await expect.poll(() => n.badges.at(-1)).toBe(before + 1);
    expect(n.trays.at(-1)!.tooltip).toBe(`仪采通 — ${before + 1} 条未读通知`);
    // Both windows' bells follow main's stream (no stream of their own).
    for (const page of [a, b]) await expect(page.getByTestId('notification-count')).toHaveText(String(before + 1));

    // A click on the native notification: the supplier window at the inquiry.
    n.center.click(n.shown[0]!);
    expect(n.opened.at(-1)).toEqual({ kind: 'supplier', route: `/admin/supplier/inquiry?id=${id}` });

    // 免打扰 all day, chosen in 「通知设置」: nothing shown, the count still moves.
    await b.goto(SERVER_SETTINGS_PATH);
    const card = b.getByTestId('notification-settings');
    // A supplier stays in the tray unless it chooses otherwise.
    await expect(card.locator('input[name="keepInTray"]')).toBeChecked();
    await expect(card.locator('input[name="enabled"]')).toBeChecked();
    await card.locator('input[name="quiet"]').check();
    await card.getByLabel('免打扰开始时间').fill('00:00');
    await card.getByLabel('免打扰结束时间').fill('23:59');
    await card.getByRole('button', { name: '保存通知设置' }).click();
    await expect(card.getByTestId('notification-settings-result')).toHaveText('通知设置已保存');
    expect(n.userSettings).toEqual({ notifications: true, quietHours: '00:00-23:59', keepInTray: true });
    await b.reload();
    await expect(b.getByTestId('notification-settings').locator('input[name="quiet"]')).toBeChecked();
    await expect(b.getByTestId('notification-settings').getByLabel('免打扰开始时间')).toHaveValue('00:00');
    await ask();
    await expect.poll(() => n.badges.at(-1)).toBe(before + 2);
    expect(n.shown).toHaveLength(1);

    // Logout in a window: the stream stops, badge and tray clear; the next login opens one again.
    await a.getByTestId('header-user').hover();
    await a.getByRole('menuitem', { name: '退出登录' }).click();
    await expect.poll(() => n.center.status()).toBe('off');
    expect(n.badges.at(-1)).toBe(0);
    expect(n.trays.at(-1)!.tooltip).toBe('仪采通');
    await a.getByRole('button', { name: '登录', exact: true }).first().click();
    await a.locator('input[name="phoneOrEmail"]').fill(supplier.id);
    await a.locator('input[name="password"]').fill(supplier.password);
    await a.locator('form', { has: a.locator('input[name="phoneOrEmail"]') }).locator('button[type="submit"]', { hasText: '登录' }).click();
    await expect.poll(() => n.center.status()).toBe('live');
    expect(n.streamsOpened()).toBe(2);
  });

  test('a session the server revokes (signed out elsewhere) signs the desktop out: told natively and in the window, which shows /login; badge and tray cleared', async ({ request }) => {
    test.setTimeout(120_000);
    const n = harness.notifications;
    const a = await harness.openWindow('/');
    await a.getByRole('button', { name: '登录', exact: true }).first().click();
    await a.locator('input[name="phoneOrEmail"]').fill(DEMO.supplier.id);
    await a.locator('input[name="password"]').fill(DEMO.supplier.password);
    await a.locator('form', { has: a.locator('input[name="phoneOrEmail"]') }).locator('button[type="submit"]', { hasText: '登录' }).click();
    await expect(a.getByTestId('header-user')).toBeVisible();
    await expect.poll(() => n.center.status()).toBe('live');
    // A page for members only (the back office's own pages open in the supplier window).
    await a.goto('/admin/profile');
    await expect(a).toHaveURL(/\/admin\/profile/);
    await expect(a.getByTestId('header-user')).toBeVisible();
    const shownBefore = n.shown.length;
    // The desktop's own session ends on the server (as a password change on the web ends it).
    const res = await request.post('/auth/member/logout', { headers: { authorization: `Bearer ${harness.vault.get()}`, 'content-type': 'application/json' } });
    expect(res.status()).toBe(200);
    await expect.poll(() => harness.hub.snapshot().signedIn).toBe(false);
    expect(n.shown.slice(shownBefore).map((x) => x.title)).toEqual([SIGNED_OUT_TITLE]);
    expect(n.badges.at(-1)).toBe(0);
    expect(n.trays.at(-1)!.tooltip).toBe('仪采通');
    expect(n.center.status()).toBe('off');
    await expect(a.getByText('登录状态已失效（账号已在其他地方退出或修改了密码），请重新登录')).toBeVisible();
    await expect(a).toHaveURL(/\/login/);
  });
});
