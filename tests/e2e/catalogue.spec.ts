// The public catalogue in a browser: home sections, Chinese and model-number search with
// highlighting, URL-held filters and pages, product detail, stores in both themes, enterprises.
import { expect, test, type Page } from '@playwright/test';
import { trackPageErrors } from './support';

const keywordOf = (page: Page) => new URL(page.url()).searchParams.get('keyword');
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test.describe('home', () => {
  test('shows categories, carousel, products, demands, brands, stores, news and articles', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/');
    await expect(page.getByTestId('carousel')).toBeVisible();
    await expect(page.getByTestId('home-products').getByTestId('product-card').first()).toBeVisible();
    expect(await page.getByTestId('home-products').getByTestId('product-card').count()).toBeGreaterThanOrEqual(6);
    await expect(page.getByTestId('home-demands').locator('.demand-list li').first()).toContainText('***');
    await expect(page.getByTestId('home-brands').locator('.brand-tile').first()).toBeVisible();
    await expect(page.getByTestId('home-stores').locator('.home-store').first()).toBeVisible();
    await expect(page.getByTestId('home-news').locator('a').nth(1)).toBeVisible();
    await expect(page.getByTestId('home-articles').locator('a').nth(1)).toBeVisible();

    // Three levels on hover: top › group › leaf, each linking to the shop.
    await page.getByTestId('home-categories').locator('li').first().hover();
    const flyout = page.getByTestId('category-flyout');
    await expect(flyout).toBeVisible();
    await expect(flyout.locator('dd a').first()).toHaveAttribute('href', /\/shop\?category=\d+/);
    expect(errors).toEqual([]);
  });
});

test.describe('shop search', () => {
  test('a 2-character word from the header search finds highlighted instruments and the URL carries it', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/');
    await page.getByRole('textbox', { name: '搜索商品' }).fill('色谱');
    await page.getByRole('textbox', { name: '搜索商品' }).press('Enter');
    await expect(page).toHaveURL(/\/shop\?keyword=/);
    expect(keywordOf(page)).toBe('色谱');
    const grid = page.getByTestId('product-grid');
    await expect(grid.getByTestId('product-card').first()).toBeVisible();
    await expect(grid.locator('mark').first()).toHaveText('色谱');
    await expect(page.getByTestId('result-total')).toContainText('相关仪器');
    expect(errors).toEqual([]);
  });

  test('a model number finds its instrument', async ({ page }) => {
    await page.goto('/shop?keyword=7890B');
    const first = page.getByTestId('product-grid').getByTestId('product-card').first();
    await expect(first).toContainText('7890B');
    await expect(first.locator('mark').first()).toHaveText('7890B');

    await page.goto(`/shop?keyword=${encodeURIComponent('LCMS-8060')}`);
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toContainText('LCMS-8060');
  });

  test('a keyword without results says so and suggests what to do', async ({ page }) => {
    await page.goto(`/shop?keyword=${encodeURIComponent('量子隐形传态机')}`);
    await expect(page.getByTestId('shop-empty')).toContainText('没有找到与“量子隐形传态机”相关的仪器');
    await page.getByTestId('shop-empty').getByRole('link', { name: '气相色谱仪' }).click();
    expect(keywordOf(page)).toBe('气相色谱仪');
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toBeVisible();
  });

  test('filters and pages live in the URL, and back restores them', async ({ page }) => {
    await page.goto(`/shop?keyword=${encodeURIComponent('色谱')}`);
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toBeVisible();
    const total = async () => Number((await page.getByTestId('result-total').locator('strong').innerText()).replace(/,/g, ''));
    const all = await total();

    await page.getByTestId('brand-filter').first().click();
    await expect(page).toHaveURL(/brand=\d+/);
    const brand = param(page, 'brand');
    await expect.poll(total).toBeLessThan(all);
    expect(keywordOf(page)).toBe('色谱');

    await page.getByRole('tab', { name: /价格/ }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    expect(param(page, 'sort')).toBe('price_asc');
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    expect(param(page, 'brand')).toBe(brand);
    await page.goBack();
    await expect(page).not.toHaveURL(/brand=/);
    await expect.poll(total).toBe(all);

    await page.goForward();
    await expect(page).toHaveURL(/brand=\d+/);
  });

  test('the category tree narrows the results and shows the path', async ({ page }) => {
    await page.goto('/shop');
    await page.getByTestId('category-top').first().click();
    await expect(page).toHaveURL(/category=\d+/);
    await expect(page.locator('.breadcrumb')).toContainText('分析仪器');
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toBeVisible();
  });
});

