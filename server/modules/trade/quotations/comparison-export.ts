// The 比价单 (quotation comparison sheet) as Excel (exceljs) and PDF (pdfkit with an embedded
// CJK font), fit for an internal purchase approval: the demand's own parameter table against
// every supplier's answer with the marks of contracts/comparison.ts, the 决策记录 with signature
// lines, a document number, and the 核验码 with its public link.
import { formatReplyRate, replyTimeOf, RESPONSE_WINDOW_DAYS, type TResponseFigures } from '../../../../contracts/response-quality.js';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { approvalRecordLines } from '../../../../contracts/award-approval.js';
import { decisionRecord, formatYuan, MARK_TEXT, responseBasis, SIGNATURE_ROLES, type TComparison, type TComparisonColumn } from '../../../../contracts/comparison.js';
import { DEMAND_STATE_LABEL, QUOTATION_STATE_LABEL, VAT_RATE } from '../../../../contracts/trade.js';
import { formatDateTime, formatDay } from '../../../../contracts/time.js';
import { AppError } from '../../../errors.js';

export const CJK_FONT_FILE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/** The CJK font embedded in PDFs (Debian's fonts-noto-cjk); CJK_FONT_FILE overrides it. */
export const cjkFontFile = () => process.env.CJK_FONT_FILE || CJK_FONT_FILE;
const CJK_FONT_FAMILY = 'NotoSansCJKsc-Regular';

/** The 核验码 printed on a 比价单 and the address that checks it. */
export type TPrintMark = { code: string; url: string };

type TMarkKind = keyof typeof MARK_TEXT;
/** 回复率 83% · 首次回复 1.5 个工作小时 · 收到询价 6 条 · 中标 1 次 · 查看后撤回 1 次 */
function responseText(f: TResponseFigures | undefined): string {
  if (!f) return '—';
  const time = replyTimeOf(f);
  return `回复率 ${formatReplyRate(f)}；首次回复 ${time}；收到询价 ${f.inquiries} 条；中标 ${f.accepted} 次；查看后撤回 ${f.withdrawnAfterOpen} 次`;
}

type TRow = { label: string; requirement: string; values: string[]; mark?: boolean[]; markKind?: TMarkKind };

/** Why a column is left out of 最低价 / 最短交期, shown with its state. */
function statusText(c: TComparisonColumn): string {
  const label = QUOTATION_STATE_LABEL[c.status];
  if (c.compared) return label;
  return c.status === 'SUBMITTED' || c.status === 'ACCEPTED' || c.status === 'NOT_SELECTED' ? `${label}（已过有效期，不参与比价）` : `${label}（不参与比价）`;
}

export function comparisonRows(cmp: TComparison): TRow[] {
  const cols = cmp.columns;
  const unit = cmp.demand.unit;
  const rows: TRow[] = [
    { label: '报价状态', requirement: '', values: cols.map(statusText) },
    { label: '报价版本', requirement: '', values: cols.map((c) => `第${c.version}版`) },
    { label: '品牌 / 型号', requirement: '', values: cols.map((c) => c.lines.map((l) => `${l.brand} ${l.model}`).join('\n')) },
    { label: '单价 × 数量', requirement: '', values: cols.map((c) => c.lines.map((l) => `${formatYuan(l.unitPrice)} × ${l.quantity}（${l.taxIncluded ? '含税' : '不含税'}）`).join('\n')) },
    { label: '报价数量', requirement: `${cmp.demand.quantity}${unit}`, values: cols.map((c) => `${c.quantity}${unit}${c.quantityDiffers ? '（与需求数量不符）' : ''}`) },
    { label: '报价总额', requirement: cmp.demand.budget !== null ? `预算 ${formatYuan(cmp.demand.budget)}` : '', values: cols.map((c) => formatYuan(c.totalAmount)) },
    { label: `比价金额（含税，不含税按${Math.round(VAT_RATE * 100)}%折算）`, requirement: '', values: cols.map((c) => formatYuan(c.comparableTotal)) },
    // 最低价 is judged per unit: its mark sits here, never on the total above.
    {
      label: `比价单价（每${unit}，最低价按此比较）`,
      requirement: '',
      values: cols.map((c) => `${formatYuan(c.unitPrice)}/${unit}`),
      mark: cols.map((c) => c.lowestPrice),
      markKind: 'price',
    },
    { label: '交货期', requirement: cmp.demand.needBy ? `${formatDay(cmp.demand.needBy)}前` : '', values: cols.map((c) => `${c.leadTimeDays}天`), mark: cols.map((c) => c.shortestLead), markKind: 'lead' },
    { label: '质保期', requirement: '', values: cols.map((c) => `${c.warrantyMonths}个月`) },
    { label: '付款方式', requirement: '', values: cols.map((c) => c.paymentTerms) },
    { label: '报价有效期', requirement: '', values: cols.map((c) => formatDay(c.validUntil)) },
    // 响应质量 (issue 37): the supplier's figures as kept at the decision, or before one as exported.
    { label: `供应商响应（近${RESPONSE_WINDOW_DAYS}天，${responseBasis(cmp.responseAt)}）`, requirement: '', values: cols.map((c) => responseText(c.response)) },
  ];
  for (const p of cmp.demand.params) {
    rows.push({ label: `参数：${p.name}`, requirement: p.value || '—', values: cols.map((c) => c.specs.find((s) => s.name === p.name)?.value || '未响应') });
  }
  rows.push({ label: '备注', requirement: '', values: cols.map((c) => c.notes || '—') });
  if (cols.some((c) => c.rejectReason)) rows.push({ label: '拒绝理由', requirement: '', values: cols.map((c) => c.rejectReason || '—') });
  return rows;
}

