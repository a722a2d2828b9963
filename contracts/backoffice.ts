// Requests and answers of the supplier back office (/api/supplier/...) and the platform admin back
// office (/api/admin/...), with their validation messages; shared by the API and the renderer.
import { hasTwoDecimals, PRICE_MAX, ZMoney } from './money.js';
import { z } from 'zod';
import { ZPage } from './api.js';
import { isEmail, isMobile } from './constants.js';
import { blank, page, pageSize, queryId, queryText } from './query.js';
import { chinaYear } from './time.js';

export { ZIdParam as ZIdParams, ZPlainPageQuery as ZPlainPage } from './query.js';

// ---- building blocks -----------------------------------------------------------------------

/** A required one-line text of min..max characters (after trimming). */
const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .min(min, `${label}至少需要${min}个字符`)
    .max(max, `${label}不能超过${max}个字符`);
/** An optional text: '', null and undefined all become null. */
const optText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式错误` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v ? v : null));
const id = (label: string) =>
  z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`).max(2_147_483_647, `${label}无效`);
const optId = (label: string) =>
  id(label)
    .nullish()
    .transform((v) => v ?? null);

/** A site-relative path ("/uploads/…", "/images/…") or an http(s) address; never javascript: or //host. */
export const IMAGE_URL_RE = /^(\/(?!\/)[\w\-./%]+|https?:\/\/[^\s"'<>\\]+)$/i;
export const ZImageUrl = z.string({ error: '图片地址无效' }).trim().max(500, '图片地址过长').regex(IMAGE_URL_RE, '图片地址无效');
const optImage = ZImageUrl.nullish().transform((v) => v ?? null);

export const ZIds = z
  .array(z.number({ error: '编号必须是数字' }).int('编号必须是整数').positive('编号必须是正整数').max(2_147_483_647, '编号无效'), { error: '请选择要操作的记录' })
  .min(1, '请至少选择一条记录')
  .max(100, '一次最多操作100条记录')
  .transform((ids) => [...new Set(ids)]);

export const ZAffected = z.object({ affected: z.number() });

// ---- images ----------------------------------------------------------------------------------

export const IMAGE_PURPOSES = { logo: '店铺标志', banner: '店铺横幅', product: '商品图片', cover: '封面图片', content: '正文图片', brand: '品牌标志' } as const;
export type TImagePurpose = keyof typeof IMAGE_PURPOSES;
export const ZImagePurpose = z.enum(Object.keys(IMAGE_PURPOSES) as [TImagePurpose, ...TImagePurpose[]], { error: '图片用途无效' });
export const ZImageUploadQuery = z.object({ purpose: ZImagePurpose });
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ZUploadedImage = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type TUploadedImage = z.infer<typeof ZUploadedImage>;

// ---- supplier: company and store -------------------------------------------------------------

export const SUPPLIER_KIND_LABELS = { manufacturer: '生产商', distributor: '经销商', agent: '代理商' } as const;
export type TSupplierKindName = keyof typeof SUPPLIER_KIND_LABELS;
export const ZSupplierKind = z.enum(['manufacturer', 'distributor', 'agent'], { error: '请选择企业类型' });

/** closed: the member behind the store removed the account (its goods are off sale, its contact cleared). */
export const SUPPLIER_STATUSES = { pending: '待审核', approved: '已通过', rejected: '已驳回', closed: '已关闭' } as const;
export type TSupplierStatus = keyof typeof SUPPLIER_STATUSES;
export const ZSupplierStatus = z.enum(['pending', 'approved', 'rejected', 'closed'], { error: '审核状态无效' });
/** What an admin may set: a closed store stays closed. */
export const ZSupplierReviewStatus = z.enum(['pending', 'approved', 'rejected'], { error: '审核状态无效' });

const PHONE_RE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})$/;
/** This year in Beijing (a founding year may not lie after it). */
const thisYear = () => chinaYear();

/** The answer (409) to a save made from a version someone else has since changed. */
export const STALE_EDIT_MESSAGE = '内容已被他人修改，请刷新后再编辑';

