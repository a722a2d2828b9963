// The application menu (Chinese labels). Built as a plain template so it can be tested without Electron.
import type { MenuItemConstructorOptions } from 'electron';
import type { TUpdateMenuState } from './update-controller.js';

export type TMenuActions = {
  openHome(): void;
  openSupplier(): void;
  openServerSettings(): void;
  checkForUpdates(): void;
  restartToUpdate(): void;
  showAbout(): void;
  /** 开机时自动启动 toggled (optional: absent where the client cannot register itself). */
  toggleAutostart?(): void;
};

/** 开机时自动启动 as the menu shows it: the setting in force; greyed with 由管理员管理 when IT set it. */
export type TAutostartMenuState = { checked: boolean; locked: boolean };

export const AUTOSTART_LABEL = '开机时自动启动（在系统托盘中运行）';
export const AUTOSTART_LOCKED_LABEL = '开机时自动启动（由管理员管理）';

function autostartItems(state: TAutostartMenuState | undefined, actions: TMenuActions): MenuItemConstructorOptions[] {
  if (!state || !actions.toggleAutostart) return [];
  return [{ label: state.locked ? AUTOSTART_LOCKED_LABEL : AUTOSTART_LABEL, type: 'checkbox', checked: state.checked, enabled: !state.locked, click: actions.toggleAutostart }, { type: 'separator' }];
}

export const MANAGED_UPDATES_LABEL = '检查更新（由管理员管理）';

/** 检查更新…, greyed when IT manages updates (autoUpdate false, MSI); plus 立即重启 once a version is downloaded. */
function updateItems(state: TUpdateMenuState, actions: TMenuActions): MenuItemConstructorOptions[] {
  if (state.policy === 'managed') return [{ label: MANAGED_UPDATES_LABEL, enabled: false }];
  const items: MenuItemConstructorOptions[] = [{ label: '检查更新…', click: actions.checkForUpdates }];
  if (state.readyVersion) items.push({ label: `立即重启以安装新版本 ${state.readyVersion}`, click: actions.restartToUpdate });
  return items;
}

export function buildMenuTemplate(options: {
  appName: string;
  isMac: boolean;
  isDev: boolean;
  actions: TMenuActions;
  updates?: TUpdateMenuState;
  autostart?: TAutostartMenuState;
}): MenuItemConstructorOptions[] {
  const { appName, isMac, isDev, actions } = options;
  const about: MenuItemConstructorOptions = { label: `关于${appName}`, click: actions.showAbout };
  const updates = updateItems(options.updates ?? { policy: 'auto', readyVersion: null }, actions);
  const autostart = autostartItems(options.autostart, actions);

  const appMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: appName,
          submenu: [
            about,
            ...updates,
            { type: 'separator' },
            ...autostart,
            { role: 'services', label: '服务' },
            { type: 'separator' },
            { role: 'hide', label: `隐藏${appName}` },
            { role: 'hideOthers', label: '隐藏其他' },
            { role: 'unhide', label: '全部显示' },
            { type: 'separator' },
            { role: 'quit', label: `退出${appName}` },
          ],
        },
      ]
    : [];

  const view: MenuItemConstructorOptions[] = [
    { role: 'reload', label: '重新加载' },
    ...(isDev ? ([{ role: 'forceReload', label: '强制重新加载' }, { role: 'toggleDevTools', label: '开发者工具' }] as MenuItemConstructorOptions[]) : []),
    { type: 'separator' },
    { role: 'resetZoom', label: '实际大小' },
    { role: 'zoomIn', label: '放大' },
    { role: 'zoomOut', label: '缩小' },
    { type: 'separator' },
    { role: 'togglefullscreen', label: '全屏' },
  ];

  return [
    ...appMenu,
    {
      label: '文件',
      submenu: [
        { label: '首页', accelerator: 'CmdOrCtrl+Shift+H', click: actions.openHome },
        { label: '供应商后台', accelerator: 'CmdOrCtrl+Shift+S', click: actions.openSupplier },
        { type: 'separator' },
        { label: '服务器设置…', click: actions.openServerSettings },
        { type: 'separator' },
        ...(isMac ? [] : autostart),
        { role: 'close', label: '关闭窗口' },
        ...(isMac ? [] : ([{ role: 'quit', label: '退出' }] as MenuItemConstructorOptions[])),
      ],
    },
    {
      label: '编辑',
      submenu: [
        { role: 'undo', label: '撤销' },
        { role: 'redo', label: '重做' },
        { type: 'separator' },
        { role: 'cut', label: '剪切' },
        { role: 'copy', label: '复制' },
        { role: 'paste', label: '粘贴' },
        { role: 'selectAll', label: '全选' },
      ],
    },
    { label: '视图', submenu: view },
    {
      label: '窗口',
      submenu: [{ role: 'minimize', label: '最小化' }, ...(isMac ? ([{ role: 'zoom', label: '缩放' }, { role: 'front', label: '前置全部窗口' }] as MenuItemConstructorOptions[]) : [])],
    },
    // On macOS "about" and "check for updates" live in the app menu.
    ...(isMac ? [] : ([{ label: '帮助', submenu: [...updates, { type: 'separator' }, about] }] as MenuItemConstructorOptions[])),
  ];
}