const cellText = (row: TRow, i: number) => (row.mark?.[i] ? `${row.values[i]} ${MARK_TEXT[row.markKind!]}` : row.values[i]!);

export function exportFilename(cmp: TComparison, ext: 'xlsx' | 'pdf') {
  const title = cmp.demand.title.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 30);
  return `比价单-${title}-${cmp.demand.id}.${ext}`;
}

function headerLines(cmp: TComparison, print: TPrintMark): string[] {
  const d = cmp.demand;
  return [
    `单据编号：${cmp.documentNo}    求购编号：${d.id}    状态：${DEMAND_STATE_LABEL[d.status]}    采购数量：${d.quantity}${d.unit}    报价截止：${formatDay(d.quoteDeadline)}    收货地区：${[d.province, d.city].filter(Boolean).join(' ') || '—'}`,
    `导出时间：${formatDateTime(Date.now())}（北京时间）    报价数：${cmp.columns.length}家    ★ 最低价（按比价单价，不含已撤回、已过期、已拒绝的报价）    ◆ 最短交期`,
    `核验码：${print.code}    核验网址：${print.url}`,
  ];
}

/** The 决策记录 block: the decision's lines, or one line saying there is none yet. */
function decisionLines(cmp: TComparison): { label: string; value: string }[] {
  // 定标审批记录 (issue 38): each proposal and each approval step, after the decision.
  const approvals = approvalRecordLines(cmp.awardApproval?.proposals ?? []);
  if (!cmp.decision) return [{ label: '决策结果', value: '尚未选定供应商' }, ...approvals];
  return [...decisionRecord(cmp.decision, cmp.demand), ...approvals];
}

