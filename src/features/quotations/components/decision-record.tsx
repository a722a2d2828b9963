// The 决策记录 of a decided comparison, in the words the Excel and PDF 比价单 print (decisionRecord).
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
