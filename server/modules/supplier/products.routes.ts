// /api/supplier/products*: the supplier's goods — list, editor, quick edits and batch actions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAffected,
  ZCreated,
  ZIdParams,
  ZProductBatchDelete,
  ZProductBatchPrice,
  ZProductBatchStatus,
  ZProductBatchStoreCategory,
  ZProductInput,
  ZProductListQuery,
  ZProductQuickEdit,
  ZProductUpdate,
  ZSupplierProductDetail,
  ZSupplierProductList,
} from '../../../contracts/backoffice.js';
import { envelope, errorResponses, ok, okData, ZOkResponse } from '../../lib/route-schemas.js';
import * as svc from './products.service.js';
import { requireOwnSupplier } from './supplier.context.js';

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['supplier-goods'];

  app.get(
    '/api/supplier/products',
    { schema: { tags, summary: '我的商品（按状态、关键词、店铺分类、品牌筛选，分页；附各状态数量）', querystring: ZProductListQuery, response: { 200: envelope(ZSupplierProductList), ...errorResponses } } },
    async (req) => okData(await svc.list(app.db, await requireOwnSupplier(app.db, req), req.query)),
  );

  app.get(
    '/api/supplier/products/:id',
    { schema: { tags, summary: '商品编辑数据（参数、图片、分类路径）', params: ZIdParams, response: { 200: envelope(ZSupplierProductDetail), ...errorResponses } } },
    async (req) => okData(await svc.detail(app.db, await requireOwnSupplier(app.db, req), req.params.id)),
  );

  app.post(
    '/api/supplier/products',
    { schema: { tags, summary: '发布商品（详情富文本在服务端净化；重算搜索词）', body: ZProductInput, response: { 200: envelope(ZCreated), ...errorResponses } } },
    async (req) => {
      const me = await requireOwnSupplier(app.db, req);
      const id = await svc.create(app.db, me, req.body);
      return okData({ id }, req.body.status === 'on_sale' ? '商品已发布' : '商品已保存');
    },
  );

  app.put(
    '/api/supplier/products/:id',
    { schema: { tags, summary: '修改商品（参数与图片整体替换；重算搜索词）', params: ZIdParams, body: ZProductUpdate, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      await svc.update(app.db, await requireOwnSupplier(app.db, req), req.params.id, req.body);
      return ok('商品已保存');
    },
  );

  app.put(
    '/api/supplier/products/:id/quick',
    { schema: { tags, summary: '快捷修改价格、状态或店铺分类', params: ZIdParams, body: ZProductQuickEdit, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      await svc.quickEdit(app.db, await requireOwnSupplier(app.db, req), req.params.id, req.body);
      return ok('已保存');
    },
  );

  app.delete(
    '/api/supplier/products/:id',
    { schema: { tags, summary: '删除商品', params: ZIdParams, response: { 200: ZOkResponse, ...errorResponses } } },
    async (req) => {
      await svc.remove(app.db, await requireOwnSupplier(app.db, req), req.params.id);
      return ok('商品已删除');
    },
  );

  app.put(
    '/api/supplier/products/batch/status',
    { schema: { tags, summary: '批量上架或下架（最多100个）', body: ZProductBatchStatus, response: { 200: envelope(ZAffected), ...errorResponses } } },
    async (req) => {
      const affected = await svc.batchStatus(app.db, await requireOwnSupplier(app.db, req), req.body.ids, req.body.status);
      return okData({ affected }, `已${req.body.status === 'on_sale' ? '上架' : '下架'}${affected}件商品`);
    },
  );

  app.put(
    '/api/supplier/products/batch/price',
    { schema: { tags, summary: '批量改价：按百分比调价（面议商品不变），或统一改为一个价格（price，null 为面议）', body: ZProductBatchPrice, response: { 200: envelope(ZAffected), ...errorResponses } } },
    async (req) => {
      const affected = await svc.batchPrice(app.db, await requireOwnSupplier(app.db, req), req.body);
      return okData({ affected }, req.body.price === null ? `已将${affected}件商品改为面议` : `已调整${affected}件商品的价格`);
    },
  );

  app.put(
    '/api/supplier/products/batch/store-category',
    { schema: { tags, summary: '批量设置店铺分类（null 为未分类）', body: ZProductBatchStoreCategory, response: { 200: envelope(ZAffected), ...errorResponses } } },
    async (req) => {
      const affected = await svc.batchStoreCategory(app.db, await requireOwnSupplier(app.db, req), req.body.ids, req.body.storeCategoryId);
      return okData({ affected }, `已设置${affected}件商品的店铺分类`);
    },
  );

  app.post(
    '/api/supplier/products/batch/delete',
    { schema: { tags, summary: '批量删除商品', body: ZProductBatchDelete, response: { 200: envelope(ZAffected), ...errorResponses } } },
    async (req) => {
      const affected = await svc.batchDelete(app.db, await requireOwnSupplier(app.db, req), req.body.ids);
      return okData({ affected }, `已删除${affected}件商品`);
    },
  );
};
