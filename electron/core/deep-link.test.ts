import { describe, expect, it } from 'vitest';
import { findDeepLinkInArgv, parseDeepLink } from './deep-link';

describe('deep links', () => {
  it.each([
    ['yicaitong://shop/detail/12.html', '/shop/detail/12.html'],
    ['yicaitong://shop', '/shop'],
    ['yicaitong://', '/'],
    ['yicaitong:///admin/supplier/inquiry', '/admin/supplier/inquiry'],
    ['yicaitong://demand/quotation?id=5#top', '/demand/quotation?id=5#top'],
    ['YICAITONG://news/', '/news'],
    ['yicaitong://store/ab12/companyProfile', '/store/ab12/companyProfile'],
    ['yicaitong://shop/%E6%98%BE%E5%BE%AE%E9%95%9C', '/shop/%E6%98%BE%E5%BE%AE%E9%95%9C'],
    // The URL parser folds encoded dot segments; the result stays an in-app route.
    ['yicaitong://shop/%2e%2e/x', '/shop/x'],
  ])('%s → %s', (link, route) => expect(parseDeepLink(link)).toBe(route));

  it.each([
    ['another scheme', 'https://example.com/shop'],
    ['the app scheme', 'app://yicaitong/shop'],
    ['credentials', 'yicaitong://user:pw@shop'],
    ['a port', 'yicaitong://shop:8080/x'],
    ['encoded traversal', 'yicaitong://shop/..%2F..%2Fetc'],
    ['encoded backslash', 'yicaitong://shop/a%5Cb'],
    ['NUL', 'yicaitong://shop/%00'],
    ['over 2000 characters', `yicaitong://shop/${'a'.repeat(3000)}`],
    ['not a URL', 'not a url'],
  ])('%s → refused', (_name, link) => expect(parseDeepLink(link)).toBeNull());

  it('finds the link among the command-line arguments (Windows, Linux)', () => {
    expect(findDeepLinkInArgv(['C:\\Program Files\\仪采通\\仪采通.exe', '--allow-file-access', 'yicaitong://demand'])).toBe('/demand');
    expect(findDeepLinkInArgv(['/opt/仪采通/yicaitong', '--no-sandbox'])).toBeNull();
  });
});
