import { describe, expect, it, vi } from 'vitest';
import { createUpdateController, type TTimers } from './update-controller';

function setup(options: { answer?: boolean; check?: () => Promise<unknown>; policy?: 'auto' | 'notify' | 'managed' } = {}) {
  let tick: (() => void) | null = null;
  const timers: TTimers = { setInterval: (fn) => ((tick = fn), 1), clearInterval: () => (tick = null) };
  const deps = {
    check: vi.fn(options.check ?? (async () => {})),
    ask: vi.fn(async () => options.answer ?? false),
    install: vi.fn(),
    notifyReady: vi.fn(),
    notify: vi.fn(),
    onMenuStateChange: vi.fn(),
    log: vi.fn(),
  };
  const controller = createUpdateController({ ...deps, intervalMs: 4 * 3600_000, timers, policy: options.policy });
  return { controller, deps, tick: () => tick?.(), hasTimer: () => tick !== null };
}

describe('update controller', () => {
  it('checks at start and then periodically', async () => {
    const { controller, deps, tick } = setup();
    controller.start();
    expect(deps.check).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    tick();
    await Promise.resolve();
    tick();
    expect(deps.check).toHaveBeenCalledTimes(3);
  });

  it('a downloaded update is announced to the windows and the user is asked before restarting', async () => {
    const { controller, deps } = setup({ answer: true });
    await controller.downloaded('1.2.0');
    expect(deps.notifyReady).toHaveBeenCalledWith('1.2.0');
    expect(deps.ask).toHaveBeenCalledWith('1.2.0');
    expect(deps.install).toHaveBeenCalledTimes(1);
  });

  it('"later" does not restart, and the same version is not asked about twice', async () => {
    const { controller, deps } = setup({ answer: false });
    await controller.downloaded('1.2.0');
    await controller.downloaded('1.2.0');
    expect(deps.ask).toHaveBeenCalledTimes(1);
    expect(deps.install).not.toHaveBeenCalled();
    expect(controller.readyVersion()).toBe('1.2.0');
  });

  it('restart() installs only when an update is ready', async () => {
    const { controller, deps } = setup();
    expect(controller.restart()).toBe(false);
    await controller.downloaded('2.0.0');
    expect(controller.restart()).toBe(true);
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
    await new Promise((r) => setTimeout(r, 0));
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

  it('帮助→检查更新… always answers: up to date, downloading, or the failure', async () => {
    const upToDate = setup({ check: async () => ({ available: false }) });
    await upToDate.controller.checkNow();
    expect(upToDate.deps.notify).toHaveBeenCalledWith({ type: 'up-to-date' });

    const newer = setup({ check: async () => ({ available: true, version: '1.5.0' }) });
    await newer.controller.checkNow();
    expect(newer.deps.notify).toHaveBeenCalledWith({ type: 'downloading', version: '1.5.0' });
    // The download the user waits for fails: told, not only logged.
    newer.controller.failed(new Error('sha512 checksum mismatch'));
    expect(newer.deps.notify).toHaveBeenLastCalledWith({ type: 'failed', message: 'sha512 checksum mismatch' });

    const broken = setup({ check: async () => Promise.reject(new Error('getaddrinfo ENOTFOUND')) });
    await broken.controller.checkNow();
    expect(broken.deps.notify).toHaveBeenCalledWith({ type: 'failed', message: 'getaddrinfo ENOTFOUND' });
  });

  it('a background check stays quiet when nothing is new or the server is down', async () => {
    const { controller, deps } = setup({ check: async () => ({ available: false }) });
    controller.start();
    await new Promise((r) => setTimeout(r, 0));
    controller.failed(new Error('offline'));
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('after 稍后 the menu offers 立即重启, and 检查更新… asks again instead of downloading again', async () => {
    const { controller, deps } = setup({ answer: false });
    await controller.downloaded('1.2.0');
    expect(deps.onMenuStateChange).toHaveBeenLastCalledWith({ policy: 'auto', readyVersion: '1.2.0' });
    expect(controller.menuState().readyVersion).toBe('1.2.0');
    deps.ask.mockResolvedValueOnce(true);
    await controller.checkNow();
    expect(deps.ask).toHaveBeenCalledTimes(2);
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
    await new Promise((r) => setTimeout(r, 0));
    tick();
    await new Promise((r) => setTimeout(r, 0));
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledWith({ type: 'available', version: '2.0.0' });
    await controller.checkNow();
    expect(deps.notify).toHaveBeenCalledTimes(2);
  });
});
