import { describe, expect, it } from 'vitest';
import { isExternal, lookupRouteRule } from './route-rules';
import { defineMiddleware, hasMiddleware, PageNotFoundError, runMiddleware } from './middleware';

describe('route rules', () => {
  it('finds a rule by path', () => {
    expect(lookupRouteRule('/home')).toEqual({ redirect: '/' });
    expect(lookupRouteRule('/shop')).toBeNull();
    expect(lookupRouteRule('/x', { '/x': { redirect: 'https://example.com/' } })?.redirect).toBe('https://example.com/');
  });
  it('tells external targets apart', () => {
    expect(isExternal('https://example.com')).toBe(true);
    expect(isExternal('/shop')).toBe(false);
    expect(isExternal('//evil.example')).toBe(false);
  });
});

describe('route middleware', () => {
  it('raises an error naming an unknown middleware', async () => {
    await expect(runMiddleware(['nope'], { path: '/a', fullPath: '/a', signedIn: false }, false)).rejects.toThrow("Unknown route middleware: 'nope'.");
  });
  it('turns false during hydration into Page Not Found: {path}', async () => {
    defineMiddleware('deny', () => false);
    await expect(runMiddleware(['deny'], { path: '/secret', fullPath: '/secret', signedIn: false }, true)).rejects.toThrow(new PageNotFoundError('/secret'));
    await expect(runMiddleware(['deny'], { path: '/secret', fullPath: '/secret', signedIn: false }, true)).rejects.toThrow('Page Not Found: /secret');
    expect(await runMiddleware(['deny'], { path: '/secret', fullPath: '/secret', signedIn: false }, false)).toBe(false);
  });
  it('turns a failing middleware during hydration into a 404', async () => {
    defineMiddleware('boom', () => {
      throw new Error('x');
    });
    await expect(runMiddleware(['boom'], { path: '/p', fullPath: '/p', signedIn: true }, true)).rejects.toMatchObject({ status: 404, message: 'Page Not Found: /p' });
  });
  it('treats a returned Error like a thrown one, and passes a redirect on', async () => {
    defineMiddleware('err', () => new Error('no'));
    await expect(runMiddleware(['err'], { path: '/e', fullPath: '/e', signedIn: false }, true)).rejects.toThrow('Page Not Found: /e');
    await expect(runMiddleware(['err'], { path: '/e', fullPath: '/e', signedIn: false }, false)).rejects.toThrow('no');
    defineMiddleware('allow', () => true);
    defineMiddleware('away', () => ({ redirect: '/login' }));
    expect(await runMiddleware(['allow', 'away', 'deny'], { path: '/r', fullPath: '/r', signedIn: false }, true)).toEqual({ redirect: '/login' });
    expect(await runMiddleware(['allow'], { path: '/r', fullPath: '/r', signedIn: false }, true)).toBe(true);
    expect(hasMiddleware('allow')).toBe(true);
    expect(hasMiddleware('nope')).toBe(false);
  });
});
