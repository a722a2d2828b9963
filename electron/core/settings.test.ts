import { describe, expect, it } from 'vitest';
import { checkApiUrlInput, checkNotificationSettingsInput, DEFAULT_API_URL, machineSettingsPath, notificationSettingsView, parseSettingsFile, resolveDesktopSettings, SettingsError, type TSettingsSource } from './settings';

const machine = (values: unknown) => ({ name: '/etc/yicaitong/settings.json', values, scope: 'machine' as const });
const user = (values: unknown) => ({ name: '~/.config/YiCaiTong/settings.json', values, scope: 'user' as const });
const pick = ({ apiUrl, updateUrl, updateCheckHours, autoUpdate }: ReturnType<typeof resolveDesktopSettings>) => ({ apiUrl, updateUrl, updateCheckHours, autoUpdate });

describe('desktop settings', () => {
  it.each([
    ['defaults', {}, [], { apiUrl: DEFAULT_API_URL, updateUrl: null, updateCheckHours: 4, autoUpdate: true }],
    ['environment', { YCT_API_URL: 'https://api.yct.cn/', YCT_UPDATE_URL: 'https://dl.yct.cn/desktop', YCT_UPDATE_CHECK_HOURS: '12' }, [], { apiUrl: 'https://api.yct.cn', updateUrl: 'https://dl.yct.cn/desktop', updateCheckHours: 12, autoUpdate: true }],
    ['per-machine file', {}, [machine({ apiUrl: 'https://intranet.example.cn/yct' })], { apiUrl: 'https://intranet.example.cn/yct', updateUrl: null, updateCheckHours: 4, autoUpdate: true }],
    ['environment beats the machine file', { YCT_API_URL: 'https://10.0.0.2:3443' }, [machine({ apiUrl: 'https://a.cn', updateUrl: 'https://u.cn' })], { apiUrl: 'https://10.0.0.2:3443', updateUrl: 'https://u.cn', updateCheckHours: 4, autoUpdate: true }],
    ['machine file beats the user file', {}, [machine({ apiUrl: 'https://m.cn' }), user({ apiUrl: 'https://u.cn', updateCheckHours: 24 })], { apiUrl: 'https://m.cn', updateUrl: null, updateCheckHours: 24, autoUpdate: true }],
    ['auto-update switched off for MSI deployments', {}, [machine({ autoUpdate: false })], { apiUrl: DEFAULT_API_URL, updateUrl: null, updateCheckHours: 4, autoUpdate: false }],
    ['auto-update switched off by the environment', { YCT_AUTO_UPDATE: '0' }, [machine({ autoUpdate: true })], { apiUrl: DEFAULT_API_URL, updateUrl: null, updateCheckHours: 4, autoUpdate: false }],
    ['missing files and blank variables are ignored', { YCT_API_URL: '  ' }, [machine(undefined), user(null)], { apiUrl: DEFAULT_API_URL, updateUrl: null, updateCheckHours: 4, autoUpdate: true }],
    ['plain http to this computer', { YCT_API_URL: 'http://localhost:3000' }, [], { apiUrl: 'http://localhost:3000', updateUrl: null, updateCheckHours: 4, autoUpdate: true }],
  ])('%s', (_name, env, files, expected) => expect(pick(resolveDesktopSettings({ env, files }))).toEqual(expected));

  it('a fresh install uses the API address baked into the build; any source overrides it', () => {
    const build = { apiUrl: 'https://yct.example.cn' };
    expect(resolveDesktopSettings({ env: {}, files: [], build })).toMatchObject({ apiUrl: 'https://yct.example.cn', apiUrlSource: 'build', apiUrlLocked: false });
    expect(resolveDesktopSettings({ env: {}, files: [user({ apiUrl: 'https://other.cn' })], build })).toMatchObject({ apiUrl: 'https://other.cn', apiUrlLocked: false });
  });

  it('an API address set by the environment or the per-machine file is locked (由管理员管理); the user file is not', () => {
    expect(resolveDesktopSettings({ env: {}, files: [machine({ apiUrl: 'https://m.cn' }), user({ apiUrl: 'https://u.cn' })] })).toMatchObject({ apiUrl: 'https://m.cn', apiUrlLocked: true, apiUrlSource: '/etc/yicaitong/settings.json' });
    expect(resolveDesktopSettings({ env: { YCT_API_URL: 'https://e.cn' }, files: [] })).toMatchObject({ apiUrlLocked: true, apiUrlSource: 'env' });
    expect(resolveDesktopSettings({ env: {}, files: [machine({ autoUpdate: false }), user({ apiUrl: 'https://u.cn' })] })).toMatchObject({ apiUrlLocked: false });
  });

  it.each([
    ['an http API address outside this computer', { YCT_API_URL: 'http://10.0.0.2:3000' }, [], /YCT_API_URL.*https:\/\//],
    ['an http update feed in the machine file', {}, [machine({ updateUrl: 'http://downloads.example.cn/yct' })], /settings\.json 中的 updateUrl.*https:\/\//],
    ['an http API address in the user file', {}, [user({ apiUrl: 'http://yct.example.cn' })], /中的 apiUrl/],
  ])('refuses %s outside development (tokens and installers only over https)', (_name, env, files, message) => {
    expect(() => resolveDesktopSettings({ env, files })).toThrow(message);
    expect(() => resolveDesktopSettings({ env, files, allowInsecureHttp: true })).not.toThrow();
  });

  it('refuses an http API address baked into a release build', () => {
    expect(() => resolveDesktopSettings({ env: {}, files: [], build: { apiUrl: 'http://yct.example.cn' } })).toThrow(/安装包内置的服务器地址/);
  });

  it('checks what a user types into 服务器设置', () => {
    expect(checkApiUrlInput(' https://yct.example.cn/ ', { allowInsecureHttp: false })).toEqual({ ok: true, apiUrl: 'https://yct.example.cn' });
    expect(checkApiUrlInput('http://yct.example.cn', { allowInsecureHttp: false })).toMatchObject({ ok: false, message: expect.stringContaining('https://') });
    expect(checkApiUrlInput('yct.example.cn', { allowInsecureHttp: false })).toEqual({ ok: false, message: '服务器地址必须是以 https:// 开头的完整地址' });
    expect(checkApiUrlInput('http://127.0.0.1:3000', { allowInsecureHttp: false })).toEqual({ ok: true, apiUrl: 'http://127.0.0.1:3000' });
    expect(checkApiUrlInput('  ', { allowInsecureHttp: false })).toEqual({ ok: false, message: '请填写服务器地址' });
  });

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

  // Issue 33 (9): zod's own messages are English ("Invalid input: expected number, received NaN").
  it.each([
    ['a word for the interval', { YCT_UPDATE_CHECK_HOURS: 'abc' }, [], '设置无效：环境变量 YCT_UPDATE_CHECK_HOURS：必须是 1 到 168 之间的小时数'],
    ['an interval too long', {}, [machine({ updateCheckHours: 500 })], '设置无效：/etc/yicaitong/settings.json 中的 updateCheckHours：必须是 1 到 168 之间的小时数'],
    ['an interval as an object', {}, [user({ updateCheckHours: {} })], '设置无效：~/.config/YiCaiTong/settings.json 中的 updateCheckHours：必须是 1 到 168 之间的小时数'],
    ['a number for the address', {}, [machine({ apiUrl: 443 })], '设置无效：/etc/yicaitong/settings.json 中的 apiUrl：必须是以 http:// 或 https:// 开头的完整地址'],
    ['a string for a switch', {}, [user({ notifications: 'yes' })], '设置无效：~/.config/YiCaiTong/settings.json 中的 notifications：只能是 true 或 false'],
    ['a list for 免打扰', {}, [user({ quietHours: ['22:00'] })], '设置无效：~/.config/YiCaiTong/settings.json 中的 quietHours：免打扰时段格式应为 HH:MM-HH:MM，例如 22:00-08:00'],
    ['a wrong value for 开机启动', {}, [machine({ openAtLogin: 'everyone' })], '设置无效：/etc/yicaitong/settings.json 中的 openAtLogin：只能是 true、false 或 "suppliers"（只对供应商默认开启）'],
    ['a list instead of an object', {}, [machine([{ apiUrl: 'https://a.cn' }])], '设置无效：/etc/yicaitong/settings.json：内容必须是一个 JSON 对象，例如 { "apiUrl": "https://…" }'],
    ['a bare string instead of an object', {}, [user('https://a.cn')], '设置无效：~/.config/YiCaiTong/settings.json：内容必须是一个 JSON 对象，例如 { "apiUrl": "https://…" }'],
  ])('says what is wrong in Chinese: %s', (_name, env, files, message) => {
    expect(() => resolveDesktopSettings({ env, files })).toThrow(new SettingsError(message));
  });

  it('no value of any type gets an English message from any setting', () => {
    const keys = ['apiUrl', 'updateUrl', 'updateCheckHours', 'autoUpdate', 'notifications', 'quietHours', 'keepInTray', 'openAtLogin'];
    const values: unknown[] = [0, -1, 1e9, Number.NaN, 'x', '', [], [1], {}, { a: 1 }, true, 'http://', 'javascript:x'];
    for (const key of keys) {
      for (const value of values) {
        let message = '';
        try {
          resolveDesktopSettings({ env: {}, files: [user({ [key]: value })] });
          continue;
        } catch (err) {
          message = (err as Error).message;
        }
        const reason = message.slice(message.lastIndexOf('：') + 1);
        expect(reason, `${key}=${JSON.stringify(value)}: ${message}`).toMatch(/[\u4e00-\u9fff]/);
        expect(reason, `${key}=${JSON.stringify(value)}: ${message}`).not.toMatch(/invalid|expected|received|option|must|too (small|big)/i);
      }
    }
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

describe('开机时自动启动 (openAtLogin)', () => {
  const autostart = (files: TSettingsSource[]) => resolveDesktopSettings({ env: {}, files }).autostart;
  it('nobody chose: off, not locked', () => expect(autostart([])).toEqual({ choice: null, suppliersByDefault: false, locked: false }));
  it("the user's choice from the menu", () => expect(autostart([user({ openAtLogin: true })])).toEqual({ choice: true, suppliersByDefault: false, locked: false }));
  it('IT\'s "suppliers" is a default the user may still change', () => {
    expect(autostart([machine({ openAtLogin: 'suppliers' })])).toEqual({ choice: null, suppliersByDefault: true, locked: false });
    expect(autostart([machine({ openAtLogin: 'suppliers' }), user({ openAtLogin: false })])).toEqual({ choice: false, suppliersByDefault: true, locked: false });
  });
  it("IT's true/false in the per-machine file is for everyone and locks the menu item", () => {
    expect(autostart([machine({ openAtLogin: false }), user({ openAtLogin: true })])).toEqual({ choice: false, suppliersByDefault: false, locked: true });
  });
});

describe('notification settings', () => {
  it('defaults to notifications on, no 免打扰, keep-in-tray by role; reads quietHours and keepInTray from a file', () => {
    expect(resolveDesktopSettings({ env: {}, files: [] }).notificationPrefs).toEqual({ enabled: true, quietHours: null, keepInTray: null });
    const set = resolveDesktopSettings({ env: {}, files: [{ name: 'user.json', values: { quietHours: '22:00-08:00', keepInTray: false, notifications: true } }] });
    expect(set.notificationPrefs).toEqual({ enabled: true, quietHours: { start: '22:00', end: '08:00' }, keepInTray: false });
  });

  it('names a malformed 免打扰 setting and its file', () => {
    expect(() => resolveDesktopSettings({ env: {}, files: [{ name: 'user.json', values: { quietHours: '晚上' } }] })).toThrow('设置无效：user.json 中的 quietHours：免打扰时段格式应为 HH:MM-HH:MM，例如 22:00-08:00');
  });

  it('shows 「通知设置」 as in force: keep-in-tray by role until chosen, 免打扰 as text, the tray choice only off macOS', () => {
    const none = resolveDesktopSettings({ env: {}, files: [] });
    expect(notificationSettingsView(none, ['member', 'supplier'], 'win32')).toEqual({ enabled: true, quietHours: '', keepInTray: true, locked: false, trayApplies: true });
    expect(notificationSettingsView(none, ['member'], 'linux').keepInTray).toBe(false);
    expect(notificationSettingsView(none, ['member'], 'darwin').trayApplies).toBe(false);
    const chosen = resolveDesktopSettings({ env: {}, files: [{ name: 'user.json', values: { quietHours: '22:30-07:00', keepInTray: false, notifications: false }, scope: 'user' }] });
    expect(notificationSettingsView(chosen, ['supplier'], 'win32')).toMatchObject({ enabled: false, quietHours: '22:30-07:00', keepInTray: false, locked: false });
  });

  it('is read-only when the per-machine file sets a notification key, not when only the user file does', () => {
    const machine = resolveDesktopSettings({ env: {}, files: [{ name: '/etc/yicaitong/settings.json', values: { notifications: false }, scope: 'machine' }, { name: 'user.json', values: { notifications: true }, scope: 'user' }] });
    expect(machine.notificationPrefsLocked).toBe(true);
    expect(machine.notificationPrefs.enabled).toBe(false);
    const apiOnly = resolveDesktopSettings({ env: {}, files: [{ name: '/etc/yicaitong/settings.json', values: { apiUrl: 'https://yct.example.cn' }, scope: 'machine' }] });
    expect(apiOnly.notificationPrefsLocked).toBe(false);
  });

  it('checks what the screen sends: 免打扰 as HH:MM-HH:MM or empty, booleans only; answers the keys to write', () => {
    expect(checkNotificationSettingsInput({ enabled: true, quietHours: ' 22:00 - 08:00 ', keepInTray: true })).toEqual({ ok: true, values: { notifications: true, quietHours: '22:00-08:00', keepInTray: true } });
    expect(checkNotificationSettingsInput({ enabled: false, quietHours: '', keepInTray: false })).toEqual({ ok: true, values: { notifications: false, quietHours: '', keepInTray: false } });
    expect(checkNotificationSettingsInput({ enabled: true, quietHours: '08:00-08:00', keepInTray: true })).toEqual({ ok: false, message: '免打扰的开始时间和结束时间不能相同' });
    expect(checkNotificationSettingsInput({ enabled: true, quietHours: '25:00-08:00', keepInTray: true })).toEqual({ ok: false, message: '免打扰时段格式应为 HH:MM-HH:MM，例如 22:00-08:00' });
    expect(checkNotificationSettingsInput({ enabled: 'yes', quietHours: '', keepInTray: true })).toEqual({ ok: false, message: '请选择是否显示桌面通知' });
    expect(checkNotificationSettingsInput(null)).toMatchObject({ ok: false });
    // What it answers is accepted by the settings file's own rules.
    const ok = checkNotificationSettingsInput({ enabled: true, quietHours: '23:00-06:30', keepInTray: false });
    if (!ok.ok) throw new Error(ok.message);
    expect(resolveDesktopSettings({ env: {}, files: [{ name: 'user.json', values: ok.values }] }).notificationPrefs).toEqual({ enabled: true, quietHours: { start: '23:00', end: '06:30' }, keepInTray: false });
  });
});
