// The buyer's two decisions on a quotation, each naming the version on screen: accept (with a
// 选定理由 when it is not the lowest, the rule the server enforces, and saying so when the offer is
// for another quantity than the demand's) and reject (with a reason the supplier reads).
import { formatYuan, premiumOver, quantityMismatch, reasonLength, SELECTION_REASON_MAX, SELECTION_REASON_MIN, SELECTION_REASON_REQUIRED, ZAcceptQuotation, ZRejectQuotation, type TComparisonColumn } from '@contracts/comparison';
import { useSchemaForm, type TFieldErrors } from '@/components/form/use-schema-form';
import { Modal } from '@/components/ui/modal';

export function AcceptModal({
  column,
  lowest,
  demandQuantity,
  unit,
  busy,
  serverError,
  onConfirm,
  onClose,
  propose = false,
}: {
  column: TComparisonColumn;
  /** The lowest compared quotation (the first of equals). */
  lowest: TComparisonColumn | null;
  /** The quantity the demand asks for. */
  demandQuantity: number;
  unit: string;
  busy: boolean;
  /** A refusal the server answered while the dialog stayed open. */
  serverError: string | null;
  /** Confirming is busy until its promise settles (and while the page says `busy`). */
  onConfirm: (reason: string) => unknown;
  onClose: () => void;
  /** 定标审批 (issue 38): the organisation approves the award; confirming proposes this version instead of accepting it. */
  propose?: boolean;
}) {
  const needsReason = !column.lowestPrice;
  // The request the server checks (ZAcceptQuotation), and the rule it adds for a quotation that is
  // not the lowest: a 选定理由 of SELECTION_REASON_MIN characters.
  const form = useSchemaForm({
    schema: ZAcceptQuotation,
    initial: { reason: '' },
    toPayload: (v) => ({ version: column.version, reason: v.reason }),
    rules: (v): TFieldErrors => (needsReason && reasonLength(v.reason) < SELECTION_REASON_MIN ? { reason: SELECTION_REASON_REQUIRED } : {}),
  });
  const reason = form.values.reason;
  const premium = needsReason && lowest ? premiumOver(column, lowest) : null;
  const mismatch = quantityMismatch(column.quantity, demandQuantity, unit);
  const confirm = form.handleSubmit((payload) => onConfirm(payload.reason));
  const error = form.errors.reason ?? serverError;
  return (
    <Modal open onClose={onClose} title={propose ? '提交定标审批' : '接受报价'} width={520} testId="accept-modal">
      <form className="confirm-body" onSubmit={confirm} onBlur={form.onBlur} noValidate>
        <p>
          {propose ? '拟选定' : '确定选定'} <strong>{column.supplierName}</strong> 的第{column.version}版报价（{`比价单价 ${formatYuan(column.unitPrice)}/${unit}，比价金额 ${formatYuan(column.comparableTotal)}，共${column.quantity}${unit}`}）{propose ? '，提交本单位审批。' : '吗？'}
        </p>
        {mismatch && (
          <div className="notice notice-warning" data-testid="quantity-mismatch">
            <strong>{mismatch}</strong>
          </div>
        )}
        {premium && lowest && (
          <div className="notice notice-warning" data-testid="not-lowest-notice">
            该报价的比价单价不是有效报价中的最低价：最低价为 <strong>{lowest.supplierName}</strong>{' '}
            {`${formatYuan(lowest.unitPrice)}/${unit}（比价金额 ${formatYuan(lowest.comparableTotal)}，共${lowest.quantity}${unit}），所选报价每${unit}高出 ${formatYuan(premium.perUnit)}（${premium.percent}%），按所选${column.quantity}${unit}计高出 ${formatYuan(premium.amount)}。`}
            <br />
            请填写选定理由（至少{SELECTION_REASON_MIN}个字），理由将记入求购记录，并打印在比价单的决策记录中。
          </div>
        )}
        <div className={`field reason-field${error ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor="selection-reason">
            选定理由{needsReason ? '' : '（选填）'}
          </label>
          <textarea
            {...form.field('reason')}
            id="selection-reason"
            rows={3}
            maxLength={SELECTION_REASON_MAX}
            placeholder="如：交货期最短，能满足项目验收节点 / 原厂授权，本地有售后工程师 / 参数响应最完整"
            data-testid="selection-reason"
          />
          <p className="field-hint">
            {reasonLength(reason)}/{SELECTION_REASON_MAX} 字
          </p>
          {error && (
            <p className="reason-error" role="alert" data-testid="accept-error">
              {error}
            </p>
          )}
        </div>
        {propose ? (
          <p className="muted" data-testid="propose-hint">
            本单位要求定标前审批：提交后由本单位审批人按比价金额逐级审批，审批通过后自动选定该版本报价。审批期间供应商如修改或撤回报价，申请将失效并退回给您。
          </p>
        ) : (
          <p className="muted">确定后该求购成交，其他供应商的报价将标记为“未中选”；您的联系方式将提供给中标供应商。此操作不可撤销。</p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            再想想
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || form.isSubmitting} data-testid="confirm-accept">
            {busy || form.isSubmitting ? '处理中...' : propose ? '提交审批' : '确定接受'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const REJECT_REASONS = ['价格超出预算', '交货期不满足', '参数不符合要求', '品牌不符合要求'];

/**
 * Reject with a reason, on the form mechanism: the reason is checked by the request the server checks
 * (ZRejectQuotation: 原因至少2个字 …), its message shows on leaving the field or confirming and goes once
 * valid; confirming is busy once (while `onConfirm`'s promise runs, or while the page says `busy`).
 */
export function RejectModal({ column, busy, onConfirm, onClose }: { column: Pick<TComparisonColumn, 'supplierName' | 'version'>; busy: boolean; onConfirm: (reason: string) => unknown; onClose: () => void }) {
  const form = useSchemaForm({ schema: ZRejectQuotation, initial: { reason: '' }, toPayload: (v) => ({ reason: v.reason, version: column.version }) });
  const error = form.errors.reason;
  const submit = form.handleSubmit(async ({ reason }) => {
    await onConfirm(reason);
  });
  return (
    <Modal open onClose={onClose} title="拒绝报价" width={480} testId="reject-modal">
      <form className="confirm-body" onSubmit={submit} onBlur={form.onBlur} noValidate>
        <p>
          拒绝 <strong>{column.supplierName}</strong> 的第{column.version}版报价，原因将告知该供应商。
        </p>
        <div className={`field reason-field${error ? ' field-invalid' : ''}`}>
          <textarea {...form.field('reason')} rows={3} maxLength={200} aria-label="拒绝原因" placeholder="如：价格超出预算 / 交货期不满足 / 参数不符合要求" data-testid="reject-reason" />
          {error && (
            <p className="reason-error" role="alert" data-testid="reject-error">
              {error}
            </p>
          )}
        </div>
        <div className="chip-row">
          {REJECT_REASONS.map((r) => (
            <button key={r} type="button" className="chip" onClick={() => form.set('reason', r)}>
              {r}
            </button>
          ))}
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-danger-solid" disabled={busy || form.isSubmitting} data-testid="confirm-reject">
            {busy || form.isSubmitting ? '处理中...' : '确定拒绝'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
