// The back offices in the browser with the demo accounts: supplier01 publishes goods with a
// parameter table, finds them in its list and in the public catalogue, takes them off the shelf and
// deletes them; a new supplier switches its store theme and the public store follows; ycadmin disables
// a member (signed out at once, login refused) and enables it again; ycadmin publishes a notice
// that the public notice list shows. Every test puts the demo accounts back as it found them.
import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginAs, newClient, ownStore, registerMember, trackPageErrors } from './support';

async function pickFirstCategory(page: Page) {
  const cascader = page.getByTestId('category-cascader');
  for (let level = 0; level < 3; level++) {
    const select = cascader.locator('select').nth(level);
    await expect(select.locator('option').nth(1)).toBeAttached();
    await select.selectOption({ index: 1 });
  }
}

test('supplier01 publishes goods with parameters, takes them off the shelf and deletes them', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const model = `E2E-${Date.now().toString().slice(-7)}`;
  await loginAs(page, DEMO.supplier, '/admin/supplier/goods/goodDetail');

  const editor = page.getByTestId('goods-editor');
  // Saving an empty form shows the contract's messages and sends nothing.
  await page.getByTestId('save-goods').click();
  await expect(editor.getByText('商品名称不能为空')).toBeVisible();
  await expect(editor.getByText('请填写价格，或勾选“面议”')).toBeVisible();

  await editor.locator('input[name="name"]').fill(`E2E 紫外可见分光光度计 ${model}`);
  await editor.locator('input[name="model"]').fill(model);
  await pickFirstCategory(page);
  await editor.locator('input[name="price"]').fill('12800.50');
  await editor.locator('textarea[name="summary"]').fill('双光束设计，适用于教学与常规检测');
  await page.getByTestId('param-add').click();
  await page.getByTestId('param-add').click();
  await page.getByLabel('第1行参数名称').fill('波长范围');
  await page.getByLabel('第1行参数值').fill('190-1100 nm');
  await page.getByLabel('第2行参数名称').fill('光谱带宽');
  await page.getByLabel('第2行参数值').fill('1.8 nm');
  const description = page.getByTestId('goods-description').getByRole('textbox');
  await description.click();
  await page.keyboard.type('一键自检，开机即用。');
  await page.getByTestId('save-goods').click();

  await expect(page).toHaveURL(/\/admin\/supplier\/goods$/);
  await page.getByTestId('goods-keyword').fill(model);
  await page.getByTestId('goods-keyword').press('Enter');
  const row = page.getByTestId('goods-row').filter({ hasText: model });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('在售');
  await expect(row).toContainText('¥12,800.50');
  const href = await row.getByRole('link', { name: '编辑' }).getAttribute('href');
  const id = Number(new URL(href!, 'http://x').searchParams.get('id'));
  expect(id).toBeGreaterThan(0);

  // The public catalogue shows the goods with their parameters and sanitised description.
  const pub = await page.request.get(`/api/products/${id}`);
  expect(pub.status()).toBe(200);
  const detail = (await pub.json()).data as { model: string; params: { name: string; value: string }[]; description: string };
  expect(detail.model).toBe(model);
  expect(detail.params).toEqual([
    { name: '波长范围', value: '190-1100 nm' },
    { name: '光谱带宽', value: '1.8 nm' },
  ]);
  expect(detail.description).toContain('一键自检');

  // Off the shelf: the list says so and the public catalogue no longer serves it.
  await row.getByTestId('row-off-shelf').click();
  await expect(row).toContainText('已下架');
  expect((await page.request.get(`/api/products/${id}`)).status()).toBe(404);

  // The editor reopens with what was saved.
  await row.getByRole('link', { name: '编辑' }).click();
  await expect(page.getByTestId('goods-editor').locator('input[name="model"]')).toHaveValue(model);
  await expect(page.getByLabel('第2行参数值')).toHaveValue('1.8 nm');
  await page.goBack();

  // Clean up: delete it.
  await page.getByTestId('goods-row').filter({ hasText: model }).getByRole('button', { name: '删除' }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('goods-row').filter({ hasText: model })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('a supplier switches the store theme and the public store page follows', async ({ browser, request }) => {
  // A store of its own (opened by ycadmin for a new member): the demo stores' themes are checked by suites running beside it.
  const { member, storeUid } = await ownStore(request, '主题测试');

  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await loginAs(page, member, '/admin/supplier/baseInfo');
  const before = await page.request.get(`/api/stores/${storeUid}`);
  const original = ((await before.json()).data as { theme: number }).theme;
  const other = original === 2 ? 1 : 2;
  const save = async (theme: number) => {
    await page.getByTestId(`theme-option-${theme}`).click();
    await page.getByTestId('save-store').click();
    await expect(page.getByTestId('toast').filter({ hasText: '店铺设置已保存' }).first()).toBeVisible();
  };
  await save(other);
  await page.goto(`/store/${storeUid}`);
  await expect(page.getByTestId('store-layout')).toHaveAttribute('data-store-theme', String(other));
  await page.goto('/admin/supplier/baseInfo');
  await save(original);
  await page.goto(`/store/${storeUid}`);
  await expect(page.getByTestId('store-layout')).toHaveAttribute('data-store-theme', String(original));
  expect(errors).toEqual([]);
  await context.close();
});

test('ycadmin disables a member: its session ends and login is refused; enabling lets it back in', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A member of its own: the demo accounts are shared with suites running in parallel.
  const member = await registerMember(request);
  const mobile = member.id;
  const memberContext = await newClient(browser);
  const memberPage = await memberContext.newPage();
  await loginAs(memberPage, member, '/admin/profile');
  await expect(memberPage.getByTestId('profile-nickname')).toBeVisible();

  const adminContext = await newClient(browser);
  const admin = await adminContext.newPage();
  const errors = trackPageErrors(admin);
  await loginAs(admin, DEMO.admin, '/admin/userManage/normalUser');
  await admin.getByTestId('member-keyword').fill(mobile);
  await admin.getByTestId('member-keyword').press('Enter');
  const row = admin.getByTestId('member-row').filter({ hasText: mobile });
  await expect(row).toHaveCount(1);
  try {
    await row.getByTestId('disable-member').click();
    await admin.getByTestId('confirm-ok').click();
    await expect(row).toContainText('已禁用');

    // The signed-in member is signed out on its next call…
    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/login/);
    // …and cannot sign in again.
    await memberPage.locator('input[name="phoneOrEmail"]').fill(member.id);
    await memberPage.locator('input[name="password"]').fill(member.password);
    await memberPage.locator('button[type="submit"]').click();
    await expect(memberPage.getByText('该账号已被停用').first()).toBeVisible();
    await expect(memberPage).toHaveURL(/\/login/);
  } finally {
    await row.getByTestId('enable-member').click();
    await expect(row).toContainText('正常');
  }
  const again = await newClient(browser);
  const page = await again.newPage();
  await loginAs(page, member, '/admin/profile');
  await expect(page.getByTestId('profile-nickname')).toBeVisible();
  expect(errors).toEqual([]);
  await Promise.all([memberContext.close(), adminContext.close(), again.close()]);
});

test('ycadmin publishes a notice that every member can read, then removes it', async ({ browser }) => {
  const context = await newClient(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const title = `E2E平台公告${Date.now().toString().slice(-6)}`;
  await loginAs(page, DEMO.admin, '/admin/noticeManage');
  await page.getByTestId('new-notice').click();
  const form = page.getByTestId('notice-form');
  await form.getByTestId('submit-notice').click();
  await expect(form.getByText('公告标题不能为空')).toBeVisible();
  await form.locator('input[name="title"]').fill(title);
  await form.locator('textarea[name="content"]').fill('本周六凌晨2点至4点进行系统维护，期间部分功能暂停使用。');
  await form.locator('input[name="link"]').fill('/service');
  await form.getByTestId('submit-notice').click();
  const row = page.getByTestId('notice-row').filter({ hasText: title });
  await expect(row).toContainText('全体会员');

  const visitor = await browser.newContext();
  const list = await visitor.request.get(page.url().replace(/\/admin.*$/, '/api/notices/platform'));
  const notices = (await list.json()).data as { title: string; link: string | null }[];
  expect(notices[0]).toMatchObject({ title, link: '/service' });
  await visitor.close();

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('notice-row').filter({ hasText: title })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
