// The 比价单 fit for an internal approval (issue 19) and deciding on the version on screen (issue 21,
// item 1), as buyer001 does it in the browser: the supplier revises while the buyer decides (409,
// the page shows the new version), the buyer picks a quotation that is not the cheapest and is
// asked for the 选定理由; then the page, the Excel (read back with exceljs), the PDF (its text
// extracted) and the public 核验 page show the true lowest, the reason and the same figures. The
// chosen offer is for 1 of the 2 units asked (issue 29): its total is the smaller one, yet ★最低价
// sits on the other's 比价单价, and the confirmation and the 决策记录 state the quantities.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { QUOTATION_VERSION_STALE, SELECTION_REASON_REQUIRED } from '../../contracts/comparison';
import { todayInChina, type TDemandInput, type TQuotationRevise } from '../../contracts/trade';
import { pdfText } from '../../server/test/pdf-text';
import { api, apiToken, DEMO, leafCategoryId, loginAs, newClient, pageToken, trackPageErrors } from './support';

const day = (days: number) => todayInChina(Date.now() + days * 86400_000);
const offer = (unitPrice: number, leadTimeDays: number, quantity = 2): Omit<TQuotationRevise, 'version'> => ({
  lines: [{ brand: '赛默飞', model: 'QuantStudio 5', unitPrice, taxIncluded: true, quantity, leadTimeDays, warrantyMonths: 12, paymentTerms: '预付30%，验收后70%' }],
  specs: [{ name: '通道数', value: '5色' }],
  validUntil: day(30),
  notes: '含安装培训',
  attachmentIds: [],
});

/** The 比价单 sheet as rows of cell texts. */
async function sheetRows(file: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.getWorksheet('比价单')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return fs.readFileSync((await file.path())!);
}

