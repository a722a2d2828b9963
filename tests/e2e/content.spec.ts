// News, technical articles, favourites, feedback and the about/service/agreement/privacy pages in the browser.
import { expect, test } from '@playwright/test';
import { DEMO, loginAs, newClient, registerMember, trackPageErrors } from './support';

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
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

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

test('news pages change the items, keep the category and come back with the back button', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto('/news');
  const list = page.getByTestId('news-list');
  const titles = () => list.locator('.news-item h2 a').allInnerTexts();
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(list.locator('.news-item').first()).toBeVisible();
  const first = await titles();
  expect(first.length).toBeGreaterThan(1);

  await pager.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect.poll(titles).not.toEqual(first);
  await expect(page.locator('.news-list.is-stale')).toHaveCount(0);
  const second = await titles();
  expect(second.filter((t) => first.includes(t))).toEqual([]);
  await pager.getByRole('link', { name: '下一页' }).click();
  await expect(page).toHaveURL(/page=3$/);
  await expect(pager.getByRole('link', { name: '3', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect(page).toHaveURL(/page=2$/);
  await expect.poll(titles).toEqual(second);
  await page.goBack();
  await expect(page).toHaveURL(/\/news$/);
  await expect.poll(titles).toEqual(first);
  await expect(pager.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');

  // within a category the pages keep the category, and choosing another category starts at page 1
  const tab = page.getByRole('tab').nth(1);
  const category = (await tab.textContent())!.replace(/\d+$/, '');
  await tab.click();
  await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(category)}$`));
  await pager.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(category)}&page=2$`));
  await expect(page.locator('.news-list.is-stale')).toHaveCount(0);
  await expect(list.locator('.news-meta .tag').first()).toHaveText(category);
  await page.getByRole('tab').nth(2).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(pager.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
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

test('technical articles filter by category and tag and page, all in the URL, and back restores each step', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto('/technicalCentre');
  const list = page.getByTestId('article-list');
  const titles = () => list.locator('h2 a').allInnerTexts();
  const categoriesOnPage = () => list.locator('.tag-button').allInnerTexts();
  const total = page.locator('.filter-chips .muted');
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(list.locator('h2 a').first()).toBeVisible();
  await expect(total).toHaveText(/^共 \d+ 篇$/);
  const all = await total.innerText();
  const start = await titles();

  // a category from the side list narrows the list; the URL, breadcrumb and chip say which
  const link = page.getByTestId('article-categories').getByRole('link').nth(1);
  await expect(link.locator('small')).toHaveText(/^\d+$/);
  const count = await link.locator('small').innerText();
  const category = (await link.innerText()).replace(/\s*\d+$/, '').trim();
  await link.click();
  await expect(page).toHaveURL(`/technicalCentre?category=${encodeURIComponent(category)}`);
  await expect(total).toHaveText(`共 ${count} 篇`);
  expect(await total.innerText()).not.toBe(all);
  await expect.poll(categoriesOnPage).toEqual(Array((await titles()).length).fill(category));
  await expect(page.locator('.breadcrumb strong')).toHaveText(category);
  await expect(page.getByRole('button', { name: `取消分类：${category}` })).toBeVisible();
  await expect(link).toHaveClass(/active/);
  const inCategory = await titles();

  // page 2 of the category: other articles, same category, the page in the URL
  await pager.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(`/technicalCentre?category=${encodeURIComponent(category)}&page=2`);
  await expect.poll(titles).not.toEqual(inCategory);
  await expect(page.locator('.article-list.is-stale')).toHaveCount(0);
  expect((await titles()).filter((t) => inCategory.includes(t))).toEqual([]);
  expect(new Set(await categoriesOnPage())).toEqual(new Set([category]));
  await expect(pager.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

  // back: page 1 of the category, then the unfiltered list
  await page.goBack();
  await expect(page).toHaveURL(`/technicalCentre?category=${encodeURIComponent(category)}`);
  await expect.poll(titles).toEqual(inCategory);
  await expect(pager.getByRole('link', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL('/technicalCentre');
  await expect.poll(titles).toEqual(start);
  await expect(total).toHaveText(all);
  await expect(page.locator('.filter-chips strong')).toHaveText('全部技术文章');

  // a popular tag filters to articles carrying it, replacing any category
  const tagLink = page.getByRole('region', { name: '热门标签' }).getByRole('link').first();
  const tag = (await tagLink.innerText()).trim();
  const tagCount = /(\d+) 篇文章/.exec((await tagLink.getAttribute('title'))!)![1]!;
  await tagLink.click();
  await expect(page).toHaveURL(`/technicalCentre?tag=${encodeURIComponent(tag)}`);
  await expect(total).toHaveText(`共 ${tagCount} 篇`);
  await expect(page.getByRole('button', { name: `取消标签：${tag}` })).toBeVisible();
  await expect(page.locator('.article-list.is-stale')).toHaveCount(0);
  const items = list.locator('.article-item');
  await expect(items.first().getByRole('button', { name: `#${tag}`, exact: true })).toBeVisible();
  for (const item of await items.all()) await expect(item.getByRole('button', { name: `#${tag}`, exact: true })).toBeVisible();
  // the chip clears it
  await page.getByRole('button', { name: `取消标签：${tag}` }).click();
  await expect(page).toHaveURL('/technicalCentre');
  await expect(total).toHaveText(all);
  expect(errors).toEqual([]);
  await context.close();
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

test('a new member collects a product and its store, finds both under 我的收藏 and uncollects them there', async ({ browser, request }) => {
  const member = await registerMember(request);
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await loginAs(page, member, '/shop?keyword=7890B');
  await page.getByTestId('product-grid').getByTestId('product-card').first().locator('.product-card-name').click();
  await expect(page).toHaveURL(/\/shop\/detail\/\d+\.html$/);
  const productPath = new URL(page.url()).pathname;
  const product = (await page.getByTestId('product-name').innerText()).trim();
  const collect = page.getByTestId('collect-button');
  await expect(collect).toBeEnabled();
  await expect(collect).toHaveText('收藏');
  await expect(collect).toHaveAttribute('aria-pressed', 'false');
  await collect.click();
  await expect(page.getByTestId('toast').filter({ hasText: '收藏成功' })).toBeVisible();
  await expect(collect).toHaveText('已收藏');
  await expect(collect).toHaveAttribute('aria-pressed', 'true');

  // the supplier's store, collected from its header
  await page.getByTestId('supplier-store-link').click();
  await expect(page).toHaveURL(/\/store\/s\d{4}$/);
  const storePath = new URL(page.url()).pathname;
  await expect(page.getByTestId('store-name')).toHaveText(/\S{2,}/);
  const store = (await page.getByTestId('store-name').innerText()).trim();
  const collectShop = page.getByTestId('store-layout').getByTestId('collect-button');
  await expect(collectShop).toBeEnabled();
  await expect(collectShop).toHaveText('收藏');
  await collectShop.click();
  await expect(collectShop).toHaveText('已收藏');
  await expect(collectShop).toHaveAttribute('aria-pressed', 'true');

  // 我的收藏 › 商品: the one product, linking back to its page; 取消收藏 empties the list
  await page.goto('/admin/collect/product');
  const products = page.getByTestId('collect-product');
  await expect(products.locator('h1 small')).toHaveText('共 1 个商品');
  const row = products.getByTestId('collect-row');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.collect-title')).toHaveText(product);
  await expect(row.locator('.collect-title')).toHaveAttribute('href', productPath);
  await row.getByRole('button', { name: '取消收藏' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '已取消收藏' })).toBeVisible();
  await expect(products.getByTestId('collect-row')).toHaveCount(0);
  await expect(products.getByTestId('collect-empty')).toContainText('还没有收藏任何商品');
  await expect(products.locator('h1 small')).toHaveText('共 0 个商品');

  // 店铺 tab: the one store; 取消收藏 empties it too
  await page.getByRole('navigation', { name: '收藏类型' }).getByRole('link', { name: '店铺' }).click();
  await expect(page).toHaveURL('/admin/collect/shop');
  const shops = page.getByTestId('collect-shop');
  await expect(shops.locator('h1 small')).toHaveText('共 1 个店铺');
  const shopRow = shops.getByTestId('collect-row');
  await expect(shopRow).toHaveCount(1);
  await expect(shopRow.locator('.collect-title')).toHaveText(store);
  await expect(shopRow.getByRole('link', { name: '进入店铺' })).toHaveAttribute('href', storePath);
  // An old link past the last page says so and leads to the last page, not 「还没有收藏」 beside 共 1 个.
  await page.goto('/admin/collect/shop?page=3');
  await expect(shops.getByTestId('past-last-page')).toContainText('没有第 3 页：共 1 个店铺，只有 1 页。');
  await expect(shops.getByTestId('collect-empty')).toHaveCount(0);
  await shops.getByTestId('go-last-page').click();
  await expect(page).toHaveURL('/admin/collect/shop');
  await shopRow.getByRole('button', { name: '取消收藏' }).click();
  await expect(shops.getByTestId('collect-row')).toHaveCount(0);
  await expect(shops.getByTestId('collect-empty')).toContainText('还没有收藏任何店铺');

  // the server agrees: both pages offer 收藏 again after a fresh load
  await page.goto(productPath);
  await expect(page.getByTestId('product-name')).toHaveText(product);
  await expect(page.getByTestId('collect-button')).toBeEnabled();
  await expect(page.getByTestId('collect-button')).toHaveText('收藏');
  await page.goto(storePath);
  await expect(page.getByTestId('store-layout').getByTestId('collect-button')).toBeEnabled();
  await expect(page.getByTestId('store-layout').getByTestId('collect-button')).toHaveText('收藏');
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
