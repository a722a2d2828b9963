// The comparison on a phone: one stacked card per supplier instead of the wide table (the same
// data, marks and actions as compare-table.tsx; the demand's requirement shows beside each value).
import { ResponseSummary } from '@/components/ui/response-figures';
import type { ReactNode } from 'react';
import { MARK_TEXT, responseBasis, type TComparison, type TComparisonColumn } from '@contracts/comparison';
import { formatMoney, VAT_RATE } from '@contracts/trade';
import { formatDateTime, formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { FileLinks } from '@/components/attachments';
import { StateBadge } from './common';

export function CompareCards({ data, updatedId, onAccept, onReject }: { data: TComparison; updatedId: number | null; onAccept: (c: TComparisonColumn) => void; onReject: (c: TComparisonColumn) => void }) {
  const d = data.demand;
  return (
    <div className="compare-cards" data-testid="compare-cards">
      {data.columns.map((c) => {
        const item = (label: string, value: ReactNode, requirement?: string, mark?: 'price' | 'lead' | null, testId?: string) => (
          <div className={`compare-card-row${mark ? ` mark-${mark}` : ''}`} data-testid={testId}>
            <dt>{label}</dt>
            <dd>
              {value}
              {mark === 'price' && <span className="mark-tag">{MARK_TEXT.price}</span>}
              {mark === 'lead' && <span className="mark-tag lead">{MARK_TEXT.lead}</span>}
              {requirement && <small className="compare-card-req">要求：{requirement}</small>}
            </dd>
          </div>
        );
        return (
          <section key={c.quotationId} className={`panel compare-card${c.status === 'ACCEPTED' ? ' winner' : ''}${c.compared ? '' : ' dim'}`} data-testid="compare-card" data-supplier={c.supplierName} data-quotation={c.quotationId}>
            <header className="compare-card-head">
              <strong>{c.supplierName}</strong>
              <span>
                <StateBadge state={c.status} /> <span className="muted small">第{c.version}版</span>
                {c.quotationId === updatedId && <span className="tag-accent small updated-tag">已更新</span>}
              </span>
              {!c.compared && <span className="muted small">不参与比价{c.status === 'SUBMITTED' || c.status === 'NOT_SELECTED' ? '（已过有效期）' : ''}</span>}
              {c.storeUid && (
                <AppLink to={`/store/${c.storeUid}`} className="small compare-card-store">
                  进入店铺 ›
                </AppLink>
              )}
              {c.response && <ResponseSummary figures={c.response} basis={data.responseAt ? responseBasis(data.responseAt) : undefined} />}
            </header>
            <dl>
              {/* 最低价 is judged per unit: the mark sits on the 比价单价, not on the total. */}
              {item('比价单价', <strong className="money">{`${formatMoney(c.unitPrice)}/${d.unit}`}</strong>, undefined, c.lowestPrice ? 'price' : null, 'card-unit-price')}
              {item('比价金额', formatMoney(c.comparableTotal), undefined, null, 'card-price')}
              {item('报价总额', <strong>{formatMoney(c.totalAmount)}</strong>, d.budget !== null ? `预算 ${formatMoney(d.budget)}` : undefined)}
              {item(
                '报价数量',
                <>
                  {c.quantity}
                  {d.unit}
                  {c.quantityDiffers && <span className="qty-flag">与需求数量不符</span>}
                </>,
                `${d.quantity}${d.unit}`,
              )}
              {item('交货期', `${c.leadTimeDays} 天`, d.needBy ? `${formatDay(d.needBy)} 前` : undefined, c.shortestLead ? 'lead' : null)}
              {item(
                '品牌 / 型号',
                c.lines.map((l, i) => (
                  <div key={i}>
                    {`${l.brand} ${l.model}`} · {formatMoney(l.unitPrice)} × {l.quantity} <span className="muted small">{l.taxIncluded ? '含税' : '不含税'}</span>
                  </div>
                )),
              )}
              {item('质保期', `${c.warrantyMonths} 个月`)}
              {item('付款方式', c.paymentTerms)}
              {item('报价有效期', formatDay(c.validUntil))}
              {d.params.map((p) => {
                const v = c.specs.find((s) => s.name === p.name)?.value;
                return <div key={p.name}>{item(p.name, v ? v : <span className="muted">未响应</span>, p.value || undefined)}</div>;
              })}
              {c.notes && item('备注', <span className="pre-wrap small">{c.notes}</span>)}
              {c.attachments.length > 0 && item('附件', <FileLinks files={c.attachments} empty="—" />)}
              {item('提交时间', <span className="small">{formatDateTime(c.submittedAt)}</span>)}
              {c.rejectReason && item('拒绝理由', c.rejectReason)}
            </dl>
            {data.canDecide && c.status === 'SUBMITTED' && c.compared ? (
              <div className="compare-card-actions">
                <button type="button" className="btn btn-primary" onClick={() => onAccept(c)} data-testid="accept-quotation">
                  {data.awardApproval?.required ? '提交定标审批' : '接受报价'}
                </button>
                <button type="button" className="btn btn-danger" onClick={() => onReject(c)} data-testid="reject-quotation">
                  拒绝
                </button>
              </div>
            ) : c.status === 'ACCEPTED' ? (
              <p className="text-success compare-card-won">✓ 已中标</p>
            ) : null}
          </section>
        );
      })}
      <p className="muted small legend">最低价按比价单价（每{d.unit}）比较 · 不含税报价按 {Math.round(VAT_RATE * 100)}% 增值税折算后比较 · 已撤回、已过期、已拒绝的报价不参与比价</p>
    </div>
  );
}
