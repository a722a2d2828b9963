// Helpers shared by the end-to-end suites.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { TOKEN_MAX_AGE_SECONDS } from '../../contracts/constants';
import type { TCategoryNode } from '../../contracts/trade';
import { E2E_CODE_RESEND_SECONDS } from '../../playwright.config';

export const DEMO = {
  admin: { id: 'ycadmin', mobile: '13800000001', password: 'Demo@1234' },
  supplier: { id: 'supplier01', mobile: '13800000002', password: 'Demo@1234' },
  supplier2: { id: 'supplier02', mobile: '13800000004', password: 'Demo@1234' },
  buyer: { id: 'buyer001', mobile: '13800000003', password: 'Demo@1234' },
  member: { id: 'member01', mobile: '13800000005', password: 'Demo@1234' },
} as const;

const dataDir = process.env.E2E_DATA_DIR ?? '.e2e-data';

/** A new browser context that looks like its own client IP, so login throttles don't collide. */
export async function newClient(browser: Browser): Promise<BrowserContext> {
  const ip = `10.${crypto.randomInt(0, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 254)}`;
  return browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip } });
}

/** The last verification code the server wrote to its outbox for a mobile or e-mail. */
export async function lastCode(to: string, channel: 'sms' | 'email' = to.includes('@') ? 'email' : 'sms'): Promise<string> {
  const file = path.join(dataDir, 'outbox', channel === 'sms' ? 'sms.jsonl' : 'mail.jsonl');
  let code: string | undefined;
  await expect
    .poll(() => {
      if (!fs.existsSync(file)) return undefined;
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; code?: string });
      code = lines.filter((l) => l.to === to.toLowerCase() && l.code).pop()?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * Waits until a second code may go to the number that was sent one at `sentAt` (the test server's
 * resend window, E2E_CODE_RESEND_SECONDS, with a second to spare).
 */
export async function afterResendWindow(sentAt: number) {
  const left = sentAt + (E2E_CODE_RESEND_SECONDS + 1) * 1000 - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

/** A fresh mobile number that no other test uses. */
export const freshMobile = () => `15${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}`;

/** Logs in through the header's login modal with the account tab. */
export async function loginViaModal(page: Page, id: string, password: string) {
  await page.getByTestId('header-login').click();
  const modal = page.getByTestId('login-modal');
  await modal.locator('input[name="phoneOrEmail"]').fill(id);
  await modal.locator('input[name="password"]').fill(password);
  await modal.locator('button[type="submit"]').click();
  await expect(page.getByTestId('header-user')).toBeVisible();
}

/**
 * Signs in through the API and keeps the session where the web app keeps it (the token in
 * localStorage and its cookie), then opens `to` once the app knows the member: for tests whose
 * subject comes after the sign-in. The sign-in forms themselves are tested in auth.spec.ts with
 * `loginThroughForm`.
 */
export async function loginAs(page: Page, who: { id: string; password: string }, to = '/') {
  const token = await apiToken(page.request, who);
  // Any page of the site's origin holds its storage; the health answer is the cheapest.
  await page.goto('/api/health');
  await page.evaluate(
    ({ token, maxAge }) => {
      localStorage.setItem('yct_token', token);
      document.cookie = `token=${encodeURIComponent(token)}; path=/; max-age=${maxAge}; SameSite=Strict; Secure`;
    },
    { token, maxAge: TOKEN_MAX_AGE_SECONDS },
  );
  await page.goto(to);
  // The app has read the member (what the sign-in form waits for before it navigates).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('yct_user'))).not.toBeNull();
}

/** Logs in through the login page's account tab, as a member does, and lands on the home page (then `to`). */
export async function loginThroughForm(page: Page, who: { id: string; password: string }, to = '/') {
  await page.goto('/login');
  await page.locator('input[name="phoneOrEmail"]').fill(who.id);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('header-user')).toBeVisible();
  if (to !== '/') await page.goto(to);
}

/**
 * Collects uncaught page errors and Content Security Policy violations (Chromium reports each
 * blocked script, style, image, connection or eval as a console error naming the policy) so a
 * test can assert there were none.
 */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(`CSP: ${m.text()}`);
  });
  return errors;
}

