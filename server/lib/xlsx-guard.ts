// Checks an uploaded .xlsx (a zip of XML parts) before a spreadsheet library unpacks it: walks the
// zip's own directory, inflates every part as a stream counting the bytes that come out (the sizes
// a zip declares are not trusted), and counts what the reader would build from them — parts, rows,
// cells, and the cells that ranges name — refusing at the first limit passed.
import zlib from 'node:zlib';

export type TXlsxLimits = {
  /** Parts (zip entries), directories included. */
  maxEntries: number;
  /** Bytes all parts unpack to together, counted while inflating. */
  maxUnpackedBytes: number;
  /** Bytes one part unpacks to (the reader holds a whole part as one string). */
  maxEntryBytes: number;
  /** `<row>` elements over all parts. */
  maxRows: number;
  /** `<c>` (cell) elements over all parts. */
  maxCells: number;
  /**
   * Cells named by the ranges ExcelJS expands one cell at a time when it loads a workbook: merged
   * cells, data validations (`A2:A5001` is 5,000 entries), column spans and defined names. A
   * 100-byte `sqref="A1:XFD1048576"` is 17 billion of them.
   */
  maxRangeCells: number;
};

/** What was counted, up to where the check stopped. */
export type TXlsxTally = { entries: number; unpackedBytes: number; rows: number; cells: number; rangeCells: number };

export type TXlsxRefusal = 'not-xlsx' | 'entries' | 'unpacked' | 'rows' | 'cells' | 'ranges';

const MESSAGES: Record<TXlsxRefusal, string> = {
  'not-xlsx': '文件无法读取，请上传 Excel 文件（.xlsx）',
  entries: '文件中的工作表、图片等内容过多，请删除不需要的内容后重新上传',
  unpacked: '文件内容过大，请分批上传',
  rows: '文件行数过多，请分批上传',
  cells: '文件中的单元格过多，请删除不需要的行和列后重新上传',
  ranges: '文件中的合并单元格、数据验证或名称范围过大（例如整列设置了下拉列表），请只在数据行上设置后重新上传',
};

