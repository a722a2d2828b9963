// /api/admin/*: the platform admin back office (admins only) — announcements, members, suppliers
// and brand reviews; plus the public GET /api/notices/platform with the latest announcements.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminBrandApplication,
  ZAdminBrandQuery,
  ZAdminMember,
  ZAdminMemberQuery,
  ZAdminNotice,
  ZAdminSupplier,
  ZAdminSupplierQuery,
  ZBrandReviewBody,
  ZCreated,
  ZCreatedSupplier,
  ZCreateSupplierAccount,
  ZIdParams,
  ZMemberStatusBody,
  ZNoticeInput,
  ZNoticeListQuery,
  ZNoticeUpdate,
  ZPlatformNotice,
  ZPurchaserBody,
  ZSupplierReviewBody,
  ZSupplierVerifyBody,
} from '../../../contracts/backoffice.js';
import { ZPage } from '../../../contracts/api.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import * as memberSvc from './members.service.js';
import * as noticeSvc from './notices.service.js';
import * as supplierSvc from './suppliers.service.js';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = (req: FastifyRequest) => req.requireRole('admin');

  /* ---------- announcements ---------- */
  const noticeTags = ['admin-notices'];
  app.get(
    '/api/notices/platform',
    { schema: { tags: ['notices'], summary: '最新的平台公告（全体会员可见，最多10条）', security: [], response: { 200: envelope(z.array(ZPlatformNotice)), ...errorResponses } } },
    async () => okData(await noticeSvc.latestPlatform(app.db)),
  );
  app.get('/api/admin/notices', { schema: { tags: noticeTags, summary: '公告列表（全体或指定会员）', querystring: ZNoticeListQuery, response: { 200: envelope(ZPage(ZAdminNotice)), ...errorResponses } } }, async (req) => {
    await admin(req);
    return okData(await noticeSvc.list(app.db, req.query));
  });
  app.post('/api/admin/notices', { schema: { tags: noticeTags, summary: '发布公告（target 为空时发给全体会员）', body: ZNoticeInput, response: { 200: envelope(ZCreated), ...errorResponses } } }, async (req) => {
    await admin(req);
    return okData({ id: await noticeSvc.create(app.db, req.body) }, '公告已发布');
  });
  app.get('/api/admin/notices/:id', { schema: { tags: noticeTags, summary: '公告详情（编辑时重新加载最新版本）', params: ZIdParams, response: { 200: envelope(ZAdminNotice), ...errorResponses } } }, async (req) => {
    await admin(req);
    return okData(await noticeSvc.detail(app.db, req.params.id));
  });
  app.put('/api/admin/notices/:id', { schema: { tags: noticeTags, summary: '修改公告', params: ZIdParams, body: ZNoticeUpdate, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await admin(req);
    await noticeSvc.update(app.db, req.params.id, req.body);
    return ok('公告已保存');
  });
  app.delete('/api/admin/notices/:id', { schema: { tags: noticeTags, summary: '删除公告', params: ZIdParams, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await admin(req);
    await noticeSvc.remove(app.db, req.params.id);
    return ok('公告已删除');
  });

  /* ---------- members ---------- */
  const memberTags = ['admin-members'];
  app.get('/api/admin/members', { schema: { tags: memberTags, summary: '会员列表（手机号、邮箱、姓名搜索；角色与状态筛选）', querystring: ZAdminMemberQuery, response: { 200: envelope(ZPage(ZAdminMember)), ...errorResponses } } }, async (req) => {
    await admin(req);
    return okData(await memberSvc.list(app.db, req.query));
  });
  app.put('/api/admin/members/:id/status', { schema: { tags: memberTags, summary: '禁用或启用会员（禁用即退出所有设备）', params: ZIdParams, body: ZMemberStatusBody, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await admin(req);
    await memberSvc.setStatus(app.db, me.id, req.params.id, req.body.status);
    return ok(req.body.status === 'disabled' ? '账号已禁用' : '账号已启用');
  });
  app.put('/api/admin/members/:id/purchaser', { schema: { tags: memberTags, summary: '授予或取消采购商身份', params: ZIdParams, body: ZPurchaserBody, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await admin(req);
    await memberSvc.setPurchaser(app.db, me.id, req.params.id, req.body.grant);
    return ok(req.body.grant ? '已设为采购商' : '已取消采购商身份');
  });

  /* ---------- suppliers ---------- */
  const supplierTags = ['admin-suppliers'];
  app.get('/api/admin/suppliers', { schema: { tags: supplierTags, summary: '供应商列表（待审核在前）', querystring: ZAdminSupplierQuery, response: { 200: envelope(ZPage(ZAdminSupplier)), ...errorResponses } } }, async (req) => {
    await admin(req);
    return okData(await supplierSvc.list(app.db, req.query));
  });
  app.post('/api/admin/suppliers', { schema: { tags: supplierTags, summary: '为已有会员开通供应商店铺（会员编号或手机号）', body: ZCreateSupplierAccount, response: { 200: envelope(ZCreatedSupplier), ...errorResponses } } }, async (req) => {
    const me = await admin(req);
    return okData(await supplierSvc.createAccount(app.db, me.id, req.body), '供应商店铺已开通');
  });
  app.put('/api/admin/suppliers/:id/status', { schema: { tags: supplierTags, summary: '审核供应商（通过、驳回或退回待审核）', params: ZIdParams, body: ZSupplierReviewBody, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await admin(req);
    const label = await supplierSvc.review(app.db, me.id, req.params.id, req.body.status, req.body.note);
    return ok(`已设为${label}`);
  });
  app.put('/api/admin/suppliers/:id/verified', { schema: { tags: supplierTags, summary: '设置或取消企业认证', params: ZIdParams, body: ZSupplierVerifyBody, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await admin(req);
    await supplierSvc.verify(app.db, me.id, req.params.id, req.body.verified);
    return ok(req.body.verified ? '已认证' : '已取消认证');
  });

  /* ---------- brand reviews ---------- */
  app.get('/api/admin/brand-applications', { schema: { tags: supplierTags, summary: '供应商提交的品牌申请（默认待审核）', querystring: ZAdminBrandQuery, response: { 200: envelope(ZPage(ZAdminBrandApplication)), ...errorResponses } } }, async (req) => {
    await admin(req);
    return okData(await supplierSvc.brandApplications(app.db, req.query));
  });
  app.put('/api/admin/brand-applications/:id', { schema: { tags: supplierTags, summary: '审核品牌申请', params: ZIdParams, body: ZBrandReviewBody, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await admin(req);
    await supplierSvc.reviewBrand(app.db, me.id, req.params.id, req.body.status, req.body.note, req.body.version);
    return ok(req.body.status === 'approved' ? '品牌已通过审核' : '品牌已驳回');
  });
};
