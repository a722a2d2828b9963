// The quotations of a demand side by side against the demand's own parameter table. The marks
// 最低价 / 最短交期 and "不参与比价" come from the server (contracts/comparison.ts comparisonMarks),
// the same ones the Excel and PDF 比价单 print.
import { RESPONSE_WINDOW_DAYS } from '@contracts/response-quality';
import { ResponseSummary } from '@/components/ui/response-figures';
import type { ReactNode } from 'react';
import { MARK_TEXT, responseBasis, type TComparison, type TComparisonColumn } from '@contracts/comparison';
import { formatMoney, VAT_RATE } from '@contracts/trade';
import { formatDateTime, formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { FileLinks } from '@/components/attachments';
import { StateBadge } from './common';

type TMark = 'price' | 'lead' | null;

export function CompareTable({
  data,
  updatedId,
  onAccept,
  onReject,
}: {
  data: TComparison;
  /** A quotation the supplier revised after the buyer last looked (a decision was refused for it). */
  updatedId: number | null;
  onAccept: (c: TComparisonColumn) => void;
  onReject: (c: TComparisonColumn) => void;
}) {
  const cols = data.columns;
  const d = data.demand;
  const row = (label: string, requirement: ReactNode, cell: (c: TComparisonColumn) => ReactNode, mark?: (c: TComparisonColumn) => TMark, testId?: string) => (
    <tr data-testid={testId}>
      <th className="sticky-col">{label}</th>
      <td className="req-col">{requirement}</td>
      {cols.map((c) => {
        const m = mark?.(c);
        return (
          <td key={c.quotationId} className={`${m ? `mark-${m}` : ''}${c.compared ? '' : ' dim'}`}>
            {cell(c)}
            {m === 'price' && <span className="mark-tag">{MARK_TEXT.price}</span>}
            {m === 'lead' && <span className="mark-tag lead">{MARK_TEXT.lead}</span>}
          </td>
        );
      })}
    </tr>
  );
  return (
    <div className="panel compare-panel">
      <div className="compare-scroll">
        <table className="compare-table" data-testid="compare-table">
          <thead>
            <tr>
              <th className="sticky-col">比价项目</th>
              <th className="req-col">采购要求</th>
              {cols.map((c) => (
                <th key={c.quotationId} className={`${c.status === 'ACCEPTED' ? 'winner' : ''}${c.compared ? '' : ' dim-head'}`} data-testid="compare-col" data-supplier={c.supplierName} data-quotation={c.quotationId}>
                  <div className="col-head">
                    <strong>{c.supplierName}</strong>
                    <span>
                      <StateBadge state={c.status} /> <span className="muted small">第{c.version}版</span>
                      {c.quotationId === updatedId && <span className="tag-accent small updated-tag">已更新</span>}
                    </span>
                    {!c.compared && <span className="muted small">不参与比价{c.status === 'SUBMITTED' || c.status === 'NOT_SELECTED' ? '（已过有效期）' : ''}</span>}
                    {c.storeUid && (
                      <AppLink to={`/store/${c.storeUid}`} className="small" target="_blank">
                        进入店铺 ›
                      </AppLink>
                    )}
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row('品牌 / 型号', '—', (c) => c.lines.map((l, i) => <div key={i}>{`${l.brand} ${l.model}`}</div>))}
            {row('单价 × 数量', '—', (c) =>
              c.lines.map((l, i) => (
                <div key={i}>
                  {formatMoney(l.unitPrice)} × {l.quantity} <span className="muted small">{l.taxIncluded ? '含税' : '不含税'}</span>
                </div>
              )),
            )}
            {row(
              '报价数量',
              `${d.quantity}${d.unit}`,
              (c) => (
                <>
                  {c.quantity}
                  {d.unit}
                  {c.quantityDiffers && <span className="qty-flag">与需求数量不符</span>}
                </>
              ),
              undefined,
              'row-quantity',
            )}
            {row('报价总额', d.budget !== null ? `预算 ${formatMoney(d.budget)}` : '—', (c) => <strong>{formatMoney(c.totalAmount)}</strong>)}
            {row('比价金额', `含税；不含税按${Math.round(VAT_RATE * 100)}%折算`, (c) => <strong className="money">{formatMoney(c.comparableTotal)}</strong>, undefined, 'row-price')}
            {/* 最低价 is judged per unit: the mark sits here, not on the total (quantities may differ). */}
            {row(
              '比价单价',
              `每${d.unit}；最低价按此比较`,
              (c) => <strong className="money">{`${formatMoney(c.unitPrice)}/${d.unit}`}</strong>,
              (c) => (c.lowestPrice ? 'price' : null),
              'row-unit-price',
            )}
            {row('交货期', d.needBy ? `${formatDay(d.needBy)} 前` : '—', (c) => `${c.leadTimeDays} 天`, (c) => (c.shortestLead ? 'lead' : null), 'row-lead')}
            {row('质保期', '—', (c) => `${c.warrantyMonths} 个月`)}
            {row('付款方式', '—', (c) => c.paymentTerms)}
            {row('报价有效期', '—', (c) => formatDay(c.validUntil))}
            {d.params.length > 0 && (
              <tr className="group-row">
                <th className="sticky-col" colSpan={2}>
                  参数逐项对比
                </th>
                <td colSpan={cols.length} />
              </tr>
            )}
            {d.params.map((p) =>
              row(p.name, p.value || '—', (c) => {
                const v = c.specs.find((s) => s.name === p.name)?.value;
                return v ? v : <span className="muted">未响应</span>;
              }),
            )}
            {row('备注', '—', (c) => (c.notes ? <span className="pre-wrap small">{c.notes}</span> : <span className="muted">—</span>))}
            {row('附件', '—', (c) => <FileLinks files={c.attachments} empty="—" />)}
            {row('提交时间', '—', (c) => <span className="small">{formatDateTime(c.submittedAt)}</span>)}
            {row('供应商响应', `近${RESPONSE_WINDOW_DAYS}天，${responseBasis(data.responseAt, '当前统计')}`, (c) => (c.response ? <ResponseSummary figures={c.response} /> : <span className="muted">—</span>), undefined, 'row-response')}
            {cols.some((c) => c.rejectReason) && row('拒绝理由', '—', (c) => c.rejectReason ?? '—', undefined, 'row-reject-reason')}
            <tr className="action-row">
              <th className="sticky-col">操作</th>
              <td className="req-col" />
              {cols.map((c) => (
                <td key={c.quotationId}>
                  {data.canDecide && c.status === 'SUBMITTED' && c.compared ? (
                    <div className="col-actions">
                      <button type="button" className="btn btn-primary btn-sm" onClick={() => onAccept(c)} data-testid="accept-quotation">
                        {data.awardApproval?.required ? '提交定标审批' : '接受报价'}
                      </button>
                      <button type="button" className="btn btn-sm btn-danger" onClick={() => onReject(c)} data-testid="reject-quotation">
                        拒绝
                      </button>
                    </div>
                  ) : c.status === 'ACCEPTED' ? (
                    <span className="text-success">✓ 已中标</span>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p className="muted small legend">
        <span className="legend-price" /> 最低比价单价 <span className="legend-lead" /> 最短交货期 · 不含税报价按 {Math.round(VAT_RATE * 100)}% 增值税折算后比较 · 已撤回、已过期、已拒绝的报价不参与比价
      </p>
    </div>
  );
}
