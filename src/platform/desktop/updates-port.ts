// The desktop updates port: electron-updater in main downloads new versions and asks the user
// before restarting; the renderer only hears that one is ready.
import type { TDesktopBridge } from '@contracts/desktop';
import type { UpdatesPort } from '../ports';

export function createDesktopUpdatesPort(bridge: TDesktopBridge): UpdatesPort {
  return {
    start(onReady) {
      let done = false;
      bridge.updates.onReady(() => {
        if (done) return;
        done = true;
        onReady();
      });
    },
  };
}
