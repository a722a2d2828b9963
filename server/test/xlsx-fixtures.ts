// Zip and .xlsx files built byte by byte for the upload-limit tests and bench/xlsx-bomb.ts: honest
// workbooks, the worst one the limits allow, and the hostile ones — parts whose records declare small sizes but inflate to a
// gigabyte (made from a repeated compressed block, never held in memory), too many parts, rows,
// cells, or ranges ExcelJS would expand cell by cell.
import zlib from 'node:zlib';
import { GOODS_COLUMNS } from '../../contracts/goods-excel.js';
import type { TXlsxLimits } from '../lib/xlsx-guard.js';

/** One part of a zip: its data as stored in the file, and the sizes its records declare. */
export type TZipPart = { name: string; method: 0 | 8; data: Buffer; size: number; crc: number };

const bytes = (content: string | Buffer) => (typeof content === 'string' ? Buffer.from(content, 'utf8') : content);

export function deflatedPart(name: string, content: string | Buffer): TZipPart {
  const b = bytes(content);
  return { name, method: 8, data: zlib.deflateRawSync(b), size: b.length, crc: zlib.crc32(b) };
}

export function storedPart(name: string, content: string | Buffer): TZipPart {
  const b = bytes(content);
  return { name, method: 0, data: b, size: b.length, crc: zlib.crc32(b) };
}

/**
 * A deflated part that inflates to `head` + `times` × `piece` + `tail` while its records declare
 * `declaredSize` bytes. Each piece is one compressed block (sync-flushed, so blocks can follow one
 * another), written once and repeated: a gigabyte costs ~1 MB of file and no gigabyte of memory.
 */
export function repeatedPart(name: string, parts: { head: string; piece: Buffer; times: number; tail: string; declaredSize: number }): TZipPart {
  const sync = (b: Buffer) => zlib.deflateRawSync(b, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const block = sync(parts.piece);
  const data = Buffer.concat([sync(Buffer.from(parts.head)), ...Array<Buffer>(parts.times).fill(block), zlib.deflateRawSync(Buffer.from(parts.tail))]);
  return { name, method: 8, data, size: parts.declaredSize, crc: 0 };
}

/** A zip of `parts` in order: local headers and data, the central directory, the end record. */
export function zipOf(parts: TZipPart[]): Buffer {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0800, 8);
    record.writeUInt16LE(part.method, 10);
    record.writeUInt32LE(part.crc >>> 0, 16);
    record.writeUInt32LE(part.data.length, 20);
    record.writeUInt32LE(part.size >>> 0, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    out.push(local, name, part.data);
    central.push(record, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const SHEET_OPEN = `${XML}<worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_CLOSE = '</sheetData></worksheet>';

const column = (i: number) => {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A row of inline cells (text as inline strings, numbers as numbers, null left out). */
export function sheetRow(r: number, values: (string | number | null)[]): string {
  const cells = values.map((v, i) => {
    if (v === null) return '';
    const ref = `${column(i)}${r}`;
    return typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escape(v)}</t></is></c>`;
  });
  return `<row r="${r}">${cells.join('')}</row>`;
}

/**
 * A minimal .xlsx with one sheet, 商品: `sheet` is the worksheet part (its name is set here), or the
 * worksheet's XML. `extra` parts follow (shared strings, pictures, fillers).
 */
