// /api/admin/products*: the platform admin's view of every supplier's goods and the take-down of a
// single product with a reason (admins only; the supplier sees the reason and gets a notice).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../contracts/backoffice.js';
import { ZAdminProduct, ZAdminProductQuery, ZTakedownBody } from '../../../contracts/moderation.js';
import { ZPage } from '../../../contracts/api.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import * as svc from './moderation.service.js';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin-moderation'];
  app.get(
    '/api/admin/products',
    { schema: { tags, summary: '全部商品（名称、型号、企业、编号搜索；状态筛选，平台下架单列）', querystring: ZAdminProductQuery, response: { 200: envelope(ZPage(ZAdminProduct)), ...errorResponses } } },
    async (req) => {
      await req.requireRole('admin');
      return okData(await svc.list(app.db, req.query));
    },
  );
  app.put(
    '/api/admin/products/:id/takedown',
    {
      schema: {
        tags,
        summary: '下架一件在售商品（须填写原因；供应商在商品管理中看到原因并收到站内通知，修改后可直接重新上架）',
        params: ZIdParams,
        body: ZTakedownBody,
        response: { 200: ZOkResponse, ...errorResponses },
      },
    },
    async (req) => {
      const me = await req.requireRole('admin');
      await svc.takeDown(app.db, me.id, req.params.id, req.body);
      return ok('商品已下架，已通知供应商');
    },
  );
};
