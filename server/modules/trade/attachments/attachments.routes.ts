// /api/trade/attachments: upload a demand or quotation attachment; download with permission checks.
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam, ZAttachment } from '../../../../contracts/trade.js';
import { AppError } from '../../../errors.js';
import { envelope, errorResponses, okData, ZErrorResponse } from '../../../lib/route-schemas.js';
import { pruneUnlinkedUploads } from '../../../lib/uploads.js';
import { registerJob } from '../../../scheduler.js';
import { contentDisposition, openAttachment, saveAttachment } from './attachments.service.js';

const tags = ['trade: attachments'];
const INLINE = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/gif']);

// The scheduler keeps one job list per process; tests build many apps.
let jobRegistered = false;

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!jobRegistered) {
    jobRegistered = true;
    registerJob({
      name: 'prune-unlinked-uploads',
      everyMs: 60 * 60 * 1000,
      run: async (a) => {
        const n = await pruneUnlinkedUploads(a.db, a.config);
        if (n > 0) a.log.info({ deleted: n }, 'unlinked uploads older than 24 h deleted');
      },
    });
  }
  app.post(
    '/api/trade/attachments',
    {
      schema: {
        tags,
        summary: '上传求购或报价附件（multipart 字段 file；PDF、Office 文件或图片，不超过5MB，按内容识别类型）',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(ZAttachment), ...errorResponses, 413: ZErrorResponse, 415: ZErrorResponse },
      },
    },
    async (req) => {
      const me = await req.requireRole('purchaser', 'supplier');
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', '请选择要上传的附件');
      const file = await req.file();
      if (!file) throw new AppError('BAD_REQUEST', '请选择要上传的附件');
      const buffer = await file.toBuffer().catch(() => {
        throw new AppError('PAYLOAD_TOO_LARGE', '附件不能超过5MB');
      });
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', '附件不能超过5MB');
      return okData(await saveAttachment(app, me.id, buffer, file.filename), '附件已上传');
    },
  );

  app.get(
    '/api/trade/attachments/:id',
    { schema: { tags, summary: '下载附件（上传者、求购发布者、可见该求购的供应商、报价双方、管理员）', params: ZIdParam, response: { 200: z.unknown().describe('文件'), ...errorResponses } } },
    async (req, reply) => {
      const me = await req.requireMember();
      const { file, full } = await openAttachment(app, me, req.params.id);
      return reply
        .type(file.mime)
        .header('content-disposition', contentDisposition(file.filename, INLINE.has(file.mime)))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(full));
    },
  );
};
