// Requests and answers of the public catalogue: home, categories, brands, products, stores and
// enterprises. Shared by the API (validation, OpenAPI) and the renderer (types, filter values).
import { z } from 'zod';
import { ZPage } from './api.js';
import { blank, page, pageSize, queryId, queryText, ZIdParam } from './query.js';
import { ZResponseFigures, ZResponseSort } from './response-quality.js';

// Other modules import these from here; the renderer's first screen imports catalogue-constants
// directly so that it does not load zod.
export { PROVINCES, provinceLabel, SUPPLIER_KINDS, PRODUCT_SORTS, productPath, type TSupplierKind, type TProductSort } from './catalogue-constants.js';
export { ZIdParam, ZPlainPageQuery } from './query.js';

const optionalPrice = (label: string) =>
  z.preprocess(blank, z.coerce.number({ error: `${label}必须是数字` }).min(0, `${label}不能为负数`).max(1e11, `${label}过大`).optional());

export const ZStoreUid = z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, '店铺编号无效');
export const ZStoreParam = z.object({ uid: ZStoreUid });
export const ZStoreArticleParam = z.object({ uid: ZStoreUid, id: ZIdParam.shape.id });

// ---- categories and brands ----------------------------------------------------------------

export type TCategoryNode = { id: number; parentId: number; name: string; level: number; children: TCategoryNode[] };
export const ZCategoryNode: z.ZodType<TCategoryNode> = z.object({
  id: z.number(),
  parentId: z.number(),
  name: z.string(),
  level: z.number(),
  get children() {
    return z.array(ZCategoryNode);
  },
});

export const ZBrand = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  country: z.string().nullable(),
  logo: z.string().nullable(),
});
export type TBrand = z.infer<typeof ZBrand>;

export const ZBrandQuery = z.object({
  page,
  pageSize: pageSize(30),
  categoryId: queryId('分类'),
  keyword: queryText('关键词', 40),
});

// ---- products ----------------------------------------------------------------------------

export const ZProductQuery = z
  .object({
    keyword: queryText('关键词', 60),
    /** 1: search the keyword's words as typed, not what it was understood as (the 「已为您查找」 line's link). */
    literal: z.preprocess(blank, z.enum(['1', '0', 'true', 'false'], { error: '搜索方式无效' }).transform((v) => v === '1' || v === 'true').optional()),
    category: queryId('分类'),
    brand: queryId('品牌'),
    priceMin: optionalPrice('最低价'),
    priceMax: optionalPrice('最高价'),
    /** Exclusive upper bound (the half-open price bands); priceMax is inclusive (the typed range). */
    priceBelow: optionalPrice('价格上限'),
    province: queryText('地区', 20),
    sort: z.preprocess(blank, z.enum(['default', 'newest', 'price_asc', 'price_desc'], { error: '排序方式无效' }).default('default')),
    page,
    pageSize: pageSize(20),
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: '最低价不能高于最高价',
    path: ['priceMin'],
  })
  .refine((q) => q.priceMin === undefined || q.priceBelow === undefined || q.priceMin < q.priceBelow, {
    message: '最低价不能高于最高价',
    path: ['priceMin'],
  });
export type TProductQuery = z.infer<typeof ZProductQuery>;

export const ZProductCard = z.object({
  id: z.number(),
  name: z.string(),
  model: z.string().nullable(),
  price: z.number().nullable(),
  unit: z.string(),
  coverImage: z.string().nullable(),
  province: z.string().nullable(),
  views: z.number(),
  categoryId: z.number(),
  categoryName: z.string().nullable(),
  brandId: z.number().nullable(),
  brandName: z.string().nullable(),
  supplierId: z.number(),
  supplierName: z.string(),
  storeUid: z.string().nullable(),
  createdAt: z.string(),
});
export type TProductCard = z.infer<typeof ZProductCard>;

