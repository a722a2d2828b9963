// BrowserWindows of the client and the rules every web contents obeys: context isolation,
// sandbox, no Node; navigation, window.open and permissions restricted (DESIGN.md §6).
import { app, BrowserWindow, dialog, session, type WebContents } from 'electron';
import { APP_ORIGIN, DESKTOP_IPC } from '../../contracts/desktop.js';
import type { TWindowKind } from '../core/launch-routing.js';
import { decideNavigation, decideWindowOpen, isAllowedOrigin } from '../core/policies.js';
import type { TSessionHub } from '../core/session-hub.js';
import { MIN_WINDOW, type TSavedWindowState } from '../core/window-registry.js';

const TITLES: Record<TWindowKind, string> = { main: '仪采通', supplier: '仪采通 · 供应商后台', preview: '仪采通' };
export const DEFAULT_SIZE: Record<TWindowKind, { width: number; height: number }> = { main: { width: 1360, height: 860 }, supplier: { width: 1440, height: 900 }, preview: { width: 1200, height: 820 } };

export const appUrl = (route: string) => `${APP_ORIGIN}${route.startsWith('/') ? route : `/${route}`}`;

export function createAppWindow(deps: { kind: TWindowKind; saved: TSavedWindowState | null; preload: string; icon?: string; hub: TSessionHub }): BrowserWindow {
  const { kind, saved } = deps;
  const win = new BrowserWindow({
    ...DEFAULT_SIZE[kind],
    ...(saved?.bounds ?? {}),
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    title: TITLES[kind],
    show: false,
    backgroundColor: '#ffffff',
    ...(deps.icon ? { icon: deps.icon } : {}),
    webPreferences: {
      preload: deps.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      // Chromium's PDF viewer (the business licence preview, a blob: frame); the only plugin Electron
      // has, and the page's CSP (object-src 'none') still keeps <object>/<embed> out.
      plugins: true,
    },
  });
  if (saved?.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  // A page with unsaved changes cancels its unload (beforeunload); Electron would then refuse to
  // close or reload the window without a word. Ask, as a browser does — unless the user already
  // gave these edits up for the update restart (restart-guard.ts).
  win.webContents.on('will-prevent-unload', (event) => {
    if (discardOnClose.has(win)) return event.preventDefault();
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      title: '未保存的修改',
      message: '当前页面有未保存的修改，确定要离开吗？',
      detail: '离开后，未保存的内容将会丢失。',
      buttons: ['离开', '留下'],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    });
    if (choice === 0) event.preventDefault();
    else unloadKept.get(win)?.();
  });
  // Each window hears every session change (DESIGN.md §4); a window that is gone hears nothing.
  const detach = deps.hub.attach({
    send: (event) => {
      if (!win.isDestroyed()) win.webContents.send(DESKTOP_IPC.sessionChanged, event);
    },
  });
  win.on('closed', detach);
  return win;
}

/** Windows whose edits the user gave up for the update restart: their page may unload without asking. */
const discardOnClose = new WeakSet<BrowserWindow>();
/** Called when the user chose 留下 in a window's unload dialog while main waits for it to close. */
const unloadKept = new WeakMap<BrowserWindow, () => void>();

/**
 * Closes a window for the update restart; resolves true once it is gone, false when it stayed (its
 * page refused to unload and the user chose 留下, or it did not answer within `timeoutMs`).
 */
export function closeWindowForRestart(win: BrowserWindow, options: { discard: boolean; timeoutMs?: number }): Promise<boolean> {
  if (win.isDestroyed()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (closed: boolean) => {
      clearTimeout(timer);
      unloadKept.delete(win);
      discardOnClose.delete(win);
      win.removeListener('closed', onClosed);
      resolve(closed);
    };
    const onClosed = () => done(true);
    // A hung page never answers beforeunload: the install waits for the next quit rather than kill it.
    const timer = setTimeout(() => done(win.isDestroyed()), options.timeoutMs ?? 15_000);
    if (options.discard) discardOnClose.add(win);
    unloadKept.set(win, () => done(false));
    win.once('closed', onClosed);
    win.close();
  });
}

/** 立即重启 with unsaved edits in `win`: asks in that window; true for 放弃修改并重启. */
export async function askDiscardForRestart(win: BrowserWindow, version: string | null): Promise<boolean> {
  if (win.isDestroyed()) return true;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  const { response } = await dialog.showMessageBox(win, {
    type: 'question',
    title: '未保存的修改',
    message: '当前页面有未保存的修改，确定要重启吗？',
    detail: `重启以安装新版本${version ? ` ${version}` : ''}后，未保存的内容将会丢失。选择“留下”则保留修改，新版本在下次退出仪采通时安装。`,
    buttons: ['留下', '放弃修改并重启'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  });
  return response === 1;
}

const GRANTED_PERMISSIONS = new Set(['clipboard-sanitized-write', 'fullscreen', 'notifications']);

/** Installs the navigation, window.open and permission rules for every web contents ever created. */
export function hardenWebContents(deps: {
  allowed: string[];
  openExternal: (url: string) => boolean;
  openSupplier: (route: string) => void;
  /** Our other pages opened "in a new window" (store preview, 《用户协议》…) show in the main window. */
  openMain: (route: string, from: WebContents) => void;
  log: (msg: string) => void;
}) {
  const { allowed } = deps;

  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) => {
    callback(GRANTED_PERMISSIONS.has(permission) && isAllowedOrigin(details.requestingUrl, allowed));
  });
  session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin) => GRANTED_PERMISSIONS.has(permission) && isAllowedOrigin(requestingOrigin, allowed));

  const guardNavigation = (contents: WebContents, kind: 'navigate' | 'redirect') => (event: Electron.Event<Electron.WebContentsWillNavigateEventParams>) => {
    const decision = decideNavigation(event.url, allowed);
    if (decision.action === 'allow') return;
    event.preventDefault();
    // A redirect is the server's doing, not a user's click: refuse it without opening anything.
    if (decision.action === 'external' && kind === 'navigate') deps.openExternal(decision.url);
    else deps.log(`blocked ${kind} of ${contents.id} to ${event.url.slice(0, 200)}`);
  };

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', guardNavigation(contents, 'navigate'));
    contents.on('will-redirect', guardNavigation(contents, 'redirect'));
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      const decision = decideWindowOpen(url, allowed);
      if (decision.action === 'supplier') deps.openSupplier(decision.path);
      else if (decision.action === 'main') deps.openMain(decision.path, contents);
      else if (decision.action === 'external') deps.openExternal(decision.url);
      else deps.log(`blocked window.open of ${url.slice(0, 200)}`);
      return { action: 'deny' };
    });
  });
}
