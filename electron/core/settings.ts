// Desktop settings an administrator can preset: API base URL, update feed, check interval.
// Sources, strongest first: environment, per-machine settings.json, per-user settings.json.
import path from 'node:path';
import { z } from 'zod';

export const DEFAULT_API_URL = 'http://127.0.0.1:3000';
export const DEFAULT_UPDATE_CHECK_HOURS = 4;

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username && !u.password;
    } catch {
      return false;
    }
  }, '必须是以 http:// 或 https:// 开头的完整地址');

const ZSettingsFile = z
  .object({
    apiUrl: httpUrl.optional(),
    updateUrl: httpUrl.optional(),
    updateCheckHours: z.coerce.number().min(1, '最小为 1 小时').max(168, '最大为 168 小时').optional(),
    autoUpdate: z
      .union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')], { error: '只能是 true 或 false' })
      .optional(),
  })
  .strict();

/** autoUpdate false: IT updates the client itself (MSI or deb deployments). */
export type TDesktopSettings = { apiUrl: string; updateUrl: string | null; updateCheckHours: number; autoUpdate: boolean };
export type TSettingsSource = { name: string; values: unknown };

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
 */
export function resolveDesktopSettings(input: { env: Record<string, string | undefined>; files: TSettingsSource[] }): TDesktopSettings {
  const layers: TSettingsSource[] = [{ name: 'env', values: envSource(input.env) }, ...input.files];
  const merged: z.infer<typeof ZSettingsFile> = {};
  for (const layer of [...layers].reverse()) {
    if (layer.values === undefined || layer.values === null) continue;
    const parsed = ZSettingsFile.safeParse(layer.values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const key = String(issue.path[0] ?? '');
      const envName = Object.entries(SETTINGS_ENV).find(([, k]) => k === key)?.[0];
      const where = layer.name === 'env' ? `环境变量 ${envName ?? key}` : `${layer.name} 中的 ${key || '内容'}`;
      const message = issue.code === 'unrecognized_keys' ? `不认识的设置项 ${issue.keys.join(', ')}` : issue.message;
      throw new SettingsError(`设置无效：${where}：${message}`);
    }
    Object.assign(
      merged,
      Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
    );
  }
  return {
    apiUrl: (merged.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, ''),
    updateUrl: merged.updateUrl ?? null,
    updateCheckHours: merged.updateCheckHours ?? DEFAULT_UPDATE_CHECK_HOURS,
    autoUpdate: merged.autoUpdate ?? true,
  };
}

/** Where IT drops the per-machine settings.json (documented in docs/desktop.md). */
export function machineSettingsPath(platform: string, env: Record<string, string | undefined>): string {
  if (platform === 'win32') return path.win32.join(env.ProgramData ?? env.PROGRAMDATA ?? 'C:\\ProgramData', 'YiCaiTong', 'settings.json');
  if (platform === 'darwin') return '/Library/Application Support/YiCaiTong/settings.json';
  return '/etc/yicaitong/settings.json';
}

/** Parses a settings.json's text; a broken file is an error naming the file. */
export function parseSettingsFile(file: string, text: string | null): TSettingsSource {
  if (text === null) return { name: file, values: undefined };
  try {
    return { name: file, values: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch {
    throw new SettingsError(`设置无效：${file} 不是有效的 JSON`);
  }
}
