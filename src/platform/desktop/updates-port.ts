// The desktop updates port: electron-updater in main downloads new versions and asks the user
// to restart (or installs on the next quit). The renderer is served from inside the installed app,
// so reloading the page would load the same build and only lose the user's state: this port never
// asks the shell to reload, whatever main reports.
import type { UpdatesPort } from '../ports';

export function createDesktopUpdatesPort(): UpdatesPort {
  return {
    start() {
      // Nothing to watch: main's restart prompt is the whole update flow on the desktop.
    },
  };
}