/** The version a back-office form was loaded with; a save from a stale version is refused with 409. */
export const ZVersion = z.number({ error: '版本号无效' }).int('版本号无效').min(1, '版本号无效').optional();
/** A save without a version would overwrite whatever is stored: refused with 400 and this message. */
export const VERSION_MISSING_MESSAGE = '缺少版本号，请刷新页面后再保存';
/** The version every save of an existing record must send (edits of supplier and admin records). */
export const ZEditVersion = z
  .number({ error: (iss) => (iss.input === undefined || iss.input === null ? VERSION_MISSING_MESSAGE : '版本号无效') })
  .int('版本号无效')
  .min(1, '版本号无效');

export const ZSupplierCompanyInput = z.object({
  companyName: text('公司名称', 2, 100),
  shortName: optText('公司简称', 40),
  province: optText('所在省份', 20),
  city: optText('所在城市', 20),
  address: optText('详细地址', 200),
  contactName: optText('联系人', 40),
  contactPhone: optText('联系电话', 20).refine((v) => v === null || PHONE_RE.test(v), '请输入有效的联系电话（手机或座机，如 021-12345678）'),
  contactEmail: optText('联系邮箱', 254).refine((v) => v === null || isEmail(v), '请输入有效的邮箱地址'),
  businessScope: optText('经营范围', 1000),
  founded: z
    .number({ error: '成立年份必须是数字' })
    .int('成立年份必须是整数')
    .min(1800, '成立年份无效')
    .refine((v) => v <= thisYear(), '成立年份不能晚于今年')
    .nullish()
    .transform((v) => v ?? null),
  employees: optText('员工人数', 20),
  registeredCapital: optText('注册资本', 30),
  kind: ZSupplierKind,
  version: ZEditVersion,
});
export type TSupplierCompanyInput = z.input<typeof ZSupplierCompanyInput>;

export const STORE_THEMES = { 1: { name: '经典蓝', hint: '顶部横幅 + 左侧分类导航，适合商品多的店铺' }, 2: { name: '商务灰', hint: '通栏大图 + 卡片式栏目，适合重视品牌形象的店铺' } } as const;
export const ZStoreTheme = z.union([z.literal(1), z.literal(2)], { error: '请选择店铺主题' });

export const ZStoreSettingsInput = z.object({
  version: ZEditVersion,
  name: text('店铺名称', 2, 100),
  slogan: optText('店铺标语', 120),
  /** Rich text, sanitised by the server on write. */
  introduction: optText('店铺介绍', 20_000),
  theme: ZStoreTheme,
  logo: optImage,
  banner: optImage,
});
export type TStoreSettingsInput = z.input<typeof ZStoreSettingsInput>;

export const ZSupplierProfile = z.object({
  id: z.number(),
  companyName: z.string(),
  shortName: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  businessScope: z.string().nullable(),
  founded: z.number().nullable(),
  employees: z.string().nullable(),
  registeredCapital: z.string().nullable(),
  kind: z.string(),
  verified: z.boolean(),
  status: z.string(),
  createdAt: z.string(),
  version: z.number(),
  store: z.object({
    id: z.number(),
    version: z.number(),
    uid: z.string(),
    name: z.string(),
    slogan: z.string().nullable(),
    introduction: z.string().nullable(),
    theme: z.number(),
    logo: z.string().nullable(),
    banner: z.string().nullable(),
    views: z.number(),
  }),
});
export type TSupplierProfile = z.infer<typeof ZSupplierProfile>;

export const ZSupplierOverview = z.object({
  companyName: z.string(),
  status: z.string(),
  verified: z.boolean(),
  store: z.object({ uid: z.string(), name: z.string(), theme: z.number(), logo: z.string().nullable(), views: z.number() }),
  counts: z.object({
    onSale: z.number(),
    draft: z.number(),
    offShelf: z.number(),
    articles: z.number(),
    schemes: z.number(),
    openPositions: z.number(),
    storeCategories: z.number(),
    brands: z.number(),
    pendingBrandApplications: z.number(),
    productViews: z.number(),
  }),
  recentProducts: z.array(z.object({ id: z.number(), name: z.string(), status: z.string(), updatedAt: z.string() })),
});
export type TSupplierOverview = z.infer<typeof ZSupplierOverview>;

// ---- supplier: goods -----------------------------------------------------------------------

export const PRODUCT_STATUSES = { on_sale: '在售', draft: '草稿', off_shelf: '已下架' } as const;
export type TProductStatus = keyof typeof PRODUCT_STATUSES;
export const ZProductStatus = z.enum(['on_sale', 'draft', 'off_shelf'], { error: '商品状态无效' });

