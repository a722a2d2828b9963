import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from './menu';

const actions = () => ({ openHome: vi.fn(), openSupplier: vi.fn(), openServerSettings: vi.fn(), checkForUpdates: vi.fn(), restartToUpdate: vi.fn(), showAbout: vi.fn() });
const labels = (items: MenuItemConstructorOptions[]) => items.map((i) => i.label);
const submenu = (items: MenuItemConstructorOptions[], label: string) => (items.find((i) => i.label === label)?.submenu ?? []) as MenuItemConstructorOptions[];
const flat = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] => items.flatMap((i) => [i, ...flat(Array.isArray(i.submenu) ? i.submenu : [])]);

describe('application menu', () => {
  it.each([
    ['Windows/Linux', false, ['文件', '编辑', '视图', '窗口', '帮助']],
    ['macOS', true, ['仪采通', '文件', '编辑', '视图', '窗口']],
  ])('%s top level is Chinese', (_name, isMac, expected) => {
    expect(labels(buildMenuTemplate({ appName: '仪采通', isMac, isDev: false, actions: actions() }))).toEqual(expected);
  });

  it('every visible item has a Chinese label', () => {
    for (const isMac of [true, false]) {
      for (const item of flat(buildMenuTemplate({ appName: '仪采通', isMac, isDev: true, actions: actions() }))) {
        if (item.type === 'separator') continue;
        expect(item.label).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('"供应商后台" and "检查更新" call their actions', () => {
    const a = actions();
    const template = buildMenuTemplate({ appName: '仪采通', isMac: false, isDev: false, actions: a });
    const items = flat(template);
    (items.find((i) => i.label === '供应商后台')!.click as () => void)();
    (items.find((i) => i.label === '检查更新…')!.click as () => void)();
    expect(a.openSupplier).toHaveBeenCalled();
    expect(a.checkForUpdates).toHaveBeenCalled();
  });

  it('developer tools only in development', () => {
    const roles = (isDev: boolean) => flat(buildMenuTemplate({ appName: '仪采通', isMac: false, isDev, actions: actions() })).map((i) => i.role);
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(true)).toContain('toggleDevTools');
    expect(labels(submenu(buildMenuTemplate({ appName: '仪采通', isMac: false, isDev: false, actions: actions() }), '文件'))).toContain('退出');
  });

  it('检查更新 is greyed with 由管理员管理 when IT manages updates', () => {
    for (const isMac of [true, false]) {
      const items = flat(buildMenuTemplate({ appName: '仪采通', isMac, isDev: false, actions: actions(), updates: { policy: 'managed', readyVersion: null } }));
      expect(items.find((i) => i.label === '检查更新…')).toBeUndefined();
      expect(items.find((i) => i.label === '检查更新（由管理员管理）')).toMatchObject({ enabled: false });
    }
  });

  it('after 稍后 the menu offers 立即重启 for the downloaded version', () => {
    const a = actions();
    const items = flat(buildMenuTemplate({ appName: '仪采通', isMac: false, isDev: false, actions: a, updates: { policy: 'auto', readyVersion: '1.4.0' } }));
    (items.find((i) => i.label === '立即重启以安装新版本 1.4.0')!.click as () => void)();
    expect(a.restartToUpdate).toHaveBeenCalled();
    expect(flat(buildMenuTemplate({ appName: '仪采通', isMac: false, isDev: false, actions: a })).some((i) => String(i.label).startsWith('立即重启'))).toBe(false);
  });

  it('开机时自动启动: a checkbox in 文件 (the app menu on macOS); greyed with 由管理员管理 when IT set it; absent where unavailable', () => {
    const a = { ...actions(), toggleAutostart: vi.fn() };
    const win = flat(buildMenuTemplate({ appName: '仪采通', isMac: false, isDev: false, actions: a, autostart: { checked: true, locked: false } }));
    const item = win.find((i) => i.label === '开机时自动启动（在系统托盘中运行）')!;
    expect(item).toMatchObject({ type: 'checkbox', checked: true, enabled: true });
    (item.click as () => void)();
    expect(a.toggleAutostart).toHaveBeenCalled();
    expect(labels(submenu(buildMenuTemplate({ appName: '仪采通', isMac: false, isDev: false, actions: a, autostart: { checked: false, locked: false } }), '文件'))).toContain('开机时自动启动（在系统托盘中运行）');
    expect(labels(submenu(buildMenuTemplate({ appName: '仪采通', isMac: true, isDev: false, actions: a, autostart: { checked: false, locked: false } }), '仪采通'))).toContain('开机时自动启动（在系统托盘中运行）');
    const locked = flat(buildMenuTemplate({ appName: '仪采通', isMac: false, isDev: false, actions: a, autostart: { checked: true, locked: true } }));
    expect(locked.find((i) => i.label === '开机时自动启动（由管理员管理）')).toMatchObject({ checked: true, enabled: false });
    expect(flat(buildMenuTemplate({ appName: '仪采通', isMac: false, isDev: false, actions: a })).some((i) => String(i.label).startsWith('开机时'))).toBe(false);
  });

  it('文件→服务器设置… opens the server settings', () => {
    const a = actions();
    (flat(buildMenuTemplate({ appName: '仪采通', isMac: false, isDev: false, actions: a })).find((i) => i.label === '服务器设置…')!.click as () => void)();
    expect(a.openServerSettings).toHaveBeenCalled();
  });
});
