// GET /api/notifications/stream: the signed-in member's live notifications as Server-Sent Events
// (contracts/live.ts). Bearer token as on every call. A stream without Last-Event-ID first sends the
// member's unread notices since the session began, a resumed one everything after its Last-Event-ID;
// then the unread count, then each new notice followed by the new count. Every notice and count
// carries id = the highest notice id delivered, so Last-Event-ID resumes without loss or repetition.
// `change` events name what a write changed for the member (migration 0020). Wakes on the process's
// live bus (NOTIFY yct_live, any instance on the database); a `: ping` comment every
// LIVE_HEARTBEAT_MS, at which the session is also checked again. Ends on logout or revocation (event
// `end` revoked), and with `replaced` for one stream when a member opens more than
// MAX_STREAMS_PER_MEMBER on this instance: a browser tab's before the desktop client's
// (?client=desktop, a priority hint only), the oldest first.
// Written to the raw socket: never compressed or buffered by the app (nginx: see deploy/nginx).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TNotification } from '../../../../contracts/trade.js';
import { LIVE_STREAM_PATH, type TLiveChange } from '../../../../contracts/live.js';
import { sessions } from '../../../db/schema.js';
import type { TLiveEvent } from '../../../lib/live-bus.js';
import { latestNotificationId, notificationsSince, unreadCount, unreadSince } from './notifications.service.js';
import { liveStreamSchema } from './notifications.stream-schema.js';

export const MAX_STREAMS_PER_MEMBER = 5;
/** A notice committed late (after a higher id was sent) is still delivered within this window. */
const LATE_COMMIT_MS = 60_000;
/** Notices read per query while catching up (a resumed stream sends everything since, in rounds). */
const ROUND = 100;

type TStream = {
  memberId: number;
  sessionId: number;
  admin: boolean;
  /** The desktop client's stream (?client=desktop): the per-member bound ends a browser's first. */
  desktop: boolean;
  res: ServerResponse;
  /** The highest notice id delivered (the event id). */
  cursor: number;
  /** Ids delivered or already known below the cursor, with when they were noted. */
  known: Map<number, number>;
  lastCount: number | null;
  busy: boolean;
  again: boolean;
  closed: boolean;
  heartbeat?: NodeJS.Timeout;
  close: (reason?: 'revoked' | 'replaced') => void;
};

const lastEventId = (req: FastifyRequest) => {
  const raw = req.headers['last-event-id'];
  const v = Array.isArray(raw) ? raw[0] : raw;
  return v && /^\d{1,12}$/.test(v) ? Number(v) : null;
};

const isDesktop = (req: FastifyRequest) => (req.query as Record<string, unknown> | undefined)?.client === 'desktop';

/** Which stream gives way when `incoming` would be one too many: a browser tab's (the oldest) before the desktop's. */
export function streamToReplace<T extends { desktop: boolean }>(own: readonly T[], incoming: T): T {
  const browser = own.find((o) => !o.desktop);
  if (browser) return browser;
  // Only desktop streams are open: a browser tab's new one is the one refused.
  return incoming.desktop ? own[0]! : incoming;
}

