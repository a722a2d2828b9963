// Phones (360, 390 and 414 px, touch) and WeChat's in-app browser: every public page fits the screen,
// the compact header and its menu, the /shop filter sheet, the sticky 询价 bar, the login sheet, tap
// targets, and the buyer posting a demand and comparing quotations as stacked cards.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { TQuotationRevise } from '../../contracts/trade';
import { api, apiToken, clickUntilShown, DEMO, freshMobile, gotoSettled, lastCode, oldestId, leafCategoryId, loginAs, loginViaModal, newClient, pageToken, trackPageErrors } from './support';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/about/contact',
  '/service',
  '/service/settle',
  '/agreement',
  '/privacy-policy',
  '/login',
  '/register',
  '/fotgetPwd',
  '/feedback',
  '/enterprise',
  '/enterprise/{enterprise}',
  '/news',
  '/news/detail/1.html',
  '/technicalCentre',
  '/technicalCentre/detail/1.html',
  '/shop',
  '/shop?keyword=色谱',
  '/shop/detail/{product}.html',
  '/demand',
  '/demand/inquiry',
  '/demand/quickInquiry',
  '/store',
  '/store/s0001',
  '/store/s0001/allProducts',
  '/store/s0001/goods-details?id={storeProduct}',
  '/store/s0001/companyProfile',
  '/store/s0001/store-article',
  '/store/s0001/store-scheme',
  '/store/s0001/talent-recruitment',
  '/store/s0002',
  '/store/s0002/store-article-theme2',
  '/store/s0002/store-scheme-theme2',
  '/verify/comparison/ABCDEFGHJKMN',
];

const PLACEHOLDERS: Record<string, string> = {
  product: '/api/products?pageSize=1',
  storeProduct: '/api/stores/s0001/products?pageSize=1',
  enterprise: '/api/enterprises?pageSize=1',
};

async function resolve(request: APIRequestContext, route: string): Promise<string> {
  let url = route;
  for (const [name, api] of Object.entries(PLACEHOLDERS)) {
    if (!url.includes(`{${name}}`)) continue;
    url = url.replace(`{${name}}`, String(await oldestId(request, api)));
  }
  return url;
}

/** The page is no wider than the screen: nothing to scroll sideways, and the layout viewport was not widened to fit. */
async function expectFits(page: Page, label: string) {
  const width = page.viewportSize()!.width;
  const m = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
  expect(m.inner, `${label}: layout viewport`).toBe(width);
  expect(m.scroll, `${label}: scrollWidth`).toBeLessThanOrEqual(m.inner);
}

