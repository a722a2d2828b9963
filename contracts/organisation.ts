// 采购单位 (issue 38): a lab or purchasing office buying as one organisation. Its members hold roles
// (申请人 drafts, 审批人 approves or returns, 管理员 manages members, roles and approval rules); the
// platform admin verifies the organisation as it reviews 入驻. Shared by the API
// (/api/organisation..., /api/admin/organisations...) and the renderer.
//
// The code is the 统一社会信用代码 (GB 32100-2015). A 事业单位 has one too since 2015 (its first
// character, the registering authority, is 1 = 机构编制), so the same checker covers it; the old
// 事业单位法人证书号 is not accepted.
import { z } from 'zod';
import { MOBILE_RE } from './constants.js';
import { APPLICATION_STATUSES, ZApplicationStatus, ZCreditCode } from './settle.js';
import { page, pageSize, queryText } from './query.js';
import { AMOUNT_MAX } from './money.js';
import { ZAcceptQuotation } from './comparison.js';
import { ZAwardProposal } from './award-approval.js';
import { QUOTATION_STATES } from './trade.js';

export const ORG_ROLES = ['applicant', 'approver', 'admin'] as const;
export type TOrgRole = (typeof ORG_ROLES)[number];
export const ORG_ROLE_LABEL: Record<TOrgRole, string> = { applicant: '申请人', approver: '审批人', admin: '管理员' };

/** The organisation's verification: 待审核, 已通过, 已驳回 (the labels of 入驻). */
export const ORG_STATUSES = APPLICATION_STATUSES;
export type TOrgStatus = keyof typeof ORG_STATUSES;

/** An invitation link stays valid this long. */
export const INVITATION_DAYS = 7;
/** Amounts up to this need one approver level by default; above it two levels in order. */
export const DEFAULT_TWO_LEVEL_ABOVE = 50000;

export const ORG_MESSAGES = {
  alreadyMember: '您已加入一个采购单位，请先退出后再创建或加入其他单位',
  lastAdmin: '您是该单位唯一的管理员，请先指定其他管理员',
  notMember: '您还没有加入采购单位',
  notAdmin: '只有单位管理员可以进行此操作',
  notApprover: '只有本单位的审批人可以审批',
  selfApproval: '不能审批自己提交的申请',
  alreadyApproved: '您已审批过该申请的上一级，请由其他审批人审批',
  invitationInvalid: '邀请链接无效或已过期，请联系单位管理员重新邀请',
  invitationOtherMobile: '该邀请发给了其他手机号，请使用受邀手机号登录后接受',
  codeTaken: '该统一社会信用代码已被其他采购单位使用',
} as const;

const name = z
  .string({ error: '请填写单位名称' })
  .trim()
  .min(1, '请填写单位名称')
  .min(4, '单位名称至少需要4个字符')
  .max(100, '单位名称不能超过100个字符');

export const ZOrganisationInput = z.object({ name, code: ZCreditCode });
export type TOrganisationInput = z.input<typeof ZOrganisationInput>;

export const ZInvitationInput = z.object({
  /** Empty: a link anyone signed in may accept; a mobile: an SMS to that number, accepted only by its member. */
  mobile: z
    .string({ error: '手机号格式错误' })
    .trim()
    .refine((v) => v === '' || MOBILE_RE.test(v), '请输入正确的11位手机号')
    .optional()
    .transform((v) => v || null),
});
export type TInvitationInput = z.input<typeof ZInvitationInput>;

export const ZRolesInput = z.object({
  roles: z
    .array(z.enum(ORG_ROLES, { error: '角色无效' }), { error: '请选择角色' })
    .min(1, '请至少选择一个角色')
    .transform((v) => ORG_ROLES.filter((r) => v.includes(r))),
});

/**
 * 审批规则. `publishApproval`: a demand needs approval before it goes to the platform's review;
 * `awardApproval`: an award is proposed and approved before it is made (award-approval.ts); `twoLevelAbove`: an
 * amount above it needs two approver levels in order, up to it one level (null: always one level).
 */
export const ZRulesInput = z.object({
  publishApproval: z.boolean({ error: '请选择是否需要审批' }),
  awardApproval: z.boolean({ error: '请选择是否需要审批' }).default(false),
  twoLevelAbove: z
    .number({ error: '请输入金额' })
    .min(0, '金额不能为负数')
    .max(AMOUNT_MAX, '金额过大')
    .nullable(),
});
export type TRulesInput = z.input<typeof ZRulesInput>;
export type TRules = z.output<typeof ZRulesInput>;

/** How many approver levels an amount needs; an unknown amount (no budget) needs the most. */
export function approvalLevels(rules: Pick<TRules, 'twoLevelAbove'>, amount: number | null): 1 | 2 {
  if (rules.twoLevelAbove === null) return 1;
  if (amount === null) return 2;
  return amount > rules.twoLevelAbove ? 2 : 1;
}

export const ZReturnInput = z.object({ reason: z.string({ error: '请填写退回原因' }).trim().min(2, '退回原因至少2个字').max(200, '退回原因不能超过200个字') });

