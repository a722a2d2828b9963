// Long text never breaks a page (issue 31, items 6 and 7): every text a member can save, at the
// longest its field allows and without a single break opportunity (plus emoji and full-width text),
// keeps the page within the screen at 1366 and 390 px, and every button of the page stays on screen.
// State is set through the API once; each test opens one page address at both widths.
import { expect, request as apiRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import type { TDemandInput } from '../../contracts/trade';
import { api, apiToken, DEMO, freshMobile, lastCode, leafCategoryId, loginAs, registerMember } from './support';

const WIDTHS = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

const TAIL = '🔬🧪全角ＷＩＤＥ１２３';
/** `length` UTF-16 units (what the contracts' `.max()` counts): a tag, then one unbroken Latin run, emoji and full-width text. */
function unbroken(tag: string, length: number) {
  const tail = length >= tag.length + TAIL.length + 10 ? TAIL : '';
  return (tag + 'W'.repeat(length)).slice(0, length - tail.length) + tail;
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

type TWho = 'admin' | 'buyer' | 'supplier';
type TTag = keyof ReturnType<typeof tags>;
type TWorld = {
  run: string;
  supplier: { id: string; password: string };
  storeUid: string;
  supplierId: number;
  productId: number;
  articleId: number;
  demandId: number;
  newsId: number;
  restore: () => Promise<void>;
};

/** The tag that starts each saved text, so a page can be checked for showing it. */
const tags = (run: string) => ({
  quick: `快询${run}`,
  news: `资讯${run}`,
  demand: `求购${run}`,
  product: `商品${run}`,
  model: `型号${run}`,
  article: `文章${run}`,
  address: `地址${run}`,
  company: `公司${run}`,
  store: `店铺${run}`,
});

async function buildWorld(request: APIRequestContext): Promise<TWorld> {
  const run = String(Date.now()).slice(-6);
  const t = tags(run);
  const adminToken = await apiToken(request, DEMO.admin);

  // A store of its own (company name, address, store name, a product and an article at their longest).
  const supplier = await registerMember(request);
  const opened = await api<{ id: number; storeUid: string }>(request, adminToken, 'POST', '/api/admin/suppliers', { member: supplier.id, companyName: unbroken(t.company, 100) });
  const supplierToken = await apiToken(request, supplier);
  const profile = await api<{ id: number; version: number; kind: string; store: { version: number; theme: number } }>(request, supplierToken, 'GET', '/api/supplier/profile');
  await api(request, supplierToken, 'PUT', '/api/supplier/company', {
    companyName: unbroken(t.company, 100),
    shortName: unbroken('简称', 40),
    province: '上海市',
    city: '上海市',
    address: unbroken(t.address, 200),
    contactName: unbroken('联系人', 40),
    contactPhone: '021-12345678',
    contactEmail: null,
    businessScope: unbroken('经营范围', 1000),
    founded: 2010,
    employees: null,
    registeredCapital: null,
    kind: profile.kind,
    version: profile.version,
  });
  await api(request, supplierToken, 'PUT', '/api/supplier/store', { version: profile.store.version, name: unbroken(t.store, 100), slogan: unbroken('标语', 120), introduction: `<p>${unbroken('介绍', 2000)}</p>`, theme: profile.store.theme, logo: null, banner: null });
  const categoryId = await leafCategoryId(request);
  const { id: productId } = await api<{ id: number }>(request, supplierToken, 'POST', '/api/supplier/products', {
    name: unbroken(t.product, 120),
    model: unbroken(t.model, 60),
    categoryId,
    brandId: null,
    storeCategoryId: null,
    price: 1234567.89,
    unit: unbroken('单', 10),
    origin: unbroken('产地', 40),
    summary: unbroken('简介', 300),
    description: `<p>${unbroken('详情', 5000)}</p>`,
    params: [{ name: unbroken('参数', 60), value: unbroken('参数值', 200) }],
    images: [],
    status: 'on_sale',
  });
  const { id: articleId } = await api<{ id: number }>(request, supplierToken, 'POST', '/api/supplier/articles', {
    kind: 'article',
    title: unbroken(t.article, 150),
    summary: unbroken('摘要', 300),
    content: `<p>${unbroken('正文', 5000)}</p>`,
    status: 'published',
  });

  // A demand of the demo buyer.
  const buyerToken = await apiToken(request, DEMO.buyer);
  const demand: TDemandInput = {
    title: unbroken(t.demand, 60),
    categoryId,
    quantity: 99999,
    unit: unbroken('单', 10),
    budget: 9_999_999,
    budgetHidden: false,
    needBy: day(40),
    quoteDeadline: day(10),
    province: '上海市',
    city: '上海市',
    description: unbroken('描述', 2000),
    params: [{ name: unbroken('参数', 30), value: unbroken('要求', 100) }],
    contactName: unbroken('联', 20),
    contactPhone: '13800000003',
    quoteCap: 10,
    quoteMode: 'public',
    attachmentIds: [],
    submit: true,
  };
  const { id: demandId } = await api<{ id: number }>(request, buyerToken, 'POST', '/api/demands', demand);

  // The demo buyer keeps the product in 收藏.
  await api(request, buyerToken, 'POST', '/api/collections', { kind: 'product', targetId: productId });
  // The demo buyer asks about the product: the supplier's inquiry inbox shows it (its subject is the product's name).
  await api(request, buyerToken, 'POST', '/api/inquiries', { productId, quantity: 99999, message: unbroken('询价', 1000), contactName: unbroken('联', 20), contactPhone: '13800000003' });

  // A quick inquiry from a visitor, every text at its longest.
  const mobile = freshMobile();
  const headers = { 'x-forwarded-for': `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  expect((await request.get('/resource/sms/code', { params: { phonenumber: mobile, purpose: 'inquiry' }, headers })).ok()).toBe(true);
  const quick = await request.post('/api/inquiries/quick', {
    headers,
    data: { subject: unbroken('仪器', 60), categoryId: null, quantity: 99999, unit: unbroken('单', 10), contactName: unbroken('联', 20), companyName: unbroken('单位', 100), mobile, code: await lastCode(mobile), message: unbroken(t.quick, 500) },
  });
  expect(((await quick.json()) as { code: number; msg: string }).msg).toContain('询价已提交');

  // A news item's title (there is no 新建 for news: the second oldest, restored afterwards; moderation.spec.ts edits the oldest).
  const first = await api<{ total: number }>(request, adminToken, 'GET', '/api/admin/publications/news?pageSize=1');
  const target = (await api<{ items: { id: number }[] }>(request, adminToken, 'GET', `/api/admin/publications/news?pageSize=1&page=${first.total - 1}`)).items[0]!;
  const original = await api<{ title: string; category: string; content: string; version: number }>(request, adminToken, 'GET', `/api/admin/publications/news/${target.id}`);
  await api(request, adminToken, 'PUT', `/api/admin/publications/news/${target.id}`, { title: unbroken(t.news, 150), category: original.category, content: original.content, version: original.version });

  const restore = async () => {
    const token = await apiToken(request, DEMO.admin);
    const now = await api<{ version: number }>(request, token, 'GET', `/api/admin/publications/news/${target.id}`);
    await api(request, token, 'PUT', `/api/admin/publications/news/${target.id}`, { title: original.title, category: original.category, content: original.content, version: now.version });
  };
  return { run, supplier, storeUid: opened.storeUid, supplierId: profile.id, productId, articleId, demandId, newsId: target.id, restore };
}

type TCase = {
  /** Who is signed in (nobody for public pages). */
  who?: TWho;
  /** The page; {store}, {supplier}, {product}, {article}, {demand} and {news} name what buildWorld made. */
  url: string;
  /** The saved texts the page shows, by their tags (in form fields when `field`). */
  shows: TTag | TTag[];
  field?: boolean;
};

const CASES: TCase[] = [
  // public pages
  { url: '/news/detail/{news}.html', shows: 'news' },
  { url: '/news?keyword={newsTag}', shows: 'news' },
  { url: '/demand?id={demand}', shows: 'demand' },
  { url: '/demand', shows: 'demand' },
  { url: '/shop/detail/{product}.html', shows: ['product', 'model'] },
  { url: '/store/{store}', shows: ['store', 'company', 'address', 'article'] },
  { url: '/store/{store}/allProducts', shows: 'product' },
  { url: '/store/{store}/goods-details?id={product}', shows: ['product', 'model'] },
  { url: '/store/{store}/companyProfile', shows: ['address', 'company'] },
  { url: '/store/{store}/store-article', shows: 'article' },
  { url: '/store/{store}/storeArticleDetails?id={article}', shows: 'article' },
  { url: '/enterprise/{supplier}', shows: ['address', 'company'] },
  { url: '/', shows: 'demand' },
  { url: '/shop?keyword={productTag}', shows: 'product' },
  { url: '/store?keyword={storeTag}', shows: ['store', 'company'] },
  { url: '/enterprise?keyword={companyTag}', shows: 'company' },
  // back offices
  { who: 'admin', url: '/admin/quickInquiry', shows: 'quick' },
  { who: 'admin', url: '/admin/newsManage?keyword={newsTag}', shows: 'news' },
  { who: 'admin', url: '/admin/productManage', shows: 'product' },
  { who: 'admin', url: '/admin/userManage/supplierUser', shows: 'company' },
  { who: 'buyer', url: '/admin/purchaser/demand-manager', shows: 'demand' },
  { who: 'buyer', url: '/admin/collect/product', shows: 'product' },
  { who: 'supplier', url: '/admin/supplier', shows: ['store', 'company', 'product'] },
  { who: 'supplier', url: '/admin/supplier/goods', shows: ['product', 'model'] },
  { who: 'supplier', url: '/admin/supplier/product-management', shows: ['product', 'model'] },
  { who: 'supplier', url: '/admin/supplier/article', shows: 'article' },
  { who: 'supplier', url: '/admin/supplier/inquiry', shows: 'product' },
  { who: 'supplier', url: '/admin/supplier/baseInfo', shows: ['address', 'company'], field: true },
  { who: 'supplier', url: '/admin/supplier/goods/goodDetail?id={product}', shows: ['product', 'model'], field: true },
];

const address = (url: string, w: TWorld) =>
  url.replace(/\{(\w+)\}/g, (_, name: string) =>
    String({ store: w.storeUid, supplier: w.supplierId, product: w.productId, article: w.articleId, demand: w.demandId, news: w.newsId, newsTag: tags(w.run).news, productTag: tags(w.run).product, storeTag: tags(w.run).store, companyTag: tags(w.run).company }[name]),
  );

/** Waits until the page shows the text that starts with `tag` (as text, or as a field's value). */
async function expectShown(page: Page, tag: string, field: boolean | undefined, label: string) {
  if (!field) return expect(page.getByText(tag).first(), label).toBeVisible();
  await page.waitForFunction((t) => [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some((el) => el.value.startsWith(t)), tag);
}

/**
 * What sticks out sideways: the page's own overflow, every visible button or control and every text
 * starting with one of the `saved` tags that ends outside the screen (or is cut off by a clipping ancestor). Controls in
 * a strip that scrolls on its own (tabs, menus) are left out; a table that scrolls sideways is not.
 */
async function measure(page: Page, saved: string[]) {
  return page.evaluate((saved) => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const inStrip = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if ((o === 'auto' || o === 'scroll') && !p.matches('table') && !p.querySelector('table')) return true;
      }
      return false;
    };
    const outside = (r: DOMRect) => r.left < -1 || r.right > width + 1;
    const where = (r: DOMRect) => `at ${Math.round(r.left)}–${Math.round(r.right)}`;
    const offscreen: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a.btn, [role="button"], select, input:not([type="hidden"]), textarea')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-hidden="true"]') || inStrip(el)) continue;
      if (outside(r)) offscreen.push(`${el.tagName.toLowerCase()} 「${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 20)}」 ${where(r)}`);
    }
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const tag = saved.find((t) => n.textContent?.includes(t));
      if (!el || !tag || inStrip(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      // What shows of it: its box within every ancestor that clips (an ellipsis, a card).
      let right = box.right;
      let left = box.left;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX === 'visible') continue;
        const r = p.getBoundingClientRect();
        right = Math.min(right, r.right);
        left = Math.max(left, r.left);
      }
      const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`;
      if (left < -1 || right > width + 1) texts.push(`${name} ${where(box)}`);
      else if (right < box.right - 1 && !el.closest('[title]')?.getAttribute('title')?.includes(tag)) texts.push(`${name} cut off at ${Math.round(right)} without a title`);
    }
    // Every text the page cuts itself (an ellipsis or a line clamp, whatever it shows, saved or seeded) carries its full value in a title:
    // on itself, an ancestor (a link around a card's line) or a link inside it (a list item's heading).
    const flat = (t: string | null | undefined) => (t ?? '').replace(/\s+/g, ' ').trim();
    const cut: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const cs = getComputedStyle(el);
      const clamp = cs.getPropertyValue('-webkit-line-clamp');
      const clamps = clamp !== '' && clamp !== 'none';
      const ellipsis = cs.textOverflow === 'ellipsis' && cs.overflowX !== 'visible';
      if ((!clamps && !ellipsis) || el.clientWidth === 0 || el.closest('[aria-hidden="true"]')) continue;
      if (el.scrollWidth <= el.clientWidth + 1 && !(clamps && el.scrollHeight > el.clientHeight + 1)) continue;
      // Its value without a tag inside it (求购, 平台分发) or a label before it (型号：, 主营：).
      const value = el.cloneNode(true) as HTMLElement;
      for (const t of value.querySelectorAll('[class*="tag"], [aria-hidden="true"]')) t.remove();
      const full = flat(value.textContent).replace(/^[^：:\s]{1,6}[：:]\s*/, '');
      if (!full) continue;
      const titles = [el.closest('[title]'), ...el.querySelectorAll('[title]')].map((t) => flat(t?.getAttribute('title')));
      if (!titles.some((t) => t.includes(full))) cut.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} 「${full.slice(0, 24)}」`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, offscreen: [...new Set(offscreen)], texts, cut: [...new Set(cut)] };
  }, saved);
}

test.describe('long text', () => {
  let world: TWorld;
  let setup: APIRequestContext;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(120_000);
    setup = await apiRequest.newContext({ baseURL });
    world = await buildWorld(setup);
  });
  test.afterAll(async () => {
    await world?.restore();
    await setup?.dispose();
  });

  for (const c of CASES) {
    const shows = [c.shows].flat();
    test(`${c.who ? `${c.who}: ` : ''}${c.url} stays within 1366 and 390 px with the longest ${shows.join(', ')}`, async ({ page }, testInfo) => {
      const url = address(c.url, world);
      const texts = shows.map((name) => tags(world.run)[name]);
      if (c.who) await loginAs(page, c.who === 'supplier' ? world.supplier : DEMO[c.who], url);
      for (const size of WIDTHS) {
        const at = `${url} at ${size.width} px`;
        await page.setViewportSize(size);
        await page.goto(url);
        for (const [i, tag] of texts.entries()) await expectShown(page, tag, c.field, `${url} shows the ${shows[i]}`);
        // A picture of the page around the first text, to look at.
        const top = c.field ? 0 : ((await page.getByText(texts[0]!).first().boundingBox())?.y ?? 0) + (await page.evaluate(() => window.scrollY));
        await page.screenshot({ path: testInfo.outputPath(`${size.width}.png`), fullPage: true, clip: { x: 0, y: Math.max(0, top - 300), width: size.width, height: 1400 } });
        const m = await measure(page, texts);
        expect.soft(m.offscreen, `${at}: controls off screen`).toEqual([]);
        expect.soft(m.texts, `${at}: saved text off screen, or cut off without its full value`).toEqual([]);
        expect.soft(m.cut, `${at}: text cut off (ellipsis or line clamp) without its full value in a title`).toEqual([]);
        expect.soft(m.scrollWidth, `${at}: page width`).toBeLessThanOrEqual(m.clientWidth + 1);
      }
    });
  }
});