/**
 * Opens `url` and waits until the page has settled: loaded, and no request in flight for 150 ms
 * (the data a page fetches once hydrated, the route chunks it loads on the way). Playwright's
 * networkidle waits 500 ms of quiet after every page: a third of a second more per page than this.
 * For signed-out pages only (a member's notification stream never ends).
 */
export async function gotoSettled(page: Page, url: string) {
  let inFlight = 0;
  let changed = Date.now();
  const started = () => {
    inFlight += 1;
    changed = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const res = await page.goto(url);
    await expect.poll(() => inFlight === 0 && Date.now() - changed >= 150, { message: `${url}: requests still in flight`, intervals: [50] }).toBe(true);
    return res;
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * The id of the oldest item of a public list (its first 100): one the seed made. Suites running
 * beside each other add goods and articles and then rename, take down or delete them, and the newest
 * is often one of those.
 */
export async function oldestId(request: APIRequestContext, list: string): Promise<number> {
  const url = list.replace(/([?&])pageSize=\d+/, '$1pageSize=100');
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  const items = ((await res.json()) as { data: { items: { id: number }[] } }).data.items;
  expect(items.length, `${url} returned no items`).toBeGreaterThan(0);
  return Math.min(...items.map((i) => i.id));
}

/**
 * Clicks `trigger` until `shown` shows. A click that lands before a server-rendered page has hydrated
 * does nothing, so it is tried again — but only while `shown` is hidden: once a dialog is open its
 * backdrop covers the trigger, and a click there would wait until the test times out.
 */
export async function clickUntilShown(trigger: Locator, shown: Locator, label?: string) {
  await expect(async () => {
    if (!(await shown.isVisible())) await trigger.click({ timeout: 1_000 });
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }, label).toPass();
}

/** A brand-new plain member (registered through the API), for tests that change or disable an account without touching the shared demo ones. */
export async function registerMember(request: APIRequestContext) {
  const mobile = freshMobile();
  const headers = { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  expect((await request.post('/api/resource/smsCode', { data: { mobile, purpose: 'register' }, headers })).ok()).toBe(true);
  const verify = await request.post('/auth/member/register/verify', { data: { contactType: 'Phone', mobile, code: await lastCode(mobile), agree: true }, headers });
  const { data } = (await verify.json()) as { data: { ticket: string } };
  const password = 'Trade@2026';
  expect((await request.post('/auth/member/register', { data: { ticket: data.ticket, password, confirmPassword: password }, headers })).ok()).toBe(true);
  return { id: mobile, password };
}

/**
 * A new member with a store of its own (opened by ycadmin), so parallel suites never share its
 * goods, inquiries, notices or settings: one address per test.
 */
export async function ownStore(request: APIRequestContext, label: string) {
  const member = await registerMember(request);
  const adminToken = await apiToken(request, DEMO.admin);
  const opened = await request.post('/api/admin/suppliers', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { member: member.id, companyName: `${label}仪器有限公司${member.id.slice(-4)}` },
  });
  expect(opened.status()).toBe(200);
  const { storeUid } = ((await opened.json()) as { data: { storeUid: string } }).data;
  const token = await apiToken(request, member);
  return { member, storeUid, token, auth: { authorization: `Bearer ${token}` } };
}

/** A bearer token from a password login through the API, from a client IP of its own so login throttles don't collide. */
export async function apiToken(request: APIRequestContext, who: { id: string; password: string }): Promise<string> {
  const headers = { 'x-forwarded-for': `10.88.${crypto.randomInt(0, 250)}.${crypto.randomInt(1, 251)}` };
  const res = await request.post('/auth/member/login', { headers, data: { loginType: 'password', phoneOrEmail: who.id, password: who.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** The token of the session a page logged in with (the web app keeps it in localStorage). */
export const pageToken = async (page: Page) => (await page.evaluate(() => localStorage.getItem('yct_token')))!;

/** An API call with a bearer token that must succeed; answers its data. */
export async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
  return body.data;
}

let leafCategory: number | undefined;
/** A leaf of the trade category tree (whatever the seed made), for demands posted through the API. */
export async function leafCategoryId(request: APIRequestContext): Promise<number> {
  if (leafCategory) return leafCategory;
  let node = ((await (await request.get('/api/trade/categories')).json()) as { data: TCategoryNode[] }).data[0]!;
  while (node.children.length) node = node.children[0]!;
  return (leafCategory = node.id);
}