test.describe('product detail', () => {
  test('shows price, parameters and supplier, and the title carries the product name', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/shop?keyword=7890B');
    const card = page.getByTestId('product-grid').getByTestId('product-card').first();
    const name = (await card.locator('.product-card-name').innerText()).trim();
    await card.locator('.product-card-name').click();
    await expect(page).toHaveURL(/\/shop\/detail\/\d+\.html$/);
    await expect(page.getByTestId('product-name')).toHaveText(name);
    await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} - `));
    await expect(page.getByTestId('param-table').locator('tr').first()).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveText(/¥[\d,]+|面议/);
    const id = /\/shop\/detail\/(\d+)\.html/.exec(page.url())![1]!;
    await expect(page.getByTestId('inquiry-button')).toHaveAttribute('href', `/demand/inquiry?productId=${id}`);
    await expect(page.getByTestId('collect-button')).toBeVisible();
    const storeHref = await page.getByTestId('supplier-store-link').getAttribute('href');
    expect(storeHref).toMatch(/^\/store\/s\d{4}$/);

    await page.goto(`/shop/goods-details?id=${id}`);
    await expect(page.getByTestId('product-name')).toHaveText(name);
    expect(errors).toEqual([]);
  });

  test('an unknown product shows the 404 page', async ({ page }) => {
    await page.goto('/shop/detail/99999999.html');
    await expect(page.getByTestId('error-page')).toContainText('404');
    await expect(page.getByTestId('error-page')).toContainText('页面未找到');
  });

  test('the server writes the product name into the shared page title', async ({ request }) => {
    const res = await request.get('/api/products?keyword=7890B&pageSize=1');
    const product = (await res.json()).data.items[0] as { id: number; name: string };
    const html = await (await request.get(`/shop/detail/${product.id}.html`)).text();
    expect(html).toContain(`<title>${product.name} - 仪采通</title>`);
    expect(html).toContain('property="og:title"');
  });
});

test.describe('stores', () => {
  test('a theme 1 store shows its home, goods, articles, profile and positions', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/store/s0001');
    // Theme 1 is also what the frame shows before the store has loaded: wait for the store first.
    await expect(page.getByTestId('store-name')).toHaveText(/\S{2,}/);
    await expect(page.getByTestId('store-layout')).toHaveAttribute('data-store-theme', '1');
    const storeName = (await page.getByTestId('store-name').innerText()).trim();
    await expect(page).toHaveTitle(new RegExp(storeName));
    await expect(page.getByTestId('store-home').getByTestId('store-product').first()).toBeVisible();

    const nav = page.getByRole('navigation', { name: '店铺导航' });
    await nav.getByRole('link', { name: '全部产品' }).click();
    await expect(page).toHaveURL(/\/store\/s0001\/allProducts$/);
    await page.getByTestId('store-product').first().locator('.sp-card-name').click();
    await expect(page).toHaveURL(/\/store\/s0001\/goods-details\?id=\d+/);
    await expect(page.getByTestId('store-goods').getByTestId('param-table')).toBeVisible();

    await expect(nav.getByRole('link', { name: '店铺文章' })).toHaveAttribute('href', '/store/s0001/store-article');
    await nav.getByRole('link', { name: '店铺文章' }).click();
    const list = page.getByTestId('store-article-list');
    await expect(list).toBeVisible();
    await expect(page.getByTestId('store-article-section')).toHaveAttribute('data-variant', 'list');
    const title = (await list.locator('a').first().innerText()).trim();
    await list.locator('a').first().click();
    await expect(page).toHaveURL(/storeArticleDetails\?id=\d+/);
    await expect(page.getByTestId('store-article').locator('h1')).toHaveText(title);

    await nav.getByRole('link', { name: '公司简介' }).click();
    await expect(page.getByTestId('store-profile')).toContainText('工商信息');
    await nav.getByRole('link', { name: '人才招聘' }).click();
    await expect(page.getByTestId('store-recruitment')).toContainText('人才招聘');
    expect(errors).toEqual([]);
  });

  test('a theme 2 store uses the theme 2 design and article routes', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/store/s0002');
    await expect(page.getByTestId('store-layout')).toHaveAttribute('data-store-theme', '2');
    await expect(page.locator('.t2-hero')).toBeVisible();
    const nav = page.getByRole('navigation', { name: '店铺导航' });
    await expect(nav.getByRole('link', { name: '店铺文章' })).toHaveAttribute('href', '/store/s0002/store-article-theme2');
    await expect(nav.getByRole('link', { name: '解决方案' })).toHaveAttribute('href', '/store/s0002/store-scheme-theme2');
    await nav.getByRole('link', { name: '解决方案' }).click();
    await expect(page).toHaveURL(/\/store\/s0002\/store-scheme-theme2$/);
    await expect(page.getByTestId('store-scheme-section')).toHaveAttribute('data-variant', 'cards');
    await nav.getByRole('link', { name: '店铺文章' }).click();
    await expect(page.getByTestId('store-article-section')).toHaveAttribute('data-variant', 'cards');
    await expect(page.locator('.t2-article-card').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unknown store shows the 404 page', async ({ page }) => {
    await page.goto('/store/nosuchstore');
    await expect(page.getByTestId('error-page')).toContainText('404');
  });

  test('the store directory filters by kind in the URL', async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByTestId('store-card').first()).toBeVisible();
    await page.getByTestId('store-directory').getByRole('link', { name: '生产商', exact: true }).click();
    await expect(page).toHaveURL(/kind=manufacturer/);
    await expect(page.getByTestId('store-card').first()).toBeVisible();
  });
});

test.describe('enterprises', () => {
  test('the directory filters enterprises and opens one', async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto('/enterprise');
    await expect(page.getByTestId('enterprise-card').first()).toBeVisible();
    const total = async () => Number(await page.getByTestId('enterprise-total').locator('strong').innerText());
    const all = await total();
    // The box follows the URL, which the router updates in a transition: click, then wait for both.
    await page.getByLabel('只看已认证企业').click();
    await expect(page).toHaveURL(/verified=true/);
    await expect(page.getByLabel('只看已认证企业')).toBeChecked();
    await expect.poll(total).toBeLessThanOrEqual(all);
    const kind = page.getByTestId('kind-filter').first();
    const kindLabel = (await kind.innerText()).trim();
    await kind.click();
    await expect(page).toHaveURL(/kind=\w+/);
    // The previous page stays on screen while the new one loads: wait for the filtered list.
    await expect(page.locator('.enterprise-list.is-stale')).toHaveCount(0);
    const card = page.getByTestId('enterprise-card').first();
    await expect(card).toContainText(kindLabel);
    await expect(card).toContainText('企业认证');

    const name = (await card.locator('.enterprise-name').innerText()).trim();
    await card.locator('.enterprise-name').click();
    await expect(page).toHaveURL(/\/enterprise\/\d+$/);
    await expect(page.getByTestId('enterprise-name')).toHaveText(name);
    await expect(page).toHaveTitle(new RegExp(name));
    await expect(page.getByTestId('enterprise-store-link')).toHaveAttribute('href', /^\/store\/s\d{4}$/);
    expect(errors).toEqual([]);
  });
});