export const PRODUCT_LIMITS = { images: 6, params: 50, description: 50_000, summary: 300 } as const;
/** A product's price: the one money type of contracts/money.ts (> 0, two decimals, at most ¥9,999,999,999). */
export { PRICE_MAX };
export const ZPrice = ZMoney('价格', { coerce: false });

/** A price typed in a box (产品管理's inline price, 批量改价): half-width digits only. */
export const PRICE_FULL_WIDTH = '请用半角数字填写价格';
/** The number a typed price stands for, NaN for anything but half-width digits (ZPrice then names the rule). */
export const priceFromText = (text: string) => (/^-?[\d.]+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
/** Why a typed price is refused (0, -5, ８, 258000.999 …), or null: the message names the rule. */
export function priceTextProblem(text: string): string | null {
  if (/[０-９．]/.test(text)) return PRICE_FULL_WIDTH;
  const r = ZPrice.safeParse(priceFromText(text));
  return r.success ? null : (r.error.issues[0]?.message ?? '价格无效');
}

export const ZProductParam = z.object({ name: text('参数名称', 1, 60), value: text('参数值', 1, 200) });
export type TProductParam = z.infer<typeof ZProductParam>;

export const ZProductInput = z.object({
  version: ZVersion,
  name: text('商品名称', 2, 120),
  /** The supplier's own 货号 (unique per supplier; an Excel import updates the goods it names). Left out: unchanged. */
  sku: z.string({ error: '货号格式错误' }).trim().max(40, '货号不能超过40个字符').nullish(),
  model: optText('型号', 60),
  categoryId: id('商品分类'),
  brandId: optId('品牌'),
  storeCategoryId: optId('店铺分类'),
  /** null = 面议 (price on request). */
  price: ZPrice.nullable(),
  unit: text('单位', 1, 10),
  origin: optText('产地', 40),
  summary: optText('商品简介', PRODUCT_LIMITS.summary),
  description: z.string({ error: '商品详情格式错误' }).max(PRODUCT_LIMITS.description, '商品详情不能超过5万个字符').default(''),
  params: z
    .array(ZProductParam, { error: '参数格式错误' })
    .max(PRODUCT_LIMITS.params, `参数最多${PRODUCT_LIMITS.params}项`)
    .default([])
    .refine((rows) => new Set(rows.map((r) => r.name)).size === rows.length, '参数名称不能重复'),
  images: z.array(ZImageUrl, { error: '图片格式错误' }).max(PRODUCT_LIMITS.images, `商品图片最多${PRODUCT_LIMITS.images}张`).default([]),
  status: ZProductStatus.default('draft'),
});
export type TProductInput = z.input<typeof ZProductInput>;
export const ZProductUpdate = ZProductInput.extend({ version: ZEditVersion });

export const ZProductListQuery = z.object({
  status: z.preprocess(blank, ZProductStatus.optional()),
  keyword: queryText('关键词', 60),
  storeCategoryId: queryId('店铺分类'),
  brandId: queryId('品牌'),
  sort: z.preprocess(blank, z.enum(['updated', 'newest', 'price_asc', 'price_desc', 'views'], { error: '排序方式无效' }).default('updated')),
  page,
  pageSize: pageSize(20),
});
export type TProductListQuery = z.input<typeof ZProductListQuery>;

export const ZSupplierProductRow = z.object({
  id: z.number(),
  name: z.string(),
  model: z.string().nullable(),
  price: z.number().nullable(),
  unit: z.string(),
  status: z.string(),
  coverImage: z.string().nullable(),
  categoryId: z.number(),
  categoryName: z.string().nullable(),
  brandId: z.number().nullable(),
  brandName: z.string().nullable(),
  storeCategoryId: z.number().nullable(),
  storeCategoryName: z.string().nullable(),
  views: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Why the platform took the product down (null unless it did); cleared when it is on sale again. */
  takedownReason: z.string().nullable(),
  /** What a quick edit of the row sends back (409 when the product changed since the list loaded). */
  version: z.number(),
});
export type TSupplierProductRow = z.infer<typeof ZSupplierProductRow>;

export const ZSupplierProductList = ZPage(ZSupplierProductRow).extend({
  counts: z.object({ all: z.number(), on_sale: z.number(), draft: z.number(), off_shelf: z.number() }),
  /** The keyword search fell back to its most specific words (the shop's matcher), and what to say about it. */
  partial: z.boolean(),
  notice: z.string().nullable(),
  /** The brand filtered by (brandId), named even when none of the goods shown carries it. */
  selectedBrand: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type TSupplierProductList = z.infer<typeof ZSupplierProductList>;

export const ZSupplierProductDetail = z.object({
  id: z.number(),
  name: z.string(),
  sku: z.string().nullable(),
  model: z.string().nullable(),
  categoryId: z.number(),
  /** Ids from the top-level category down to categoryId. */
  categoryPath: z.array(z.object({ id: z.number(), name: z.string() })),
  brandId: z.number().nullable(),
  brandName: z.string().nullable(),
  storeCategoryId: z.number().nullable(),
  price: z.number().nullable(),
  unit: z.string(),
  origin: z.string().nullable(),
  summary: z.string().nullable(),
  description: z.string(),
  params: z.array(z.object({ name: z.string(), value: z.string() })),
  images: z.array(z.string()),
  status: z.string(),
  views: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
  /** Why the platform took the product down (null unless it did). */
  takedownReason: z.string().nullable(),
});
export type TSupplierProductDetail = z.infer<typeof ZSupplierProductDetail>;

export const ZProductBatchStatus = z.object({ ids: ZIds, status: z.enum(['on_sale', 'off_shelf'], { error: '只能批量上架或下架' }) });
/**
 * 批量改价: by a percentage (面议 goods unchanged), or one price for every selected product
 * (`price`; null makes them all 面议). Exactly one of the two.
 */
export const ZProductBatchPrice = z
  .object({
    ids: ZIds,
    /** +10 raises by 10 %, -5 lowers by 5 %. */
    percent: z
      .number({ error: '调价比例必须是数字' })
      .min(-90, '降价幅度不能超过90%')
      .max(500, '涨价幅度不能超过500%')
      .refine((v) => v !== 0, '调价比例不能为0')
      .refine(hasTwoDecimals, '调价比例最多保留两位小数')
      .optional(),
    rounding: z.enum(['cent', 'yuan'], { error: '取整方式无效' }).default('cent'),
    price: ZPrice.nullable().optional(),
  })
  .refine((v) => (v.percent === undefined) !== (v.price === undefined), { message: '请填写调价比例或统一价格（二选一）', path: ['percent'] });
export type TProductBatchPrice = z.input<typeof ZProductBatchPrice>;
export const BATCH_STORE_CATEGORY_REQUIRED = '请选择要移到的店铺分类（或“未分类”）';
/** 批量设置店铺分类: a category, or null for 未分类, said explicitly (left out is refused, not read as 未分类). */
export const ZProductBatchStoreCategory = z.object({
  ids: ZIds,
  storeCategoryId: z
    .number({ error: (issue) => (issue.input === undefined ? BATCH_STORE_CATEGORY_REQUIRED : '店铺分类必须是数字') })
    .int('店铺分类必须是整数')
    .positive(BATCH_STORE_CATEGORY_REQUIRED)
    .max(2_147_483_647, '店铺分类无效')
    .nullable(),
});
export type TProductBatchStoreCategory = z.input<typeof ZProductBatchStoreCategory>;
export const ZProductBatchDelete = z.object({ ids: ZIds });
export const ZProductQuickEdit = z
  .object({
    price: ZPrice.nullable().optional(),
    status: ZProductStatus.optional(),
    // Not optId: its transform would turn "not given" into null and clear the category.
    storeCategoryId: id('店铺分类').nullable().optional(),
    /** The version of the list row the change was made on (a quick edit is an edit too). */
    version: ZEditVersion,
  })
  .refine((v) => v.price !== undefined || v.status !== undefined || v.storeCategoryId !== undefined, '没有要修改的内容');
export type TProductQuickEdit = z.input<typeof ZProductQuickEdit>;

export const ZCreated = z.object({ id: z.number() });

// ---- supplier: store categories ---------------------------------------------------------------

export const STORE_CATEGORY_MAX = 100;
export const ZStoreCategoryInput = z.object({
  version: ZVersion,
  name: text('分类名称', 1, 50),
  parentId: z.number({ error: '上级分类无效' }).int('上级分类无效').min(0, '上级分类无效').default(0),
  sort: z.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能为负数').max(9999, '排序不能超过9999').default(0),
});
export type TStoreCategoryInput = z.input<typeof ZStoreCategoryInput>;
export const ZStoreCategoryUpdate = ZStoreCategoryInput.extend({ version: ZEditVersion });
export type TStoreCategoryNode = { id: number; parentId: number; name: string; sort: number; productCount: number; children: TStoreCategoryNode[] };
export const ZStoreCategoryNode: z.ZodType<TStoreCategoryNode> = z.object({
  id: z.number(),
  parentId: z.number(),
  name: z.string(),
  sort: z.number(),
  productCount: z.number(),
  get children() {
    return z.array(ZStoreCategoryNode);
  },
});
export const ZStoreCategoryDetail = z.object({ id: z.number(), parentId: z.number(), name: z.string(), sort: z.number(), hasChildren: z.boolean(), version: z.number() });
export const ZMoveBody = z.object({ direction: z.enum(['up', 'down'], { error: '移动方向无效' }) });

// ---- supplier: brands ----------------------------------------------------------------------

export const BRAND_STATUSES = { pending: '待审核', approved: '已通过', rejected: '已驳回' } as const;
export type TBrandStatus = keyof typeof BRAND_STATUSES;
export const ZBrandStatus = z.enum(['pending', 'approved', 'rejected'], { error: '审核状态无效' });

export const ZBrandOptionsQuery = z.object({ keyword: queryText('关键词', 40), page, pageSize: pageSize(20) });
export const ZBrandOption = z.object({ id: z.number(), name: z.string(), nameEn: z.string().nullable(), country: z.string().nullable(), own: z.boolean() });
export type TBrandOption = z.infer<typeof ZBrandOption>;

export const ZCarriedBrand = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  country: z.string().nullable(),
  logo: z.string().nullable(),
  own: z.boolean(),
  productCount: z.number(),
  onSaleCount: z.number(),
});
export type TCarriedBrand = z.infer<typeof ZCarriedBrand>;

export const ZBrandApplicationInput = z.object({
  name: text('品牌名称', 1, 80),
  nameEn: optText('英文名称', 80).refine((v) => v === null || /^[\x20-\x7e]+$/.test(v), '英文名称只能包含英文字母、数字和常用符号'),
  country: optText('国家/地区', 40),
  logo: optImage,
  description: optText('品牌介绍', 2000),
  version: ZVersion,
});
export type TBrandApplicationInput = z.input<typeof ZBrandApplicationInput>;
export const ZBrandApplicationUpdate = ZBrandApplicationInput.extend({ version: ZEditVersion });
export const ZBrandApplicationQuery = z.object({ status: z.preprocess(blank, ZBrandStatus.optional()), page, pageSize: pageSize(20) });
export const ZBrandApplication = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  country: z.string().nullable(),
  logo: z.string().nullable(),
  description: z.string().nullable(),
  status: z.string(),
  productCount: z.number(),
  createdAt: z.string(),
  /** The admin's note of the last review, if any. */
  reviewNote: z.string().nullable(),
  version: z.number(),
});
export type TBrandApplication = z.infer<typeof ZBrandApplication>;

