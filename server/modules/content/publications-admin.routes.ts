// /api/admin/publications/{news|articles}*: the platform admin edits, unpublishes and republishes
// platform news and technical articles (admins only; every save names its version).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminPublicationDetail,
  ZAdminPublicationList,
  ZAdminPublicationQuery,
  ZPublicationInput,
  ZPublicationKindParams,
  ZPublicationParams,
  ZPublicationStatusBody,
} from '../../../contracts/moderation.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import * as svc from './publications-admin.service.js';

export const publicationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin-publications'];
  app.get(
    '/api/admin/publications/:kind',
    // The generated id (from the path) would repeat the detail's: name the list explicitly.
    { schema: { tags, operationId: 'listAdminPublications', summary: '平台资讯或技术文章列表（含已下线；标题、栏目、作者搜索；附各状态数量）', params: ZPublicationKindParams, querystring: ZAdminPublicationQuery, response: { 200: envelope(ZAdminPublicationList), ...errorResponses } } },
    async (req) => {
      await req.requireRole('admin');
      return okData(await svc.list(app.db, req.params.kind, req.query));
    },
  );
  app.get(
    '/api/admin/publications/:kind/:id',
    { schema: { tags, summary: '编辑数据（正文、标签、版本）', params: ZPublicationParams, response: { 200: envelope(ZAdminPublicationDetail), ...errorResponses } } },
    async (req) => {
      await req.requireRole('admin');
      return okData(await svc.detail(app.db, req.params.kind, req.params.id));
    },
  );
  app.put(
    '/api/admin/publications/:kind/:id',
    { schema: { tags, summary: '修改资讯或文章（正文在服务端净化；须带版本号）', params: ZPublicationParams, body: ZPublicationInput, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('admin');
      await svc.update(app.db, me.id, req.params.kind, req.params.id, req.body);
      return ok('已保存');
    },
  );
  app.put(
    '/api/admin/publications/:kind/:id/status',
    { schema: { tags, summary: '下线或重新发布（下线后公开页面 404，并从列表与站点地图中移除）', params: ZPublicationParams, body: ZPublicationStatusBody, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('admin');
      await svc.setStatus(app.db, me.id, req.params.kind, req.params.id, req.body);
      return ok(req.body.status === 'unpublished' ? '已下线' : '已重新发布');
    },
  );
};
