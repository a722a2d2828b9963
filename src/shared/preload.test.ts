// Route preloading (SPEC §9): at most four preloads in flight, none on slow or data-saver links.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type TDeferred = { resolve: () => void; reject: (e: Error) => void };
/** The page loads started so far, in order, each settled by the test. */
const pending: TDeferred[] = [];

const ROUTES = [
  {
    path: '/page/:n',
    page: () =>
      new Promise<{ default: () => null }>((resolve, reject) => {
        pending.push({ resolve: () => resolve({ default: () => null }), reject });
      }),
  },
];

let preloadPath: (path: string) => boolean;
let canPrefetch: typeof import('./preload').canPrefetch;
let setPreloadRoutes: typeof import('./preload').setPreloadRoutes;
const settle = () => new Promise((r) => setTimeout(r, 0));
const started = () => pending;

beforeEach(async () => {
  vi.resetModules();
  pending.length = 0;
  ({ preloadPath, canPrefetch, setPreloadRoutes } = await import('./preload'));
  setPreloadRoutes(ROUTES);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'connection');
});

describe('preloadPath', () => {
  it('starts at most 4 preloads at once', () => {
    const results = ['/page/1', '/page/2', '/page/3', '/page/4', '/page/5', '/page/6'].map((p) => preloadPath(p));
    expect(results).toEqual([true, true, true, true, false, false]);
    expect(started()).toHaveLength(4);
  });

  it('starts another one once a preload finishes', async () => {
    for (const p of ['/page/1', '/page/2', '/page/3', '/page/4']) expect(preloadPath(p)).toBe(true);
    expect(preloadPath('/page/5')).toBe(false);
    started()[0]!.resolve();
    await settle();
    expect(preloadPath('/page/5')).toBe(true);
    expect(preloadPath('/page/6')).toBe(false);
    expect(started()).toHaveLength(5);
  });

  it('frees the slot of a failed preload and allows that path again', async () => {
    for (const p of ['/page/1', '/page/2', '/page/3', '/page/4']) preloadPath(p);
    started()[1]!.reject(new Error('chunk failed'));
    await settle();
    expect(preloadPath('/page/2')).toBe(true);
    expect(preloadPath('/page/7')).toBe(false);
  });

  it('preloads a path once, ignoring its query and hash', async () => {
    expect(preloadPath('/page/1?x=1')).toBe(true);
    started()[0]!.resolve();
    await settle();
    expect(preloadPath('/page/1#top')).toBe(false);
    expect(preloadPath('/page/1')).toBe(false);
    expect(started()).toHaveLength(1);
  });

  it('a refused path (cap reached) can be preloaded later', async () => {
    for (const p of ['/page/1', '/page/2', '/page/3', '/page/4']) preloadPath(p);
    expect(preloadPath('/page/9')).toBe(false);
    for (const d of started()) d.resolve();
    await settle();
    expect(preloadPath('/page/9')).toBe(true);
  });

  it('ignores paths without a route', () => {
    expect(preloadPath('/nowhere')).toBe(false);
    expect(started()).toHaveLength(0);
  });

  it('does nothing on a data-saver or 2g connection', () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    expect(preloadPath('/page/1')).toBe(false);
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' }, configurable: true });
    expect(preloadPath('/page/1')).toBe(false);
    expect(started()).toHaveLength(0);
  });
});

describe('canPrefetch', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ saveData: true, effectiveType: '4g' }, false],
  ])('%j → %s', (connection, expected) => {
    expect(canPrefetch(connection)).toBe(expected);
  });
});
