// /api/supplier/products/excel/*: bulk goods by Excel — the template, the dry run (a plan of every
// row's change) and the import job that applies it, with its progress, and the streamed export of
// the filtered list. The supplier's own goods only.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GOODS_EXCEL_MAX_BYTES,
  GOODS_EXPORT_MAX_ROWS,
  GOODS_IMPORT_PLAN_MINUTES,
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
    {
      schema: {
        tags,
        summary: `按当前筛选导出全部商品（与导入模板格式相同，带“商品ID”列，原样再导入不会改动任何商品；边查询边写出。超过${GOODS_EXPORT_MAX_ROWS}件时返回400和提示，不下载）`,
        querystring: ZGoodsExportQuery,
        produces: [XLSX],
        response: fileResponses,
      },
    },
    async (req, reply) => {
      const me = await requireOwnSupplier(app.db, req);
      const { write } = await svc.exportGoods(app.db, me, req.query);
      const out = new PassThrough();
      write(out).catch((err: unknown) => {
        // The download has started: the browser sees it cut off rather than a file missing goods.
        req.log.error({ err }, 'goods export failed');
        out.destroy(err as Error);
      });
      return reply.type(XLSX).header('content-disposition', contentDisposition(`商品导出-${day()}.xlsx`)).header('cache-control', 'no-store').send(out);
    },
  );

  app.post(
    '/api/supplier/products/excel/import',
    {
      schema: {
        tags,
        summary: `导入商品（multipart 字段 file；.xlsx，不超过10MB、5000行）。mode=check 只检查：逐行给出新增/更新（改动的字段与前后值）/无变化/错误，无问题时返回 planId（${GOODS_IMPORT_PLAN_MINUTES}分钟内有效）；mode=commit&planId= 用同一文件按该检查结果导入并返回任务，文件不同则拒绝`,
        consumes: ['multipart/form-data'],
        querystring: ZGoodsImportMode,
        response: { 200: envelope(z.union([ZGoodsImportCheck, ZGoodsImportStarted])), ...errorResponses, 413: errorResponses[400], 415: errorResponses[400] },
      },
      // A check of 5,000 rows answers every row with its changes (~1 MB): parsed against the schema
      // it held the server's thread for ~80 ms on a busy machine. The service builds exactly the
      // schema's shape (contracts/goods-excel.ts; the API tests parse answers with it), so it is
      // written as it is; the schema above still documents it.
      serializerCompiler: () => (data) => JSON.stringify(data),
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
      await assertXlsxContainer(buffer);
      if (req.query.mode === 'check') {
        const result = await svc.check(app.db, me, buffer);
        const msg = result.problemCount
          ? `发现${result.problemCount}处问题，请修正后重新上传`
          : result.planId
            ? `检查通过：新增${result.creates}件，更新${result.updates}件，无变化${result.unchanged}件`
            : '检查通过：文件中的商品都没有变化，无需导入';
        return okData(result, msg);
      }
      return okData(await svc.start(app.db, app.log, me, buffer, req.query.planId), '已开始导入');
    },
  );

  app.get(
    '/api/supplier/products/excel/jobs/:id',
    { schema: { tags, summary: '导入任务的进度', params: ZGoodsImportJobParams, response: { 200: envelope(ZGoodsImportJob), ...errorResponses } } },
    async (req) => okData(await svc.job(app.db, await requireOwnSupplier(app.db, req), req.params.id)),
  );
};
