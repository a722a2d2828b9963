// Live notifications on the desktop: every decision, no Electron. Main holds one stream per
// signed-in session (not one per window) through this core and only binds its answers to Electron's
// Notification, Tray and app.setBadgeCount:
// - the stream runs while the session hub says signed in, stops on logout, starts again on login;
// - each new notification is shown natively (title, short text; the server's texts carry no prices
//   of sealed quotes) unless 免打扰 hours are on; clicking it opens its route in the right window
//   (supplier pages in the supplier window, launch-routing.ts);
// - the unread count goes to the dock/taskbar badge and to the tray (tooltip and menu);
// - every event is also passed to the open windows so their bells update without a stream of their own.
import { clockMinutes, parseQuietHours, type TQuietHours } from '../../contracts/desktop.js';
import { LIVE_DESKTOP_QUERY, LIVE_STREAM_PATH, startLiveClient, type TLiveClientOptions, type TLiveEvent, type TLiveStatus } from '../../contracts/live.js';
import type { TNotification } from '../../contracts/trade.js';
import { showRequestForRoute, type TShowRequest } from './launch-routing.js';
import type { TSessionHub } from './session-hub.js';

// 免打扰 hours are parsed by the bridge contract's rule (the 「通知设置」 form checks the same).
export { parseQuietHours, type TQuietHours };

export const TRAY_ROUTES = { inquiries: '/admin/supplier/inquiry', quotations: '/admin/supplier/quotation' } as const;
const BODY_MAX = 80;

export type TNotificationPrefs = {
  /** Native notifications at all. */
  enabled: boolean;
  quietHours: TQuietHours | null;
  /** Closing the last window keeps the client in the tray (Windows/Linux); null: the default by role. */
  keepInTray: boolean | null;
};
export const DEFAULT_NOTIFICATION_PREFS: TNotificationPrefs = { enabled: true, quietHours: null, keepInTray: null };

/** True when `now` (local time) lies in the quiet hours; a span over midnight wraps. */
export function isQuietTime(now: Date, quiet: TQuietHours | null): boolean {
  if (!quiet) return false;
  const s = clockMinutes(quiet.start);
  const e = clockMinutes(quiet.end);
  if (s === null || e === null || s === e) return false;
  const t = now.getHours() * 60 + now.getMinutes();
  return s < e ? t >= s && t < e : t >= s || t < e;
}

/** Keep-in-tray: the user's choice, else on for suppliers, off for everyone else. */
export function keepsInTray(prefs: TNotificationPrefs, roles: readonly string[] | null | undefined): boolean {
  if (prefs.keepInTray !== null) return prefs.keepInTray;
  return (roles ?? []).includes('supplier');
}

/** Whether closing the last window quits: never on macOS (the app stays in the dock), else unless kept in the tray. */
export function quitWhenAllWindowsClosed(platform: string, keepInTray: boolean): boolean {
  return platform !== 'darwin' && !keepInTray;
}

/** The native notification for a new notice: title, short text, the route a click opens. */
export type TNativeNotification = { id: number; title: string; body: string; route: string | null };

export function nativeNotificationFor(n: TNotification): TNativeNotification {
  const text = n.content.replace(/\s+/g, ' ').trim();
  return { id: n.id, title: n.title, body: text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text, route: n.link && n.link.startsWith('/') && !n.link.startsWith('//') ? n.link : null };
}

/** The tray menu: what each item does is an action name main maps to its own functions. */
export type TTrayAction = { type: 'show'; request: TShowRequest } | { type: 'quit' };
export type TTrayItem = { label: string; action: TTrayAction } | { separator: true };
export type TTrayModel = { tooltip: string; title: string; items: TTrayItem[] };

export function trayModel(appName: string, state: { signedIn: boolean; unread: number }): TTrayModel {
  const count = state.signedIn ? state.unread : 0;
  const shown = count > 99 ? '99+' : String(count);
  return {
    tooltip: count > 0 ? `${appName} — ${shown} 条未读通知` : appName,
    title: count > 0 ? shown : '',
    items: [
      { label: '询价管理', action: { type: 'show', request: showRequestForRoute(TRAY_ROUTES.inquiries) } },
      { label: '报价管理', action: { type: 'show', request: showRequestForRoute(TRAY_ROUTES.quotations) } },
      { label: '打开主窗口', action: { type: 'show', request: { kind: 'main', route: null } } },
      { separator: true },
      { label: '退出', action: { type: 'quit' } },
    ],
  };
}

/** What a stream starter gets: the handlers, and the cursor to resume from (persisted across runs). */
export type TLiveStreamHandlers = {
  onEvent: (e: TLiveEvent) => void;
  onStatus: (s: TLiveStatus) => void;
  /** The last event id seen in an earlier run; null: a fresh stream (the unread notices since the session began come first). */
  lastEventId: string | null;
  onCursor: (id: string) => void;
};
export type TLiveStreamStarter = (handlers: TLiveStreamHandlers) => () => void;

