// Live notifications on the desktop: every decision, no Electron. Main holds one stream per
// signed-in session (not one per window) through this core and only binds its answers to Electron's
// Notification, Tray and app.setBadgeCount:
// - the stream runs while the session hub says signed in, stops on logout, starts again on login;
// - each new notification is shown natively (title, short text; the server's texts carry no prices
//   of sealed quotes) unless 免打扰 hours are on; clicking it opens its route in the right window
//   (supplier pages in the supplier window, launch-routing.ts);
// - the unread count goes to the dock/taskbar badge and to the tray (tooltip and menu);
// - every event is also passed to the open windows so their bells update without a stream of their own.
import type { TLiveEvent, TLiveStatus } from '../../contracts/live.js';
import type { TNotification } from '../../contracts/trade.js';
import { showRequestForRoute, type TShowRequest } from './launch-routing.js';
import type { TSessionHub } from './session-hub.js';

export const TRAY_ROUTES = { inquiries: '/admin/supplier/inquiry', quotations: '/admin/supplier/quotation' } as const;
const BODY_MAX = 80;

/** 免打扰: from `start` to `end` (HH:MM, local time; start after end spans midnight). */
export type TQuietHours = { start: string; end: string };
export type TNotificationPrefs = {
  /** Native notifications at all. */
  enabled: boolean;
  quietHours: TQuietHours | null;
  /** Closing the last window keeps the client in the tray (Windows/Linux); null: the default by role. */
  keepInTray: boolean | null;
};
export const DEFAULT_NOTIFICATION_PREFS: TNotificationPrefs = { enabled: true, quietHours: null, keepInTray: null };

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutes = (hhmm: string) => {
  const m = HHMM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** Parses "22:00-08:00" (the settings' form); null for empty, throws a Chinese sentence when malformed. */
export function parseQuietHours(text: string | null | undefined): TQuietHours | null {
  const v = (text ?? '').trim();
  if (!v) return null;
  const [start = '', end = '', ...rest] = v.split('-').map((s) => s.trim());
  if (rest.length || minutes(start) === null || minutes(end) === null || start === end) throw new Error('免打扰时段格式应为 HH:MM-HH:MM，例如 22:00-08:00');
  return { start, end };
}

/** True when `now` (local time) lies in the quiet hours; a span over midnight wraps. */
export function isQuietTime(now: Date, quiet: TQuietHours | null): boolean {
  if (!quiet) return false;
  const s = minutes(quiet.start);
  const e = minutes(quiet.end);
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

export type TLiveStreamStarter = (handlers: { onEvent: (e: TLiveEvent) => void; onStatus: (s: TLiveStatus) => void }) => () => void;

export type TNotificationCenterDeps = {
  appName: string;
  hub: Pick<TSessionHub, 'snapshot' | 'onChange'>;
  /** Opens the member's stream (main: startLiveClient over net.fetch with the vault's token). */
  startStream: TLiveStreamStarter;
  /** Shows a native notification; main calls `center.click(n)` when the user clicks it. */
  showNative: (n: TNativeNotification) => void;
  setBadge: (count: number) => void;
  setTray: (model: TTrayModel) => void;
  /** Every live event, for the open windows' bells. */
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
  stop(): void;
};

export function createNotificationCenter(deps: TNotificationCenterDeps): TNotificationCenter {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => {});
  let stopStream: (() => void) | null = null;
  let status: TLiveStatus | 'off' = 'off';
  let unread = 0;

  const publishCount = () => {
    const signedIn = deps.hub.snapshot().signedIn;
    deps.setBadge(signedIn ? unread : 0);
    deps.setTray(trayModel(deps.appName, { signedIn, unread }));
  };

  const onEvent = (e: TLiveEvent) => {
    deps.broadcast(e);
    if (e.event === 'unread') {
      unread = e.data.count;
      publishCount();
    } else if (e.event === 'notification') {
      const prefs = deps.prefs();
      if (!prefs.enabled) return;
      if (isQuietTime(now(), prefs.quietHours)) return log(`notification ${e.data.id} not shown: quiet hours`);
      deps.showNative(nativeNotificationFor(e.data));
    }
  };

  const start = () => {
    if (stopStream) return;
    status = 'connecting';
    stopStream = deps.startStream({
      onEvent,
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
    publishCount();
  };

  deps.hub.onChange((event) => {
    if (event.type === 'logout') stop();
    else if (event.type !== 'signing-out' && event.snapshot.signedIn) start();
  });
  if (deps.hub.snapshot().signedIn) start();
  else publishCount();

  return {
    click(n) {
      deps.show(n.route ? showRequestForRoute(n.route) : { kind: 'main', route: null });
    },
    unread: () => unread,
    status: () => status,
    stop,
  };
}
