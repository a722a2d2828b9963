// /api/demands/*, /api/purchaser/demands and the small reference calls of the trade pages.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPage } from '../../../../contracts/api.js';
import {
  QUOTE_MODES,
  DEMAND_RESUBMITTED,
  DEMAND_SENT_FOR_APPROVAL,
  DEMAND_STATES,
  ZAttachment,
  ZCategoryNode,
  ZCountsQuery,
  ZDemandDetail,
  ZDemandHallQuery,
  ZDemandInput,
  ZDemandListItem,
  ZIdParam,
  ZMyDemandItem,
  ZMyDemandsQuery,
  ZCancelDemand,
  ZOptionalNote,
  ZParamRow,
  ZProductSummary,
  ZReason,
  ZStateCounts,
} from '../../../../contracts/trade.js';
import { AppError } from '../../../errors.js';
import { envelope, errorResponses, okData } from '../../../lib/route-schemas.js';
import { isAdmin } from '../common.js';
import { categoryTree, hallPage, minePage, productSummary, stateCounts } from './demands.repository.js';
import { createDemand, demandAction, demandDetail, demandForEdit, isPurchaser, updateDemand, type TDemandAction } from './demands.service.js';

const tags = ['trade: demands'];
const ZIdStatus = envelope(z.object({ id: z.number(), status: z.enum(DEMAND_STATES) }));
const ZDemandForm = z.object({
  id: z.number(),
  status: z.enum(DEMAND_STATES),
  title: z.string(),
  categoryId: z.number().nullable(),
  quantity: z.number(),
  unit: z.string(),
  budget: z.number().nullable(),
  budgetHidden: z.boolean(),
  needBy: z.string().nullable(),
  quoteDeadline: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  description: z.string(),
  params: z.array(ZParamRow),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  quoteCap: z.number(),
  quoteMode: z.enum(QUOTE_MODES),
  attachments: z.array(ZAttachment),
  rejectReason: z.string().nullable(),
});

const ACTIONS: { action: Exclude<TDemandAction, 'reject' | 'approve'>; summary: string; done: string }[] = [
  { action: 'submit', summary: '发布草稿（DRAFT → OPEN）', done: '求购已发布' },
  { action: 'stop', summary: '停止接收报价（QUOTED → EVALUATING）', done: '已停止接收报价，请比价定标' },
  { action: 'cancel', summary: '取消求购（→ CANCELLED，未处理的报价变为未中选；已驳回、待审核的求购也可取消）', done: '求购已取消' },
  { action: 'close', summary: '关闭求购（AWARDED → CLOSED；管理员可关闭评标中的求购）', done: '求购已关闭' },
  { action: 'repost', summary: '重新发布已过期或已取消的求购（生成新的草稿副本）', done: '已生成新的求购草稿，请确认后发布' },
];

