import { describe, expect, it } from 'vitest';
import { isExternal, lookupRouteRule } from './route-rules';
import { defineMiddleware, PageNotFoundError, runMiddleware } from './middleware';

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
    await expect(runMiddleware(['nope'], { path: '/a', signedIn: false }, false)).rejects.toThrow("Unknown route middleware: 'nope'.");
  });
  it('turns false during hydration into Page Not Found: {path}', async () => {
    defineMiddleware('deny', () => false);
    await expect(runMiddleware(['deny'], { path: '/secret', signedIn: false }, true)).rejects.toThrow(new PageNotFoundError('/secret'));
    await expect(runMiddleware(['deny'], { path: '/secret', signedIn: false }, true)).rejects.toThrow('Page Not Found: /secret');
    expect(await runMiddleware(['deny'], { path: '/secret', signedIn: false }, false)).toBe(false);
  });
  it('turns a failing middleware during hydration into a 404', async () => {
    defineMiddleware('boom', () => {
      throw new Error('x');
    });
    await expect(runMiddleware(['boom'], { path: '/p', signedIn: true }, true)).rejects.toMatchObject({ status: 404, message: 'Page Not Found: /p' });
  });
});
