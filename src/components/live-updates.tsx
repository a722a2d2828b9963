// The signed-in member's live events in this tab or window (mounted once, by the root shell): the web
// page holds its own stream (contracts/live.ts: resumed after drops, `replaced` and server restarts);
// a desktop window hears the events of main's one stream. Counts go to the bell, each new notice to
// a toast (web; the desktop shows native ones), and every change to the queries that show it
// (src/shared/live-sync.ts). (A desktop session the server revoked is said by the root shell.)
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_STREAM_PATH, startLiveClient, type TLiveEvent } from '@contracts/live';
import { getPlatform } from '@/platform/platform';
import { refreshUser } from '@/shared/session';
import { applyLiveChanges, createLiveBatcher, setLiveStatus } from '@/shared/live-sync';
import { notify } from '@/components/ui/toast';

/** This tab's stream cursor (sessionStorage: a reload resumes after it instead of catching up since the sign-in). */
const CURSOR_KEY = 'yct_live_cursor';
const readCursor = () => {
  try {
    const v = sessionStorage.getItem(CURSOR_KEY);
    return v && /^\d{1,12}$/.test(v) ? v : null;
  } catch {
    return null;
  }
};
const writeCursor = (id: string | null) => {
  try {
    if (id === null) sessionStorage.removeItem(CURSOR_KEY);
    else sessionStorage.setItem(CURSOR_KEY, id);
  } catch {
    // no sessionStorage: the next load catches up instead
  }
};

export default function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const platform = getPlatform();
    const apply = createLiveBatcher((changes) => void applyLiveChanges(queryClient, changes, refreshUser));
    const persisted = platform.isDesktop ? null : readCursor();
    // The highest notice this tab has decided on: a catch-up notice above it is new (a reload, a
    // resume); without one (a new tab) the catch-up is only counted, not toasted.
    let seen: number | null = persisted === null ? null : Number(persisted);
    let cursor: string | null = persisted;
    const onEvent = (e: TLiveEvent) => {
      if (e.event === 'unread') {
        queryClient.setQueryData(['notifications', 'unread'], e.data.count);
        apply({ entity: 'notice', id: null });
        if (cursor !== null) seen = Math.max(seen ?? 0, Number(cursor));
      } else if (e.event === 'notification') {
        const isNew = !e.data.readAt && (e.replay ? seen !== null && e.data.id > seen : seen === null || e.data.id > seen);
        seen = Math.max(seen ?? 0, e.data.id);
        // The desktop client shows its own native notification (main, electron/core/live-notifications.ts).
        if (isNew && !platform.isDesktop) notify({ title: e.data.title, text: e.data.content, ...(e.data.link ? { link: e.data.link } : {}) });
      } else if (e.event === 'change') {
        apply(e.data);
      }
    };
    if (platform.isDesktop) {
      const off = platform.liveEvents?.(onEvent);
      return () => off?.();
    }
    if (typeof fetch !== 'function') return;
    const stop = startLiveClient({
      url: LIVE_STREAM_PATH,
      headers: () => {
        const token = platform.session.getToken();
        return token ? { authorization: `Bearer ${token}` } : null;
      },
      fetch: (url, init) => fetch(url, { ...init, cache: 'no-store' }),
      lastEventId: persisted,
      onCursor: (id) => {
        cursor = id;
        writeCursor(id);
      },
      onEvent,
      onStatus: setLiveStatus,
    });
    return () => {
      stop();
      setLiveStatus('off');
      // Signed out: the next sign-in is another session (a reload never runs this).
      writeCursor(null);
    };
  }, [queryClient]);
  return null;
}
