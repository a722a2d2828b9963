// The desktop bridge contract (DESIGN.md §4, §8): what the preload exposes on `window.desktop`,
// the IPC channel names behind it, and the payload schemas main validates. Shared by preload,
// main and the renderer; no DOM, no node:, no electron.
import type { TLiveEvent } from './live.js';
import { z } from 'zod';
import { ZMemberInfo, type TMemberInfo } from './member.js';

/** The renderer is served from this origin inside the desktop client. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'yicaitong';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** Deep links: `yicaitong://shop/detail/1.html` opens `/shop/detail/1.html`. */
export const DEEP_LINK_SCHEME = 'yicaitong';

/**
 * Main keeps the token; the login answer that reaches the renderer carries this placeholder in
 * `data.access_token` instead, so the renderer's normal login flow runs unchanged.
 */
export const DESKTOP_TOKEN_PLACEHOLDER = 'desktop-session';

import { isSupplierPath } from './desktop-paths.js';

export { isSupplierPath, SERVER_SETTINGS_PATH, SUPPLIER_PATH_PREFIX } from './desktop-paths.js';

export const DESKTOP_IPC = {
  sessionGet: 'yct:session:get',
  sessionSignIn: 'yct:session:sign-in',
  sessionSignOut: 'yct:session:sign-out',
  sessionSetUser: 'yct:session:set-user',
  /** A window is signing out (its logout call is under way): the others take a 401 meanwhile as that, not as an expiry. */
  sessionSigningOut: 'yct:session:signing-out',
  sessionChanged: 'yct:session:changed',
  windowsOpenSupplier: 'yct:windows:open-supplier',
  /** main → renderer: show this in-app route (the router follows; unsaved edits are asked about). */
  windowsNavigate: 'yct:windows:navigate',
  /** renderer → main: this window now listens for windowsNavigate (routes sent while it loaded wait for this). */
  windowsReady: 'yct:windows:ready',
  /** renderer → main: this window's page has (or no longer has) unsaved edits; the update restart asks first. */
  windowsUnsavedChanges: 'yct:windows:unsaved-changes',
  serverGet: 'yct:server:get',
  serverTest: 'yct:server:test',
  serverSave: 'yct:server:save',
  appInfo: 'yct:app:info',
  updatesReady: 'yct:updates:ready',
  updatesRestart: 'yct:updates:restart',
  /** main → renderer: an event of the session's live notification stream (contracts/live.ts), for the bell. */
  notificationsEvent: 'yct:notifications:event',
  notificationsGetSettings: 'yct:notifications:get-settings',
  notificationsSaveSettings: 'yct:notifications:save-settings',
} as const;
export type TDesktopIpcChannel = (typeof DESKTOP_IPC)[keyof typeof DESKTOP_IPC];

export const ZDesktopSessionSnapshot = z.object({ signedIn: z.boolean(), user: ZMemberInfo.nullable() });
export type TDesktopSessionSnapshot = { signedIn: boolean; user: TMemberInfo | null };

export const ZDesktopSessionEvent = z.object({ type: z.enum(['login', 'logout', 'user', 'signing-out']), snapshot: ZDesktopSessionSnapshot });
/** `signing-out`: a window's logout is under way (the state is unchanged until its `logout`). */
export type TDesktopSessionEvent = { type: 'login' | 'logout' | 'user' | 'signing-out'; snapshot: TDesktopSessionSnapshot };

/** Argument of `windows.openSupplier`: an in-app path under /admin/supplier. */
export const ZSupplierPath = z
  .string()
  .max(2000)
  .refine((p) => p.startsWith('/') && !p.startsWith('//') && !p.includes('\\') && isSupplierPath(p), '不是供应商后台的路径');

/** `encrypted`: the token survives restarts; `memory`: no safe key store (e.g. Linux basic_text), sign-in lasts one run. */
export const ZTokenPersistence = z.enum(['encrypted', 'memory']);
export type TTokenPersistence = z.infer<typeof ZTokenPersistence>;

export const ZDesktopAppInfo = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  apiUrl: z.string(),
  tokenPersistence: ZTokenPersistence,
});
export type TDesktopAppInfo = z.infer<typeof ZDesktopAppInfo>;

