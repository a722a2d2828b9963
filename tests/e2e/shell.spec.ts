// The renderer shell: every public route renders without page errors, the 404 and error pages,
// the access rules and the lastPath cookie, SPA fallback for .html detail paths.
import { expect, test } from '@playwright/test';
import { DEMO, gotoSettled, loginAs, newClient, oldestId, trackPageErrors } from './support';

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/about/contact',
  '/agreement',
  '/service',
  '/service/guide',
  '/service/settle',
  '/service/store',
  '/service/help',
  '/about/join',
  '/agreement/supplier',
  '/agreement/trade',
  '/login',
  '/register',
  '/fotgetPwd',
  '/privacy-policy',
  '/feedback',
  '/enterprise',
  '/enterprise/{enterprise}',
  '/news',
  '/news/detail/1.html',
  '/technicalCentre',
  '/technicalCentre/detail/1.html',
  '/shop',
  '/shop/detail/{product}.html',
  '/shop/goods-details?id={product}',
  '/demand',
  '/demand/inquiry',
  '/demand/quickInquiry',
  '/demand/quotation',
  '/store',
  '/store/s0001',
  '/store/s0001/allProducts',
  '/store/s0001/goods-details?id={storeProduct}',
  '/store/s0001/storeArticleDetails?id={storeArticle}',
  '/store/s0001/companyProfile',
  '/store/s0001/store-article',
  '/store/s0002/store-article-theme2',
  '/store/s0001/store-scheme',
  '/store/s0002/store-scheme-theme2',
  '/store/s0001/talent-recruitment',
  // a printed 比价单's 核验 page (a well-formed code no export issued: the page says so)
  '/verify/comparison/ABCDEFGHJKMN',
];

/** The first id of a paged list from the API (whatever the seed made). */
const PLACEHOLDERS: Record<string, string> = {
  // a product on sale in whatever the seed made (some seeded goods are off the shelf or drafts)
  product: '/api/products?pageSize=1',
  storeProduct: '/api/stores/s0001/products?pageSize=1',
  storeArticle: '/api/stores/s0001/articles?kind=article&pageSize=1',
  enterprise: '/api/enterprises?pageSize=1',
};

