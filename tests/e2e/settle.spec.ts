// 入驻 story: a new member applies online, ycadmin rejects with a reason, the member fixes and
// resubmits, ycadmin approves, and the member lands in the supplier back office with its store;
// then it publishes its catalogue by Excel (template, dry run, import) and finds it in the shop.
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { creditCodeCheckChar } from '../../contracts/credit-code';
import { DEMO, loginAs, newClient, registerMember, trackPageErrors } from './support';

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
  const problems = dialog.getByTestId('goods-import-problem');
  await expect(problems).toHaveCount(1);
  await expect(problems.first()).toContainText('第 5 行');
  await expect(problems.first()).toContainText('商品名称');
  await expect(problems.first()).toContainText('商品名称不能为空');
  await expect(dialog.getByTestId('goods-import-confirm')).toHaveCount(0);
  await again.screenshot({ path: shot('import-problems') });

  sheet.getCell('B5').value = `${tag} 气相色谱仪 4号`;
  await dialog.getByRole('button', { name: '重新选择文件' }).click();
  await dialog.getByTestId('goods-import-file').setInputFiles({ name: '我的商品.xlsx', mimeType: mime, buffer: await xlsx() });
  await dialog.getByTestId('goods-import-check').click();
  await expect(dialog.getByTestId('goods-import-result')).toContainText('共 200 行，将新增 200 件、更新 0 件商品');
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
  expect(out.getWorksheet('商品')!.actualRowCount).toBe(201);
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
  await visitorCtx.close();
  await again.context().close();
  await adminCtx.close();
});
