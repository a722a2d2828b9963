// The desktop ports against a fake window.desktop bridge.
import { describe, expect, it, vi } from 'vitest';
import type { TDesktopAppInfo, TDesktopBridge, TDesktopSessionEvent, TUpdateReady } from '@contracts/desktop';
import { createDesktopSessionPort } from './session-port';
import { createDesktopUpdatesPort } from './updates-port';
import { createDesktopWindowsPort, detectWindowKind } from './windows-port';

function makeBridge(info: Partial<TDesktopAppInfo> = {}) {
  const updateListeners = new Set<(u: TUpdateReady) => void>();
  const opened: string[] = [];
  const navigateListeners = new Set<(path: string) => void>();
  const bridge: TDesktopBridge = {
    session: {
      get: async () => ({ signedIn: false, user: null }),
      signIn: async () => ({ signedIn: true, user: null }),
      signOut: async () => {},
      setUser: async () => {},
      onChange: () => () => {},
    },
    windows: {
      openSupplier: async (path) => {
        opened.push(path);
        return true;
      },
      onNavigate: (l) => {
        navigateListeners.add(l);
        return () => void navigateListeners.delete(l);
      },
    },
    server: {
      get: async () => ({ apiUrl: 'https://yct.example.cn', locked: false }),
      test: async () => ({ ok: true, message: '连接成功' }),
      save: async () => ({ ok: true, message: '已保存' }),
    },
    app: { info: vi.fn(async () => ({ name: '仪采通', version: '1.0.0', platform: 'linux', apiUrl: 'http://127.0.0.1:3000', tokenPersistence: 'encrypted' as const, ...info })) },
    updates: {
      onReady: (l) => {
        updateListeners.add(l);
        return () => void updateListeners.delete(l);
      },
      restart: async () => {},
    },
  };
  return { bridge, opened, navigateTo: (path: string) => navigateListeners.forEach((l) => l(path)), emitUpdateReady: (version: string) => updateListeners.forEach((l) => l({ version })) };
}

