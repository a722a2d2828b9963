// The 决策记录 of a decided comparison, in the words the Excel and PDF 比价单 print (decisionRecord).
import { approvalRecordLines, type TAwardRecord } from '@contracts/award-approval';
import { decisionRecord, type TComparisonDecision } from '@contracts/comparison';

export function DecisionRecord({ decision, demand, documentNo }: { decision: Omit<TComparisonDecision, 'quotationId'>; demand: { quantity: number; unit: string }; documentNo: string }) {
  return (
    <section className={`panel decision-record${decision.isLowest ? '' : ' not-lowest'}`} data-testid="decision-record">
      <header className="decision-head">
        <h2>决策记录</h2>
        <span className="muted small">单据编号 {documentNo}</span>
      </header>
      <dl>
        {decisionRecord(decision, demand).map((line) => (
          <div key={line.label} data-label={line.label}>
            <dt>{line.label}</dt>
            <dd className={line.label === '选定理由' ? 'pre-wrap' : undefined}>{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** 定标审批记录 (issue 38): each proposal and approval step, in the words the Excel and PDF print (approvalRecordLines). */
export function AwardRecord({ records }: { records: TAwardRecord[] }) {
  if (!records.length) return null;
  return (
    <section className="panel decision-record award-record" data-testid="award-record">
      <header className="decision-head">
        <h2>定标审批记录</h2>
        <span className="muted small">每一步记录审批时比价单的核验码</span>
      </header>
      <dl>
        {approvalRecordLines(records).map((line, i) => (
          <div key={`${line.label}-${i}`} data-label={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
