// Public catalogue API (SPEC §1–§2): home, categories, brands, products and search, stores,
// enterprises; plus /sitemap.xml, /robots.txt and the page meta of shared links.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZBrand, ZBrandQuery, ZCategoryNode, ZEnterpriseCard, ZEnterpriseDetail, ZEnterpriseQuery, ZHome, ZIdParam, ZMatchNotice, ZPlainPageQuery, ZProductCard, ZProductDetail, ZProductList, ZProductQuery, ZRecruitment, ZStoreArticleCard, ZStoreArticleDetail, ZStoreArticleParam, ZStoreArticleQuery, ZStoreCard, ZStoreCategory, ZStoreDetail, ZStoreListQuery, ZStoreParam, ZStoreProductQuery } from '../../../contracts/catalogue.js';
import { PROVINCES } from '../../../contracts/catalogue-constants.js';
import { ZPage } from '../../../contracts/api.js';
import { envelope, errorResponses, okData } from '../../lib/route-schemas.js';
import * as svc from './catalogue.service.js';
import { cached } from '../../lib/cache.js';
import { REVALIDATE_CACHE_CONTROL } from '../../plugins/http-caching.js';
import { registerCatalogueMeta } from './seo.js';
import { renderRobots, renderSitemap, siteBase } from './sitemap.js';
import { visitorOf } from '../../lib/view-counts.js';
import { registerCataloguePageVisits } from './page-visits.js';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCatalogueMeta();
  registerCataloguePageVisits();
  const tags = ['catalogue'];
  const storeTags = ['stores'];

  app.get('/api/home', { schema: { tags, summary: '首页数据：分类导航、推荐商品、品牌、店铺、最新求购、资讯与技术文章、轮播', response: { 200: envelope(ZHome), ...errorResponses } } }, async () =>
    okData(await svc.homeData(app.db)),
  );

  app.get('/api/categories', { schema: { tags, summary: '商品分类树（parentId 为 0 的是一级分类）', response: { 200: envelope(z.array(ZCategoryNode)), ...errorResponses } } }, async () =>
    okData(await svc.categoryTree(app.db)),
  );

  app.get('/api/regions', { schema: { tags, summary: '省级地区（商品与企业的地区筛选）', response: { 200: envelope(z.array(z.string())), ...errorResponses } } }, async () =>
    okData([...PROVINCES]),
  );

  app.get('/api/brands', { schema: { tags, summary: '品牌列表（可按分类、关键词筛选，分页）', querystring: ZBrandQuery, response: { 200: envelope(ZPage(ZBrand)), ...errorResponses } } }, async (req) =>
    okData(await svc.listBrands(app.db, req.query)),
  );

  app.get(
    '/api/products',
    {
      schema: {
        tags,
        summary: '商品搜索与筛选：中文词（含两字词）与型号关键词、分类（含下级）、品牌、价格、地区、排序、分页；返回命中词与品牌分布',
        querystring: ZProductQuery,
        response: { 200: envelope(ZProductList), ...errorResponses },
      },
    },
    async (req) => okData(await svc.listProducts(app.db, req.query)),
  );

  app.get('/api/products/:id', { schema: { tags, summary: '商品详情（参数、图片、分类路径、供应商、相关商品；浏览数加一）', params: ZIdParam, response: { 200: envelope(ZProductDetail), ...errorResponses } } }, async (req) =>
    okData(await svc.productDetail(app.db, req.params.id, visitorOf(req))),
  );

  // ---- stores ----
  app.get('/api/stores', { schema: { tags: storeTags, summary: '店铺大全（关键词、地区、企业类型；sort=replyRate 按回复率排序，fast=1 只看24小时内回复的；分页）', querystring: ZStoreListQuery, response: { 200: envelope(ZPage(ZStoreCard).extend(ZMatchNotice)), ...errorResponses } } }, async (req) =>
    okData(await svc.listStores(app.db, req.query)),
  );

  app.get('/api/stores/:uid', { schema: { tags: storeTags, summary: '店铺信息（供应商资料、主题、各栏目数量）', params: ZStoreParam, response: { 200: envelope(ZStoreDetail), ...errorResponses } } }, async (req) =>
    okData(await svc.storeDetail(app.db, req.params.uid, visitorOf(req))),
  );

  app.get(
    '/api/stores/:uid/products',
    {
      schema: {
        tags: storeTags,
        summary: '店铺商品（店铺分类、关键词，分页）',
        params: ZStoreParam,
        querystring: ZStoreProductQuery,
        response: { 200: envelope(ZPage(ZProductCard).extend({ terms: z.array(z.string()), ...ZMatchNotice })), ...errorResponses },
      },
    },
    async (req) => okData(await svc.storeProducts(app.db, req.params.uid, req.query)),
  );

  app.get(
    '/api/stores/:uid/products/:id',
    { schema: { tags: storeTags, summary: '店铺内的商品详情（只限本店商品，别家商品答 404；浏览数加一）', params: ZStoreArticleParam, response: { 200: envelope(ZProductDetail), ...errorResponses } } },
    async (req) => okData(await svc.storeProductDetail(app.db, req.params.uid, req.params.id, visitorOf(req))),
  );

  app.get('/api/stores/:uid/categories', { schema: { tags: storeTags, summary: '店铺商品分类树（含商品数）', params: ZStoreParam, response: { 200: envelope(z.array(ZStoreCategory)), ...errorResponses } } }, async (req) =>
    okData(await svc.storeCategories(app.db, req.params.uid)),
  );

  app.get(
    '/api/stores/:uid/articles',
    {
      schema: {
        tags: storeTags,
        summary: '店铺文章（kind=article）或解决方案（kind=scheme），分页',
        params: ZStoreParam,
        querystring: ZStoreArticleQuery,
        response: { 200: envelope(ZPage(ZStoreArticleCard)), ...errorResponses },
      },
    },
    async (req) => okData(await svc.storeArticles(app.db, req.params.uid, req.query.kind, req.query.page, req.query.pageSize)),
  );

  app.get('/api/stores/:uid/articles/:id', { schema: { tags: storeTags, summary: '店铺文章详情（正文已净化；浏览数加一）', params: ZStoreArticleParam, response: { 200: envelope(ZStoreArticleDetail), ...errorResponses } } }, async (req) =>
    okData(await svc.storeArticle(app.db, req.params.uid, req.params.id, visitorOf(req))),
  );

  app.get(
    '/api/stores/:uid/recruitments',
    { schema: { tags: storeTags, summary: '店铺在招职位，分页', params: ZStoreParam, querystring: ZPlainPageQuery, response: { 200: envelope(ZPage(ZRecruitment)), ...errorResponses } } },
    async (req) => okData(await svc.storeRecruitments(app.db, req.params.uid, req.query.page, req.query.pageSize)),
  );

  // ---- enterprises ----
  app.get(
    '/api/enterprises',
    { schema: { tags: ['enterprises'], summary: '企业库（关键词、地区、企业类型、是否认证；sort=replyRate 按回复率排序，fast=1 只看24小时内回复的；分页）', querystring: ZEnterpriseQuery, response: { 200: envelope(ZPage(ZEnterpriseCard).extend(ZMatchNotice)), ...errorResponses } } },
    async (req) => okData(await svc.listEnterprises(app.db, req.query)),
  );

  app.get('/api/enterprises/:id', { schema: { tags: ['enterprises'], summary: '企业详情（资料、产品、店铺）', params: ZIdParam, response: { 200: envelope(ZEnterpriseDetail), ...errorResponses } } }, async (req) =>
    okData(await svc.enterpriseDetail(app.db, req.params.id)),
  );

  // ---- SEO ----
  app.get('/sitemap.xml', { schema: { tags: ['seo'], summary: '站点地图：商品（最近的，至多五万条链接）、店铺、新闻、技术文章与主要页面', produces: ['application/xml'] } }, async (req, reply) => {
    const base = siteBase(app.config.PUBLIC_URL, req);
    // From the shared answer cache (a write's NOTIFY drops it); crawlers revalidate by ETag, so a
    // rejected supplier's pages leave the sitemap at once.
    const xml = await cached(app.db, 'sitemap', base, ['catalogue', 'news', 'articles'], () => renderSitemap(app.db, base));
    return reply.type('application/xml; charset=utf-8').header('cache-control', REVALIDATE_CACHE_CONTROL).send(xml);
  });

  app.get('/robots.txt', { schema: { tags: ['seo'], summary: '爬虫规则，附站点地图的绝对地址', produces: ['text/plain'] } }, async (req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(renderRobots(siteBase(app.config.PUBLIC_URL, req))),
  );
};