export async function comparisonWorkbook(cmp: TComparison, print: TPrintMark): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '仪采通';
  wb.created = new Date();
  const header = headerLines(cmp, print);
  const headRow = header.length + 2;
  const ws = wb.addWorksheet('比价单', { views: [{ state: 'frozen', xSplit: 2, ySplit: headRow }] });
  const width = Math.max(2 + cmp.columns.length, 4);
  ws.columns = [{ width: 30 }, { width: 22 }, ...cmp.columns.map(() => ({ width: 30 }))];
  const fullRow = (r: number, value: string, font: Partial<ExcelJS.Font> = {}) => {
    ws.mergeCells(r, 1, r, width);
    const cell = ws.getCell(r, 1);
    cell.value = value;
    cell.font = font;
    cell.alignment = { wrapText: true, vertical: 'top' };
    return cell;
  };
  fullRow(1, `比价单 — ${cmp.demand.title}`, { bold: true, size: 16 }).alignment = { horizontal: 'center' };
  header.forEach((line, i) => fullRow(2 + i, line, { color: { argb: i === 2 ? 'FF111827' : 'FF6B7280' }, bold: i === 2 }));
  const head = ws.getRow(headRow);
  head.values = ['项目', '采购要求', ...cmp.columns.map((c) => c.supplierName)];
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0B5FFF' } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
  const thin = { style: 'thin' as const, color: { argb: 'FFE5E7EB' } };
  for (const row of comparisonRows(cmp)) {
    const r = ws.addRow([row.label, row.requirement, ...row.values.map((_, i) => cellText(row, i))]);
    r.alignment = { vertical: 'top', wrapText: true };
    r.getCell(1).font = { bold: true };
    cmp.columns.forEach((c, i) => {
      const cell = r.getCell(3 + i);
      if (row.mark?.[i]) {
        cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: row.markKind === 'price' ? 'FFDCFCE7' : 'FFDBEAFE' } };
        cell.font = { bold: true, color: { argb: row.markKind === 'price' ? 'FF15803D' : 'FF1D4ED8' } };
      } else if (!c.compared) {
        cell.font = { color: { argb: 'FF9CA3AF' } };
      }
    });
    r.eachCell({ includeEmpty: true }, (cell) => {
      cell.border = { top: thin, bottom: thin, left: thin, right: thin };
    });
  }
  let at = ws.rowCount + 2;
  fullRow(at++, '决策记录', { bold: true, size: 13 });
  for (const line of decisionLines(cmp)) {
    const r = ws.getRow(at++);
    r.getCell(1).value = line.label;
    r.getCell(1).font = { bold: true };
    ws.mergeCells(r.number, 2, r.number, width);
    r.getCell(2).value = line.value;
    r.getCell(2).alignment = { wrapText: true, vertical: 'top' };
  }
  if (cmp.decision) {
    at++;
    for (const role of SIGNATURE_ROLES) {
      const r = ws.getRow(at++);
      r.values = [`${role}（签字）`, '', '日期'];
      r.height = 28;
      r.getCell(2).border = { bottom: { style: 'thin', color: { argb: 'FF111827' } } };
      r.getCell(4).border = { bottom: { style: 'thin', color: { argb: 'FF111827' } } };
      r.getCell(1).font = { bold: true };
      r.alignment = { vertical: 'bottom' };
    }
  }
  at++;
  fullRow(at, `核验码：${print.code}    请在 ${print.url} 核对本单的供应商报价与决策记录；数据如有变化，核验页会提示。`, { color: { argb: 'FF6B7280' } });
  ws.pageSetup = { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
  ws.headerFooter = { oddFooter: `&L单据编号 ${cmp.documentNo}  核验码 ${print.code}&R第 &P 页 / 共 &N 页` };
  const buffer = await wb.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}

export function hasCjkFont() {
  return fs.existsSync(cjkFontFile());
}

