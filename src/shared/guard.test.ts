// The access rules of SPEC §2.
import { describe, expect, it } from 'vitest';
import { isAuthPage, isPublicPath, lastPathFor } from './guard';

describe('public routes', () => {
  it.each(['/', '/about', '/about/contact', '/agreement/supplier', '/service', '/login', '/register', '/fotgetPwd', '/privacy-policy', '/feedback', '/enterprise', '/enterprise/12', '/news', '/news/detail/1.html', '/technicalCentre', '/technicalCentre/detail/9.html', '/shop', '/shop/detail/5.html', '/shop/goods-details', '/demand', '/demand/inquiry', '/demand/quickInquiry', '/demand/quotation', '/store', '/store/s0001', '/store/s0001/allProducts', '/verify/comparison/ABCDEFGHJKMN', '/news/detail/1', '/shop/detail/5'])(
    '%s is public',
    (p) => expect(isPublicPath(p)).toBe(true),
  );
  it.each(['/admin', '/admin/profile', '/admin/supplier/goods', '/demand/other', '/aboutus', '/verify', '/verify/comparison', '/sitemap'])('%s is protected', (p) => expect(isPublicPath(p)).toBe(false));
});

describe('lastPath', () => {
  it('keeps the full path, query and hash', () => {
    expect(lastPathFor('/admin/profile', '/admin/profile?tab=1#x')).toBe('/admin/profile?tab=1#x');
  });
  it('remembers / instead of the privacy policy or an auth page', () => {
    expect(lastPathFor('/privacy-policy', '/privacy-policy?x=1')).toBe('/');
    expect(lastPathFor('/login', '/login')).toBe('/');
    expect(lastPathFor('/admin', '/admin?a=1')).toBe('/admin?a=1');
  });
  it('knows the auth pages', () => {
    for (const p of ['/login', '/register', '/fotgetPwd', '/login/']) expect(isAuthPage(p)).toBe(true);
    expect(isAuthPage('/admin')).toBe(false);
  });
});
