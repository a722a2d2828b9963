// Back-office edits that must not be lost and saved content that must show: the store form keeps
// unsaved input across a profile refetch, a stale notice save offers a reload keeping the input,
// announcements reach members, and the store's logo, banner, article covers and job descriptions
// appear on the public pages after the save.
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, DEMO, loginAs, newClient, ownStore, trackPageErrors } from './support';

const png = (w: number, h: number, color: string) => sharp({ create: { width: w, height: h, channels: 3, background: color } }).png().toBuffer();

/** The store settings' current version, which every save names (optimistic concurrency). */
async function storeVersion(request: APIRequestContext, auth: Record<string, string>) {
  return ((await (await request.get('/api/supplier/profile', { headers: auth })).json()) as { data: { store: { version: number } } }).data.store.version;
}

async function upload(request: APIRequestContext, auth: Record<string, string>, purpose: string, buffer: Buffer) {
  const res = await request.post(`/api/supplier/images?purpose=${purpose}`, { headers: auth, multipart: { file: { name: `${purpose}.png`, mimeType: 'image/png', buffer } } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { url: string } }).data.url;
}

test('saving 企业资料 keeps unsaved 店铺设置; the saved logo and banner show on the public store (both themes) and its directory card', async ({ browser, request }) => {
  const { member, storeUid, auth } = await ownStore(request, '标志测试');
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await loginAs(page, member, '/admin/supplier/baseInfo');

  const storeForm = page.getByTestId('store-form');
  const storeName = `标志测试旗舰店${member.id.slice(-4)}`;
  await storeForm.locator('input[name="storeName"]').fill(storeName);
  await storeForm.locator('input[name="slogan"]').fill('专注光谱分析');
  await page.getByTestId('logo-upload').locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(400, 400, '#0b5fff') });
  await expect(page.getByTestId('logo-upload').locator('img')).toBeVisible();
  await page.getByTestId('banner-upload').locator('input[type="file"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await png(1920, 480, '#c9a45c') });
  await expect(page.getByTestId('banner-upload').locator('img')).toBeVisible();

  // Saving the company record refetches the profile: the store form keeps what was typed and uploaded.
  await page.getByTestId('company-form').locator('input[name="contactName"]').fill('赵工');
  // The profile is read again after the save (the refetch the store form must survive).
  const refetched = page.waitForResponse((r) => r.url().includes('/api/supplier/profile') && r.request().method() === 'GET');
  await page.getByTestId('save-company').click();
  await expect(page.getByTestId('toast').filter({ hasText: '已保存' }).first()).toBeVisible();
  await refetched;
  await expect(storeForm.locator('input[name="storeName"]')).toHaveValue(storeName);
  await expect(storeForm.locator('input[name="slogan"]')).toHaveValue('专注光谱分析');
  await expect(page.getByTestId('logo-upload').locator('img')).toBeVisible();
  await expect(page.getByTestId('banner-upload').locator('img')).toBeVisible();

  await page.getByTestId('save-store').click();
  await expect(page.getByTestId('toast').filter({ hasText: '店铺设置已保存' }).first()).toBeVisible();
  const saved = ((await (await page.request.get('/api/supplier/profile', { headers: auth })).json()) as { data: { store: { logo: string; banner: string; theme: number } } }).data.store;
  expect(saved.logo).toBeTruthy();
  expect(saved.banner).toBeTruthy();

  for (const theme of [1, 2]) {
    const res = await request.put('/api/supplier/store', { headers: auth, data: { name: storeName, slogan: '专注光谱分析', theme, logo: saved.logo, banner: saved.banner, version: await storeVersion(request, auth) } });
    expect(res.status()).toBe(200);
    await page.goto(`/store/${storeUid}`);
    await expect(page.getByTestId('store-layout')).toHaveAttribute('data-store-theme', String(theme));
    await expect(page.getByTestId('store-logo-img')).toHaveAttribute('src', saved.logo);
    await expect(page.getByTestId('store-banner-img')).toHaveAttribute('src', saved.banner);
    // The image really loaded (not a broken link).
    await expect.poll(() => page.getByTestId('store-logo-img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/edits-store-header-${theme}.png` });
  }

  await page.goto(`/store?keyword=${encodeURIComponent(storeName)}`);
  const card = page.getByTestId('store-card').filter({ hasText: storeName });
  await expect(card.getByTestId('store-card-logo')).toHaveAttribute('src', saved.logo);
  expect(errors).toEqual([]);
  await context.close();
});

test('two admins edit one notice: the stale save is refused, the form keeps the input and saves after a reload; members see the announcement', async ({ browser, request }) => {
  const adminToken = await apiToken(request, DEMO.admin);
  const title = `系统维护通知${Date.now() % 100000}`;
  const created = await request.post('/api/admin/notices', { headers: { authorization: `Bearer ${adminToken}` }, data: { title, content: '周六凌晨系统维护两小时。' } });
  const id = ((await created.json()) as { data: { id: number } }).data.id;

  const context = await newClient(browser);
  const page = await context.newPage();
  await loginAs(page, DEMO.admin, `/admin/noticeManage?keyword=${encodeURIComponent(title)}`);
  await page.getByTestId('notice-row').filter({ hasText: title }).getByRole('button', { name: '编辑' }).click();
  const form = page.getByTestId('notice-form');
  await form.locator('textarea[name="content"]').fill('周六凌晨系统维护三小时，请提前安排。');

  // Meanwhile another admin saves the same notice.
  const other = await request.put(`/api/admin/notices/${id}`, { headers: { authorization: `Bearer ${adminToken}` }, data: { title: `${title}（改期）`, content: '周日凌晨系统维护两小时。', version: 1 } });
  expect(other.status()).toBe(200);

  await page.getByTestId('submit-notice').click();
  await expect(form.getByTestId('stale-banner')).toContainText('内容已被他人修改，请刷新后再编辑');
  await expect(form.locator('textarea[name="content"]')).toHaveValue('周六凌晨系统维护三小时，请提前安排。');
  await form.getByTestId('stale-reload').click();
  await expect(form.getByTestId('stale-latest')).toContainText(`${title}（改期）`);
  await expect(form.locator('textarea[name="content"]')).toHaveValue('周六凌晨系统维护三小时，请提前安排。');
  await page.screenshot({ path: 'test-results/edits-notice-stale.png' });
  await page.getByTestId('submit-notice').click();
  await expect(page.getByTestId('toast').filter({ hasText: '公告已保存' }).first()).toBeVisible();
  await context.close();

  // A member sees it in the bell and on the home page.
  const memberCtx = await newClient(browser);
  const mp = await memberCtx.newPage();
  await loginAs(mp, DEMO.member);
  await expect(mp.getByTestId('home-notices')).toContainText(title);
  await mp.getByTestId('notification-bell').click();
  await expect(mp.getByTestId('notification-item').filter({ hasText: title }).first()).toBeVisible();
  await memberCtx.close();
  await request.delete(`/api/admin/notices/${id}`, { headers: { authorization: `Bearer ${adminToken}` } });
});

test('article covers show on the store article lists (both themes); job descriptions render as HTML', async ({ browser, request }) => {
  const { storeUid, auth } = await ownStore(request, '封面测试');
  const cover = await upload(request, auth, 'cover', await png(800, 450, '#2f855a'));
  const art = await request.post('/api/supplier/articles', { headers: auth, data: { kind: 'article', title: '原子吸收光谱仪的日常维护', cover, content: '<p>每天检查气路。</p>' } });
  expect(art.status()).toBe(200);
  const job = await request.post('/api/supplier/recruitments', { headers: auth, data: { title: '应用工程师', headcount: 1, description: '<p>负责<strong>光谱仪器</strong>的应用支持。</p><ul><li>化学相关专业</li></ul>' } });
  expect(job.status()).toBe(200);

  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  for (const theme of [1, 2]) {
    expect((await request.put('/api/supplier/store', { headers: auth, data: { name: `封面测试旗舰店${storeUid}`, theme, version: await storeVersion(request, auth) } })).status()).toBe(200);
    await page.goto(`/store/${storeUid}/store-article${theme === 2 ? '-theme2' : ''}`);
    const img = page.getByTestId('article-cover').first();
    await expect(img).toHaveAttribute('src', cover);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await page.goto(`/store/${storeUid}/talent-recruitment`);
  await page.getByText('应用工程师').click();
  const desc = page.getByTestId('job-description');
  await expect(desc.locator('strong')).toHaveText('光谱仪器');
  await expect(desc.locator('li')).toHaveText('化学相关专业');
  await expect(desc).not.toContainText('<p>');
  expect(errors).toEqual([]);
  await context.close();
});

test('an admin table with long unbroken strings stays within its card and its buttons stay reachable', async ({ browser, request }) => {
  const adminToken = await apiToken(request, DEMO.admin);
  const tag = `LONG${Date.now() % 100000}`;
  const title = `${tag}${'X'.repeat(110)}`;
  const created = await request.post('/api/admin/notices', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { title, content: `https://example.com/${'a'.repeat(3000)}`, link: `https://example.com/${'b'.repeat(270)}` },
  });
  expect(created.status()).toBe(200);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const context = await newClient(browser);
  const page = await context.newPage();
  await loginAs(page, DEMO.admin, `/admin/noticeManage?keyword=${tag}`);
  const row = page.getByTestId('notice-row').filter({ hasText: tag });
  await expect(row).toBeVisible();
  const table = page.locator('.bo-table');
  const { tableWidth, cardWidth } = await table.evaluate((t) => ({ tableWidth: t.scrollWidth, cardWidth: (t.closest('.bo-card') ?? t.parentElement!).clientWidth }));
  expect(tableWidth).toBeLessThanOrEqual(cardWidth);
  const edit = row.getByRole('button', { name: '编辑' });
  const box = (await edit.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await edit.click();
  await expect(page.getByTestId('notice-form')).toBeVisible();
  await page.screenshot({ path: 'test-results/edits-long-strings.png' });
  await context.close();
  await request.delete(`/api/admin/notices/${id}`, { headers: { authorization: `Bearer ${adminToken}` } });
});
