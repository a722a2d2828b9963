// electron-updater against the IT department's generic update server (docs/desktop.md), with the
// policy main chose: auto (download, then offer a restart), notify (Linux: the feed is not signed,
// so nothing is installed; the user is told a new version exists), managed (IT updates; no checks).
import { dialog, Notification } from 'electron';
import updaterPkg from 'electron-updater';
import { createUpdateController, type TUpdateController, type TUpdateMenuState, type TUpdateNotice } from '../core/update-controller.js';

// electron-updater is CommonJS (STACK.md): take autoUpdater from the default export.
const { autoUpdater } = updaterPkg;

const TITLE = '仪采通更新';

export function setupUpdater(deps: {
  updateUrl: string | null;
  checkEveryHours: number;
  policy: TUpdateMenuState['policy'];
  /** Every window shows the restart banner; with no window open, a native notification offers it. */
  notifyReady: (version: string) => void;
  /** Closes the windows for the restart, asking about unsaved edits first; false when the user stays. */
  prepareRestart: () => Promise<boolean>;
  onMenuStateChange: () => void;
  /** Where the installers are (the configured or the built-in feed); 前往下载 opens the new one there. */
  feedUrl: string | null;
  openExternal: (url: string) => boolean;
  log: (msg: string) => void;
}): TUpdateController {
  // Without a configured URL the feed baked in at build time (app-update.yml, publish.url) is used.
  if (deps.updateUrl && deps.policy !== 'managed') autoUpdater.setFeedURL({ provider: 'generic', url: deps.updateUrl });
  autoUpdater.autoDownload = deps.policy === 'auto';
  autoUpdater.autoInstallOnAppQuit = deps.policy === 'auto';
  autoUpdater.logger = {
    info: (m?: unknown) => deps.log(`updater: ${String(m)}`),
    warn: (m?: unknown) => deps.log(`updater warning: ${String(m)}`),
    error: (m?: unknown) => deps.log(`updater error: ${String(m)}`),
    debug: () => {},
  };
  let downloadUrl: string | null = deps.feedUrl;

  const tell = (notice: TUpdateNotice) => {
    switch (notice.type) {
      case 'up-to-date':
        void dialog.showMessageBox({ type: 'info', title: TITLE, message: '已是最新版本', buttons: ['确定'], noLink: true });
        break;
      case 'downloading':
        void dialog.showMessageBox({
          type: 'info',
          title: TITLE,
          message: notice.version ? `发现新版本 ${notice.version}，正在后台下载` : '正在后台下载新版本',
          detail: '下载完成后会提示您重启。',
          buttons: ['确定'],
          noLink: true,
        });
        break;
      case 'available':
        void dialog
          .showMessageBox({
            type: 'info',
            title: TITLE,
            message: `仪采通有新版本${notice.version ? ` ${notice.version} ` : ''}可用`,
            detail: '本系统不自动安装更新，请下载新版本后安装，或联系 IT 部门。',
            buttons: downloadUrl ? ['前往下载', '稍后'] : ['确定'],
            defaultId: 0,
            cancelId: downloadUrl ? 1 : 0,
            noLink: true,
          })
          .then(({ response }) => {
            if (downloadUrl && response === 0) deps.openExternal(downloadUrl);
          });
        break;
      case 'failed':
        // One Chinese sentence; what electron-updater said (headers, answer, stack) is in the log.
        void dialog.showMessageBox({ type: 'warning', title: TITLE, message: notice.message, buttons: ['确定'], noLink: true });
        break;
      case 'postponed':
        // The user just chose 留下 in a dialog: a notification, nothing more that takes the keyboard.
        if (Notification.isSupported()) new Notification({ title: TITLE, body: `新版本 ${notice.version} 将在下次退出仪采通时自动安装。` }).show();
        break;
    }
  };

  const controller = createUpdateController({
    policy: deps.policy,
    check: async () => {
      const result = await autoUpdater.checkForUpdates();
      const info = result?.updateInfo;
      const file = info?.files?.[0]?.url ?? info?.path;
      const feed = deps.feedUrl;
      if (file && feed) downloadUrl = /^https?:\/\//.test(file) ? file : `${feed.replace(/\/+$/, '')}/${encodeURI(file)}`;
      return { available: result?.isUpdateAvailable === true, version: info?.version ?? null };
    },
    // Only for 检查更新… with a version already downloaded: the user asked, so a dialog may answer.
    ask: async (version) => {
      const { response } = await dialog.showMessageBox({
        type: 'info',
        title: TITLE,
        message: `新版本 ${version} 已下载完成`,
        detail: '重启仪采通即可完成更新。选择“稍后”则在下次退出时自动安装，也可随时从菜单“帮助→立即重启以安装新版本”完成。',
        buttons: ['立即重启', '稍后'],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
      });
      return response === 0;
    },
    prepareRestart: deps.prepareRestart,
    // Every window is closed by now (prepareRestart): the installer's --updated run kills nothing.
    install: () => setImmediate(() => autoUpdater.quitAndInstall()),
    notifyReady: deps.notifyReady,
    notify: tell,
    onMenuStateChange: deps.onMenuStateChange,
    intervalMs: deps.checkEveryHours * 3600_000,
    log: deps.log,
  });
  if (deps.policy !== 'managed') {
    autoUpdater.on('update-downloaded', (info) => void controller.downloaded(info.version));
    autoUpdater.on('error', (err) => controller.failed(err));
  }
  return controller;
}
