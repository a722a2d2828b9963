// /api/supplier/products/excel/*: bulk goods by Excel — the template, the dry run and the import
// job with its progress, and the export of the filtered list. The supplier's own goods only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GOODS_EXCEL_MAX_BYTES,
  GOODS_EXCEL_TOO_LARGE,
  ZGoodsExportQuery,
  ZGoodsImportCheck,
  ZGoodsImportJob,
  ZGoodsImportJobParams,
  ZGoodsImportMode,
  ZGoodsImportStarted,
} from '../../../contracts/goods-excel.js';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../lib/filenames.js';
import { envelope, errorResponses, okData } from '../../lib/route-schemas.js';
import { assertXlsxContainer } from './goods-excel.workbook.js';
import * as svc from './goods-import.service.js';
import { requireOwnSupplier } from './supplier.context.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const day = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

export const goodsExcelRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['supplier-goods'];
  const fileResponses = { 200: z.unknown().describe('文件'), ...errorResponses };

  app.get(
    '/api/supplier/products/excel/template',
    { schema: { tags, summary: '下载商品导入模板（含平台分类路径、已审核品牌与下拉校验）', produces: [XLSX], response: fileResponses } },
    async (req, reply) => {
      const me = await requireOwnSupplier(app.db, req);
      const file = await svc.template(app.db, me);
      return reply.type(XLSX).header('content-disposition', contentDisposition('商品导入模板.xlsx')).header('cache-control', 'no-store').send(file);
    },
  );

  app.get(
    '/api/supplier/products/excel/export',
    { schema: { tags, summary: '按当前筛选导出商品（与导入模板格式相同，可修改后再导入；最多5000件）', querystring: ZGoodsExportQuery, produces: [XLSX], response: fileResponses } },
    async (req, reply) => {
      const me = await requireOwnSupplier(app.db, req);
      const file = await svc.exportFile(app.db, me, req.query);
      return reply.type(XLSX).header('content-disposition', contentDisposition(`商品导出-${day()}.xlsx`)).header('cache-control', 'no-store').send(file);
    },
  );

  app.post(
    '/api/supplier/products/excel/import',
    {
      schema: {
        tags,
        summary: '导入商品（multipart 字段 file；.xlsx，不超过10MB、5000行）。mode=check 只检查并列出问题，不保存；mode=commit 无问题时开始导入并返回任务',
        consumes: ['multipart/form-data'],
        querystring: ZGoodsImportMode,
        response: { 200: envelope(z.union([ZGoodsImportCheck, ZGoodsImportStarted])), ...errorResponses, 413: errorResponses[400], 415: errorResponses[400] },
      },
    },
    async (req) => {
      const me = await requireOwnSupplier(app.db, req);
      if (!req.isMultipart()) throw new AppError('BAD_REQUEST', '请选择要导入的 Excel 文件');
      const file = await req.file({ limits: { fileSize: GOODS_EXCEL_MAX_BYTES } });
      if (!file) throw new AppError('BAD_REQUEST', '请选择要导入的 Excel 文件');
      const buffer = await file.toBuffer().catch(() => {
        throw new AppError('PAYLOAD_TOO_LARGE', GOODS_EXCEL_TOO_LARGE);
      });
      if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', GOODS_EXCEL_TOO_LARGE);
      assertXlsxContainer(buffer);
      if (req.query.mode === 'check') {
        const { result } = await svc.check(app.db, me, buffer);
        return okData(result, result.problemCount ? `发现${result.problemCount}处问题，请修正后重新上传` : '检查通过，可以导入');
      }
      return okData(await svc.start(app.db, app.log, me, buffer), '已开始导入');
    },
  );

  app.get(
    '/api/supplier/products/excel/jobs/:id',
    { schema: { tags, summary: '导入任务的进度', params: ZGoodsImportJobParams, response: { 200: envelope(ZGoodsImportJob), ...errorResponses } } },
    async (req) => okData(await svc.job(app.db, await requireOwnSupplier(app.db, req), req.params.id)),
  );
};
