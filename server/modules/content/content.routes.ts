// Content routes: news, technical articles, feedback and favourites, plus the server-side page meta
// of news and article detail pages.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPage } from '../../../contracts/api.js';
import {
  ZArticleDetail,
  ZArticleListItem,
  ZArticleListQuery,
  ZCategoryCount,
  ZCategoryCounts,
  ZCollectListQuery,
  ZCollectRequest,
  ZCollectStatus,
  ZCollectStatusQuery,
  ZCollectedItem,
  ZContentIdParams,
  ZFeedbackAdminQuery,
  ZFeedbackCreate,
  ZFeedbackEntry,
  ZFeedbackUpdate,
  ZNewsDetail,
  ZNewsListItem,
  ZNewsListQuery,
  ZTagQuery,
} from '../../../contracts/content.js';
import { PAGE_NOT_FOUND, registerMetaResolver } from '../../plugins/html.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import * as publications from './publications.service.js';
import * as feedbackSvc from './feedback.service.js';
import * as collectionsSvc from './collections.service.js';
import { visitorOf } from '../../lib/view-counts.js';
import './page-visits.js';

// Shared links to a news item or an article show its title and summary (issue 5, SEO); search
// engines get NewsArticle / Article data and the breadcrumb; an unknown item, or an address whose id
// the page cannot read (/news/detail/abc.html: the page's 404 too), answers 404.
const DETAIL_PAGES = [
  { re: /^\/news\/detail\/([^/]*)\.html$/, kind: 'news' as const, type: 'NewsArticle', list: { name: '新闻资讯', path: '/news' } },
  { re: /^\/technicalCentre\/detail\/([^/]*)\.html$/, kind: 'article' as const, type: 'Article', list: { name: '技术中心', path: '/technicalCentre' } },
];
registerMetaResolver(async (app, pathname) => {
  for (const page of DETAIL_PAGES) {
    const m = page.re.exec(pathname);
    if (!m) continue;
    // As the page reads it (parseDetailId): 1 to 10 digits, 1 to 2147483647.
    const id = /^\d{1,10}$/.test(m[1]!) ? Number(m[1]) : 0;
    if (id < 1 || id > 2147483647) return PAGE_NOT_FOUND;
    const meta = await publications.pageMeta(app.db, page.kind, id);
    if (!meta) return PAGE_NOT_FOUND;
    const base = app.config.PUBLIC_URL?.replace(/\/$/, '');
    const image = meta.cover ? (/^https?:\/\//.test(meta.cover) ? meta.cover : base ? `${base}${meta.cover.startsWith('/') ? '' : '/'}${meta.cover}` : undefined) : undefined;
    const article = {
      '@context': 'https://schema.org',
      '@type': page.type,
      headline: meta.title.slice(0, 110),
      description: meta.description,
      datePublished: meta.publishedAt.toISOString(),
      articleSection: meta.category,
      mainEntityOfPage: `${app.config.publicUrl}${pathname}`,
      ...(image ? { image: [image] } : {}),
      ...(meta.author ? { author: { '@type': 'Person', name: meta.author } } : {}),
      publisher: { '@type': 'Organization', name: app.config.SITE_NAME },
    };
    return {
      title: meta.title,
      description: meta.description,
      image,
      ogType: 'article' as const,
      jsonLd: [article],
      breadcrumb: [{ name: '首页', path: '/' }, page.list, { name: meta.title, path: pathname }],
    };
  }
  return null;
});

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  /* ---------- news ---------- */
  app.get(
    '/api/news',
    { schema: { tags: ['news'], summary: '新闻列表（分类、关键词、分页；sort=hot 按浏览量）', querystring: ZNewsListQuery, response: { 200: envelope(ZPage(ZNewsListItem)), ...errorResponses } } },
    async (req) => okData(await publications.listNews(app.db, req.query)),
  );

  app.get('/api/news/categories', { schema: { tags: ['news'], summary: '新闻分类及数量', response: { 200: envelope(ZCategoryCounts), ...errorResponses } } }, async () =>
    okData(await publications.categories(app.db, 'news')),
  );

  app.get(
    '/api/news/:id',
    { schema: { tags: ['news'], summary: '新闻详情（计一次浏览；含上一篇、下一篇和6条相关新闻）', params: ZContentIdParams, response: { 200: envelope(ZNewsDetail), ...errorResponses } } },
    async (req) => okData(await publications.newsDetail(app.db, req.params.id, visitorOf(req))),
  );

  /* ---------- technical articles ---------- */
  app.get(
    '/api/articles',
    {
      schema: {
        tags: ['articles'],
        summary: '技术文章列表（分类、标签、关键词、分页；sort=hot 按浏览量）',
        querystring: ZArticleListQuery,
        response: { 200: envelope(ZPage(ZArticleListItem)), ...errorResponses },
      },
    },
    async (req) => okData(await publications.listArticles(app.db, req.query)),
  );

  app.get('/api/articles/categories', { schema: { tags: ['articles'], summary: '技术文章分类及数量', response: { 200: envelope(ZCategoryCounts), ...errorResponses } } }, async () =>
    okData(await publications.categories(app.db, 'article')),
  );

  app.get(
    '/api/articles/tags',
    { schema: { tags: ['articles'], summary: '热门标签及文章数', querystring: ZTagQuery, response: { 200: envelope(z.array(ZCategoryCount)), ...errorResponses } } },
    async (req) => okData(await publications.tags(app.db, req.query.limit)),
  );

  app.get(
    '/api/articles/:id',
    { schema: { tags: ['articles'], summary: '技术文章详情（计一次浏览；含上一篇、下一篇和6篇相关文章）', params: ZContentIdParams, response: { 200: envelope(ZArticleDetail), ...errorResponses } } },
    async (req) => okData(await publications.articleDetail(app.db, req.params.id, visitorOf(req))),
  );

  /* ---------- feedback ---------- */
  app.post(
    '/api/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: '提交意见反馈（游客可提交；每个IP每小时最多5条）',
        security: [],
        body: ZFeedbackCreate,
        response: { 200: envelope(z.object({ id: z.number() })), ...errorResponses },
      },
    },
    async (req) => {
      const member = await req.getMember();
      const data = await feedbackSvc.submitFeedback(app.db, req.body, { memberId: member?.id ?? null, ip: req.ip });
      return okData(data, '感谢您的反馈');
    },
  );

  app.get(
    '/api/admin/feedback',
    { schema: { tags: ['feedback'], summary: '意见反馈列表（平台管理员）', querystring: ZFeedbackAdminQuery, response: { 200: envelope(ZPage(ZFeedbackEntry)), ...errorResponses } } },
    async (req) => {
      await req.requireRole('admin');
      return okData(await feedbackSvc.listFeedback(app.db, req.query));
    },
  );

  app.put(
    '/api/admin/feedback/:id',
    {
      schema: {
        tags: ['feedback'],
        summary: '更新意见反馈的处理状态（平台管理员）',
        params: ZContentIdParams,
        body: ZFeedbackUpdate,
        response: { 200: ZOkResponse, ...errorResponses },
      },
    },
    async (req) => {
      await req.requireRole('admin');
      const label = await feedbackSvc.setFeedbackStatus(app.db, req.params.id, req.body.status);
      return ok(`已标记为${label}`);
    },
  );

  /* ---------- favourites ---------- */
  app.post(
    '/api/collections',
    { schema: { tags: ['collections'], summary: '收藏商品、店铺或技术文章（重复收藏不报错）', body: ZCollectRequest, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      await collectionsSvc.collect(app.db, me.id, req.body.kind, req.body.targetId);
      return ok('收藏成功');
    },
  );

  app.delete(
    '/api/collections',
    { schema: { tags: ['collections'], summary: '取消收藏', querystring: ZCollectRequest, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      await collectionsSvc.uncollect(app.db, me.id, req.query.kind, req.query.targetId);
      return ok('已取消收藏');
    },
  );

  app.get(
    '/api/collections/status',
    {
      schema: {
        tags: ['collections'],
        summary: '查询哪些对象已被当前会员收藏（ids 以逗号分隔，最多100个）',
        querystring: ZCollectStatusQuery,
        response: { 200: envelope(ZCollectStatus), ...errorResponses },
      },
    },
    async (req) => {
      const me = await req.requireMember();
      return okData({ ids: await collectionsSvc.collectedIds(app.db, me.id, req.query.kind, req.query.ids) });
    },
  );

  app.get(
    '/api/collections',
    { schema: { tags: ['collections'], summary: '我的收藏（按类型分页，含对象的展示信息）', querystring: ZCollectListQuery, response: { 200: envelope(ZPage(ZCollectedItem)), ...errorResponses } } },
    async (req) => {
      const me = await req.requireMember();
      const { kind, page, pageSize } = req.query;
      return okData(await collectionsSvc.listCollected(app.db, me.id, kind, { page, pageSize }));
    },
  );
};