const memoryStorage = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('desktop session port: a logout in another window', () => {
  it('takes a 401 for that logout for a while after any window announces it, and passes no event on for it', async () => {
    const { bridge } = makeBridge();
    const fromMain = new Set<(e: TDesktopSessionEvent) => void>();
    const announced: string[] = [];
    bridge.session.onChange = (l) => {
      fromMain.add(l);
      return () => void fromMain.delete(l);
    };
    bridge.session.announceSignOut = async () => void announced.push('main');
    const port = createDesktopSessionPort(bridge);
    const heard: string[] = [];
    port.subscribe((e) => heard.push(e.type));
    const emit = (type: TDesktopSessionEvent['type'], signedIn: boolean) => fromMain.forEach((l) => l({ type, snapshot: { signedIn, user: null } }));

    emit('login', true);
    expect(port.signingOutElsewhere?.()).toBe(false);
    port.announceSignOut?.();
    expect(announced).toEqual(['main']);
    emit('signing-out', true);
    expect(port.signingOutElsewhere?.()).toBe(true);
    expect(port.snapshot().signedIn).toBe(true);
    emit('logout', false);
    expect(heard).toEqual(['login', 'logout']);

    // Signing in again ends it; ten seconds after an announcement it is over too.
    emit('login', true);
    expect(port.signingOutElsewhere?.()).toBe(false);
    vi.useFakeTimers();
    try {
      emit('signing-out', true);
      vi.advanceTimersByTime(10_001);
      expect(port.signingOutElsewhere?.()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('desktop session port: persistence', () => {
  it('is this-run when main keeps the token in memory only (basic_text)', async () => {
    const { bridge } = makeBridge({ tokenPersistence: 'memory' });
    expect(await createDesktopSessionPort(bridge).persistence()).toBe('this-run');
  });
  it('is persistent when main encrypts the token, and asks main once', async () => {
    const { bridge } = makeBridge({ tokenPersistence: 'encrypted' });
    const port = createDesktopSessionPort(bridge);
    expect(await port.persistence()).toBe('persistent');
    expect(await port.persistence()).toBe('persistent');
    expect(bridge.app.info).toHaveBeenCalledTimes(1);
  });
});

describe('desktop windows port', () => {
  it('hands supplier routes from the main window to the supplier window', () => {
    const { bridge, opened } = makeBridge();
    const port = createDesktopWindowsPort(bridge, { initialPath: '/demand/quotation', storage: memoryStorage() });
    expect(port.kind).toBe('main');
    expect(port.openSupplierWindow('/admin/supplier/quotation/detail?id=7')).toBe(true);
    expect(port.openSupplierWindow('/admin/supplierish')).toBe(false);
    expect(port.openSupplierWindow('/shop')).toBe(false);
    expect(opened).toEqual(['/admin/supplier/quotation/detail?id=7']);
  });

  it('navigates normally inside the supplier window, even after it left the back office and reloaded', () => {
    const storage = memoryStorage();
    const { bridge, opened } = makeBridge();
    expect(createDesktopWindowsPort(bridge, { initialPath: '/admin/supplier', storage }).kind).toBe('supplier');
    // Reloaded at /shop: sessionStorage (one per window) still says supplier.
    const reloaded = createDesktopWindowsPort(bridge, { initialPath: '/shop', storage });
    expect(reloaded.kind).toBe('supplier');
    expect(reloaded.openSupplierWindow('/admin/supplier/goods')).toBe(false);
    expect(opened).toEqual([]);
  });

  it('hands routes main sends to the router, never anything that is not an in-app path', () => {
    const { bridge, navigateTo } = makeBridge();
    const port = createDesktopWindowsPort(bridge, { initialPath: '/admin/supplier', storage: memoryStorage() });
    const seen: string[] = [];
    const off = port.onNavigate((p) => seen.push(p));
    navigateTo('/admin/supplier/quotation/detail?id=9');
    navigateTo('//evil.example/x');
    navigateTo('https://evil.example/');
    off();
    navigateTo('/admin/supplier/goods');
    expect(seen).toEqual(['/admin/supplier/quotation/detail?id=9']);
  });

  it('tells main it listens once subscribed, so a route main kept while the window loaded arrives (issue 33, 11)', () => {
    const { bridge, navigateTo } = makeBridge();
    const order: string[] = [];
    bridge.windows.ready = vi.fn(async () => void order.push('ready'));
    const onNavigate = bridge.windows.onNavigate;
    bridge.windows.onNavigate = (l) => {
      order.push('subscribed');
      return onNavigate(l);
    };
    const port = createDesktopWindowsPort(bridge, { initialPath: '/', storage: memoryStorage() });
    expect(bridge.windows.ready).not.toHaveBeenCalled();
    const seen: string[] = [];
    port.onNavigate((p) => seen.push(p));
    expect(order).toEqual(['subscribed', 'ready']);
    navigateTo('/news');
    expect(seen).toEqual(['/news']);
  });

  it('passes its unsaved edits on to main (the update restart asks first); an older preload without it is fine', () => {
    const { bridge } = makeBridge();
    const reports: boolean[] = [];
    bridge.windows.setUnsavedChanges = async (dirty) => void reports.push(dirty);
    const port = createDesktopWindowsPort(bridge, { initialPath: '/admin/supplier/goods', storage: memoryStorage() });
    port.setUnsavedChanges?.(true);
    port.setUnsavedChanges?.(false);
    expect(reports).toEqual([true, false]);
    const old = makeBridge().bridge;
    expect(() => createDesktopWindowsPort(old, { initialPath: '/', storage: memoryStorage() }).setUnsavedChanges?.(true)).not.toThrow();
  });

  it('falls back to the first path when storage is missing or refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(detectWindowKind('/admin/supplier/goods', refusing)).toBe('supplier');
    expect(detectWindowKind('/', null)).toBe('main');
  });
});

describe('desktop updates port', () => {
  it('keeps a version main announced before the banner listened, and asks main to restart', async () => {
    const { bridge, emitUpdateReady } = makeBridge();
    bridge.updates.restart = vi.fn(async () => {});
    const port = createDesktopUpdatesPort(bridge);
    emitUpdateReady('1.5.0');
    const heard: string[] = [];
    const off = port.onRestartReady!((v) => heard.push(v));
    expect(heard).toEqual(['1.5.0']);
    emitUpdateReady('1.6.0');
    off();
    emitUpdateReady('1.7.0');
    expect(heard).toEqual(['1.5.0', '1.6.0']);
    await port.restart!();
    expect(bridge.updates.restart).toHaveBeenCalledTimes(1);
  });
});
