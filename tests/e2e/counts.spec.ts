// Numbers that agree with their lists, in the browser (issue 22): a store's category count equals
// its listing's 「共 N 件」; another supplier's product on a store page is not shown; the home page
// drops a rejected demand on the next visit; a page past the last and an unknown category say so;
// a bulk 下架 that empties the last page of 商品管理 goes to the new last page; the brand filter
// from 代理品牌 is shown and removable; the header's search box follows the URL's keyword.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, apiToken, DEMO, leafCategoryId, loginAs, newClient } from './support';

type TCard = { id: number; uid: string };
type TPageOf<T> = { items: T[]; total: number };

/** Goods of supplier01 made through the API for one test, deleted afterwards. */
async function makeGoods(request: APIRequestContext, token: string, n: number, over: Record<string, unknown> = {}) {
  const categoryId = await leafCategoryId(request);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const body = { name: `E2E 计数测试仪 ${i + 1}`, model: null, categoryId, brandId: null, storeCategoryId: null, price: 12800, unit: '台', origin: '中国', summary: '计数测试', description: '<p>计数测试</p>', params: [], images: [], status: 'on_sale', ...over };
    ids.push((await api<{ id: number }>(request, token, 'POST', '/api/supplier/products', body)).id);
  }
  return ids;
}

test('a store category counts the goods its listing shows, sub-categories included', async ({ page, request }) => {
  const token = await apiToken(request, DEMO.supplier);
  const tag = Date.now().toString(36).slice(-5);
  const parent = (await api<{ id: number }>(request, token, 'POST', '/api/supplier/store-categories', { name: `E2E光谱${tag}`, parentId: 0, sort: 0 })).id;
  const child = (await api<{ id: number }>(request, token, 'POST', '/api/supplier/store-categories', { name: `E2E紫外${tag}`, parentId: parent, sort: 0 })).id;
  const ids = [...(await makeGoods(request, token, 2, { storeCategoryId: parent })), ...(await makeGoods(request, token, 1, { storeCategoryId: child }))];
  try {
    const uid = ((await (await request.get(`/api/products/${ids[0]}`)).json()) as { data: { supplier: { storeUid: string } } }).data.supplier.storeUid;
    await page.goto(`/store/${uid}/allProducts?category=${parent}`);
    const link = page.locator('.store-cat > a').filter({ hasText: `E2E光谱${tag}` });
    await expect(link.locator('em')).toHaveText('3');
    await expect(page.getByText('共 3 件')).toBeVisible();
    await expect(page.locator('.sp-grid > *')).toHaveCount(3);
  } finally {
    await api(request, token, 'POST', '/api/supplier/products/batch/delete', { ids });
    await request.delete(`/api/supplier/store-categories/${child}`, { headers: { authorization: `Bearer ${token}` } });
    await request.delete(`/api/supplier/store-categories/${parent}`, { headers: { authorization: `Bearer ${token}` } });
  }
});

test('another supplier’s product opened on a store page is not this store’s, and keeps the tab title', async ({ page, request }) => {
  const stores = ((await (await request.get('/api/stores?page=1&pageSize=2')).json()) as { data: TPageOf<TCard> }).data.items;
  const [a, b] = stores;
  const foreign = ((await (await request.get(`/api/stores/${b!.uid}/products?page=1&pageSize=1`)).json()) as { data: TPageOf<{ id: number; name: string }> }).data.items[0]!;
  await page.goto(`/store/${a!.uid}/goods-details?id=${foreign.id}`);
  await expect(page.getByText('该店铺没有这件商品')).toBeVisible();
  await expect(page).not.toHaveTitle(new RegExp(foreign.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});

test('the home page drops a demand the moment an admin rejects it', async ({ page, request }) => {
  await page.goto('/');
  const first = page.locator('a[href^="/demand?id="], a[href*="/demand/detail"]').first();
  await expect(first).toBeVisible();
  const href = (await first.getAttribute('href'))!;
  const id = Number(/(\d+)/.exec(href.split('id=')[1] ?? href)![1]);
  const admin = await apiToken(request, DEMO.admin);
  await api(request, admin, 'POST', `/api/admin/demands/${id}/reject`, { reason: 'E2E：信息不完整' });
  // Away and back within the minute the home page used to be kept for.
  await page.getByRole('link', { name: '仪器商城' }).first().click();
  await expect(page).toHaveURL(/\/shop/);
  await page.getByRole('link', { name: '首页' }).first().click();
  await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
});

test('a page past the last and an unknown category say so', async ({ page }) => {
  await page.goto('/shop?page=9999');
  await expect(page.getByTestId('past-last-page')).toBeVisible();
  await expect(page.getByText(/没有找到/)).toHaveCount(0);
  await page.getByTestId('go-last-page').click();
  await expect(page.getByTestId('product-grid')).toBeVisible();

  await page.goto('/news?page=9999');
  await expect(page.getByTestId('past-last-page')).toBeVisible();
  await page.goto('/demand?page=9999');
  await expect(page.getByTestId('past-last-page')).toBeVisible();

  await page.goto('/shop?category=99999999');
  await expect(page.getByTestId('unknown-category')).toContainText('该分类不存在');
  await expect(page.getByTestId('result-total')).toHaveCount(0);
});

test('商品管理: a bulk 下架 that empties the last page goes to the new last page; the brand filter from 代理品牌 shows and can be removed', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const context = await newClient(browser);
  const page = await context.newPage();
  const token = await apiToken(request, DEMO.supplier);
  // 21 goods on sale found by one model number: two pages, the second with one row.
  const tag = `PGX${Date.now().toString().slice(-6)}`;
  const ids = await makeGoods(request, token, 21, { model: tag });
  try {
    await loginAs(page, DEMO.supplier, `/admin/supplier/goods?status=on_sale&keyword=${tag}&page=2`);
    const rows = page.getByTestId('goods-row');
    await expect(rows).toHaveCount(1);
    await page.locator('thead input[type="checkbox"]').check();
    await page.getByTestId('bulk-off').click();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(rows).toHaveCount(20);
    await expect(page.getByText('这里还没有商品')).toHaveCount(0);
  } finally {
    await api(request, token, 'POST', '/api/supplier/products/batch/delete', { ids });
  }

  const carried = await api<TPageOf<{ id: number; name: string }>>(request, token, 'GET', '/api/supplier/brands/carried?page=1&pageSize=20');
  const brand = carried.items[0]!;
  await page.goto(`/admin/supplier/goods?brandId=${brand.id}`);
  const chip = page.getByTestId('brand-filter');
  await expect(chip).toContainText(`品牌：${brand.name}`);
  await chip.click();
  await expect(page).not.toHaveURL(/brandId=/);
  await expect(chip).toHaveCount(0);
  await context.close();
});

test('the header search box follows the URL’s keyword', async ({ page }) => {
  await page.goto('/');
  await page.locator('.home-hot a').first().click();
  await expect(page).toHaveURL(/\/shop\?keyword=/);
  const keyword = new URL(page.url()).searchParams.get('keyword')!;
  const box = page.getByRole('textbox', { name: '搜索商品' });
  await expect(box).toHaveValue(keyword);
  await page.locator('.filter-chip').filter({ hasText: `关键词：${keyword}` }).click();
  await expect(page).not.toHaveURL(/keyword=/);
  await expect(box).toHaveValue('');
});
