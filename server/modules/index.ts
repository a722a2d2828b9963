// Registers every feature module; each module owns its routes under /api, /auth or /resource.
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.js';
import { memberRoutes } from './member/member.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { contentRoutes } from './content/content.routes.js';
import { tradeRoutes } from './trade/trade.routes.js';
import { supplierRoutes } from './supplier/supplier.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { moderationRoutes } from './admin/moderation.routes.js';
import { publicationAdminRoutes } from './content/publications-admin.routes.js';
import { settleRoutes } from './settle/settle.routes.js';
import { responseRoutes } from './response/response.routes.js';

export async function registerModules(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(memberRoutes);
  await app.register(catalogueRoutes);
  await app.register(contentRoutes);
  await app.register(tradeRoutes);
  await app.register(supplierRoutes);
  await app.register(adminRoutes);
  await app.register(moderationRoutes);
  await app.register(publicationAdminRoutes);
  await app.register(settleRoutes);
  await app.register(responseRoutes);
}
