// Desktop settings an administrator can preset: API base URL, update feed, check interval.
// Sources, strongest first: environment, per-machine settings.json, per-user settings.json.
import path from 'node:path';
import { z } from 'zod';
import { checkApiUrlInput, insecureUrlProblem, isLoopbackHost, QUIET_HOURS_MESSAGE, ZHttpUrl, ZNotificationSettingsInput, type TNotificationSettings } from '../../contracts/desktop.js';
import type { TAutostartPrefs } from './autostart.js';
import { keepsInTray, parseQuietHours, type TNotificationPrefs } from './live-notifications.js';

/** Only when the build has no API address baked in (development builds). */
export const DEFAULT_API_URL = 'http://127.0.0.1:3000';
export const DEFAULT_UPDATE_CHECK_HOURS = 4;

// The address and 免打扰 rules live in the bridge contract, shared with the 「服务器设置」 form.
export { checkApiUrlInput, insecureUrlProblem, isLoopbackHost };

const BOOLEAN_MESSAGE = '只能是 true 或 false';
const HOURS_MESSAGE = '必须是 1 到 168 之间的小时数';
const OPEN_AT_LOGIN_MESSAGE = '只能是 true、false 或 "suppliers"（只对供应商默认开启）';

// Every schema carries its own Chinese message: zod's defaults are English ("Invalid input: expected
// number, received NaN"), and this text is what the start-up dialog shows an administrator.
const ZSettingsFile = z
  .object(
    {
      apiUrl: ZHttpUrl.optional(),
      updateUrl: ZHttpUrl.optional(),
      updateCheckHours: z.coerce.number({ error: HOURS_MESSAGE }).min(1, HOURS_MESSAGE).max(168, HOURS_MESSAGE).optional(),
      autoUpdate: z
        .union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')], { error: BOOLEAN_MESSAGE })
        .optional(),
      /** Native notifications of new inquiries, quotations and reviews (default true). */
      notifications: z.boolean({ error: BOOLEAN_MESSAGE }).optional(),
      /** 免打扰 hours, "22:00-08:00"; empty for none. */
      quietHours: z
        .string({ error: QUIET_HOURS_MESSAGE })
        .refine((v) => {
          try {
            parseQuietHours(v);
            return true;
          } catch {
            return false;
          }
        }, QUIET_HOURS_MESSAGE)
        .optional(),
      /** Closing the last window keeps the client in the tray (Windows/Linux); default on for suppliers. */
      keepInTray: z.boolean({ error: BOOLEAN_MESSAGE }).optional(),
      /**
       * 开机时自动启动 (in the tray). true/false: the user's choice (the menu writes it), or IT's for everyone
       * when the per-machine file sets it; "suppliers": on by default for suppliers only (IT's default).
       */
      openAtLogin: z.union([z.boolean(), z.literal('suppliers')], { error: OPEN_AT_LOGIN_MESSAGE }).optional(),
    },
    { error: '内容必须是一个 JSON 对象，例如 { "apiUrl": "https://…" }' },
  )
  .strict();

const CJK = /[\u4e00-\u9fff]/;
/** The issue as one Chinese phrase; a message zod wrote itself (English) is replaced by what the code means. */
function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `不认识的设置项 ${issue.keys.join(', ')}`;
  if (CJK.test(issue.message)) return issue.message;
  return issue.code === 'invalid_type' ? '类型不正确' : '取值不正确';
}

/**
 * autoUpdate false: IT updates the client itself (MSI or deb deployments). `apiUrlLocked`: the API
 * address comes from the environment or the per-machine file, so the 「服务器设置」 screen shows it
 * read-only (由管理员管理); `apiUrlSource` names where it came from.
 */
export type TDesktopSettings = {
  apiUrl: string;
  updateUrl: string | null;
  updateCheckHours: number;
  autoUpdate: boolean;
  apiUrlSource: string;
  apiUrlLocked: boolean;
  notificationPrefs: TNotificationPrefs;
  /** The per-machine file sets a notification setting, so 「通知设置」 is read-only (由管理员管理). */
  notificationPrefsLocked: boolean;
  /** 开机时自动启动: the choice in force and whether IT locked it (electron/core/autostart.ts decides). */
  autostart: TAutostartPrefs;
};
/** `scope` machine: the per-machine file an administrator writes (its apiUrl locks the setting). */
export type TSettingsSource = { name: string; values: unknown; scope?: 'machine' | 'user' };

/** Environment variable → settings key. */
export const SETTINGS_ENV = { YCT_API_URL: 'apiUrl', YCT_UPDATE_URL: 'updateUrl', YCT_UPDATE_CHECK_HOURS: 'updateCheckHours', YCT_AUTO_UPDATE: 'autoUpdate' } as const;

export class SettingsError extends Error {}

function envSource(env: Record<string, string | undefined>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [variable, key] of Object.entries(SETTINGS_ENV)) {
    const value = env[variable];
    if (value !== undefined && value.trim() !== '') values[key] = value;
  }
  return values;
}

/**
 * Merges the sources; an invalid value stops the app with a sentence naming the setting and where
 * it came from (STYLE.md 11), rather than silently falling back to another server.
 * `build` holds the addresses baked into the installer (YCT_API_URL at build time), used when no
 * source sets one. Outside development (`allowInsecureHttp` false) API and update addresses must be
 * https:// (loopback excepted).
 */
