// Restarting to install an update without losing what a supplier is typing. electron-updater's
// quitAndInstall starts the NSIS installer (--updated), which ends the app about a second later
// whatever a window's 「当前页面有未保存的修改」 dialog was answered: so every window is asked
// BEFORE anything closes (as VS Code does before its update restart), and the installer runs only
// once every window is gone. Windows report their unsaved edits themselves (the renderer's
// UnsavedChangesGuard → window.desktop.windows.setUnsavedChanges); a page that still refuses to
// unload when closed (edited since it reported) is asked by main's will-prevent-unload dialog.

/** Which windows hold unsaved edits, as their renderers last reported. */
export function createUnsavedChangesTracker<W extends object>() {
  const dirty = new Set<W>();
  return {
    report(window: W, hasUnsavedChanges: boolean) {
      if (hasUnsavedChanges) dirty.add(window);
      else dirty.delete(window);
    },
    /** A window that is gone (or loads a new document) holds nothing any more. */
    forget(window: W) {
      dirty.delete(window);
    },
    has: (window: W) => dirty.has(window),
  };
}
export type TUnsavedChangesTracker<W extends object> = ReturnType<typeof createUnsavedChangesTracker<W>>;

export type TCloseForRestartDeps<W> = {
  /** The open windows. */
  windows(): W[];
  hasUnsavedChanges(window: W): boolean;
  /**
   * Brings the window forward and asks 「当前页面有未保存的修改」: true for 放弃修改并重启, false for
   * 留下 (the default, and what closing the dialog means).
   */
  askDiscard(window: W): Promise<boolean>;
  /**
   * Closes the window; `discard`: the user already agreed to lose its edits (no second question).
   * Resolves false when it stayed open (its page refused to unload and the user chose 留下).
   */
  close(window: W, discard: boolean): Promise<boolean>;
  log?: (msg: string) => void;
};

/**
 * Asks every window with unsaved edits first, then closes all of them. False (nothing more is
 * closed, the install waits for the next quit) as soon as the user keeps a window's edits.
 */
export async function closeWindowsForRestart<W>(deps: TCloseForRestartDeps<W>): Promise<boolean> {
  const log = deps.log ?? (() => {});
  const windows = deps.windows();
  const discarded = new Set<W>();
  for (const window of windows) {
    if (!deps.hasUnsavedChanges(window)) continue;
    if (!(await deps.askDiscard(window))) {
      log('restart for the update: a window keeps its unsaved edits');
      return false;
    }
    discarded.add(window);
  }
  // Windows without edits first: if one of them turns out to refuse after all, the windows whose
  // edits the user gave up are still open.
  const order = [...windows.filter((w) => !discarded.has(w)), ...windows.filter((w) => discarded.has(w))];
  for (const window of order) {
    if (!(await deps.close(window, discarded.has(window)))) {
      log('restart for the update: a window refused to close');
      return false;
    }
  }
  return true;
}