/** The desktop's stream address: identifies the client, so the server's per-member bound ends a browser tab's stream first. */
export const desktopStreamUrl = (apiBase: string) => `${apiBase.replace(/\/+$/, '')}${LIVE_STREAM_PATH}?${LIVE_DESKTOP_QUERY}`;

/**
 * The desktop's stream starter (main binds it to net.fetch and the vault): the shared client of
 * contracts/live.ts — resumes after drops, `replaced` and server restarts with backoff, stops on
 * revocation — at the desktop's address.
 */
export function desktopStreamStarter(deps: {
  apiBase: () => string;
  token: () => string | null;
  fetch: TLiveClientOptions['fetch'];
  log?: (msg: string) => void;
  /** Tests: timers they drive. */
  timers?: Pick<TLiveClientOptions, 'setTimer' | 'clearTimer' | 'retryMs' | 'maxRetryMs' | 'replacedRetryMs'>;
}): TLiveStreamStarter {
  return ({ onEvent, onStatus, lastEventId, onCursor }) =>
    startLiveClient({
      url: desktopStreamUrl(deps.apiBase()),
      headers: () => {
        const token = deps.token();
        return token ? { authorization: `Bearer ${token}` } : null;
      },
      fetch: deps.fetch,
      lastEventId,
      onCursor,
      onEvent: (e) => {
        if (e.event === 'end') deps.log?.(`live notifications: ended by the server (${e.data.reason})`);
        onEvent(e);
      },
      onStatus: (s) => {
        deps.log?.(`live notifications: ${s}`);
        onStatus(s);
      },
      ...deps.timers,
    });
}

/** Where main keeps the stream's cursor between runs (a small file in the user data folder). */
export type TLiveCursorStore = { get(): string | null; set(id: string | null): void };
export const memoryCursorStore = (): TLiveCursorStore => {
  let v: string | null = null;
  return { get: () => v, set: (id) => void (v = id) };
};

/** More new notices than this in one catch-up are shown as one summary notification. */
export const CATCH_UP_SINGLE_MAX = 3;
export const SIGNED_OUT_TITLE = '登录状态已失效';
export const SIGNED_OUT_BODY = '您的账号已在其他地方退出登录或修改了密码，请重新登录。';

export type TNotificationCenterDeps = {
  appName: string;
  hub: Pick<TSessionHub, 'snapshot' | 'onChange' | 'signOut'>;
  /** Opens the member's stream (desktopStreamStarter over net.fetch with the vault's token). */
  startStream: TLiveStreamStarter;
  /** The stream's cursor across runs; in memory when absent. */
  cursor?: TLiveCursorStore;
  /** Shows a native notification; main calls `center.click(n)` when the user clicks it. */
  showNative: (n: TNativeNotification) => void;
  /** Tells the user the session was ended elsewhere (main: a native notification, or a dialog where there are none). */
  tellSignedOut?: (n: TNativeNotification) => void;
  setBadge: (count: number) => void;
  setTray: (model: TTrayModel) => void;
  /** Every live event, for the open windows' bells and views. */
  broadcast: (e: TLiveEvent) => void;
  /** Opens a window at a route (main's show()). */
  show: (request: TShowRequest) => void;
  prefs: () => TNotificationPrefs;
  now?: () => Date;
  log?: (msg: string) => void;
};

export type TNotificationCenter = {
  /** The user clicked a native notification. */
  click(n: TNativeNotification): void;
  unread(): number;
  status(): TLiveStatus | 'off';
  /** Follows the count the badge and tray show (0 when signed out); returns the function that stops following. */
  onUnreadChange(listener: (count: number) => void): () => void;
  stop(): void;
};

/**
 * The session's one stream and what follows from it:
 * - the badge and tray show the server's unread count (sent again on every (re)connection);
 * - a new notice is shown natively; after a catch-up (the first stream's unread notices since the
 *   session began, or what a resumed stream brings) only notices after the last one this client saw
 *   (the persisted cursor) and still unread are new — more than CATCH_UP_SINGLE_MAX as one summary;
 * - the server revoking the session (a password change on the web, signed out elsewhere) signs the
 *   desktop out: the user is told (SIGNED_OUT_TITLE), the windows go to /login, badge and tray clear.
 */