export const demandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/trade/categories', { schema: { tags, summary: '产品分类树（发布求购、快速询价用）', response: { 200: envelope(z.array(ZCategoryNode)), ...errorResponses } } }, async () =>
    okData(await categoryTree(app.db)),
  );

  app.get(
    '/api/trade/products/:id/summary',
    { schema: { tags, summary: '商品摘要（询价表单用）', params: ZIdParam, response: { 200: envelope(ZProductSummary), ...errorResponses } } },
    async (req) => {
      const product = await productSummary(app.db, req.params.id);
      if (!product) throw new AppError('NOT_FOUND', '商品不存在或已下架');
      return okData(product);
    },
  );

  app.get('/api/demands', { schema: { tags, summary: '求购大厅（公开；买家名称脱敏）', querystring: ZDemandHallQuery, response: { 200: envelope(ZPage(ZDemandListItem)), ...errorResponses } } }, async (req) =>
    okData(await hallPage(app.db, req.query)),
  );

  app.get(
    '/api/demands/:id',
    { schema: { tags, summary: '求购详情（完整内容与附件仅对登录供应商、发布者和管理员可见）', params: ZIdParam, response: { 200: envelope(ZDemandDetail), ...errorResponses } } },
    async (req) => okData(await demandDetail(app.db, await req.getMember(), req.params.id)),
  );

  app.post('/api/demands', { schema: { tags, summary: '发布求购或保存草稿（仅采购商）', body: ZDemandInput, response: { 200: ZIdStatus, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    const result = await createDemand(app, me, req.body);
    return okData(result, result.status === 'PENDING_APPROVAL' ? DEMAND_SENT_FOR_APPROVAL : req.body.submit ? '求购已发布' : '草稿已保存');
  });

  app.get('/api/demands/:id/edit', { schema: { tags, summary: '草稿或已驳回求购的编辑数据（发布者；已驳回的附驳回原因）', params: ZIdParam, response: { 200: envelope(ZDemandForm), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await demandForEdit(app.db, me, req.params.id));
  });

  app.put('/api/demands/:id', { schema: { tags, summary: '修改草稿（可同时发布）或已驳回的求购（submit 时提交审核）', params: ZIdParam, body: ZDemandInput, response: { 200: ZIdStatus, ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    const result = await updateDemand(app, me, req.params.id, req.body);
    return okData(result, result.status === 'PENDING_APPROVAL' ? DEMAND_SENT_FOR_APPROVAL : result.status === 'PENDING_REVIEW' ? DEMAND_RESUBMITTED : req.body.submit ? '求购已发布' : result.status === 'REJECTED' ? '修改已保存，提交审核后才会重新发布' : '草稿已保存');
  });

  for (const a of ACTIONS) {
    app.post(
      `/api/demands/:id/${a.action}`,
      { schema: { tags, summary: a.summary, params: ZIdParam, body: (a.action === 'cancel' ? ZCancelDemand : ZOptionalNote).optional(), response: { 200: ZIdStatus, ...errorResponses } } },
      async (req) => {
        const me = await req.requireMember();
        const result = await demandAction(app, me, req.params.id, a.action, req.body?.note);
        return okData(result, result.status === 'PENDING_APPROVAL' ? DEMAND_SENT_FOR_APPROVAL : a.done);
      },
    );
  }

  app.post(
    '/api/admin/demands/:id/reject',
    { schema: { tags, summary: '驳回（下架）求购（管理员）', params: ZIdParam, body: ZReason, response: { 200: ZIdStatus, ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('admin');
      return okData(await demandAction(app, me, req.params.id, 'reject', req.body.reason), '求购已驳回');
    },
  );

  app.post(
    '/api/admin/demands/:id/approve',
    { schema: { tags, summary: '审核通过采购方按驳回原因修改后重新提交的求购（PENDING_REVIEW → OPEN，管理员）', params: ZIdParam, body: ZOptionalNote.optional(), response: { 200: ZIdStatus, ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('admin');
      return okData(await demandAction(app, me, req.params.id, 'approve', req.body?.note), '审核通过，求购已重新发布');
    },
  );

  app.get(
    '/api/purchaser/demands',
    { schema: { tags, summary: '我发布的求购（按状态；管理员可用 scope=all 查看全部）', querystring: ZMyDemandsQuery, response: { 200: envelope(ZPage(ZMyDemandItem)), ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      const all = req.query.scope === 'all';
      if (all && !isAdmin(me)) throw new AppError('FORBIDDEN', '只有平台管理员可以查看全部求购');
      if (!all && !isPurchaser(me)) throw new AppError('FORBIDDEN', '只有采购商可以管理求购，请先升级为采购商');
      const withQuotations = req.query.withQuotations === '1' || req.query.withQuotations === 'true';
      return okData(await minePage(app.db, { ...req.query, purchaserId: all ? null : me.id, withQuotations }));
    },
  );

  app.get(
    '/api/purchaser/demands/counts',
    { schema: { tags, summary: '我发布的求购：各状态数量（与列表同一关键词）', querystring: ZCountsQuery, response: { 200: envelope(ZStateCounts), ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      const all = req.query.scope === 'all';
      if (all && !isAdmin(me)) throw new AppError('FORBIDDEN', '只有平台管理员可以查看全部求购');
      if (!all && !isPurchaser(me)) throw new AppError('FORBIDDEN', '只有采购商可以管理求购，请先升级为采购商');
      return okData(await stateCounts(app.db, all ? null : me.id, req.query.keyword));
    },
  );
};
