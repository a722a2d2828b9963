// Placeholder: the trade module registers its routes here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const tradeRoutes: FastifyPluginAsyncZod = async () => {};
