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

/**
 * 「服务器设置」: the API address in use; `locked` when IT set it (environment or per-machine file);
 * `allowInsecureHttp` in development builds, where plain http:// to any host is accepted.
 */
export const ZServerSettings = z.object({ apiUrl: z.string(), locked: z.boolean(), allowInsecureHttp: z.boolean().optional() });
export type TServerSettings = z.infer<typeof ZServerSettings>;
/** Outcome of a connection test or a save; `message` is Chinese and shown as is. */
export const ZServerCheck = z.object({ ok: z.boolean(), message: z.string() });
export type TServerCheck = z.infer<typeof ZServerCheck>;
export const ZServerUrlInput = z.string().max(2000);

// The API address rule, one for the settings files, main's save and the 「服务器设置」 field (the
// renderer checks it as the user types; main checks it again before writing).
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * Why `url` may not carry the sign-in token or the updates, or null when it may: outside
 * development only https:// (plain http only to this computer, 127.0.0.1/localhost). A proxy or
 * nginx answering http with a redirect to https is the usual cause of "无法连接服务器" otherwise.
 */
export function insecureUrlProblem(url: string, options: { allowInsecureHttp: boolean }): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '必须是以 https:// 开头的完整地址';
  }
  if (parsed.protocol === 'https:' || options.allowInsecureHttp || isLoopbackHost(parsed.hostname)) return null;
  return '必须使用 https://（http:// 只允许本机地址 127.0.0.1 或 localhost）';
}

export const HTTP_URL_MESSAGE = '必须是以 http:// 或 https:// 开头的完整地址';
/** A full http(s) address without credentials (trimmed). */
export const ZHttpUrl = z
  .string({ error: HTTP_URL_MESSAGE })
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username && !u.password;
    } catch {
      return false;
    }
  }, HTTP_URL_MESSAGE);

/**
 * Checks an API address typed into 「服务器设置」: a full https:// address (http only for this
 * computer, or any in development), no credentials. Returns the normalised address or the problem.
 */
export function checkApiUrlInput(value: string, options: { allowInsecureHttp: boolean }): { ok: true; apiUrl: string } | { ok: false; message: string } {
  if (value.trim() === '') return { ok: false, message: '请填写服务器地址' };
  const parsed = ZHttpUrl.safeParse(value);
  if (!parsed.success) return { ok: false, message: options.allowInsecureHttp ? `服务器地址${parsed.error.issues[0]!.message}` : '服务器地址必须是以 https:// 开头的完整地址' };
  const problem = insecureUrlProblem(parsed.data, options);
  if (problem) return { ok: false, message: `服务器地址${problem}` };
  return { ok: true, apiUrl: parsed.data.replace(/\/+$/, '') };
}

/** What 「服务器设置」 saves, checked by checkApiUrlInput (the form's field rule and main's). */
export const serverSettingsInput = (options: { allowInsecureHttp: boolean }) =>
  z.object({
    apiUrl: ZServerUrlInput.superRefine((value, ctx) => {
      const checked = checkApiUrlInput(value, options);
      if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
    }),
  });

// 免打扰 hours, "22:00-08:00": one rule for the settings files, main's save and the 「通知设置」 form.
export const QUIET_HOURS_MESSAGE = '免打扰时段格式应为 HH:MM-HH:MM，例如 22:00-08:00';
export const QUIET_HOURS_SAME_MESSAGE = '免打扰的开始时间和结束时间不能相同';
/** 免打扰: from `start` to `end` (HH:MM, local time; start after end spans midnight). */
export type TQuietHours = { start: string; end: string };
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Minutes after midnight of "HH:MM", or null when it is not a time. */
export const clockMinutes = (hhmm: string) => {
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
/** Why `text` is not 免打扰 hours (empty is none), or null. */
export function quietHoursProblem(text: string | null | undefined): string | null {
  const v = (text ?? '').trim();
  if (!v) return null;
  const [start = '', end = '', ...rest] = v.split('-').map((s) => s.trim());
  if (rest.length || clockMinutes(start) === null || clockMinutes(end) === null) return QUIET_HOURS_MESSAGE;
  return start === end ? QUIET_HOURS_SAME_MESSAGE : null;
}
/** Parses "22:00-08:00" (the settings' form); null for empty, throws a Chinese sentence when malformed. */
export function parseQuietHours(text: string | null | undefined): TQuietHours | null {
  const problem = quietHoursProblem(text);
  if (problem) throw new Error(problem);
  const v = (text ?? '').trim();
  if (!v) return null;
  const [start = '', end = ''] = v.split('-').map((s) => s.trim());
  return { start, end };
}

/**
 * 「通知设置」 (desktop client): native notifications on or off, 免打扰 hours ("22:00-08:00", or empty
 * for none) and staying in the tray when the last window closes (Windows/Linux).
 */
export const ZNotificationSettingsInput = z.object({
  enabled: z.boolean({ error: '请选择是否显示桌面通知' }),
  quietHours: z
    .string({ error: QUIET_HOURS_MESSAGE })
    .max(20, QUIET_HOURS_MESSAGE)
    .superRefine((value, ctx) => {
      const problem = quietHoursProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
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
