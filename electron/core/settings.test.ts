import { describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, machineSettingsPath, parseSettingsFile, resolveDesktopSettings, SettingsError } from './settings';

const machine = (values: unknown) => ({ name: '/etc/yicaitong/settings.json', values });
const user = (values: unknown) => ({ name: '~/.config/YiCaiTong/settings.json', values });

describe('desktop settings', () => {
  it.each([
    ['defaults', {}, [], { apiUrl: DEFAULT_API_URL, updateUrl: null, updateCheckHours: 4, autoUpdate: true }],
    ['environment', { YCT_API_URL: 'https://api.yct.cn/', YCT_UPDATE_URL: 'https://dl.yct.cn/desktop', YCT_UPDATE_CHECK_HOURS: '12' }, [], { apiUrl: 'https://api.yct.cn', updateUrl: 'https://dl.yct.cn/desktop', updateCheckHours: 12, autoUpdate: true }],
    ['per-machine file', {}, [machine({ apiUrl: 'https://intranet.example.cn/yct' })], { apiUrl: 'https://intranet.example.cn/yct', updateUrl: null, updateCheckHours: 4, autoUpdate: true }],
    ['environment beats the machine file', { YCT_API_URL: 'http://10.0.0.2:3000' }, [machine({ apiUrl: 'https://a.cn', updateUrl: 'https://u.cn' })], { apiUrl: 'http://10.0.0.2:3000', updateUrl: 'https://u.cn', updateCheckHours: 4, autoUpdate: true }],
    ['machine file beats the user file', {}, [machine({ apiUrl: 'https://m.cn' }), user({ apiUrl: 'https://u.cn', updateCheckHours: 24 })], { apiUrl: 'https://m.cn', updateUrl: null, updateCheckHours: 24, autoUpdate: true }],
    ['auto-update switched off for MSI deployments', {}, [machine({ autoUpdate: false })], { apiUrl: DEFAULT_API_URL, updateUrl: null, updateCheckHours: 4, autoUpdate: false }],
    ['auto-update switched off by the environment', { YCT_AUTO_UPDATE: '0' }, [machine({ autoUpdate: true })], { apiUrl: DEFAULT_API_URL, updateUrl: null, updateCheckHours: 4, autoUpdate: false }],
    ['missing files and blank variables are ignored', { YCT_API_URL: '  ' }, [machine(undefined), user(null)], { apiUrl: DEFAULT_API_URL, updateUrl: null, updateCheckHours: 4, autoUpdate: true }],
  ])('%s', (_name, env, files, expected) => expect(resolveDesktopSettings({ env, files })).toEqual(expected));

  it.each([
    ['a bad variable names the variable', { YCT_API_URL: 'ftp://x' }, [], /YCT_API_URL/],
    ['a bad interval names the variable', { YCT_UPDATE_CHECK_HOURS: '0' }, [], /YCT_UPDATE_CHECK_HOURS/],
    ['a bad file value names the file and key', {}, [machine({ updateUrl: 'javascript:alert(1)' })], /\/etc\/yicaitong\/settings\.json 中的 updateUrl/],
    ['a typo in a key is reported', {}, [machine({ apiURL: 'https://a.cn' })], /apiURL/],
    ['a bad switch names the variable', { YCT_AUTO_UPDATE: 'maybe' }, [], /YCT_AUTO_UPDATE/],
    ['credentials in the URL are refused', { YCT_API_URL: 'https://u:p@a.cn' }, [], /YCT_API_URL/],
  ])('%s', (_name, env, files, message) => {
    expect(() => resolveDesktopSettings({ env, files })).toThrow(SettingsError);
    expect(() => resolveDesktopSettings({ env, files })).toThrow(message);
  });

  it('reads settings.json, tolerating a BOM; broken JSON names the file', () => {
    expect(parseSettingsFile('s.json', '\uFEFF{"apiUrl":"https://a.cn"}').values).toEqual({ apiUrl: 'https://a.cn' });
    expect(parseSettingsFile('s.json', null).values).toBeUndefined();
    expect(() => parseSettingsFile('C:\\ProgramData\\YiCaiTong\\settings.json', '{')).toThrow(/ProgramData/);
  });

  it.each([
    ['win32', { ProgramData: 'D:\\ProgramData' }, 'D:\\ProgramData\\YiCaiTong\\settings.json'],
    ['darwin', {}, '/Library/Application Support/YiCaiTong/settings.json'],
    ['linux', {}, '/etc/yicaitong/settings.json'],
  ])('per-machine settings on %s: %s', (platform, env, expected) => expect(machineSettingsPath(platform, env)).toBe(expected));
});
