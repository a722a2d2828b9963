import { describe, expect, it, vi } from 'vitest';
import { createUpdateController, type TTimers } from './update-controller';

function setup(options: { answer?: boolean; check?: () => Promise<unknown> } = {}) {
  let tick: (() => void) | null = null;
  const timers: TTimers = { setInterval: (fn) => ((tick = fn), 1), clearInterval: () => (tick = null) };
  const deps = {
    check: vi.fn(options.check ?? (async () => {})),
    ask: vi.fn(async () => options.answer ?? false),
    install: vi.fn(),
    notifyReady: vi.fn(),
    log: vi.fn(),
  };
  const controller = createUpdateController({ ...deps, intervalMs: 4 * 3600_000, timers });
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
});
