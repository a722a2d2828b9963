// /api/quotations/* (submit, revise, withdraw, accept, reject) and /api/supplier/quotations; the comparison and its exports are in comparison.routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPage } from '../../../../contracts/api.js';
import { ZAcceptQuotation, ZRejectQuotation } from '../../../../contracts/comparison.js';
import {
  ZCountsQuery,
  ZIdParam,
  ZOptionalNote,
  ZQuotationDetail,
  ZQuotationInput,
  ZQuotationItem,
  ZQuotationRevise,
  ZStateCounts,
  ZSupplierQuotationsQuery,
} from '../../../../contracts/trade.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../../lib/route-schemas.js';
import {
  acceptQuotation,
  quotationDetail,
  rejectQuotation,
  reviseQuotation,
  submitQuotation,
  supplierQuotationCounts,
  supplierQuotations,
  withdrawQuotation,
} from './quotations.service.js';

const tags = ['trade: quotations'];

export const quotationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/quotations',
    { schema: { tags, summary: '提交报价（仅供应商；每个求购或询价一份）', body: ZQuotationInput, response: { 200: envelope(z.object({ id: z.number() })), ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('supplier');
      return okData(await submitQuotation(app, me, req.body), '报价已提交');
    },
  );

  app.get('/api/quotations/:id', { schema: { tags, summary: '报价详情（报价供应商、采购方、管理员；含全部版本和状态记录）', params: ZIdParam, response: { 200: envelope(ZQuotationDetail), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await quotationDetail(app.db, me, req.params.id));
  });

  app.put(
    '/api/quotations/:id',
    { schema: { tags, summary: '修改报价（生成新版本）', params: ZIdParam, body: ZQuotationRevise, response: { 200: envelope(z.object({ id: z.number(), version: z.number() })), ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('supplier');
      return okData(await reviseQuotation(app, me, req.params.id, req.body), '报价已更新');
    },
  );

  app.post('/api/quotations/:id/withdraw', { schema: { tags, summary: '撤回报价（供应商，采购方处理前）', params: ZIdParam, body: ZOptionalNote.optional(), response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await req.requireRole('supplier');
    await withdrawQuotation(app, me, req.params.id, req.body?.note);
    return ok('报价已撤回');
  });

  app.post(
    '/api/quotations/:id/accept',
    {
      schema: {
        tags,
        summary: '接受报价（采购方；须指明所见的报价版本，版本已更新时返回409；不是最低价时须填写选定理由；其他报价变为未中选）',
        params: ZIdParam,
        body: ZAcceptQuotation,
        response: { 200: ZOkResponse, ...errorResponses },
      },
    },
    async (req) => {
      const me = await req.requireMember();
      await acceptQuotation(app, me, req.params.id, req.body);
      return ok('已接受该报价');
    },
  );

  app.post(
    '/api/quotations/:id/reject',
    { schema: { tags, summary: '拒绝报价（采购方，需填写原因并指明所见的报价版本）', params: ZIdParam, body: ZRejectQuotation, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      await rejectQuotation(app, me, req.params.id, req.body);
      return ok('已拒绝该报价');
    },
  );

  app.get(
    '/api/supplier/quotations',
    { schema: { tags, summary: '我的报价（供应商）', querystring: ZSupplierQuotationsQuery, response: { 200: envelope(ZPage(ZQuotationItem)), ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('supplier');
      return okData(await supplierQuotations(app.db, me, req.query));
    },
  );

  app.get(
    '/api/supplier/quotations/counts',
    { schema: { tags, summary: '我的报价：各状态数量（与列表同一关键词）', querystring: ZCountsQuery.pick({ keyword: true }), response: { 200: envelope(ZStateCounts), ...errorResponses } } },
    async (req) => {
    const me = await req.requireRole('supplier');
    return okData(await supplierQuotationCounts(app.db, me, req.query.keyword));
    },
  );
};
