// The route table and the data lower layers keep about it agree (SPEC §2 menu keys).
import { describe, expect, it } from 'vitest';
import { STORE_PAGES } from '@contracts/catalogue-constants';
import { ADMIN_MENU } from '@/shared/admin-menu';
import { isPublicPath } from '@/shared/guard';
import { hasMiddleware } from '@/shared/middleware';
import './route-middleware';
import { ROUTES } from './route-table';

describe('route table', () => {
  it('uses the menu key of every admin route it links to', () => {
    for (const section of ADMIN_MENU) {
      if (section.key === 'profile' || section.key === 'platform') continue;
      for (const item of section.items) {
        const route = ROUTES.find((r) => r.path === item.to.split('?')[0]);
        expect(route, item.to).toBeDefined();
        if (route!.path.startsWith('/admin/') && !item.to.includes('?')) expect(route!.menu, item.to).toBe(section.key);
      }
    }
  });

  it('has the store pages the server knows (an address in a store that is none answers 404, seo.ts)', () => {
    const pages = ROUTES.filter((r) => r.path.startsWith('/store/:uid')).map((r) => r.path.replace(/^\/store\/:uid\/?/, ''));
    expect(pages.sort()).toEqual([...STORE_PAGES].sort());
  });

  it('names only registered middleware', () => {
    for (const r of ROUTES) for (const name of r.middleware ?? []) expect(hasMiddleware(name), `${r.path}: ${name}`).toBe(true);
  });

  it('declares auth on exactly the routes outside the public list, guest on the auth pages, an area on the role-based back office', () => {
    const sample = (path: string) => path.replace(/:[^/]+|\*/g, '1.html');
    for (const r of ROUTES) expect(r.middleware?.includes('auth') ?? false, r.path).toBe(!isPublicPath(sample(r.path)));
    expect(ROUTES.filter((r) => r.middleware?.includes('guest')).map((r) => r.path)).toEqual(['/login', '/register', '/fotgetPwd']);
    // The supplier centre's home is open to every member: one without a store applies there (入驻).
    expect(ROUTES.find((r) => r.path === '/admin/supplier')?.middleware).toEqual(['auth']);
    for (const r of ROUTES.filter((x) => x.path.startsWith('/admin/supplier/'))) expect(r.middleware, r.path).toEqual(['auth', 'area:supplier']);
    for (const p of ['/admin/noticeManage', '/admin/userManage/normalUser', '/admin/quickInquiry', '/admin/feedback', '/admin/productManage', '/admin/newsManage', '/admin/newsManage/detail', '/admin/articleManage', '/admin/articleManage/detail']) expect(ROUTES.find((r) => r.path === p)?.middleware).toEqual(['auth', 'area:admin']);
  });
});
