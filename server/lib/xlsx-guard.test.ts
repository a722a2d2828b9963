// The upload guard of .xlsx files (issue 30 item 7): sizes counted while inflating, never taken
// from the zip's records; parts, rows, cells and expanded ranges limited; real exports accepted.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { GOODS_COLUMNS, GOODS_SHEET, PRICE_ON_REQUEST } from '../../contracts/goods-excel.js';
import { assertXlsxContainer, writeGoodsWorkbook, type TGoodsSheetRow } from '../modules/supplier/goods-excel.workbook.js';
import { deflatedPart, lyingSizeXlsx, repeatedPart, sheetRow, SHEET_CLOSE, SHEET_OPEN, storedPart, xlsxOf, zipOf, type TZipPart } from '../test/xlsx-fixtures.js';
import { inspectXlsx, XlsxRefused, type TXlsxLimits, type TXlsxRefusal } from './xlsx-guard.js';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;
const LIMITS: TXlsxLimits = { maxEntries: 50, maxUnpackedBytes: 8 * MB, maxEntryBytes: 6 * MB, maxRows: 1_000, maxCells: 5_000, maxRangeCells: 10_000 };
const WIDE: TXlsxLimits = { maxEntries: 1_000, maxUnpackedBytes: 100 * MB, maxEntryBytes: 100 * MB, maxRows: 1e9, maxCells: 1e9, maxRangeCells: 1e12 };

async function refusal(file: Buffer, limits = LIMITS): Promise<XlsxRefused> {
  const err = await inspectXlsx(file, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(XlsxRefused);
  return err as XlsxRefused;
}

const sheet = (rows: string, after = '') => `${SHEET_OPEN}${rows}</sheetData>${after}</worksheet>`;

/** A goods row as the export writes it. */
const makeGoodsRow = (i: number): TGoodsSheetRow => ({
  id: i,
  sku: `GC-${i}`,
  name: `气相色谱仪 GC-${i}`,
  category: '分析仪器 > 色谱仪器 > 气相色谱仪',
  brand: '岛津',
  model: `GC-2030-${i}`,
  price: i % 7 ? 98_000 + i : PRICE_ON_REQUEST,
  unit: '台',
  origin: '日本',
  status: '在售',
  params: '检测器:FID\n柱温箱:室温+4～450℃\n进样口:分流/不分流',
  summary: '适用于石化、环境与食品检测，配备自动进样器。',
});

async function exportedWorkbook(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const lists = { categoryPaths: Array.from({ length: 120 }, (_, i) => `分析仪器 > 色谱仪器 > 分类${i}`), brands: Array.from({ length: 80 }, (_, i) => `品牌${i}`) };
  async function* pages() {
    for (let from = 1; from <= rows; from += 500) yield Array.from({ length: Math.min(500, rows - from + 1) }, (_, k) => makeGoodsRow(from + k));
  }
  await writeGoodsWorkbook(out, lists, pages());
  return Buffer.concat(chunks);
}

describe('real workbooks', () => {
  it('accepts an export of 5,000 goods, and the same file saved again with shared strings', async () => {
    const exported = await exportedWorkbook(5_000);
    await expect(assertXlsxContainer(exported)).resolves.toBeUndefined();
    const tally = await inspectXlsx(exported, WIDE);
    expect(tally.rows).toBeGreaterThan(5_000);
    expect(tally.cells).toBeGreaterThanOrEqual(5_001 * Object.keys(GOODS_COLUMNS).length);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported as never);
    expect(wb.getWorksheet(GOODS_SHEET)!.rowCount).toBe(5_001);
    const resaved = Buffer.from(await wb.xlsx.writeBuffer());
    await expect(assertXlsxContainer(resaved)).resolves.toBeUndefined();
  }, 120_000);
});

