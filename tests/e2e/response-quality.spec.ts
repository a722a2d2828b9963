// 响应质量 (issue 37): the block buyers decide by is in the server-rendered store home (both themes)
// and product page without JavaScript, and each figure explains itself on hover in the browser.
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, loginAs } from './support';

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
