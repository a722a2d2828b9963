// Issue 21 in the browser: what the trade pages show comes from the same rules the server enforces.
// 我的询价 confirms an acceptance and sends one request however often the buttons are clicked;
// 我的求购 has a 已驳回 tab with the reason and one sidebar entry lit; a supplier is not offered
// 修改 once the buyer stopped quoting and reads why; the drawer does not count down on 评标中.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { todayInChina, type TCategoryNode, type TQuotationRevise } from '../../contracts/trade';
import { apiToken, DEMO, freshMobile, lastCode, loginAs, newClient, trackPageErrors } from './support';

const tag = () => `${Date.now().toString().slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
const day = (days: number) => todayInChina(Date.now() + days * 86400_000);

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
  return body.data;
}

async function leafCategoryId(request: APIRequestContext): Promise<number> {
  const tree = ((await (await request.get('/api/trade/categories')).json()) as { data: TCategoryNode[] }).data;
  let node = tree[0]!;
  while (node.children.length) node = node.children[0]!;
  return node.id;
}

async function postDemand(request: APIRequestContext, token: string, title: string, attachmentIds: number[] = []) {
  const categoryId = await leafCategoryId(request);
  return (
    await api<{ id: number }>(request, token, 'POST', '/api/demands', {
      title,
      categoryId,
      quantity: 2,
      unit: '台',
      budget: 500000,
      quoteDeadline: day(10),
      needBy: day(40),
      province: '上海市',
      contactName: '李采购',
      contactPhone: '13800000003',
      attachmentIds,
      submit: true,
    })
  ).id;
}

const quotation = (unitPrice: number, validUntil = day(40)): Omit<TQuotationRevise, 'version'> => ({
  lines: [{ brand: '安捷伦', model: '8890', unitPrice, taxIncluded: true, quantity: 1, leadTimeDays: 30, warrantyMonths: 12, paymentTerms: '款到发货' }],
  validUntil,
  notes: '',
});

/** buyer001 asks supplier01 about one of its products; supplier01 quotes on it. */
async function inquiryWithQuotation(request: APIRequestContext, buyer: string, supplier: string, unitPrice: number) {
  const listed = await request.get('/api/stores/s0001/products?pageSize=1');
  const product = ((await listed.json()) as { data: { items: { id: number }[] } }).data.items[0]!;
  const message = `请报含税价，E2E-${tag()}`;
  const inquiry = await api<{ id: number }>(request, buyer, 'POST', '/api/inquiries', { productId: product.id, quantity: 1, message, contactName: '李采购', contactPhone: '13800000003' });
  const q = await api<{ id: number }>(request, supplier, 'POST', '/api/quotations', { inquiryId: inquiry.id, ...quotation(unitPrice) });
  return { inquiryId: inquiry.id, quotationId: q.id, message };
}

/** Counts the requests to a URL, answering each one late so a second click would land while the first is in flight. */
async function slowAndCounted(page: Page, pattern: RegExp) {
  const seen = { n: 0 };
  await page.route(pattern, async (route) => {
    seen.n += 1;
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  return seen;
}

test('我的询价: accepting asks for confirmation naming the version and amount, and each button sends one request', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const buyerToken = await apiToken(request, DEMO.buyer);
  const supplierToken = await apiToken(request, DEMO.supplier);
  const toAccept = await inquiryWithQuotation(request, buyerToken, supplierToken, 12345);
  const toClose = await inquiryWithQuotation(request, buyerToken, supplierToken, 23456);

  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  const errors = trackPageErrors(page);
  await loginAs(page, DEMO.buyer, '/admin/purchaser/demand-manager?tab=inquiries');

  // One sidebar entry lit: 我的询价, not 我的求购 too.
  await expect(page.locator('.admin-sidebar a.active')).toHaveCount(1);
  await expect(page.locator('.admin-sidebar a.active')).toHaveText('我的询价');

  // Accept: a confirmation first, then one request however often 确定接受 is clicked.
  const card = page.getByTestId('sent-inquiry').filter({ hasText: toAccept.message });
  await card.getByTestId('view-quotation').click();
  const modal = page.getByTestId('inquiry-quotation-modal');
  await modal.getByTestId('accept-quotation').click();
  await expect(modal.getByTestId('accept-confirm-text')).toContainText('第1版报价（¥12,345）');
  const accepts = await slowAndCounted(page, new RegExp(`/api/quotations/${toAccept.quotationId}/accept$`));
  const confirm = modal.getByTestId('confirm-decision');
  await confirm.click();
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveText('处理中...');
  await confirm.click({ force: true }).catch(() => {});
  await expect(page.getByTestId('toast').filter({ hasText: '已接受该报价' })).toBeVisible();
  expect(accepts.n).toBe(1);
  await expect(card.getByText('查看报价（已处理）')).toBeVisible();
  await page.screenshot({ path: 'test-results/trade-rules-inquiries.png', fullPage: true });

  // Close: a confirmation saying the pending quotation goes, one request, and the quotation is no longer offered for acceptance.
  const other = page.getByTestId('sent-inquiry').filter({ hasText: toClose.message });
  await other.getByTestId('close-inquiry').click();
  const closeModal = page.getByTestId('close-inquiry-modal');
  await expect(closeModal).toContainText('未处理的报价将作废并通知供应商');
  const closes = await slowAndCounted(page, new RegExp(`/api/inquiries/${toClose.inquiryId}/close$`));
  const sure = closeModal.getByTestId('confirm-close-inquiry');
  await sure.click();
  await expect(sure).toBeDisabled();
  await sure.click({ force: true }).catch(() => {});
  await expect(other.locator('[data-state="CLOSED"]')).toBeVisible();
  expect(closes.n).toBe(1);
  await other.getByTestId('view-quotation').click();
  await expect(page.getByTestId('inquiry-quotation-modal').locator('[data-state="NOT_SELECTED"]')).toBeVisible();
  await expect(page.getByTestId('accept-quotation')).toHaveCount(0);
  expect(errors).toEqual([]);
  await ctx.close();
});

test('a rejected demand lists its reason under 已驳回, opens in the form with every field and file kept, and goes to review when corrected', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const buyerToken = await apiToken(request, DEMO.buyer);
  const adminToken = await apiToken(request, DEMO.admin);
  const title = `驳回测试求购${tag()}`;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  const upload = await request.post('/api/trade/attachments', { headers: { authorization: `Bearer ${buyerToken}` }, multipart: { file: { name: '技术参数.pdf', mimeType: 'application/pdf', buffer: pdf } } });
  const file = ((await upload.json()) as { data: { id: number } }).data;
  const id = await postDemand(request, buyerToken, title, [file.id]);
  await api(request, adminToken, 'POST', `/api/admin/demands/${id}/reject`, { reason: '标题含联系方式，请修改后重新发布' });

  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  await loginAs(page, DEMO.buyer, '/admin/purchaser/demand-manager');
  await expect(page.locator('.admin-sidebar a.active')).toHaveText('我的求购');
  const tab = page.getByRole('tab', { name: /已驳回/ });
  await tab.click();
  const row = page.locator(`[data-testid="my-demand-row"][data-id="${id}"]`);
  await expect(row).toContainText(title);
  await expect(row.getByTestId('reject-reason')).toHaveText('驳回原因：标题含联系方式，请修改后重新发布');
  // 全部 is the sum of the tabs.
  const counts = await page.locator('.state-tabs [role="tab"] .count').allTextContents();
  const [all, ...rest] = counts.map(Number);
  expect(all).toBe(rest.reduce((a, b) => a + b, 0));
  await expect(row.locator('[data-action="cancel"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/trade-rules-rejected.png', fullPage: true });

  // Not a dead end: the form opens with the reason above it and everything as it was posted.
  await row.getByTestId('fix-rejected').click();
  await expect(page.getByTestId('reject-notice')).toContainText('驳回原因：标题含联系方式，请修改后重新发布');
  const form = page.getByTestId('demand-form');
  await expect(form.locator('input[name="title"]')).toHaveValue(title);
  await expect(form.locator('input[name="quantity"]')).toHaveValue('2');
  await expect(form).toContainText('技术参数.pdf');
  await expect(page.getByTestId('submit-demand')).toHaveText('提交审核');
  await page.screenshot({ path: 'test-results/trade-rules-rejected-form.png', fullPage: true });
  await form.locator('input[name="title"]').fill(`${title}（已修改）`);
  // The public form asks before what was typed is lost (issue 31): a menu link is held back.
  await page.locator('.main-nav a', { hasText: '仪器商城' }).click();
  await expect(page.getByTestId('unsaved-changes-dialog')).toBeVisible();
  await page.getByTestId('unsaved-stay').click();
  await expect(form.locator('input[name="title"]')).toHaveValue(`${title}（已修改）`);
  await page.getByTestId('submit-demand').click();
  await expect(page.getByText('已提交审核，平台审核通过后将重新发布')).toBeVisible();
  await expect(page.getByRole('tab', { name: /待审核/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`[data-testid="my-demand-row"][data-id="${id}"]`)).toContainText(`${title}（已修改）`);

  // The platform approves it: back on the hall as corrected, with its file.
  await api(request, adminToken, 'POST', `/api/admin/demands/${id}/approve`, {});
  const back = await api<{ status: string; title: string; attachments: { filename: string }[] }>(request, buyerToken, 'GET', `/api/demands/${id}`);
  expect(back).toMatchObject({ status: 'OPEN', title: `${title}（已修改）` });
  expect(back.attachments.map((a) => a.filename)).toEqual(['技术参数.pdf']);
  await ctx.close();
});

test('a supplier is not offered 修改 after the buyer stopped quoting, and reads why; the drawer stops counting down', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const buyerToken = await apiToken(request, DEMO.buyer);
  const supplierToken = await apiToken(request, DEMO.supplier);
  const title = `停止报价测试${tag()}`;
  const id = await postDemand(request, buyerToken, title);
  await api(request, supplierToken, 'POST', '/api/quotations', { demandId: id, ...quotation(99800, day(20)) });
  await api(request, buyerToken, 'POST', `/api/demands/${id}/stop`, {});

  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  await loginAs(page, DEMO.supplier, `/admin/supplier/quotation?keyword=${encodeURIComponent(title)}`);
  const row = page.getByTestId('quotation-row').first();
  await expect(row).toContainText(title);
  await expect(row.getByTestId('revise-quotation')).toHaveCount(0);
  await expect(row.getByTestId('revise-blocked')).toHaveText('该求购已停止接收报价（评标中），不能再修改报价');
  // The tab figures follow the keyword: 全部 is this one quotation.
  await expect(page.locator('.state-tabs [role="tab"]').first().locator('.count')).toHaveText('1');
  await page.screenshot({ path: 'test-results/trade-rules-supplier.png', fullPage: true });

  await page.goto(`/demand?id=${id}`);
  await expect(page.getByTestId('demand-drawer')).toContainText('评标中');
  await expect(page.getByTestId('deadline-countdown')).toHaveCount(0);
  await ctx.close();
});

test('a signed-in buyer’s quick inquiry shows the routed supplier’s reply in 我的询价, and closing it closes the suppliers’ copies', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const buyerToken = await apiToken(request, DEMO.buyer);
  const supplierToken = await apiToken(request, DEMO.supplier);
  // Ask for something supplier01's store sells, so the platform routes it there.
  const listed = await request.get('/api/stores/s0001/products?pageSize=1');
  const product = ((await listed.json()) as { data: { items: { id: number; name: string }[] } }).data.items[0]!;
  const mobile = freshMobile();
  const headers = { authorization: `Bearer ${buyerToken}`, 'x-forwarded-for': `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` };
  expect((await request.get(`/resource/sms/code?phonenumber=${mobile}&purpose=inquiry`, { headers })).ok()).toBe(true);
  const note = `E2E快速询价${tag()}`;
  const sent = await request.post('/api/inquiries/quick', {
    headers,
    data: { subject: product.name.slice(0, 60), quantity: 1, unit: '台', contactName: '李采购', mobile, code: await lastCode(mobile), message: note },
  });
  const created = (await sent.json()) as { code: number; msg: string; data: { id: number; routed: number } };
  expect(created.code, created.msg).toBe(200);
  expect(created.data.routed).toBeGreaterThan(0);
  const inbox = await api<{ items: { id: number; fromQuick: boolean; message: string | null }[] }>(request, supplierToken, 'GET', `/api/supplier/inquiries?pageSize=50`);
  const copy = inbox.items.find((i) => i.fromQuick && i.message === note)!;
  await api(request, supplierToken, 'POST', `/api/inquiries/${copy.id}/reply`, { reply: '现货供应，含税价请见报价单' });

  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  const errors = trackPageErrors(page);
  await loginAs(page, DEMO.buyer, '/admin/purchaser/demand-manager?tab=inquiries');
  const card = page.locator(`[data-testid="sent-inquiry"][data-id="${created.data.id}"]`);
  await expect(card.locator('.inquiry-card-head [data-state="REPLIED"]')).toBeVisible();
  await expect(card.getByTestId('inquiry-answer').filter({ hasText: '现货供应，含税价请见报价单' })).toBeVisible();
  // 我的询价 has status tabs whose figures add up to 全部.
  const tabCounts = (await page.locator('.state-tabs [role="tab"] .count').allTextContents()).map(Number);
  expect(tabCounts).toHaveLength(4);
  expect(tabCounts[0]).toBe(tabCounts.slice(1).reduce((a, b) => a + b, 0));
  await page.screenshot({ path: 'test-results/trade-rules-quick.png', fullPage: true });
  await card.getByTestId('close-inquiry').click();
  await expect(page.getByTestId('close-inquiry-modal')).toContainText('已分发的供应商询价将一并关闭');
  await page.getByTestId('confirm-close-inquiry').click();
  await expect(card.locator('.inquiry-card-head [data-state="CLOSED"]')).toBeVisible();
  await expect(card.getByTestId('inquiry-answer').locator('[data-state="CLOSED"]').first()).toBeVisible();
  const after = await api<{ status: string }>(request, supplierToken, 'GET', `/api/inquiries/${copy.id}`);
  expect(after.status).toBe('CLOSED');
  expect(errors).toEqual([]);
  await ctx.close();
});