export function xlsxOf(sheet: TZipPart | string, extra: TZipPart[] = [], workbookXml?: string): Buffer {
  const sheetPart = typeof sheet === 'string' ? deflatedPart('', sheet) : sheet;
  return zipOf([
    deflatedPart(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflatedPart('_rels/.rels', `${XML}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    deflatedPart('xl/workbook.xml', workbookXml ?? `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="商品" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    deflatedPart('xl/_rels/workbook.xml.rels', `${XML}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    { ...sheetPart, name: 'xl/worksheets/sheet1.xml' },
    ...extra,
  ]);
}

/**
 * The bomb of issue 30: an .xlsx of ~1 MB whose zip records declare a 1,000-byte sheet that inflates
 * to `megabytes` MB (one cell of that many letters).
 */
export function lyingSizeXlsx(megabytes = 1024): Buffer {
  const sheet = repeatedPart('', {
    head: `${SHEET_OPEN}<row r="1"><c r="A1" t="inlineStr"><is><t>`,
    piece: Buffer.alloc(1024 * 1024, 'A'),
    times: megabytes,
    tail: `</t></is></c></row>${SHEET_CLOSE}`,
    declaredSize: 1000,
  });
  return xlsxOf(sheet);
}

/** A valid goods row by template header: the `i`th of a run, in `category` (its full path) and `brand`. */
export const goodsRowValues = (i: number, category: string, brand: string | null, run: string): Record<string, string | number | null> => ({
  [GOODS_COLUMNS.sku]: `${run}-${i}`,
  [GOODS_COLUMNS.name]: `气相色谱仪 ${run}-${i}`,
  [GOODS_COLUMNS.category]: category,
  [GOODS_COLUMNS.brand]: brand,
  [GOODS_COLUMNS.model]: `GC-${i}`,
  [GOODS_COLUMNS.price]: 98_000 + i,
  [GOODS_COLUMNS.unit]: '台',
  [GOODS_COLUMNS.origin]: '日本',
  [GOODS_COLUMNS.status]: '在售',
  [GOODS_COLUMNS.params]: Array.from({ length: 8 }, (_, k) => `参数${k + 1}:数值${i}-${k} 单位`).join('\n'),
  [GOODS_COLUMNS.summary]: '适用于石化、环境与食品检测的气相色谱仪，配备自动进样器与多种检测器。',
});

/**
 * The worst file `limits` allow (the upload-limit test and bench/xlsx-bomb.ts): 5,000 valid goods
 * rows widened with 备注 columns of Chinese text to ~99 % of the cell limit and 98 % of the byte
 * limit, blank rows of a set height to ~99 % of the row limit, a drop-down list over ~99 % of the
 * range limit, and small parts to ~99 % of the part limit.
 */
export function worstAllowedXlsx(limits: TXlsxLimits, category: string, brand: string | null = null): Buffer {
  const headers = Object.values(GOODS_COLUMNS);
  const extra = Math.floor((limits.maxCells * 0.99) / 5_001) - headers.length;
  const sheetOf = (noteChars: number) => {
    const note = (i: number, k: number) => `备注${i}-${k}：`.padEnd(noteChars, '仪器检测样品分析数据记录');
    const rows = [sheetRow(1, [...headers, ...Array.from({ length: extra }, (_, k) => `备注${k + 1}`)])];
    for (let i = 1; i <= 5_000; i++) {
      const goods = goodsRowValues(i, category, brand, 'WORST');
      rows.push(sheetRow(i + 1, [...headers.map((h) => goods[h] ?? null), ...Array.from({ length: extra }, (_, k) => note(i, k))]));
    }
    for (let r = 5_002; r <= Math.floor(limits.maxRows * 0.99); r++) rows.push(`<row r="${r}" ht="20" customHeight="1"/>`);
    const validation = `<dataValidations count="1"><dataValidation type="list" allowBlank="1" sqref="B2:E${Math.floor((limits.maxRangeCells * 0.99) / 4) + 1}"><formula1>"在售,下架"</formula1></dataValidation></dataValidations>`;
    return `${SHEET_OPEN}${rows.join('')}</sheetData>${validation}</worksheet>`;
  };
  // The notes' length that brings the sheet to 98 % of the byte limit (3 bytes a character in UTF-8).
  const first = Buffer.byteLength(sheetOf(20));
  const xml = sheetOf(20 + Math.floor((limits.maxUnpackedBytes * 0.98 - first) / (5_000 * extra) / 3));
  const fillers = Array.from({ length: Math.floor(limits.maxEntries * 0.99) - 5 }, (_, i) => deflatedPart(`docProps/custom${i}.xml`, `<x>${i}</x>`));
  return xlsxOf(xml, fillers);
}
