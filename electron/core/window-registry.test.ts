import { describe, expect, it } from 'vitest';
import type { TKeyValueStore } from './token-vault';
import { createWindowRegistry, fitToWorkArea, isVisibleOnSomeDisplay, type TBounds, type TManagedWindow, type TSavedWindowState } from './window-registry';

/** A fake BrowserWindow that records what the registry did to it. */
class FakeWindow implements TManagedWindow {
  destroyed = false;
  minimized = false;
  maximized = false;
  calls: string[] = [];
  private handlers = new Map<string, Array<() => void>>();
  constructor(
    public kind: string,
    public bounds: TBounds,
  ) {}
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  isMaximized = () => this.maximized;
  restore = () => {
    this.minimized = false;
    this.calls.push('restore');
  };
  show = () => void this.calls.push('show');
  focus = () => void this.calls.push('focus');
  getNormalBounds = () => this.bounds;
  once(event: 'close' | 'closed', listener: () => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  close = () => {
    this.calls.push('close');
    this.handlers.get('close')?.forEach((h) => h());
    this.destroyed = true;
    this.handlers.get('closed')?.forEach((h) => h());
  };
}

const SCREEN: TBounds = { x: 0, y: 0, width: 1920, height: 1040 };

function setup(workAreas: TBounds[] = [SCREEN], initial: Record<string, unknown> = {}, defaultSize?: (kind: string) => { width: number; height: number }) {
  const data = new Map<string, unknown>(Object.entries(initial));
  const store: TKeyValueStore = { get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) };
  const created: Array<{ kind: string; saved: TSavedWindowState | null; window: FakeWindow }> = [];
  const registry = createWindowRegistry<FakeWindow>({
    store,
    workAreas: () => workAreas,
    defaultSize,
    create: (kind, saved) => {
      const window = new FakeWindow(kind, { x: 100, y: 100, width: 1280, height: 800, ...saved?.bounds });
      created.push({ kind, saved, window });
      return window;
    },
  });
  return { registry, created, data };
}