// ---- supplier: store articles and solutions -----------------------------------------------------

export const ARTICLE_KINDS = { article: '文章', scheme: '解决方案' } as const;
export type TArticleKind = keyof typeof ARTICLE_KINDS;
export const ZArticleKind = z.enum(['article', 'scheme'], { error: '文章类型无效' });
export const ARTICLE_STATUSES = { published: '已发布', draft: '草稿' } as const;
export type TArticleStatus = keyof typeof ARTICLE_STATUSES;
export const ZArticleStatus = z.enum(['published', 'draft'], { error: '发布状态无效' });
export const ARTICLE_CONTENT_MAX = 100_000;

export const ZStoreArticleInput = z.object({
  version: ZVersion,
  kind: ZArticleKind,
  title: text('标题', 2, 150),
  summary: optText('摘要', 300),
  cover: optImage,
  content: z
    .string({ error: '正文不能为空' })
    .max(ARTICLE_CONTENT_MAX, '正文不能超过10万个字符')
    .refine((v) => v.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0 || /<img\s/i.test(v), '正文不能为空'),
  status: ZArticleStatus.default('published'),
});
export type TStoreArticleInput = z.input<typeof ZStoreArticleInput>;
export const ZStoreArticleUpdate = ZStoreArticleInput.extend({ version: ZEditVersion });
export const ZStoreArticleListQuery = z.object({
  kind: z.preprocess(blank, ZArticleKind.default('article')),
  status: z.preprocess(blank, ZArticleStatus.optional()),
  keyword: queryText('关键词', 60),
  page,
  pageSize: pageSize(20),
});
export const ZSupplierArticleRow = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  cover: z.string().nullable(),
  status: z.string(),
  views: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSupplierArticleRow = z.infer<typeof ZSupplierArticleRow>;
