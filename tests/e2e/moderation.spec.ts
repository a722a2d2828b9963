// Platform moderation (issue 22): the admin takes one product down with a reason the supplier then
// reads in 商品管理; the admin corrects a news item in the editor — a stale save keeps the input
// and offers the latest version — and unpublishes it, after which the public page is gone.
import { expect, test } from '@playwright/test';
import { api, apiToken, DEMO, leafCategoryId, loginAs, newClient, ownStore, trackPageErrors } from './support';

test('the admin takes a product down with a reason; it leaves the shop and the supplier reads the reason in 商品管理', async ({ browser, request }) => {
  // A store of its own, so parallel suites never share the product.
  const { member, token: supplierToken } = await ownStore(request, '巡查测试');
  const name = `巡查用荧光光谱仪${member.id.slice(-5)}`;
  const { id } = await api<{ id: number }>(request, supplierToken, 'POST', '/api/supplier/products', {
    name, model: `FS-${member.id.slice(-4)}`, categoryId: await leafCategoryId(request), brandId: null, storeCategoryId: null, price: 86000, unit: '台', origin: '中国', summary: '稳态荧光', description: '<p>氙灯光源</p>', params: [], images: [], status: 'on_sale',
  });
  expect((await request.get(`/api/products/${id}`)).status()).toBe(200);

  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await loginAs(page, DEMO.admin, '/admin/productManage');
  await expect(page.getByRole('link', { name: '全部商品' })).toBeVisible();
  await page.getByTestId('admin-product-keyword').fill(name);
  await page.getByTestId('admin-product-keyword').press('Enter');
  await expect(page).toHaveURL(/keyword=/);
  const row = page.getByTestId('admin-product-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('row-takedown').click();
  const form = page.getByTestId('takedown-form');
  await form.getByTestId('submit-takedown').click();
  await expect(form).toContainText('请填写下架原因');
  await form.locator('textarea[name="reason"]').fill('商品图片与实物不符，请更换为实拍图');
  await form.getByTestId('submit-takedown').click();
  await expect(page.getByTestId('toast').filter({ hasText: '商品已下架，已通知供应商' }).first()).toBeVisible();
  await expect(row).toContainText('平台下架');
  await expect(row).toContainText('原因：商品图片与实物不符，请更换为实拍图');
  await page.screenshot({ path: 'test-results/moderation-admin-products.png' });
  expect(errors).toEqual([]);
  await context.close();

  // Gone from the public product page at once.
  expect((await request.get(`/api/products/${id}`)).status()).toBe(404);

  // The supplier reads the reason on that product in 商品管理 and in the editor.
  const supplierCtx = await newClient(browser);
  const sp = await supplierCtx.newPage();
  await loginAs(sp, member, '/admin/supplier/goods?status=off_shelf');
  const mine = sp.getByRole('row').filter({ hasText: name });
  await expect(mine.getByTestId('takedown-reason')).toHaveText('原因：商品图片与实物不符，请更换为实拍图');
  await sp.goto(`/admin/supplier/goods/goodDetail?id=${id}`);
  await expect(sp.getByTestId('takedown-notice')).toContainText('商品图片与实物不符');
  await sp.screenshot({ path: 'test-results/moderation-supplier-reason.png' });
  await supplierCtx.close();
});

test('two admins on one news item: the stale save keeps the input and saves after a reload; unpublished, the public page is gone', async ({ browser, request }) => {
  const adminToken = await apiToken(request, DEMO.admin);
  // The oldest news item, which no other story reads.
  const first = await api<{ total: number }>(request, adminToken, 'GET', '/api/admin/publications/news?pageSize=1');
  const oldest = (await api<{ items: { id: number; title: string }[] }>(request, adminToken, 'GET', `/api/admin/publications/news?pageSize=1&page=${first.total}`)).items[0]!;
  const original = await api<{ title: string; category: string; content: string; version: number }>(request, adminToken, 'GET', `/api/admin/publications/news/${oldest.id}`);
  expect((await request.get(`/api/news/${oldest.id}`)).status()).toBe(200);

  const context = await newClient(browser);
  const page = await context.newPage();
  await loginAs(page, DEMO.admin, `/admin/newsManage?keyword=${oldest.id}`);
  await page.getByTestId('publication-row').filter({ hasText: new RegExp(`编号 ${oldest.id}(?!\\d)`) }).getByTestId('row-edit').click();
  const editor = page.getByTestId('publication-editor');
  await expect(editor.locator('input[name="title"]')).toHaveValue(original.title);
  await editor.locator('input[name="title"]').fill(`${original.title}（更正）`);

  // Meanwhile another admin saves the same item.
  await api(request, adminToken, 'PUT', `/api/admin/publications/news/${oldest.id}`, { title: `${original.title}（他人修改）`, category: original.category, content: original.content, version: original.version });

  await editor.getByTestId('save-publication').click();
  await expect(editor.getByTestId('stale-banner')).toContainText('内容已被他人修改，请刷新后再编辑');
  await expect(editor.locator('input[name="title"]')).toHaveValue(`${original.title}（更正）`);
  await editor.getByTestId('stale-reload').click();
  await expect(editor.getByTestId('stale-latest')).toContainText(`${original.title}（他人修改）`);
  await expect(editor.locator('input[name="title"]')).toHaveValue(`${original.title}（更正）`);
  await page.screenshot({ path: 'test-results/moderation-news-stale.png' });
  await editor.getByTestId('save-publication').click();
  await expect(page.getByTestId('toast').filter({ hasText: '已保存' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/newsManage/);
  const row = page.getByTestId('publication-row').filter({ hasText: new RegExp(`编号 ${oldest.id}(?!\\d)`) });
  await expect(row).toContainText(`${original.title}（更正）`);
  expect(((await (await request.get(`/api/news/${oldest.id}`)).json()) as { data: { title: string } }).data.title).toBe(`${original.title}（更正）`);

  // 下线: the public page answers 404 and the item is out of the public list.
  await row.getByTestId('row-toggle').click();
  await page.getByTestId('confirm-ok').click();
  await expect(row).toContainText('已下线');
  await page.screenshot({ path: 'test-results/moderation-news-list.png' });
  expect((await request.get(`/api/news/${oldest.id}`)).status()).toBe(404);
  const visitor = await newClient(browser);
  const vp = await visitor.newPage();
  await vp.goto(`/news/detail/${oldest.id}.html`);
  await expect(vp.getByText(`${original.title}（更正）`)).toHaveCount(0);
  await visitor.close();

  // 重新发布, and the title restored for other stories.
  await row.getByTestId('row-toggle').click();
  await page.getByTestId('confirm-ok').click();
  await expect(row).toContainText('已发布');
  await context.close();
  const now = await api<{ version: number }>(request, adminToken, 'GET', `/api/admin/publications/news/${oldest.id}`);
  await api(request, adminToken, 'PUT', `/api/admin/publications/news/${oldest.id}`, { title: original.title, category: original.category, content: original.content, version: now.version });
});

test('a quick price edit from a stale 产品管理 list is refused, keeps the typed price and saves after the list reloads', async ({ browser, request }) => {
  const { member, token } = await ownStore(request, '改价测试');
  const name = `改价用离心机${member.id.slice(-5)}`;
  const { id } = await api<{ id: number }>(request, token, 'POST', '/api/supplier/products', {
    name, model: `CF-${member.id.slice(-4)}`, categoryId: await leafCategoryId(request), brandId: null, storeCategoryId: null, price: 12000, unit: '台', origin: '中国', summary: null, description: '<p>低速离心机</p>', params: [], images: [], status: 'on_sale',
  });

  const context = await newClient(browser);
  const page = await context.newPage();
  await loginAs(page, member, '/admin/supplier/product-management');
  const price = page.getByLabel(`${name}的价格`);
  await expect(price).toHaveValue('12000');

  // Another window saves a new price meanwhile.
  await api(request, token, 'PUT', `/api/supplier/products/${id}/quick`, { price: 12500, version: 1 });

  await price.fill('11800');
  await price.press('Enter');
  await expect(page.getByTestId('toast').filter({ hasText: '内容已被他人修改，请刷新后再编辑' }).first()).toBeVisible();
  await expect(page.getByText('商品已被修改，已刷新为最新版本；确认价格后按回车再次保存')).toBeVisible();
  await expect(price).toHaveValue('11800');
  await price.click();
  await price.press('Enter');
  await expect(page.getByTestId('toast').filter({ hasText: `「${name}」价格已改为` }).first()).toBeVisible();
  await context.close();
  expect((await api<{ price: number }>(request, token, 'GET', `/api/supplier/products/${id}`)).price).toBe(11800);
});