async function expectTapTarget(target: Locator, label: string) {
  const box = (await target.boundingBox())!;
  expect(box, label).not.toBeNull();
  expect(box.height, `${label} height`).toBeGreaterThanOrEqual(44);
  expect(box.width, `${label} width`).toBeGreaterThanOrEqual(44);
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
const offer = (unitPrice: number, leadTimeDays: number): Omit<TQuotationRevise, 'version'> => ({
  lines: [{ brand: '安捷伦', model: '8890', unitPrice, taxIncluded: true, quantity: 1, leadTimeDays, warrantyMonths: 12, paymentTerms: '验收后付款' }],
  specs: [{ name: '检测器', value: 'FID' }],
  validUntil: day(30),
  notes: '',
  attachmentIds: [],
});

for (const width of [360, 390, 414]) {
  test.describe(`${width} px phone`, () => {
    test.use({ viewport: { width, height: 800 }, hasTouch: true, isMobile: true });

    test(`every public page fits a ${width} px screen`, async ({ page }) => {
      test.setTimeout(240_000);
      const errors = trackPageErrors(page);
      for (const route of PUBLIC_ROUTES) {
        const url = await resolve(page.request, route);
        const res = await gotoSettled(page, url);
        expect(res?.status(), url).toBe(200);
        await expect(page.getByTestId('error-page'), url).toHaveCount(0);
        await expectFits(page, url);
      }
      expect(errors).toEqual([]);
    });
  });
}

test.describe('390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the header is one compact bar with search and 菜单; the menu opens, navigates and closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.main-nav')).toBeHidden();
    const header = page.locator('.header-main');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    const search = header.getByRole('search');
    await expect(search.getByRole('textbox')).toBeVisible();
    await expectTapTarget(search.getByRole('button', { name: '搜索' }), '搜索');
    await expectTapTarget(search.getByRole('textbox'), '搜索框');
    const menuButton = page.getByTestId('phone-menu-button');
    await expectTapTarget(menuButton, '菜单');
    await expectTapTarget(page.getByTestId('header-login'), '登录');

    await menuButton.click();
    const menu = page.getByTestId('phone-menu');
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    for (const link of await menu.getByRole('link').all()) await expectTapTarget(link, `菜单 ${await link.textContent()}`);
    await menu.getByRole('link', { name: '新闻资讯' }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: '新闻资讯', level: 1 })).toBeVisible();

    // the search box of the compact bar searches the shop
    await page.getByRole('search').first().getByRole('textbox').fill('色谱');
    await page.getByRole('search').first().getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/shop\?keyword=/);

    // Escape closes the drawer too
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('/shop keeps its filters in a sheet; picking a brand filters and the sheet closes on 查看', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByTestId('product-grid')).toBeVisible();
    await expect(page.locator('.shop-aside')).toHaveCount(0);
    await expect(page.getByTestId('brand-filter')).toHaveCount(0);
    // two cards a row
    const cards = page.getByTestId('product-grid').locator('> *');
    const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(Math.round(a.y)).toBe(Math.round(b.y));
    for (const tab of await page.locator('.sort-tabs button').all()) await expectTapTarget(tab, `排序 ${await tab.textContent()}`);

    const filterButton = page.getByTestId('shop-filter-button');
    await expectTapTarget(filterButton, '筛选');
    await filterButton.click();
    const sheet = page.getByTestId('shop-filter-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('category-top').first()).toBeVisible();
    const brand = sheet.getByTestId('brand-filter').first();
    const brandName = ((await brand.textContent()) ?? '').replace(/\d+$/, '').trim();
    await brand.click();
    await expect(page).toHaveURL(/brand=\d+/);
    await expect(sheet.locator('.filter-chip').first()).toContainText(brandName.slice(0, 2));
    await sheet.getByRole('button', { name: /^查看/ }).click();
    await expect(sheet).toBeHidden();
    await expect(filterButton).toHaveText('筛选（1）');
    await expectFits(page, '/shop?brand');
  });

  test('a product page keeps 询价 in a sticky bottom bar that opens the inquiry', async ({ page }) => {
    const url = await resolve(page.request, '/shop/detail/{product}.html');
    const id = /(\d+)\.html/.exec(url)![1];
    await page.goto(url);
    await expect(page.getByTestId('product-name')).toBeVisible();
    const bar = page.getByTestId('phone-inquiry-bar');
    const button = page.getByTestId('phone-inquiry-button');
    await expect(button).toBeVisible();
    await expectTapTarget(button, '询价');
    const atBottom = async () => {
      const box = (await bar.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(844);
    };
    await atBottom();
    await page.mouse.wheel(0, 1500);
    await page.evaluate(() => window.scrollBy(0, 1500));
    await atBottom();
    // the parameter table scrolls in its own box, never the page
    await expectFits(page, url);
    await button.click();
    await expect(page).toHaveURL(new RegExp(`/demand/inquiry\\?productId=${id}$`));
  });

  test('the login modal is a full-screen sheet on a phone, and logging in through it works', async ({ browser }) => {
    const ctx = await newClient(browser);
    const page = await ctx.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/shop');
    const modal = page.getByTestId('login-modal');
    await clickUntilShown(page.getByTestId('header-login'), modal);
    const box = (await modal.boundingBox())!;
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.y)).toBe(0);
    expect(Math.round(box.width)).toBe(390);
    expect(box.height).toBeGreaterThanOrEqual(844);
    await expectTapTarget(modal.getByRole('button', { name: '关闭' }), '关闭');
    await expectTapTarget(modal.locator('button[type="submit"]'), '登录按钮');
    expect((await modal.locator('input[name="phoneOrEmail"]').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // inputs at 16 px: iOS (and WeChat on it) does not zoom the page on focus
    expect(await modal.locator('input[name="phoneOrEmail"]').evaluate((e) => getComputedStyle(e).fontSize)).toBe('16px');
    await modal.getByRole('button', { name: '关闭' }).click();
    await expect(modal).toBeHidden();
    await loginViaModal(page, DEMO.buyer.id, DEMO.buyer.password);
    await expect(page).toHaveURL(/\/shop$/);
    await ctx.close();
  });

  test('a visitor sends a quick inquiry with the SMS code on a phone', async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, extraHTTPHeaders: { 'x-forwarded-for': `10.65.${Date.now() % 250}.8` } });
    const page = await ctx.newPage();
    const errors = trackPageErrors(page);
    const mobile = freshMobile();
    await page.goto('/demand/quickInquiry');
    const form = page.getByTestId('quick-form');
    await form.locator('input[name="subject"]').fill('高速冷冻离心机');
    await form.locator('input[name="quantity"]').fill('2');
    await form.locator('input[name="contactName"]').fill('钱老师');
    await form.locator('input[name="mobile"]').fill(mobile);
    const send = page.getByTestId('send-code');
    await expectTapTarget(send, '获取验证码');
    const code = form.locator('input[name="code"]');
    // the code box and its button share one row inside the screen
    const [c, b] = [(await code.boundingBox())!, (await send.boundingBox())!];
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    expect(Math.abs(c.y - b.y)).toBeLessThan(4);
    await send.tap();
    await expect(send).toContainText('秒后重新发送');
    await code.fill(await lastCode(mobile));
    await expectFits(page, '/demand/quickInquiry');
    await expectTapTarget(page.getByTestId('quick-submit'), '提交询价');
    await page.getByTestId('quick-submit').tap();
    await expect(page.getByTestId('quick-done')).toContainText('询价已提交');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  test('a buyer posts a demand with parameter rows on a phone and compares the quotations as stacked cards', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, extraHTTPHeaders: { 'x-forwarded-for': `10.66.${Date.now() % 250}.9` } });
    const page = await ctx.newPage();
    const errors = trackPageErrors(page);
    await loginAs(page, DEMO.buyer, '/demand/inquiry');
    const title = `E2E手机求购气相色谱仪${Date.now().toString().slice(-6)}`;
    const form = page.getByTestId('demand-form');
    await form.locator('input[name="title"]').fill(title);
    for (let level = 0; level < 3; level++) {
      const select = page.getByTestId('category-select').locator('select').nth(level);
      await expect(select.locator('option').nth(1)).toBeAttached();
      await select.selectOption({ index: 1 });
    }
    await form.locator('input[name="quantity"]').fill('1');
    for (let level = 0; level < 2; level++) {
      const select = page.getByTestId('region-select').locator('select').nth(level);
      await expect(select.locator('option').nth(1)).toBeAttached();
      await select.selectOption({ index: 1 });
    }
    await form.locator('textarea[name="description"]').fill('手机上发布：实验室新增一台气相色谱仪。');
    // a parameter row: both inputs full width and reachable, 删除 a real tap target
    await page.getByTestId('add-param').click();
    const name = page.getByLabel('参数名称1');
    const value = page.getByLabel('参数要求1');
    await name.fill('检测器');
    await value.fill('FID');
    expect((await name.boundingBox())!.width).toBeGreaterThan(250);
    expect((await value.boundingBox())!.width).toBeGreaterThan(250);
    await expectTapTarget(page.getByTestId('param-editor').getByRole('button', { name: '删除' }), '删除参数');
    await expectFits(page, '/demand/inquiry');
    await form.locator('input[name="contactName"]').fill('王采购');
    await form.locator('input[name="contactPhone"]').fill('13800000003');
    // The buyer compares while quotations arrive: 公开报价 (密封报价 would show no prices before 开标).
    await form.getByRole('radio', { name: /^公开报价/ }).check();
    await page.getByTestId('submit-demand').click();
    await expect(page).toHaveURL(/\/admin\/purchaser\/demand-manager$/);
    const row = page.getByTestId('my-demand-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expectFits(page, '我的求购');
    const demandId = Number(await row.getAttribute('data-id'));

    // two suppliers quote
    const cheap = (await api<{ id: number }>(request, await apiToken(request, DEMO.supplier2), 'POST', '/api/quotations', { demandId, ...offer(180_000, 40) })).id;
    const fast = (await api<{ id: number }>(request, await apiToken(request, DEMO.supplier), 'POST', '/api/quotations', { demandId, ...offer(195_000, 15) })).id;

    await page.goto(`/admin/purchaser/demand-quotation?demandId=${demandId}`);
    const cards = page.getByTestId('compare-card');
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('compare-table')).toHaveCount(0);
    await expect(cards.and(page.locator(`[data-quotation="${cheap}"]`))).toContainText('最低价');
    await expect(cards.and(page.locator(`[data-quotation="${fast}"]`))).toContainText('最短交期');
    await expect(cards.first()).toContainText('要求：FID');
    // stacked: one above the other, each the width of the screen less the margins
    const [c1, c2] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(c2.y).toBeGreaterThan(c1.y + c1.height - 1);
    expect(c1.width).toBeGreaterThan(340);
    await expectTapTarget(cards.first().getByTestId('accept-quotation'), '接受报价');
    await expectFits(page, '比价');
    // accepting works from a card
    await cards.and(page.locator(`[data-quotation="${cheap}"]`)).getByTestId('accept-quotation').click();
    await page.getByTestId('accept-modal').getByTestId('confirm-accept').click();
    await expect(page.getByText('已选定供应商：')).toBeVisible();
    expect(await pageToken(page)).toBeTruthy();
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

