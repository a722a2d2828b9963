import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTOSTART_PREFS, HIDDEN_START_ARG, isHiddenStart, linuxAutostartEntry, linuxAutostartPath, loginItemSettings, opensAtLogin } from './autostart';

describe('开机时自动启动', () => {
  it.each([
    ['off when nobody chose', DEFAULT_AUTOSTART_PREFS, ['member', 'supplier'], false],
    ["the user's choice, whatever the role", { ...DEFAULT_AUTOSTART_PREFS, choice: true }, ['member'], true],
    ['IT on for suppliers: a supplier', { ...DEFAULT_AUTOSTART_PREFS, suppliersByDefault: true }, ['member', 'supplier'], true],
    ['IT on for suppliers: a buyer', { ...DEFAULT_AUTOSTART_PREFS, suppliersByDefault: true }, ['member', 'purchaser'], false],
    ['IT on for suppliers, nobody signed in yet: leave it as it is', { ...DEFAULT_AUTOSTART_PREFS, suppliersByDefault: true }, null, null],
    ['IT on for suppliers, the supplier turned it off', { choice: false, suppliersByDefault: true, locked: false }, ['supplier'], false],
  ] as const)('%s', (_name, prefs, roles, expected) => expect(opensAtLogin(prefs, roles)).toBe(expected));

  it('an automatic start shows no window on Windows and Linux (the registration passes --hidden)', () => {
    expect(isHiddenStart(['C:\\Users\\a\\AppData\\Local\\Programs\\yicaitong\\yicaitong.exe', HIDDEN_START_ARG], 'win32')).toBe(true);
    expect(isHiddenStart(['C:\\…\\yicaitong.exe'], 'win32')).toBe(false);
    expect(isHiddenStart(['/opt/yicaitong/yicaitong', '--hidden'], 'linux')).toBe(true);
    expect(isHiddenStart(['/Applications/仪采通.app/Contents/MacOS/仪采通', '--hidden'], 'darwin')).toBe(false);
  });

  it('Windows registers this exe with --hidden in the Run key; macOS a login item', () => {
    expect(loginItemSettings(true, { platform: 'win32', execPath: 'C:\\Apps\\yicaitong\\yicaitong.exe' })).toEqual({ openAtLogin: true, path: 'C:\\Apps\\yicaitong\\yicaitong.exe', args: ['--hidden'] });
    expect(loginItemSettings(false, { platform: 'darwin', execPath: '/x' })).toEqual({ openAtLogin: false });
  });

  it('Linux: an XDG autostart entry that starts the AppImage hidden, quoted', () => {
    const entry = linuxAutostartEntry({ name: '仪采通', exec: '/home/王工/Apps/yicaitong "1".AppImage' });
    expect(entry).toContain('Exec="/home/王工/Apps/yicaitong \\"1\\".AppImage" --hidden');
    expect(entry).toMatch(/^\[Desktop Entry\]\nType=Application\nName=仪采通\n/);
    expect(linuxAutostartPath({}, '/home/a')).toBe('/home/a/.config/autostart/yicaitong.desktop');
    expect(linuxAutostartPath({ XDG_CONFIG_HOME: '/cfg' }, '/home/a')).toBe('/cfg/autostart/yicaitong.desktop');
  });
});
