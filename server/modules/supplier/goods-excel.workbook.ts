// The goods spreadsheet: writing the template and the export (one layout, so an export can be
// imported again), and reading an uploaded file row by row with exceljs's streaming reader.
import ExcelJS from 'exceljs';
import {
  CATEGORY_PATH_SEPARATOR,
  GOODS_COLUMNS,
  GOODS_EXCEL_MAX_ROWS,
  GOODS_EXCEL_NOT_XLSX,
  GOODS_SHEET,
  goodsExcelTooManyRows,
  HELP_SHEET,
  LISTS_SHEET,
  PRICE_ON_REQUEST,
  REQUIRED_GOODS_COLUMNS,
  SKU_MAX,
  type TGoodsColumn,
} from '../../../contracts/goods-excel.js';
import { PRODUCT_LIMITS, PRODUCT_STATUSES } from '../../../contracts/backoffice.js';
import { AppError } from '../../errors.js';

const KEYS = Object.keys(GOODS_COLUMNS) as TGoodsColumn[];
const WIDTHS: Record<TGoodsColumn, number> = { sku: 16, name: 30, category: 40, brand: 18, model: 16, price: 12, unit: 8, origin: 12, status: 10, params: 36, summary: 40 };
const letter = (key: TGoodsColumn) => String.fromCharCode(65 + KEYS.indexOf(key));

/** A row of the 商品 sheet as text (the export's values; empty cells as ''). */
export type TGoodsSheetRow = Record<TGoodsColumn, string | number>;

const HELP = [
  ['列', '填写要求'],
  [GOODS_COLUMNS.sku, `必填，您自己的商品编号（不超过${SKU_MAX}个字符）。再次导入相同货号会更新该商品，不会重复创建`],
  [GOODS_COLUMNS.name, '必填，2～120个字符'],
  [GOODS_COLUMNS.category, `必填，从下拉列表选择最末一级分类（完整路径，用“${CATEGORY_PATH_SEPARATOR.trim()}”分隔，见“${LISTS_SHEET}”表）`],
  [GOODS_COLUMNS.brand, `选填，从下拉列表选择平台已审核的品牌（见“${LISTS_SHEET}”表）；新品牌请先在“品牌管理”中申请`],
  [GOODS_COLUMNS.model, '选填，不超过60个字符'],
  [GOODS_COLUMNS.price, `单位为元，最多两位小数；价格面议请填写“${PRICE_ON_REQUEST}”或留空`],
  [GOODS_COLUMNS.unit, '选填，默认“台”，不超过10个字符'],
  [GOODS_COLUMNS.origin, '选填，不超过40个字符'],
  [GOODS_COLUMNS.status, `选填：${Object.values(PRODUCT_STATUSES).join('、')}，留空为在售`],
  [GOODS_COLUMNS.params, `选填，每行一项，格式“名称:值”（例如 流速范围:0.001-10 mL/min），最多${PRODUCT_LIMITS.params}项`],
  [GOODS_COLUMNS.summary, `选填，不超过${PRODUCT_LIMITS.summary}个字符`],
  ['图片', '导入不处理图片：导入后请在商品编辑页上传商品图片'],
  ['行数', `每个文件最多${GOODS_EXCEL_MAX_ROWS}行商品，文件不超过10MB`],
];

/**
 * The goods workbook: the 商品 sheet (header, `rows`, drop-down lists on 分类/品牌/状态 and a check
 * on 价格 down to the row limit), the sheet of category paths and approved brands, and a help sheet.
 */
