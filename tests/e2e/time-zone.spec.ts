// One time zone (issue 22): every date and relative time reads as Beijing time whatever the zone
// of the device. Each page is opened in browser contexts whose zone is Asia/Shanghai, UTC and
// America/Los_Angeles; what it shows must equal the API's ISO timestamps converted to +08:00 here
// in the test (news 91 once read 2026-10-29 06:25 in Beijing but 2026-10-28 22:25 on a UTC device).
import crypto from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { TPage } from '../../contracts/api';
import type { TNewsListItem } from '../../contracts/content';
import type { TInquiryItem } from '../../contracts/trade';
import { api, apiToken, DEMO, registerMember } from './support';

const ZONES = ['Asia/Shanghai', 'UTC', 'America/Los_Angeles'] as const;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

// The Beijing wall clock of an ISO instant, worked out here independently of contracts/time.ts.
const beijing = (iso: string) => new Date(Date.parse(iso) + 8 * HOUR).toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ read as Beijing time
const bjDay = (iso: string) => beijing(iso).slice(0, 10);
const bjDateTime = (iso: string) => beijing(iso).slice(0, 16).replace('T', ' ');
const bjClock = (iso: string) => beijing(iso).slice(11, 16);
const bjDayNumber = (ms: number) => Math.floor((ms + 8 * HOUR) / DAY);
/** What 询价管理 should say for an inquiry at `now`: minutes and hours by elapsed time, days by Beijing dates. */
function bjAgo(iso: string, now: number) {
  const at = Date.parse(iso);
  const s = (now - at) / 1000;
  if (s < 60) return '刚刚';
  if (s < 3600) return `${Math.floor(s / 60)}分钟前`;
  const days = bjDayNumber(now) - bjDayNumber(at);
  if (days <= 0) return `${Math.floor(s / 3600)}小时前`;
  if (days === 1) return '昨天';
  if (days < 7) return `${days}天前`;
  return bjDay(iso);
}
/** The date a device in `zone` would show for an instant (to prove a page really is zone-sensitive). */
const deviceDay = (iso: string, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** A context in a device zone, with a client IP of its own so login throttles don't collide. */
async function zoneContext(browser: Browser, timezoneId: string): Promise<BrowserContext> {
  const ip = `10.${crypto.randomInt(0, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 254)}`;
  return browser.newContext({ timezoneId, locale: 'zh-CN', extraHTTPHeaders: { 'x-forwarded-for': ip } });
}

/** A page signed in with a token from the API (the web app keeps it in localStorage). */
async function signedIn(context: BrowserContext, token: string): Promise<Page> {
  await context.addInitScript((t) => {
    if (!localStorage.getItem('yct_token')) localStorage.setItem('yct_token', t);
  }, token);
  return context.newPage();
}

async function eachZone(browser: Browser, run: (page: Page, zone: string, context: BrowserContext) => Promise<void>) {
  for (const zone of ZONES) {
    const context = await zoneContext(browser, zone);
    try {
      const page = await context.newPage();
      // The context really is in that zone.
      expect([zone, `Etc/${zone}`]).toContain(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
      await page.close();
      await run(await context.newPage(), zone, context);
    } finally {
      await context.close();
    }
  }
}

test('news list and detail show Beijing dates on a UTC and a Los Angeles device', async ({ browser, request }) => {
  const list = ((await (await request.get('/api/news', { params: { page: 1, pageSize: 15 } })).json()) as { data: TPage<TNewsListItem> }).data;
  expect(list.items.length).toBeGreaterThan(1);
  // A news item published before 08:00 Beijing time has another date on a UTC device: the case of news 91.
  const early = list.items.find((n) => Number(bjClock(n.publishedAt).slice(0, 2)) < 8) ?? list.items[0]!;
  const expectedRows = list.items.map((n) => ({ title: n.title, day: bjDay(n.publishedAt).slice(8, 10), month: bjDay(n.publishedAt).slice(0, 7), at: bjDateTime(n.publishedAt) }));
  expect(list.items.some((n) => deviceDay(n.publishedAt, 'America/Los_Angeles') !== bjDay(n.publishedAt)), 'some dates differ on a Los Angeles device').toBe(true);

  await eachZone(browser, async (page, zone) => {
    await page.goto('/news');
    const rows = page.getByTestId('news-list').locator('li.news-item');
    await expect(rows).toHaveCount(list.items.length);
    const shown = await rows.evaluateAll((lis) =>
      lis.map((li) => ({
        title: li.querySelector('h2')!.textContent!.trim(),
        day: li.querySelector('.news-date strong')!.textContent!.trim(),
        month: li.querySelector('.news-date span')!.textContent!.trim(),
        at: li.querySelector('.news-meta time')!.textContent!.trim(),
      })),
    );
    expect(shown, `news list in ${zone}`).toEqual(expectedRows);

    await page.goto(`/news/detail/${early.id}.html`);
    await expect(page.locator('h1')).toContainText(early.title);
    await expect(page.locator('time').filter({ hasText: '发布时间：' })).toHaveText(`发布时间：${bjDateTime(early.publishedAt)}`);
  });
});

test("the supplier's 商品管理 and 询价管理 show Beijing time on any device", async ({ browser, request }) => {
  const token = await apiToken(request, DEMO.supplier);
  const goods = await api<{ items: { name: string; updatedAt: string }[] }>(request, token, 'GET', '/api/supplier/products?page=1&pageSize=20');
  const inquiries = await api<TPage<TInquiryItem>>(request, token, 'GET', '/api/supplier/inquiries?page=1&pageSize=10');
  expect(goods.items.length).toBeGreaterThan(0);
  expect(inquiries.items.length).toBeGreaterThan(0);
  // One fixed "now" in every zone, so relative times (N小时前, 昨天, N天前) are the same moment everywhere.
  const now = Date.now();

  await eachZone(browser, async (_page, zone, context) => {
    const page = await signedIn(context, token);
    await page.clock.setFixedTime(now);

    await page.goto('/admin/supplier/goods');
    const table = page.getByTestId('goods-list');
    await expect(table.getByTestId('goods-row')).toHaveCount(goods.items.length);
    const headers = await table.locator('thead th').allTextContents();
    const col = headers.findIndex((h) => h.includes('更新时间'));
    expect(col).toBeGreaterThan(-1);
    const cells = await table.getByTestId('goods-row').evaluateAll((trs, i) => trs.map((tr) => (tr.querySelectorAll('td')[i] as HTMLElement).innerText.replace(/\s+/g, ' ').trim()), col);
    expect(cells, `商品管理 in ${zone}`).toEqual(goods.items.map((p) => `${bjDay(p.updatedAt)} ${bjClock(p.updatedAt)}`));

    await page.goto('/admin/supplier/inquiry');
    const items = page.getByTestId('inquiry-item');
    await expect(items).toHaveCount(inquiries.items.length);
    for (const i of inquiries.items) {
      const time = page.locator(`[data-inquiry="${i.id}"] .inbox-time`);
      await expect(time, `询价 ${i.id} in ${zone}`).toHaveText(bjAgo(i.createdAt, now));
      await expect(time).toHaveAttribute('title', bjDateTime(i.createdAt));
    }
    const first = inquiries.items[0]!;
    await page.locator(`[data-inquiry="${first.id}"] .inbox-head`).click();
    await expect(page.locator(`[data-inquiry="${first.id}"] .fact-grid div`).filter({ hasText: '询价时间' }).locator('dd')).toHaveText(bjDateTime(first.createdAt));
  });
});

test("a member's 收藏的文章 shows publication and collection times in Beijing time on any device", async ({ browser, request }) => {
  const member = await registerMember(request);
  const token = await apiToken(request, member);
  const articles = ((await (await request.get('/api/articles', { params: { page: 1, pageSize: 20 } })).json()) as { data: TPage<{ id: number; publishedAt: string }> }).data.items;
  // Prefer articles published before 08:00 Beijing time (another date on a UTC device).
  const picked = [...articles.filter((a) => Number(bjClock(a.publishedAt).slice(0, 2)) < 8), ...articles].slice(0, 3);
  for (const a of picked) await api(request, token, 'POST', '/api/collections', { kind: 'article', targetId: a.id });
  const collected = await api<TPage<{ targetId: number; title: string; publishedAt: string; collectedAt: string }>>(request, token, 'GET', '/api/collections?kind=article&page=1&pageSize=20');
  expect(collected.items.length).toBe(new Set(picked.map((a) => a.id)).size);

  await eachZone(browser, async (_page, zone, context) => {
    const page = await signedIn(context, token);
    await page.goto('/admin/collect/article');
    const rows = page.getByTestId('collect-row');
    await expect(rows).toHaveCount(collected.items.length);
    for (const item of collected.items) {
      const row = rows.filter({ hasText: item.title });
      await expect(row.locator('.collect-sub'), `收藏 ${item.targetId} in ${zone}`).toContainText(`发布于 ${bjDay(item.publishedAt)}`);
      await expect(row.locator('.collect-sub')).toContainText(`收藏于 ${bjDateTime(item.collectedAt)}`);
    }
  });
});
