// When to look for updates and what the user hears: checks at start and periodically; a check the
// user asked for (帮助→检查更新…) always gets one answer (已是最新版本, 正在下载, a failure in one
// Chinese sentence; the details go to the log). One check at a time: a second click while one runs
// waits for it and gets its answer, not a contradicting one. Once an update is downloaded every
// window is told (a banner offers 立即重启 / 稍后): no dialog that takes the keyboard while the
// supplier types. Restarting first closes the windows through restart-guard.ts, which asks about
// unsaved edits; 留下 keeps everything open and the install waits for the next quit. In `notify`
// mode (Linux, whose update feed is not signed) nothing is downloaded: the user is told that a new
// version exists.
export type TUpdateCheckResult = { available: boolean; version?: string | null };

export type TUpdateNotice =
  | { type: 'up-to-date' }
  | { type: 'downloading'; version: string | null }
  | { type: 'available'; version: string | null }
  | { type: 'failed'; message: string }
  /** The user chose 留下 for unsaved edits: the update installs when the client next quits. */
  | { type: 'postponed'; version: string };

/** What the menu shows: 检查更新…, greyed 由管理员管理, or 立即重启 with the downloaded version. */
export type TUpdateMenuState = { policy: 'auto' | 'notify' | 'managed'; readyVersion: string | null };

export type TRestartOutcome = 'nothing-ready' | 'busy' | 'installing' | 'postponed';

export type TUpdateController = {
  start(): void;
  stop(): void;
  /** Called by the updater when a version finished downloading. */
  downloaded(version: string): Promise<void>;
  /** Called by the updater when a download (or a background check) failed. */
  failed(err: unknown): void;
  /** The banner's, the menu's or a notification's 立即重启: closes the windows (asking about unsaved edits), then installs. */
  restart(): Promise<TRestartOutcome>;
  /** Menu "检查更新…": an immediate check whose outcome the user is told. */
  checkNow(): Promise<void>;
  readyVersion(): string | null;
  menuState(): TUpdateMenuState;
};

