// Platform moderation (issue 22): the admin takes a single product down with a reason the supplier
// sees, and edits, unpublishes and republishes platform news and technical articles. Requests,
// answers and messages shared by the API and the renderer.
import { z } from 'zod';
import { ZEditVersion, ZImageUrl } from './backoffice.js';
import { blank, page, pageSize, queryText } from './query.js';

// ---- products ---------------------------------------------------------------------------------

/** What the admin list filters by; taken_down = off sale by the platform (a reason is set). */
export const ADMIN_PRODUCT_STATUSES = { on_sale: '在售', off_shelf: '已下架', draft: '草稿', taken_down: '平台下架' } as const;
export type TAdminProductStatus = keyof typeof ADMIN_PRODUCT_STATUSES;

export const ZAdminProductQuery = z.object({
  keyword: queryText('关键词', 60),
  status: z.preprocess(blank, z.enum(['on_sale', 'off_shelf', 'draft', 'taken_down'], { error: '商品状态无效' }).optional()),
  page,
  pageSize: pageSize(20),
});

export const ZAdminProduct = z.object({
  id: z.number(),
  name: z.string(),
  model: z.string().nullable(),
  price: z.number().nullable(),
  unit: z.string(),
  status: z.string(),
  coverImage: z.string().nullable(),
  supplierId: z.number(),
  companyName: z.string(),
  storeUid: z.string().nullable(),
  takedownReason: z.string().nullable(),
  takenDownAt: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number(),
});
export type TAdminProduct = z.infer<typeof ZAdminProduct>;

export const TAKEDOWN_REASON_MAX = 200;
export const ZTakedownBody = z.object({
  reason: z
    .string({ error: '请填写下架原因' })
    .trim()
    .min(1, '请填写下架原因')
    .min(4, '下架原因至少需要4个字符')
    .max(TAKEDOWN_REASON_MAX, `下架原因不能超过${TAKEDOWN_REASON_MAX}个字符`),
  version: ZEditVersion,
});
export type TTakedownBody = z.input<typeof ZTakedownBody>;

/** The supplier's in-app notice about a take-down. */
export const takedownNotice = (productName: string, reason: string) => ({
  title: '商品已被平台下架',
  content: `您的商品「${productName}」已被平台下架，原因：${reason}。请在「商品管理」中修改后重新上架。`,
});

// ---- news and technical articles ----------------------------------------------------------------

export const PUBLICATION_KINDS = { news: '平台资讯', articles: '技术文章' } as const;
export type TPublicationKindPath = keyof typeof PUBLICATION_KINDS;
export const ZPublicationKindParams = z.object({ kind: z.enum(['news', 'articles'], { error: '内容类型无效' }) });
export const ZPublicationParams = ZPublicationKindParams.extend({
  id: z.coerce.number({ error: '编号必须是数字' }).int('编号必须是整数').positive('编号必须是正整数').max(2_147_483_647, '编号无效'),
});

export const PUBLICATION_STATUSES = { published: '已发布', unpublished: '已下线' } as const;
export type TPublicationStatus = keyof typeof PUBLICATION_STATUSES;

export const ZAdminPublicationQuery = z.object({
  keyword: queryText('关键词', 60),
  status: z.preprocess(blank, z.enum(['published', 'unpublished'], { error: '发布状态无效' }).optional()),
  page,
  pageSize: pageSize(20),
});

export const ZAdminPublicationRow = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  author: z.string().nullable(),
  status: z.string(),
  views: z.number(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type TAdminPublicationRow = z.infer<typeof ZAdminPublicationRow>;
export const ZAdminPublicationList = z.object({
  items: z.array(ZAdminPublicationRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.object({ all: z.number(), published: z.number(), unpublished: z.number() }),
});
export type TAdminPublicationList = z.infer<typeof ZAdminPublicationList>;

export const ZAdminPublicationDetail = ZAdminPublicationRow.extend({
  summary: z.string().nullable(),
  cover: z.string().nullable(),
  source: z.string().nullable(),
  tags: z.array(z.string()),
  content: z.string(),
  /** Categories already in use, offered by the form. */
  categories: z.array(z.string()),
});
export type TAdminPublicationDetail = z.infer<typeof ZAdminPublicationDetail>;

const optText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式错误` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v ? v : null));

export const PUBLICATION_CONTENT_MAX = 100_000;
/** A 栏目 that is not in the list: creating one is an explicit action, never a typo. */
export const CATEGORY_NOT_LISTED = '栏目不存在，请从列表中选择；如需新栏目，请选择「新建栏目」';
export const ZPublicationInput = z.object({
  title: z.string({ error: '标题不能为空' }).trim().min(1, '标题不能为空').min(4, '标题至少需要4个字符').max(150, '标题不能超过150个字符'),
  category: z.string({ error: '请选择栏目' }).trim().min(1, '请选择栏目').max(20, '栏目不能超过20个字符'),
  /** The category is a new one the admin creates on purpose (otherwise it must be one of the existing 栏目). */
  newCategory: z.boolean({ error: '新建栏目参数无效' }).default(false),
  summary: optText('摘要', 300),
  cover: ZImageUrl.nullish().transform((v) => v ?? null),
  author: optText('作者', 40),
  /** News only (ignored for articles). */
  source: optText('来源', 60),
  /** Articles only (ignored for news). */
  tags: z
    .array(z.string({ error: '标签格式错误' }).trim().min(1, '标签不能为空').max(20, '每个标签不能超过20个字符'), { error: '标签格式错误' })
    .max(10, '最多10个标签')
    .default([])
    .transform((t) => [...new Set(t)]),
  content: z
    .string({ error: '正文不能为空' })
    .max(PUBLICATION_CONTENT_MAX, '正文不能超过10万个字符')
    .refine((v) => v.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0 || /<img\s/i.test(v), '正文不能为空'),
  version: ZEditVersion,
});
export type TPublicationInput = z.input<typeof ZPublicationInput>;

export const ZPublicationStatusBody = z.object({ status: z.enum(['published', 'unpublished'], { error: '发布状态无效' }), version: ZEditVersion });
export type TPublicationStatusBody = z.input<typeof ZPublicationStatusBody>;
