// /api/inquiries/*: product inquiries, quick inquiries, the supplier's inbox and figures, the
// platform's quick-inquiry queue.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPage } from '../../../../contracts/api.js';
import {
  ZCountsQuery,
  ZIdParam,
  ZInquiriesQuery,
  ZInquiryInput,
  ZInquiryItem,
  ZInquiryStats,
  ZOptionalNote,
  ZQuickInquiryInput,
  ZQuickInquiryItem,
  ZReplyInput,
  ZRouteQuickInput,
  ZStateCounts,
} from '../../../../contracts/trade.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../../lib/route-schemas.js';
import {
  closeInquiry,
  createInquiry,
  createQuickInquiry,
  inquiryDetail,
  inquiryStats,
  myInquiries,
  myInquiryCounts,
  quickQueue,
  quickQueueCounts,
  replyInquiry,
  routeQuickInquiry,
  supplierInquiries,
  supplierInquiryCounts,
} from './inquiries.service.js';

const tags = ['trade: inquiries'];

export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/inquiries',
    { schema: { tags, summary: '向商品的供应商询价（登录会员）', body: ZInquiryInput, response: { 200: envelope(z.object({ id: z.number(), supplierName: z.string() })), ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      return okData(await createInquiry(app, me, req.body), '询价已发送');
    },
  );

  app.post(
    '/api/inquiries/quick',
    {
      schema: {
        tags,
        summary: '快速询价（游客可用；先以 purpose=inquiry 获取短信验证码；平台分发给商品匹配度最高的供应商）',
        body: ZQuickInquiryInput,
        response: { 200: envelope(z.object({ id: z.number(), routed: z.number() })), ...errorResponses },
      },
    },
    async (req) => {
      const result = await createQuickInquiry(app, await req.getMember(), req.ip, req.body);
      return okData(result, '询价已提交，平台将尽快为您匹配供应商');
    },
  );

  app.get('/api/inquiries/:id', { schema: { tags, summary: '询价详情（被询价的供应商、询价人、管理员）', params: ZIdParam, response: { 200: envelope(ZInquiryItem), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await inquiryDetail(app.db, me, req.params.id));
  });

  app.post('/api/inquiries/:id/reply', { schema: { tags, summary: '回复询价（NEW → REPLIED）', params: ZIdParam, body: ZReplyInput, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await replyInquiry(app, me, req.params.id, req.body.reply);
    return ok('回复已发送');
  });

  app.post('/api/inquiries/:id/close', { schema: { tags, summary: '关闭询价', params: ZIdParam, body: ZOptionalNote.optional(), response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    await closeInquiry(app, me, req.params.id, req.body?.note);
    return ok('询价已关闭');
  });

  app.get('/api/supplier/inquiries', { schema: { tags, summary: '收到的询价（供应商）', querystring: ZInquiriesQuery, response: { 200: envelope(ZPage(ZInquiryItem)), ...errorResponses } } }, async (req) => {
    const me = await req.requireRole('supplier');
    return okData(await supplierInquiries(app.db, me, req.query));
  });

  app.get(
    '/api/supplier/inquiries/counts',
    { schema: { tags, summary: '收到的询价：各状态数量（与列表同一关键词）', querystring: ZCountsQuery.pick({ keyword: true }), response: { 200: envelope(ZStateCounts), ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('supplier');
      return okData(await supplierInquiryCounts(app.db, me, req.query.keyword));
    },
  );

  app.get(
    '/api/supplier/inquiries/stats',
    { schema: { tags, summary: '询价数据：近12周询价量、平均响应时间、报价率、中标率', response: { 200: envelope(ZInquiryStats), ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('supplier');
      return okData(await inquiryStats(app.db, me));
    },
  );

  app.get('/api/purchaser/inquiries', { schema: { tags, summary: '我发出的询价', querystring: ZInquiriesQuery, response: { 200: envelope(ZPage(ZInquiryItem)), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await myInquiries(app.db, me, req.query));
  });

  app.get(
    '/api/purchaser/inquiries/counts',
    { schema: { tags, summary: '我发出的询价：各状态数量（与列表同一关键词；全部为各状态之和）', querystring: ZCountsQuery.pick({ keyword: true }), response: { 200: envelope(ZStateCounts), ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      return okData(await myInquiryCounts(app.db, me, req.query.keyword));
    },
  );

  app.get(
    '/api/admin/quick-inquiries',
    { schema: { tags, summary: '快速询价队列（管理员）', querystring: ZInquiriesQuery, response: { 200: envelope(ZPage(ZQuickInquiryItem)), ...errorResponses } } },
    async (req) => {
      await req.requireRole('admin');
      return okData(await quickQueue(app.db, req.query));
    },
  );

  app.get(
    '/api/admin/quick-inquiries/counts',
    { schema: { tags, summary: '快速询价队列：各状态数量（与列表同一关键词）', querystring: ZCountsQuery.pick({ keyword: true }), response: { 200: envelope(ZStateCounts), ...errorResponses } } },
    async (req) => {
      await req.requireRole('admin');
      return okData(await quickQueueCounts(app.db, req.query.keyword));
    },
  );

  app.post(
    '/api/admin/quick-inquiries/:id/route',
    { schema: { tags, summary: '人工分发快速询价给指定供应商（管理员；已通过审核的供应商，已收到的不重复分发）', params: ZIdParam, body: ZRouteQuickInput, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('admin');
      const n = await routeQuickInquiry(app, me, req.params.id, req.body.supplierIds);
      return ok(`已分发给${n}家供应商`);
    },
  );
};
