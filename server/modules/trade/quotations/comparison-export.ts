// The 比价单 (quotation comparison sheet) as Excel (exceljs) and PDF (pdfkit with an embedded
// CJK font): the demand's own parameter table against every supplier's answer, with the lowest
// comparable price and the shortest lead time marked.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { DEMAND_STATE_LABEL, QUOTATION_STATE_LABEL, VAT_RATE, type TComparison } from '../../../../contracts/trade.js';
import { AppError } from '../../../errors.js';

export const CJK_FONT_FILE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/** The CJK font embedded in PDFs (Debian's fonts-noto-cjk); CJK_FONT_FILE overrides it. */
export const cjkFontFile = () => process.env.CJK_FONT_FILE || CJK_FONT_FILE;
const CJK_FONT_FAMILY = 'NotoSansCJKsc-Regular';

type TRow = { label: string; requirement: string; values: string[]; mark?: boolean[]; markKind?: 'price' | 'lead' };

const money = (n: number) => `¥${n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10) : '—');

export function comparisonRows(cmp: TComparison): TRow[] {
  const cols = cmp.columns;
  const rows: TRow[] = [
    { label: '报价状态', requirement: '', values: cols.map((c) => QUOTATION_STATE_LABEL[c.status]) },
    { label: '报价版本', requirement: '', values: cols.map((c) => `第${c.version}版`) },
    { label: '品牌 / 型号', requirement: '', values: cols.map((c) => c.lines.map((l) => `${l.brand} ${l.model}`).join('\n')) },
    { label: '单价 × 数量', requirement: `${cmp.demand.quantity}${cmp.demand.unit}`, values: cols.map((c) => c.lines.map((l) => `${money(l.unitPrice)} × ${l.quantity}（${l.taxIncluded ? '含税' : '不含税'}）`).join('\n')) },
    { label: '报价总额', requirement: cmp.demand.budget !== null ? `预算 ${money(cmp.demand.budget)}` : '', values: cols.map((c) => money(c.totalAmount)) },
    {
      label: `比价金额（含税，不含税按${Math.round(VAT_RATE * 100)}%折算）`,
      requirement: '',
      values: cols.map((c) => money(c.comparableTotal)),
      mark: cols.map((c) => c.lowestPrice),
      markKind: 'price',
    },
    { label: '交货期', requirement: cmp.demand.needBy ? `${day(cmp.demand.needBy)}前` : '', values: cols.map((c) => `${c.leadTimeDays}天`), mark: cols.map((c) => c.shortestLead), markKind: 'lead' },
    { label: '质保期', requirement: '', values: cols.map((c) => `${c.warrantyMonths}个月`) },
    { label: '付款方式', requirement: '', values: cols.map((c) => c.paymentTerms) },
    { label: '报价有效期', requirement: '', values: cols.map((c) => day(c.validUntil)) },
  ];
  for (const p of cmp.demand.params) {
    rows.push({ label: `参数：${p.name}`, requirement: p.value || '—', values: cols.map((c) => c.specs.find((s) => s.name === p.name)?.value || '未响应') });
  }
  rows.push({ label: '备注', requirement: '', values: cols.map((c) => c.notes || '—') });
  return rows;
}

export function exportFilename(cmp: TComparison, ext: 'xlsx' | 'pdf') {
  const title = cmp.demand.title.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 30);
  return `比价单-${title}-${cmp.demand.id}.${ext}`;
}

function headerLines(cmp: TComparison): string[] {
  const d = cmp.demand;
  return [
    `求购编号：${d.id}    状态：${DEMAND_STATE_LABEL[d.status]}    采购数量：${d.quantity}${d.unit}    报价截止：${day(d.quoteDeadline)}    收货地区：${[d.province, d.city].filter(Boolean).join(' ') || '—'}`,
    `导出时间：${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')}（北京时间）    报价数：${cmp.columns.length}家    ★ 最低价    ◆ 最短交期`,
  ];
}