export async function goodsWorkbook(lists: { categoryPaths: string[]; brands: string[] }, rows: TGoodsSheetRow[] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '仪采通';
  const ws = wb.addWorksheet(GOODS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = KEYS.map((key) => ({ header: GOODS_COLUMNS[key], key, width: WIDTHS[key] }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F1FB' } };
  for (const r of rows) ws.addRow(r);
  for (const key of ['sku', 'model', 'params', 'summary'] as const) ws.getColumn(key).numFmt = '@';
  ws.getColumn('params').alignment = { wrapText: true, vertical: 'top' };

  const last = GOODS_EXCEL_MAX_ROWS + 1;
  // Range validations are supported by exceljs but missing from its type declarations.
  const validations = (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations;
  const listRange = (col: 'A' | 'B', n: number) => `'${LISTS_SHEET}'!$${col}$2:$${col}$${Math.max(2, n + 1)}`;
  const list = (key: TGoodsColumn, formula: string, allowBlank: boolean, what: string) =>
    validations.add(`${letter(key)}2:${letter(key)}${last}`, {
      type: 'list',
      allowBlank,
      formulae: [formula],
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: `${GOODS_COLUMNS[key]}无效`,
      error: `请从下拉列表中选择${what}`,
    });
  list('category', listRange('A', lists.categoryPaths.length), false, '最末一级商品分类');
  list('brand', listRange('B', lists.brands.length), true, '平台已审核的品牌');
  list('status', `"${Object.values(PRODUCT_STATUSES).join(',')}"`, true, '商品状态');
  const p = `${letter('price')}2`;
  validations.add(`${p}:${letter('price')}${last}`, {
    type: 'custom',
    allowBlank: true,
    formulae: [`OR(${p}="${PRICE_ON_REQUEST}",AND(ISNUMBER(${p}),${p}>0))`],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: '价格无效',
    error: `请填写大于0的金额（元），或填写“${PRICE_ON_REQUEST}”`,
  });

  const ls = wb.addWorksheet(LISTS_SHEET);
  ls.columns = [
    { header: '商品分类（最末一级）', key: 'category', width: 48 },
    { header: '品牌（已审核）', key: 'brand', width: 28 },
  ];
  ls.getRow(1).font = { bold: true };
  const n = Math.max(lists.categoryPaths.length, lists.brands.length);
  for (let i = 0; i < n; i++) ls.addRow({ category: lists.categoryPaths[i] ?? null, brand: lists.brands[i] ?? null });

  const hs = wb.addWorksheet(HELP_SHEET);
  hs.columns = [
    { key: 'col', width: 14 },
    { key: 'rule', width: 90 },
  ];
  for (const [col, rule] of HELP) hs.addRow({ col, rule });
  hs.getRow(1).font = { bold: true };

  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---- reading -------------------------------------------------------------------------------

/**
 * Largest total the file's parts may expand to, and the most parts: a small zip must not unpack
 * into gigabytes. The workbook is read in memory (~14 bytes of heap per byte of sheet XML); a
 * 5,000-row template file unpacks to ~3 MB.
 */
const MAX_UNPACKED_BYTES = 30 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 500;

/**
 * Refuses what is not a zip (an .xlsx is one) or whose central directory declares more than the
 * bounds, before any part is unpacked.
 */
export function assertXlsxContainer(buf: Buffer) {
  const notXlsx = () => new AppError('UNSUPPORTED_MEDIA', GOODS_EXCEL_NOT_XLSX);
  if (buf.length < 30 || buf.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notXlsx();
  const entries = buf.readUInt16LE(eocd + 10);
  if (entries > MAX_ZIP_ENTRIES) throw notXlsx();
  let p = buf.readUInt32LE(eocd + 16);
  let total = 0;
  let hasWorkbook = false;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw notXlsx();
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    if (buf.toString('utf8', p + 46, p + 46 + nameLen) === 'xl/workbook.xml') hasWorkbook = true;
    total += size;
    if (size === 0xffffffff || total > MAX_UNPACKED_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', '文件内容过大，请分批导入');
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  if (!hasWorkbook) throw notXlsx();
}

/** A cell's value as trimmed text (rich text, links and formula results included). */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('').trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('error' in v) return '';
  }
  return '';
}

/** A data row of the 商品 sheet: its spreadsheet row number and its cells by column. */
export type TReadRow = { row: number; cells: Partial<Record<TGoodsColumn, string>>; rawPrice: ExcelJS.CellValue | undefined };

/**
 * Reads the 商品 sheet (or the first) of an .xlsx held in memory (at most 10 MB, its parts bounded by
 * assertXlsxContainer). Finds the columns by their headers; stops with a message past the row limit.
 * Not ExcelJS's streaming reader: it parks sheets that come before the shared strings in temporary
 * files and lost them, or the workbook's sheet list, at random under load (a valid file refused
 * as unreadable about once in a hundred reads, sometimes an unhandled stream error).
 */
export async function readGoodsRows(buf: Buffer): Promise<{ rows: TReadRow[]; missing: string[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buf as never);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA', GOODS_EXCEL_NOT_XLSX);
  }
  // The goods are on the sheet named 商品 (the template's first), else on the first sheet.
  const sheet = workbook.getWorksheet(GOODS_SHEET) ?? workbook.worksheets[0];
  const rows: TReadRow[] = [];
  let columns: Map<number, TGoodsColumn> | null = null;
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    if (!columns) {
      columns = new Map();
      const byHeader = new Map<string, TGoodsColumn>(Object.entries(GOODS_COLUMNS).map(([k, h]) => [h, k as TGoodsColumn]));
      values.forEach((v, i) => {
        const key = byHeader.get(cellText(v).replace(/[*＊\s]/g, ''));
        if (key && ![...columns!.values()].includes(key)) columns!.set(i, key);
      });
      return;
    }
    const cells: TReadRow['cells'] = {};
    let rawPrice: ExcelJS.CellValue | undefined;
    let any = false;
    for (const [i, key] of columns) {
      const text = cellText(values[i]);
      if (text) any = true;
      cells[key] = text;
      if (key === 'price') rawPrice = values[i];
    }
    if (!any) return;
    if (rows.length >= GOODS_EXCEL_MAX_ROWS) throw new AppError('BAD_REQUEST', goodsExcelTooManyRows());
    rows.push({ row: row.number, cells, rawPrice });
  });
  const header = columns as Map<number, TGoodsColumn> | null; // set inside the callback
  if (!header) throw new AppError('BAD_REQUEST', '文件中没有表头，请使用下载的模板填写');
  const present = new Set(header.values());
  const missing = REQUIRED_GOODS_COLUMNS.filter((k) => !present.has(k)).map((k) => GOODS_COLUMNS[k]);
  return { rows, missing };
}
