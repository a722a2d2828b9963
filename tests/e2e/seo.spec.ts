// What a crawler or a chat app's link preview gets from the server: each page's HTML carries its
// own title, description and Open Graph tags; robots.txt points at the sitemap by absolute URL.
import { expect, test, type APIRequestContext } from '@playwright/test';

const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

async function headOf(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  const html = await res.text();
  const meta = (attr: string, key: string) => {
    const found = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
    return found === undefined ? undefined : unescape(found);
  };
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    descriptionCount: html.match(/<meta name="description"/g)?.length ?? 0,
  };
}

test.describe('page meta in the served HTML', () => {
  test('list and service pages have their own title and description', async ({ request }) => {
    const pages: [string, string, RegExp][] = [
      ['/shop', '仪器商城', /型号搜索/],
      ['/news', '新闻资讯', /行业动态/],
      ['/enterprise', '企业库', /名录/],
      ['/service', '服务中心', /全流程服务/],
      ['/demand', '求购大厅', /密封报价/],
    ];
    const descriptions = new Set<string>();
    for (const [url, title, text] of pages) {
      const head = await headOf(request, url);
      expect(head.title, url).toBe(`${title} - 仪采通`);
      expect(head.ogTitle, url).toBe(title);
      expect(head.description, url).toMatch(text);
      expect(head.ogDescription, url).toBe(head.description);
      expect(head.descriptionCount, url).toBe(1);
      descriptions.add(head.description!);
    }
    expect(descriptions.size).toBe(pages.length);

    const home = await headOf(request, '/');
    expect(home.title).toBe('仪采通 - 科学仪器采购交易平台');
    expect(home.description).toContain('科学仪器');
  });

  test('a product opened through /shop/goods-details?id= carries its name and price', async ({ request }) => {
    const res = await request.get('/api/products?pageSize=1');
    const product = (await res.json()).data.items[0] as { id: number; name: string; model: string | null; price: number | null };
    const name = product.model && !product.name.includes(product.model) ? `${product.name} ${product.model}` : product.name;
    const price = product.price === null ? '价格面议' : `¥${product.price.toLocaleString('zh-CN')}`;
    for (const url of [`/shop/goods-details?id=${product.id}`, `/shop/detail/${product.id}.html`]) {
      const head = await headOf(request, url);
      expect(head.title, url).toBe(`${name} - 仪采通`);
      expect(head.ogTitle, url).toBe(name);
      expect(head.description, url).toContain(price);
      expect(head.ogDescription, url).toBe(head.description);
    }
  });

  test('robots.txt names the sitemap by absolute URL, and the sitemap answers', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toContain('Disallow: /admin');
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(text)?.[1];
    expect(sitemapUrl).toBe(`${new URL(baseURL!).origin}/sitemap.xml`);
    const sitemap = await request.get(sitemapUrl!);
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('<urlset');
  });
});
