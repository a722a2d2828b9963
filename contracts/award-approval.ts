// Approval before an award (issue 38 point 5): where a demand's 采购单位 requires it, its 申请人
// proposes a quotation at one version with the 选定理由; the organisation's 审批人 approve level by
// level (the publishing rule on the comparable total) or return it; the last approval accepts that
// version. A revision, a withdrawal or the end of the demand meanwhile voids the proposal: never an
// award of a version nobody approved. Shared by the server, the comparison page, the 比价单 (Excel,
// PDF, 核验) and 待我审批. Apart from organisation.ts so contracts/comparison.ts can hold the record.
import { z } from 'zod';
import { formatWithFen } from './money-format.js';
import { formatDateTime } from './time.js';

export const AWARD_PROPOSAL_STATES = ['pending', 'approved', 'returned', 'void', 'withdrawn'] as const;
export type TAwardProposalState = (typeof AWARD_PROPOSAL_STATES)[number];
export const AWARD_PROPOSAL_LABEL: Record<TAwardProposalState, string> = { pending: '审批中', approved: '审批通过，已选定', returned: '已退回', void: '已失效', withdrawn: '申请人已撤回' };

/** What suppliers read on the demand and their quotation while the buyer's award approval is pending. */
export const SUPPLIER_AWARD_PENDING = '采购方内部审批中';

export const AWARD_MESSAGES = {
  proposalRequired: '本单位要求定标前审批：请提交定标审批，审批通过后自动选定该报价',
  pending: '该求购已有定标申请在审批中，请等待审批结果或先撤回申请',
  notRequired: '本单位未要求定标审批，请直接接受报价',
  comparisonChanged: '比价单已更新，请查看最新比价单后再审批',
  notProposer: '只有提交定标申请的申请人可以撤回',
  notPending: '该定标申请已处理，请刷新',
  voidRevised: (supplier: string, approved: number, now: number) => `${supplier}已将报价修改为第${now}版，审批中的第${approved}版已失效，定标申请已退回申请人，请重新比价后再提交`,
  voidQuotation: (supplier: string, state: string) => `${supplier}的报价${state}，定标申请已失效并退回申请人`,
  voidValidity: (supplier: string) => `${supplier}的报价已过有效期，定标申请已失效并退回申请人`,
  voidDemand: (state: string) => `求购${state}，定标申请已失效`,
  voidNotLowest: '比价结果已变化，所选报价已不是最低价，定标申请已退回申请人，请填写选定理由后重新提交',
} as const;

export const ZAwardStep = z.object({
  level: z.number(),
  approver: z.string(),
  decision: z.enum(['approved', 'returned']),
  reason: z.string().nullable(),
  at: z.string(),
  /** The 比价单's 核验码 as the approver saw it when deciding. */
  verifyCode: z.string().nullable(),
});
export type TAwardStep = z.infer<typeof ZAwardStep>;

/** One award proposal and its approval steps, as the record prints it (no ids: the 核验 snapshot holds it). */
export const ZAwardRecord = z.object({
  proposer: z.string(),
  supplierName: z.string(),
  version: z.number(),
  comparableTotal: z.number(),
  reason: z.string().nullable(),
  status: z.enum(AWARD_PROPOSAL_STATES),
  /** Why it was returned or became void. */
  outcome: z.string().nullable(),
  levels: z.number(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The 比价单's 核验码 when it was proposed. */
  verifyCode: z.string().nullable(),
  steps: z.array(ZAwardStep),
});
export type TAwardRecord = z.infer<typeof ZAwardRecord>;

export const ZAwardProposal = ZAwardRecord.extend({ id: z.number(), quotationId: z.number() });
export type TAwardProposal = z.infer<typeof ZAwardProposal>;

/** The comparison's award approval: whether the demand's organisation requires it, and every proposal so far (oldest first). */
export const ZAwardApproval = z.object({ required: z.boolean(), proposals: z.array(ZAwardProposal) });
export type TAwardApproval = z.infer<typeof ZAwardApproval>;

const when = (at: string) => `${formatDateTime(at)}（北京时间）`;

/**
 * The 定标审批记录 as label/value lines: the same words on the comparison page, the Excel and the
 * PDF 比价单. Each proposal, then each of its steps (who, when, decision, reason, 核验码).
 */
export function approvalRecordLines(records: TAwardRecord[]): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  records.forEach((r, i) => {
    const n = records.length > 1 ? `（第${i + 1}次）` : '';
    const code = r.verifyCode ? `；比价单核验码 ${r.verifyCode}` : '';
    out.push({
      label: `定标申请${n}`,
      value: `${r.proposer} 于 ${when(r.createdAt)} 提交：${r.supplierName} 第${r.version}版报价，比价金额 ${formatWithFen(r.comparableTotal)}，需${r.levels}级审批${code}${r.reason ? `；选定理由：${r.reason}` : ''}`,
    });
    for (const s of r.steps) {
      const decision = s.decision === 'approved' ? '通过' : `退回，原因：${s.reason ?? '—'}`;
      out.push({ label: `第${s.level}级审批`, value: `${s.approver} · ${decision} · ${when(s.at)}${s.verifyCode ? ` · 核验码 ${s.verifyCode}` : ''}` });
    }
    const result = r.status === 'pending' ? `审批中，等待第${r.steps.length + 1}级审批` : `${AWARD_PROPOSAL_LABEL[r.status]}${r.outcome && r.status !== 'returned' ? `：${r.outcome}` : ''}${r.decidedAt ? `（${when(r.decidedAt)}）` : ''}`;
    out.push({ label: `审批结果${n}`, value: result });
  });
  return out;
}