export async function comparisonPdf(cmp: TComparison, print: TPrintMark): Promise<Buffer> {
  if (!hasCjkFont()) throw new AppError('UNAVAILABLE', 'PDF 导出暂不可用：服务器缺少中文字体，请先导出 Excel 比价单');
  // Pages are buffered so the footer can say "第 i 页 / 共 N 页" once N is known.
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, bufferPages: true, info: { Title: `比价单 — ${cmp.demand.title}`, Author: '仪采通', Subject: cmp.documentNo } });
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
  // Room for the footer under the table.
  const bottom = doc.page.height - doc.page.margins.bottom - 14;
  const rows = comparisonRows(cmp);
  const perPage = 4;
  const groups: number[][] = [];
  for (let i = 0; i < Math.max(cmp.columns.length, 1); i += perPage) groups.push(cmp.columns.slice(i, i + perPage).map((_, k) => i + k));
  let y = doc.page.margins.top;
  const ensure = (h: number) => {
    if (y + h <= bottom) return;
    doc.addPage();
    y = doc.page.margins.top;
  };

  groups.forEach((group, gi) => {
    if (gi > 0) doc.addPage();
    doc.fontSize(16).fillColor('#111827').text(`比价单 — ${cmp.demand.title}`, left, doc.page.margins.top, { width: usable });
    doc.fontSize(8.5).fillColor('#6b7280');
    headerLines(cmp, print).forEach((line, i) => doc.fillColor(i === 2 ? '#111827' : '#6b7280').text(line, { width: usable }));
    if (groups.length > 1) doc.fillColor('#6b7280').text(`供应商第 ${group[0]! + 1}–${group[group.length - 1]! + 1} 家 / 共 ${cmp.columns.length} 家`, { width: usable });
    y = doc.y + 8;
    const labelW = 130;
    const reqW = 110;
    const colW = group.length ? (usable - labelW - reqW) / group.length : usable - labelW - reqW;
    const widths = [labelW, reqW, ...group.map(() => colW)];
    const drawRow = (cells: string[], opts: { header?: boolean; marks?: (TMarkKind | null)[]; dim?: boolean[] } = {}) => {
      doc.fontSize(opts.header ? 9.5 : 8.5);
      const heights = cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i]! - 8 }));
      const h = Math.max(...heights) + 8;
      ensure(h);
      let x = left;
      cells.forEach((c, i) => {
        const mark = opts.marks?.[i];
        const fill = opts.header ? '#0b5fff' : mark === 'price' ? '#dcfce7' : mark === 'lead' ? '#dbeafe' : i < 2 ? '#f8fafc' : opts.dim?.[i] ? '#f3f4f6' : '#ffffff';
        doc.lineWidth(0.5).rect(x, y, widths[i]!, h).fillAndStroke(fill, '#e5e7eb');
        doc.fillColor(opts.header ? '#ffffff' : mark === 'price' ? '#15803d' : mark === 'lead' ? '#1d4ed8' : opts.dim?.[i] ? '#9ca3af' : '#1f2329');
        doc.text(c || ' ', x + 4, y + 4, { width: widths[i]! - 8 });
        x += widths[i]!;
      });
      y += h;
    };
    drawRow(['项目', '采购要求', ...group.map((i) => cmp.columns[i]!.supplierName)], { header: true });
    const dim = [false, false, ...group.map((i) => !cmp.columns[i]!.compared)];
    for (const row of rows) {
      drawRow([row.label, row.requirement, ...group.map((i) => cellText(row, i))], { marks: [null, null, ...group.map((i) => (row.mark?.[i] ? row.markKind! : null))], dim });
    }
    if (cmp.columns.length === 0) {
      doc.fontSize(10).fillColor('#6b7280').text('暂无报价', left, y + 10);
      y = doc.y;
    }
  });

  // 决策记录 with the approval's signature lines
  const lines = decisionLines(cmp);
  doc.fontSize(9);
  const labelW = 90;
  const blockH = 24 + lines.reduce((h, l) => h + doc.heightOfString(l.value, { width: usable - labelW }) + 4, 0) + (cmp.decision ? 40 : 0);
  y += 14;
  ensure(Math.min(blockH, bottom - doc.page.margins.top));
  doc.fontSize(12).fillColor('#111827').text('决策记录', left, y);
  y = doc.y + 4;
  doc.lineWidth(0.8).moveTo(left, y).lineTo(left + usable, y).stroke('#111827');
  y += 6;
  doc.fontSize(9);
  for (const line of lines) {
    const h = doc.heightOfString(line.value, { width: usable - labelW }) + 4;
    ensure(h);
    doc.fillColor('#6b7280').text(line.label, left, y, { width: labelW });
    doc.fillColor('#111827').text(line.value, left + labelW, y, { width: usable - labelW });
    y += h;
  }
  if (cmp.decision) {
    y += 16;
    ensure(24);
    const slot = usable / SIGNATURE_ROLES.length;
    SIGNATURE_ROLES.forEach((role, i) => {
      const x = left + slot * i;
      doc.fillColor('#111827').text(`${role}：`, x, y + 6, { width: 70 });
      doc.lineWidth(0.6).moveTo(x + 62, y + 18).lineTo(x + slot * 0.55, y + 18).stroke('#111827');
      doc.text('日期：', x + slot * 0.58, y + 6, { width: 40 });
      doc.moveTo(x + slot * 0.58 + 30, y + 18).lineTo(x + slot - 14, y + 18).stroke('#111827');
    });
    y += 28;
  }

  // Footer on every page: the number, the 核验码 and 第 i 页 / 共 N 页.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    // Writing below the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const fy = doc.page.height - keep + 10;
    doc.fontSize(8).fillColor('#6b7280');
    doc.text(`单据编号 ${cmp.documentNo}    核验码 ${print.code}    核验网址 ${print.url}`, left, fy, { width: usable - 120 });
    doc.text(`第 ${i - range.start + 1} 页 / 共 ${range.count} 页`, left + usable - 120, fy, { width: 120, align: 'right' });
    doc.page.margins.bottom = keep;
  }
  doc.end();
  return done;
}
