import { describe, expect, it, vi } from 'vitest';
import { allowedOrigins, buildCsp, createExternalOpener, decideNavigation, decideWindowOpen, isAllowedOrigin, isSafeExternalUrl, isTrustedIpcSender, originOf } from './policies';

const DEV = 'http://127.0.0.1:5173';
const PROD = allowedOrigins();
const WITH_DEV = allowedOrigins(DEV);

describe('originOf', () => {
  it.each([
    ['app://yicaitong/shop', 'app://yicaitong'],
    ['APP://YICAITONG/x', 'app://yicaitong'],
    ['http://127.0.0.1:5173/a?b', 'http://127.0.0.1:5173'],
    ['https://example.com.attacker.com/', 'https://example.com.attacker.com'],
    ['not a url', null],
    ['mailto:a@b.cn', null],
    ['file:///etc/passwd', null],
  ])('%s → %s', (url, origin) => expect(originOf(url)).toBe(origin));
});

describe('allowed origins', () => {
  it.each([
    ['app://yicaitong/', PROD, true],
    ['app://yicaitong/admin/supplier', PROD, true],
    ['app://yicaitong.attacker.com/', PROD, false],
    ['app://evil/', PROD, false],
    ['app://yicaitong@evil/', PROD, false],
    ['http://127.0.0.1:5173/', PROD, false],
    ['http://127.0.0.1:5173/', WITH_DEV, true],
    ['http://127.0.0.1:5174/', WITH_DEV, false],
    ['http://127.0.0.1:5173.attacker.com/', WITH_DEV, false],
    ['https://127.0.0.1:5173/', WITH_DEV, false],
    ['https://example.com.attacker.com', ['https://example.com'], false],
    ['https://example.com', ['https://example.com'], true],
    ['https://example.com:443/x', ['https://example.com'], true],
    ['https://attacker.com/https://example.com', ['https://example.com'], false],
    ['https://example.com@attacker.com/', ['https://example.com'], false],
    ['', PROD, false],
  ])('%s in %j → %s', (url, allowed, expected) => expect(isAllowedOrigin(url, allowed)).toBe(expected));
});

