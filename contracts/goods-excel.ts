// Bulk goods by Excel (issue 13 item 3): the template's columns, the file limits, and the answers of
// the dry run and the import job; shared by the API and the renderer.
import { z } from 'zod';
import { ZProductListQuery } from './backoffice.js';

/** The columns of the 商品 sheet, in order; the header row spells them exactly so. */
export const GOODS_COLUMNS = {
  sku: '货号',
  name: '商品名称',
  category: '商品分类',
  brand: '品牌',
  model: '型号',
  price: '价格',
  unit: '单位',
  origin: '产地',
  status: '状态',
  params: '技术参数',
  summary: '商品简介',
} as const;
export type TGoodsColumn = keyof typeof GOODS_COLUMNS;
/** Columns a file must carry (the others may be left out). */
export const REQUIRED_GOODS_COLUMNS: TGoodsColumn[] = ['sku', 'name', 'category'];

export const GOODS_SHEET = '商品';
export const LISTS_SHEET = '分类与品牌';
export const HELP_SHEET = '填写说明';
/** Separator of a category path in the file: 分析仪器 > 色谱仪器 > 液相色谱仪. */
export const CATEGORY_PATH_SEPARATOR = ' > ';
/** The word that stands for "price on request" in the 价格 column. */
export const PRICE_ON_REQUEST = '面议';
export const SKU_MAX = 40;

export const GOODS_EXCEL_MAX_ROWS = 5_000;
export const GOODS_EXCEL_MAX_BYTES = 10 * 1024 * 1024;
export const goodsExcelTooManyRows = () => `每次最多导入${GOODS_EXCEL_MAX_ROWS}行商品，请分批导入`;
export const GOODS_EXCEL_TOO_LARGE = '文件不能超过10MB';
export const GOODS_EXCEL_NOT_XLSX = '文件无法读取，请上传用模板填写的 Excel 文件（.xlsx）';

export const ZGoodsImportMode = z.object({ mode: z.enum(['check', 'commit'], { error: '导入方式无效' }).default('check') });

/** One problem of the file: the spreadsheet row number (the header is row 1) and the column's header. */
export const ZGoodsImportProblem = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type TGoodsImportProblem = z.infer<typeof ZGoodsImportProblem>;

/** The dry run: what an import would do, and every problem found (nothing is saved). */
export const ZGoodsImportCheck = z.object({
  rows: z.number(),
  creates: z.number(),
  updates: z.number(),
  problemCount: z.number(),
  /** The first problems, in row order (at most GOODS_IMPORT_PROBLEMS_SHOWN). */
  problems: z.array(ZGoodsImportProblem),
});
export type TGoodsImportCheck = z.infer<typeof ZGoodsImportCheck>;
export const GOODS_IMPORT_PROBLEMS_SHOWN = 1_000;

export const ZGoodsImportStarted = z.object({ jobId: z.string(), rows: z.number() });
export type TGoodsImportStarted = z.infer<typeof ZGoodsImportStarted>;

export const GOODS_IMPORT_STATES = { running: '导入中', done: '已完成', failed: '导入失败' } as const;
export const ZGoodsImportJob = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  rows: z.number(),
  processed: z.number(),
  created: z.number(),
  updated: z.number(),
  message: z.string().nullable(),
});
export type TGoodsImportJob = z.infer<typeof ZGoodsImportJob>;
export const ZGoodsImportJobParams = z.object({ id: z.string().uuid('导入任务不存在') });

/** The export takes the goods list's filters (without paging). */
export const ZGoodsExportQuery = ZProductListQuery.omit({ page: true, pageSize: true });
export type TGoodsExportQuery = z.input<typeof ZGoodsExportQuery>;
