// The goods spreadsheet: writing the template and the export (one layout, so an export can be
// imported again; streamed, so an export of any size is written row by row), and reading an
// uploaded file cell by cell as Excel stored it, in a worker thread (goods-excel.read-worker.ts).
import type { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
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
  SKU_MAX,
  type TGoodsColumn,
} from '../../../contracts/goods-excel.js';
import { PRODUCT_LIMITS, PRODUCT_STATUSES } from '../../../contracts/backoffice.js';
import { AppError, type TErrorKind } from '../../errors.js';
import { inspectXlsx, XlsxRefused, type TXlsxLimits } from '../../lib/xlsx-guard.js';

const KEYS = Object.keys(GOODS_COLUMNS) as TGoodsColumn[];
const WIDTHS: Record<TGoodsColumn, number> = { sku: 16, name: 30, category: 40, brand: 18, model: 16, price: 12, unit: 8, origin: 12, status: 10, params: 36, summary: 40, id: 10 };
const TEXT_KEYS = ['sku', 'name', 'model', 'origin', 'params', 'summary'] as const;
const letter = (key: TGoodsColumn) => String.fromCharCode(65 + KEYS.indexOf(key));

/** A row of the 商品 sheet (the export's values; empty cells as ''). */
export type TGoodsSheetRow = Record<TGoodsColumn, string | number>;
export type TGoodsLists = { categoryPaths: string[]; brands: string[] };

/** The 填写说明 sheet: what each column takes, and what an empty cell means (the import follows it to the letter). */
const HELP: [string, string, string][] = [
  ['列', '填写要求', '单元格留空时'],
  [GOODS_COLUMNS.id, '导出的文件自带，导入时先按商品ID找到要更新的商品（请勿修改）；新增商品留空', '按货号识别商品'],
  [GOODS_COLUMNS.sku, `您自己的商品编号（不超过${SKU_MAX}个字符）。没有商品ID时按货号识别商品：相同货号更新该商品，不会重复创建。货号不区分大小写和全角/半角，首尾空格不计`, '新增商品不能留空；按商品ID更新时保持原货号'],
  [GOODS_COLUMNS.name, '2～120个字符', '不能留空'],
  [GOODS_COLUMNS.category, `从下拉列表选择最末一级分类（完整路径，用“${CATEGORY_PATH_SEPARATOR.trim()}”分隔，见“${LISTS_SHEET}”表）`, '不能留空'],
  [GOODS_COLUMNS.brand, `从下拉列表选择平台已审核的品牌（见“${LISTS_SHEET}”表）；新品牌请先在“品牌管理”中申请`, '清空品牌'],
  [GOODS_COLUMNS.model, '不超过60个字符', '清空型号'],
  [GOODS_COLUMNS.price, `单位为元，最多两位小数，可写 4800、4,800、¥4,800；价格面议请填写“${PRICE_ON_REQUEST}”`, `价格面议`],
  [GOODS_COLUMNS.unit, '不超过10个字符', '“台”'],
  [GOODS_COLUMNS.origin, '不超过40个字符', '清空产地'],
  [GOODS_COLUMNS.status, `${Object.values(PRODUCT_STATUSES).join('、')}。商品的状态只按这一列修改`, '新增商品为在售；已有商品保持原状态'],
  [GOODS_COLUMNS.params, `每行一项，格式“名称:值”（例如 流速范围:0.001-10 mL/min），最多${PRODUCT_LIMITS.params}项`, '清空技术参数'],
  [GOODS_COLUMNS.summary, `不超过${PRODUCT_LIMITS.summary}个字符`, '清空商品简介'],
  ['整列', '文件中没有的列不会修改商品的对应信息（例如只有“货号”和“价格”两列时只改价格）。新增商品至少需要“货号”“商品名称”“商品分类”三列', ''],
  ['单元格', '公式须带有计算结果（在 Excel 中保存过的文件都有）；文本列不能是日期；超过15位的数字请先把该列设为“文本”格式再填写', ''],
  ['检查与导入', '上传后先检查：逐行列出新增、更新（改动的字段和前后的值）、无变化和错误；确认后按检查结果导入，检查后文件有改动需重新检查', ''],
  ['图片', '导入不处理图片：导入后请在商品编辑页上传商品图片', ''],
  ['行数', `每个文件最多导入${GOODS_EXCEL_MAX_ROWS}行商品，文件不超过10MB；导出的商品多于此数时，可删去不修改的行或分成多个文件导入（删去的行不会改动）`, ''],
];