describe('sizes', () => {
  it('refuses a 1 MB file whose records declare 1,000 bytes for a 1 GB sheet, stopping at the limit', async () => {
    const bomb = lyingSizeXlsx(1024);
    expect(bomb.length).toBeLessThan(2 * MB);
    const err = await refusal(bomb);
    expect(err.reason).toBe<TXlsxRefusal>('unpacked');
    expect(err.message).toBe('文件内容过大，请分批上传');
    // It read as far as the limit and no further: the rest of the gigabyte was never inflated.
    expect(err.tally.unpackedBytes).toBeGreaterThan(LIMITS.maxEntryBytes);
    expect(err.tally.unpackedBytes).toBeLessThanOrEqual(LIMITS.maxEntryBytes + 2 * CHUNK);
  });

  it('counts every part against the total, also many records pointing at the same data', async () => {
    const part = repeatedPart('xl/media/a.bin', { head: '', piece: Buffer.alloc(MB, 1), times: 2, tail: '', declaredSize: 10 });
    const parts = Array.from({ length: 20 }, (_, i) => ({ ...part, name: `xl/media/image${i}.bin` }));
    const err = await refusal(xlsxOf(sheet(''), parts));
    expect(err.reason).toBe('unpacked');
    expect(err.tally.unpackedBytes).toBeLessThanOrEqual(LIMITS.maxUnpackedBytes + CHUNK);

    // One compressed part, its central record repeated: 20 entries that share 2 MB of data.
    const shared = zipOf([deflatedPart('xl/workbook.xml', '<workbook/>'), part]);
    const at = shared.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const record = shared.subarray(at, shared.length - 22);
    const directoryStart = shared.readUInt32LE(shared.length - 22 + 16);
    const directory = Buffer.concat([shared.subarray(directoryStart, at), ...Array<Buffer>(20).fill(record)]);
    const end = Buffer.from(shared.subarray(shared.length - 22));
    end.writeUInt16LE(21, 8);
    end.writeUInt16LE(21, 10);
    end.writeUInt32LE(directory.length, 12);
    const overlapping = Buffer.concat([shared.subarray(0, directoryStart), directory, end]);
    expect((await refusal(overlapping)).reason).toBe('unpacked');
  });

  it('never inflates a part in one go: the event loop turns while a big part is read', async () => {
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    await expect(inspectXlsx(lyingSizeXlsx(64), WIDE)).resolves.toMatchObject({ entries: 5 });
    clearInterval(timer);
    expect(turns).toBeGreaterThan(10);
  });
});

describe('parts', () => {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => deflatedPart(`docProps/custom${i}.xml`, '<x/>'));

  it('refuses more parts than allowed', async () => {
    const err = await refusal(xlsxOf(sheet(''), filler(LIMITS.maxEntries)));
    expect(err.reason).toBe<TXlsxRefusal>('entries');
    expect(err.message).toBe('文件中的工作表、图片等内容过多，请删除不需要的内容后重新上传');
    expect(err.tally.unpackedBytes).toBe(0);
    await expect(inspectXlsx(xlsxOf(sheet(''), filler(LIMITS.maxEntries - 5)), LIMITS)).resolves.toMatchObject({ entries: LIMITS.maxEntries });
  });

  it('counts the records the directory holds, not the number its end record states', async () => {
    const file = xlsxOf(sheet(''), filler(LIMITS.maxEntries));
    file.writeUInt16LE(3, file.length - 22 + 8);
    file.writeUInt16LE(3, file.length - 22 + 10);
    expect((await refusal(file)).reason).toBe('entries');
  });

  it.each<[string, () => Buffer]>([
    ['plain text', () => Buffer.from('货号,商品名称\nA1,色谱仪\n')],
    ['a cut-off zip', () => xlsxOf(sheet('')).subarray(0, 200)],
    ['bytes before the zip', () => Buffer.concat([Buffer.from('PK\x03\x04padding'), xlsxOf(sheet(''))])],
    ['a comment after the zip', () => Buffer.concat([xlsxOf(sheet('')), Buffer.from('comment')])],
    ['an encrypted part', () => encrypted(xlsxOf(sheet('')))],
    ['a part that is not deflate data', () => xlsxOf({ ...storedPart('', 'not deflate data at all, really'), method: 8 })],
    ['a part compressed another way', () => xlsxOf({ ...storedPart('', sheet('')), method: 12 as 8 })],
  ])('refuses %s as not an .xlsx', async (_what, file) => {
    const err = await refusal(file());
    expect(err.reason).toBe<TXlsxRefusal>('not-xlsx');
    expect(err.message).toBe('文件无法读取，请上传 Excel 文件（.xlsx）');
  });
});

/** The same zip with every part marked encrypted (flag bit 0) in the central directory. */
function encrypted(file: Buffer): Buffer {
  const out = Buffer.from(file);
  for (let p = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); p >= 0; p = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), p + 4)) out.writeUInt16LE(out.readUInt16LE(p + 8) | 1, p + 8);
  return out;
}

