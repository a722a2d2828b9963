// The access rules of SPEC §2.
import { describe, expect, it } from 'vitest';
import { decideNavigation, isPublicPath, lastPathFor } from './guard';

describe('public routes', () => {
  it.each(['/', '/about', '/about/contact', '/agreement/supplier', '/service', '/login', '/register', '/fotgetPwd', '/privacy-policy', '/feedback', '/enterprise', '/enterprise/12', '/news', '/news/detail/1.html', '/technicalCentre', '/technicalCentre/detail/9.html', '/shop', '/shop/detail/5.html', '/shop/goods-details', '/demand', '/demand/inquiry', '/demand/quickInquiry', '/demand/quotation', '/store', '/store/s0001', '/store/s0001/allProducts', '/verify/comparison/ABCDEFGHJKMN'])(
    '%s is public',
    (p) => expect(isPublicPath(p)).toBe(true),
  );
  it.each(['/admin', '/admin/profile', '/admin/supplier/goods', '/news/detail/1', '/shop/detail/5', '/demand/other', '/aboutus', '/verify', '/verify/comparison'])('%s is protected', (p) => expect(isPublicPath(p)).toBe(false));
});

describe('decideNavigation', () => {
  it('sends a visitor on a protected route to /login and remembers the full path', () => {
    expect(decideNavigation('/admin/profile', '/admin/profile?tab=1#x', false)).toEqual({ kind: 'redirect', to: '/login', lastPath: '/admin/profile?tab=1#x' });
  });
  it('lets a visitor through public routes', () => {
    expect(decideNavigation('/shop', '/shop?keyword=天平', false)).toEqual({ kind: 'allow' });
  });
  it('sends a member on an auth page to /', () => {
    for (const p of ['/login', '/register', '/fotgetPwd']) expect(decideNavigation(p, p, true)).toEqual({ kind: 'redirect', to: '/' });
  });
  it('lets a member through every other route', () => {
    expect(decideNavigation('/admin/profile', '/admin/profile', true)).toEqual({ kind: 'allow' });
  });
  it('remembers / instead of the privacy policy or an auth page', () => {
    expect(lastPathFor('/privacy-policy', '/privacy-policy?x=1')).toBe('/');
    expect(lastPathFor('/login', '/login')).toBe('/');
    expect(lastPathFor('/admin', '/admin?a=1')).toBe('/admin?a=1');
  });
});