test.describe("WeChat's in-app browser", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: WECHAT_UA });

  test('pages fit, the menu works and nothing relies on hover', async ({ page }) => {
    expect(await page.evaluate(() => navigator.userAgent)).toContain('MicroMessenger');
    for (const route of ['/', '/shop', '/shop/detail/{product}.html', '/store/s0002', '/demand', '/news/detail/1.html']) {
      const url = await resolve(page.request, route);
      await gotoSettled(page, url);
      await expectFits(page, url);
      // the viewport meta: device width, no zoom-out layout
      expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toContain('width=device-width');
    }
    // the product gallery switches images by tap (no hover on a phone)
    await page.goto(await resolve(page.request, '/shop/detail/{product}.html'));
    const thumbs = page.locator('.product-gallery-thumbs button');
    if ((await thumbs.count()) > 1) {
      await thumbs.nth(1).tap();
      await expect(thumbs.nth(1)).toHaveClass(/active/);
    }
    await page.getByTestId('phone-menu-button').tap();
    await page.getByTestId('phone-menu').getByRole('link', { name: '求购大厅' }).tap();
    await expect(page).toHaveURL(/\/demand$/);
    // the bottom bar leaves room for the iPhone home indicator (safe area)
    await page.goto(await resolve(page.request, '/shop/detail/{product}.html'));
    expect(await page.getByTestId('phone-inquiry-bar').evaluate((e) => getComputedStyle(e).paddingBottom)).toBe('8px');
  });

  test('exporting the 比价单 in WeChat says to open the page in the system browser instead of a blocked download', async ({ browser, request }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: WECHAT_UA, extraHTTPHeaders: { 'x-forwarded-for': `10.67.${Date.now() % 250}.7` } });
    const page = await ctx.newPage();
    await loginAs(page, DEMO.buyer);
    const demandId = (
      await api<{ id: number }>(request, await pageToken(page), 'POST', '/api/demands', {
        title: `E2E微信比价${Date.now().toString().slice(-6)}`,
        categoryId: await leafCategoryId(request),
        quantity: 1,
        unit: '台',
        budget: null,
        budgetHidden: false,
        needBy: day(40),
        quoteDeadline: day(10),
        province: '上海市',
        city: '上海市',
        description: '微信内比价',
        params: [{ name: '检测器', value: 'FID' }],
        contactName: '李采购',
        contactPhone: '13800000003',
        quoteCap: 10,
        attachmentIds: [],
        quoteMode: 'public',
        submit: true,
      })
    ).id;
    await api(request, await apiToken(request, DEMO.supplier), 'POST', '/api/quotations', { demandId, ...offer(200_000, 20) });
    await page.goto(`/admin/purchaser/demand-quotation?demandId=${demandId}`);
    await expect(page.getByTestId('compare-card')).toHaveCount(1);
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByTestId('export-xlsx').click();
    await expect(page.getByTestId('wechat-download-hint')).toContainText('在浏览器中打开');
    expect(downloaded).toBe(false);
    await ctx.close();
  });
});
