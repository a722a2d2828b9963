// 开机时自动启动: whether the client starts with the session (hidden in the tray), decided from the
// settings and the member's roles, and the shape each platform's registration takes. Off unless the
// user turns it on (文件→开机时自动启动), or IT's per-machine settings.json says so: `"openAtLogin":
// true|false` for everyone (locked), `"suppliers"` on by default for suppliers (docs/desktop.md §4).

/** The command-line switch of an automatic start: no window, only the tray (as Element and Signal do). */
export const HIDDEN_START_ARG = '--hidden';

export type TAutostartPrefs = {
  /** The user's choice (per-user settings.json) or IT's (per-machine file); null when nobody chose. */
  choice: boolean | null;
  /** IT's default: on for suppliers (`"openAtLogin": "suppliers"`). */
  suppliersByDefault: boolean;
  /** Set by the per-machine file: the menu item is greyed (由管理员管理). */
  locked: boolean;
};

export const DEFAULT_AUTOSTART_PREFS: TAutostartPrefs = { choice: null, suppliersByDefault: false, locked: false };

/**
 * Whether the client should start with the session. null: it depends on roles that are not known
 * yet (nobody signed in): leave the registration as it is until they are.
 */
export function opensAtLogin(prefs: TAutostartPrefs, roles: readonly string[] | null | undefined): boolean | null {
  if (prefs.choice !== null) return prefs.choice;
  if (!prefs.suppliersByDefault) return false;
  if (!roles) return null;
  return roles.includes('supplier');
}

/** Platforms where the client can register itself (Linux: an XDG autostart entry main writes). */
export const autostartAvailable = (platform: string) => platform === 'win32' || platform === 'darwin' || platform === 'linux';

/**
 * A start that should show no window: the Windows/Linux registration passes HIDDEN_START_ARG; macOS
 * says the app was opened at login. A deep link on the same command line still opens its window.
 */
export function isHiddenStart(argv: readonly string[], platform: string, wasOpenedAtLogin = false): boolean {
  if (platform === 'darwin') return wasOpenedAtLogin;
  return argv.includes(HIDDEN_START_ARG);
}

/** app.setLoginItemSettings's argument (Windows: the Run key starts this exe with --hidden; macOS: a login item). */
export function loginItemSettings(enabled: boolean, options: { platform: string; execPath: string }): { openAtLogin: boolean; path?: string; args?: string[] } {
  if (options.platform === 'win32') return { openAtLogin: enabled, path: options.execPath, args: [HIDDEN_START_ARG] };
  return { openAtLogin: enabled };
}

/** ~/.config/autostart/yicaitong.desktop (XDG): an AppImage starts from $APPIMAGE, a deb from its executable. */
export function linuxAutostartEntry(options: { name: string; exec: string }): string {
  const quoted = `"${options.exec.replace(/(["`$\\])/g, '\\$1')}"`;
  return ['[Desktop Entry]', 'Type=Application', `Name=${options.name}`, `Exec=${quoted} ${HIDDEN_START_ARG}`, 'X-GNOME-Autostart-enabled=true', 'Terminal=false', ''].join('\n');
}

export const linuxAutostartPath = (env: Record<string, string | undefined>, home: string) => `${env.XDG_CONFIG_HOME || `${home}/.config`}/autostart/yicaitong.desktop`;