describe('external links: http, https and mailto only', () => {
  it.each([
    ['https://www.example.com/a', true],
    ['http://example.com', true],
    ['mailto:sales@yicaitong.cn', true],
    ['https://example.com.attacker.com', true],
    ['file:///C:/Windows/System32/calc.exe', false],
    ['javascript:alert(1)', false],
    ['smb://host/share', false],
    ['ms-msdt:/id PCWDiagnostic', false],
    ['search-ms:query=x', false],
    ['vbscript:msgbox', false],
    ['data:text/html,<script>1</script>', false],
    ['app://yicaitong/', false],
    ['yicaitong://shop', false],
    ['https://user:pass@example.com', false],
    ['mailto:', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => expect(isSafeExternalUrl(url)).toBe(expected));

  it('passes only safe URLs to the injected openExternal', () => {
    const openExternal = vi.fn(async () => {});
    const log = vi.fn();
    const open = createExternalOpener(openExternal, log);
    expect(open('https://example.com')).toBe(true);
    expect(open('file:///etc/passwd')).toBe(false);
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(openExternal).toHaveBeenCalledWith('https://example.com');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('refused'));
  });
});

describe('navigation', () => {
  it.each([
    ['app://yicaitong/shop', PROD, { action: 'allow' }],
    ['app://evil/shop', PROD, { action: 'deny' }],
    ['https://example.com.attacker.com/', PROD, { action: 'external', url: 'https://example.com.attacker.com/' }],
    ['http://127.0.0.1:5173/demand', WITH_DEV, { action: 'allow' }],
    ['http://127.0.0.1:5173/demand', PROD, { action: 'external', url: 'http://127.0.0.1:5173/demand' }],
    ['file:///etc/passwd', PROD, { action: 'deny' }],
    ['javascript:alert(1)', PROD, { action: 'deny' }],
    ['chrome://settings', PROD, { action: 'deny' }],
    // API HTML (Swagger UI at /api/docs) never renders inside the privileged app:// origin.
    ['app://yicaitong/api/docs', PROD, { action: 'deny' }],
    ['app://yicaitong/uploads/x.html', PROD, { action: 'deny' }],
  ])('%s → %j', (url, allowed, decision) => expect(decideNavigation(url, allowed)).toEqual(decision));
});

describe('window.open', () => {
  it.each([
    ['app://yicaitong/admin/supplier', { action: 'supplier', path: '/admin/supplier' }],
    ['app://yicaitong/admin/supplier/goods?page=2', { action: 'supplier', path: '/admin/supplier/goods?page=2' }],
    // In-app pages a link opens "in a new window" (访问我的店铺, previews, 《用户协议》) open in the main window.
    ['app://yicaitong/admin/supplierx', { action: 'main', path: '/admin/supplierx' }],
    ['app://yicaitong/shop', { action: 'main', path: '/shop' }],
    ['app://yicaitong/store/s0001?preview=1', { action: 'main', path: '/store/s0001?preview=1' }],
    ['app://yicaitong/agreement/user', { action: 'main', path: '/agreement/user' }],
    // API pages (Swagger UI) never render inside the privileged app origin.
    ['app://yicaitong/api/docs', { action: 'deny' }],
    ['app://evil/admin/supplier', { action: 'deny' }],
    ['https://www.example.com/', { action: 'external', url: 'https://www.example.com/' }],
    ['mailto:a@b.cn', { action: 'external', url: 'mailto:a@b.cn' }],
    ['file:///etc/passwd', { action: 'deny' }],
    ['about:blank', { action: 'deny' }],
  ])('%s → %j', (url, decision) => expect(decideWindowOpen(url, PROD)).toEqual(decision));
});

describe('IPC sender validation', () => {
  const top = (url: string) => ({ url, parent: null });
  it.each([
    ['top frame on app://', { senderFrame: top('app://yicaitong/') }, PROD, true],
    ['top frame on dev server', { senderFrame: top('http://127.0.0.1:5173/') }, WITH_DEV, true],
    ['dev server when not in dev', { senderFrame: top('http://127.0.0.1:5173/') }, PROD, false],
    ['sub-frame', { senderFrame: { url: 'app://yicaitong/', parent: top('app://yicaitong/') } }, PROD, false],
    ['frame gone (navigated/destroyed)', { senderFrame: null }, PROD, false],
    ['frame missing', { senderFrame: undefined }, PROD, false],
    ['foreign origin', { senderFrame: top('https://attacker.com/') }, PROD, false],
    ['look-alike origin', { senderFrame: top('https://example.com.attacker.com/') }, ['https://example.com'], false],
    ['file://', { senderFrame: top('file:///index.html') }, PROD, false],
    ['about:blank', { senderFrame: top('about:blank') }, PROD, false],
  ])('%s → %s', (_name, event, allowed, expected) => expect(isTrustedIpcSender(event, allowed)).toBe(expected));
});

describe('CSP', () => {
  const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));

  it('production: scripts and connections only from self, no objects, no framing', () => {
    const d = directives(buildCsp());
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(buildCsp()).not.toContain('unsafe-eval');
  });

  it("frames: only a blob the page's own script made (the licence PDF preview), no site and none of our pages", () => {
    for (const csp of [buildCsp(), buildCsp({ devServerUrl: DEV })]) {
      const d = directives(csp);
      expect(d.get('frame-src')).toEqual(['blob:']);
      expect(d.get('child-src')).toBeUndefined();
      expect(d.get('object-src')).toEqual(["'none'"]);
    }
  });

  it('development adds the dev server and its HMR socket', () => {
    const d = directives(buildCsp({ devServerUrl: DEV }));
    expect(d.get('script-src')).toContain(DEV);
    expect(d.get('connect-src')).toEqual(["'self'", DEV, 'ws://127.0.0.1:5173']);
  });
});
