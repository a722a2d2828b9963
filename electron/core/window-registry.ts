// The window registry: at most one native window per kind (e.g. the supplier back office).
// Opening an open kind focuses it; each kind's size and place are remembered across runs.
import type { Rectangle } from 'electron';
import type { TKeyValueStore } from './token-vault.js';

export type TBounds = Pick<Rectangle, 'x' | 'y' | 'width' | 'height'>;
/** Without x/y the OS chooses the place (the remembered one is on no connected display). */
export type TSavedWindowState = { bounds: Pick<TBounds, 'width' | 'height'> & Partial<Pick<TBounds, 'x' | 'y'>>; maximized: boolean };

/** The parts of a BrowserWindow the registry touches. */
export type TManagedWindow = {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isMaximized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  close(): void;
  getNormalBounds(): TBounds;
  once(event: 'close' | 'closed', listener: () => void): unknown;
};

export type TWindowRegistry<W extends TManagedWindow> = {
  /** Returns the open window of this kind (focused) or a new one created at the remembered place. */
  open(kind: string): { window: W; created: boolean };
  get(kind: string): W | null;
  /** Closes every open window of the given kinds (all kinds when omitted). */
  closeAll(kinds?: string[]): void;
  savedState(kind: string): TSavedWindowState | null;
};

export const MIN_WINDOW = { width: 800, height: 600 } as const;
const storeKey = (kind: string) => `windows.${kind}`;

function isBounds(v: unknown): v is TBounds {
  const b = v as Partial<TBounds> | null;
  return typeof b === 'object' && b !== null && [b.x, b.y, b.width, b.height].every((n) => typeof n === 'number' && Number.isFinite(n));
}

/** Height of the strip at the top of a window that holds the title bar (what the user drags). */
export const TITLE_BAR_HEIGHT = 32;

/**
 * True when the window can be grabbed where it is: its title bar lies on one of the work areas
 * (its top edge not above the area, at least 100 px of it across). A window whose title bar is
 * above the screen or on an unplugged monitor cannot be moved back by the user.
 */
export function isVisibleOnSomeDisplay(bounds: TBounds, workAreas: TBounds[]): boolean {
  return workAreas.some((area) => {
    const w = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    return w >= 100 && bounds.y >= area.y && bounds.y + TITLE_BAR_HEIGHT <= area.y + area.height;
  });
}

/** The work area holding most of the window's title bar, or null when it is on none. */
function areaUnderTitleBar(bounds: TBounds, workAreas: TBounds[]): TBounds | null {
  let best: TBounds | null = null;
  let bestWidth = 0;
  for (const area of workAreas) {
    const w = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    if (bounds.y >= area.y && bounds.y + TITLE_BAR_HEIGHT <= area.y + area.height && w > bestWidth) {
      best = area;
      bestWidth = w;
    }
  }
  return best;
}

/** A size no larger than the work area (a window saved on a 2560×1400 monitor, opened on a 1366×728 laptop). */
export function fitSize(size: Pick<TBounds, 'width' | 'height'>, area: TBounds): Pick<TBounds, 'width' | 'height'> {
  return { width: Math.min(size.width, area.width), height: Math.min(size.height, area.height) };
}

/** Fits the window into the work area: no larger than it, and moved so that all of it is on it. */
export function fitToWorkArea(bounds: TBounds, area: TBounds): TBounds {
  const { width, height } = fitSize(bounds, area);
  const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);
  return { x: clamp(bounds.x, area.x, area.x + area.width - width), y: clamp(bounds.y, area.y, area.y + area.height - height), width, height };
}

export function createWindowRegistry<W extends TManagedWindow>(deps: {
  store: TKeyValueStore;
  /** Builds the window; `saved` is the remembered state fitted to the displays, or the kind's default size fitted to the primary one. */
  create(kind: string, saved: TSavedWindowState | null): W;
  /** Work areas of the connected displays, the primary display's first (the OS places new windows there). */
  workAreas(): TBounds[];
  /** The size a kind opens at the first time (fitted to the primary work area like a remembered one). */
  defaultSize?(kind: string): Pick<TBounds, 'width' | 'height'>;
}): TWindowRegistry<W> {
  const open = new Map<string, W>();

  const savedState = (kind: string): TSavedWindowState | null => {
    const raw = deps.store.get(storeKey(kind)) as Partial<TSavedWindowState> | undefined;
    if (!raw || !isBounds(raw.bounds)) return null;
    const bounds = { ...raw.bounds, width: Math.max(raw.bounds.width, MIN_WINDOW.width), height: Math.max(raw.bounds.height, MIN_WINDOW.height) };
    const maximized = raw.maximized === true;
    const areas = deps.workAreas();
    const area = areaUnderTitleBar(bounds, areas);
    // A monitor unplugged since last time, or a title bar above the screen: keep the size (no larger
    // than the primary display) and the maximised state, let the OS choose the place.
    if (!area) return { bounds: areas[0] ? fitSize(bounds, areas[0]) : { width: bounds.width, height: bounds.height }, maximized };
    return { bounds: fitToWorkArea(bounds, area), maximized };
  };

  const initialState = (kind: string): TSavedWindowState | null => {
    const saved = savedState(kind);
    if (saved || !deps.defaultSize) return saved;
    const primary = deps.workAreas()[0];
    const size = deps.defaultSize(kind);
    return { bounds: primary ? fitSize(size, primary) : size, maximized: false };
  };

  const get = (kind: string): W | null => {
    const win = open.get(kind);
    if (!win) return null;
    if (win.isDestroyed()) {
      open.delete(kind);
      return null;
    }
    return win;
  };

  return {
    open(kind) {
      const existing = get(kind);
      if (existing) {
        if (existing.isMinimized()) existing.restore();
        existing.show();
        existing.focus();
        return { window: existing, created: false };
      }
      const win = deps.create(kind, initialState(kind));
      open.set(kind, win);
      win.once('close', () => {
        deps.store.set(storeKey(kind), { bounds: win.getNormalBounds(), maximized: win.isMaximized() } satisfies TSavedWindowState);
      });
      win.once('closed', () => {
        if (open.get(kind) === win) open.delete(kind);
      });
      return { window: win, created: true };
    },
    get,
    closeAll(kinds) {
      for (const kind of [...open.keys()]) {
        if (kinds && !kinds.includes(kind)) continue;
        get(kind)?.close();
      }
    },
    savedState,
  };
}
