// Registers every feature module; each module owns its routes under /api, /auth or /resource.
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.js';
import { memberRoutes } from './member/member.routes.js';

export async function registerModules(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(memberRoutes);
}