export async function comparisonWorkbook(cmp: TComparison): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '仪采通';
  wb.created = new Date();
  const ws = wb.addWorksheet('比价单', { views: [{ state: 'frozen', xSplit: 2, ySplit: 4 }] });
  const width = 2 + cmp.columns.length;
  ws.columns = [{ width: 28 }, { width: 22 }, ...cmp.columns.map(() => ({ width: 30 }))];
  ws.mergeCells(1, 1, 1, Math.max(width, 2));
  const title = ws.getCell(1, 1);
  title.value = `比价单 — ${cmp.demand.title}`;
  title.font = { bold: true, size: 16 };
  title.alignment = { horizontal: 'center' };
  headerLines(cmp).forEach((line, i) => {
    ws.mergeCells(2 + i, 1, 2 + i, Math.max(width, 2));
    ws.getCell(2 + i, 1).value = line;
    ws.getCell(2 + i, 1).font = { color: { argb: 'FF6B7280' } };
  });
  const head = ws.getRow(4);
  head.values = ['项目', '采购要求', ...cmp.columns.map((c) => c.supplierName)];
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0B5FFF' } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
  for (const row of comparisonRows(cmp)) {
    const r = ws.addRow([row.label, row.requirement, ...row.values.map((v, i) => (row.mark?.[i] ? `${v} ${row.markKind === 'price' ? '★最低价' : '◆最短交期'}` : v))]);
    r.alignment = { vertical: 'top', wrapText: true };
    r.getCell(1).font = { bold: true };
    row.mark?.forEach((m, i) => {
      if (!m) return;
      const cell = r.getCell(3 + i);
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: row.markKind === 'price' ? 'FFDCFCE7' : 'FFDBEAFE' } };
      cell.font = { bold: true, color: { argb: row.markKind === 'price' ? 'FF15803D' : 'FF1D4ED8' } };
    });
  }
  ws.eachRow((r, n) => {
    if (n < 4) return;
    r.eachCell({ includeEmpty: true }, (cell) => {
      cell.border = { top: { style: 'thin', color: { argb: 'FFE5E7EB' } }, bottom: { style: 'thin', color: { argb: 'FFE5E7EB' } }, left: { style: 'thin', color: { argb: 'FFE5E7EB' } }, right: { style: 'thin', color: { argb: 'FFE5E7EB' } } };
    });
  });
  const buffer = await wb.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}

export function hasCjkFont() {
  return fs.existsSync(cjkFontFile());
}

export async function comparisonPdf(cmp: TComparison): Promise<Buffer> {
  if (!hasCjkFont()) throw new AppError('UNAVAILABLE', 'PDF 导出暂不可用：服务器缺少中文字体，请先导出 Excel 比价单');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: `比价单 — ${cmp.demand.title}`, Author: '仪采通' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', (err) => reject(err));
  });
  doc.registerFont('cjk', cjkFontFile(), CJK_FONT_FAMILY);
  doc.font('cjk');
  const left = doc.page.margins.left;
  const usable = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const rows = comparisonRows(cmp);
  const perPage = 4;
  const groups: number[][] = [];
  for (let i = 0; i < Math.max(cmp.columns.length, 1); i += perPage) groups.push(cmp.columns.slice(i, i + perPage).map((_, k) => i + k));

  groups.forEach((group, gi) => {
    if (gi > 0) doc.addPage();
    doc.fontSize(16).fillColor('#111827').text(`比价单 — ${cmp.demand.title}`, left, doc.page.margins.top, { width: usable });
    doc.fontSize(8.5).fillColor('#6b7280');
    for (const line of headerLines(cmp)) doc.text(line, { width: usable });
    if (groups.length > 1) doc.text(`第 ${gi + 1} / ${groups.length} 页（每页 ${perPage} 家供应商）`, { width: usable });
    let y = doc.y + 8;
    const labelW = 130;
    const reqW = 110;
    const colW = group.length ? (usable - labelW - reqW) / group.length : usable - labelW - reqW;
    const widths = [labelW, reqW, ...group.map(() => colW)];
    const drawRow = (cells: string[], opts: { header?: boolean; marks?: (string | null)[] } = {}) => {
      doc.fontSize(opts.header ? 9.5 : 8.5);
      const heights = cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i]! - 8 }));
      const h = Math.max(...heights) + 8;
      if (y + h > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      let x = left;
      cells.forEach((c, i) => {
        const mark = opts.marks?.[i];
        const fill = opts.header ? '#0b5fff' : mark === 'price' ? '#dcfce7' : mark === 'lead' ? '#dbeafe' : i < 2 ? '#f8fafc' : '#ffffff';
        doc.lineWidth(0.5).rect(x, y, widths[i]!, h).fillAndStroke(fill, '#e5e7eb');
        doc.fillColor(opts.header ? '#ffffff' : mark === 'price' ? '#15803d' : mark === 'lead' ? '#1d4ed8' : '#1f2329');
        doc.text(c || ' ', x + 4, y + 4, { width: widths[i]! - 8 });
        x += widths[i]!;
      });
      y += h;
    };
    drawRow(['项目', '采购要求', ...group.map((i) => cmp.columns[i]!.supplierName)], { header: true });
    for (const row of rows) {
      const values = group.map((i) => (row.mark?.[i] ? `${row.values[i]} ${row.markKind === 'price' ? '★' : '◆'}` : row.values[i]!));
      drawRow([row.label, row.requirement, ...values], { marks: [null, null, ...group.map((i) => (row.mark?.[i] ? row.markKind! : null))] });
    }
    if (cmp.columns.length === 0) {
      doc.fontSize(10).fillColor('#6b7280').text('暂无报价', left, y + 10);
    }
  });
  doc.end();
  return done;
}