test.describe('public routes', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route} renders without page errors`, async ({ page }) => {
      const errors = trackPageErrors(page);
      let url = route;
      for (const [name, api] of Object.entries(PLACEHOLDERS)) {
        if (url.includes(`{${name}}`)) url = url.replace(`{${name}}`, String(await oldestId(page.request, api)));
      }
      const res = await gotoSettled(page, url);
      expect(res?.status()).toBe(200);
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.getByTestId('error-page')).toHaveCount(0);
      expect(errors).toEqual([]);
      await expect(page).toHaveTitle(/仪采通/);
    });
  }
});

test('the README build (web + desktop bundles) serves nested deep links with their scripts and styles', async ({ page }) => {
  // npm test serves what `npm run build` produces; a relative asset base ('./assets/…') would make
  // every nested path below load /shop/detail/assets/… and show a blank page.
  for (const path of ['/shop/detail/1.html', '/news/detail/1.html', '/demand/inquiry', '/store/s0001/companyProfile']) {
    const failed: string[] = [];
    page.on('response', (r) => {
      if (/\.(js|css)(\?|$)/.test(r.url()) && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(path);
    const html = await (await page.request.get(path)).text();
    for (const ref of html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)) expect(ref[1], path).toMatch(/^\/assets\//);
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('#root')).not.toBeEmpty();
    expect(failed, path).toEqual([]);
    page.removeAllListeners('response');
  }
});

test('trackPageErrors records a resource the Content Security Policy blocks', async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(errors).toEqual([]);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
  });
  await expect.poll(() => errors.join('\n')).toContain('Content Security Policy');
  expect(await page.evaluate(() => (window as Window & { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

test('an unknown path shows the 404 page with its path', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '页面未找到' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('错误 404 - 仪采通');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown /api path is a JSON 404', async ({ request }) => {
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 404 });
});

test('a visitor on a protected route goes to /login and the path is remembered in lastPath', async ({ page, context }) => {
  await page.goto('/admin/profile/info?tab=security');
  await expect(page).toHaveURL('/login');
  const cookie = (await context.cookies()).find((c) => c.name === 'lastPath');
  expect(decodeURIComponent(cookie!.value)).toBe('/admin/profile/info?tab=security');
});

test('after logging in on /login the member lands on the remembered page', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  await page.goto('/admin/profile');
  await expect(page).toHaveURL('/login');
  await page.locator('input[name="phoneOrEmail"]').fill(DEMO.member.id);
  await page.locator('input[name="password"]').fill(DEMO.member.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL('/admin/profile');
  await context.close();
});

test('a member whose member info answers 5xx keeps the session and reads 服务器暂时不可用; a 401 ends it (issue 33)', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  await loginAs(page, DEMO.member);
  let infoCalls = 0;
  await page.route('**/api/member/getInfo', (route) => {
    infoCalls++;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, msg: '服务器内部错误' }) });
  });
  await page.goto('/admin');
  await expect(page.getByTestId('connection-notice')).toContainText('服务器暂时不可用');
  await expect(page).not.toHaveURL('/login');
  expect(infoCalls).toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('yct_token'))).toBeTruthy();
  // The server is back: the retry brings the member back without signing in again.
  await page.unroute('**/api/member/getInfo');
  await page.getByTestId('connection-notice').getByRole('button').click();
  await expect(page.getByTestId('connection-notice')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('header-user')).toBeVisible();
  // Only a 401 ends the session.
  await page.route('**/api/member/getInfo', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 401, msg: '登录已过期，请重新登录' }) }));
  await page.goto('/admin');
  await expect(page).toHaveURL('/login');
  await page.unroute('**/api/member/getInfo');
  await page.goto('/');
  await expect(page.getByTestId('header-login')).toBeVisible();
  await context.close();
});

test('a member opening an auth page is sent to /', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  await loginAs(page, DEMO.member);
  for (const p of ['/login', '/register', '/fotgetPwd']) {
    await page.goto(p);
    await expect(page).toHaveURL('/');
  }
  await context.close();
});

test('the error page appears when a page cannot load, and 重试 goes home', async ({ page }) => {
  await page.goto('/');
  await page.route(/\/assets\/news-list-page-.*\.js$/, (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '新闻资讯' }).click();
  // a chunk-load error reloads once; when it fails again within 10 s the error page shows
  await expect(page.getByRole('heading', { name: '服务器内部错误' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('抱歉，服务器遇到了一些问题。')).toBeVisible();
  await expect(page).toHaveTitle('错误 500 - 仪采通');
  await page.unroute(/\/assets\/news-list-page-.*\.js$/);
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page).toHaveURL('/');
});

test('the server writes title and description into the HTML of the app shell', async ({ request }) => {
  const res = await request.get('/news/detail/1.html');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('the latest-build manifest is served without caching', async ({ request }) => {
  const res = await request.get(`/latest-build.json?t=${Date.now()}`);
  expect(res.status()).toBe(200);
  expect(await res.json()).toHaveProperty('id');
});

test('lastPath keeps the hash of the wanted page, on the first load and on a client navigation', async ({ page, context }) => {
  const lastPath = async () => decodeURIComponent((await context.cookies()).find((c) => c.name === 'lastPath')?.value ?? '');
  await page.goto('/admin/profile/info?tab=security#password');
  await expect(page).toHaveURL('/login');
  expect(await lastPath()).toBe('/admin/profile/info?tab=security#password');

  await context.clearCookies();
  await page.goto('/');
  await expect(page.getByTestId('header-login')).toBeVisible();
  // a navigation inside the app (the back button or a link): the router's pending location carries the hash
  await page.evaluate(() => {
    history.pushState(null, '', '/admin/collect/product?page=2#list');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL('/login');
  expect(await lastPath()).toBe('/admin/collect/product?page=2#list');
});

test('a detail address without .html answers the 404 page, not /login', async ({ page }) => {
  const errors = trackPageErrors(page);
  for (const path of ['/news/detail/x', '/shop/detail/5', '/technicalCentre/detail/abc']) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name: '页面未找到' })).toBeVisible();
    await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('route middleware: a member outside a back-office area opening it gets Page Not Found; the area role gets the page', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  await loginAs(page, DEMO.member, '/admin/noticeManage');
  await expect(page.getByRole('heading', { name: '页面未找到' })).toBeVisible();
  await expect(page.getByText('Page Not Found: /admin/noticeManage')).toBeVisible();
  await page.goto('/admin/profile');
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  await context.close();

  const adminContext = await newClient(browser);
  const admin = await adminContext.newPage();
  await loginAs(admin, DEMO.admin, '/admin/noticeManage');
  await expect(admin.getByRole('heading', { name: '公告管理' }).first()).toBeVisible();
  await expect(admin.getByTestId('error-page')).toHaveCount(0);
  await adminContext.close();
});

test('layout styles swap: the admin sheet and icon set only under the back office, the home sheet only under the default layout', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const sheets = () => page.evaluate(() => [...document.querySelectorAll('style[data-layout-style]')].map((s) => (s as HTMLElement).dataset.layoutStyle));
  const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await loginAs(page, DEMO.member, '/admin/profile');
  await expect(page.locator('.admin-sidebar')).toBeVisible();
  expect(await sheets()).toEqual(['custom']);
  expect(await bodyBackground()).toBe('rgb(240, 242, 245)');
  // the admin group's icon set: one icon per sidebar section
  const sections = page.locator('.admin-menu-section');
  await expect(sections.locator('h3 svg.lucide')).toHaveCount(await sections.count());
  await page.screenshot({ path: 'test-results/layout-admin.png' });

  // a client-side navigation to the public site swaps the sheets
  await page.locator('.admin-top-nav').getByRole('link', { name: '网站首页' }).click();
  await expect(page).toHaveURL('/');
  await expect.poll(sheets).toEqual(['default']);
  expect(await bodyBackground()).not.toBe('rgb(240, 242, 245)');
  await page.goBack();
  await expect(page.locator('.admin-sidebar')).toBeVisible();
  await expect.poll(sheets).toEqual(['custom']);
  expect(errors).toEqual([]);
  await context.close();
});

test('name searches keep only letters, digits, Chinese, spaces, - and _ (the SPEC text-cleaning helper)', async ({ page }) => {
  await page.goto(`/store?keyword=${encodeURIComponent('<气相>色谱仪!%')}`);
  await expect(page.getByText('与“气相色谱仪”相关')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '搜索店铺' })).toHaveValue('气相色谱仪');
  await page.goto(`/enterprise?keyword=${encodeURIComponent('仪器（上海）')}`);
  await expect(page.getByRole('textbox', { name: '搜索企业' })).toHaveValue('仪器上海');
});