export function resolveDesktopSettings(input: {
  env: Record<string, string | undefined>;
  files: TSettingsSource[];
  build?: { apiUrl?: string | null };
  allowInsecureHttp?: boolean;
}): TDesktopSettings {
  const allowInsecureHttp = input.allowInsecureHttp ?? false;
  const layers: TSettingsSource[] = [{ name: 'env', values: envSource(input.env) }, ...input.files];
  const merged: z.infer<typeof ZSettingsFile> = {};
  const where = (layer: TSettingsSource, key: string) => {
    const envName = Object.entries(SETTINGS_ENV).find(([, k]) => k === key)?.[0];
    if (layer.name === 'env') return `环境变量 ${envName ?? key}`;
    return key ? `${layer.name} 中的 ${key}` : layer.name;
  };
  let apiUrlLayer: TSettingsSource | null = null;
  let notificationsLocked = false;
  const autostart: TAutostartPrefs = { choice: null, suppliersByDefault: false, locked: false };
  for (const layer of [...layers].reverse()) {
    if (layer.values === undefined || layer.values === null) continue;
    const parsed = ZSettingsFile.safeParse(layer.values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const key = String(issue.path[0] ?? '');
      throw new SettingsError(`设置无效：${where(layer, key)}：${issueText(issue)}`);
    }
    for (const key of ['apiUrl', 'updateUrl'] as const) {
      const value = parsed.data[key];
      const problem = value === undefined ? null : insecureUrlProblem(value, { allowInsecureHttp });
      if (problem) throw new SettingsError(`设置无效：${where(layer, key)}：${problem}`);
    }
    if (parsed.data.apiUrl !== undefined) apiUrlLayer = layer;
    if (layer.scope === 'machine' && NOTIFICATION_KEYS.some((k) => parsed.data[k] !== undefined)) notificationsLocked = true;
    // Layers come weakest first: a per-machine true/false is IT's decision for everyone (locked);
    // "suppliers" only sets the default, which a user's own choice still overrides.
    const openAtLogin = parsed.data.openAtLogin;
    if (openAtLogin === 'suppliers') autostart.suppliersByDefault = true;
    else if (openAtLogin !== undefined) {
      autostart.choice = openAtLogin;
      autostart.locked = layer.scope === 'machine';
    }
    Object.assign(
      merged,
      Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
    );
  }
  const builtApiUrl = input.build?.apiUrl?.trim() || null;
  if (builtApiUrl && !apiUrlLayer) {
    const problem = insecureUrlProblem(builtApiUrl, { allowInsecureHttp });
    if (problem) throw new SettingsError(`设置无效：安装包内置的服务器地址 ${builtApiUrl}：${problem}`);
  }
  const apiUrl = merged.apiUrl ?? builtApiUrl ?? DEFAULT_API_URL;
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    updateUrl: merged.updateUrl ?? null,
    updateCheckHours: merged.updateCheckHours ?? DEFAULT_UPDATE_CHECK_HOURS,
    autoUpdate: merged.autoUpdate ?? true,
    apiUrlSource: apiUrlLayer ? apiUrlLayer.name : builtApiUrl ? 'build' : 'default',
    apiUrlLocked: apiUrlLayer !== null && (apiUrlLayer.name === 'env' || apiUrlLayer.scope === 'machine'),
    notificationPrefs: { enabled: merged.notifications ?? true, quietHours: parseQuietHours(merged.quietHours), keepInTray: merged.keepInTray ?? null },
    notificationPrefsLocked: notificationsLocked,
    autostart,
  };
}

/** The settings keys behind 「通知设置」. */
const NOTIFICATION_KEYS = ['notifications', 'quietHours', 'keepInTray'] as const;

/** 「通知设置」 as the screen shows it: the preferences in force (keep-in-tray resolved by role when unset). */
export function notificationSettingsView(settings: Pick<TDesktopSettings, 'notificationPrefs' | 'notificationPrefsLocked'>, roles: readonly string[] | null | undefined, platform: string): TNotificationSettings {
  const { enabled, quietHours } = settings.notificationPrefs;
  return {
    enabled,
    quietHours: quietHours ? `${quietHours.start}-${quietHours.end}` : '',
    keepInTray: keepsInTray(settings.notificationPrefs, roles),
    locked: settings.notificationPrefsLocked,
    trayApplies: platform !== 'darwin',
  };
}

/**
 * Checks what 「通知设置」 sends (the bridge contract's shape) and answers the per-user settings.json
 * keys to write, or the problem in Chinese.
 */
export function checkNotificationSettingsInput(input: unknown): { ok: true; values: { notifications: boolean; quietHours: string; keepInTray: boolean } } | { ok: false; message: string } {
  const parsed = ZNotificationSettingsInput.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const { enabled, keepInTray } = parsed.data;
  try {
    const quiet = parseQuietHours(parsed.data.quietHours);
    return { ok: true, values: { notifications: enabled, quietHours: quiet ? `${quiet.start}-${quiet.end}` : '', keepInTray } };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
}

/** Where IT drops the per-machine settings.json (documented in docs/desktop.md). */
export function machineSettingsPath(platform: string, env: Record<string, string | undefined>): string {
  if (platform === 'win32') return path.win32.join(env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData', 'YiCaiTong', 'settings.json');
  if (platform === 'darwin') return '/Library/Application Support/YiCaiTong/settings.json';
  return '/etc/yicaitong/settings.json';
}

/** Parses a settings.json's text; a broken file is an error naming the file. */
export function parseSettingsFile(file: string, text: string | null, scope?: 'machine' | 'user'): TSettingsSource {
  if (text === null) return { name: file, values: undefined, scope };
  try {
    return { name: file, values: JSON.parse(text.replace(/^\uFEFF/, '')), scope };
  } catch {
    throw new SettingsError(`设置无效：${file} 不是有效的 JSON（请检查引号、逗号和括号，或删除该文件后重新启动）`);
  }
}