describe('window registry', () => {
  it('opening an open kind focuses it instead of creating another', () => {
    const { registry, created } = setup();
    const first = registry.open('supplier');
    const second = registry.open('supplier');
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.window).toBe(first.window);
    expect(created).toHaveLength(1);
    expect(first.window.calls).toEqual(['show', 'focus']);
  });

  it('a minimised window is restored before it is focused', () => {
    const { registry } = setup();
    const { window } = registry.open('supplier');
    window.minimized = true;
    registry.open('supplier');
    expect(window.calls).toEqual(['restore', 'show', 'focus']);
  });

  it('kinds are independent', () => {
    const { registry, created } = setup();
    registry.open('supplier');
    registry.open('admin');
    expect(created.map((c) => c.kind)).toEqual(['supplier', 'admin']);
  });

  it('remembers bounds and maximised state per kind and restores them next time', () => {
    const { registry, created } = setup();
    const { window } = registry.open('supplier');
    window.bounds = { x: 200, y: 120, width: 1400, height: 900 };
    window.maximized = true;
    window.close();
    expect(registry.get('supplier')).toBeNull();

    registry.open('supplier');
    expect(created[1]!.saved).toEqual({ bounds: { x: 200, y: 120, width: 1400, height: 900 }, maximized: true });
  });

  it('bounds survive a restart (they live in the store)', () => {
    const saved = { 'windows.supplier': { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: false } };
    const { registry, created } = setup([SCREEN], saved);
    registry.open('supplier');
    expect(created[0]!.saved).toEqual(saved['windows.supplier']);
  });

  it.each([
    ['on a display that was unplugged keep their size, the OS places the window', { x: 3000, y: 100, width: 1000, height: 700 }, { bounds: { width: 1000, height: 700 }, maximized: false }],
    ['with the title bar above the screen keep their size, the OS places the window', { x: 100, y: -200, width: 1000, height: 700 }, { bounds: { width: 1000, height: 700 }, maximized: false }],
    ['garbage', { x: 'a' }, null],
    ['too small is grown to the minimum', { x: 10, y: 10, width: 200, height: 100 }, { bounds: { x: 10, y: 10, width: 800, height: 600 }, maximized: false }],
  ])('saved bounds %s', (_name, bounds, expected) => {
    const { registry } = setup([SCREEN], { 'windows.supplier': { bounds, maximized: false } });
    expect(registry.savedState('supplier')).toEqual(expected);
  });

  // Issue 33 (10): saved on a 2560×1400 monitor, opened on a 1366×768 laptop (728 px above the taskbar).
  const LAPTOP: TBounds = { x: 0, y: 0, width: 1366, height: 728 };
  it.each([
    ['bigger than the screen is shrunk to the work area', { x: 0, y: 0, width: 2560, height: 1400 }, { x: 0, y: 0, width: 1366, height: 728 }],
    ['partly off the right and bottom edges is moved back on', { x: 900, y: 300, width: 1000, height: 700 }, { x: 366, y: 28, width: 1000, height: 700 }],
    ['that fits stays where it was', { x: 100, y: 50, width: 1000, height: 600 }, { x: 100, y: 50, width: 1000, height: 600 }],
  ])('a saved window %s', (_name, bounds, expected) => {
    const { registry } = setup([LAPTOP], { 'windows.supplier': { bounds, maximized: false } });
    expect(registry.savedState('supplier')).toEqual({ bounds: expected, maximized: false });
  });

  it('fits the window to the display it is on, not to the first one', () => {
    const big: TBounds = { x: 1366, y: 0, width: 2560, height: 1400 };
    const { registry } = setup([LAPTOP, big], { 'windows.main': { bounds: { x: 1500, y: 10, width: 2400, height: 1300 }, maximized: false } });
    expect(registry.savedState('main')).toEqual({ bounds: { x: 1500, y: 10, width: 2400, height: 1300 }, maximized: false });
  });

  it('on a monitor that is gone: the OS places it, no larger than the primary display', () => {
    const { registry } = setup([LAPTOP], { 'windows.main': { bounds: { x: 3000, y: 0, width: 2560, height: 1400 }, maximized: true } });
    expect(registry.savedState('main')).toEqual({ bounds: { width: 1366, height: 728 }, maximized: true });
  });

  it('the first time, a kind opens at its default size fitted to the primary display', () => {
    const { registry, created } = setup([LAPTOP], {}, () => ({ width: 1440, height: 900 }));
    registry.open('supplier');
    expect(created[0]!.saved).toEqual({ bounds: { width: 1366, height: 728 }, maximized: false });
  });

  it('fitToWorkArea keeps a window inside a display that does not start at 0,0', () => {
    expect(fitToWorkArea({ x: -2000, y: 900, width: 1000, height: 800 }, { x: -1280, y: 0, width: 1280, height: 984 })).toEqual({ x: -1280, y: 184, width: 1000, height: 800 });
  });

  it('a window maximised on a monitor that is gone opens maximised on the one that is left', () => {
    const { registry } = setup([SCREEN], { 'windows.supplier': { bounds: { x: 2100, y: 0, width: 1600, height: 1000 }, maximized: true } });
    expect(registry.savedState('supplier')).toEqual({ bounds: { width: 1600, height: 1000 }, maximized: true });
  });

  it('closeAll closes the given kinds (logout closes supplier windows)', () => {
    const { registry } = setup();
    const supplier = registry.open('supplier').window;
    const admin = registry.open('admin').window;
    registry.closeAll(['supplier']);
    expect(supplier.destroyed).toBe(true);
    expect(admin.destroyed).toBe(false);
    expect(registry.get('supplier')).toBeNull();
    registry.closeAll();
    expect(admin.destroyed).toBe(true);
  });

  it('a window destroyed behind its back is replaced by a new one', () => {
    const { registry, created } = setup();
    registry.open('supplier').window.destroyed = true;
    expect(registry.open('supplier').created).toBe(true);
    expect(created).toHaveLength(2);
  });
});

describe('isVisibleOnSomeDisplay', () => {
  const second: TBounds = { x: 1920, y: 0, width: 1280, height: 1024 };
  it.each([
    [{ x: 100, y: 100, width: 800, height: 600 }, [SCREEN], true],
    [{ x: 2000, y: 100, width: 800, height: 600 }, [SCREEN], false],
    [{ x: 2000, y: 100, width: 800, height: 600 }, [SCREEN, second], true],
    [{ x: 1880, y: 100, width: 800, height: 600 }, [SCREEN], false],
    [{ x: -780, y: -10, width: 800, height: 600 }, [SCREEN], false],
    // the title bar above the top of the screen, though most of the window is visible
    [{ x: 100, y: -20, width: 800, height: 600 }, [SCREEN], false],
    // the title bar below the bottom of the screen
    [{ x: 100, y: 1030, width: 800, height: 600 }, [SCREEN], false],
  ])('%j on %j → %s', (bounds, areas, expected) => expect(isVisibleOnSomeDisplay(bounds, areas)).toBe(expected));
});
