// The purchaser's comparison of a demand's quotations, its 比价单 exports (Excel, PDF) with their
// 核验码, and the public check of a printed 比价单 (/api/verify/comparison/:code).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyPath, ZComparison, ZComparisonVerify, ZVerifyCodeParam, type TComparison } from '../../../../contracts/comparison.js';
import { ZIdParam } from '../../../../contracts/trade.js';
import { AppError } from '../../../errors.js';
import { envelope, errorResponses, okData, ZErrorResponse } from '../../../lib/route-schemas.js';
import { addressKey, secondsLeft, take } from '../../../lib/throttle.js';
import { contentDisposition } from '../attachments/attachments.service.js';
import { comparisonPdf, comparisonWorkbook, exportFilename, type TPrintMark } from './comparison-export.js';
import { comparison, comparisonForExport, issueVerifyCode, verifyComparison } from './comparison.service.js';

const tags = ['trade: quotations'];
/** Checks of printed 比价单 per client address and minute: plenty for an approver, useless for guessing 12-letter codes. */
export const VERIFY_PER_MINUTE = 20;

export const comparisonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/demands/:id/quotations', { schema: { tags, summary: '比价：求购收到的全部报价（发布者、管理员）', params: ZIdParam, response: { 200: envelope(ZComparison), ...errorResponses } } }, async (req) => {
    const me = await req.requireMember();
    return okData(await comparison(app.db, me, req.params.id));
  });

  /** The 核验码 and link printed on a 比价单: the configured site address, never the request's Host header. */
  const printable = async (cmp: TComparison): Promise<TPrintMark> => {
    const code = await issueVerifyCode(app.db, cmp);
    return { code, url: `${app.config.publicUrl}${verifyPath(code)}` };
  };

  const fileResponses = { 200: z.unknown().describe('文件'), ...errorResponses, 503: ZErrorResponse };
  app.get(
    '/api/demands/:id/comparison.xlsx',
    { schema: { tags, summary: '导出比价单（Excel，含决策记录与核验码）', params: ZIdParam, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], response: fileResponses } },
    async (req, reply) => {
      const me = await req.requireMember();
      const cmp = await comparisonForExport(app.db, me, req.params.id);
      const file = await comparisonWorkbook(cmp, await printable(cmp));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(exportFilename(cmp, 'xlsx')))
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/api/demands/:id/comparison.pdf',
    { schema: { tags, summary: '导出比价单（PDF，内嵌中文字体，含决策记录与核验码；缺少字体时返回503）', params: ZIdParam, produces: ['application/pdf'], response: fileResponses } },
    async (req, reply) => {
      const me = await req.requireMember();
      const cmp = await comparisonForExport(app.db, me, req.params.id);
      const file = await comparisonPdf(cmp, await printable(cmp));
      return reply.type('application/pdf').header('content-disposition', contentDisposition(exportFilename(cmp, 'pdf'))).header('cache-control', 'no-store').send(file);
    },
  );

  app.get(
    '/api/verify/comparison/:code',
    {
      schema: {
        tags,
        summary: '核验比价单（公开，无需登录；按来源地址限流）：核验码对应的比价单数据，以及数据是否仍与当前一致',
        security: [],
        params: ZVerifyCodeParam,
        response: { 200: envelope(ZComparisonVerify), ...errorResponses },
      },
    },
    async (req, reply) => {
      const bucket = `verify-comparison:ip:${addressKey(req.ip)}`;
      if (!(await take(app.db, bucket, VERIFY_PER_MINUTE, 60_000))) throw new AppError('TOO_MANY', `核验过于频繁，请${await secondsLeft(app.db, bucket)}秒后再试`);
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return okData(await verifyComparison(app.db, req.params.code));
    },
  );
};