async function* noRows(): AsyncGenerator<TGoodsSheetRow[]> {}

/**
 * Writes the goods workbook to `out` with ExcelJS's streaming writer: the 商品 sheet (header, the
 * rows of `pages` as they come, drop-down lists on 分类/品牌/状态 and a check on 价格 down to the
 * import's row limit), the sheet of category paths and approved brands, and the help sheet.
 */
export async function writeGoodsWorkbook(out: Writable, lists: TGoodsLists, pages: AsyncIterable<TGoodsSheetRow[]> = noRows()): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = '仪采通';
  const ws = wb.addWorksheet(GOODS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = KEYS.map((key) => ({ header: GOODS_COLUMNS[key], key, width: WIDTHS[key] }));
  for (const key of TEXT_KEYS) ws.getColumn(key).numFmt = '@';
  ws.getColumn('params').alignment = { wrapText: true, vertical: 'top' };
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F1FB' } };
  header.getCell(KEYS.indexOf('id') + 1).note = '导入时按商品ID识别商品，请勿修改；新增商品留空';
  header.commit();

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

  // One style object per column, shared by its cells: the writer then looks each style up once
  // instead of serialising it for every cell (twice as fast on 50,000 rows).
  const styles = KEYS.map((key) => ({ ...ws.getColumn(key).style }));
  for await (const page of pages) {
    for (const r of page) {
      const row = ws.addRow(KEYS.map((key) => (r[key] === '' ? null : r[key])));
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cell.style = styles[col - 1]!;
      });
      row.commit();
    }
  }
  ws.commit();

  const ls = wb.addWorksheet(LISTS_SHEET);
  ls.columns = [
    { header: '商品分类（最末一级）', key: 'category', width: 48 },
    { header: '品牌（已审核）', key: 'brand', width: 28 },
  ];
  ls.getRow(1).font = { bold: true };
  const n = Math.max(lists.categoryPaths.length, lists.brands.length);
  for (let i = 0; i < n; i++) ls.addRow({ category: lists.categoryPaths[i] ?? null, brand: lists.brands[i] ?? null }).commit();
  ls.commit();

  const hs = wb.addWorksheet(HELP_SHEET);
  hs.columns = [
    { key: 'col', width: 12 },
    { key: 'rule', width: 90 },
    { key: 'empty', width: 36 },
  ];
  hs.getColumn('rule').alignment = { wrapText: true, vertical: 'top' };
  for (const [col, rule, empty] of HELP) hs.addRow({ col, rule, empty: empty || null });
  hs.getRow(1).font = { bold: true };
  hs.commit();
  await wb.commit();
}

/** The template (the workbook without goods) in memory. */
export async function goodsWorkbook(lists: TGoodsLists): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await writeGoodsWorkbook(out, lists);
  await ended;
  return Buffer.concat(chunks);
}

// ---- reading -------------------------------------------------------------------------------

/**
 * What an uploaded goods file may hold, counted by inspectXlsx while it unpacks the file (not taken
 * from the sizes the zip declares). ExcelJS then reads the whole workbook into memory, in long
 * stretches without yielding (in a worker thread, readGoodsRows): these limits bound that read
 * (bench/README.md, xlsx-bomb). A 5,000-row
 * export with 10 parameters a product unpacks to 6.6 MB in 14 parts: 5,140 rows, 60,000 cells and
 * 20,000 cells of drop-down lists.
 */
export const GOODS_XLSX_LIMITS: TXlsxLimits = {
  // The template has 14 parts; a workbook with more sheets, notes and pictures stays far below.
  maxEntries: 200,
  // ExcelJS holds 5–6 bytes of memory per byte of XML while it reads, and the check of 5,000 rows
  // up to ~70 MB more: at 12 MB the whole check of the worst allowed file raised the server's memory
  // by 84–165 MB. Twice a 5,000-row export with 10 parameters and a long summary a product; bigger
  // files go in batches.
  maxUnpackedBytes: 12 * 1024 * 1024,
  maxEntryBytes: 12 * 1024 * 1024,
  // The goods rows and their header, the 分类与品牌 sheet (a row per leaf category or brand) and
  // the help sheet, and blank rows that Excel keeps once cells below the data were formatted.
  maxRows: GOODS_EXCEL_MAX_ROWS + 5_000,
  // 5,000 rows of 20 columns; the template has 12.
  maxCells: 100_000,
  // ExcelJS expands ranges cell by cell (~3 µs each, in one go): the template's lists cover
  // 4 columns × 5,000 rows = 20,000 cells.
  maxRangeCells: 50_000,
};

