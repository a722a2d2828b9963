// The desktop windows port: the supplier back office (/admin/supplier/*) opens in its own
// native window, which main creates or focuses; every other route navigates normally.
import type { TDesktopBridge } from '@contracts/desktop';
import { isSupplierPath } from '@contracts/desktop-paths';
import type { WindowsPort } from '../ports';

export type TDesktopWindowKind = 'main' | 'supplier';
type TKindStorage = Pick<Storage, 'getItem' | 'setItem'>;

const KIND_KEY = 'yct_window_kind';

/**
 * Which native window this page lives in. Main loads the supplier window at a supplier path and
 * never loads one into the main window, so the first path tells; sessionStorage (one per window)
 * keeps the answer across reloads, after the supplier window has moved on to another page.
 */
export function detectWindowKind(initialPath: string, storage: TKindStorage | null): TDesktopWindowKind {
  try {
    const saved = storage?.getItem(KIND_KEY);
    if (saved === 'main' || saved === 'supplier') return saved;
  } catch {
    // storage refused: fall back to the path
  }
  const kind: TDesktopWindowKind = isSupplierPath(initialPath) ? 'supplier' : 'main';
  try {
    storage?.setItem(KIND_KEY, kind);
  } catch {
    // without sessionStorage a reload asks the path again, which is right unless the supplier window has left its back office
  }
  return kind;
}

export function createDesktopWindowsPort(bridge: TDesktopBridge, options: { initialPath: string; storage: TKindStorage | null }): WindowsPort & { kind: TDesktopWindowKind } {
  const kind = detectWindowKind(options.initialPath, options.storage);
  return {
    kind,
    openSupplierWindow(path) {
      if (!isSupplierPath(path)) return false;
      // Inside the supplier window itself, supplier routes are ordinary navigation.
      if (kind === 'supplier') return false;
      bridge.windows.openSupplier(path).catch((err: unknown) => console.error('failed to open the supplier window', err));
      return true;
    },
    onNavigate(listener) {
      // Only in-app paths; main sends nothing else, but the renderer does not trust a payload blindly.
      const off = bridge.windows.onNavigate((path) => {
        if (typeof path === 'string' && path.startsWith('/') && !path.startsWith('//')) listener(path);
      });
      // Listening now: main sends the route it kept while this window loaded (a deep link at start).
      bridge.windows.ready?.().catch((err: unknown) => console.error('failed to tell main the window is ready', err));
      return off;
    },
    setUnsavedChanges(hasUnsavedChanges) {
      bridge.windows.setUnsavedChanges?.(hasUnsavedChanges).catch((err: unknown) => console.error('failed to tell main about unsaved edits', err));
    },
  };
}