export function registerNotificationStream(app: FastifyInstance) {
  const streams = new Set<TStream>();

  const write = (s: TStream, text: string) => {
    if (!s.closed) s.res.write(text);
  };

  /** Sends what is new since the stream's cursor and the count if it changed; one run at a time. */
  const flush = async (s: TStream, forceCount = false) => {
    if (s.closed) return;
    if (s.busy) {
      s.again = true;
      return;
    }
    s.busy = true;
    try {
      do {
        s.again = false;
        let sent = 0;
        for (;;) {
          const rows: TNotification[] = await notificationsSince(app.db, s.memberId, s.cursor, LATE_COMMIT_MS, ROUND);
          let fresh = 0;
          for (const n of rows) {
            if (s.known.has(n.id)) continue;
            s.known.set(n.id, Date.now());
            s.cursor = Math.max(s.cursor, n.id);
            fresh++;
            write(s, `id: ${s.cursor}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
          }
          sent += fresh;
          // A full round that moved the cursor: there may be more (a stream resumed after a long absence).
          if (rows.length < ROUND || fresh === 0 || s.closed) break;
        }
        const cutoff = Date.now() - 2 * LATE_COMMIT_MS;
        for (const [id, at] of s.known) if (at < cutoff && id < s.cursor) s.known.delete(id);
        const count = await unreadCount(app.db, s.memberId);
        if (forceCount || sent || count !== s.lastCount) {
          s.lastCount = count;
          write(s, `id: ${s.cursor}\nevent: unread\ndata: ${JSON.stringify({ count })}\n\n`);
        }
        forceCount = false;
      } while (s.again && !s.closed);
    } catch (err) {
      app.log.warn({ err, memberId: s.memberId }, 'live notification stream: read failed; retried on the next event');
    } finally {
      s.busy = false;
    }
  };

  const change = (s: TStream, c: TLiveChange) => write(s, `event: change\ndata: ${JSON.stringify(c)}\n\n`);

  const unsubscribe = app.live.subscribe((e: TLiveEvent) => {
    for (const s of streams) {
      if (e.type === 'revoked') {
        if (s.sessionId === e.sessionId) s.close('revoked');
      } else if (e.type === 'change') {
        if (e.target === s.memberId || (e.target === 'admin' && s.admin)) change(s, { entity: e.entity, id: e.id });
      } else if (e.type === 'gap') {
        // Changes may have been missed while the listener was away: everything live looks again.
        change(s, { entity: 'all', id: null });
        void flush(s);
      } else if ((e.type === 'notice' && (e.memberId === null || e.memberId === s.memberId)) || (e.type === 'count' && e.memberId === s.memberId)) {
        void flush(s);
      }
    }
  });

  const sessionStart = async (sessionId: number) => {
    const [row] = await app.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    return row?.createdAt ?? new Date();
  };

  const sessionValid = async (sessionId: number) => {
    const rows = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    return rows.length > 0;
  };

  app.addHook('preClose', async () => {
    unsubscribe();
    for (const s of streams) s.close();
  });

  app.get(
    LIVE_STREAM_PATH,
    { schema: liveStreamSchema, config: { compress: false } as never },
    async (req, reply) => {
      const me = await req.requireMember();
      const resumeFrom = lastEventId(req);
      const latest = await latestNotificationId(app.db, me.id);
      // A resumed stream starts after its last event; a fresh one after everything the member has,
      // having first sent the unread notices since the session began (the client decides which are new).
      const start = resumeFrom === null ? latest : Math.min(resumeFrom, latest);
      const backlog = resumeFrom === null ? await unreadSince(app.db, me.id, await sessionStart(me.sessionId)) : [];
      const known = new Map<number, number>();
      for (const n of await notificationsSince(app.db, me.id, start, LATE_COMMIT_MS, 200)) if (n.id <= start) known.set(n.id, Date.now());

      reply.hijack();
      const res = reply.raw;
      const headers: Record<string, string | number | string[]> = {};
      for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string | number | string[];
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'private, no-store, no-transform',
        connection: 'keep-alive',
        // nginx: pass each event on at once (deploy/nginx also turns buffering off for this path)
        'x-accel-buffering': 'no',
      });
      res.socket?.setNoDelay(true);
      res.socket?.setKeepAlive(true);

      const s: TStream = {
        memberId: me.id,
        sessionId: me.sessionId,
        admin: me.roles.includes('admin'),
        desktop: isDesktop(req),
        res,
        cursor: start,
        known,
        lastCount: null,
        busy: false,
        again: false,
        closed: false,
        close: (reason) => {
          if (s.closed) return;
          if (reason) res.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
          s.closed = true;
          clearInterval(s.heartbeat);
          streams.delete(s);
          res.end();
        },
      };
      // Bounded per member on this instance: a browser tab's stream gives way (the oldest), never the
      // desktop client's for a browser tab's.
      const own = [...streams].filter((o) => o.memberId === me.id);
      if (own.length >= MAX_STREAMS_PER_MEMBER) {
        const victim = streamToReplace(own, s);
        if (victim === s) {
          write(s, `event: end\ndata: ${JSON.stringify({ reason: 'replaced' })}\n\n`);
          s.closed = true;
          return void res.end();
        }
        victim.close('replaced');
      }
      streams.add(s);
      res.on('close', () => {
        s.closed = true;
        clearInterval(s.heartbeat);
        streams.delete(s);
      });
      s.heartbeat = setInterval(() => {
        write(s, ': ping\n\n');
        void sessionValid(s.sessionId).then(
          (valid) => !valid && s.close('revoked'),
          () => {},
        );
      }, app.config.LIVE_HEARTBEAT_MS);
      write(s, 'retry: 3000\n\n');
      for (const n of backlog) {
        known.set(n.id, Date.now());
        s.cursor = Math.max(s.cursor, n.id);
        write(s, `id: ${s.cursor}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
      }
      await flush(s, true);
    },
  );
}
