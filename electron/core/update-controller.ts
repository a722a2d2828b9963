// When to look for updates and what the user hears: checks at start and periodically; a check the
// user asked for (帮助→检查更新…) always gets an answer (已是最新版本, 正在下载, a failure). Once an
// update is downloaded every window is told and the user is asked (once per version) before
// restarting; after 稍后 the menu offers 立即重启 again. In `notify` mode (Linux, whose update feed
// is not signed) nothing is downloaded: the user is told that a new version exists.
export type TUpdateCheckResult = { available: boolean; version?: string | null };

export type TUpdateNotice =
  | { type: 'up-to-date' }
  | { type: 'downloading'; version: string | null }
  | { type: 'available'; version: string | null }
  | { type: 'failed'; message: string };

/** What the menu shows: 检查更新…, greyed 由管理员管理, or 立即重启 with the downloaded version. */
export type TUpdateMenuState = { policy: 'auto' | 'notify' | 'managed'; readyVersion: string | null };

export type TUpdateController = {
  start(): void;
  stop(): void;
  /** Called by the updater when a version finished downloading. */
  downloaded(version: string): Promise<void>;
  /** Called by the updater when a download (or a background check) failed. */
  failed(err: unknown): void;
  /** The renderer's or the menu's "restart now"; false when nothing is ready. */
  restart(): boolean;
  /** Menu "检查更新…": an immediate check whose outcome the user is told. */
  checkNow(): Promise<void>;
  readyVersion(): string | null;
  menuState(): TUpdateMenuState;
};

export type TTimers = {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createUpdateController(deps: {
  check(): Promise<TUpdateCheckResult | unknown>;
  /** Asks the user; resolves true for "restart now". */
  ask(version: string): Promise<boolean>;
  install(): void;
  notifyReady(version: string): void;
  /** Tells the user something (a dialog in main). */
  notify?(notice: TUpdateNotice): void;
  /** The menu needs rebuilding (a version is ready, so 立即重启 appears). */
  onMenuStateChange?(state: TUpdateMenuState): void;
  /** auto: download and offer a restart; notify: only say a new version exists; managed: IT updates (no checks). */
  policy?: TUpdateMenuState['policy'];
  intervalMs: number;
  timers?: TTimers;
  log?: (msg: string) => void;
}): TUpdateController {
  const timers: TTimers = deps.timers ?? { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>) };
  const log = deps.log ?? (() => {});
  const notify = deps.notify ?? (() => {});
  const policy = deps.policy ?? 'auto';
  let handle: unknown = null;
  let ready: string | null = null;
  let checking = false;
  /** The user asked and waits for the download: a failure is told, not only logged. */
  let userWaiting = false;
  const asked = new Set<string>();
  const announced = new Set<string>();

  const menuState = (): TUpdateMenuState => ({ policy, readyVersion: ready });

  const check = async (interactive: boolean) => {
    if (policy === 'managed') return;
    // Once a version is downloaded there is nothing more to fetch until the restart.
    if (ready !== null || checking) return;
    checking = true;
    try {
      const result = (await deps.check()) as TUpdateCheckResult | null | undefined;
      const available = result?.available === true;
      const version = result?.version ?? null;
      if (!available) {
        if (interactive) notify({ type: 'up-to-date' });
      } else if (policy === 'notify') {
        // Said once per version unless the user asks again.
        if (interactive || !announced.has(version ?? '')) notify({ type: 'available', version });
        announced.add(version ?? '');
      } else if (interactive) {
        userWaiting = true;
        notify({ type: 'downloading', version });
      }
    } catch (err) {
      // An unreachable update server must not disturb a user who did not ask; the next check tries again.
      log(`update check failed: ${errorText(err)}`);
      if (interactive) notify({ type: 'failed', message: errorText(err) });
    } finally {
      checking = false;
    }
  };

  return {
    start() {
      if (handle !== null || policy === 'managed') return;
      void check(false);
      handle = timers.setInterval(() => void check(false), deps.intervalMs);
    },
    stop() {
      if (handle !== null) timers.clearInterval(handle);
      handle = null;
    },
    async downloaded(version) {
      ready = version;
      userWaiting = false;
      deps.notifyReady(version);
      deps.onMenuStateChange?.(menuState());
      if (asked.has(version)) return;
      asked.add(version);
      if (await deps.ask(version)) deps.install();
    },
    failed(err) {
      log(`update failed: ${errorText(err)}`);
      if (userWaiting) {
        userWaiting = false;
        notify({ type: 'failed', message: errorText(err) });
      }
    },
    restart() {
      if (ready === null) return false;
      deps.install();
      return true;
    },
    async checkNow() {
      if (ready !== null) {
        // Already downloaded (the user chose 稍后): offer the restart again.
        if (await deps.ask(ready)) deps.install();
        return;
      }
      if (checking) {
        notify({ type: 'downloading', version: null });
        return;
      }
      await check(true);
    },
    readyVersion: () => ready,
    menuState,
  };
}
