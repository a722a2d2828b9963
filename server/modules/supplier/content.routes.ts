// /api/supplier/{store-categories,brands,brand-applications,articles,recruitments}: the rest of the
// supplier's store — its categories, brands, articles and solutions, and job positions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZArticleStatusBody,
  ZBrandApplication,
  ZBrandApplicationInput,
  ZBrandApplicationUpdate,
  ZBrandApplicationQuery,
  ZBrandOption,
  ZBrandOptionsQuery,
  ZCarriedBrand,
  ZCreated,
  ZIdParams,
  ZMoveBody,
  ZPlainPage,
  ZRecruitmentInput,
  ZRecruitmentUpdate,
  ZRecruitmentListQuery,
  ZRecruitmentStatusBody,
  ZStoreArticleInput,
  ZStoreArticleUpdate,
  ZStoreArticleListQuery,
  ZStoreCategoryDetail,
  ZStoreCategoryInput,
  ZStoreCategoryUpdate,
  ZStoreCategoryNode,
  ZSupplierArticleDetail,
  ZSupplierArticleList,
  ZSupplierRecruitment,
  ZSupplierRecruitmentList,
} from '../../../contracts/backoffice.js';
import { ZPage } from '../../../contracts/api.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import * as articles from './articles.service.js';
import * as brands from './brands.service.js';
import * as categories from './store-categories.service.js';
import * as jobs from './recruitments.service.js';
import { requireOwnSupplier } from './supplier.context.js';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = (req: Parameters<typeof requireOwnSupplier>[1]) => requireOwnSupplier(app.db, req);

  /* ---------- store categories ---------- */
  const catTags = ['supplier-store-categories'];
  app.get('/api/supplier/store-categories', { schema: { tags: catTags, summary: '店铺分类树（两级，含商品数；每店最多100个）', response: { 200: envelope(z.array(ZStoreCategoryNode)), ...errorResponses } } }, async (req) =>
    okData(await categories.tree(app.db, await own(req))),
  );
  app.get('/api/supplier/store-categories/:id', { schema: { tags: catTags, summary: '店铺分类详情', params: ZIdParams, response: { 200: envelope(ZStoreCategoryDetail), ...errorResponses } } }, async (req) =>
    okData(await categories.detail(app.db, await own(req), req.params.id)),
  );
  app.post('/api/supplier/store-categories', { schema: { tags: catTags, summary: '新建店铺分类', body: ZStoreCategoryInput, response: { 200: envelope(ZCreated), ...errorResponses } } }, async (req) =>
    okData({ id: await categories.create(app.db, await own(req), req.body) }, '分类已创建'),
  );
  app.put('/api/supplier/store-categories/:id', { schema: { tags: catTags, summary: '修改店铺分类', params: ZIdParams, body: ZStoreCategoryUpdate, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await categories.update(app.db, await own(req), req.params.id, req.body);
    return ok('分类已保存');
  });
  app.put('/api/supplier/store-categories/:id/move', { schema: { tags: catTags, summary: '在同级分类中上移或下移', params: ZIdParams, body: ZMoveBody, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await categories.move(app.db, await own(req), req.params.id, req.body.direction);
    return ok('排序已调整');
  });
  app.delete('/api/supplier/store-categories/:id', { schema: { tags: catTags, summary: '删除店铺分类（其商品变为未分类）', params: ZIdParams, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await categories.remove(app.db, await own(req), req.params.id);
    return ok('分类已删除');
  });

  /* ---------- brands ---------- */
  const brandTags = ['supplier-brands'];
  app.get('/api/supplier/brands/options', { schema: { tags: brandTags, summary: '可选品牌（已通过审核；自有品牌在前）', querystring: ZBrandOptionsQuery, response: { 200: envelope(ZPage(ZBrandOption)), ...errorResponses } } }, async (req) =>
    okData(await brands.options(app.db, await own(req), req.query)),
  );
  app.get('/api/supplier/brands/carried', { schema: { tags: brandTags, summary: '经营的品牌（由商品统计，含商品数）', querystring: ZPlainPage, response: { 200: envelope(ZPage(ZCarriedBrand)), ...errorResponses } } }, async (req) =>
    okData(await brands.carried(app.db, await own(req), req.query)),
  );
  app.get('/api/supplier/brand-applications', { schema: { tags: brandTags, summary: '我的品牌申请', querystring: ZBrandApplicationQuery, response: { 200: envelope(ZPage(ZBrandApplication)), ...errorResponses } } }, async (req) =>
    okData(await brands.applications(app.db, await own(req), req.query)),
  );
  app.post('/api/supplier/brand-applications', { schema: { tags: brandTags, summary: '申请新品牌（平台审核后可用）', body: ZBrandApplicationInput, response: { 200: envelope(ZCreated), ...errorResponses } } }, async (req) =>
    okData({ id: await brands.apply(app.db, await own(req), req.body) }, '品牌申请已提交，请等待平台审核'),
  );
  app.put('/api/supplier/brand-applications/:id', { schema: { tags: brandTags, summary: '修改品牌申请（重新进入审核）', params: ZIdParams, body: ZBrandApplicationUpdate, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await brands.edit(app.db, await own(req), req.params.id, req.body);
    return ok('已重新提交审核');
  });
  app.delete('/api/supplier/brand-applications/:id', { schema: { tags: brandTags, summary: '撤回或删除品牌申请（未被商品使用时）', params: ZIdParams, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await brands.withdraw(app.db, await own(req), req.params.id);
    return ok('品牌申请已删除');
  });

  /* ---------- articles and solutions ---------- */
  const articleTags = ['supplier-articles'];
  app.get('/api/supplier/articles', { schema: { tags: articleTags, summary: '店铺文章或解决方案列表', querystring: ZStoreArticleListQuery, response: { 200: envelope(ZSupplierArticleList), ...errorResponses } } }, async (req) =>
    okData(await articles.list(app.db, await own(req), req.query)),
  );
  app.get('/api/supplier/articles/:id', { schema: { tags: articleTags, summary: '文章编辑数据', params: ZIdParams, response: { 200: envelope(ZSupplierArticleDetail), ...errorResponses } } }, async (req) =>
    okData(await articles.detail(app.db, await own(req), req.params.id)),
  );
  app.post('/api/supplier/articles', { schema: { tags: articleTags, summary: '新建文章或解决方案（正文在服务端净化）', body: ZStoreArticleInput, response: { 200: envelope(ZCreated), ...errorResponses } } }, async (req) =>
    okData({ id: await articles.create(app.db, await own(req), req.body) }, req.body.status === 'published' ? '已发布' : '草稿已保存'),
  );
  app.put('/api/supplier/articles/:id', { schema: { tags: articleTags, summary: '修改文章或解决方案', params: ZIdParams, body: ZStoreArticleUpdate, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await articles.update(app.db, await own(req), req.params.id, req.body);
    return ok('已保存');
  });
  app.put('/api/supplier/articles/:id/status', { schema: { tags: articleTags, summary: '发布或撤回为草稿', params: ZIdParams, body: ZArticleStatusBody, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await articles.setStatus(app.db, await own(req), req.params.id, req.body.status);
    return ok(req.body.status === 'published' ? '已发布' : '已撤回为草稿');
  });
  app.delete('/api/supplier/articles/:id', { schema: { tags: articleTags, summary: '删除文章或解决方案', params: ZIdParams, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await articles.remove(app.db, await own(req), req.params.id);
    return ok('已删除');
  });

  /* ---------- recruitment ---------- */
  const jobTags = ['supplier-recruitment'];
  app.get('/api/supplier/recruitments', { schema: { tags: jobTags, summary: '招聘职位列表', querystring: ZRecruitmentListQuery, response: { 200: envelope(ZSupplierRecruitmentList), ...errorResponses } } }, async (req) =>
    okData(await jobs.list(app.db, await own(req), req.query)),
  );
  app.get('/api/supplier/recruitments/:id', { schema: { tags: jobTags, summary: '职位编辑数据', params: ZIdParams, response: { 200: envelope(ZSupplierRecruitment), ...errorResponses } } }, async (req) =>
    okData(await jobs.detail(app.db, await own(req), req.params.id)),
  );
  app.post('/api/supplier/recruitments', { schema: { tags: jobTags, summary: '发布职位（描述在服务端净化）', body: ZRecruitmentInput, response: { 200: envelope(ZCreated), ...errorResponses } } }, async (req) =>
    okData({ id: await jobs.create(app.db, await own(req), req.body) }, '职位已发布'),
  );
  app.put('/api/supplier/recruitments/:id', { schema: { tags: jobTags, summary: '修改职位', params: ZIdParams, body: ZRecruitmentUpdate, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await jobs.update(app.db, await own(req), req.params.id, req.body);
    return ok('职位已保存');
  });
  app.put('/api/supplier/recruitments/:id/status', { schema: { tags: jobTags, summary: '开启或关闭招聘', params: ZIdParams, body: ZRecruitmentStatusBody, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await jobs.setStatus(app.db, await own(req), req.params.id, req.body.status);
    return ok(req.body.status === 'open' ? '已开启招聘' : '已关闭招聘');
  });
  app.delete('/api/supplier/recruitments/:id', { schema: { tags: jobTags, summary: '删除职位', params: ZIdParams, response: { 200: ZOkResponse, ...errorResponses } } }, async (req) => {
    await jobs.remove(app.db, await own(req), req.params.id);
    return ok('职位已删除');
  });
};
