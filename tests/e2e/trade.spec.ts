// The trade story in the browser with the demo accounts: buyer001 posts a demand, supplier01 and
// supplier02 quote in their own browsers, buyer001 compares and accepts supplier01's quotation,
// supplier01 sees the acceptance and the buyer's contact, supplier02 sees "not selected". And a
// visitor's quick inquiry with its SMS code.
import { expect, test, type Page } from '@playwright/test';
import { DEMO, freshMobile, lastCode, loginAs, newClient, registerMember, trackPageErrors } from './support';

async function pickFirstOptions(page: Page, testId: string, levels: number) {
  for (let level = 0; level < levels; level++) {
    const select = page.getByTestId(testId).locator('select').nth(level);
    await expect(select.locator('option').nth(1)).toBeAttached();
    await select.selectOption({ index: 1 });
  }
}

async function quote(page: Page, demandId: number, line: { brand: string; model: string; price: string; lead: string }) {
  await page.goto(`/demand?id=${demandId}`);
  const drawer = page.getByTestId('demand-drawer');
  await expect(drawer.getByText('需求描述')).toBeVisible();
  await expect(drawer.getByTestId('demand-locked')).toHaveCount(0);
  // the supplier reads the 报价方式 before quoting, in the drawer and on the form
  await expect(drawer.getByTestId('drawer-quote-mode')).toHaveText('公开报价');
  await drawer.getByTestId('quote-now').click();
  await expect(page).toHaveURL(new RegExp(`/demand/quotation\\?demandId=${demandId}`));
  await expect(page.getByTestId('quote-form-mode')).toHaveText('公开报价');
  await expect(page.getByTestId('quote-mode-note')).toContainText('提交后采购方即可查看');
  const form = page.getByTestId('quotation-form');
  await form.locator('input[name="brand-0"]').fill(line.brand);
  await form.locator('input[name="model-0"]').fill(line.model);
  await form.locator('input[name="unitPrice-0"]').fill(line.price);
  await form.locator('input[name="leadTimeDays-0"]').fill(line.lead);
  await form.getByLabel('响应：检测器').fill('FID，检测限≤1.5pgC/s');
  await expect(page.getByTestId('quote-total')).not.toHaveText('¥0');
  await page.getByTestId('submit-quotation').click();
  await expect(page).toHaveURL(/\/admin\/supplier\/quotation\/detail\?id=\d+/);
  await expect(page.getByTestId('quotation-detail')).toContainText('已提交');
  await expect(page.getByText('密封报价：采购方联系方式将在您的报价被接受后显示')).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('id'));
}