export type TTimers = {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

/** Everything the error carries (message, code, stack) for the log; never shown to the user. */
export function updateErrorDetails(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return `${code ? `[${String(code)}] ` : ''}${err.stack ?? err.message}`;
}

const FAILURE_REASONS: Array<[RegExp, string]> = [
  [/not signed by the application owner|publisherName|signature verification|code ?sign/i, '新版本的数字签名校验未通过，已停止安装，请联系 IT 部门。'],
  [/ERR_CERT|CERT_|certificate|self[- ]signed/i, '无法安全地连接更新服务器（证书有问题），请联系 IT 部门。'],
  [/checksum mismatch|sha512|sha256/i, '下载的新版本文件不完整，请稍后再试。'],
  [/ENOSPC|no space left/i, '磁盘空间不足，无法下载新版本。'],
  [/EACCES|EPERM|permission denied/i, '没有权限保存下载的新版本，请联系 IT 部门。'],
  [/HttpError: 404|status(?: code)? 404|\b404 Not Found/i, '更新服务器上找不到新版本的信息，请联系 IT 部门。'],
  [/HttpError: 40[13]|status(?: code)? 40[13]/i, '更新服务器拒绝了访问，请联系 IT 部门。'],
  [/HttpError: 5\d\d|status(?: code)? 5\d\d/i, '更新服务器暂时不可用，请稍后再试。'],
  [/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|socket hang up|net::ERR_|timed? ?out/i, '无法连接更新服务器，请检查网络后再试。'],
  [/yaml|\.yml|cannot parse|invalid update info/i, '更新服务器上的版本信息有误，请联系 IT 部门。'],
];

/**
 * The one Chinese sentence a failed check or download shows. electron-updater's errors carry the
 * request's headers, the server's answer and a stack (40 lines of English): that goes to the log.
 */
export function updateFailureMessage(err: unknown): string {
  const text = updateErrorDetails(err);
  const reason = FAILURE_REASONS.find(([pattern]) => pattern.test(text))?.[1] ?? '请稍后再试，或联系 IT 部门。';
  return `检查或下载更新失败：${reason}`;
}

export function createUpdateController(deps: {
  check(): Promise<TUpdateCheckResult | unknown>;
  /** Asks the user whether to restart now (only when the user asked: 检查更新… with a version already downloaded). */
  ask(version: string): Promise<boolean>;
  /**
   * Closes every window for the restart, asking first about unsaved edits (restart-guard.ts); false
   * when the user chose 留下 (nothing was installed, the windows and their edits stay).
   */
  prepareRestart?(): Promise<boolean>;
  install(): void;
  /** A version is ready: every window offers the restart (a banner), the menu gets 立即重启. */
  notifyReady(version: string): void;
  /** Tells the user something (a dialog in main for what they asked, a notification otherwise). */
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
  /** The version being downloaded (auto mode), between a check that found it and downloaded()/failed(). */
  let downloading: string | null = null;
  /** The check under way, if any: a second request joins it. */
  let running: Promise<void> | null = null;
  /** Someone asked for the running check's answer (检查更新…). */
  let answerWanted = false;
  /** The user asked and waits for the download: a failure is told, not only logged. */
  let userWaiting = false;
  let restarting = false;
  const announced = new Set<string>();

  const menuState = (): TUpdateMenuState => ({ policy, readyVersion: ready });

  const runCheck = async () => {
    try {
      const result = (await deps.check()) as TUpdateCheckResult | null | undefined;
      const available = result?.available === true;
      const version = result?.version ?? null;
      if (!available) {
        if (answerWanted) notify({ type: 'up-to-date' });
      } else if (policy === 'notify') {
        // Said once per version unless the user asks again.
        if (answerWanted || !announced.has(version ?? '')) notify({ type: 'available', version });
        announced.add(version ?? '');
      } else if (ready === null) {
        downloading = version ?? '';
        if (answerWanted) {
          userWaiting = true;
          notify({ type: 'downloading', version });
        }
      }
    } catch (err) {
      // An unreachable update server must not disturb a user who did not ask; the next check tries again.
      log(`update check failed: ${updateErrorDetails(err)}`);
      if (answerWanted) notify({ type: 'failed', message: updateFailureMessage(err) });
    }
  };

  const check = (interactive: boolean): Promise<void> => {
    if (policy === 'managed') return Promise.resolve();
    if (interactive) answerWanted = true;
    if (running) return running;
    running = runCheck().finally(() => {
      running = null;
      answerWanted = false;
    });
    return running;
  };

  const background = () => {
    // Once a version is downloaded (or downloading) there is nothing more to fetch until the restart.
    if (ready !== null || downloading !== null) return;
    void check(false);
  };

  const restart = async (): Promise<TRestartOutcome> => {
    if (ready === null) return 'nothing-ready';
    if (restarting) return 'busy';
    restarting = true;
    const version = ready;
    let closed = false;
    try {
      closed = deps.prepareRestart ? await deps.prepareRestart() : true;
    } catch (err) {
      log(`closing the windows for the update failed: ${updateErrorDetails(err)}`);
    }
    if (!closed) {
      restarting = false;
      log(`update ${version} postponed: a window kept its unsaved edits; it installs when the client quits`);
      notify({ type: 'postponed', version });
      return 'postponed';
    }
    // restarting stays true: the installer takes over, a second click must not start it twice.
    deps.install();
    return 'installing';
  };

  return {
    start() {
      if (handle !== null || policy === 'managed') return;
      background();
      handle = timers.setInterval(background, deps.intervalMs);
    },
    stop() {
      if (handle !== null) timers.clearInterval(handle);
      handle = null;
    },
    async downloaded(version) {
      ready = version;
      downloading = null;
      userWaiting = false;
      deps.notifyReady(version);
      deps.onMenuStateChange?.(menuState());
    },
    failed(err) {
      log(`update failed: ${updateErrorDetails(err)}`);
      downloading = null;
      if (userWaiting) {
        userWaiting = false;
        notify({ type: 'failed', message: updateFailureMessage(err) });
      }
    },
    restart,
    async checkNow() {
      if (policy === 'managed') return;
      if (ready !== null) {
        // Already downloaded (the user chose 稍后): the user asked, so a dialog offers the restart again.
        if (await deps.ask(ready)) await restart();
        return;
      }
      if (downloading !== null) {
        userWaiting = true;
        notify({ type: 'downloading', version: downloading || null });
        return;
      }
      await check(true);
    },
    readyVersion: () => ready,
    menuState,
  };
}
