// Live notifications in Chromium: a supplier's open page hears of a buyer's new inquiry at once
// (pushed: the assertions' 10 s are far below the bell's one-minute poll; tests assert no timings)
// without a reload (a toast top-end with a link to it, the bell's count), and the link opens the
// inquiry; with the stream blocked the bell falls back to polling.
import { expect, test } from '@playwright/test';
import { DEMO, loginAs, newClient, trackPageErrors } from './support';

test('a buyer sends an inquiry: the supplier’s open page shows the toast and the count pushed, without reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const sCtx = await newClient(browser);
  const supplier = await sCtx.newPage();
  const sErrors = trackPageErrors(supplier);
  await loginAs(supplier, DEMO.supplier, '/admin/supplier/inquiry');
  const bell = supplier.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-live', 'on');
  const countEl = supplier.getByTestId('notification-count');
  const before = (await countEl.count()) ? Number(await countEl.innerText()) : 0;
  await supplier.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  const bCtx = await newClient(browser);
  const buyer = await bCtx.newPage();
  await loginAs(buyer, DEMO.buyer);
  const listed = await buyer.request.get('/api/stores/s0001/products?pageSize=1');
  const product = ((await listed.json()) as { data: { items: { id: number; name: string }[] } }).data.items[0]!;
  await buyer.goto(`/demand/inquiry?productId=${product.id}`);
  const form = buyer.getByTestId('inquiry-form');
  await expect(form).toContainText(product.name);
  await form.locator('input[name="quantity"]').fill('1');
  await form.locator('textarea[name="message"]').fill(`请尽快报价，LIVE-${Date.now().toString().slice(-6)}`);
  const sent = buyer.waitForResponse((r) => r.url().endsWith('/api/inquiries') && r.request().method() === 'POST');
  await form.getByRole('button', { name: '发送询价' }).click();
  expect((await sent).status()).toBe(200);

  const toast = supplier.getByTestId('notify').filter({ hasText: '收到新询价' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(product.name);
  await expect(countEl).toHaveText(String(before + 1));
  // Top-end: at the top right of the viewport.
  const box = (await toast.boundingBox())!;
  const width = supplier.viewportSize()!.width;
  expect(box.y).toBeLessThan(80);
  expect(width - (box.x + box.width)).toBeLessThan(40);
  // The same document: no reload happened.
  expect(await supplier.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await supplier.screenshot({ path: 'test-results/live-toast.png' });

  await toast.getByRole('link', { name: '查看详情' }).click();
  await expect(supplier).toHaveURL(/\/admin\/supplier\/inquiry\?id=\d+/);
  await expect(toast).toHaveCount(0);
  expect(sErrors).toEqual([]);
  await sCtx.close();
  await bCtx.close();
});

test('without the stream the bell polls for its count every minute', async ({ browser }) => {
  const ctx = await newClient(browser);
  const page = await ctx.newPage();
  await page.clock.install();
  await page.route('**/api/notifications/stream', (route) => route.abort());
  let polls = 0;
  page.on('request', (r) => r.url().includes('/api/notifications/unread-count') && polls++);
  await loginAs(page, DEMO.supplier, '/admin/supplier/inquiry');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-live', 'off');
  await expect.poll(() => polls).toBeGreaterThan(0);
  const first = polls;
  await page.clock.fastForward(61_000);
  await expect.poll(() => polls).toBeGreaterThan(first);
  await ctx.close();
});