/** Argument of `windows.onNavigate`: an in-app path main asks an open window to show. */
export const ZInAppPath = z.string().max(2000).refine((p) => p.startsWith('/') && !p.startsWith('//') && !p.includes('\\'), '不是应用内的路径');

/** 「服务器设置」: the API address in use; `locked` when IT set it (environment or per-machine file). */
export const ZServerSettings = z.object({ apiUrl: z.string(), locked: z.boolean() });
export type TServerSettings = z.infer<typeof ZServerSettings>;
/** Outcome of a connection test or a save; `message` is Chinese and shown as is. */
export const ZServerCheck = z.object({ ok: z.boolean(), message: z.string() });
export type TServerCheck = z.infer<typeof ZServerCheck>;
export const ZServerUrlInput = z.string().max(2000);

/**
 * 「通知设置」 (desktop client): native notifications on or off, 免打扰 hours ("22:00-08:00", or empty
 * for none) and staying in the tray when the last window closes (Windows/Linux).
 */
export const ZNotificationSettingsInput = z.object({
  enabled: z.boolean({ error: '请选择是否显示桌面通知' }),
  quietHours: z.string({ error: '免打扰时段格式应为 HH:MM-HH:MM，例如 22:00-08:00' }).max(20, '免打扰时段格式应为 HH:MM-HH:MM，例如 22:00-08:00'),
  keepInTray: z.boolean({ error: '请选择关闭窗口后是否保留在系统托盘' }),
});
export type TNotificationSettingsInput = z.infer<typeof ZNotificationSettingsInput>;
/** What the screen shows: the settings in force; `locked` when IT set them (per-machine file); `trayApplies` false on macOS. */
export type TNotificationSettings = TNotificationSettingsInput & { locked: boolean; trayApplies: boolean };

export const ZUpdateReady = z.object({ version: z.string() });
export type TUpdateReady = z.infer<typeof ZUpdateReady>;

/** `window.desktop`: named functions only; callbacks never receive the IPC event. */
export type TDesktopBridge = {
  session: {
    get(): Promise<TDesktopSessionSnapshot>;
    /** Confirms the sign-in main recorded when the login answer passed through it. */
    signIn(): Promise<TDesktopSessionSnapshot>;
    signOut(): Promise<void>;
    /** Tells main (and through it every window) that this window's logout is under way (optional: older preloads lack it). */
    announceSignOut?(): Promise<void>;
    setUser(user: TMemberInfo): Promise<void>;
    /** Every change, in any window (this one included). Returns the unsubscribe function. */
    onChange(listener: (event: TDesktopSessionEvent) => void): () => void;
  };
  windows: {
    /** Opens (or focuses) the supplier back-office window at `path`. */
    openSupplier(path: string): Promise<boolean>;
    /** Main asks this window to show an in-app route (a deep link, the menu, a link opened elsewhere) instead of reloading it. */
    onNavigate(listener: (path: string) => void): () => void;
    /** Tells main this window listens for routes now; main keeps the ones it had to send earlier until then (optional: older preloads lack it). */
    ready?(): Promise<void>;
    /** Tells main whether this window's page has unsaved edits, so a restart for an update asks first (optional: older preloads lack it). */
    setUnsavedChanges?(hasUnsavedChanges: boolean): Promise<void>;
  };
  /** 「服务器设置」: read, test and change the API address (a locked one cannot be saved). */
  server: {
    get(): Promise<TServerSettings>;
    test(apiUrl: string): Promise<TServerCheck>;
    save(apiUrl: string): Promise<TServerCheck>;
  };
  app: { info(): Promise<TDesktopAppInfo> };
  updates: {
    onReady(listener: (update: TUpdateReady) => void): () => void;
    /** Closes the windows (asking first about unsaved edits) and installs a downloaded update; 留下 postpones it to the next quit. */
    restart(): Promise<void>;
  };
  /** Main holds the session's one live stream and passes each event to every window (optional: older preloads lack it). */
  notifications?: {
    onEvent(listener: (event: TLiveEvent) => void): () => void;
    /** 「通知设置」 (optional: older preloads lack them). */
    getSettings?(): Promise<TNotificationSettings>;
    saveSettings?(settings: TNotificationSettingsInput): Promise<TServerCheck>;
  };
};

declare global {
  interface Window {
    desktop?: TDesktopBridge;
  }
}
