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
  /** The platform's id of the product: written by the export, matched first by the import. */
  id: '商品ID',
} as const;
export type TGoodsColumn = keyof typeof GOODS_COLUMNS;
/** A file must carry one of these columns: the import finds each product by its 商品ID, else by its 货号. */
export const GOODS_KEY_COLUMNS: TGoodsColumn[] = ['id', 'sku'];
/** Columns a new product needs a value in (an update leaves a column the file lacks as it is). */
export const GOODS_CREATE_COLUMNS: TGoodsColumn[] = ['sku', 'name', 'category'];

export const GOODS_SHEET = '商品';
export const LISTS_SHEET = '分类与品牌';
export const HELP_SHEET = '填写说明';
/** Separator of a category path in the file: 分析仪器 > 色谱仪器 > 液相色谱仪. */
export const CATEGORY_PATH_SEPARATOR = ' > ';
/** The word that stands for "price on request" in the 价格 column. */
export const PRICE_ON_REQUEST = '面议';
export const SKU_MAX = 40;

export const GOODS_EXCEL_MAX_ROWS = 5_000;
/** The most goods one export writes; past it the export is refused with a message before any download. */
export const GOODS_EXPORT_MAX_ROWS = 100_000;
export const goodsExportTooMany = (n: number, max = GOODS_EXPORT_MAX_ROWS) =>
  `符合条件的商品共${n.toLocaleString('zh-CN')}件，超过单次导出上限${max.toLocaleString('zh-CN')}件，请按状态、品牌或店铺分类筛选后分批导出`;
/** How long a checked file's plan can be applied. */
export const GOODS_IMPORT_PLAN_MINUTES = 30;
export const GOODS_EXCEL_MAX_BYTES = 10 * 1024 * 1024;
export const goodsExcelTooManyRows = () => `每次最多导入${GOODS_EXCEL_MAX_ROWS}行商品，请分批导入`;
export const GOODS_EXCEL_TOO_LARGE = '文件不能超过10MB';
export const GOODS_EXCEL_NOT_XLSX = '文件无法读取，请上传用模板填写的 Excel 文件（.xlsx）';

export const ZGoodsImportMode = z.object({
  mode: z.enum(['check', 'commit'], { error: '导入方式无效' }).default('check'),
  /** commit: the planId the check of the same file returned; the import applies that plan. */
  planId: z.string().uuid('检查结果不存在，请重新检查文件').optional(),
});
export const GOODS_IMPORT_NEEDS_CHECK = '请先检查文件，确认变化后再导入';
export const GOODS_IMPORT_PLAN_GONE = '检查结果已过期或已使用，请重新检查文件';
export const GOODS_IMPORT_FILE_CHANGED = '文件与检查时不同，请重新检查后再导入';

/** One problem of the file: the spreadsheet row number (the header is row 1) and the column's header. */
export const ZGoodsImportProblem = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type TGoodsImportProblem = z.infer<typeof ZGoodsImportProblem>;

export const GOODS_IMPORT_ACTIONS = { create: '新增', update: '更新', same: '无变化', error: '错误' } as const;
export type TGoodsImportAction = keyof typeof GOODS_IMPORT_ACTIONS;
/** A field an update changes: the column's header and the old and new values as the file writes them ('' = empty). */
export const ZGoodsImportChange = z.object({ column: z.string(), from: z.string(), to: z.string() });
export type TGoodsImportChange = z.infer<typeof ZGoodsImportChange>;
/** What the import does with one row of the file. */
export const ZGoodsImportRow = z.object({
  row: z.number(),
  action: z.enum(['create', 'update', 'same', 'error']),
  /** The product it updates (null for a new one or a row in error that names none). */
  productId: z.number().nullable(),
  sku: z.string(),
  name: z.string(),
  /** For 更新: every field that changes, in the template's column order. */
  changes: z.array(ZGoodsImportChange),
});
export type TGoodsImportRow = z.infer<typeof ZGoodsImportRow>;
/** Long values (技术参数, 商品简介) are cut to this many characters in a change. */
export const GOODS_IMPORT_CHANGE_CHARS = 80;

/** The dry run: what an import would do row by row, and every problem found (nothing is saved). */
export const ZGoodsImportCheck = z.object({
  /** The checked plan, to apply with mode=commit and the same file; null when there are problems or nothing changes. */
  planId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  rows: z.number(),
  creates: z.number(),
  updates: z.number(),
  unchanged: z.number(),
  /** Rows with at least one problem. */
  errorRows: z.number(),
  problemCount: z.number(),
  /** The first problems, in row order (at most GOODS_IMPORT_PROBLEMS_SHOWN). */
  problems: z.array(ZGoodsImportProblem),
  /** The template's columns the file has (it changes only these) and those it lacks (left as they are). */
  columns: z.array(z.string()),
  missingColumns: z.array(z.string()),
  /** Every row, in file order. */
  items: z.array(ZGoodsImportRow),
  /** The supplier's goods whose 货号 differ only in case, full/half width or spaces: a file's 货号 cannot tell them apart. */
  duplicateSkus: z.array(z.object({ skus: z.array(z.string()), ids: z.array(z.number()) })),
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

/** Full-width ASCII (ＡＢＣ１２３－) and the ideographic space as their half-width forms. */
export const toHalfWidth = (s: string) => s.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
/** A 货号 as the import compares it: trimmed, half-width and case-folded (RV-LC-002 = rv-lc-002 = ｒｖ－ｌｃ－００２). */
export const goodsSkuKey = (sku: string) => toHalfWidth(sku).trim().toLowerCase();
