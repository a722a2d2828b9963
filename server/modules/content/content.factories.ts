// Test factories for content fixtures: news, technical articles and products.
import { news, articles, products } from '../../db/schema.js';
import type { TTestApp } from '../../test/harness.js';

let seq = 0;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

export async function makeNews(
  t: TTestApp,
  opts: { category?: string; title?: string; summary?: string; content?: string; views?: number; minutesAgo?: number; source?: string } = {},
) {
  const n = ++seq;
  const [row] = await t.database.db
    .insert(news)
    .values({
      category: opts.category ?? '行业动态',
      title: opts.title ?? `测试新闻${n}`,
      summary: opts.summary ?? `测试新闻${n}的摘要`,
      content: opts.content ?? `<p>测试新闻${n}的正文。</p>`,
      source: opts.source ?? '仪采通',
      author: '编辑部',
      views: opts.views ?? 0,
      publishedAt: minutesAgo(opts.minutesAgo ?? n),
    })
    .returning();
  return row!;
}

export async function makeArticle(
  t: TTestApp,
  opts: { category?: string; title?: string; summary?: string; content?: string; tags?: string[]; views?: number; minutesAgo?: number } = {},
) {
  const n = ++seq;
  const [row] = await t.database.db
    .insert(articles)
    .values({
      category: opts.category ?? '应用方案',
      title: opts.title ?? `测试文章${n}`,
      summary: opts.summary ?? `测试文章${n}的摘要`,
      content: opts.content ?? `<p>测试文章${n}的正文。</p>`,
      author: '技术部',
      tags: opts.tags ?? ['色谱'],
      views: opts.views ?? 0,
      publishedAt: minutesAgo(opts.minutesAgo ?? n),
    })
    .returning();
  return row!;
}

export async function makeProduct(t: TTestApp, supplierId: number, opts: { name?: string; model?: string; price?: number | null } = {}) {
  const n = ++seq;
  const [row] = await t.database.db
    .insert(products)
    .values({
      supplierId,
      categoryId: 1,
      name: opts.name ?? `测试仪器${n}`,
      model: opts.model ?? `T-${n}`,
      price: opts.price === null ? null : String(opts.price ?? 12800),
    })
    .returning();
  return row!;
}
