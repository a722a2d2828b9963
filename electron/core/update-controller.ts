// When to look for updates and when to restart: at start and periodically; once an update is
// downloaded, every window is told and the user is asked (once per version) before restarting.
export type TUpdateController = {
  start(): void;
  stop(): void;
  /** Called by the updater when a version finished downloading. */
  downloaded(version: string): Promise<void>;
  /** The renderer's or the menu's "restart now"; false when nothing is ready. */
  restart(): boolean;
  /** Menu "检查更新": an immediate check. */
  checkNow(): Promise<void>;
  readyVersion(): string | null;
};

export type TTimers = {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

export function createUpdateController(deps: {
  check(): Promise<unknown>;
  /** Asks the user; resolves true for "restart now". */
  ask(version: string): Promise<boolean>;
  install(): void;
  notifyReady(version: string): void;
  intervalMs: number;
  timers?: TTimers;
  log?: (msg: string) => void;
}): TUpdateController {
  const timers: TTimers = deps.timers ?? { setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>) };
  const log = deps.log ?? (() => {});
  let handle: unknown = null;
  let ready: string | null = null;
  let checking = false;
  const asked = new Set<string>();

  const check = async () => {
    // Once a version is downloaded there is nothing more to fetch until the restart.
    if (ready !== null || checking) return;
    checking = true;
    try {
      await deps.check();
    } catch (err) {
      // An unreachable update server must not disturb the user; the next check tries again.
      log(`update check failed: ${String(err)}`);
    } finally {
      checking = false;
    }
  };

  return {
    start() {
      if (handle !== null) return;
      void check();
      handle = timers.setInterval(() => void check(), deps.intervalMs);
    },
    stop() {
      if (handle !== null) timers.clearInterval(handle);
      handle = null;
    },
    async downloaded(version) {
      ready = version;
      deps.notifyReady(version);
      if (asked.has(version)) return;
      asked.add(version);
      if (await deps.ask(version)) deps.install();
    },
    restart() {
      if (ready === null) return false;
      deps.install();
      return true;
    },
    checkNow: check,
    readyVersion: () => ready,
  };
}
