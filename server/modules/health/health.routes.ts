// Liveness and readiness. /api/health answers while the process runs (it never touches the
// database, so a database outage does not get healthy processes restarted); /api/ready answers 200
// only when the database answers, every migration of the journal is recorded and the process is
// not shutting down — what a load balancer or an orchestrator should route by.
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expectedMigrations } from '../../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the entry point on SIGTERM: readiness answers 503 from then on. */
    lifecycle: { shuttingDown: boolean };
  }
}

const ZReady = z.object({ database: z.boolean(), migrations: z.boolean(), shuttingDown: z.boolean() });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.decorate('lifecycle', { shuttingDown: false });
  let expected: number | undefined;
  let migrated = false; // once all are recorded they stay recorded

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: '存活检查（进程在运行）',
        response: { 200: z.object({ code: z.literal(200), msg: z.string(), data: z.object({ db: z.string(), uptimeS: z.number() }) }) },
      },
    },
    async () => ({ code: 200 as const, msg: 'ok', data: { db: app.dbKind, uptimeS: Math.round(process.uptime()) } }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: '就绪检查（数据库可用、迁移完成、未在停机）',
        response: {
          200: z.object({ code: z.literal(200), msg: z.string(), data: ZReady }),
          503: z.object({ code: z.literal(503), msg: z.string(), data: ZReady, requestId: z.string().optional() }),
        },
      },
    },
    async (_req, reply) => {
      const state = { database: false, migrations: migrated, shuttingDown: app.lifecycle.shuttingDown };
      try {
        if (migrated) {
          await app.db.execute(sql`select 1`);
        } else {
          expected ??= expectedMigrations();
          const rows = (await app.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows?: { n: number }[] } | { n: number }[];
          const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
          migrated = state.migrations = Number(list[0]?.n ?? 0) >= expected;
        }
        state.database = true;
      } catch {
        state.database = false;
      }
      if (state.database && state.migrations && !state.shuttingDown) return { code: 200 as const, msg: 'ready', data: state };
      const msg = state.shuttingDown ? '服务正在停止，请稍后再试' : !state.database ? '数据库暂时不可用，请稍后再试' : '数据库迁移尚未完成，请稍后再试';
      return reply.status(503).send({ code: 503 as const, msg, data: state });
    },
  );
};

export const healthRoutes = fp(routes);
