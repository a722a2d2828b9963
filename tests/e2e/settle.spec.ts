// 入驻 story: a new member applies online, ycadmin rejects with a reason, the member fixes and
// resubmits, ycadmin approves, and the member lands in the supplier back office with its store.
import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { creditCodeCheckChar } from '../../contracts/credit-code';
import { DEMO, loginAs, newClient, registerMember, trackPageErrors } from './support';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d3e1d70000000049454e44ae426082', 'hex');
const shot = (name: string) => `.shots-settle/${name}.png`;

test('a new member applies, is rejected with a reason, resubmits and is approved into a store', async ({ browser, request }) => {
  test.setTimeout(120_000);
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
  await again.context().close();
  await adminCtx.close();
});
