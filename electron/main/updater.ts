// electron-updater against the IT department's generic update server (docs/desktop.md).
import { dialog } from 'electron';
import updaterPkg from 'electron-updater';
import { createUpdateController, type TUpdateController } from '../core/update-controller.js';

// electron-updater is CommonJS (STACK.md): take autoUpdater from the default export.
const { autoUpdater } = updaterPkg;

export function setupUpdater(deps: { updateUrl: string | null; checkEveryHours: number; notifyReady: (version: string) => void; log: (msg: string) => void }): TUpdateController {
  // Without a configured URL the feed baked in at build time (app-update.yml, publish.url) is used.
  if (deps.updateUrl) autoUpdater.setFeedURL({ provider: 'generic', url: deps.updateUrl });
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.logger = {
    info: (m?: unknown) => deps.log(`updater: ${String(m)}`),
    warn: (m?: unknown) => deps.log(`updater warning: ${String(m)}`),
    error: (m?: unknown) => deps.log(`updater error: ${String(m)}`),
    debug: () => {},
  };

  const controller = createUpdateController({
    check: () => autoUpdater.checkForUpdates(),
    ask: async (version) => {
      const { response } = await dialog.showMessageBox({
        type: 'info',
        title: '仪采通更新',
        message: `新版本 ${version} 已下载完成`,
        detail: '重启仪采通即可完成更新。选择“稍后”则在下次退出时自动安装。',
        buttons: ['立即重启', '稍后'],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
      });
      return response === 0;
    },
    install: () => setImmediate(() => autoUpdater.quitAndInstall()),
    notifyReady: deps.notifyReady,
    intervalMs: deps.checkEveryHours * 3600_000,
    log: deps.log,
  });
  autoUpdater.on('update-downloaded', (info) => void controller.downloaded(info.version));
  autoUpdater.on('error', (err) => deps.log(`updater error: ${err.message}`));
  return controller;
}