test('a buyer picks a quotation that is not the cheapest: asked for the reason, then page, Excel, PDF and the 核验 link agree', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const buyerCtx = await newClient(browser);
  const buyer = await buyerCtx.newPage();
  const errors = trackPageErrors(buyer);
  await loginAs(buyer, DEMO.buyer);
  const title = `E2E荧光定量PCR仪${Date.now().toString().slice(-6)}`;
  const input: TDemandInput = {
    title,
    categoryId: await leafCategoryId(request),
    quantity: 2,
    unit: '台',
    budget: 600000,
    budgetHidden: false,
    needBy: day(40),
    quoteDeadline: day(10),
    province: '上海市',
    city: '上海市',
    description: '用于病原体核酸检测，需5色荧光通道。',
    params: [{ name: '通道数', value: '≥5色' }],
    contactName: '李采购',
    contactPhone: '13800000003',
    quoteCap: 10,
    // 公开报价: the buyer decides while the supplier can still revise (a 密封报价 demand waits for 开标)
    quoteMode: 'public',
    attachmentIds: [],
    submit: true,
  };
  const demandId = (await api<{ id: number }>(request, await pageToken(buyer), 'POST', '/api/demands', input)).id;
  const s1Token = await apiToken(request, DEMO.supplier);
  const s2Token = await apiToken(request, DEMO.supplier2);
  // supplier01: faster, dearer per unit, for 1 of the 2 units (the smaller total); supplier02: the cheapest per unit
  const fast = (await api<{ id: number }>(request, s1Token, 'POST', '/api/quotations', { demandId, ...offer(265_000, 20, 1) })).id;
  const cheap = (await api<{ id: number }>(request, s2Token, 'POST', '/api/quotations', { demandId, ...offer(240_000, 45) })).id;
  const fastName = (await api<{ supplierName: string }>(request, s1Token, 'GET', `/api/quotations/${fast}`)).supplierName;
  const cheapName = (await api<{ supplierName: string }>(request, s2Token, 'GET', `/api/quotations/${cheap}`)).supplierName;

  await buyer.goto(`/admin/purchaser/demand-quotation?demandId=${demandId}`);
  const table = buyer.getByTestId('compare-table');
  await expect(table.getByTestId('compare-col')).toHaveCount(2);
  const fastCol = table.locator(`[data-testid="compare-col"][data-quotation="${fast}"]`);
  await expect(fastCol).toContainText('第1版');
  const names = await table.getByTestId('compare-col').evaluateAll((cols) => cols.map((c) => c.getAttribute('data-supplier')));
  const cell = (row: string, name: string) => table.getByTestId(row).locator('td').nth(names.indexOf(name) + 1);
  // 最低价 is judged per unit: marked on the 比价单价 row, never on the total (¥265,000 for 1 台 < ¥480,000 for 2)
  await expect(cell('row-unit-price', cheapName)).toContainText('★最低价');
  await expect(table.getByTestId('row-price')).not.toContainText('最低价');
  await expect(cell('row-lead', fastName)).toContainText('最短交期');

  const actions = (name: string) => table.locator('tr.action-row td').nth(names.indexOf(name) + 1);
  await actions(fastName).getByTestId('accept-quotation').click();
  const modal = buyer.getByTestId('accept-modal');
  await expect(modal).toContainText('第1版报价');
  // supplier01 revises while the buyer's dialog names version 1 (the page itself follows live
  // changes, so a revision before the dialog opened would already show as version 2)
  await api(request, s1Token, 'PUT', `/api/quotations/${fast}`, { ...offer(262_000, 20, 1), version: 1 });
  await expect(modal.getByTestId('quantity-mismatch')).toHaveText('该报价数量为1台，需求数量为2台');
  await expect(modal.getByTestId('not-lowest-notice')).toContainText(`最低价为 ${cheapName} ¥240,000.00/台（比价金额 ¥480,000.00，共2台）`);
  await modal.getByTestId('confirm-accept').click();
  await expect(modal.getByTestId('accept-error')).toHaveText(SELECTION_REASON_REQUIRED);
  const reason = '交货期最短，能赶上实验室验收节点，价差在预算内。';
  await modal.getByTestId('selection-reason').fill(reason);
  await modal.getByTestId('confirm-accept').click();
  // the server holds version 2: refused, and the page now shows it
  await expect(buyer.getByTestId('toast').filter({ hasText: QUOTATION_VERSION_STALE }).first()).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(buyer.getByTestId('stale-notice')).toContainText(`${fastName}的报价已更新为第2版`);
  await expect(fastCol).toContainText('第2版');
  await expect(fastCol).toContainText('已更新');
  await expect(cell('row-price', fastName)).toContainText('¥262,000');
  expect((await api<{ status: string }>(request, s1Token, 'GET', `/api/quotations/${fast}`)).status).toBe('SUBMITTED');

  // now on version 2, with the reason
  await actions(fastName).getByTestId('accept-quotation').click();
  await expect(modal).toContainText('第2版报价');
  await expect(modal.getByTestId('not-lowest-notice')).toContainText('所选报价每台高出 ¥22,000.00（9.2%），按所选1台计高出 ¥22,000.00');
  await expect(modal.getByTestId('quantity-mismatch')).toHaveText('该报价数量为1台，需求数量为2台');
  await modal.getByTestId('selection-reason').fill(reason);
  await modal.getByTestId('confirm-accept').click();
  await expect(buyer.getByText(`已选定供应商：${fastName}`)).toBeVisible();
  await expect(fastCol).toContainText('已中标');

  // the page after the decision: the true lowest, the shortest, and the 决策记录 with the reason
  await expect(cell('row-unit-price', cheapName)).toContainText('★最低价');
  await expect(cell('row-unit-price', fastName)).not.toContainText('最低价');
  await expect(table.getByTestId('row-price')).not.toContainText('最低价');
  await expect(cell('row-lead', fastName)).toContainText('最短交期');
  const record = buyer.getByTestId('decision-record');
  await expect(record.locator('[data-label="选定供应商"] dd')).toHaveText(`${fastName}（第2版报价）`);
  await expect(record.locator('[data-label="数量"] dd')).toHaveText('选定报价数量为1台，需求数量为2台');
  await expect(record.locator('[data-label="与最低价比较"] dd')).toHaveText(
    `比价单价高出最低价 ¥22,000.00/台（9.2%），按所选1台计高出 ¥22,000.00；最低价为 ${cheapName} ¥240,000.00/台（比价金额 ¥480,000.00，共2台）`,
  );
  await expect(record.locator('[data-label="决策人"] dd')).toContainText('buyer001');
  await expect(record.locator('[data-label="选定理由"] dd')).toHaveText(reason);
  const documentNo = (await buyer.getByTestId('document-no').textContent())!;
  expect(documentNo).toBe(`BJD-${todayInChina().slice(0, 4)}-${String(demandId).padStart(6, '0')}`);
  await buyer.screenshot({ path: test.info().outputPath('comparison-page.png'), fullPage: true });

  // the Excel
  const rows = await sheetRows(await download(buyer, 'export-xlsx'));
  const head = rows.find((r) => r[0] === '项目')!;
  const sheetRow = (label: string) => rows.find((r) => r[0]!.startsWith(label))!;
  expect(sheetRow('比价单价')[head.indexOf(cheapName)]).toBe('¥240,000.00/台 ★最低价');
  expect(sheetRow('比价单价')[head.indexOf(fastName)]).toBe('¥262,000.00/台');
  expect(sheetRow('比价金额')[head.indexOf(cheapName)]).toBe('¥480,000.00');
  expect(sheetRow('比价金额')[head.indexOf(fastName)]).toBe('¥262,000.00');
  expect(rows.find((r) => r[0] === '交货期')![head.indexOf(fastName)]).toBe('20天 ◆最短交期');
  const sheet = rows.map((r) => r.join(' | ')).join('\n');
  expect(sheet).toContain(`单据编号：${documentNo}`);
  expect(sheet).toContain(`选定理由 | ${reason}`);
  expect(sheet).toContain('数量 | 选定报价数量为1台，需求数量为2台');
  expect(sheet).toContain('与最低价比较 | 比价单价高出最低价 ¥22,000.00/台（9.2%），按所选1台计高出 ¥22,000.00');
  for (const role of ['经办人（签字）', '部门负责人（签字）', '审批人（签字）']) expect(sheet).toContain(role);
  const code = /核验码：([A-Z2-9]{12})/.exec(sheet)![1]!;
  const link = /核验网址：(\S+)/.exec(sheet)![1]!;
  expect(new URL(link).pathname).toBe(`/verify/comparison/${code}`);

  // the PDF
  const pdf = await download(buyer, 'export-pdf');
  fs.writeFileSync(test.info().outputPath('comparison.pdf'), pdf);
  const pages = await pdfText(pdf);
  const text = pages.join('\n');
  expect(text).toContain('¥240,000.00/台 ★最低价');
  expect(text).not.toMatch(/¥(480|262),000\.00 ★/);
  expect(text).toContain('选定报价数量为1台，需求数量为2台');
  expect(text).toContain(documentNo);
  expect(text).toContain('决策记录');
  expect(text).toContain(reason);
  expect(text).toContain(`核验码 ${code}`);
  pages.forEach((p, i) => expect(p).toContain(`第 ${i + 1} 页 / 共 ${pages.length} 页`));

  // the 核验 page, opened without an account, shows the same figures and the decision
  const approverCtx = await newClient(browser);
  const approver = await approverCtx.newPage();
  const approverErrors = trackPageErrors(approver);
  await approver.goto(`/verify/comparison/${code}`);
  await expect(approver).toHaveURL(`/verify/comparison/${code}`);
  await expect(approver.getByTestId('verify-status')).toHaveAttribute('data-current', 'true');
  await expect(approver.getByTestId('verify-title')).toHaveText(title);
  await expect(approver.getByTestId('verify-document-no')).toHaveText(documentNo);
  const verifyRow = (name: string) => approver.locator(`[data-testid="verify-row"][data-supplier="${name}"]`);
  await expect(verifyRow(cheapName)).toContainText('¥480,000.00');
  await expect(verifyRow(cheapName).getByTestId('verify-unit-price')).toContainText('¥240,000.00/台（2台）★最低价');
  await expect(verifyRow(fastName)).toContainText('¥262,000.00');
  await expect(verifyRow(fastName)).not.toContainText('最低价');
  await expect(verifyRow(fastName)).toContainText('最短交期');
  await expect(approver.getByTestId('decision-record').locator('[data-label="数量"] dd')).toHaveText('选定报价数量为1台，需求数量为2台');
  await expect(approver.getByTestId('decision-record').locator('[data-label="选定理由"] dd')).toHaveText(reason);
  await expect(approver).toHaveTitle(/比价单核验/);
  await approver.screenshot({ path: test.info().outputPath('verify-page.png'), fullPage: true });

  // suppliers never read the reason: the winner sees 已中标, the other only 未中选
  const s2Detail = await api<{ status: string }>(request, s2Token, 'GET', `/api/quotations/${cheap}`);
  expect(s2Detail.status).toBe('NOT_SELECTED');
  expect(JSON.stringify(s2Detail)).not.toContain(reason);
  expect(JSON.stringify(await api(request, s1Token, 'GET', `/api/quotations/${fast}`))).not.toContain(reason);

  expect(errors).toEqual([]);
  expect(approverErrors).toEqual([]);
  await Promise.all([buyerCtx.close(), approverCtx.close()]);
});