export const ZSupplierArticleList = ZPage(ZSupplierArticleRow).extend({ counts: z.object({ article: z.number(), scheme: z.number() }) });
export const ZSupplierArticleDetail = ZSupplierArticleRow.extend({ content: z.string(), version: z.number() });
export type TSupplierArticleDetail = z.infer<typeof ZSupplierArticleDetail>;
export const ZArticleStatusBody = z.object({ status: ZArticleStatus });

// ---- supplier: recruitment -------------------------------------------------------------------

export const RECRUITMENT_STATUSES = { open: '招聘中', closed: '已关闭' } as const;
export const ZRecruitmentStatus = z.enum(['open', 'closed'], { error: '招聘状态无效' });
export const EDUCATION_OPTIONS = ['不限', '高中/中专', '大专', '本科', '硕士', '博士'] as const;
export const EXPERIENCE_OPTIONS = ['不限', '应届生', '1年以下', '1-3年', '3-5年', '5-10年', '10年以上'] as const;

export const ZRecruitmentInput = z.object({
  version: ZVersion,
  title: text('职位名称', 2, 80),
  city: optText('工作城市', 20),
  salary: optText('薪资范围', 40),
  headcount: z.number({ error: '招聘人数必须是数字' }).int('招聘人数必须是整数').min(1, '招聘人数至少为1').max(999, '招聘人数不能超过999'),
  education: optText('学历要求', 20),
  experience: optText('经验要求', 20),
  description: z
    .string({ error: '职位描述不能为空' })
    .max(20_000, '职位描述不能超过2万个字符')
    .refine((v) => v.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length >= 10, '职位描述至少需要10个字'),
  status: ZRecruitmentStatus.default('open'),
});
export type TRecruitmentInput = z.input<typeof ZRecruitmentInput>;
export const ZRecruitmentUpdate = ZRecruitmentInput.extend({ version: ZEditVersion });
export const ZRecruitmentListQuery = z.object({ status: z.preprocess(blank, ZRecruitmentStatus.optional()), page, pageSize: pageSize(20) });
export const ZSupplierRecruitment = z.object({
  id: z.number(),
  title: z.string(),
  city: z.string().nullable(),
  salary: z.string().nullable(),
  headcount: z.number(),
  education: z.string().nullable(),
  experience: z.string().nullable(),
  description: z.string(),
  status: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type TSupplierRecruitment = z.infer<typeof ZSupplierRecruitment>;
export const ZSupplierRecruitmentList = ZPage(ZSupplierRecruitment).extend({ counts: z.object({ open: z.number(), closed: z.number() }) });
export const ZRecruitmentStatusBody = z.object({ status: ZRecruitmentStatus });

// ---- admin: notices --------------------------------------------------------------------------

export const ZNoticeInput = z.object({
  title: text('公告标题', 2, 120),
  content: text('公告内容', 2, 5000),
  link: optText('链接', 300).refine((v) => v === null || /^(\/(?!\/)\S*|https?:\/\/\S+)$/i.test(v), '链接须以 / 或 http(s):// 开头'),
  /** A member id or mobile to notify one member; empty = everyone. */
  target: optText('接收会员', 20),
  version: ZVersion,
});
export type TNoticeInput = z.input<typeof ZNoticeInput>;
export const ZNoticeUpdate = ZNoticeInput.extend({ version: ZEditVersion });
export const ZNoticeListQuery = z.object({
  audience: z.preprocess(blank, z.enum(['all', 'platform', 'member'], { error: '接收范围无效' }).default('all')),
  keyword: queryText('关键词', 60),
  page,
  pageSize: pageSize(20),
});
export const ZAdminNotice = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type TAdminNotice = z.infer<typeof ZAdminNotice>;
export const ZPlatformNotice = z.object({ id: z.number(), title: z.string(), content: z.string(), link: z.string().nullable(), createdAt: z.string() });
export type TPlatformNotice = z.infer<typeof ZPlatformNotice>;

// ---- admin: members --------------------------------------------------------------------------

export const MEMBER_STATUSES = { active: '正常', disabled: '已禁用', deleted: '已注销' } as const;
export const ROLE_LABELS = { member: '会员', purchaser: '采购商', supplier: '供应商', admin: '管理员' } as const;
export const ZAdminMemberQuery = z.object({
  keyword: queryText('关键词', 60),
  role: z.preprocess(blank, z.enum(['member', 'purchaser', 'supplier', 'admin'], { error: '角色无效' }).optional()),
  status: z.preprocess(blank, z.enum(['active', 'disabled', 'deleted'], { error: '账号状态无效' }).optional()),
  page,
  pageSize: pageSize(20),
});
export const ZAdminMember = z.object({
  id: z.number(),
  uname: z.string().nullable(),
  nickname: z.string().nullable(),
  realName: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  companyName: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.string(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  supplierId: z.number().nullable(),
});
export type TAdminMember = z.infer<typeof ZAdminMember>;
export const ZMemberStatusBody = z.object({ status: z.enum(['active', 'disabled'], { error: '账号状态无效' }) });
export const ZPurchaserBody = z.object({ grant: z.boolean({ error: '请指定授予或取消' }) });

// ---- admin: suppliers --------------------------------------------------------------------------

export const ZAdminSupplierQuery = z.object({
  keyword: queryText('关键词', 60),
  status: z.preprocess(blank, ZSupplierStatus.optional()),
  verified: z.preprocess(blank, z.enum(['true', 'false'], { error: '认证筛选无效' }).optional()),
  page,
  pageSize: pageSize(20),
});
export const ZAdminSupplier = z.object({
  id: z.number(),
  companyName: z.string(),
  shortName: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  kind: z.string(),
  verified: z.boolean(),
  status: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  memberMobile: z.string().nullable(),
  storeUid: z.string().nullable(),
  storeName: z.string().nullable(),
  /** Every product of the supplier: drafts and goods taken off sale too. */
  productCount: z.number(),
  /** Its goods on sale: what the store page counts as 在售产品. */
  onSaleCount: z.number(),
  createdAt: z.string(),
});
export type TAdminSupplier = z.infer<typeof ZAdminSupplier>;
/** A rejection says why: the supplier reads the note (the review dialog and the server check the same rule). */
export const REVIEW_NOTE_REQUIRED = '驳回时请填写审核意见';
const noteWhenRejected = <T extends { status: string; note: string | null }>(b: T) => b.status !== 'rejected' || Boolean(b.note);
export const ZSupplierReviewBody = z.object({ status: ZSupplierReviewStatus, note: optText('审核意见', 200) }).refine(noteWhenRejected, { message: REVIEW_NOTE_REQUIRED, path: ['note'] });
export const ZSupplierVerifyBody = z.object({ verified: z.boolean({ error: '请指定是否认证' }) });
export const ZCreateSupplierAccount = z.object({
  /** The member's id or mobile. */
  member: z
    .string({ error: '请输入会员编号或手机号' })
    .trim()
    .min(1, '请输入会员编号或手机号')
    .refine((v) => /^\d{1,10}$/.test(v) || isMobile(v), '请输入会员编号或11位手机号'),
  companyName: text('公司名称', 2, 100),
  shortName: optText('公司简称', 40),
  kind: ZSupplierKind.default('distributor'),
  province: optText('所在省份', 20),
  city: optText('所在城市', 20),
  storeName: optText('店铺名称', 100),
  status: ZSupplierReviewStatus.default('approved'),
});
export type TCreateSupplierAccount = z.input<typeof ZCreateSupplierAccount>;
export const ZCreatedSupplier = z.object({ id: z.number(), storeUid: z.string() });

export const ZAdminBrandQuery = z.object({ status: z.preprocess(blank, ZBrandStatus.default('pending')), keyword: queryText('关键词', 40), page, pageSize: pageSize(20) });
export const ZAdminBrandApplication = ZBrandApplication.extend({ supplierId: z.number().nullable(), supplierName: z.string().nullable() });
export type TAdminBrandApplication = z.infer<typeof ZAdminBrandApplication>;
/** A review names the version of the application the admin read: one the supplier changed since is 409. */
export const ZBrandReviewBody = z.object({ status: z.enum(['approved', 'rejected'], { error: '审核结果无效' }), note: optText('审核意见', 200), version: ZEditVersion }).refine(noteWhenRejected, { message: REVIEW_NOTE_REQUIRED, path: ['note'] });
