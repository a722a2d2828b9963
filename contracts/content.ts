// Requests and answers of news, technical articles, feedback and favourites, shared by server and renderer.
import { z } from 'zod';
import { ZPageQuery } from './api.js';
import { isEmail, isMobile } from './constants.js';

const keyword = z.string().trim().max(50, '搜索关键词不能超过50个字符').optional();
const category = z.string().trim().max(20, '分类名称过长').optional();

/** `/api/news` and `/api/articles`: newest first, or by views for the hot list. */
export const ZContentSort = z.enum(['latest', 'hot'], { error: '排序方式无效' });

export const ZNewsListQuery = ZPageQuery.extend({ category, keyword, sort: ZContentSort.default('latest') });
export type TNewsListQuery = z.infer<typeof ZNewsListQuery>;

export const ZArticleListQuery = ZNewsListQuery.extend({ tag: z.string().trim().max(20, '标签过长').optional() });
export type TArticleListQuery = z.infer<typeof ZArticleListQuery>;

/** The numeric id of a detail URL; anything else is a 400. */
export const ZContentIdParams = z.object({
  id: z.coerce.number({ error: '编号必须是数字' }).int('编号必须是整数').positive('编号必须是正整数').max(2147483647, '编号过大'),
});

export const ZNewsListItem = z.object({
  id: z.number(),
  category: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  cover: z.string().nullable(),
  source: z.string().nullable(),
  author: z.string().nullable(),
  views: z.number(),
  publishedAt: z.string(),
});
export type TNewsListItem = z.infer<typeof ZNewsListItem>;

export const ZArticleListItem = ZNewsListItem.omit({ source: true }).extend({ tags: z.array(z.string()) });
export type TArticleListItem = z.infer<typeof ZArticleListItem>;

export const ZNeighbour = z.object({ id: z.number(), title: z.string() }).nullable();

export const ZNewsDetail = ZNewsListItem.extend({
  content: z.string(),
  prev: ZNeighbour,
  next: ZNeighbour,
  related: z.array(ZNewsListItem),
});
export type TNewsDetail = z.infer<typeof ZNewsDetail>;

export const ZArticleDetail = ZArticleListItem.extend({
  content: z.string(),
  prev: ZNeighbour,
  next: ZNeighbour,
  related: z.array(ZArticleListItem),
});
export type TArticleDetail = z.infer<typeof ZArticleDetail>;

export const ZCategoryCount = z.object({ name: z.string(), count: z.number() });
export type TCategoryCount = z.infer<typeof ZCategoryCount>;
export const ZCategoryCounts = z.object({ total: z.number(), items: z.array(ZCategoryCount) });
export type TCategoryCounts = z.infer<typeof ZCategoryCounts>;

export const ZTagQuery = z.object({ limit: z.coerce.number({ error: '数量必须是数字' }).int('数量必须是整数').min(1, '数量最小为1').max(50, '数量最大为50').default(20) });

/* ---------- feedback ---------- */

export const FEEDBACK_KINDS = { suggestion: '功能建议', bug: '问题反馈', content: '内容纠错', other: '其他' } as const;
export type TFeedbackKind = keyof typeof FEEDBACK_KINDS;
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 1000;
export const FEEDBACK_MSG = {
  kindRequired: '请选择反馈类型',
  contentRequired: '反馈内容不能为空',
  contentMin: `反馈内容至少需要${FEEDBACK_CONTENT_MIN}个字`,
  contentMax: `反馈内容不能超过${FEEDBACK_CONTENT_MAX}个字`,
  contactInvalid: '请输入有效的手机号或邮箱地址',
} as const;

/** Counts what a person sees as characters, so an emoji or a rare Han character is one. */
export const charCount = (s: string) => Array.from(s).length;

export const ZFeedbackKind = z.enum(Object.keys(FEEDBACK_KINDS) as [TFeedbackKind, ...TFeedbackKind[]], { error: FEEDBACK_MSG.kindRequired });
export const ZFeedbackContent = z
  .string({ error: FEEDBACK_MSG.contentRequired })
  .trim()
  .min(1, FEEDBACK_MSG.contentRequired)
  .refine((v) => charCount(v) >= FEEDBACK_CONTENT_MIN, FEEDBACK_MSG.contentMin)
  .refine((v) => charCount(v) <= FEEDBACK_CONTENT_MAX, FEEDBACK_MSG.contentMax);
