// 响应质量 (issue 37): the block buyers decide by is in the server-rendered store home (both themes),
// product page and enterprise page without JavaScript, and each figure explains itself on hover in
// the browser; the admin marks an inquiry as spam (and lifts the mark) in 全部询价.
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { todayInChina, type TDemandInput } from '../../contracts/trade';
import { api, apiToken, DEMO, leafCategoryId, loginAs, newClient } from './support';

type TFigures = { inquiries: number; enough: boolean; replyRate: number | null };
type TStore = { uid: string; theme: number; supplierId: number; response: TFigures };

async function stores(request: APIRequestContext): Promise<TStore[]> {
  const body = (await (await request.get('/api/stores?sort=replyRate&page=1&pageSize=50')).json()) as { data: { items: TStore[] } };
  return body.data.items;
}
const rateText = (f: TFigures) => (f.replyRate === null ? '数据不足' : `${f.replyRate}%`);
const SHOTS = process.env.RESPONSE_SHOTS_DIR;

test.describe('supplier response quality', () => {
  test('the store home of both themes and the product page show the block without JavaScript', async ({ browser, request }) => {
    const all = await stores(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const theme of [1, 2]) {
      const store = all.find((s) => s.theme === theme);
      test.skip(!store, `the seed has no store of theme ${theme}`);
      const res = await page.goto(`/store/${store!.uid}`);
      expect(res?.status()).toBe(200);
      const block = page.getByTestId('response-block');
      await expect(block).toBeVisible();
      await expect(block).toContainText('近90天');
      await expect(block.getByRole('button', { name: /询价回复率/ })).toContainText(rateText(store!.response));
      await expect(block).toContainText(`${store!.response.inquiries} 条`);
    }
    const product = (await (await request.get('/api/products?page=1&pageSize=1')).json()).data.items[0] as { id: number };
    const detail = (await (await request.get(`/api/products/${product.id}`)).json()).data as { supplier: { response: TFigures } };
    await page.goto(`/shop/detail/${product.id}.html`);
    const block = page.getByTestId('supplier-card').getByTestId('response-block');
    await expect(block).toBeVisible();
    await expect(block.getByRole('button', { name: /询价回复率/ })).toContainText(rateText(detail.supplier.response));
    await context.close();
  });

  test('the enterprise page shows the block without JavaScript, as the store home does', async ({ browser, request }) => {
    const all = await stores(request);
    const store = all.find((s) => s.response.enough) ?? all[0]!;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(`/enterprise/${store.supplierId}`);
    expect(res?.status()).toBe(200);
    const block = page.getByTestId('enterprise-detail').getByTestId('response-block');
    await expect(block).toBeVisible();
    await expect(block).toContainText('近90天');
    await expect(block.getByRole('button', { name: /询价回复率/ })).toContainText(rateText(store.response));
    await expect(block).toContainText(`${store.response.inquiries} 条`);
    await context.close();
  });

  test('the admin marks an inquiry as spam in 全部询价 and lifts the mark, told the figures follow at the next batch', async ({ browser, request }) => {
    // The buyer's inquiry is set up through the API; the admin's marking is what is tested.
    const buyer = await apiToken(request, DEMO.buyer);
    const product = ((await (await request.get('/api/stores/s0001/products?pageSize=1')).json()) as { data: { items: { id: number }[] } }).data.items[0]!;
    const subjectNote = `推广群发信息 ${Date.now()}`;
    const inquiry = await api<{ id: number }>(request, buyer, 'POST', '/api/inquiries', { productId: product.id, quantity: 1, message: subjectNote, contactName: '王工', contactPhone: '021-64251234' });
    const context = await newClient(browser);
    const page = await context.newPage();
    await loginAs(page, DEMO.admin, '/admin');
    // Reached from the 平台管理 menu.
    await page.getByRole('link', { name: '全部询价' }).first().click();
    await expect(page).toHaveURL(/\/admin\/inquiryManage/);
    const row = page.locator(`[data-testid="admin-inquiry-row"][data-id="${inquiry.id}"]`);
    await expect(row).toContainText(subjectNote);
    await row.getByTestId('mark-spam').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('的询价数、回复率与回复用时');
    await expect(dialog).toContainText('供应商响应数据将在下一次统计（约5分钟内）更新');
    await dialog.getByTestId('confirm-ok').click();
    await expect(page.getByText('已标记为垃圾询价，下一次统计（约5分钟内）起不再计入供应商响应数据')).toBeVisible();
    await expect(row).toContainText('垃圾询价');
    await expect(row).toContainText('不计入统计');
    const admin = await apiToken(request, DEMO.admin);
    const marked = await api<{ items: { id: number }[] }>(request, admin, 'GET', `/api/admin/inquiries?spam=spam&keyword=${encodeURIComponent(subjectNote)}`);
    expect(marked.items.map((i) => i.id)).toEqual([inquiry.id]);
    // The 垃圾询价 tab lists it.
    await page.getByTestId('tab-spam').click();
    await expect(row).toBeVisible();
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/admin-inquiries-${width}.png` });
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    await row.getByTestId('unmark-spam').click();
    await expect(dialog).toContainText('将重新计入该供应商（');
    await dialog.getByTestId('confirm-ok').click();
    await expect(page.getByText('已取消垃圾询价标记，下一次统计（约5分钟内）起重新计入供应商响应数据')).toBeVisible();
    await expect(row).toBeHidden();
    const after = await api<{ items: { id: number }[] }>(request, admin, 'GET', `/api/admin/inquiries?spam=counted&keyword=${encodeURIComponent(subjectNote)}`);
    expect(after.items.map((i) => i.id)).toEqual([inquiry.id]);
    if (SHOTS) {
      // The quick-inquiry queue carries the same mark for a whole quick inquiry.
      await page.goto('/admin/quickInquiry');
      await expect(page.getByTestId('queue-row').first().locator('.spam-action button')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/admin-quick-queue-1366.png` });
    }
    await context.close();
  });

  test('the admin sees the distribution across suppliers in 供应商响应', async ({ page, request }) => {
    await loginAs(page, DEMO.admin, '/admin/responseStats');
    const admin = await apiToken(request, DEMO.admin);
    const dist = await api<{ suppliers: number; insufficient: number }>(request, admin, 'GET', '/api/admin/response');
    const view = page.getByTestId('response-stats');
    await expect(view.getByTestId('stat-insufficient')).toContainText(String(dist.insufficient));
    await expect(view.getByTestId('stat-suppliers')).toContainText(String(dist.suppliers));
    await expect(view.getByTestId('response-band')).toHaveCount(7);
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/admin-response-${width}.png`, fullPage: true });
      }
    }
  });

  test('the 核验 page of a decided 比价单 shows each supplier’s figures as of the decision', async ({ browser, request }) => {
    test.setTimeout(120_000);
    // Set up through the API: a public demand, two quotations, the award, the Excel with its 核验码.
    const buyer = await apiToken(request, DEMO.buyer);
    const day = (days: number) => todayInChina(Date.now() + days * 86400_000);
    const input: TDemandInput = {
      title: `E2E原子吸收光谱仪${Date.now().toString().slice(-6)}`,
      categoryId: await leafCategoryId(request),
      quantity: 1,
      unit: '台',
      budget: 300000,
      budgetHidden: false,
      needBy: day(40),
      quoteDeadline: day(10),
      province: '上海市',
      city: '上海市',
      description: '用于环境样品重金属检测。',
      params: [],
      contactName: '李采购',
      contactPhone: '13800000003',
      quoteCap: 10,
      quoteMode: 'public',
      attachmentIds: [],
      submit: true,
    };
    const demandId = (await api<{ id: number }>(request, buyer, 'POST', '/api/demands', input)).id;
    const offer = (unitPrice: number) => ({ demandId, lines: [{ brand: '岛津', model: 'AA-7000', unitPrice, taxIncluded: true, quantity: 1, leadTimeDays: 30, warrantyMonths: 12, paymentTerms: '验收后付款' }], specs: [], validUntil: day(30), notes: '', attachmentIds: [] });
    const chosen = (await api<{ id: number }>(request, await apiToken(request, DEMO.supplier), 'POST', '/api/quotations', offer(260_000))).id;
    await api(request, await apiToken(request, DEMO.supplier2), 'POST', '/api/quotations', offer(250_000));
    await api(request, buyer, 'POST', `/api/quotations/${chosen}/accept`, { version: 1, reason: '售后网点就在本市，响应更快。' });
    const cmp = await api<{ responseAt: string | null; columns: { supplierName: string; response: TFigures }[] }>(request, buyer, 'GET', `/api/demands/${demandId}/quotations`);
    expect(cmp.responseAt).not.toBeNull();
    const file = await request.get(`/api/demands/${demandId}/comparison.xlsx`, { headers: { authorization: `Bearer ${buyer}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await file.body()) as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.getWorksheet('比价单')!.eachRow((row) => cells.push(...Array.from(row.values as unknown[], (v) => String(v ?? ''))));
    const code = /核验码：([A-Z2-9]{12})/.exec(cells.join('\n'))![1]!;
    expect(cells.some((c) => c.startsWith('供应商响应（近90天，决定时统计（'))).toBe(true);

    for (const width of [1366, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`/verify/comparison/${code}`);
      await expect(page.getByTestId('verify-status')).toHaveAttribute('data-current', 'true');
      await expect(page.getByTestId('verify-response-basis')).toContainText('供应商响应为采购方选定供应商时');
      for (const c of cmp.columns) {
        const row = page.locator(`[data-testid="verify-row"][data-supplier="${c.supplierName}"]`);
        await expect(row.getByTestId('response-summary')).toContainText(`回复率 ${rateText(c.response)}`);
      }
      if (width === 1366) await expect(page.getByRole('columnheader', { name: /供应商响应（决定时统计（\d{4}-\d{2}-\d{2}））/ })).toBeVisible();
      if (SHOTS) {
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/verify-decided-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  });

  test('each figure explains what it counts on hover, and the directory filters 24小时内回复', async ({ page, request }) => {
    const all = await stores(request);
    const rated = all.find((s) => s.response.enough) ?? all[0]!;
    await page.goto(`/store/${rated.uid}`);
    const block = page.getByTestId('response-block');
    // The server-rendered page answers hover once it has hydrated.
    await expect(async () => {
      await page.mouse.move(0, 0);
      await block.getByRole('button', { name: /询价回复率/ }).hover();
      await expect(page.getByRole('tooltip')).toContainText('近90天收到的询价中已回复', { timeout: 1000 });
    }).toPass();
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await block.getByRole('button', { name: /首次回复用时/ }).focus();
    await expect(page.getByRole('tooltip')).toContainText('周一至周五 9:00–18:00');

    await page.goto('/store?fast=1');
    await expect(page.getByTestId('fast-filter')).toHaveClass(/active/);
    const fast = (await (await request.get('/api/stores?fast=1&page=1&pageSize=12')).json()).data as { total: number };
    if (fast.total > 0) await expect(page.getByTestId('store-card').first().getByRole('button', { name: /^24小时内回复/ })).toBeVisible();
    else await expect(page.getByText('没有找到符合条件的店铺')).toBeVisible();
  });

  test('the supplier centre shows the same figures with the rows behind them', async ({ page }) => {
    await loginAs(page, DEMO.supplier, '/admin/supplier/inquiry/data');
    const section = page.getByTestId('supplier-response');
    await expect(section.getByTestId('response-block')).toBeVisible();
    await expect(section.getByText(/^收到的询价（\d+ 条）$/)).toBeVisible();
    await expect(section.getByText(/^提交的报价（\d+ 份）$/)).toBeVisible();
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/supplier-centre-1366.png`, fullPage: false });
    }
  });

  test('screenshots of the store home and product page blocks at 1366 and 390 px', async ({ browser, request }) => {
    test.skip(!SHOTS, 'RESPONSE_SHOTS_DIR not set');
    fs.mkdirSync(SHOTS!, { recursive: true });
    const all = await stores(request);
    const product = (await (await request.get('/api/products?page=1&pageSize=1')).json()).data.items[0] as { id: number };
    for (const width of [1366, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const theme of [1, 2]) {
        const store = all.find((s) => s.theme === theme && s.response.enough) ?? all.find((s) => s.theme === theme);
        if (!store) continue;
        await page.goto(`/store/${store.uid}`);
        const block = page.getByTestId('response-block');
        await block.scrollIntoViewIfNeeded();
        await expect(async () => {
          await page.mouse.move(0, 0);
          await block.getByRole('button', { name: /首次回复用时/ }).hover();
          await expect(page.getByRole('tooltip')).toBeVisible({ timeout: 1000 });
        }).toPass();
        await page.screenshot({ path: `${SHOTS}/store-theme${theme}-${width}.png` });
      }
      await page.goto(`/shop/detail/${product.id}.html`);
      const block = page.getByTestId('supplier-card').getByTestId('response-block');
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/product-${width}.png` });
      await context.close();
    }
  });
});
