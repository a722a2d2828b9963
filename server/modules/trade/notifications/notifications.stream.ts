// GET /api/notifications/stream: the signed-in member's live notifications as Server-Sent Events
// (contracts/live.ts). Bearer token as on every call; the first event is the unread count, then
// each new notice (id = the highest notice id delivered, so Last-Event-ID resumes without loss or
// repetition) followed by the new count. Wakes on the process's live bus (NOTIFY yct_live from
// migration 0012, any instance on the database); a `: ping` comment every LIVE_HEARTBEAT_MS, at
// which the session is also checked again. Ends on logout or revocation (event `end`), and for the
// oldest stream when a member opens more than MAX_STREAMS_PER_MEMBER on this instance.
// Written to the raw socket: never compressed or buffered by the app (nginx: see deploy/nginx).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TNotification } from '../../../../contracts/trade.js';
import { LIVE_STREAM_PATH } from '../../../../contracts/live.js';
import { sessions } from '../../../db/schema.js';
import type { TLiveEvent } from '../../../lib/live-bus.js';
import { latestNotificationId, notificationsSince, unreadCount } from './notifications.service.js';

export const MAX_STREAMS_PER_MEMBER = 5;
/** A notice committed late (after a higher id was sent) is still delivered within this window. */
const LATE_COMMIT_MS = 60_000;

type TStream = {
  memberId: number;
  sessionId: number;
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
        const rows: TNotification[] = await notificationsSince(app.db, s.memberId, s.cursor, LATE_COMMIT_MS);
        for (const n of rows) {
          if (s.known.has(n.id)) continue;
          s.known.set(n.id, Date.now());
          s.cursor = Math.max(s.cursor, n.id);
          write(s, `id: ${s.cursor}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
        }
        const cutoff = Date.now() - 2 * LATE_COMMIT_MS;
        for (const [id, at] of s.known) if (at < cutoff && id < s.cursor) s.known.delete(id);
        const count = await unreadCount(app.db, s.memberId);
        if (forceCount || rows.length || count !== s.lastCount) {
          s.lastCount = count;
          write(s, `event: unread\ndata: ${JSON.stringify({ count })}\n\n`);
        }
        forceCount = false;
      } while (s.again && !s.closed);
    } catch (err) {
      app.log.warn({ err, memberId: s.memberId }, 'live notification stream: read failed; retried on the next event');
    } finally {
      s.busy = false;
    }
  };

  const unsubscribe = app.live.subscribe((e: TLiveEvent) => {
    for (const s of streams) {
      if (e.type === 'revoked') {
        if (s.sessionId === e.sessionId) s.close('revoked');
      } else if (e.type === 'gap' || (e.type === 'notice' && (e.memberId === null || e.memberId === s.memberId)) || (e.type === 'count' && e.memberId === s.memberId)) {
        void flush(s);
      }
    }
  });

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
    { schema: { tags: ['trade: notifications'], summary: '实时通知（Server-Sent Events）', hide: true }, config: { compress: false } as never },
    async (req, reply) => {
      const me = await req.requireMember();
      const resumeFrom = lastEventId(req);
      const latest = await latestNotificationId(app.db, me.id);
      // A fresh stream starts after everything the member has; a resumed one after its last event.
      const start = resumeFrom === null ? latest : Math.min(resumeFrom, latest);
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
      // Bounded per member on this instance: the oldest stream gives way.
      const own = [...streams].filter((o) => o.memberId === me.id);
      if (own.length >= MAX_STREAMS_PER_MEMBER) own[0]!.close('replaced');
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
      await flush(s, true);
    },
  );
}
