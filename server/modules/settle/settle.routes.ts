// /api/settle/*: a member's online 入驻 application (and its business licence), and
// /api/admin/settle-applications: the admin's review queue.
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../../contracts/backoffice.js';
import { ZPage } from '../../../contracts/api.js';
import { LICENCE_MAX_BYTES, ZAdminApplication, ZAdminApplicationQuery, ZApplicationReviewBody, ZSettleApplication, ZSettleApplicationInput, ZSettleState, ZUploadedLicence } from '../../../contracts/settle.js';
import { AppError } from '../../errors.js';
import { envelope, errorResponses, okData, ZErrorResponse } from '../../lib/route-schemas.js';
import { contentDisposition } from '../../lib/filenames.js';
import * as svc from './applications.service.js';

const tags = ['settle'];

export const settleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settle/application', { schema: { tags, summary: '我的入驻申请与店铺开通状态', response: { 200: envelope(ZSettleState), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await svc.myState(app.db, me.id));
  });

  app.post('/api/settle/application', { schema: { tags, summary: '提交入驻申请（被驳回后修改并重新提交）', body: ZSettleApplicationInput, response: { 200: envelope(ZSettleApplication), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await svc.submit(app, me.id, req.body), '入驻申请已提交，请等待平台审核');
  });

  app.post(
    '/api/settle/licence',
    {
      schema: {
        tags,
        summary: '上传营业执照（multipart 字段 file；JPG、PNG 或 PDF，不超过5MB，按内容识别类型）',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(ZUploadedLicence), ...errorResponses, 413: ZErrorResponse, 415: ZErrorResponse },
      },
    },
    async (req) => {
      const me = await req.requireMember();
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', '请选择营业执照文件');
      const file = await req.file({ limits: { fileSize: LICENCE_MAX_BYTES } });
      if (!file) throw new AppError('BAD_REQUEST', '请选择营业执照文件');
      const buffer = await file.toBuffer().catch(() => {
        throw new AppError('PAYLOAD_TOO_LARGE', '营业执照文件不能超过5MB');
      });
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', '营业执照文件不能超过5MB');
      return okData(await svc.saveLicence(app, me.id, buffer, file.filename), '营业执照已上传');
    },
  );

  app.get('/api/settle/licence/:id', { schema: { tags, summary: '查看营业执照（上传者与管理员）', params: ZIdParams, response: { 200: z.unknown().describe('文件'), ...errorResponses } } }, async (req, reply) => {
    const me = await req.requireMember();
    const { file, full } = await svc.openLicence(app, me, req.params.id);
    return reply
      .type(file.mime)
      .header('content-disposition', contentDisposition(file.filename, true))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(full));
  });

  const adminTags = ['admin-suppliers'];
  app.get('/api/admin/settle-applications', { schema: { tags: adminTags, summary: '入驻申请审核队列（待审核在前）', querystring: ZAdminApplicationQuery, response: { 200: envelope(ZPage(ZAdminApplication)), ...errorResponses } } }, async (req) => {
    await req.requireRole('admin');
    return okData(await svc.queue(app.db, req.query));
  });

  app.put(
    '/api/admin/settle-applications/:id',
    { schema: { tags: adminTags, summary: '审核入驻申请：通过（开通店铺）或驳回（须填写原因）', params: ZIdParams, body: ZApplicationReviewBody, response: { 200: envelope(z.object({ storeUid: z.string().nullable() })), ...errorResponses } } },
    async (req) => {
      const me = await req.requireRole('admin');
      const r = await svc.review(app, me.id, req.params.id, req.body);
      return okData(r, req.body.decision === 'approve' ? `已通过，店铺已开通（${r.storeUid}）` : '已驳回，已通知申请人');
    },
  );
};
