import { describe, expect, it, vi } from 'vitest';
import { createUpdateController, updateFailureMessage, type TTimers } from './update-controller';

function setup(options: { answer?: boolean; check?: () => Promise<unknown>; policy?: 'auto' | 'notify' | 'managed'; windowsClose?: boolean } = {}) {
  let tick: (() => void) | null = null;
  const timers: TTimers = { setInterval: (fn) => ((tick = fn), 1), clearInterval: () => (tick = null) };
  const deps = {
    check: vi.fn(options.check ?? (async () => {})),
    ask: vi.fn(async () => options.answer ?? false),
    prepareRestart: vi.fn(async () => options.windowsClose ?? true),
    install: vi.fn(),
    notifyReady: vi.fn(),
    notify: vi.fn(),
    onMenuStateChange: vi.fn(),
    log: vi.fn(),
  };
  const controller = createUpdateController({ ...deps, intervalMs: 4 * 3600_000, timers, policy: options.policy });
  return { controller, deps, tick: () => tick?.(), hasTimer: () => tick !== null };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** What electron-updater throws when the feed answers 404: the message carries the headers and the body. */
const HTTP_404 = Object.assign(
  new Error(
    'HttpError: 404 Not Found\n"method: GET url: https://downloads.example.cn/yicaitong/latest.yml?noCache=1ic3\\n\\nPlease double check that your authentication token is correct. Due to security reasons, actual status maybe not reported, but 404.\\n"\nHeaders: {\n  "server": "nginx/1.22.1",\n  "date": "Fri, 27 Nov 2026 09:00:00 GMT",\n  "content-type": "text/html"\n}\n    at createHttpError (/app/node_modules/builder-util-runtime/out/httpExecutor.js:23:12)',
  ),
  { code: 'HTTP_ERROR_404' },
);

describe('update controller', () => {
  it('checks at start and then periodically', async () => {
    const { controller, deps, tick } = setup();
    controller.start();
    expect(deps.check).toHaveBeenCalledTimes(1);
    await settle();
    tick();
    await settle();
    tick();
    expect(deps.check).toHaveBeenCalledTimes(3);
  });

  it('a downloaded update is offered in every window (the banner), with no dialog that takes the keyboard', async () => {
    const { controller, deps } = setup({ answer: true });
    await controller.downloaded('1.2.0');
    expect(deps.notifyReady).toHaveBeenCalledWith('1.2.0');
    expect(deps.ask).not.toHaveBeenCalled();
    expect(deps.prepareRestart).not.toHaveBeenCalled();
    expect(deps.install).not.toHaveBeenCalled();
    expect(controller.readyVersion()).toBe('1.2.0');
  });

  it('立即重启 closes the windows first (asking about unsaved edits), and installs only once they are closed', async () => {
    const { controller, deps } = setup();
    expect(await controller.restart()).toBe('nothing-ready');
    await controller.downloaded('2.0.0');
    expect(await controller.restart()).toBe('installing');
    expect(deps.prepareRestart).toHaveBeenCalledTimes(1);
    expect(deps.install).toHaveBeenCalledTimes(1);
    expect(deps.prepareRestart.mock.invocationCallOrder[0]!).toBeLessThan(deps.install.mock.invocationCallOrder[0]!);
  });

  it('留下 for unsaved edits: nothing is installed now, the user hears it waits for the next quit, 立即重启 works again later', async () => {
    const { controller, deps } = setup({ windowsClose: false });
    await controller.downloaded('2.0.0');
    expect(await controller.restart()).toBe('postponed');
    expect(deps.install).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledWith({ type: 'postponed', version: '2.0.0' });
    deps.prepareRestart.mockResolvedValueOnce(true);
    expect(await controller.restart()).toBe('installing');
    expect(deps.install).toHaveBeenCalledTimes(1);
  });

  it('one restart at a time: a second click while the windows are asked does nothing', async () => {
    const { controller, deps } = setup();
    const closing = deferred<boolean>();
    deps.prepareRestart.mockReturnValueOnce(closing.promise);
    await controller.downloaded('2.0.0');
    const first = controller.restart();
    expect(await controller.restart()).toBe('busy');
    closing.resolve(true);
    expect(await first).toBe('installing');
    expect(deps.install).toHaveBeenCalledTimes(1);
  });

  it('stops checking once an update is ready', async () => {
    const { controller, deps, tick } = setup();
    controller.start();
    await controller.downloaded('2.0.0');
    tick();
    expect(deps.check).toHaveBeenCalledTimes(1);
  });

  it('a failing update server is logged, not thrown, and retried next time', async () => {
    const { controller, deps, tick } = setup({ check: async () => Promise.reject(new Error('ECONNREFUSED')) });
    controller.start();
    await settle();
    expect(deps.log).toHaveBeenCalledWith(expect.stringContaining('ECONNREFUSED'));
    tick();
    expect(deps.check).toHaveBeenCalledTimes(2);
  });

  it('stop() ends the periodic checks', () => {
    const { controller, hasTimer } = setup();
    controller.start();
    controller.stop();
    expect(hasTimer()).toBe(false);
  });

  it('帮助→检查更新… always answers: up to date, downloading, or the failure in one Chinese sentence', async () => {
    const upToDate = setup({ check: async () => ({ available: false }) });
    await upToDate.controller.checkNow();
    expect(upToDate.deps.notify).toHaveBeenCalledWith({ type: 'up-to-date' });

    const newer = setup({ check: async () => ({ available: true, version: '1.5.0' }) });
    await newer.controller.checkNow();
    expect(newer.deps.notify).toHaveBeenCalledWith({ type: 'downloading', version: '1.5.0' });
    // The download the user waits for fails: told, not only logged.
    newer.controller.failed(new Error('sha512 checksum mismatch, expected abc, got def'));
    expect(newer.deps.notify).toHaveBeenLastCalledWith({ type: 'failed', message: '检查或下载更新失败：下载的新版本文件不完整，请稍后再试。' });

    const broken = setup({ check: async () => Promise.reject(new Error('getaddrinfo ENOTFOUND downloads.example.cn')) });
    await broken.controller.checkNow();
    expect(broken.deps.notify).toHaveBeenCalledWith({ type: 'failed', message: '检查或下载更新失败：无法连接更新服务器，请检查网络后再试。' });
  });

  it("a failed check shows one Chinese sentence; electron-updater's headers and stack go to the log", async () => {
    const { controller, deps } = setup({ check: async () => Promise.reject(HTTP_404) });
    await controller.checkNow();
    const shown = deps.notify.mock.calls[0]![0] as { type: string; message: string };
    expect(shown).toEqual({ type: 'failed', message: '检查或下载更新失败：更新服务器上找不到新版本的信息，请联系 IT 部门。' });
    expect(shown.message).not.toMatch(/HttpError|Headers|nginx|latest\.yml|\bat\b|\n/);
    const logged = deps.log.mock.calls.map(([m]) => m).join('\n');
    expect(logged).toContain('HTTP_ERROR_404');
    expect(logged).toContain('"server": "nginx/1.22.1"');
    expect(logged).toContain('at createHttpError');
  });

  it.each([
    [new Error('net::ERR_INTERNET_DISCONNECTED'), '无法连接更新服务器，请检查网络后再试。'],
    [new Error('net::ERR_CERT_AUTHORITY_INVALID'), '无法安全地连接更新服务器（证书有问题），请联系 IT 部门。'],
    [new Error('New version 1.5.0 is not signed by the application owner: publisherNames: Yicaitong Co., Ltd.'), '新版本的数字签名校验未通过，已停止安装，请联系 IT 部门。'],
    [new Error('HttpError: 502 Bad Gateway'), '更新服务器暂时不可用，请稍后再试。'],
    [Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), '磁盘空间不足，无法下载新版本。'],
    ['something odd', '请稍后再试，或联系 IT 部门。'],
  ])('failure %#: one sentence for what happened', (err, reason) => expect(updateFailureMessage(err)).toBe(`检查或下载更新失败：${reason}`));

  it('two quick clicks on 检查更新…: one check, one answer (not 正在下载 and then 已是最新版本)', async () => {
    const answer = deferred<unknown>();
    const { controller, deps } = setup({ check: () => answer.promise });
    const first = controller.checkNow();
    const second = controller.checkNow();
    answer.resolve({ available: false });
    await Promise.all([first, second]);
    expect(deps.check).toHaveBeenCalledTimes(1);
    expect(deps.notify.mock.calls).toEqual([[{ type: 'up-to-date' }]]);
  });

  it('a click while the background check runs waits for it and gets its answer', async () => {
    const answer = deferred<unknown>();
    const { controller, deps } = setup({ check: () => answer.promise });
    controller.start();
    const click = controller.checkNow();
    answer.resolve({ available: true, version: '3.0.0' });
    await click;
    expect(deps.check).toHaveBeenCalledTimes(1);
    expect(deps.notify.mock.calls).toEqual([[{ type: 'downloading', version: '3.0.0' }]]);
    // Clicked again while it downloads: the same answer, no new check.
    await controller.checkNow();
    expect(deps.check).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenLastCalledWith({ type: 'downloading', version: '3.0.0' });
  });

  it('a background check stays quiet when nothing is new or the server is down', async () => {
    const { controller, deps } = setup({ check: async () => ({ available: false }) });
    controller.start();
    await settle();
    controller.failed(new Error('offline'));
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('after 稍后 the menu offers 立即重启, and 检查更新… asks again (the user asked) instead of downloading again', async () => {
    const { controller, deps } = setup({ answer: false });
    await controller.downloaded('1.2.0');
    expect(deps.onMenuStateChange).toHaveBeenLastCalledWith({ policy: 'auto', readyVersion: '1.2.0' });
    expect(controller.menuState().readyVersion).toBe('1.2.0');
    deps.ask.mockResolvedValueOnce(true);
    await controller.checkNow();
    expect(deps.ask).toHaveBeenCalledTimes(1);
    expect(deps.prepareRestart).toHaveBeenCalledTimes(1);
    expect(deps.install).toHaveBeenCalledTimes(1);
    expect(deps.check).not.toHaveBeenCalled();
  });

  it('managed by IT (autoUpdate false, MSI): never checks, not even from the menu', async () => {
    const { controller, deps } = setup({ policy: 'managed' });
    controller.start();
    await controller.checkNow();
    expect(deps.check).not.toHaveBeenCalled();
    expect(controller.menuState().policy).toBe('managed');
  });

  it('notify mode (Linux, unsigned feed): says a new version exists once, downloads nothing', async () => {
    const { controller, deps, tick } = setup({ policy: 'notify', check: async () => ({ available: true, version: '2.0.0' }) });
    controller.start();
    await settle();
    tick();
    await settle();
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith({ type: 'available', version: '2.0.0' });
    await controller.checkNow();
    expect(deps.notify).toHaveBeenCalledTimes(2);
  });
});
