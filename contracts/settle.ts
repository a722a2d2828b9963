// Online 入驻 (supplier applications): the applicant's form, its answers and the admin review queue.
// Shared by the API (/api/settle/..., /api/admin/settle-applications/...) and the renderer.
import { z } from 'zod';
import { isEmail, isMobile } from './constants.js';
import { PROVINCES } from './catalogue-constants.js';
import { creditCodeProblem, normaliseCreditCode } from './credit-code.js';
import { blank, page, pageSize, queryText } from './query.js';

export const APPLICATION_STATUSES = { pending: '待审核', approved: '已通过', rejected: '已驳回' } as const;
export type TApplicationStatus = keyof typeof APPLICATION_STATUSES;
export const ZApplicationStatus = z.enum(['pending', 'approved', 'rejected'], { error: '审核状态无效' });

export const SETTLE_KINDS = { manufacturer: '生产商', distributor: '经销商', agent: '代理商' } as const;
/** The business licence: an image or a PDF of at most 5 MB. */
export const LICENCE_MAX_BYTES = 5 * 1024 * 1024;
export const LICENCE_MIMES = ['image/jpeg', 'image/png', 'application/pdf'];

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`);
const tags = (label: string, maxItems: number) =>
  z
    .array(z.string({ error: `${label}格式错误` }).trim().min(1, `${label}不能为空`).max(40, `${label}每项不能超过40个字符`), { error: `请填写${label}` })
    .min(1, `请至少填写一项${label}`)
    .max(maxItems, `${label}最多${maxItems}项`)
    .transform((v) => [...new Set(v)]);

export const ZCreditCode = z
  .string({ error: '请填写统一社会信用代码' })
  .transform(normaliseCreditCode)
  .superRefine((v, ctx) => {
    if (!v) return void ctx.addIssue({ code: 'custom', message: '请填写统一社会信用代码' });
    const problem = creditCodeProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const ZSettleApplicationInput = z.object({
  companyName: text('公司名称', 100).refine((v) => v.length >= 4, '公司名称至少需要4个字符'),
  creditCode: ZCreditCode,
  kind: z.enum(['manufacturer', 'distributor', 'agent'], { error: '请选择企业类型' }),
  province: z.string({ error: '请选择所在省份' }).refine((v) => (PROVINCES as readonly string[]).includes(v), '请选择所在省份'),
  city: text('所在城市', 20),
  address: text('详细地址', 200),
  contactName: text('联系人', 40),
  contactPhone: z.string({ error: '请填写联系人手机号' }).trim().refine(isMobile, '请输入正确的11位手机号'),
  contactEmail: z.string({ error: '请填写联系邮箱' }).trim().refine(isEmail, '请输入有效的邮箱地址'),
  licenceUploadId: z.number({ error: '请上传营业执照' }).int('请上传营业执照').positive('请上传营业执照'),
  categories: tags('主营类目', 10),
  brands: tags('代理品牌', 20),
  agreed: z.literal(true, { error: '请阅读并同意《仪采通供应商入驻协议》' }),
  /** The version a rejected application was edited from (resubmission). */
  version: z.number().int().min(1).optional(),
});
export type TSettleApplicationInput = z.input<typeof ZSettleApplicationInput>;

export const ZUploadedLicence = z.object({ id: z.number(), filename: z.string(), mime: z.string(), size: z.number(), url: z.string() });
export type TUploadedLicence = z.infer<typeof ZUploadedLicence>;

export const ZApplicationHistory = z.object({ at: z.string(), fromState: z.string().nullable(), toState: z.string(), note: z.string().nullable() });

export const ZSettleApplication = z.object({
  id: z.number(),
  version: z.number(),
  status: ZApplicationStatus,
  companyName: z.string(),
  creditCode: z.string(),
  kind: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  licence: ZUploadedLicence,
  categories: z.array(z.string()),
  brands: z.array(z.string()),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(ZApplicationHistory),
});
export type TSettleApplication = z.infer<typeof ZSettleApplication>;

/** What /admin/supplier shows a member: a store, an application, or neither. */
export const ZSettleState = z.object({ hasStore: z.boolean(), application: ZSettleApplication.nullable() });
export type TSettleState = z.infer<typeof ZSettleState>;

export const ZAdminApplication = ZSettleApplication.extend({ memberId: z.number(), memberMobile: z.string().nullable(), memberName: z.string().nullable(), storeUid: z.string().nullable() });
export type TAdminApplication = z.infer<typeof ZAdminApplication>;

export const ZAdminApplicationQuery = z.object({
  page,
  pageSize: pageSize(20),
  status: z.preprocess(blank, ZApplicationStatus.optional()),
  keyword: queryText('关键词', 50),
});

export const ZApplicationReviewBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: '请选择通过或驳回' }),
    note: z
      .string({ error: '审核意见格式错误' })
      .trim()
      .max(200, '审核意见不能超过200个字符')
      .nullish()
      .transform((v) => v || null),
    version: z.number({ error: '版本号无效' }).int().min(1),
  })
  .refine((b) => b.decision === 'approve' || b.note, { message: '驳回时请填写驳回原因', path: ['note'] });
