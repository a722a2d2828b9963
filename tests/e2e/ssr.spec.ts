// Server-rendered public pages (issue 12): a visitor without JavaScript (a search engine's crawler)
// gets the content in the HTML, the same pages hydrate in the browser without a warning, and an
// unknown product or address answers 404 with the 404 page.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clickUntilShown } from './support';

type TList<T> = { code: number; data: { items: T[] } };

async function firstOf<T>(request: APIRequestContext, url: string): Promise<T> {
  const body = (await (await request.get(url)).json()) as TList<T>;
  expect(body.code, url).toBe(200);
  return body.data.items[0]!;
}

type TCovered = { url: string; text: string; blank?: boolean; drawer?: boolean };

let samples: Promise<Record<string, { id: number; name: string; title: string; uid: string; companyName: string }>> | undefined;
/** The first record of each list the covered pages show (whatever the seed made), read once per worker. */
function sample(request: APIRequestContext) {
  samples ??= (async () => {
    type TAny = { id: number; name: string; title: string; uid: string; companyName: string };
    const store = await firstOf<TAny>(request, '/api/stores?page=1&pageSize=1');
    const s = `/api/stores/${encodeURIComponent(store.uid)}`;
    const lists: Record<string, string> = {
      product: '/api/products?page=1&pageSize=1',
      news: '/api/news?page=1&pageSize=1',
      article: '/api/articles?page=1&pageSize=1',
      demand: '/api/demands?page=1&pageSize=1',
      enterprise: '/api/enterprises?page=1&pageSize=1',
      storeProduct: `${s}/products?page=1&pageSize=1`,
      storeArticle: `${s}/articles?kind=article&page=1&pageSize=1`,
      storeScheme: `${s}/articles?kind=scheme&page=1&pageSize=1`,
      job: `${s}/recruitments?page=1&pageSize=1`,
    };
    const out: Record<string, TAny> = { store };
    for (const [key, url] of Object.entries(lists)) out[key] = await firstOf<TAny>(request, url);
    return out;
  })();
  return samples;
}

/**
 * Every page the server renders, each with a text its HTML must carry; the store pages are the first
 * store's (the demo stores have goods, articles, schemes and positions).
 */
const COVERED: { name: string; page: (r: Awaited<ReturnType<typeof sample>>) => TCovered }[] = [
  { name: 'store directory', page: (r) => ({ url: '/store', text: r.store!.name }) },
  { name: 'store products', page: (r) => ({ url: `/store/${r.store!.uid}/allProducts`, text: r.storeProduct!.name }) },
  { name: 'store product', page: (r) => ({ url: `/store/${r.store!.uid}/goods-details?id=${r.storeProduct!.id}`, text: r.storeProduct!.name }) },
  { name: 'store articles', page: (r) => ({ url: `/store/${r.store!.uid}/store-article`, text: r.storeArticle!.title }) },
  { name: 'store articles, theme 2', page: (r) => ({ url: `/store/${r.store!.uid}/store-article-theme2`, text: r.storeArticle!.title }) },
  { name: 'store schemes', page: (r) => ({ url: `/store/${r.store!.uid}/store-scheme`, text: r.storeScheme!.title }) },
  { name: 'store schemes, theme 2', page: (r) => ({ url: `/store/${r.store!.uid}/store-scheme-theme2`, text: r.storeScheme!.title }) },
  { name: 'store article', page: (r) => ({ url: `/store/${r.store!.uid}/storeArticleDetails?id=${r.storeArticle!.id}`, text: r.storeArticle!.title }) },
  { name: 'store recruitment', page: (r) => ({ url: `/store/${r.store!.uid}/talent-recruitment`, text: r.job!.title }) },
  { name: 'a demand open in the hall', page: (r) => ({ url: `/demand?id=${r.demand!.id}`, text: r.demand!.title, drawer: true }) },
  { name: 'home', page: () => ({ url: '/', text: '热门搜索' }) },
  { name: 'product', page: (r) => ({ url: `/shop/detail/${r.product!.id}.html`, text: r.product!.name }) },
  { name: 'product, other address', page: (r) => ({ url: `/shop/goods-details?id=${r.product!.id}`, text: r.product!.name }) },
  { name: 'shop search', page: () => ({ url: '/shop?keyword=色谱', text: '色谱' }) },
  { name: 'news', page: (r) => ({ url: '/news', text: r.news!.title }) },
  { name: 'news item', page: (r) => ({ url: `/news/detail/${r.news!.id}.html`, text: r.news!.title }) },
  { name: 'technical centre', page: (r) => ({ url: '/technicalCentre', text: r.article!.title }) },
  { name: 'technical article', page: (r) => ({ url: `/technicalCentre/detail/${r.article!.id}.html`, text: r.article!.title }) },
  { name: 'store home', page: (r) => ({ url: `/store/${r.store!.uid}`, text: r.store!.name }) },
  { name: 'enterprise directory', page: () => ({ url: '/enterprise', text: '企业' }) },
  { name: 'enterprise', page: (r) => ({ url: `/enterprise/${r.enterprise!.id}`, text: r.enterprise!.companyName }) },
  { name: 'store company profile', page: (r) => ({ url: `/store/${r.store!.uid}/companyProfile`, text: r.store!.name }) },
  { name: 'demand hall', page: (r) => ({ url: '/demand', text: r.demand!.title }) },
  { name: 'privacy policy', page: () => ({ url: '/privacy-policy', text: '隐私政策' }) },
  { name: 'about', page: () => ({ url: '/about', text: '关于仪采通', blank: true }) },
  { name: 'purchasing guide', page: () => ({ url: '/service/guide', text: '采购指南', blank: true }) },
  { name: 'user agreement', page: () => ({ url: '/agreement', text: '用户服务协议', blank: true }) },
];

