// News, technical articles, favourites, feedback and the about/service/agreement/privacy pages in the browser.
import { expect, test } from '@playwright/test';
import { DEMO, loginAs, newClient, trackPageErrors } from './support';

test.describe.configure({ mode: 'parallel' });

test('news list leads to a detail whose title and views are shown', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto('/news');
  const list = page.getByTestId('news-list');
  await expect(list.locator('.news-item').first()).toBeVisible();
  await expect(page.getByTestId('hot-news').locator('li')).toHaveCount(10);

  // a category tab filters and keeps its state in the URL
  const tab = page.getByRole('tab').nth(1);
  const category = (await tab.textContent())!.replace(/\d+$/, '');
  await tab.click();
  await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(category)}`));
  await expect(list.locator('.news-meta .tag').first()).toHaveText(category);

  // page 2 is in the URL too, and survives a reload
  await page.goto('/news');
  await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

  const first = list.locator('.news-item h2 a').first();
  const title = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/news\/detail\/\d+\.html$/);
  const detail = page.getByTestId('news-detail');
  await expect(detail.locator('h1')).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(detail.getByTestId('views')).toHaveText(/浏览：[\d,]+ 次/);
  await expect(detail.locator('.rich-text')).not.toBeEmpty();
  await expect(page.getByTestId('related').locator('li').first()).toBeVisible();
  // news has no collect kind: it offers the link instead
  await expect(page.getByTestId('collect-button')).toHaveCount(0);
  await expect(page.getByTestId('copy-link')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('a news keyword search shows matches or a clear empty state', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  await page.goto('/news?keyword=%E4%B8%8D%E5%8F%AF%E8%83%BD%E5%87%BA%E7%8E%B0%E7%9A%84%E8%AF%8Dxyz');
  await expect(page.getByTestId('news-empty')).toContainText('没有找到与“不可能出现的词xyz”相关的新闻');
  await page.getByRole('button', { name: '查看全部新闻' }).click();
  await expect(page.getByTestId('news-list').locator('.news-item').first()).toBeVisible();
  await expect(page).toHaveURL(/\/news$/);
  await context.close();
});

test('an unknown news id and a malformed file show the 404 page', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  await page.goto('/news/detail/99999999.html');
  await expect(page.getByTestId('error-page')).toContainText('404');
  await expect(page.getByTestId('error-page')).toContainText('页面未找到');
  await page.goto('/technicalCentre/detail/abc.html');
  await expect(page.getByTestId('error-page')).toContainText('404');
  await context.close();
});

test('the server writes the article title into the HTML of its detail page', async ({ request }) => {
  const list = await request.get('/api/articles?pageSize=1');
  const item = ((await list.json()) as { data: { items: { id: number; title: string }[] } }).data.items[0]!;
  const html = await (await request.get(`/technicalCentre/detail/${item.id}.html`)).text();
  expect(html).toContain(`<meta property="og:title" content="${item.title}">`);
});

test('a visitor clicking 收藏 gets the login modal', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  await page.goto('/technicalCentre');
  await page.getByTestId('article-list').locator('h2 a').first().click();
  await expect(page.getByTestId('article-detail')).toBeVisible();
  await page.getByTestId('collect-button').first().click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await context.close();
});

test('buyer001 collects a technical article, finds it under 我的收藏 and uncollects it', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await loginAs(page, DEMO.buyer, '/technicalCentre?sort=hot');
  const link = page.getByTestId('article-list').locator('h2 a').nth(2);
  const title = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const collect = page.getByTestId('collect-button').first();
  await expect(collect).toBeEnabled();
  if ((await collect.getAttribute('aria-pressed')) === 'true') {
    await collect.click();
    await expect(page.getByTestId('toast').filter({ hasText: '已取消收藏' })).toBeVisible();
  }
  await expect(collect).toHaveText('收藏');
  await collect.click();
  await expect(page.getByTestId('toast').filter({ hasText: '收藏成功' })).toBeVisible();
  await expect(collect).toHaveText('已收藏');
  await expect(collect).toHaveAttribute('aria-pressed', 'true');
  // the state comes from the server: it survives a reload
  await page.reload();
  await expect(page.getByTestId('collect-button').first()).toHaveText('已收藏');

  await page.goto('/admin/collect/article');
  const row = page.getByTestId('collect-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '取消收藏' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '已取消收藏' })).toBeVisible();
  await expect(page.getByTestId('collect-row').filter({ hasText: title })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('favourites pages show an empty state with a way to find things', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  await loginAs(page, DEMO.member, '/admin/collect/shop');
  const panel = page.getByTestId('collect-shop');
  await expect(panel.getByTestId('collect-empty').or(panel.getByTestId('collect-row').first())).toBeVisible();
  await page.goto('/admin/collect/product');
  await expect(page.getByTestId('collect-product')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '收藏类型' }).getByRole('link', { name: '商品' })).toHaveClass(/active/);
  await context.close();
});

test('the feedback form validates like the server and thanks the sender', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  await page.goto('/feedback');
  const form = page.getByTestId('feedback-form');
  await form.getByRole('button', { name: '提交反馈' }).click();
  await expect(form.getByText('请选择反馈类型')).toBeVisible();
  await expect(form.getByText('反馈内容不能为空')).toBeVisible();

  await form.getByText('问题反馈').click();
  await expect(form.getByText('请选择反馈类型')).toHaveCount(0);
  const content = form.locator('textarea[name="content"]');
  await content.fill('页面打不开');
  await content.blur();
  await expect(form.getByText('反馈内容至少需要10个字')).toBeVisible();
  await expect(page.getByTestId('char-counter')).toHaveText('5/1000');
  await content.fill('商品详情页的参数表在手机上显示不全，右侧几列被截断了。');
  await expect(form.getByText('反馈内容至少需要10个字')).toHaveCount(0);
  const contact = form.locator('input[name="contact"]');
  await contact.fill('12345');
  await contact.blur();
  await expect(form.getByText('请输入有效的手机号或邮箱地址')).toBeVisible();
  await contact.fill('tester@example.com');
  await contact.blur();
  await expect(form.getByText('请输入有效的手机号或邮箱地址')).toHaveCount(0);

  await form.getByRole('button', { name: '提交反馈' }).click();
  const done = page.getByTestId('feedback-success');
  await expect(done).toContainText('感谢您的反馈');
  await expect(done).toContainText(/反馈编号 #\d+/);
  await done.getByRole('button', { name: '继续反馈' }).click();
  await expect(page.getByTestId('feedback-form')).toBeVisible();
  await context.close();
});

test('the feedback form shows the server answer when the hourly limit is reached', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  // five entries from this client's address through the API, the sixth through the form
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/feedback', { data: { kind: 'other', content: `第${i + 1}条测试反馈，内容足够十个字。` } });
    expect(res.status()).toBe(200);
  }
  await page.goto('/feedback');
  const form = page.getByTestId('feedback-form');
  await form.getByText('功能建议').click();
  await form.locator('textarea[name="content"]').fill('希望求购大厅能按地区订阅新的求购信息。');
  await form.getByRole('button', { name: '提交反馈' }).click();
  await expect(page.getByTestId('feedback-server-error')).toHaveText('提交过于频繁，请1小时后再试');
  await expect(form.locator('textarea[name="content"]')).toHaveValue('希望求购大厅能按地区订阅新的求购信息。');
  await context.close();
});

test('about, service, agreement and privacy pages render their content with side navigation', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const cases: [string, string, string][] = [
    ['/about', '平台介绍', '上海仪采通信息科技有限公司'],
    ['/about/contact', '联系我们', '400-820-6688'],
    ['/about/join', '加入我们', 'hr@yicaitong.example'],
    ['/about/no-such-page', '平台介绍', '发展历程'],
    ['/service', '服务中心', '采购商服务'],
    ['/service/settle', '供应商入驻', '入驻流程'],
    ['/service/store', '店铺装修', '两套店铺主题'],
    ['/service/help', '帮助中心', '忘记密码怎么办？'],
    ['/agreement', '仪采通用户服务协议', '法律适用与争议解决'],
    ['/agreement/supplier', '仪采通供应商服务协议', '询价与报价义务'],
  ];
  for (const [path, heading, text] of cases) {
    await page.goto(path);
    await expect(page.locator('.static-hero h1')).toHaveText(heading);
    await expect(page.getByTestId('static-body')).toContainText(text);
    await expect(page).toHaveTitle(new RegExp(`^${heading} - `));
  }
  await page.goto('/about');
  await page.getByRole('navigation', { name: '关于我们导航' }).getByRole('link', { name: '联系我们' }).click();
  await expect(page).toHaveURL(/\/about\/contact$/);
  await expect(page.locator('.static-hero h1')).toHaveText('联系我们');

  await page.goto('/privacy-policy');
  await expect(page.locator('h1')).toHaveText('仪采通隐私政策');
  await expect(page.getByTestId('static-body')).toContainText('您的权利');
  await expect(page.locator('.site-header')).toBeVisible(); // the default layout, not the blank page
  expect(errors).toEqual([]);
  await context.close();
});
