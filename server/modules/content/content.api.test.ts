// API tests of news and technical articles: lists, filters, search, pagination, detail and page meta.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TTestApp } from '../../test/harness.js';
import { renderIndexHtml, renderShell } from '../../plugins/html.js';
import { makeArticle, makeNews } from './content.factories.js';

let t: TTestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

type TBody<T = unknown> = { code: number; msg: string; data: T };
type TList = { items: { id: number; title: string; category: string; views: number; tags?: string[]; content?: string }[]; total: number; page: number; pageSize: number };
type TDetail = {
  id: number;
  title: string;
  content: string;
  views: number;
  prev: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
  related: { id: number; category: string }[];
};

const get = async <T>(url: string, query?: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, query });
  return { status: res.statusCode, body: res.json() as TBody<T> };
};

describe('news list', () => {
  let policy: Awaited<ReturnType<typeof makeNews>>[];
  beforeAll(async () => {
    policy = [];
    for (let i = 0; i < 5; i++) policy.push(await makeNews(t, { category: '政策法规', title: `计量器具管理办法解读第${i + 1}期`, minutesAgo: 100 + i }));
    await makeNews(t, { category: '展会资讯', title: '2026慕尼黑上海分析生化展开幕', summary: '质谱与色谱新品集中亮相', views: 900, minutesAgo: 200 });
    await makeNews(t, { category: '展会资讯', title: '中国科学仪器发展年会召开', summary: '聚焦国产高端仪器', views: 50, minutesAgo: 300 });
  });

  it('lists newest first, without content, in pages', async () => {
    const { status, body } = await get<TList>('/api/news', { pageSize: '3' });
    expect(status).toBe(200);
    expect(body.data.total).toBe(7);
    expect(body.data.items.map((i) => i.id)).toEqual([policy[0]!.id, policy[1]!.id, policy[2]!.id]);
    expect(body.data.items[0]).not.toHaveProperty('content');
    const page3 = await get<TList>('/api/news', { pageSize: '3', page: '3' });
    expect(page3.body.data).toMatchObject({ total: 7, page: 3, pageSize: 3 });
    expect(page3.body.data.items).toHaveLength(1);
  });

  it('filters by category and finds two-character Chinese keywords in title or summary', async () => {
    const byCategory = await get<TList>('/api/news', { category: '展会资讯' });
    expect(byCategory.body.data.total).toBe(2);
    expect(byCategory.body.data.items.every((i) => i.category === '展会资讯')).toBe(true);
    const inSummary = await get<TList>('/api/news', { keyword: '质谱' });
    expect(inSummary.body.data.items.map((i) => i.title)).toEqual(['2026慕尼黑上海分析生化展开幕']);
    const both = await get<TList>('/api/news', { keyword: '计量 第3期' });
    expect(both.body.data.items.map((i) => i.title)).toEqual(['计量器具管理办法解读第3期']);
    const none = await get<TList>('/api/news', { keyword: '100%_' });
    expect(none.body.data).toMatchObject({ total: 0, items: [] });
  });

  it('orders the hot list by views', async () => {
    const { body } = await get<TList>('/api/news', { sort: 'hot', pageSize: '2' });
    expect(body.data.items.map((i) => i.views)).toEqual([900, 50]);
  });

  it('answers bad query parameters with 400 and a Chinese message', async () => {
    const bad: Record<string, string>[] = [{ page: '0' }, { page: 'abc' }, { pageSize: '101' }, { sort: 'random' }, { keyword: '很'.repeat(51) }];
    for (const query of bad) {
      const { status, body } = await get('/api/news', query);
      expect(status).toBe(400);
      expect(body.code).toBe(400);
      expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('counts news per category', async () => {
    const { body } = await get<{ total: number; items: { name: string; count: number }[] }>('/api/news/categories');
    expect(body.data.total).toBe(7);
    expect(body.data.items).toEqual([
      { name: '政策法规', count: 5 },
      { name: '展会资讯', count: 2 },
    ]);
  });
});

describe('news detail', () => {
  it('sanitises the content, counts views, links neighbours and related items of the category', async () => {
    const older = await makeNews(t, { category: '企业新闻', minutesAgo: 5000 });
    const item = await makeNews(t, {
      category: '企业新闻',
      title: '某仪器公司发布新一代液相色谱仪',
      content: '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:alert(1)">坏链接</a><a href="https://example.com/x">外链</a><img src="https://img.example.com/a.png" onerror="x()"></p>',
      minutesAgo: 4000,
    });
    const newer = await makeNews(t, { category: '企业新闻', minutesAgo: 3000 });
    const first = await get<TDetail>(`/api/news/${item.id}`);
    expect(first.status).toBe(200);
    const d = first.body.data;
    expect(d.title).toBe('某仪器公司发布新一代液相色谱仪');
    expect(d.content).toContain('正文');
    expect(d.content).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(d.content).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">外链</a>');
    expect(d.content).toContain('<img src="https://img.example.com/a.png" />');
    expect(d.views).toBe(1);
    expect(d.prev?.id).toBe(newer.id);
    expect(d.next?.id).toBe(older.id);
    expect(d.related.map((r) => r.id).sort()).toEqual([older.id, newer.id].sort());
    expect(d.related.every((r) => r.category === '企业新闻')).toBe(true);
    // Another visitor (one visitor's reloads are one visit: lib/view-counts.api.test.ts).
    const second = await t.app.inject({ method: 'GET', url: `/api/news/${item.id}`, headers: { 'x-forwarded-for': '10.9.5.1' } });
    expect((second.json() as TBody<TDetail>).data.views).toBe(2);
  });

  it('counts concurrent views without losing any', async () => {
    const item = await makeNews(t);
    await Promise.all(Array.from({ length: 8 }, (_, i) => t.app.inject({ method: 'GET', url: `/api/news/${item.id}`, headers: { 'x-forwarded-for': `10.9.6.${i + 1}` } })));
    expect((await get<TDetail>(`/api/news/${item.id}`)).body.data.views).toBe(9);
  });

  it('relates at most 6 items', async () => {
    const items = [];
    for (let i = 0; i < 8; i++) items.push(await makeNews(t, { category: '人物访谈' }));
    const { body } = await get<TDetail>(`/api/news/${items[0]!.id}`);
    expect(body.data.related).toHaveLength(6);
    expect(body.data.related.map((r) => r.id)).not.toContain(items[0]!.id);
  });

  it('answers an unknown id with 404 新闻不存在 and a non-numeric id with 400', async () => {
    const missing = await get('/api/news/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, msg: '新闻不存在' });
    for (const id of ['abc', '1.5', '-3', '0']) {
      const bad = await get(`/api/news/${id}`);
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toMatch(/编号/);
    }
  });
});

describe('technical articles', () => {
  let hplc: Awaited<ReturnType<typeof makeArticle>>;
  beforeAll(async () => {
    hplc = await makeArticle(t, { category: '操作指南', title: '高效液相色谱柱的日常维护', tags: ['色谱', '维护保养'], views: 30 });
    await makeArticle(t, { category: '操作指南', title: '电子天平的校准方法', tags: ['天平', '校准'], views: 10 });
    await makeArticle(t, { category: '应用方案', title: '土壤重金属的ICP-MS测定', tags: ['质谱', '环境监测'], views: 70 });
  });

  it('lists with tags, filters by category, tag and keyword', async () => {
    const all = await get<TList>('/api/articles');
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.items[0]).toHaveProperty('tags');
    expect((await get<TList>('/api/articles', { category: '操作指南' })).body.data.total).toBe(2);
    expect((await get<TList>('/api/articles', { tag: '天平' })).body.data.items.map((i) => i.title)).toEqual(['电子天平的校准方法']);
    expect((await get<TList>('/api/articles', { keyword: 'icp-ms' })).body.data.items.map((i) => i.title)).toEqual(['土壤重金属的ICP-MS测定']);
    expect((await get<TList>('/api/articles', { sort: 'hot', pageSize: '1' })).body.data.items[0]!.views).toBe(70);
  });

  it('counts categories and tags', async () => {
    const cats = await get<{ total: number; items: { name: string; count: number }[] }>('/api/articles/categories');
    expect(cats.body.data.items).toEqual([
      { name: '操作指南', count: 2 },
      { name: '应用方案', count: 1 },
    ]);
    const tags = await get<{ name: string; count: number }[]>('/api/articles/tags');
    expect(tags.body.data).toContainEqual({ name: '色谱', count: 1 });
    expect(tags.body.data).toHaveLength(6);
    expect((await get('/api/articles/tags', { limit: '0' })).status).toBe(400);
  });

  it('shows a detail with tags and counts the view; unknown id is 404 文章不存在', async () => {
    const { body } = await get<TDetail & { tags: string[] }>(`/api/articles/${hplc.id}`);
    expect(body.data).toMatchObject({ id: hplc.id, title: '高效液相色谱柱的日常维护', tags: ['色谱', '维护保养'], views: 31 });
    const missing = await get('/api/articles/424242');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('文章不存在');
    expect((await get('/api/articles/x1')).status).toBe(400);
  });
});

describe('page meta for shared links', () => {
  const template = '<html><head><title>仪采通</title><meta name="description" content="默认"></head><body></body></html>';

  it('writes the title and summary of a news item and an article into the HTML', async () => {
    const item = await makeNews(t, { title: '新版《实验室认可准则》发布', summary: '准则将于下月正式实施' });
    const html = await renderIndexHtml(t.app, template, `/news/detail/${item.id}.html`);
    expect(html).toContain('<title>新版《实验室认可准则》发布 - 仪采通</title>');
    expect(html).toContain('<meta name="description" content="准则将于下月正式实施">');
    expect(html).toContain('<meta property="og:title" content="新版《实验室认可准则》发布">');
    const article = await makeArticle(t, { title: '气相色谱进样口的清洗', summary: '' });
    const articleHtml = await renderIndexHtml(t.app, template, `/technicalCentre/detail/${article.id}.html`);
    expect(articleHtml).toContain('<title>气相色谱进样口的清洗 - 仪采通</title>');
    expect(articleHtml).toMatch(/<meta name="description" content="测试文章\d+的正文。">/);
  });

  it('gives search engines a NewsArticle or Article with its breadcrumb, and 404 for an unknown item', async () => {
    const item = await makeNews(t, { title: '仪器展会在沪开幕', summary: '展会为期三天' });
    const shell = await renderShell(t.app, template, `/news/detail/${item.id}.html`);
    expect(shell.status).toBe(200);
    const ld = [...shell.html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(ld[0]).toMatchObject({ '@type': 'NewsArticle', headline: '仪器展会在沪开幕', description: '展会为期三天' });
    expect(ld[1]).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((ld[1]!.itemListElement as { name: string }[]).map((c) => c.name)).toEqual(['首页', '新闻资讯', '仪器展会在沪开幕']);
    expect(shell.html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/news/detail/${item.id}\\.html">`));
    const article = await makeArticle(t, { title: '液相色谱柱的保存' });
    expect((await renderShell(t.app, template, `/technicalCentre/detail/${article.id}.html`)).html).toContain('"@type":"Article"');
    expect((await renderShell(t.app, template, '/news/detail/987654.html')).status).toBe(404);
    expect((await renderShell(t.app, template, '/technicalCentre/detail/987654.html')).status).toBe(404);
  });

  it('gives unknown or unreadable ids the error page head (and 404) and counts no view', async () => {
    for (const url of ['/news/detail/987654.html', '/news/detail/abc.html', '/technicalCentre/detail/0.html']) {
      const shell = await renderShell(t.app, template, url);
      expect(shell.status, url).toBe(404);
      expect(shell.html, url).toContain('<title>错误 404 - 仪采通</title>');
      expect(shell.html, url).toContain('<meta name="robots" content="noindex">');
    }
    const item = await makeNews(t);
    await renderIndexHtml(t.app, template, `/news/detail/${item.id}.html`);
    expect((await get<TDetail>(`/api/news/${item.id}`)).body.data.views).toBe(1);
  });
});
