// The route middleware the route table names (SPEC §2): access rules, back-office areas and the
// detail pages' .html address, run through the shared registry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TMemberInfo } from '@contracts/member';
import { PageNotFoundError, runMiddleware } from '@/shared/middleware';
import { getSession } from '@/shared/session';
import './route-middleware';

// The session as the middleware reads it (jsdom has no IndexedDB for the sealed user entry).
const session = vi.hoisted(() => ({ current: { signedIn: false, user: null } as { signedIn: boolean; user: unknown } }));
vi.mock('@/shared/session', async (original) => ({ ...(await original<object>()), getSession: () => session.current }));

const ctx = (fullPath: string) => ({ path: fullPath.split(/[?#]/)[0]!, fullPath, signedIn: getSession().signedIn });
const lastPath = () => decodeURIComponent(document.cookie.match(/(?:^|; )lastPath=([^;]*)/)?.[1] ?? '');

function signInAs(roles: string[]) {
  session.current = { signedIn: true, user: { id: 'u1', nickname: '测试', roles } as unknown as TMemberInfo };
}

afterEach(() => {
  session.current = { signedIn: false, user: null };
  document.cookie = 'lastPath=; max-age=0; path=/';
});

describe('auth', () => {
  it('sends a visitor to /login and remembers the full path, query and hash', async () => {
    expect(await runMiddleware(['auth'], ctx('/admin/profile/info?tab=1#security'), true)).toEqual({ redirect: '/login' });
    expect(lastPath()).toBe('/admin/profile/info?tab=1#security');
  });
  it('lets a member in', async () => {
    signInAs(['member']);
    expect(await runMiddleware(['auth'], ctx('/admin/profile'), true)).toBe(true);
  });
});

describe('guest', () => {
  it('sends a member on an auth page to / and lets a visitor in', async () => {
    expect(await runMiddleware(['guest'], ctx('/login'), true)).toBe(true);
    signInAs(['member']);
    for (const p of ['/login', '/register', '/fotgetPwd']) expect(await runMiddleware(['guest'], ctx(p), false)).toEqual({ redirect: '/' });
  });
});

describe('back-office areas', () => {
  it('a plain member on the platform or supplier area: 404 Page Not Found during hydration, stopped afterwards', async () => {
    signInAs(['member', 'purchaser']);
    await expect(runMiddleware(['auth', 'area:admin'], ctx('/admin/noticeManage'), true)).rejects.toThrow(new PageNotFoundError('/admin/noticeManage'));
    expect(await runMiddleware(['auth', 'area:supplier'], ctx('/admin/supplier/goods'), false)).toBe(false);
  });
  it('lets the roles of the area in (admins also read the supplier area)', async () => {
    signInAs(['member', 'supplier']);
    expect(await runMiddleware(['auth', 'area:supplier'], ctx('/admin/supplier/goods'), true)).toBe(true);
    expect(await runMiddleware(['auth', 'area:admin'], ctx('/admin/feedback'), false)).toBe(false);
    signInAs(['member', 'admin']);
    expect(await runMiddleware(['auth', 'area:admin'], ctx('/admin/feedback'), true)).toBe(true);
    expect(await runMiddleware(['auth', 'area:supplier'], ctx('/admin/supplier/quotation'), true)).toBe(true);
  });
});

describe('html-file', () => {
  it('answers Page Not Found for a detail address without .html', async () => {
    expect(await runMiddleware(['html-file'], ctx('/news/detail/1.html'), true)).toBe(true);
    await expect(runMiddleware(['html-file'], ctx('/news/detail/x'), true)).rejects.toThrow('Page Not Found: /news/detail/x');
  });
});
