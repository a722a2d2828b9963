// The desktop updates port: electron-updater in main downloads new versions; main tells every
// window, whose banner offers 立即重启 / 稍后 (src/app/update-ready-notice.tsx), or installs on the
// next quit. The renderer is served from inside the installed app, so reloading the page would load
// the same build and only lose the user's state: this port never asks the shell to reload.
import type { TDesktopBridge } from '@contracts/desktop';
import type { UpdatesPort } from '../ports';

export function createDesktopUpdatesPort(bridge?: Pick<TDesktopBridge, 'updates'>): UpdatesPort {
  // Heard from the start (the banner loads after hydration): a version announced before is kept.
  let ready: string | null = null;
  const listeners = new Set<(version: string) => void>();
  bridge?.updates.onReady((update) => {
    if (typeof update?.version !== 'string') return;
    ready = update.version;
    for (const listener of [...listeners]) listener(update.version);
  });
  return {
    start() {
      // Nothing to watch: main's restart offer is the whole update flow on the desktop.
    },
    onRestartReady(listener) {
      listeners.add(listener);
      if (ready !== null) listener(ready);
      return () => void listeners.delete(listener);
    },
    async restart() {
      await bridge?.updates.restart();
    },
  };
}