export const ZBrandFacet = z.object({ id: z.number(), name: z.string(), count: z.number().nullable() });
export const ZProvinceFacet = z.object({ name: z.string(), count: z.number() });
/** Fields of a keyword search's answer: whether only some words matched, and what to tell the user. */
export const ZMatchNotice = { partial: z.boolean(), notice: z.string().nullable() };
export const ZProductList = ZPage(ZProductCard).extend({
  /** The words that matched (Han words, brand names, compact model numbers), for highlighting. */
  terms: z.array(z.string()),
  /** Not every word of the keyword matched: the items are for the most specific words that did. */
  partial: z.boolean(),
  /** What to tell the buyer about a partial match (没有完全匹配的结果，以下是部分匹配), else null. */
  notice: z.string().nullable(),
  /**
   * What the keyword was understood as when that is not its words as typed (我想买一台测水分的仪器 →
   * 水分测定仪), said back as 「已为您查找：…」 with a link to search the words as typed (literal=1); else null.
   */
  understood: z.string().nullable(),
  /** Every brand among the results (ignoring the brand filter), most first. */
  brands: z.array(ZBrandFacet),
  /** Every province among the results (ignoring the province filter), most first. */
  provinces: z.array(ZProvinceFacet),
  /** The brand filtered by, with its name (for the chip), or null. */
  selectedBrand: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TProductList = z.infer<typeof ZProductList>;

export const ZSupplierCard = z.object({
  id: z.number(),
  companyName: z.string(),
  shortName: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  kind: z.string(),
  verified: z.boolean(),
  founded: z.number().nullable(),
  /** Whole years since the supplier joined the platform, at least 1. */
  years: z.number(),
  storeUid: z.string().nullable(),
  storeName: z.string().nullable(),
  storeTheme: z.number().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** 响应质量 (issue 37): the supplier's figures over the last 90 days, as last computed. */
  response: ZResponseFigures,
});
export type TSupplierCard = z.infer<typeof ZSupplierCard>;

export const ZProductDetail = ZProductCard.extend({
  summary: z.string().nullable(),
  /** Rich text, sanitised by the server. */
  description: z.string(),
  origin: z.string().nullable(),
  updatedAt: z.string(),
  params: z.array(z.object({ name: z.string(), value: z.string() })),
  images: z.array(z.string()),
  brand: ZBrand.nullable(),
  categoryPath: z.array(z.object({ id: z.number(), name: z.string() })),
  supplier: ZSupplierCard,
  related: z.array(ZProductCard),
});
export type TProductDetail = z.infer<typeof ZProductDetail>;

// ---- stores ------------------------------------------------------------------------------

/** 「24小时内回复」 (contracts/response-quality.ts FAST_REPLY_WORKING_MINUTES): fast=1. */
const ZFastFilter = z.preprocess(blank, z.enum(['true', 'false', '1', '0'], { error: '回复速度筛选无效' }).transform((v) => v === 'true' || v === '1').optional());
/** sort=replyRate: highest reply rate first (suppliers below the minimum sample last). */
const ZDirectorySort = z.preprocess(blank, ZResponseSort.optional());

export const ZStoreListQuery = z.object({
  keyword: queryText('关键词', 40),
  province: queryText('地区', 20),
  kind: z.preprocess(blank, z.enum(['manufacturer', 'distributor', 'agent'], { error: '企业类型无效' }).optional()),
  sort: ZDirectorySort,
  fast: ZFastFilter,
  page,
  pageSize: pageSize(20),
});

export const ZStoreCard = z.object({
  /** The store's id (favourites of kind 'shop' refer to it). */
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  theme: z.number(),
  logo: z.string().nullable(),
  slogan: z.string().nullable(),
  views: z.number(),
  supplierId: z.number(),
  companyName: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  kind: z.string(),
  verified: z.boolean(),
  businessScope: z.string().nullable(),
  productCount: z.number(),
  /** 响应质量 (issue 37): the supplier's figures over the last 90 days, as last computed. */
  response: ZResponseFigures,
});
export type TStoreCard = z.infer<typeof ZStoreCard>;

export const ZStoreDetail = ZStoreCard.extend({
  banner: z.string().nullable(),
  /** Rich text, sanitised by the server. */
  introduction: z.string().nullable(),
  createdAt: z.string(),
  supplier: ZSupplierCard.extend({
    address: z.string().nullable(),
    contactEmail: z.string().nullable(),
    businessScope: z.string().nullable(),
    employees: z.string().nullable(),
    registeredCapital: z.string().nullable(),
  }),
  counts: z.object({ products: z.number(), articles: z.number(), schemes: z.number(), recruitments: z.number() }),
});
export type TStoreDetail = z.infer<typeof ZStoreDetail>;

export const ZStoreProductQuery = z.object({
  storeCategoryId: queryId('店铺分类'),
  keyword: queryText('关键词', 60),
  page,
  pageSize: pageSize(16),
});

export type TStoreCategory = { id: number; parentId: number; name: string; productCount: number; children: TStoreCategory[] };
export const ZStoreCategory: z.ZodType<TStoreCategory> = z.object({
  id: z.number(),
  parentId: z.number(),
  name: z.string(),
  productCount: z.number(),
  get children() {
    return z.array(ZStoreCategory);
  },
});

export const ZStoreArticleKind = z.enum(['article', 'scheme'], { error: '文章类型无效' });
export const ZStoreArticleQuery = z.object({
  kind: z.preprocess(blank, ZStoreArticleKind.default('article')),
  page,
  pageSize: pageSize(10),
});
export const ZStoreArticleCard = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  cover: z.string().nullable(),
  views: z.number(),
  createdAt: z.string(),
});
export type TStoreArticleCard = z.infer<typeof ZStoreArticleCard>;
export const ZStoreArticleDetail = ZStoreArticleCard.extend({
  content: z.string(),
  updatedAt: z.string(),
  prev: z.object({ id: z.number(), title: z.string() }).nullable(),
  next: z.object({ id: z.number(), title: z.string() }).nullable(),
});
export type TStoreArticleDetail = z.infer<typeof ZStoreArticleDetail>;

