import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guardedReload, isChunkLoadError } from './reload-guard';
import { canPrefetch } from './preload';

describe('reload guard (SPEC §4: 10 s per path)', () => {
  beforeEach(() => sessionStorage.clear());
  it('reloads once per path within 10 s', () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload, pathname: '/a' }, writable: true });
    expect(guardedReload('/a', 1000)).toBe(true);
    expect(guardedReload('/a', 5000)).toBe(false);
    expect(guardedReload('/b', 5000)).toBe(true);
    expect(guardedReload('/b', 15_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});

describe('link prefetch (SPEC §9)', () => {
  it('is skipped on slow or data-saver connections', () => {
    expect(canPrefetch({ saveData: true })).toBe(false);
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(canPrefetch(undefined)).toBe(true);
  });
});