/** Console errors and warnings and page errors while a page loads and hydrates. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test.describe('server rendering', () => {
  test('without JavaScript a visitor sees a product, a news list and a shop search', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const product = (await (await request.get('/api/products?page=1&pageSize=20')).json()).data.items.find((p: { price: number | null }) => p.price !== null) as { id: number; name: string; price: number };
    const detail = (await (await request.get(`/api/products/${product.id}`)).json()).data as { params: { name: string; value: string }[] };
    expect(detail.params.length).toBeGreaterThan(0);

    const res = await page.goto(`/shop/detail/${product.id}.html`);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('product-name')).toHaveText(product.name);
    await expect(page.getByTestId('product-price')).toHaveText(`¥${product.price.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}`);
    const table = page.getByTestId('param-table');
    await expect(table.locator('th').first()).toHaveText(detail.params[0]!.name);
    await expect(table.locator('td').first()).toHaveText(detail.params[0]!.value);
    // The other address of the same product.
    await page.goto(`/shop/goods-details?id=${product.id}`);
    await expect(page.getByTestId('product-name')).toHaveText(product.name);

    const news = (await (await request.get('/api/news?page=1&pageSize=15')).json()).data.items as { title: string }[];
    await page.goto('/news');
    for (const n of news.slice(0, 5)) await expect(page.getByRole('link', { name: n.title }).first()).toBeVisible();

    const results = (await (await request.get(`/api/products?keyword=${encodeURIComponent('色谱')}&page=1&pageSize=20`)).json()).data.items as { name: string }[];
    expect(results.length).toBeGreaterThan(0);
    await page.goto(`/shop?keyword=${encodeURIComponent('色谱')}`);
    await expect(page.locator('.product-card').first()).toBeVisible();
    const names = await page.locator('.product-card').allInnerTexts();
    for (const r of results.slice(0, 3)) expect(names.some((n) => n.includes(r.name)), r.name).toBe(true);
    await context.close();
  });

});

// One address, one test: each page is loaded and waited on until it hydrates, apart from the others
// (a slow page fails alone, and the addresses spread over the workers).
test.describe('every server-rendered page hydrates without an error or warning in the console', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const { name, page: covered } of COVERED) {
    test(name, async ({ page, request }) => {
      const { url, text, blank, drawer } = covered(await sample(request));
      const problems = watchConsole(page);
      // Marks the server's elements before any script runs: hydration keeps them, a render from
      // scratch (no server state, or React giving up on a mismatch) would replace them.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const first = document.getElementById('root')?.firstElementChild as (Element & { fromServer?: boolean }) | null;
          if (first) first.fromServer = true;
        });
      });
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(200);
      // The HTML itself carries the content (a visitor sees it before any script runs).
      expect(await res!.text(), url).toContain(text.replace(/&/g, '&amp;'));
      if (drawer) {
        // Hydrated: the open demand's drawer closes on its × (retried until hydration has run).
        // A click that lands just before hydration may close it a moment later: a closed drawer passes.
        const drawerEl = page.getByTestId('demand-drawer');
        await expect(async () => {
          if (await drawerEl.isVisible()) await drawerEl.getByRole('button', { name: '关闭' }).click({ timeout: 1_000 });
          await expect(drawerEl).toBeHidden({ timeout: 1_000 });
        }, url).toPass();
      } else if (blank) {
        // Hydrated: a link of the slim header navigates in the page (no new document).
        await page.locator('.blank-nav').getByRole('link', { name: '返回首页' }).click();
        await expect(page.getByTestId('home-page'), url).toBeVisible();
      } else {
        // Hydrated: the header's 登录 answers a click (opens the login dialog).
        await clickUntilShown(page.getByTestId('header-login'), page.getByRole('dialog'), url);
      }
      expect(await page.evaluate(() => (document.getElementById('root')?.firstElementChild as (Element & { fromServer?: boolean }) | null)?.fromServer), `${url} hydrated`).toBe(true);
      expect(problems, url).toEqual([]);
    });
  }
});

test.describe('server rendering, as visitors use it', () => {
  test('a visitor with JavaScript on a server-rendered product page counts as a view, once per visit', async ({ browser, request }) => {
    // A visitor is an address and a browser: this test's browser is one no other test is, so what other
    // tests visited (within the 5-minute window of one visit) does not count for it.
    const context = await browser.newContext({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 visit-${Date.now()}` });
    const page = await context.newPage();
    const id = (await firstOf<{ id: number }>(request, '/api/products?page=3&pageSize=1')).id;
    await request.get(`/shop/detail/${id}.html`); // rendered once: the page now comes from the cache
    const views = async () => ((await (await request.get(`/api/products/${id}`)).json()) as { data: { views: number } }).data.views;
    const before = await views();
    await page.goto(`/shop/detail/${id}.html`);
    // The cached HTML shows an older count; the page counts this visit, and the page's own request
    // for the product is the same visit: it shows the count with it, and nothing is counted twice.
    const shown = `${(before + 1).toLocaleString('zh-CN')} 次`;
    await expect(page.locator('.product-facts')).toContainText(shown);
    expect(await views()).toBe(before + 1);
    // A reload within the visit is the same visit.
    await page.reload();
    await expect(page.locator('.product-facts')).toContainText(shown);
    expect(await views()).toBe(before + 1);
    await context.close();
  });

  test('pagination and filters are links a crawler follows: page 2 of the shop and the news, a category, a demand-hall filter', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/shop?keyword=${encodeURIComponent('色谱')}`);
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pager.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    const second = (await (await request.get(`/api/products?keyword=${encodeURIComponent('色谱')}&page=2&pageSize=20`)).json()).data.items as { name: string }[];
    await expect(page.locator('.product-card').first()).toContainText(second[0]!.name);

    // A category of the tree: its own address, its goods in the HTML.
    const top = page.getByTestId('category-top').first();
    const name = (await top.textContent())!.trim();
    await top.click();
    await expect(page).toHaveURL(/[?&]category=\d+/);
    await expect(page.locator('.breadcrumb')).toContainText(name);
    await expect(page).not.toHaveURL(/[?&]page=/);

    await page.goto('/news');
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/\/news\?page=2$/);
    const news2 = (await (await request.get('/api/news?page=2&pageSize=15')).json()).data.items as { title: string }[];
    await expect(page.getByRole('link', { name: news2[0]!.title }).first()).toBeVisible();

    await page.goto('/demand');
    await page.locator('.filter-chips').getByRole('link', { name: '报价中' }).click();
    await expect(page).toHaveURL(/\/demand\?status=active$/);
    await expect(page.locator('.filter-chips .chip.active', { hasText: '报价中' })).toBeVisible();
    await context.close();
  });

  test('from a server-rendered page a visitor reaches the pages only the browser renders, in the same page', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle'); // signed out: no event stream, so the page settles once hydrated
    // The back office and the forms are not in the first page's script: their routes arrive on the way.
    await page.evaluate(() => ((window as Window & { marker?: number }).marker = 1));
    await page.getByRole('link', { name: '免费注册' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: /注册/ }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { marker?: number }).marker)).toBe(1); // no reload
    // A back-office address while signed out goes to the sign-in, not to the 404 page.
    await page.evaluate(() => history.pushState(null, '', '/admin/supplier/goods'));
    await page.goBack();
    await page.goForward();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('error-page')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('without JavaScript: every address that shows the 404 page answers 404 with the error title and noindex', async ({ request }) => {
    const store = (await sample(request)).store!;
    const addresses = [
      '/shop/detail/987654321.html', '/shop/detail/abc.html', '/shop/detail/0.html', '/shop/detail/-1.html', '/shop/detail/abc',
      '/shop/goods-details', '/shop/goods-details?id=abc',
      '/news/detail/abc.html', '/technicalCentre/detail/abc.html', '/enterprise/abc',
      `/store/${store.uid}/no-such-page`, `/store/${store.uid}/goods-details`, '/store/no.such.store',
      '/no-such-page/here',
    ];
    for (const url of addresses) {
      const res = await request.get(url);
      const html = await res.text();
      expect(res.status(), url).toBe(404);
      expect(html, url).toContain('<title>错误 404 - 仪采通</title>');
      expect(html, url).toContain('<meta name="robots" content="noindex">');
      expect(html, url).not.toMatch(/rel="canonical"|name="description"/);
    }
    // A member's browser gets the shell, not a rendered page: an address no route shows is still a 404 to it,
    // and a page that exists is still a 200.
    const member = { cookie: 'token=member-session' };
    for (const url of ['/no-such-page/here', '/no-such-page', '/shop/nothing/here']) {
      const res = await request.get(url, { headers: member });
      expect(res.status(), url).toBe(404);
      expect(await res.text(), url).toContain('<title>错误 404 - 仪采通</title>');
    }
    for (const url of ['/shop', '/admin/purchaser/demand-manager', '/about/no-such-page']) expect((await request.get(url, { headers: member })).status(), url).toBe(200);
    // The rendered 404 page is in the HTML (a crawler sees it without running the script).
    expect(await (await request.get('/shop/detail/abc.html')).text()).toContain('data-testid="error-page"');
    // A shop link to a category that is gone: the shop with 「该分类不存在」, kept out of the index.
    const gone = await request.get('/shop?category=99999');
    const goneHtml = await gone.text();
    expect(goneHtml).toContain('该分类不存在');
    expect(goneHtml).toContain('<meta name="robots" content="noindex">');
    expect(goneHtml).toMatch(/<link rel="canonical" href="[^"]*\/shop">/);
  });

  test('an unknown product and an unknown address answer 404 with the 404 page', async ({ page }) => {
    const problems = watchConsole(page);
    const res = await page.goto('/shop/detail/987654321.html');
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('error-page')).toContainText('404');
    // Hydrated (the header's 登录 opens its dialog) into the same 404 page: no mismatch reported.
    await clickUntilShown(page.getByTestId('header-login'), page.getByRole('dialog'));
    await expect(page.getByTestId('error-page')).toContainText('404');
    // The page's own 404 answers are reported as failed loads; nothing else may be.
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    const other = await page.goto('/no-such-page/here');
    expect(other?.status()).toBe(404);
    await expect(page.getByTestId('error-page')).toContainText('404');
  });
});