test('a mistyped 核验码 says so on the public page', async ({ browser }) => {
  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  const errors = trackPageErrors(page);
  await page.goto('/verify/comparison/ABCDEFGHJKMN');
  await expect(page.getByTestId('verify-error')).toHaveText('核验码不存在，请核对比价单上的核验码');
  await page.goto('/verify/comparison/12345');
  await expect(page.getByTestId('verify-error')).toHaveText('核验码无效，请核对比价单上的12位核验码');
  expect(errors).toEqual([]);
  await ctx.close();
});

test('密封报价: before 开标 the buyer sees who quoted, not prices, and cannot export; 停止报价并开标 shows the prices', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const buyerCtx = await newClient(browser);
  const buyer = await buyerCtx.newPage();
  const errors = trackPageErrors(buyer);
  await loginAs(buyer, DEMO.buyer);
  const title = `E2E密封报价PCR仪${Date.now().toString().slice(-6)}`;
  // No quoteMode: 密封报价 is the default.
  const input: TDemandInput = {
    title,
    categoryId: await leafCategoryId(request),
    quantity: 2,
    unit: '台',
    quoteDeadline: day(10),
    province: '上海市',
    contactName: '李采购',
    contactPhone: '13800000003',
    submit: true,
  };
  const demandId = (await api<{ id: number }>(request, await pageToken(buyer), 'POST', '/api/demands', input)).id;
  const s1Token = await apiToken(request, DEMO.supplier);
  const s2Token = await apiToken(request, DEMO.supplier2);
  const q1 = (await api<{ id: number }>(request, s1Token, 'POST', '/api/quotations', { demandId, ...offer(265_432, 20) })).id;
  await api(request, s2Token, 'POST', '/api/quotations', { demandId, ...offer(241_876, 45) });
  const s1Name = (await api<{ supplierName: string }>(request, s1Token, 'GET', `/api/quotations/${q1}`)).supplierName;

  await buyer.goto(`/admin/purchaser/demand-quotation?demandId=${demandId}`);
  const panel = buyer.getByTestId('sealed-panel');
  await expect(panel).toContainText('密封报价，开标后可查看报价详情');
  await expect(buyer.getByTestId('sealed-count')).toHaveText('2 份');
  await expect(panel.getByTestId('sealed-bid')).toHaveCount(2);
  await expect(panel.getByTestId('sealed-bid').first()).toContainText(s1Name);
  await expect(panel.getByTestId('sealed-bid').first()).toContainText('开标后可见');
  // No price anywhere on the page, nothing to accept, exports disabled with the reason.
  const text = await buyer.locator('[data-testid="demand-quotation"]').innerText();
  expect(text).not.toMatch(/265,?432|241,?876|530,?864|483,?752|¥/);
  await expect(buyer.getByTestId('accept-quotation')).toHaveCount(0);
  await expect(buyer.getByTestId('export-xlsx')).toBeDisabled();
  await expect(buyer.getByTestId('export-pdf')).toBeDisabled();
  await expect(buyer.getByTestId('export-xlsx')).toHaveAttribute('title', '密封报价未开标，开标后才能导出比价单');
  await buyer.screenshot({ path: 'test-results/comparison-sealed.png', fullPage: true });

  // 停止报价并开标: the prices appear, the exports and decisions open.
  buyer.once('dialog', (d) => void d.accept());
  await buyer.getByTestId('open-bids').click();
  await expect(buyer.getByTestId('sealed-panel')).toHaveCount(0);
  const table = buyer.getByTestId('compare-table');
  await expect(table).toContainText('530,864');
  await expect(table).toContainText('483,752');
  await expect(buyer.getByTestId('accept-quotation').first()).toBeEnabled();
  await expect(buyer.getByTestId('export-xlsx')).toBeEnabled();
  await buyer.screenshot({ path: 'test-results/comparison-opened.png', fullPage: true });
  expect(errors).toEqual([]);
  await buyerCtx.close();
});
