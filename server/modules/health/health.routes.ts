import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: '健康检查',
        response: { 200: z.object({ code: z.literal(200), msg: z.string(), data: z.object({ db: z.string() }) }) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { code: 200 as const, msg: 'ok', data: { db: app.dbKind } };
    },
  );
};
