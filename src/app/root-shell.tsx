// Everything around the pages: loading bar, toasts, the login modal, scroll restoration,
// page titles, layout styles, session sync with other tabs, build updates and the desktop's
// notice that a sign-in will not outlive this run.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate, useNavigation } from 'react-router-dom';
import { LoadingBar } from '@/components/ui/loading-bar';
import { SkipLink } from '@/components/ui/skip-link';
import { message, Toaster } from '@/components/ui/toast';
import { getPlatform } from '@/platform/platform';
import { setUnauthorizedHandler } from '@/platform/http';
import { pageTitle } from '@/config';
import { useLoginModalOpen } from '@/shared/login-modal';
import { guardedReload } from '@/shared/reload-guard';
import { hasPageTitle } from '@/shared/page-title';
import { clearSession, getSession, onSessionEvent, signingOutElsewhere, useSession } from '@/shared/session';
import { markHydrated, useHydrated } from '@/shared/hydration';
import { LEAVE_WITHOUT_ASKING } from '@/components/leave-without-asking';
import { isPublicPath, LAST_PATH_COOKIE, lastPathFor } from '@/shared/guard';
import { setCookie } from '@/platform/cookies';

const LoginModal = lazy(() => import('@/features/auth/login-modal'));
// The desktop's session notice and the offline banner show nothing on the first render: they load
// once the page has hydrated, so a server-rendered page hydrates without their code.
const ShellNotices = lazy(() => import('./shell-notices'));
// The member's live events (counts, toasts, open views following changes): loaded once signed in.
const LiveUpdates = lazy(() => import('@/components/live-updates'));

/** What every desktop window says when main signed out a session the server revoked (electron/core/live-notifications.ts). */
export const SESSION_REVOKED_TEXT = '登录状态已失效（账号已在其他地方退出或修改了密码），请重新登录';

/** Set once the web port sees a newer build; the desktop port never sets it (main's updater restarts the app). */
let reloadOnNextNavigation = false;

export function RootShell() {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const modalOpen = useLoginModalOpen();
  const hydrated = useHydrated();
  const { signedIn } = useSession();
  const firstPath = useRef(location.pathname);
  // The page being navigated to: a 401 that arrives while its loader runs belongs to it, not to
  // the page still shown (the URL changes only once the navigation completes).
  const pending = useRef(navigation.location);
  pending.current = navigation.location;

  useEffect(() => {
    markHydrated();
    let expiring = false;
    /** The page to come back to after signing in again (protected pages only, as the guard does). */
    const rememberHere = () => {
      const { pathname, search, hash } = pending.current ?? window.location;
      if (!isPublicPath(pathname)) setCookie(LAST_PATH_COOKIE, lastPathFor(pathname, pathname + search + hash), { sameSite: 'Lax' });
    };
    // SPEC §8: a 401 logs out, shows the toast and goes to /login. The navigation waits until this
    // window sees itself signed out, or the guard would send a "signed-in" visitor from /login to /.
    setUnauthorizedHandler(() => {
      if (!getSession().signedIn || expiring) return;
      // Logged out in another tab: its logout event takes this one to / (no 「已过期」 toast).
      if (signingOutElsewhere()) return;
      expiring = true;
      rememberHere();
      message.error('登录状态已过期，请重新登录');
      // The session is gone, so nothing on the page can be saved: straight to /login (SPEC §8).
      void clearSession()
        .then(() => navigate('/login', { state: LEAVE_WITHOUT_ASKING }))
        .finally(() => {
          expiring = false;
        });
    });
    // Other tabs or windows: a logout there takes this one to /. In the desktop client a window on a
    // protected page (the supplier back office) shows /login instead and keeps its page for after.
    const off = onSessionEvent((e) => {
      if (e.type !== 'logout' || expiring) return;
      if (getPlatform().isDesktop && !isPublicPath(window.location.pathname)) {
        rememberHere();
        void navigate('/login', { replace: true });
      } else void navigate('/', { replace: true });
    });
    // The desktop shell asks this window to show a route (deep link, menu, a link from another
    // window) instead of reloading it: the router follows, and unsaved edits are asked about.
    const offNavigate = getPlatform().windows.onNavigate((path) => void navigate(path));
    // Desktop: main ends a session the server revoked (a password changed on the web); the logout
    // event that follows takes the window to /login, and this says why.
    const offRevoked = getPlatform().liveEvents?.((e) => {
      if (e.event === 'end' && e.data.reason === 'revoked') message.error(SESSION_REVOKED_TEXT, 8_000);
    });
    getPlatform().updates.start(() => {
      reloadOnNextNavigation = true;
    });
    return () => {
      off();
      offNavigate();
      offRevoked?.();
    };
  }, [navigate]);

  // A new build is picked up on the next navigation (SPEC §4).
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = location.pathname;
    if (reloadOnNextNavigation) guardedReload(location.pathname);
  }, [location.pathname]);

  const leaf = matches[matches.length - 1];
  const handle = (leaf?.handle ?? {}) as { title?: string; layout?: string };
  useEffect(() => {
    // Routes without a title (the 404 fallback) set their own.
    if (handle.title && !hasPageTitle(location.pathname)) document.title = pageTitle(handle.title === '首页' ? undefined : handle.title);
  }, [handle.title, location.pathname]);
  const layout = [...matches].reverse().map((m) => (m.handle as { layout?: string } | undefined)?.layout).find(Boolean) ?? 'default';
  useEffect(() => {
    document.documentElement.dataset.layout = layout;
  }, [layout]);

  return (
    <>
      <SkipLink />
      <LoadingBar loading={navigation.state !== 'idle'} />
      <ScrollRestoration />
      {hydrated && (
        <Suspense fallback={null}>
          <ShellNotices />
        </Suspense>
      )}
      {hydrated && signedIn && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      <Outlet />
      <Toaster />
      {modalOpen && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </>
  );
}
