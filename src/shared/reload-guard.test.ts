import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guardedReload, isChunkLoadError } from './reload-guard';
import { canPrefetch } from './preload';

describe('reload guard (SPEC §4: 10 s per path)', () => {
  beforeEach(() => sessionStorage.clear());
  it('reloads once per path within 10 s', () => {
    const nav = { pathname: '/a', search: '?x=1', reload: vi.fn(), assign: vi.fn() };
    expect(guardedReload('/a', 1000, nav)).toBe(true);
    expect(guardedReload('/a', 5000, nav)).toBe(false);
    expect(guardedReload('/a?x=1', 11_001, nav)).toBe(true);
    expect(nav.reload).toHaveBeenCalledTimes(2);
    // another path: navigate there (keeping its URL state) instead of reloading this page
    expect(guardedReload('/b?page=2', 12_000, nav)).toBe(true);
    expect(guardedReload('/b?page=2', 15_000, nav)).toBe(false);
    expect(nav.assign).toHaveBeenCalledExactlyOnceWith('/b?page=2');
  });
  it('keeps one marker per path: reloading another path does not free or block this one', () => {
    const nav = { pathname: '/a', search: '', reload: vi.fn(), assign: vi.fn() };
    expect(guardedReload('/a', 1000, nav)).toBe(true);
    expect(guardedReload('/b', 2000, nav)).toBe(true);
    // a single shared marker would now hold /b only and let /a reload again in a loop
    expect(guardedReload('/a', 3000, nav)).toBe(false);
    expect(guardedReload('/b', 4000, nav)).toBe(false);
    expect(guardedReload('/a', 11_000, nav)).toBe(true);
    expect(guardedReload('/b', 11_500, nav)).toBe(false);
    expect(guardedReload('/b', 12_000, nav)).toBe(true);
    expect(nav.reload).toHaveBeenCalledTimes(2);
    expect(nav.assign).toHaveBeenCalledTimes(2);
  });
  it('recognises chunk-load errors and failed CSS preloads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/shop-page-1a2b.css'))).toBe(true);
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
