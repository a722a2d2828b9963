// The trade module (DESIGN.md §5): demands, quotations, inquiries, notifications, attachments and
// the scheduled expiry job.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerMetaResolver } from '../../plugins/html.js';
import { registerJob } from '../../scheduler.js';
import { attachmentRoutes } from './attachments/attachments.routes.js';
import { demandRoutes } from './demands/demands.routes.js';
import { inquiryRoutes } from './inquiries/inquiries.routes.js';
import { notificationRoutes } from './notifications/notifications.routes.js';
import { quotationRoutes } from './quotations/quotations.routes.js';
import { runTradeJobs } from './trade.jobs.js';

let jobRegistered = false;

/** Titles and descriptions of the public trade pages for shared links (the SPA sets them again). */
const PAGE_META: Record<string, { title: string; description: string }> = {
  '/demand': { title: '求购大厅', description: '高校、科研院所与企业实验室的真实科学仪器采购需求，入驻供应商在线密封报价，采购方在线比价。' },
  '/demand/inquiry': { title: '发布求购', description: '发布仪器采购需求与参数要求，多家供应商密封报价，在线比价、导出比价单。' },
  '/demand/quickInquiry': { title: '快速询价', description: '一句话说明要采购的仪器，手机验证后即可提交，平台为您匹配经营相关产品的供应商。' },
};

export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(demandRoutes);
  await app.register(quotationRoutes);
  await app.register(inquiryRoutes);
  await app.register(notificationRoutes);
  await app.register(attachmentRoutes);
  // The scheduler keeps one job list per process; tests build many apps and call runTradeJobs directly.
  if (!jobRegistered) {
    jobRegistered = true;
    registerMetaResolver(async (_app, pathname) => PAGE_META[pathname.replace(/\/+$/, '') || '/'] ?? null);
    registerJob({ name: 'trade-expiry', everyMs: 60_000, run: (app) => runTradeJobs(app).then(() => undefined) });
  }
};