export class XlsxRefused extends Error {
  constructor(
    readonly reason: TXlsxRefusal,
    readonly tally: TXlsxTally,
  ) {
    super(MESSAGES[reason]);
    this.name = 'XlsxRefused';
  }
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** Output chunk of the inflater: the scan's unit of work between turns of the event loop. */
const CHUNK = 64 * 1024;
/** A start tag longer than this (attributes of one element) is not something a spreadsheet writes. */
const MAX_TAG_CHARS = 1024 * 1024;

type TEntry = { method: number; data: Buffer };

/**
 * Checks `buf` against `limits`; answers the tally or throws XlsxRefused (with a Chinese message).
 * Every part is inflated as a stream in chunks of 64 KB, so the event loop keeps turning and memory
 * stays at a few chunks whatever the file claims.
 */
export async function inspectXlsx(buf: Buffer, limits: TXlsxLimits): Promise<TXlsxTally> {
  const tally: TXlsxTally = { entries: 0, unpackedBytes: 0, rows: 0, cells: 0, rangeCells: 0 };
  const entries = readDirectory(buf, limits, tally);
  const scan = new XmlTally(limits, tally);
  for (const entry of entries) {
    let entryBytes = 0;
    try {
      for await (const chunk of unpack(entry)) {
        entryBytes += chunk.length;
        tally.unpackedBytes += chunk.length;
        if (entryBytes > limits.maxEntryBytes || tally.unpackedBytes > limits.maxUnpackedBytes) throw new XlsxRefused('unpacked', tally);
        scan.push(chunk);
      }
    } catch (err) {
      if (err instanceof XlsxRefused) throw err;
      throw new XlsxRefused('not-xlsx', tally); // zlib: not deflate data, or cut short
    }
    scan.end();
  }
  return tally;
}

/**
 * The parts as JSZip (ExcelJS's unzipper) will see them: the end record found as JSZip finds it
 * (the last signature in the file), every central record that follows from the directory's start
 * (JSZip reads them all, whatever count the end record states), each part's data after its local
 * header, as long as the central record says. Anything JSZip would read differently — bytes before
 * the zip, a comment, ZIP64, encryption, a method other than stored or deflated — is refused.
 */
function readDirectory(buf: Buffer, limits: TXlsxLimits, tally: TXlsxTally): TEntry[] {
  const refuse = (reason: TXlsxRefusal = 'not-xlsx') => new XlsxRefused(reason, tally);
  if (buf.length < 22 || buf.readUInt32LE(0) !== SIG_LOCAL) throw refuse();
  const end = buf.lastIndexOf(SIG_END);
  if (end < 0 || end + 22 > buf.length) throw refuse();
  const declared = buf.readUInt16LE(end + 10);
  const dirSize = buf.readUInt32LE(end + 12);
  const dirStart = buf.readUInt32LE(end + 16);
  if (end + 22 + buf.readUInt16LE(end + 20) !== buf.length || dirStart + dirSize !== end || buf.readUInt16LE(end + 4) !== 0 || buf.readUInt16LE(end + 6) !== 0) throw refuse();
  if (declared > limits.maxEntries) throw refuse('entries');
  const entries: TEntry[] = [];
  let p = dirStart;
  while (p + 46 <= end && buf.readUInt32LE(p) === SIG_CENTRAL) {
    if (entries.length >= limits.maxEntries) throw refuse('entries');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const packed = buf.readUInt32LE(p + 20);
    const local = buf.readUInt32LE(p + 42);
    if (flags & 0x0001 || (method !== 0 && method !== 8) || packed === 0xffffffff || local === 0xffffffff || buf.readUInt32LE(p + 24) === 0xffffffff) throw refuse();
    if (local + 30 > dirStart || buf.readUInt32LE(local) !== SIG_LOCAL) throw refuse();
    const from = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (from + packed > dirStart) throw refuse();
    entries.push({ method, data: buf.subarray(from, from + packed) });
    tally.entries = entries.length;
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  if (p !== end || entries.length !== declared || entries.length === 0) throw refuse();
  return entries;
}

/** A part's bytes in chunks: inflated by zlib off the main thread, or a stored part sliced. */
async function* unpack(entry: TEntry): AsyncGenerator<Buffer> {
  if (entry.method === 0) {
    for (let i = 0; i < entry.data.length; i += CHUNK) {
      yield entry.data.subarray(i, i + CHUNK);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return;
  }
  if (entry.data.length === 0) return;
  const inflater = zlib.createInflateRaw({ chunkSize: CHUNK });
  inflater.end(entry.data);
  try {
    for await (const chunk of inflater) yield chunk as Buffer;
  } finally {
    // Also when the caller stops early (a limit passed): zlib stops where it is.
    inflater.destroy();
  }
}

// ---- counting inside the XML -----------------------------------------------------------------

/** The start of an element this check counts, with or without a namespace prefix. */
const START = /<(?:[A-Za-z_][\w.-]*:)?(row|c|col|mergeCell|dataValidation|definedName)(?=[\s/>])/g;
/** The rest of a start tag: attributes (a quoted value may hold `>`, never `<`) up to `>` or `/>`. */
const REST = /((?:[^>"'<]|"[^"<]*"|'[^'<]*')*)>/y;
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** A1 or A1:B2 references, with or without `$`; whole rows and columns (A:A) are not expanded by ExcelJS. */
const CELL_RANGE = /\$?([A-Za-z]+)\$?(\d+)(?::\$?([A-Za-z]+)\$?(\d+))?/g;
const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** Defined names ExcelJS reads without expanding them cell by cell (page set-up). */
const UNEXPANDED_NAMES = new Set(['_xlnm.Print_Area', '_xlnm.Print_Titles']);

const decode = (s: string) =>
  s.includes('&') ? s.replace(ENTITY, (_m, hex: string, dec: string, name: string) => (name ? NAMED[name]! : String.fromCodePoint(Math.min(Number.parseInt(hex ?? dec, hex ? 16 : 10), 0x10ffff)))) : s;

const column = (letters: string) => {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
};

/** Cells named by the A1 and A1:B2 references in a text (sqref lists, a defined name's formula). */
function rangeCells(text: string): number {
  let cells = 0;
  for (const m of decode(text).matchAll(CELL_RANGE)) {
    if (m[3] === undefined) {
      cells += 1;
      continue;
    }
    const rows = Math.abs(Number(m[4]) - Number(m[2])) + 1;
    const cols = Math.abs(column(m[3]) - column(m[1]!)) + 1;
    cells += rows * cols;
  }
  return cells;
}

/**
 * Counts rows, cells and range cells in a part's XML as it streams by. Bytes are read as latin1,
 * which keeps markup (ASCII) at its place whatever the text around it; a start tag cut by a
 * chunk's end is carried into the next chunk, so nothing is counted twice or missed.
 */
class XmlTally {
  private carry = '';
  /** The text of a `<definedName>` being read, or null outside one. */
  private nameText: string | null = null;

  constructor(
    private readonly limits: TXlsxLimits,
    private readonly tally: TXlsxTally,
  ) {}

  push(chunk: Buffer) {
    const text = this.carry + chunk.toString('latin1');
    this.carry = '';
    let from = 0;
    if (this.nameText !== null) {
      const lt = text.indexOf('<');
      this.addNameText(text.slice(0, lt < 0 ? text.length : lt));
      if (lt < 0) return;
      this.endName();
      from = lt;
    }
    let done = from;
    START.lastIndex = from;
    for (let m = START.exec(text); m; m = START.exec(text)) {
      REST.lastIndex = START.lastIndex;
      const rest = REST.exec(text);
      if (!rest) {
        // Cut by the chunk's end: read it again with the next chunk. Otherwise malformed (a `<`
        // inside the tag), which the reader refuses too.
        if (text.indexOf('<', START.lastIndex) < 0) {
          if (text.length - m.index > MAX_TAG_CHARS) throw new XlsxRefused('not-xlsx', this.tally);
          this.carry = text.slice(m.index);
          return;
        }
        continue;
      }
      done = REST.lastIndex;
      START.lastIndex = done;
      this.element(m[1]!, rest[1]!);
      if (this.nameText !== null) {
        const lt = text.indexOf('<', done);
        this.addNameText(text.slice(done, lt < 0 ? text.length : lt));
        if (lt < 0) return;
        this.endName();
        START.lastIndex = lt;
      }
    }
    // The last `<` may open a tag whose name the chunk cut (`<ro`): keep it for the next chunk.
    const lt = text.lastIndexOf('<');
    if (lt >= done && text.length - lt < 64) this.carry = text.slice(lt);
  }

  /** A part ends: nothing carries into the next one. */
  end() {
    if (this.nameText !== null) this.endName();
    this.carry = '';
  }

  private element(name: string, attrs: string) {
    const t = this.tally;
    const l = this.limits;
    if (name === 'row') {
      if (++t.rows > l.maxRows) throw new XlsxRefused('rows', t);
      return;
    }
    if (name === 'c') {
      if (++t.cells > l.maxCells) throw new XlsxRefused('cells', t);
      return;
    }
    const attr = attributes(attrs);
    if (name === 'mergeCell') this.addRange(rangeCells(attr.ref ?? ''));
    else if (name === 'dataValidation') this.addRange(rangeCells(attr.sqref ?? ''));
    // ExcelJS makes a column object for every index from 1 to the highest `max`.
    else if (name === 'col') this.addRange(Math.max(0, Number.parseInt(decode(attr.max ?? '0'), 10) || 0));
    else if (name === 'definedName' && !attrs.trimEnd().endsWith('/') && !UNEXPANDED_NAMES.has(decode(attr.name ?? ''))) this.nameText = '';
  }

  private addNameText(s: string) {
    this.nameText += s;
    if (this.nameText!.length > MAX_TAG_CHARS) throw new XlsxRefused('ranges', this.tally);
  }

  private endName() {
    const text = this.nameText!;
    this.nameText = null;
    this.addRange(rangeCells(text));
  }

  private addRange(cells: number) {
    this.tally.rangeCells += cells;
    // Written so that NaN (references too long to be numbers) is refused too.
    if (!(this.tally.rangeCells <= this.limits.maxRangeCells)) throw new XlsxRefused('ranges', this.tally);
  }
}

function attributes(attrs: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of attrs.matchAll(ATTR)) out[m[1]!] = m[2] ?? m[3] ?? '';
  return out;
}