describe('rows, cells and ranges', () => {
  it('refuses more rows than allowed, counting formatted empty rows too', async () => {
    const rows = Array.from({ length: LIMITS.maxRows + 1 }, (_, i) => `<row r="${i + 1}" s="1" customFormat="1"/>`).join('');
    const err = await refusal(xlsxOf(sheet(rows)));
    expect(err.reason).toBe<TXlsxRefusal>('rows');
    expect(err.message).toBe('文件行数过多，请分批上传');
    expect(err.tally.rows).toBe(LIMITS.maxRows + 1);
    await expect(inspectXlsx(xlsxOf(sheet(rows.slice(rows.indexOf('<row r="2"')))), LIMITS)).resolves.toMatchObject({ rows: LIMITS.maxRows });
  });

  it('refuses more cells than allowed', async () => {
    const wide = Array.from({ length: 10 }, (_, r) => sheetRow(r + 1, Array.from({ length: 501 }, (_v, c) => c))).join('');
    const err = await refusal(xlsxOf(sheet(wide)));
    expect(err.reason).toBe<TXlsxRefusal>('cells');
    expect(err.message).toBe('文件中的单元格过多，请删除不需要的行和列后重新上传');
  });

  it.each<[string, string, string?]>([
    ['a drop-down list on the whole sheet', sheet('', '<dataValidations count="1"><dataValidation type="list" sqref="A1:XFD1048576"><formula1>"a,b"</formula1></dataValidation></dataValidations>')],
    ['the same with the range written as character references', sheet('', '<dataValidations count="1"><dataValidation sqref="&#65;1:&#x58;FD1048576" type="list"><formula1>"a"</formula1></dataValidation></dataValidations>')],
    ['a quoted > before the range', sheet('', `<dataValidations count="1"><dataValidation prompt="a>b" sqref='A1:Z100000'/></dataValidations>`)],
    ['references too long to be numbers', sheet('', `<dataValidations count="1"><dataValidation sqref="${'A'.repeat(400)}1:${'B'.repeat(400)}2"/></dataValidations>`)],
    ['merged cells over a million rows', sheet('', '<mergeCells count="1"><mergeCell ref="A1:C1000000"/></mergeCells>')],
    ['a column span of a billion', `${SHEET_OPEN.replace('<sheetData>', '<cols><col min="1" max="1000000000" width="9"/></cols><sheetData>')}${SHEET_CLOSE}`],
    ['a defined name over a whole sheet', sheet(''), '<workbook><definedNames><definedName name="all">商品!$A$1:$XFD$1048576</definedName></definedNames></workbook>'],
  ])('refuses %s (ExcelJS would expand it cell by cell)', async (_what, sheetXml, workbookXml) => {
    const err = await refusal(xlsxOf(sheetXml, [], workbookXml));
    expect(err.reason).toBe<TXlsxRefusal>('ranges');
    expect(err.message).toContain('合并单元格、数据验证或名称范围过大');
    expect(err.tally.unpackedBytes).toBeLessThan(CHUNK);
  });

  it('leaves whole columns, print areas and ranges within the limit alone', async () => {
    const ok = sheet(
      sheetRow(1, ['货号']),
      '<mergeCells count="1"><mergeCell ref="A1:B2"/></mergeCells><dataValidations count="2"><dataValidation sqref="C:C"/><dataValidation sqref="A2:D2001 F2:F1001"/></dataValidations>',
    );
    const workbook = '<workbook><definedNames><definedName name="_xlnm.Print_Area" localSheetId="0">商品!$A$1:$XFD$1048576</definedName></definedNames></workbook>';
    await expect(inspectXlsx(xlsxOf(ok, [], workbook), LIMITS)).resolves.toMatchObject({ rangeCells: 4 + 8_000 + 1_000 });
  });
});

describe('counting across chunks', () => {
  // Pieces of an odd length against 64 KB chunks: every cut position inside a piece occurs.
  const pad = (s: string, length: number) => s + ' '.repeat(length - s.length);
  const cases: [string, string, number, keyof Awaited<ReturnType<typeof inspectXlsx>>, number][] = [
    ['rows', pad('<row r="1" spans="1:2"/>', 37), 90_000, 'rows', 1],
    ['cells', pad('<c r="B2" s="3"><v>42</v></c>', 41), 80_000, 'cells', 1],
    ['merged cells', pad('<mergeCell ref="A1:B2"/>', 39), 85_000, 'rangeCells', 4],
    ['defined names', pad('<definedName name="n">商品!$A$1:$C$3</definedName>', 61), 70_000, 'rangeCells', 9],
  ];
  it.each(cases)('counts %s exactly wherever the chunks cut them, stored or deflated', async (_what, piece, times, key, each) => {
    const body = `<x>${piece.repeat(times)}</x>`;
    for (const part of [storedPart('xl/worksheets/sheet2.xml', body), deflatedPart('xl/worksheets/sheet2.xml', body)] as TZipPart[]) {
      const tally = await inspectXlsx(xlsxOf(sheet(''), [part]), WIDE);
      expect(tally[key]).toBe(times * each);
    }
  });
});
