// The state badge of the quotation pages.
import { DEMAND_STATE_LABEL, QUOTATION_STATE_LABEL, type TDemandState, type TQuotationState } from '@contracts/trade';

const TONE: Record<string, string> = {
  DRAFT: 'muted',
  OPEN: 'primary',
  QUOTED: 'primary',
  EVALUATING: 'warning',
  AWARDED: 'success',
  REJECTED: 'danger',
  SUBMITTED: 'primary',
  ACCEPTED: 'success',
};

export function StateBadge({ state, kind = 'quotation' }: { state: string; kind?: 'demand' | 'quotation' }) {
  const label = kind === 'demand' ? DEMAND_STATE_LABEL[state as TDemandState] : QUOTATION_STATE_LABEL[state as TQuotationState];
  return (
    <span className={`state-badge state-${kind === 'demand' && state === 'REJECTED' ? 'danger' : (TONE[state] ?? 'muted')}`} data-state={state}>
      {label ?? state}
    </span>
  );
}
