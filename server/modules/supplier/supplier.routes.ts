// /api/supplier/*: the supplier back office. Every call needs the supplier role and acts only on
// the caller's own supplier record (403 without one; another supplier's records answer 404).
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_MAX_BYTES,
  ZImageUploadQuery,
  ZStoreSettingsInput,
  ZSupplierCompanyInput,
  ZSupplierOverview,
  ZSupplierProfile,
  ZUploadedImage,
} from '../../../contracts/backoffice.js';
import { AppError } from '../../errors.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import { resolveKey } from '../../lib/uploads.js';
import { contentRoutes } from './content.routes.js';
import { goodsExcelRoutes } from './goods-excel.routes.js';
import { saveStoreImage, STORE_IMAGE_NAME_RE } from './images.service.js';
import { productRoutes } from './products.routes.js';
import * as store from './store.service.js';
import { requireOwnSupplier } from './supplier.context.js';

export const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['supplier'];

  app.get('/api/supplier/overview', { schema: { tags, summary: '供应商中心首页：店铺概况与各项数量', response: { 200: envelope(ZSupplierOverview), ...errorResponses } } }, async (req) => {
    const me = await requireOwnSupplier(app.db, req);
    return okData(await store.overview(app.db, me));
  });

  app.get('/api/supplier/profile', { schema: { tags, summary: '企业信息与店铺设置', response: { 200: envelope(ZSupplierProfile), ...errorResponses } } }, async (req) => {
    const me = await requireOwnSupplier(app.db, req);
    return okData(await store.profile(app.db, me));
  });

  app.put('/api/supplier/company', { schema: { tags, summary: '保存企业信息（所在省份同步到商品，用于地区筛选）', body: ZSupplierCompanyInput, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await requireOwnSupplier(app.db, req);
    await store.updateCompany(app.db, me, req.body);
    return ok('企业信息已保存');
  });

  app.put('/api/supplier/store', { schema: { tags, summary: '保存店铺设置（名称、标语、介绍、主题、标志与横幅）', body: ZStoreSettingsInput, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    const me = await requireOwnSupplier(app.db, req);
    await store.updateStore(app.db, me, req.body);
    return ok('店铺设置已保存');
  });

  app.post(
    '/api/supplier/images',
    {
      schema: {
        tags,
        summary: '上传图片（供应商与平台管理员；multipart 字段 file；JPEG/PNG/WebP/GIF，不超过5MB；按用途缩放并转为 WebP）',
        consumes: ['multipart/form-data'],
        querystring: ZImageUploadQuery,
        response: { 200: envelope(ZUploadedImage), ...errorResponses, 413: errorResponses[400], 415: errorResponses[400] },
      },
    },
    async (req) => {
      // Suppliers for their store and goods; platform admins for the news and technical articles they edit.
      const member = await req.requireRole('supplier');
      const ownerId = member.roles.includes('admin') ? member.id : (await requireOwnSupplier(app.db, req)).memberId;
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', '请选择图片');
      const file = await req.file({ limits: { fileSize: IMAGE_MAX_BYTES } });
      if (!file) throw new AppError('BAD_REQUEST', '请选择图片');
      const buffer = await file.toBuffer().catch(() => {
        throw new AppError('PAYLOAD_TOO_LARGE', '图片不能超过5MB');
      });
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', '图片不能超过5MB');
      return okData(await saveStoreImage(app.db, app.config, ownerId, req.query.purpose, file.filename, buffer), '上传成功');
    },
  );

  app.get('/uploads/store/:name', { schema: { hide: true, params: z.object({ name: z.string().regex(STORE_IMAGE_NAME_RE, '文件不存在') }) } }, async (req, reply) => {
    const file = resolveKey(app.config, `store/${req.params.name}`);
    if (!file) throw new AppError('NOT_FOUND', '文件不存在');
    // Names are random and never reused, so the file can be cached for good.
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(fs.createReadStream(file));
  });

  await app.register(productRoutes);
  await app.register(goodsExcelRoutes);
  await app.register(contentRoutes);
};
