// Chinese search in a browser on the demo catalogue: words typed together, the partial-match notice,
// brand and province facets with counts (the brand list searchable), chips that name what they filter,
// a buyer's request said back as what it was understood as (issue 34).
import { expect, test } from '@playwright/test';
import { trackPageErrors } from './support';

test.describe('search', () => {
  test('brand and type typed together find that brand’s instruments, marked', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/');
    await page.getByRole('textbox', { name: '搜索商品' }).fill('安捷伦气相色谱仪');
    await page.getByRole('textbox', { name: '搜索商品' }).press('Enter');
    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    await expect(cards.first()).toContainText('安捷伦');
    await expect(cards.first()).toContainText('气相色谱仪');
    await expect(cards.first().locator('mark').first()).toHaveText('安捷伦');
    await expect(page.getByTestId('partial-notice')).toHaveCount(0);
    // One brand among the results, with its count.
    await expect(page.getByTestId('brand-filter')).toHaveCount(1);
    await expect(page.getByTestId('brand-filter')).toContainText('安捷伦');
    expect(errors).toEqual([]);
  });

  test('words that do not all match show the most specific ones with a notice', async ({ page }) => {
    await page.goto(`/shop?keyword=${encodeURIComponent('电子天平0.1mg')}`);
    await expect(page.getByTestId('partial-notice')).toHaveText('没有完全匹配的结果，以下是部分匹配');
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toContainText('天平');
  });

  test('a request is said back as what it was understood as, and can be searched as typed', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto(`/shop?keyword=${encodeURIComponent('我想买一台测水分的仪器')}`);
    await expect(page.getByTestId('search-understood')).toContainText('已为您查找：水分测定仪');
    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    await expect(cards.first()).toContainText('水分测定仪');
    await expect(cards.first().locator('mark').first()).toContainText('水分测定仪');
    await page.getByTestId('search-literal').click();
    await expect(page).toHaveURL(/literal=1/);
    await expect(page.getByTestId('search-understood')).toHaveCount(0);
    await expect(page.locator('.filter-chip').first()).toContainText('按原词');
    // …and back to what it was understood as.
    await page.getByTestId('search-as-typed').getByRole('link', { name: '按理解查找' }).click();
    await expect(page).not.toHaveURL(/literal=1/);
    await expect(page.getByTestId('search-understood')).toContainText('已为您查找：水分测定仪');
    expect(errors).toEqual([]);
  });

  test('a brand filter chip names the brand, and a long brand list can be searched', async ({ page }) => {
    await page.goto('/shop?brand=62');
    const chip = page.locator('.filter-chip').first();
    await expect(chip).toContainText('品牌：');
    await expect(chip).not.toContainText('已选品牌');
    await expect(chip).not.toContainText('…');

    await page.goto('/shop');
    await page.getByRole('button', { name: /^更多\(\d+\)$/ }).click();
    const all = await page.getByTestId('brand-filter').count();
    expect(all).toBeGreaterThan(100);
    await page.getByTestId('brand-search').fill('堀场');
    await expect(page.getByTestId('brand-filter')).toHaveCount(1);
    await page.getByTestId('brand-filter').click();
    await expect(page).toHaveURL(/brand=\d+/);
    await expect(page.locator('.filter-chip').first()).toContainText('品牌：堀场');
  });

  test('provinces are those of the results, with counts', async ({ page }) => {
    await page.goto(`/shop?keyword=${encodeURIComponent('岛津天平')}`);
    const provinces = page.getByTestId('province-filter');
    await expect(provinces.first()).toContainText(/\(\d+\)/);
    const total = Number((await page.getByTestId('result-total').locator('strong').textContent())!.replace(/,/g, ''));
    const counts = await provinces.allTextContents();
    const sum = counts.reduce((a, t) => a + Number(/\((\d+)\)/.exec(t)![1]), 0);
    expect(sum).toBe(total);
  });

  test('the store directory finds the stores that sell an instrument', async ({ page }) => {
    await page.goto(`/store?keyword=${encodeURIComponent('气相色谱仪')}`);
    await expect(page.locator('.directory-summary strong')).not.toHaveText('0');
    expect(Number(await page.locator('.directory-summary strong').textContent())).toBeGreaterThanOrEqual(20);
  });
});
