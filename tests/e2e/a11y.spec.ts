// Accessibility (issues 18, 35): axe-core's WCAG 2.0/2.1/2.2 A and AA rules — every one, the
// experimental ones and those off by default included — find nothing on the public pages (both store
// themes), the login modal and the main back-office pages of each role; the buyer's inquiry flow
// works with the keyboard alone, with a skip link, a visible focus ring and a login modal that keeps
// focus, closes with Esc and gives focus back.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, gotoSettled, loginAs, newClient, oldestId } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/**
 * The rules of those levels by name: a run by tags leaves out the experimental rules (and
 * target-size, off by default). Deprecated rules stay out. Read from the project's axe-core, which
 * is also the one run in the page (not the older copy inside @axe-core/playwright).
 */
const WCAG_RULES = axe
  .getRules(WCAG_TAGS)
  .filter((r) => !r.tags.includes('deprecated'))
  .map((r) => r.ruleId);
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe over the page (or one part of it) and fails with a readable list of what it found. */
async function expectNoViolations(page: Page, label: string, include?: string) {
  // axe.run in the page itself: the default splits the run per frame and finishes it in a new blank
  // page, which costs about three times the run here. Our pages embed only same-origin frames (the
  // licence preview), which axe.run checks too.
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).withRules(WCAG_RULES).setLegacyMode();
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`),
  );
  expect(found, `${label}: axe (${WCAG_TAGS.join(', ')}: ${WCAG_RULES.length} rules)`).toEqual([]);
}

/** The first id of a paged list from the API (whatever the seed made). */
/** A public page once its data arrived (signed out, so no notification stream keeps the network busy). */
async function openPublic(page: Page, url: string) {
  const res = await gotoSettled(page, url);
  expect(res?.status(), url).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByTestId('error-page')).toHaveCount(0);
}

const PUBLIC_PAGES: { name: string; url: (r: APIRequestContext) => Promise<string> | string }[] = [
  { name: 'home', url: () => '/' },
  { name: 'shop search', url: () => `/shop?keyword=${encodeURIComponent('色谱')}` },
  { name: 'product detail', url: async (r) => `/shop/detail/${await oldestId(r, '/api/products?pageSize=1')}.html` },
  { name: 'store directory', url: () => '/store' },
  { name: 'store home, theme 1', url: () => '/store/s0001' },
  { name: 'store home, theme 2', url: () => '/store/s0002' },
  { name: 'store products, theme 1', url: () => '/store/s0001/allProducts' },
  { name: 'store articles, theme 2', url: () => '/store/s0002/store-article-theme2' },
  { name: 'store product, theme 2', url: async (r) => `/store/s0002/goods-details?id=${await oldestId(r, '/api/stores/s0002/products?pageSize=1')}` },
  { name: 'enterprise directory', url: () => '/enterprise' },
  { name: 'demand hall', url: () => '/demand' },
  { name: 'quick inquiry', url: () => '/demand/quickInquiry' },
  { name: 'news', url: () => '/news' },
  { name: 'news detail', url: async (r) => `/news/detail/${await oldestId(r, '/api/news?pageSize=1')}.html` },
  { name: 'technical centre', url: () => '/technicalCentre' },
  { name: 'technical article', url: async (r) => `/technicalCentre/detail/${await oldestId(r, '/api/articles?pageSize=1')}.html` },
  { name: 'about', url: () => '/about' },
  { name: 'about: contact', url: () => '/about/contact' },
  { name: 'service centre', url: () => '/service' },
  { name: 'service: guide', url: () => '/service/guide' },
  { name: 'login', url: () => '/login' },
  { name: 'register', url: () => '/register' },
];

test('axe runs every WCAG 2.x A/AA rule, the experimental ones and those off by default too', () => {
  expect(WCAG_RULES).toEqual(expect.arrayContaining(['label-content-name-mismatch', 'css-orientation-lock', 'p-as-heading', 'table-fake-caption', 'td-has-header', 'target-size', 'color-contrast']));
});

test.describe('axe: public pages', () => {
  for (const { name, url } of PUBLIC_PAGES) {
    test(`${name}: no WCAG 2.x A/AA violations`, async ({ page }) => {
      await openPublic(page, await url(page.request));
      await expectNoViolations(page, name);
    });
  }

  test('a demand opened from the hall: no violations', async ({ page }) => {
    await openPublic(page, '/demand');
    await page.getByTestId('demand-row').first().getByRole('button', { name: '查看详情' }).click();
    await expect(page.getByTestId('demand-drawer')).toBeVisible();
    await expectNoViolations(page, 'demand detail');
  });

  test('the login modal open: no violations', async ({ page }) => {
    await openPublic(page, '/');
    await page.getByTestId('header-login').click();
    await expect(page.getByTestId('login-modal').locator('input[name="phoneOrEmail"]')).toBeVisible();
    await expectNoViolations(page, 'login modal');
  });
});

/** A signed-in page once its main content arrived (a notification stream stays open: no networkidle). */
async function openSignedIn(page: Page, url: string, ready: string) {
  await page.goto(url);
  await expect(page.locator(ready).first()).toBeVisible();
  await expect(page.getByTestId('error-page')).toHaveCount(0);
}

const BACK_OFFICE: { who: keyof typeof DEMO; pages: { name: string; url: string; ready: string }[] }[] = [
  {
    who: 'supplier',
    pages: [
      { name: 'supplier dashboard', url: '/admin/supplier', ready: 'main h1, main h2, main h3' },
      { name: 'goods list', url: '/admin/supplier/goods', ready: 'table tbody tr' },
      { name: 'goods form', url: '/admin/supplier/goods/goodDetail', ready: 'form' },
      { name: 'inquiries', url: '/admin/supplier/inquiry', ready: 'main' },
      { name: 'inquiry figures', url: '/admin/supplier/inquiry/data', ready: 'main' },
      { name: 'quotations', url: '/admin/supplier/quotation', ready: 'main' },
    ],
  },
  {
    who: 'buyer',
    pages: [
      { name: 'purchaser demands', url: '/admin/purchaser/demand-manager', ready: 'main' },
      { name: 'purchaser inquiries', url: '/admin/purchaser/demand-manager?tab=inquiries', ready: 'main' },
      { name: 'received quotations', url: '/admin/purchaser/demand-quotation', ready: 'main' },
    ],
  },
  {
    who: 'admin',
    pages: [
      { name: 'supplier review list', url: '/admin/userManage/supplierUser', ready: 'table' },
      { name: 'all demands', url: '/admin/purchaser/demand-manager?scope=all', ready: 'main' },
      { name: 'members', url: '/admin/userManage/normalUser', ready: 'table' },
      { name: 'quick inquiries', url: '/admin/quickInquiry', ready: 'main' },
      { name: 'feedback', url: '/admin/feedback', ready: 'main' },
      { name: 'notices', url: '/admin/noticeManage', ready: 'main' },
    ],
  },
  {
    // 响应质量 (issue 37): 全部询价 with its spam marks, and the spread across suppliers.
    who: 'admin',
    pages: [
      { name: 'all inquiries', url: '/admin/inquiryManage', ready: 'table' },
      { name: 'supplier response', url: '/admin/responseStats', ready: 'table' },
    ],
  },
];

for (const { who, pages } of BACK_OFFICE) {
  test.describe(`axe: back office of ${who}`, () => {
    test(`${pages.map((p) => p.name).join(', ')}: no violations`, async ({ browser }) => {
      const context = await newClient(browser);
      const page = await context.newPage();
      await loginAs(page, DEMO[who]);
      for (const p of pages) {
        await openSignedIn(page, p.url, p.ready);
        await expectNoViolations(page, p.name);
      }
      await context.close();
    });
  });
}

/** Presses Tab (Shift+Tab when backwards) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 120, backwards = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}

/** The focused element shows a ring of at least 2px that is not the page's background. */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
  });
  expect(ring.style, 'focus outline').not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.color).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
}

test.describe('keyboard', () => {
  test('跳到主要内容 is the first stop and moves focus past the header to the main content', async ({ page }) => {
    await openPublic(page, '/shop');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // the next Tab lands inside the main content, not in the header
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  test('the login modal keeps focus inside, closes with Esc and gives focus back', async ({ page }) => {
    await openPublic(page, '/');
    const opener = page.getByTestId('header-login');
    await tabTo(page, opener);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    const modal = page.getByTestId('login-modal');
    await expect(modal).toBeVisible();
    await expect(modal.locator('input[name="phoneOrEmail"]')).toBeFocused();
    await expect(page.getByRole('dialog', { name: '欢迎登录' })).toBeVisible();
    // Tab and Shift+Tab cycle through the dialog's controls and never reach the page behind it
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press(key);
        expect(await modal.evaluate((m) => m.contains(document.activeElement)), `${key} ×${i + 1} stays in the dialog`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('a buyer searches, opens a product, logs in by password and sends an inquiry with the keyboard alone', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await newClient(browser);
    const page = await context.newPage();
    // The store's oldest product on sale: one of the seed's, which no other suite renames or takes down
    // (the newest may be one a test running beside this one has just made and changes next).
    const listed = await page.request.get('/api/stores/s0001/products?pageSize=100');
    const items = ((await listed.json()) as { data: { items: { id: number; name: string }[] } }).data.items;
    const product = items.reduce((oldest, p) => (p.id < oldest.id ? p : oldest));
    await openPublic(page, '/');

    // search from the header
    const search = page.getByRole('searchbox', { name: '搜索商品' }).or(page.getByRole('textbox', { name: '搜索商品' }));
    await tabTo(page, search);
    await expectFocusRing(page);
    await page.keyboard.type(product.name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shop\?keyword=/);

    // open the product from the results
    const result = page.getByTestId('product-card').locator(`a.product-card-name[href$="/${product.id}.html"]`);
    await expect(result).toBeVisible();
    await tabTo(page, result);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/shop/detail/${product.id}\\.html`));

    // 立即询价 asks a visitor to log in first
    const ask = page.getByTestId('inquiry-button');
    await expect(ask).toBeVisible();
    await tabTo(page, ask);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/demand/inquiry\\?productId=${product.id}`));
    const gate = page.getByRole('button', { name: '登录 / 注册' });
    await tabTo(page, gate);
    await page.keyboard.press('Enter');

    // log in by password in the modal: focus starts in the first field
    const modal = page.getByTestId('login-modal');
    await expect(modal.locator('input[name="phoneOrEmail"]')).toBeFocused();
    await page.keyboard.type(DEMO.buyer.id);
    await page.keyboard.press('Tab');
    await expect(modal.locator('input[name="password"]')).toBeFocused();
    await page.keyboard.type(DEMO.buyer.password);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('header-user')).toBeVisible();

    // the inquiry form, field by field
    const form = page.getByTestId('inquiry-form');
    await expect(form).toContainText(product.name);
    const question = `请报含税价和货期（键盘），E2E-${Date.now().toString().slice(-6)}`;
    await tabTo(page, form.getByRole('spinbutton', { name: '采购数量' }));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('textbox', { name: '询价内容' })).toBeFocused();
    await page.keyboard.type(question);
    const submit = form.getByRole('button', { name: '发送询价' });
    await tabTo(page, submit);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('inquiry-sent')).toBeVisible();
    await page.goto('/admin/purchaser/demand-manager?tab=inquiries');
    await expect(page.getByTestId('sent-inquiry').filter({ hasText: question })).toBeVisible();
    await context.close();
  });
});