/** A file that would unpack (or read) past the limits: the guard's message, and the read worker's out of memory. */
const TOO_LARGE = '文件内容过大，请分批导入';
/** Too many rows: the import's limit, and that formatted blank rows count too. */
const TOO_MANY_ROWS = `${goodsExcelTooManyRows()}（文件超过${GOODS_XLSX_LIMITS.maxRows}行，设置过格式的空白行也计算在内）`;

/**
 * Refuses, within a second or so and before ExcelJS reads anything, what is not an .xlsx or would
 * unpack past the limits above; a chunk at a time, so the server keeps answering meanwhile.
 */
export async function assertXlsxContainer(buf: Buffer): Promise<void> {
  try {
    await inspectXlsx(buf, GOODS_XLSX_LIMITS);
  } catch (err) {
    if (!(err instanceof XlsxRefused)) throw err;
    if (err.reason === 'not-xlsx') throw new AppError('UNSUPPORTED_MEDIA', GOODS_EXCEL_NOT_XLSX);
    if (err.reason === 'unpacked') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
    throw new AppError('BAD_REQUEST', err.reason === 'rows' ? TOO_MANY_ROWS : err.message);
  }
}

/** A cell as the import reads it: its text (trimmed), the number Excel stored (if any), or why it cannot be read. */
export type TCell = { text: string; number: number | null; problem: string | null };
const EMPTY: TCell = { text: '', number: null, problem: null };
export const FORMULA_WITHOUT_RESULT = '单元格是公式但没有计算结果，请在 Excel 中打开、重新计算并保存后再导入，或直接填写数值';
const dateProblem = (d: Date) => `单元格被 Excel 识别为日期（${d.toISOString().slice(0, 10)}），请把该列设为“文本”格式后重新填写`;
const LONG_NUMBER = '数字超过15位，Excel 已改动了末尾的数字，请把该列设为“文本”格式后重新填写';

/**
 * A cell's value as Excel stored it. A formula gives its cached result; one without a result, an
 * error value (#N/A) or a date cannot be read as goods data and says so, never guessed.
 */
export function readCell(v: ExcelJS.CellValue | undefined): TCell {
  if (v === null || v === undefined) return EMPTY;
  if (typeof v === 'string') return { text: v.trim(), number: null, problem: null };
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return { text: '', number: null, problem: '单元格的数值无效' };
    // Excel keeps 15 significant digits: a 16-digit 货号 typed as a number is already altered, though still a safe integer.
    if (Number.isInteger(v) && Math.abs(v) >= 1e15) return { text: String(v), number: v, problem: LONG_NUMBER };
    return { text: String(v), number: v, problem: null };
  }
  if (typeof v === 'boolean') return { text: v ? 'TRUE' : 'FALSE', number: null, problem: null };
  if (v instanceof Date) return { text: '', number: null, problem: dateProblem(v) };
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v) {
      const result = (v as { result?: ExcelJS.CellValue }).result;
      return result === undefined || result === null ? { text: '', number: null, problem: FORMULA_WITHOUT_RESULT } : readCell(result);
    }
    if ('error' in v) return { text: '', number: null, problem: `单元格是错误值 ${String(v.error)}，请修正后重新导入` };
    if ('richText' in v && Array.isArray(v.richText)) return { text: v.richText.map((r) => r.text).join('').trim(), number: null, problem: null };
    if ('text' in v && typeof v.text === 'string') return { text: v.text.trim(), number: null, problem: null };
  }
  return EMPTY;
}

/** A data row of the 商品 sheet: its spreadsheet row number and its cells by column (only the columns the file has). */
export type TReadRow = { row: number; cells: Partial<Record<TGoodsColumn, TCell>> };

/** A header as typed: 商品ID（勿改）, *货号 and 货 号 all name their column. */
const headerKey = (text: string) => text.replace(/[（(][^）)]*[）)]\s*$/, '').replace(/[*＊\s]/g, '');