export function createNotificationCenter(deps: TNotificationCenterDeps): TNotificationCenter {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => {});
  const cursor = deps.cursor ?? memoryCursorStore();
  const counts = new Set<(count: number) => void>();
  let stopStream: (() => void) | null = null;
  let status: TLiveStatus | 'off' = 'off';
  let unread = 0;
  /** When a window announced its logout (a revocation that follows is that logout, not news). */
  let signingOutAt: number | null = null;
  const signingOut = () => signingOutAt !== null && now().getTime() - signingOutAt < 30_000;
  /** The highest notice id decided on (null: none yet in this session — a first catch-up is all new). */
  let seen: number | null = null;
  /** The stream's latest cursor (from event ids). */
  let latestCursor: string | null = null;
  /** New notices of the catch-up under way (before the connection's count). */
  let catchUp: TNotification[] = [];

  const publishCount = () => {
    const signedIn = deps.hub.snapshot().signedIn;
    const shown = signedIn ? unread : 0;
    deps.setBadge(shown);
    deps.setTray(trayModel(deps.appName, { signedIn, unread }));
    for (const l of counts) l(shown);
  };

  const mayShow = (id: number) => {
    const prefs = deps.prefs();
    if (!prefs.enabled) return false;
    if (isQuietTime(now(), prefs.quietHours)) {
      log(`notification ${id} not shown: quiet hours`);
      return false;
    }
    return true;
  };

  const showCatchUp = () => {
    const fresh = catchUp;
    catchUp = [];
    if (fresh.length === 0 || !mayShow(fresh[0]!.id)) return;
    if (fresh.length <= CATCH_UP_SINGLE_MAX) return fresh.forEach((n) => deps.showNative(nativeNotificationFor(n)));
    const last = fresh[fresh.length - 1]!;
    deps.showNative({ id: last.id, title: `${deps.appName}：${fresh.length} 条新通知`, body: `最新：${nativeNotificationFor(last).title}`, route: null });
  };

  /** The server ended the session: unless a window's own logout is under way, sign out and say so (here and in every window). */
  const signedOutHere = (e: TLiveEvent) => {
    const snapshot = deps.hub.snapshot();
    if (!snapshot.signedIn || signingOut()) return;
    log('live notifications: the session was revoked; signing out');
    const n: TNativeNotification = { id: 0, title: SIGNED_OUT_TITLE, body: SIGNED_OUT_BODY, route: '/login' };
    (deps.tellSignedOut ?? deps.showNative)(n);
    deps.broadcast(e);
    deps.hub.signOut();
  };

  const onEvent = (e: TLiveEvent) => {
    if (e.event === 'end') {
      if (e.data.reason === 'revoked') signedOutHere(e);
      return;
    }
    deps.broadcast(e);
    if (e.event === 'unread') {
      unread = e.data.count;
      showCatchUp();
      if (latestCursor !== null) seen = Math.max(seen ?? 0, Number(latestCursor));
      publishCount();
    } else if (e.event === 'notification') {
      const n = e.data;
      // Seen before (a resume repeats nothing, but an earlier run's catch-up may) or read elsewhere: not new.
      const isNew = !n.readAt && (seen === null || n.id > seen);
      seen = Math.max(seen ?? 0, n.id);
      if (!isNew) return;
      if (e.replay) catchUp.push(n);
      else if (mayShow(n.id)) deps.showNative(nativeNotificationFor(n));
    }
  };

  const start = () => {
    if (stopStream) return;
    status = 'connecting';
    const persisted = cursor.get();
    seen = persisted !== null && /^\d+$/.test(persisted) ? Number(persisted) : null;
    latestCursor = null;
    catchUp = [];
    stopStream = deps.startStream({
      onEvent,
      lastEventId: seen === null ? null : String(seen),
      onCursor: (id) => {
        latestCursor = id;
        cursor.set(id);
      },
      onStatus: (s) => {
        status = s;
        if (s === 'stopped') stopStream = null;
      },
    });
  };
  const stop = () => {
    const s = stopStream;
    stopStream = null;
    s?.();
    status = 'off';
    unread = 0;
    catchUp = [];
    publishCount();
  };

  deps.hub.onChange((event) => {
    if (event.type === 'signing-out') signingOutAt = now().getTime();
    else if (event.type === 'logout') {
      signingOutAt = null;
      // The next sign-in is a new session: its first stream brings what is unread since then.
      cursor.set(null);
      stop();
    } else if (event.snapshot.signedIn) {
      if (event.type === 'login') {
        // A new token: a new session, and a new stream with it.
        signingOutAt = null;
        cursor.set(null);
        if (stopStream) {
          const s = stopStream;
          stopStream = null;
          s();
        }
      }
      start();
    }
  });
  if (deps.hub.snapshot().signedIn) start();
  else publishCount();

  return {
    click(n) {
      deps.show(n.route ? showRequestForRoute(n.route) : { kind: 'main', route: null });
    },
    unread: () => unread,
    status: () => status,
    onUnreadChange(listener) {
      counts.add(listener);
      return () => void counts.delete(listener);
    },
    stop,
  };
}
