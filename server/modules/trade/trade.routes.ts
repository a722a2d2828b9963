// The trade module (DESIGN.md §5): demands, quotations, inquiries, notifications, attachments,
// 采购单位 and the scheduled expiry job.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerJob } from '../../scheduler.js';
import { attachmentRoutes } from './attachments/attachments.routes.js';
import { demandRoutes } from './demands/demands.routes.js';
import { inquiryRoutes } from './inquiries/inquiries.routes.js';
import { notificationRoutes } from './notifications/notifications.routes.js';
import { comparisonRoutes } from './quotations/comparison.routes.js';
import { quotationRoutes } from './quotations/quotations.routes.js';
import { organisationRoutes } from './organisation/organisation.routes.js';
import { runTradeJobs } from './trade.jobs.js';

let jobRegistered = false;

export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(demandRoutes);
  await app.register(quotationRoutes);
  await app.register(comparisonRoutes);
  await app.register(inquiryRoutes);
  await app.register(notificationRoutes);
  await app.register(attachmentRoutes);
  // 采购单位 (issue 38): organisations, members, roles, approval rules and 待我审批.
  await app.register(organisationRoutes);
  // The scheduler keeps one job list per process; tests build many apps and call runTradeJobs directly.
  if (!jobRegistered) {
    jobRegistered = true;
    registerJob({ name: 'trade-expiry', everyMs: 60_000, run: (app) => runTradeJobs(app).then(() => undefined) });
  }
};