export const ZFeedbackContact = z
  .string()
  .trim()
  .max(100, FEEDBACK_MSG.contactInvalid)
  .refine((v) => v === '' || isMobile(v) || isEmail(v), FEEDBACK_MSG.contactInvalid)
  .optional();

export const ZFeedbackCreate = z.object({ kind: ZFeedbackKind, content: ZFeedbackContent, contact: ZFeedbackContact });
export type TFeedbackCreate = z.infer<typeof ZFeedbackCreate>;

export const FEEDBACK_STATUSES = { new: '待处理', processing: '处理中', done: '已处理' } as const;
export type TFeedbackStatus = keyof typeof FEEDBACK_STATUSES;
export const ZFeedbackStatus = z.enum(Object.keys(FEEDBACK_STATUSES) as [TFeedbackStatus, ...TFeedbackStatus[]], { error: '处理状态无效' });

export const ZFeedbackAdminQuery = ZPageQuery.extend({ status: ZFeedbackStatus.optional(), kind: ZFeedbackKind.optional() });
export const ZFeedbackUpdate = z.object({ status: ZFeedbackStatus });
export const ZFeedbackEntry = z.object({
  id: z.number(),
  kind: z.string(),
  content: z.string(),
  contact: z.string().nullable(),
  status: z.string(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type TFeedbackEntry = z.infer<typeof ZFeedbackEntry>;

/* ---------- favourites ---------- */

export const COLLECT_KINDS = { product: '商品', shop: '店铺', article: '文章' } as const;
export type TCollectKind = keyof typeof COLLECT_KINDS;
export const ZCollectKind = z.enum(Object.keys(COLLECT_KINDS) as [TCollectKind, ...TCollectKind[]], { error: '收藏类型无效' });
const targetId = z.coerce.number({ error: '收藏对象编号必须是数字' }).int('收藏对象编号必须是整数').positive('收藏对象编号必须是正整数').max(2147483647, '收藏对象编号过大');

export const ZCollectRequest = z.object({ kind: ZCollectKind, targetId });
export type TCollectRequest = z.infer<typeof ZCollectRequest>;

export const COLLECT_STATUS_MAX_IDS = 100;
export const ZCollectStatusQuery = z.object({
  kind: ZCollectKind,
  ids: z
    .string({ error: '请提供要查询的编号' })
    .regex(/^\d{1,10}(,\d{1,10})*$/, '编号列表格式无效，应为以逗号分隔的数字')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= COLLECT_STATUS_MAX_IDS, `一次最多查询${COLLECT_STATUS_MAX_IDS}个编号`),
});
export const ZCollectStatus = z.object({ ids: z.array(z.number()) });

export const ZCollectListQuery = ZPageQuery.extend({ kind: ZCollectKind });

const collectedBase = z.object({ targetId: z.number(), collectedAt: z.string() });
export const ZCollectedProduct = collectedBase.extend({
  kind: z.literal('product'),
  name: z.string(),
  model: z.string().nullable(),
  price: z.number().nullable(),
  unit: z.string(),
  coverImage: z.string().nullable(),
  status: z.string(),
  supplierName: z.string(),
  storeUid: z.string().nullable(),
});
export const ZCollectedShop = collectedBase.extend({
  kind: z.literal('shop'),
  name: z.string(),
  uid: z.string(),
  logo: z.string().nullable(),
  slogan: z.string().nullable(),
  companyName: z.string(),
  region: z.string().nullable(),
  verified: z.boolean(),
});
export const ZCollectedArticle = collectedBase.extend({
  kind: z.literal('article'),
  title: z.string(),
  summary: z.string().nullable(),
  category: z.string(),
  publishedAt: z.string(),
});
export const ZCollectedItem = z.discriminatedUnion('kind', [ZCollectedProduct, ZCollectedShop, ZCollectedArticle]);
export type TCollectedProduct = z.infer<typeof ZCollectedProduct>;
export type TCollectedShop = z.infer<typeof ZCollectedShop>;
export type TCollectedArticle = z.infer<typeof ZCollectedArticle>;
export type TCollectedItem = z.infer<typeof ZCollectedItem>;