export const ZOrgReviewBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: '请选择通过或驳回' }),
    note: z
      .string({ error: '审核意见格式错误' })
      .trim()
      .max(200, '审核意见不能超过200个字符')
      .nullish()
      .transform((v) => v || null),
  })
  .refine((b) => b.decision === 'approve' || b.note, { message: '驳回时请填写驳回原因', path: ['note'] });

export const ZOrgMember = z.object({
  memberId: z.number(),
  name: z.string(),
  /** Masked (139****0001). */
  mobile: z.string().nullable(),
  roles: z.array(z.enum(ORG_ROLES)),
  joinedAt: z.string(),
});
export type TOrgMember = z.infer<typeof ZOrgMember>;

export const ZInvitation = z.object({ id: z.number(), token: z.string(), mobile: z.string().nullable(), createdAt: z.string(), expiresAt: z.string() });
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZOrganisation = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  status: ZApplicationStatus,
  reviewNote: z.string().nullable(),
  rules: z.object({ publishApproval: z.boolean(), awardApproval: z.boolean(), twoLevelAbove: z.number().nullable() }),
  myRoles: z.array(z.enum(ORG_ROLES)),
  members: z.array(ZOrgMember),
  /** Open invitations: the admin's only (empty for others). */
  invitations: z.array(ZInvitation),
  createdAt: z.string(),
});
export type TOrganisation = z.infer<typeof ZOrganisation>;

/** GET /api/organisation: the caller's organisation, or null. */
export const ZMyOrganisation = z.object({ organisation: ZOrganisation.nullable(), pendingApprovals: z.number() });
export type TMyOrganisation = z.infer<typeof ZMyOrganisation>;

export const ZInvitationView = z.object({ organisationName: z.string(), inviter: z.string(), forMobile: z.boolean(), expiresAt: z.string() });
export type TInvitationView = z.infer<typeof ZInvitationView>;

export const ZApprovalStep = z.object({ level: z.number(), approver: z.string(), decision: z.enum(['approved', 'returned']), reason: z.string().nullable(), at: z.string() });
export type TApprovalStep = z.infer<typeof ZApprovalStep>;

/** One demand waiting for the caller's approval (待我审批). */
export const ZApprovalItem = z.object({
  demandId: z.number(),
  title: z.string(),
  author: z.string(),
  quantity: z.number(),
  unit: z.string(),
  budget: z.number().nullable(),
  quoteDeadline: z.string(),
  description: z.string().nullable(),
  params: z.array(z.object({ name: z.string(), value: z.string() })),
  /** The level waiting (1 or 2) of `levels`. */
  level: z.number(),
  levels: z.number(),
  steps: z.array(ZApprovalStep),
  submittedAt: z.string(),
});
export type TApprovalItem = z.infer<typeof ZApprovalItem>;

export const ZAdminOrganisation = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  status: ZApplicationStatus,
  reviewNote: z.string().nullable(),
  creator: z.string(),
  creatorMobile: z.string().nullable(),
  memberCount: z.number(),
  createdAt: z.string(),
});
export type TAdminOrganisation = z.infer<typeof ZAdminOrganisation>;

export const ZAdminOrganisationQuery = z.object({ page, pageSize: pageSize(20), status: z.preprocess((v) => (v === '' ? undefined : v), ZApplicationStatus.optional()), keyword: queryText('关键词', 50) });

/** 139****0001. */
export const maskMobile = (m: string | null | undefined) => (m && m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : null);

// ---------------------------------------------------------------------------------------------
// Approval before an award (contracts/award-approval.ts holds the record and its words)
// ---------------------------------------------------------------------------------------------

/** 提交定标审批: the quotation at the version on screen, with the 选定理由 (required when not the lowest). */
export const ZAwardProposalInput = ZAcceptQuotation.extend({ quotationId: z.number({ error: '请选择报价' }).int('请选择报价').positive('请选择报价') });
export type TAwardProposalInput = z.input<typeof ZAwardProposalInput>;

/** 审批通过 names the 核验码 of the 比价单 the approver read: a changed 比价单 answers 409. */
export const ZAwardApproveInput = z.object({ verifyCode: z.string().trim().max(16).optional() });

/** One award proposal waiting for the caller's approval (待我审批 · 定标), with the 比价单 as of now. */
export const ZAwardApprovalItem = z.object({
  proposal: ZAwardProposal,
  demandId: z.number(),
  title: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** The level waiting (1 or 2) of proposal.levels. */
  level: z.number(),
  documentNo: z.string(),
  /** The 核验码 of the 比价单 as it stands now: recorded on the step the caller gives. */
  verifyCode: z.string(),
  columns: z.array(
    z.object({
      quotationId: z.number(),
      supplierName: z.string(),
      version: z.number(),
      status: z.enum(QUOTATION_STATES),
      comparableTotal: z.number(),
      unitPrice: z.number(),
      quantity: z.number(),
      leadTimeDays: z.number(),
      compared: z.boolean(),
      lowestPrice: z.boolean(),
      shortestLead: z.boolean(),
    }),
  ),
});
export type TAwardApprovalItem = z.infer<typeof ZAwardApprovalItem>;
