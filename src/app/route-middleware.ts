// The route middleware the route table names (SPEC §2 access rules), registered once with the
// shared registry: `auth` (a member only; a visitor goes to /login and lastPath remembers the full
// path, hash included), `guest` (the auth pages; a member goes to /), `area:admin` and
// `area:supplier` (the role-based back-office areas; the server checks every call again) and
// `html-file` (detail pages are addressed as {id}.html; anything else is not a page).
import { setCookie } from '@/platform/cookies';
import { getPlatform } from '@/platform/platform';
import { isAuthPage, LAST_PATH_COOKIE, lastPathFor } from '@/shared/guard';
import { defineMiddleware } from '@/shared/middleware';
import { reportServerUnavailable } from '@/platform/connection';
import { ApiError } from '@/platform/http';
import { clearSession, endsSession, fetchMemberInfo, getSession, signingOutElsewhere } from '@/shared/session';

const toLogin = (path: string, fullPath: string) => {
  setCookie(LAST_PATH_COOKIE, lastPathFor(path, fullPath), { sameSite: 'Lax' });
  return { redirect: '/login' };
};

defineMiddleware('auth', async ({ path, fullPath, signedIn }) => {
  if (!signedIn) return toLogin(path, fullPath);
  if (getSession().user) return true;
  try {
    await getPlatform().session.setUser(await fetchMemberInfo());
  } catch (err) {
    console.error('failed to get user info', err);
    // Only a 401 ends the session (the member signs in again and comes back here). Offline, a 5xx
    // (the server's database down) or anything else keeps it: the page shows with the notice.
    if (err instanceof ApiError && err.code >= 500) reportServerUnavailable();
    if (endsSession(err)) {
      await clearSession();
      // Another tab is logging out: its logout takes every tab home, not to /login.
      if (signingOutElsewhere()) return { redirect: '/' };
      return toLogin(path, fullPath);
    }
  }
  return true;
});

defineMiddleware('guest', ({ path, signedIn }) => (signedIn && isAuthPage(path) ? { redirect: '/' } : true));

/** A member whose roles are known and include none of `roles` is not let in (unknown roles: offline, let the server answer). */
const area = (roles: readonly string[]) => () => {
  const user = getSession().user;
  return !user || roles.some((r) => user.roles.includes(r));
};
defineMiddleware('area:admin', area(['admin']));
// The platform's admins read suppliers' inquiries and quotations too.
defineMiddleware('area:supplier', area(['supplier', 'admin']));

defineMiddleware('html-file', ({ path }) => /\.html$/.test(path));
