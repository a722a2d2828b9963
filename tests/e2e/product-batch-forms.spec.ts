// 产品管理's batch dialogs on the form mechanism (issue 31): 批量改价 names the rule a typed price
// breaks (ZPrice: 0, -5, full-width ８, three decimals), shows no preview for a refused value, and
// asks before goods on sale become 面议; 批量设置店铺分类 wants an explicit target; batch 下架 asks first.
import { expect, test, type Page } from '@playwright/test';
import { api, leafCategoryId, loginAs, newClient, ownStore, trackPageErrors } from './support';

const shot = (page: Page, name: string) => page.screenshot({ path: `${process.env.E2E_OUTPUT_DIR ?? 'test-results'}/${name}.png` });

test('批量改价 refuses what ZPrice refuses with its message, asks before clearing prices to 面议; 批量设置店铺分类 wants a target', async ({ browser, request }) => {
  const { member, token } = await ownStore(request, '批量改价');
  const tag = member.id.slice(-5);
  const names = [`批量改价用离心机${tag}`, `批量改价用天平${tag}`];
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const { id } = await api<{ id: number }>(request, token, 'POST', '/api/supplier/products', {
      name, model: `BP-${tag}-${i}`, categoryId: await leafCategoryId(request), brandId: null, storeCategoryId: null, price: 12000 + i, unit: '台', origin: '中国', summary: null, description: '<p>批量改价</p>', params: [], images: [], status: 'on_sale',
    });
    ids.push(id);
  }

  for (const width of [1366, 390]) {
    const context = await newClient(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const errors = trackPageErrors(page);
    await loginAs(page, member, '/admin/supplier/product-management');
    for (const name of names) await page.getByLabel(`选择${name}`).check();

    await page.getByTestId('open-batch-price').click();
    const dialog = page.getByTestId('batch-price');
    const price = dialog.getByLabel('统一价格');
    for (const [typed, message] of [
      ['８', '请用半角数字填写价格'],
      ['0', '价格必须大于0'],
      ['-5', '价格必须大于0'],
      ['258000.999', '价格最多保留两位小数'],
    ] as const) {
      await price.fill(typed);
      await dialog.getByRole('button', { name: '确认改价' }).click();
      await expect(dialog.locator('.field-error')).toHaveText(message);
      // Nothing is previewed from a refused price.
      await expect(dialog.getByTestId('batch-price-preview')).toHaveCount(0);
    }
    await shot(page, `batch-price-refused-${width}`);
    // Corrected: the message goes at once and the preview shows the price every product gets.
    await price.fill('12800');
    await expect(dialog.locator('.field-error')).toHaveCount(0);
    await expect(dialog.getByTestId('batch-price-preview')).toContainText('12,800');

    // 改为面议: asked first; 返回修改 keeps the dialog, 改为面议 clears both prices.
    await dialog.getByLabel(/改为面议/).check();
    await dialog.getByRole('button', { name: '确认改价' }).click();
    const confirm = dialog.getByTestId('confirm-batch-negotiable');
    await expect(confirm).toContainText('选中的 2 件在售商品在商城和店铺中将显示为「面议」');
    await shot(page, `batch-price-confirm-negotiable-${width}`);
    if (width === 1366) {
      await confirm.getByRole('button', { name: '返回修改' }).click();
      await expect(dialog.getByLabel(/改为面议/)).toBeChecked();
      await dialog.getByRole('button', { name: '确认改价' }).click();
    }
    await confirm.getByTestId('confirm-batch-negotiable-ok').click();
    await expect(page.getByTestId('toast').filter({ hasText: '已将2件商品改为面议' }).first()).toBeVisible();
    for (const id of ids) expect((await api<{ price: number | null }>(request, token, 'GET', `/api/supplier/products/${id}`)).price).toBeNull();
    // Priced again for the next width's run.
    await api(request, token, 'PUT', '/api/supplier/products/batch/price', { ids, price: 12000 });

    // 批量设置店铺分类: no target chosen is a message, not a silent 未分类.
    await page.reload();
    for (const name of names) await page.getByLabel(`选择${name}`).check();
    await page.getByRole('button', { name: '设置店铺分类' }).click();
    const category = page.getByTestId('batch-category');
    await category.getByRole('button', { name: '确定' }).click();
    await expect(category.locator('.field-error')).toHaveText('请选择要移到的店铺分类（或“未分类”）');
    await shot(page, `batch-category-refused-${width}`);
    await category.getByLabel('目标店铺分类').selectOption({ label: '未分类' });
    await expect(category.locator('.field-error')).toHaveCount(0);
    await category.getByRole('button', { name: '确定' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '已设置2件商品的店铺分类' }).first()).toBeVisible();

    // 下架 takes the goods out of the shop for every buyer: asked first.
    for (const name of names) await page.getByLabel(`选择${name}`).check();
    await page.getByRole('button', { name: '下架', exact: true }).click();
    const offShelf = page.getByTestId('confirm-batch-off-shelf');
    await expect(offShelf).toContainText('选中的 2 件在售商品将从商城和店铺中撤下');
    await shot(page, `batch-off-shelf-confirm-${width}`);
    await offShelf.getByTestId('confirm-batch-off-shelf-ok').click();
    await expect(page.getByTestId('toast').filter({ hasText: '已下架2件商品' }).first()).toBeVisible();
    expect((await request.get(`/api/products/${ids[0]}`)).status()).toBe(404);
    await api(request, token, 'PUT', '/api/supplier/products/batch/status', { ids, status: 'on_sale' });
    expect(errors).toEqual([]);
    await context.close();
  }
});
