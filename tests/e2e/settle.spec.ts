// 入驻 story: a new member applies online, ycadmin rejects with a reason, the member fixes and
// resubmits, ycadmin approves, and the member lands in the supplier back office with its store;
// then it publishes its catalogue by Excel (template, dry run, import), finds it in the shop, and
// changes one price by editing the export (the dry run names the field, old → new) and sees it on
// its store page.
import crypto from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { creditCodeCheckChar } from '../../contracts/credit-code';
import { api, apiToken, DEMO, loginAs, newClient, registerMember, trackPageErrors } from './support';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d3e1d70000000049454e44ae426082', 'hex');
const shot = (name: string) => `.shots-settle/${name}.png`;

test('a new member applies, is rejected with a reason, resubmits and is approved into a store', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const member = await registerMember(request);
  const first17 = `91310115${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;
  const code = first17 + creditCodeCheckChar(first17);
  const wrong = first17 + (code.endsWith('0') ? '1' : '0');
  const company = `上海测试仪器${crypto.randomInt(1e5, 1e6)}有限公司`;

  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  const errors = trackPageErrors(page);
  await page.goto('/service/settle');
  await expect(page.getByTestId('settle-apply')).toBeVisible();
  await loginAs(page, member, '/admin/supplier');
  const form = page.getByTestId('settle-form');
  await expect(form).toBeVisible();
  await form.locator('input[name="companyName"]').fill(company);
  await form.locator('input[name="creditCode"]').fill(wrong);
  await form.locator('select[name="kind"]').selectOption('distributor');
  await page.getByLabel('省份').selectOption('上海市');
  await page.getByLabel('城市').selectOption({ index: 1 });
  await form.locator('input[name="address"]').fill('浦东新区张江路100号');
  await form.locator('input[name="contactName"]').fill('王经理');
  await form.locator('input[name="contactPhone"]').fill('13800138000');
  await form.locator('input[name="contactEmail"]').fill('wang@example.com');
  await form.locator('input[name="categories"]').fill('色谱仪器，光谱仪器');
  await form.locator('input[name="brands"]').fill('岛津');
  await form.locator('input[name="licence"]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('licence-preview')).toContainText('营业执照.png');
  await expect.poll(() => page.getByTestId('licence-preview').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.getByTestId('settle-submit').click();
  await expect(form).toContainText('统一社会信用代码校验位不正确，请核对营业执照');
  await expect(form).toContainText('请阅读并同意《仪采通供应商入驻协议》');
  await page.screenshot({ path: shot('form-errors'), fullPage: true });
  await form.locator('input[name="creditCode"]').fill(code);
  await form.locator('input[name="agreed"]').check();
  await page.getByTestId('settle-submit').click();
  await expect(page.getByTestId('settle-state')).toContainText('入驻申请待审核');

  // ycadmin rejects with a reason.
  const adminCtx = await newClient(browser);
  const admin = await adminCtx.newPage();
  await loginAs(admin, DEMO.admin, '/admin/userManage/supplierUser?tab=applications&appKeyword=' + encodeURIComponent(company));
  await admin.getByTestId('settle-application-row').first().getByTestId('settle-open').click();
  const modal = admin.getByTestId('settle-review-modal');
  // The licence is fetched with the admin's session and really decodes.
  await expect.poll(() => modal.getByTestId('settle-licence').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await admin.screenshot({ path: shot('admin-review'), fullPage: true });
  await modal.getByTestId('settle-reject').click();
  await expect(modal).toContainText('驳回时请填写驳回原因');
  await modal.locator('textarea[name="note"]').fill('营业执照不清晰，请重新上传');
  await modal.getByTestId('settle-reject').click();
  await expect(modal).toBeHidden();

  // The member sees the reason, fixes and resubmits.
  await page.reload();
  await expect(page.getByTestId('settle-reason')).toContainText('营业执照不清晰，请重新上传');
  await page.getByTestId('settle-edit').click();
  await form.locator('input[name="licence"]').setInputFiles({ name: '营业执照-清晰.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('licence-preview')).toContainText('营业执照-清晰.png');
  await form.locator('input[name="agreed"]').check();
  await page.screenshot({ path: shot('resubmit'), fullPage: true });
  await page.getByTestId('settle-submit').click();
  await expect(page.getByTestId('settle-state')).toContainText('入驻申请待审核');

  // ycadmin approves.
  await admin.reload();
  await admin.getByTestId('settle-application-row').first().getByTestId('settle-open').click();
  await admin.getByTestId('settle-approve').click();
  await expect(admin.getByTestId('settle-application-row').first()).toContainText('已通过');

  expect(errors).toEqual([]);
  await ctx.close();
  // The member logs in again and has the supplier back office with its store.
  const again = await (await newClient(browser)).newPage();
  await loginAs(again, member, '/admin/supplier');
  await expect(again.getByTestId('supplier-home')).toContainText(company);
  await expect(again.getByRole('link', { name: '商品管理' })).toBeVisible();
  await again.screenshot({ path: shot('supplier-home'), fullPage: true });

  // The new supplier publishes 200 goods by Excel: the template, filled in, with one mistake first.
  const againErrors = trackPageErrors(again);
  await again.goto('/admin/supplier/goods');
  await again.getByTestId('goods-import').click();
  const dialog = again.getByTestId('goods-import-dialog');
  await expect(dialog.getByTestId('goods-import-check')).toBeDisabled();
  await again.screenshot({ path: shot('import-dialog') });
  const [download] = await Promise.all([again.waitForEvent('download'), dialog.getByTestId('goods-template').click()]);
  expect(download.suggestedFilename()).toBe('商品导入模板.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const lists = wb.getWorksheet('分类与品牌')!;
  const leaf = String(lists.getCell('A2').value);
  const brand = String(lists.getCell('B2').value);
  const sheet = wb.getWorksheet('商品')!;
  expect((sheet.getRow(1).values as string[]).slice(1, 4)).toEqual(['货号', '商品名称', '商品分类']);
  expect(sheet.getCell('C2').dataValidation).toMatchObject({ type: 'list' });
  const tag = `EXL${crypto.randomInt(1e5, 1e6)}`;
  for (let i = 1; i <= 200; i++) {
    sheet.addRow([`${tag}-${i}`, `${tag} 气相色谱仪 ${i}号`, leaf, brand, `GC-${i}`, 50_000 + i, '台', '中国', '在售', '检测器:FID\n进样口:分流/不分流', '通过 Excel 批量发布的商品']);
  }
  sheet.getCell('B5').value = null;
  const xlsx = async () => Buffer.from(await wb.xlsx.writeBuffer());
  const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await dialog.getByTestId('goods-import-file').setInputFiles({ name: '我的商品.xlsx', mimeType: mime, buffer: await xlsx() });
  await dialog.getByTestId('goods-import-check').click();
  const problems = dialog.locator('[data-testid="goods-import-row"][data-action="error"]');
  await expect(problems).toHaveCount(1);
  await expect(problems.first()).toContainText('第 5 行');
  await expect(problems.first().getByTestId('goods-import-problem')).toHaveText('商品名称商品名称不能为空');
  await expect(dialog.getByTestId('goods-import-confirm')).toHaveCount(0);
  await again.screenshot({ path: shot('import-problems') });

  sheet.getCell('B5').value = `${tag} 气相色谱仪 4号`;
  await dialog.getByRole('button', { name: '重新选择文件' }).click();
  await dialog.getByTestId('goods-import-file').setInputFiles({ name: '我的商品.xlsx', mimeType: mime, buffer: await xlsx() });
  await dialog.getByTestId('goods-import-check').click();
  await expect(dialog.getByTestId('goods-import-result')).toContainText('共 200 行，将新增 200 件、更新 0 件，无变化 0 件');
  await again.screenshot({ path: shot('import-checked') });
  await dialog.getByTestId('goods-import-confirm').click();
  await expect(dialog.getByTestId('goods-import-progress')).toBeVisible();
  await expect(dialog.getByTestId('goods-import-done')).toContainText('新增 200 件，更新 0 件', { timeout: 60_000 });
  await again.screenshot({ path: shot('import-done') });
  await dialog.getByTestId('goods-import-close').click();
  await expect(dialog).toBeHidden();
  await expect(again.getByTestId('tab-on_sale')).toContainText('200');
  // 导出 gives the list back in the same layout, ready to edit and import again.
  const [exported] = await Promise.all([again.waitForEvent('download'), again.getByTestId('goods-export').click()]);
  expect(exported.suggestedFilename()).toMatch(/^商品导出-\d{8}\.xlsx$/);
  const out = new ExcelJS.Workbook();
  await out.xlsx.readFile(await exported.path());
  const exportedSheet = out.getWorksheet('商品')!;
  expect(exportedSheet.actualRowCount).toBe(201);
  // One price changed in the export: the dry run names that field, old → new, and nothing else.
  const header = (exportedSheet.getRow(1).values as string[]).slice(1);
  const col = (name: string) => header.indexOf(name) + 1;
  const seventh = exportedSheet.getColumn(col('货号')).values.indexOf(`${tag}-7`);
  const productId = Number(exportedSheet.getRow(seventh).getCell(col('商品ID')).value);
  exportedSheet.getRow(seventh).getCell(col('价格')).value = 48_000;
  await again.getByTestId('goods-import').click();
  await dialog.getByTestId('goods-import-file').setInputFiles({ name: '商品导出-改价.xlsx', mimeType: mime, buffer: Buffer.from(await out.xlsx.writeBuffer()) });
  await dialog.getByTestId('goods-import-check').click();
  await expect(dialog.getByTestId('goods-import-result')).toContainText('将新增 0 件、更新 1 件，无变化 199 件');
  const changed = dialog.locator('[data-testid="goods-import-row"][data-action="update"]');
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText(`${tag}-7`);
  await expect(changed.getByTestId('goods-import-change')).toHaveText(['价格50,007 → 48,000']);
  await again.setViewportSize({ width: 1366, height: 900 });
  await again.screenshot({ path: shot('import-diff') });
  await again.setViewportSize({ width: 390, height: 844 });
  await again.screenshot({ path: shot('import-diff-phone') });
  await again.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByTestId('goods-import-confirm').click();
  await expect(dialog.getByTestId('goods-import-done')).toContainText('新增 0 件，更新 1 件', { timeout: 60_000 });
  await dialog.getByTestId('goods-import-close').click();
  const { store } = await api<{ store: { uid: string } }>(request, await apiToken(request, member), 'GET', '/api/supplier/overview');
  // An imported product opens in the editor with its 货号 (to add images, for instance).
  await again.getByTestId('goods-row').first().locator('a.bo-product-name').click();
  await expect(again.getByTestId('goods-editor').locator('input[name="sku"]')).toHaveValue(new RegExp(`^${tag}-\\d+$`));
  await again.screenshot({ path: shot('goods-editor-sku'), fullPage: true });
  expect(againErrors).toEqual([]);

  // A visitor finds the goods in the shop search.
  const visitorCtx = await newClient(browser);
  const visitor = await visitorCtx.newPage();
  await visitor.goto(`/shop?keyword=${tag}`);
  await expect(visitor.getByTestId('product-grid').getByTestId('product-card').first()).toContainText(tag);
  await visitor.goto(`/store/${store.uid}/goods-details?id=${productId}`);
  await expect(visitor.getByTestId('product-name')).toContainText(`${tag} 气相色谱仪 7号`);
  await expect(visitor.locator('.store-goods-price strong')).toHaveText('¥48,000');
  await visitorCtx.close();
  await again.context().close();
  await adminCtx.close();
});

/** A one-page PDF (what a scanned licence is), small enough to read. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length 44>>stream\nBT /F1 24 Tf 50 100 Td (Licence) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The frame and object violations the page reports (the directive and what was blocked). Others are
 * not this test's business (zod probes `new Function` once, which script-src refuses by design).
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) => {
      if (/^(frame|child|object|default)-src$/.test(e.effectiveDirective)) seen.push(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  return () => page.evaluate(() => [...(window as unknown as { __cspViolations: string[] }).__cspViolations]);
}

/**
 * The PDF shows in its frame: the frame is the blob the page made (a frame the CSP blocks becomes
 * chrome-error://), and nothing was reported. Headless Chromium may have no PDF viewer to draw it
 * with; what the CSP decides is the same.
 */
async function expectPdfFrame(page: Page, within: Locator, violations: () => Promise<string[]>) {
  const frame = within.getByTestId('licence-pdf');
  await expect(frame).toBeVisible();
  const src = await frame.getAttribute('src');
  expect(src).toMatch(/^blob:/);
  await expect.poll(() => page.frames().map((f) => f.url())).toContain(src);
  expect(page.frames().map((f) => f.url()).filter((u) => u.startsWith('chrome-error:'))).toEqual([]);
  expect(await violations()).toEqual([]);
}

test('a PDF licence previews in the 入驻 form and in the admin review; the CSP still forbids every other frame (issue 33, 4)', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const member = await registerMember(request);
  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  const violations = await watchCsp(page);
  await loginAs(page, member, '/admin/supplier');
  const form = page.getByTestId('settle-form');
  await expect(form).toBeVisible();
  await form.locator('input[name="licence"]').setInputFiles({ name: '营业执照.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('licence-preview')).toContainText('营业执照.pdf');
  await expectPdfFrame(page, page.getByTestId('licence-preview'), violations);
  await page.screenshot({ path: shot('licence-pdf') });

  // Any other frame is still refused: one of our own pages, another site.
  await page.evaluate(() => {
    for (const src of [`${location.origin}/news`, 'https://example.com/']) {
      const f = document.createElement('iframe');
      f.src = src;
      document.body.append(f);
    }
  });
  // (A cross-origin address is reported by its origin only.)
  await expect.poll(violations).toEqual([expect.stringMatching(/^frame-src .*\/news$/), expect.stringMatching(/^frame-src https:\/\/example\.com/)]);
  await ctx.close();

  // The application goes in through the API with that licence; the admin reviews it.
  const token = await apiToken(request, member);
  const upload = await request.post('/api/settle/licence', { headers: { authorization: `Bearer ${token}` }, multipart: { file: { name: '营业执照.pdf', mimeType: 'application/pdf', buffer: PDF } } });
  const licence = ((await upload.json()) as { data: { id: number } }).data;
  const first17 = `91310115${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;
  const company = `上海PDF仪器${crypto.randomInt(1e5, 1e6)}有限公司`;
  await api(request, token, 'POST', '/api/settle/application', {
    companyName: company,
    creditCode: first17 + creditCodeCheckChar(first17),
    kind: 'distributor',
    province: '上海市',
    city: '浦东新区',
    address: '张江路100号',
    contactName: '王经理',
    contactPhone: '13800138000',
    contactEmail: 'wang@example.com',
    licenceUploadId: licence.id,
    categories: ['色谱仪器'],
    brands: ['岛津'],
    agreed: true,
  });
  const adminCtx = await newClient(browser);
  const admin = await adminCtx.newPage();
  const adminViolations = await watchCsp(admin);
  await loginAs(admin, DEMO.admin, '/admin/userManage/supplierUser?tab=applications&appKeyword=' + encodeURIComponent(company));
  await admin.getByTestId('settle-application-row').first().getByTestId('settle-open').click();
  const modal = admin.getByTestId('settle-review-modal');
  await expectPdfFrame(admin, modal.getByTestId('settle-licence'), adminViolations);
  await admin.screenshot({ path: shot('admin-review-pdf') });
  await adminCtx.close();
});
