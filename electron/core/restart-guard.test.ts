import { describe, expect, it } from 'vitest';
import { closeWindowsForRestart, createUnsavedChangesTracker } from './restart-guard';

type W = { name: string; open: boolean; refusesUnload?: boolean };

function setup(windows: W[], options: { discard?: boolean; keepOnUnload?: boolean } = {}) {
  const tracker = createUnsavedChangesTracker<W>();
  const events: string[] = [];
  const run = () =>
    closeWindowsForRestart<W>({
      windows: () => windows.filter((w) => w.open),
      hasUnsavedChanges: (w) => tracker.has(w),
      askDiscard: async (w) => {
        events.push(`ask ${w.name}`);
        return options.discard === true;
      },
      close: async (w, discard) => {
        events.push(`close ${w.name}${discard ? ' (discard)' : ''}`);
        // A page that refuses to unload and was not given up: main's will-prevent-unload dialog asks.
        if (w.refusesUnload && !discard && options.keepOnUnload) return false;
        w.open = false;
        return true;
      },
    });
  return { tracker, events, run };
}

describe('closing the windows for an update restart', () => {
  it('without unsaved edits: every window closes, no question', async () => {
    const main = { name: 'main', open: true };
    const supplier = { name: 'supplier', open: true };
    const { events, run } = setup([main, supplier]);
    expect(await run()).toBe(true);
    expect(events).toEqual(['close main', 'close supplier']);
  });

  it('留下 in the window with edits: nothing is closed at all, not even the windows without edits', async () => {
    const main = { name: 'main', open: true };
    const supplier = { name: 'supplier', open: true };
    const { tracker, events, run } = setup([main, supplier], { discard: false });
    tracker.report(supplier, true);
    expect(await run()).toBe(false);
    expect(events).toEqual(['ask supplier']);
    expect([main.open, supplier.open]).toEqual([true, true]);
  });

  it('放弃修改并重启: the other windows close first, the given-up one without a second question', async () => {
    const main = { name: 'main', open: true };
    const supplier = { name: 'supplier', open: true };
    const { tracker, events, run } = setup([supplier, main], { discard: true });
    tracker.report(supplier, true);
    expect(await run()).toBe(true);
    expect(events).toEqual(['ask supplier', 'close main', 'close supplier (discard)']);
  });

  it('a page edited after it reported (it refuses to unload) keeps the app open: no install', async () => {
    const main = { name: 'main', open: true };
    const supplier = { name: 'supplier', open: true, refusesUnload: true };
    const { run } = setup([main, supplier], { keepOnUnload: true });
    expect(await run()).toBe(false);
    expect(supplier.open).toBe(true);
  });

  it('a window reports its edits saved (or is reloaded): it is not asked about any more', () => {
    const w = { name: 'supplier', open: true };
    const tracker = createUnsavedChangesTracker<W>();
    tracker.report(w, true);
    tracker.report(w, false);
    expect(tracker.has(w)).toBe(false);
    tracker.report(w, true);
    tracker.forget(w);
    expect(tracker.has(w)).toBe(false);
  });
});