/** What the read of a goods file gives: its rows and the columns it has (plain data, sent between threads). */
export type TGoodsRead = { rows: TReadRow[]; columns: TGoodsColumn[] };
/**
 * The read worker's answer: the rows a page at a time (`more`: the worker sends the next page when
 * asked with GOODS_READ_NEXT), or the refusal (AppError's kind and message).
 */
export type TGoodsReadAnswer = ({ ok: true; more: boolean } & TGoodsRead) | { ok: false; kind: TErrorKind; message: string };
/** Rows a page: the server's thread unpacks one page per turn of its event loop (~10–40 ms each). */
export const GOODS_READ_PAGE = 250;
export const GOODS_READ_NEXT = 'next';

/**
 * Reads the 商品 sheet (or the first) of an .xlsx held in memory (at most 10 MB, its parts bounded by
 * assertXlsxContainer), in the calling thread: the read worker runs it (readGoodsRows). Finds the
 * columns by their headers (`columns`: those the file has, in the template's order); stops with a
 * message past the row limit.
 * Not ExcelJS's streaming reader: it parks sheets that come before the shared strings in temporary
 * files and lost them, or the workbook's sheet list, at random under load (a valid file refused
 * as unreadable about once in a hundred reads, sometimes an unhandled stream error).
 */
export async function parseGoodsRows(buf: Buffer): Promise<TGoodsRead> {
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
        const key = byHeader.get(headerKey(readCell(v).text));
        if (key && ![...columns!.values()].includes(key)) columns!.set(i, key);
      });
      return;
    }
    const cells: TReadRow['cells'] = {};
    let any = false;
    for (const [i, key] of columns) {
      const cell = readCell(values[i]);
      if (cell.text || cell.problem) any = true;
      cells[key] = cell;
    }
    if (!any) return;
    if (rows.length >= GOODS_EXCEL_MAX_ROWS) throw new AppError('BAD_REQUEST', goodsExcelTooManyRows());
    rows.push({ row: row.number, cells });
  });
  const header = columns as Map<number, TGoodsColumn> | null; // set inside the callback
  if (!header) throw new AppError('BAD_REQUEST', '文件中没有表头，请使用下载的模板填写');
  const present = new Set(header.values());
  return { rows, columns: KEYS.filter((k) => present.has(k)) };
}

// ---- the read in a worker thread -------------------------------------------------------------

/**
 * ExcelJS parses a part in one stretch without yielding (0.4–3 s for an allowed file, bench/README.md):
 * in the server's thread that stops every other request. So reads run in worker threads, at most
 * READERS at once, each under a heap cap: the worst file the limits allow needs ~100 MB; a file that
 * needs more kills its worker only and is refused. A worker that read a large file exits with its
 * memory; one that read small files stays for the next (starting one and loading ExcelJS takes ~1 s)
 * until it has been idle for a while.
 */
const READ_HEAP_MB = 256;
/** A read this long is stopped (the worst allowed file takes ~1–7 s on a busy 2-core machine). */
const READ_TIMEOUT_MS = 60_000;
/** Workers at once: each may hold up to READ_HEAP_MB; more uploads wait their turn. */
const READERS = 2;
/** Uploads that may wait for a worker; past this the upload is refused with a message. */
const READ_QUEUE = 16;
/** A worker that read a file this large exits (its heap goes back to the system). */
const RECYCLE_AFTER_BYTES = 256 * 1024;
const IDLE_MS = 30_000;

export const GOODS_READ_BUSY = '正在检查的文件较多，请稍后再试';
export const GOODS_READ_TIMED_OUT = '读取文件超时，请分批导入或稍后再试';
const READ_FAILED = '读取文件失败，请稍后再试';

/**
 * The worker's file next to this module: the .ts source under tsx and in tests, the compiled .mjs
 * beside main.mjs in a build (scripts/build-server.mjs emits it as its own entry point).
 */
const here = import.meta.url;
const ownExtension = /\.([cm]?[jt]s)$/.exec(new URL(here).pathname)?.[1] ?? 'mjs';
const fromSource = ownExtension.endsWith('ts');
const workerUrl = new URL(`./goods-excel.read-worker.${fromSource ? 'ts' : ownExtension}`, here);
/**
 * Node 20 does not load TypeScript, and a worker does not take `--import tsx` from its execArgv:
 * from the source, the worker starts with a line that loads the .ts entry through tsx's API.
 */