export const ZRecruitment = z.object({
  id: z.number(),
  title: z.string(),
  city: z.string().nullable(),
  salary: z.string().nullable(),
  headcount: z.number(),
  education: z.string().nullable(),
  experience: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
});
export type TRecruitment = z.infer<typeof ZRecruitment>;

// ---- enterprises -------------------------------------------------------------------------

export const ZEnterpriseQuery = z.object({
  keyword: queryText('关键词', 40),
  province: queryText('地区', 20),
  kind: ZStoreListQuery.shape.kind,
  verified: z.preprocess(blank, z.enum(['true', 'false', '1', '0'], { error: '认证筛选无效' }).transform((v) => v === 'true' || v === '1').optional()),
  sort: ZDirectorySort,
  fast: ZFastFilter,
  page,
  pageSize: pageSize(20),
});

export const ZEnterpriseCard = z.object({
  id: z.number(),
  companyName: z.string(),
  shortName: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  kind: z.string(),
  verified: z.boolean(),
  founded: z.number().nullable(),
  employees: z.string().nullable(),
  registeredCapital: z.string().nullable(),
  businessScope: z.string().nullable(),
  storeUid: z.string().nullable(),
  storeName: z.string().nullable(),
  productCount: z.number(),
  /** 响应质量 (issue 37): the supplier's figures over the last 90 days, as last computed. */
  response: ZResponseFigures,
});
export type TEnterpriseCard = z.infer<typeof ZEnterpriseCard>;

export const ZEnterpriseDetail = ZEnterpriseCard.extend({
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** The store's introduction as rich text, sanitised by the server. */
  introduction: z.string().nullable(),
  years: z.number(),
  createdAt: z.string(),
  products: z.array(ZProductCard),
});
export type TEnterpriseDetail = z.infer<typeof ZEnterpriseDetail>;

// ---- home --------------------------------------------------------------------------------

export const ZCarouselSlide = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  cta: z.string(),
  to: z.string(),
  tone: z.enum(['blue', 'teal', 'orange', 'indigo']),
});
export type TCarouselSlide = z.infer<typeof ZCarouselSlide>;

export const ZHomeDemand = z.object({
  id: z.number(),
  title: z.string(),
  quantity: z.number(),
  unit: z.string(),
  province: z.string().nullable(),
  /** The buyer's company with its tail masked, e.g. 华东理工大学***. */
  buyer: z.string(),
  quoteDeadline: z.string(),
  createdAt: z.string(),
});
export type THomeDemand = z.infer<typeof ZHomeDemand>;

export const ZHomePost = z.object({ id: z.number(), title: z.string(), category: z.string(), summary: z.string().nullable(), publishedAt: z.string() });
export type THomePost = z.infer<typeof ZHomePost>;

export const ZHome = z.object({
  carousel: z.array(ZCarouselSlide),
  categories: z.array(ZCategoryNode),
  products: z.array(ZProductCard),
  brands: z.array(ZBrand),
  stores: z.array(ZStoreCard),
  demands: z.array(ZHomeDemand),
  news: z.array(ZHomePost),
  articles: z.array(ZHomePost),
  stats: z.object({ products: z.number(), suppliers: z.number(), demands: z.number() }),
});
export type THome = z.infer<typeof ZHome>;