test('a purchaser posts a demand, two suppliers quote, the purchaser compares and accepts one', async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `E2E求购气相色谱仪${Date.now().toString().slice(-6)}`;

  // buyer001 posts the demand
  const buyerCtx = await newClient(browser);
  const buyer = await buyerCtx.newPage();
  const buyerErrors = trackPageErrors(buyer);
  await loginAs(buyer, DEMO.buyer, '/demand/inquiry');
  const form = buyer.getByTestId('demand-form');
  await form.locator('input[name="title"]').fill(title);
  await pickFirstOptions(buyer, 'category-select', 3);
  await form.locator('input[name="quantity"]').fill('2');
  await form.locator('input[name="budget"]').fill('560000');
  await pickFirstOptions(buyer, 'region-select', 2);
  await form.locator('textarea[name="description"]').fill('用于环境VOCs检测，需配FID检测器和自动进样器，含安装培训。');
  await buyer.getByTestId('add-param').click();
  await form.getByLabel('参数名称1').fill('检测器');
  await form.getByLabel('参数要求1').fill('FID');
  await expect(form.locator('input[name="contactName"]')).toHaveValue('李采购');
  // 密封报价 is preselected; this story compares while quotations arrive, so it chooses 公开报价
  await expect(form.getByRole('radio', { name: /^密封报价/ })).toBeChecked();
  await form.getByRole('radio', { name: /^公开报价/ }).check();
  await form.getByTestId('quote-mode').screenshot({ path: 'test-results/trade-quote-mode.png' });
  await buyer.getByTestId('submit-demand').click();
  await expect(buyer).toHaveURL(/\/admin\/purchaser\/demand-manager/);
  const row = buyer.getByTestId('my-demand-row').filter({ hasText: title });
  await expect(row).toContainText('报价中');
  const demandId = Number(await row.getAttribute('data-id'));
  expect(demandId).toBeGreaterThan(0);

  // the hall shows it to a visitor with the buyer masked and the details locked
  const visitorCtx = await newClient(browser);
  const visitor = await visitorCtx.newPage();
  await visitor.goto(`/demand?keyword=${encodeURIComponent(title)}`);
  const hallRow = visitor.getByTestId('demand-row').first();
  await expect(hallRow).toContainText(title);
  await expect(hallRow).toContainText('华东理工大学***');
  await hallRow.getByRole('button', { name: '查看详情' }).click();
  await expect(visitor.getByTestId('demand-locked')).toBeVisible();
  await expect(visitor.getByTestId('drawer-need-by')).toHaveText('供应商登录后可见');
  await expect(visitor).toHaveURL(new RegExp(`id=${demandId}`));
  await visitorCtx.close();

  // supplier01 and supplier02 quote in their own browsers
  const s1Ctx = await newClient(browser);
  const s1 = await s1Ctx.newPage();
  const s1Errors = trackPageErrors(s1);
  await loginAs(s1, DEMO.supplier);
  const q1 = await quote(s1, demandId, { brand: '安捷伦', model: '8890', price: '248000', lead: '45' });

  const s2Ctx = await newClient(browser);
  const s2 = await s2Ctx.newPage();
  const s2Errors = trackPageErrors(s2);
  await loginAs(s2, DEMO.supplier2);
  const q2 = await quote(s2, demandId, { brand: '岛津', model: 'GC-2030', price: '265000', lead: '20' });

  // sealed: supplier02 cannot open supplier01's quotation
  await s2.goto(`/admin/supplier/quotation/detail?id=${q1}`);
  await expect(s2.getByText('报价不存在')).toBeVisible();

  // buyer001 compares: lowest price is supplier01's, shortest lead time supplier02's
  await buyer.goto(`/admin/purchaser/demand-quotation?demandId=${demandId}`);
  const table = buyer.getByTestId('compare-table');
  await expect(table.getByTestId('compare-col')).toHaveCount(2);
  const s1Name = (await table.getByTestId('compare-col').nth(0).getAttribute('data-supplier'))!;
  const s2Name = (await table.getByTestId('compare-col').nth(1).getAttribute('data-supplier'))!;
  const priceRow = table.getByTestId('row-unit-price');
  await expect(priceRow.locator('td').nth(1)).toContainText('最低价');
  const leadRow = table.locator('tr', { hasText: '交货期' }).first();
  await expect(leadRow.locator('td').nth(2)).toContainText('最短交期');
  await expect(table.locator('tr', { hasText: '检测器' })).toContainText('FID，检测限≤1.5pgC/s');

  // the 比价单 downloads as Excel with a Chinese name
  const [download] = await Promise.all([buyer.waitForEvent('download'), buyer.getByTestId('export-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^比价单-.*\.xlsx$/);

  await table.getByTestId('accept-quotation').first().click();
  await expect(buyer.getByTestId('accept-modal')).toContainText(s1Name);
  await buyer.getByTestId('confirm-accept').click();
  await expect(buyer.getByText(`已选定供应商：${s1Name}`)).toBeVisible();
  await expect(table.getByTestId('compare-col').nth(0)).toContainText('已中标');
  await expect(table.getByTestId('compare-col').nth(1)).toContainText('未中选');

  // supplier01 sees the acceptance and the buyer's contact
  await s1.goto(`/admin/supplier/quotation/detail?id=${q1}`);
  const contact = s1.getByTestId('buyer-contact');
  await expect(contact).toContainText('您的报价已被采购方接受');
  await expect(contact).toContainText('华东理工大学分析测试中心');
  await expect(contact).toContainText('13800000003');
  await expect(s1.getByTestId('history')).toContainText('已中标');

  // supplier02 sees "not selected" and no contact
  await s2.goto(`/admin/supplier/quotation/detail?id=${q2}`);
  await expect(s2.getByTestId('not-selected')).toBeVisible();
  await expect(s2.getByTestId('buyer-contact')).toHaveCount(0);
  await expect(s2.getByTestId('quotation-detail')).not.toContainText('13800000003');
  await s2.goto('/admin/supplier/quotation?status=NOT_SELECTED');
  await expect(s2.getByTestId('quotation-row').filter({ hasText: title })).toContainText('未中选');

  expect(buyerErrors).toEqual([]);
  expect(s1Errors).toEqual([]);
  expect(s2Errors).toEqual([]);
  expect(s2Name).not.toBe(s1Name);
  await Promise.all([buyerCtx.close(), s1Ctx.close(), s2Ctx.close()]);
});

test('a visitor sends a quick inquiry verified by an SMS code; it reaches the admin queue', async ({ browser }) => {
  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  const errors = trackPageErrors(page);
  const mobile = freshMobile();
  await page.goto('/demand/quickInquiry');
  const form = page.getByTestId('quick-form');
  await form.locator('input[name="subject"]').fill('气相色谱仪');
  await form.locator('input[name="quantity"]').fill('1');
  await form.locator('input[name="contactName"]').fill('赵老师');
  await form.locator('button[type="submit"]').click();
  await expect(form.getByText('手机号不能为空')).toBeVisible();
  await form.locator('input[name="mobile"]').fill(mobile);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText('秒后重新发送');
  await form.locator('input[name="code"]').fill(await lastCode(mobile));
  await form.locator('textarea[name="message"]').fill('需要FID检测器，预算30万以内');
  await page.getByTestId('quick-submit').click();
  const done = page.getByTestId('quick-done');
  await expect(done).toContainText('询价已提交');
  await expect(done).toContainText('家经营相关产品的供应商');
  expect(errors).toEqual([]);
  await ctx.close();

  const adminCtx = await newClient(browser);
  const admin = await adminCtx.newPage();
  await loginAs(admin, DEMO.admin, '/admin/quickInquiry');
  const row = admin.getByTestId('queue-row').filter({ hasText: mobile });
  await expect(row).toContainText('气相色谱仪');

  // The admin forwards it by hand to one more supplier, picked by name.
  await row.getByTestId('route-open').click();
  const dialog = admin.getByTestId('route-dialog');
  const option = dialog.getByTestId('route-options').locator('li').filter({ has: admin.locator('input:not([disabled])') }).first();
  const supplierName = (await option.locator('span').first().innerText()).trim();
  await option.locator('input').check();
  await dialog.getByTestId('route-submit').click();
  await expect(admin.getByTestId('toast').filter({ hasText: '已分发给1家供应商' }).first()).toBeVisible();
  await expect(row.locator('.routed-list')).toContainText(supplierName);
  await adminCtx.close();
});

test('a member is offered the upgrade to purchaser before posting a demand', async ({ browser, request }) => {
  const member = await registerMember(request);
  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  await loginAs(page, member, '/demand/inquiry');
  const upgrade = page.getByTestId('upgrade-purchaser');
  await expect(upgrade).toBeVisible();
  await upgrade.locator('button[type="submit"]').click();
  await expect(upgrade.getByText('公司名称不能为空')).toBeVisible();
  await upgrade.locator('input[name="companyName"]').fill('上海微谱生物科技有限公司');
  await upgrade.locator('button[type="submit"]').click();
  await expect(page.getByTestId('demand-form')).toBeVisible();
  await ctx.close();
});

test('a buyer asks about a product, its supplier replies from the inbox, the buyer reads the reply and the bell', async ({ browser }) => {
  test.setTimeout(120_000);
  const buyerCtx = await newClient(browser);
  const buyer = await buyerCtx.newPage();
  const errors = trackPageErrors(buyer);
  await loginAs(buyer, DEMO.buyer);
  const listed = await buyer.request.get('/api/stores/s0001/products?pageSize=1');
  const product = ((await listed.json()) as { data: { items: { id: number; name: string }[] } }).data.items[0]!;

  // From the product page's 询价 button to the inquiry form with the product filled in.
  await buyer.goto(`/shop/detail/${product.id}.html`);
  await buyer.getByTestId('inquiry-button').click();
  await expect(buyer).toHaveURL(new RegExp(`/demand/inquiry\\?productId=${product.id}`));
  const form = buyer.getByTestId('inquiry-form');
  await expect(form).toContainText(product.name);
  const question = `请报含税价和货期，E2E-${Date.now().toString().slice(-6)}`;
  await form.locator('input[name="quantity"]').fill('2');
  await form.locator('textarea[name="message"]').fill(question);
  await form.getByRole('button', { name: '发送询价' }).click();
  await expect(buyer.getByTestId('inquiry-sent')).toBeVisible();

  // supplier01 finds it in its inbox with the buyer's contact and replies.
  const sCtx = await newClient(browser);
  const supplier = await sCtx.newPage();
  const sErrors = trackPageErrors(supplier);
  await loginAs(supplier, DEMO.supplier, '/admin/supplier/inquiry');
  const item = supplier.getByTestId('inquiry-item').filter({ hasText: product.name }).first();
  await item.locator('.inbox-head').click();
  await expect(item).toContainText(question);
  await expect(item).toContainText('13800000003');
  await item.getByTestId('reply-inquiry').click();
  const reply = '您好，含税价 23.8 万元，现货，三个工作日内发货。';
  await supplier.getByTestId('text-dialog').getByRole('textbox').fill(reply);
  await supplier.getByTestId('text-dialog-submit').click();
  await expect(item).toContainText('已回复');

  // The buyer's bell counts the reply; 我的询价 shows it.
  await buyer.goto('/');
  await expect(buyer.getByTestId('notification-count')).toBeVisible();
  await buyer.getByTestId('notification-bell').click();
  await expect(buyer.getByTestId('notification-item').filter({ hasText: '询价已回复' }).first()).toBeVisible();
  await buyer.goto('/admin/purchaser/demand-manager?tab=inquiries');
  const sent = buyer.getByTestId('sent-inquiry').filter({ hasText: question });
  await expect(sent).toContainText(reply);
  await expect(sent).toContainText('已回复');
  expect(errors).toEqual([]);
  expect(sErrors).toEqual([]);
  await Promise.all([buyerCtx.close(), sCtx.close()]);
});
