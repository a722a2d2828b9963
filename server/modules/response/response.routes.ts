// 响应质量 (issue 37): the supplier's own figures with the rows behind them, the admin's spam mark on
// an inquiry and the distribution across suppliers; the batch that keeps the figures is registered
// with the scheduler here. Buyers read the figures inside the catalogue's answers (stores, goods,
// directories) and the comparison, never from a route of their own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SPAM_MARKED, SPAM_UNMARKED, ZAdminInquiriesQuery, ZAdminInquiry, ZResponseDistribution, ZSpamInput, ZSupplierResponse } from '../../../contracts/response-quality.js';
import { ZPage } from '../../../contracts/api.js';
import { ZIdParam } from '../../../contracts/trade.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import { registerJob } from '../../scheduler.js';
import { adminInquiries, markInquirySpam, recomputeResponseStats, responseDistribution, supplierResponse } from './response.service.js';

/** How often the figures are recomputed: buyers see changes within this. */
export const RESPONSE_STATS_EVERY_MS = 5 * 60_000;

let jobRegistered = false;

export const responseRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['response quality'];

  app.get(
    '/api/supplier/response',
    { schema: { tags, summary: '响应数据（供应商）：近90天询价回复率、首次回复用时中位数、报价、撤回与中标，及其所依据的询价与报价', response: { 200: envelope(ZSupplierResponse), ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('supplier');
      return okData(await supplierResponse(app.db, me));
    },
  );

  app.get(
    '/api/admin/response',
    { schema: { tags, summary: '供应商响应数据分布（管理员）：回复率与回复用时的分布、各供应商数据', response: { 200: envelope(ZResponseDistribution), ...errorResponses } } },
    async (req) => {
      await req.requireRole('admin');
      return okData(await responseDistribution(app.db));
    },
  );

  app.get(
    '/api/admin/inquiries',
    { schema: { tags, summary: '询价巡查（管理员）：分发给供应商的全部询价（商品询价与快速询价分发）及其垃圾询价标记', querystring: ZAdminInquiriesQuery, response: { 200: envelope(ZPage(ZAdminInquiry)), ...errorResponses } } },
    async (req) => {
      await req.requireRole('admin');
      return okData(await adminInquiries(app.db, req.query));
    },
  );

  app.put(
    '/api/admin/inquiries/:id/spam',
    { schema: { tags, summary: '标记或取消标记垃圾询价（管理员；被标记的询价不计入供应商响应数据）', params: ZIdParam, body: ZSpamInput, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('admin');
      await markInquirySpam(app.db, me, req.params.id, req.body.spam);
      return ok(req.body.spam ? SPAM_MARKED : SPAM_UNMARKED);
    },
  );

  // One job list per process; tests build many apps and call recomputeResponseStats directly.
  if (!jobRegistered) {
    jobRegistered = true;
    registerJob({ name: 'response-stats', everyMs: RESPONSE_STATS_EVERY_MS, run: (a) => recomputeResponseStats(a.db).then(() => undefined) });
  }
};