const sourceBoot = () => `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(workerUrl.href)}, ${JSON.stringify(here)}))`;

/** A read that failed for no reason of the file's: the cause stays on the error for whoever logs it. */
const readFailed = (cause: unknown) => Object.assign(new AppError('INTERNAL', READ_FAILED), { cause });

type TReadJob = { file: Uint8Array<ArrayBuffer>; bytes: number; rows: TReadRow[]; resolve: (r: TGoodsRead) => void; reject: (e: Error) => void };
type TReader = { worker: Worker; job: TReadJob | null; timer: NodeJS.Timeout | null };

const readers = new Set<TReader>();
const queue: TReadJob[] = [];

function startReader(): TReader {
  const options = { resourceLimits: { maxOldGenerationSizeMb: READ_HEAP_MB } };
  const worker = fromSource ? new Worker(sourceBoot(), { ...options, eval: true }) : new Worker(workerUrl, options);
  const reader: TReader = { worker, job: null, timer: null };
  readers.add(reader);
  const fail = (err: Error) => {
    const job = reader.job;
    reader.job = null;
    retire(reader);
    job?.reject(err);
  };
  worker.on('message', (answer: TGoodsReadAnswer) => {
    const job = reader.job;
    if (!job) return;
    if (answer.ok) job.rows.push(...answer.rows);
    // The next page once this one is taken in: each is its own turn of the event loop.
    if (answer.ok && answer.more) return void setImmediate(() => reader.job === job && reader.worker.postMessage(GOODS_READ_NEXT));
    reader.job = null;
    if (answer.ok) job.resolve({ rows: job.rows, columns: answer.columns });
    else job.reject(answer.kind === 'INTERNAL' ? readFailed(answer.message) : new AppError(answer.kind, answer.message));
    if (job.bytes >= RECYCLE_AFTER_BYTES) retire(reader);
    else idle(reader);
  });
  worker.on('error', (err: Error & { code?: string }) => fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE) : readFailed(err)));
  worker.on('exit', (code) => fail(readFailed(`goods read worker exited with ${code}`)));
  return reader;
}

/** Stops a worker (after a large file, an error, its time or idleness) and lets a waiting read start. */
function retire(reader: TReader) {
  if (!readers.delete(reader)) return;
  if (reader.timer) clearTimeout(reader.timer);
  void reader.worker.terminate();
  pump();
}

/** A worker without a read: the next waiting one, else it waits a while, not keeping the process alive. */
function idle(reader: TReader) {
  const next = queue.shift();
  if (next) return give(reader, next);
  reader.worker.unref();
  reader.timer = setTimeout(() => retire(reader), IDLE_MS);
  reader.timer.unref();
}

function give(reader: TReader, job: TReadJob) {
  if (reader.timer) clearTimeout(reader.timer);
  reader.job = job;
  reader.worker.ref();
  reader.timer = setTimeout(() => {
    if (reader.job !== job) return;
    reader.job = null;
    retire(reader);
    job.reject(new AppError('UNAVAILABLE', GOODS_READ_TIMED_OUT));
  }, READ_TIMEOUT_MS);
  // The file's bytes move to the worker (no copy); the caller keeps its own buffer (see readGoodsRows).
  reader.worker.postMessage(job.file, [job.file.buffer]);
}

function pump() {
  while (queue.length) {
    const free = [...readers].find((r) => !r.job);
    if (free) give(free, queue.shift()!);
    else if (readers.size < READERS) give(startReader(), queue.shift()!);
    else return;
  }
}

/**
 * Reads the goods rows of `buf` (see parseGoodsRows) in a worker thread. The caller's buffer is left
 * as it is (a copy goes to the worker). Refused with a message when READ_QUEUE uploads are already
 * waiting; a worker out of memory, past its time or dead answers a Chinese message and never takes
 * the server with it.
 */
export function readGoodsRows(buf: Buffer): Promise<TGoodsRead> {
  if (queue.length >= READ_QUEUE) return Promise.reject(new AppError('UNAVAILABLE', GOODS_READ_BUSY));
  return new Promise<TGoodsRead>((resolve, reject) => {
    queue.push({ file: new Uint8Array(buf), bytes: buf.length, rows: [], resolve, reject });
    pump();
  });
}
