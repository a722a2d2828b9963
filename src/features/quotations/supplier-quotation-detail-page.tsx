// /admin/supplier/quotation/detail?id= — one quotation with its state, the buyer's contact once it
// is accepted, every version and the history of transitions.
import { SUPPLIER_AWARD_PENDING } from '@contracts/award-approval';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEMAND_STATE_LABEL, formatMoney, INQUIRY_STATE_LABEL, QUOTATION_STATE_LABEL, quotationWithdrawAllowed, type THistoryEntry, type TQuotationVersion } from '@contracts/trade';
import { formatDateTime, formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { FileLinks } from '@/components/attachments';
import { pageTitle } from '@/config';
import { quotationQuery, withdrawQuotation } from './api/quotations-api';
import { StateBadge } from './components/common';
import '@/styles/trade.css';

const stateLabel = (s: string | null) => (s ? (QUOTATION_STATE_LABEL as Record<string, string>)[s] ?? (DEMAND_STATE_LABEL as Record<string, string>)[s] ?? (INQUIRY_STATE_LABEL as Record<string, string>)[s] ?? s : '新建');

export default function SupplierQuotationDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: q, isLoading, error } = useQuery({ ...quotationQuery(id), enabled: id > 0 });
  const [open, setOpen] = useState<number | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  useEffect(() => {
    if (q) document.title = pageTitle(`报价详情：${q.subject}`);
  }, [q]);
  if (!id) return <div className="panel empty">缺少报价编号</div>;
  if (isLoading) return <div className="panel empty">加载中...</div>;
  if (error || !q) return <div className="panel empty">{(error as Error)?.message ?? '报价不存在'}</div>;

  const onWithdraw = async () => {
    if (withdrawing || !window.confirm('撤回后不能再次对该求购报价，确定撤回吗？')) return;
    setWithdrawing(true);
    try {
      const res = await withdrawQuotation(q.id).catch(() => null);
      if (!res) return void message.error('网络异常，请稍后再试');
      if (res.code !== 200) return void message.error(res.msg);
      message.success('报价已撤回');
      await queryClient.invalidateQueries({ queryKey: ['quotations'] });
    } finally {
      setWithdrawing(false);
    }
  };
  const editLink = q.demandId ? `/demand/quotation?demandId=${q.demandId}` : `/demand/quotation?inquiryId=${q.inquiryId}`;

  return (
    <div className="trade-admin" data-testid="quotation-detail">
      <header className="admin-page-head">
        <div>
          <button type="button" className="link-button back-link" onClick={() => void navigate('/admin/supplier/quotation')}>
            ‹ 报价管理
          </button>
          <h1 className="admin-page-title">
            {q.subject} <StateBadge state={q.status} />
          </h1>
          <p className="muted">
            {q.demandId ? '求购报价' : '询价报价'} · 第{q.version}版 · 合计 <strong className="text-accent">{formatMoney(q.totalAmount)}</strong> · 有效期至 {formatDay(q.validUntil)}
          </p>
        </div>
        <div className="head-actions">
          {q.canRevise && (
            <AppLink className="btn btn-primary" to={editLink}>
              修改报价
            </AppLink>
          )}
          {!q.canRevise && q.viewer === 'supplier' && q.status === 'SUBMITTED' && q.reviseBlocked && (
            <span className="muted small" data-testid="revise-blocked">
              {q.reviseBlocked}
            </span>
          )}
          {q.viewer === 'supplier' && quotationWithdrawAllowed(q, q.demand).ok && (
            <button type="button" className="btn btn-danger" disabled={withdrawing} onClick={() => void onWithdraw()}>
              {withdrawing ? '撤回中...' : '撤回报价'}
            </button>
          )}
        </div>
      </header>

      {q.status === 'ACCEPTED' && (
        <div className="panel contact-card" data-testid="buyer-contact">
          <div className="contact-icon">✓</div>
          <div>
            <h2>恭喜，您的报价已被采购方接受</h2>
            <p className="muted">请尽快与采购方联系，确认合同与交付细节。</p>
            {q.contact && (
              <dl className="contact-grid">
                <div>
                  <dt>采购单位</dt>
                  <dd>{q.contact.companyName ?? '—'}</dd>
                </div>
                <div>
                  <dt>联系人</dt>
                  <dd>{q.contact.contactName ?? '—'}</dd>
                </div>
                <div>
                  <dt>联系电话</dt>
                  <dd>{q.contact.contactPhone ?? '—'}</dd>
                </div>
              </dl>
            )}
          </div>
        </div>
      )}
      {q.status === 'NOT_SELECTED' && <div className="notice notice-muted" data-testid="not-selected">很遗憾，采购方已选择其他供应商或该求购已结束，本次报价未中选。感谢您的参与。</div>}
      {q.status === 'REJECTED' && (
        <div className="notice notice-danger">
          采购方拒绝了该报价。原因：<strong>{q.rejectReason ?? '未说明'}</strong>
        </div>
      )}
      {q.status === 'SUBMITTED' && q.awardPending && (
        <div className="notice notice-warning" data-testid="award-pending-supplier">
          <strong>{SUPPLIER_AWARD_PENDING}</strong>：采购方正在进行定标审批，审批结束后将通知您结果。
        </div>
      )}
      {q.status === 'SUBMITTED' && !q.contact && <div className="notice notice-info">密封报价：采购方联系方式将在您的报价被接受后显示。</div>}
      {q.inquiry && q.contact && q.status !== 'ACCEPTED' && (
        <div className="notice notice-info">
          询价人：{q.contact.contactName ?? '—'}
          {q.contact.companyName ? `（${q.contact.companyName}）` : ''} · {q.contact.contactPhone ?? '—'}
        </div>
      )}

      <div className="detail-grid">
        <div className="detail-main">
          <section className="panel">
            <h2 className="panel-title">当前报价（第{q.current.version}版）</h2>
            <VersionLines version={q.current} />
            {q.demand && q.demand.params.length > 0 && (
              <>
                <h3 className="sub-title">参数响应</h3>
                <table className="trade-table compact">
                  <thead>
                    <tr>
                      <th>参数</th>
                      <th>采购要求</th>
                      <th>我方响应</th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.demand.params.map((p) => (
                      <tr key={p.name}>
                        <th>{p.name}</th>
                        <td>{p.value || '—'}</td>
                        <td>{q.current.specs.find((s) => s.name === p.name)?.value ?? <span className="muted">未响应</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
            {q.current.notes && (
              <p className="notes">
                <span className="muted">备注：</span>
                {q.current.notes}
              </p>
            )}
            <h3 className="sub-title">附件</h3>
            <FileLinks files={q.attachments} />
          </section>

          <section className="panel">
            <h2 className="panel-title">历史版本（{q.versions.length}）</h2>
            <ul className="version-list">
              {q.versions.map((v) => (
                <li key={v.version} className={open === v.version ? 'open' : ''} data-testid="version">
                  <button type="button" className="version-head" onClick={() => setOpen(open === v.version ? null : v.version)}>
                    <strong>第{v.version}版</strong>
                    <span className="money">{formatMoney(v.totalAmount)}</span>
                    <span className="muted small">{formatDateTime(v.createdAt)}</span>
                    {v.version === q.version && <span className="tag">当前</span>}
                    <span className="chevron">{open === v.version ? '▴' : '▾'}</span>
                  </button>
                  {open === v.version && (
                    <div className="version-body">
                      <VersionLines version={v} />
                      {v.notes && <p className="muted small">备注：{v.notes}</p>}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="detail-side">
          {q.demand && (
            <section className="panel">
              <h2 className="panel-title">求购信息</h2>
              <dl className="brief-facts">
                <div>
                  <dt>求购</dt>
                  <dd>
                    <AppLink to={`/demand?id=${q.demand.id}`}>{q.demand.title}</AppLink>
                  </dd>
                </div>
                <div>
                  <dt>状态</dt>
                  <dd>{DEMAND_STATE_LABEL[q.demand.status]}</dd>
                </div>
                <div>
                  <dt>数量</dt>
                  <dd>
                    {q.demand.quantity} {q.demand.unit}
                  </dd>
                </div>
                <div>
                  <dt>采购方</dt>
                  <dd>{q.status === 'ACCEPTED' && q.contact?.companyName ? q.contact.companyName : q.demand.buyer}</dd>
                </div>
                <div>
                  <dt>报价截止</dt>
                  <dd>{formatDay(q.demand.quoteDeadline)}</dd>
                </div>
              </dl>
            </section>
          )}
          {q.inquiry && (
            <section className="panel">
              <h2 className="panel-title">询价信息</h2>
              <dl className="brief-facts">
                <div>
                  <dt>询价</dt>
                  <dd>{q.inquiry.subject}</dd>
                </div>
                <div>
                  <dt>状态</dt>
                  <dd>{INQUIRY_STATE_LABEL[q.inquiry.status]}</dd>
                </div>
                <div>
                  <dt>数量</dt>
                  <dd>{q.inquiry.quantity ?? '—'}</dd>
                </div>
              </dl>
            </section>
          )}
          <section className="panel">
            <h2 className="panel-title">状态记录</h2>
            <Timeline entries={q.history} />
          </section>
        </aside>
      </div>
    </div>
  );
}

function VersionLines({ version }: { version: TQuotationVersion }) {
  return (
    <table className="trade-table compact">
      <thead>
        <tr>
          <th>品牌</th>
          <th>型号</th>
          <th>单价</th>
          <th>数量</th>
          <th>小计</th>
          <th>交货期</th>
          <th>质保</th>
          <th>付款方式</th>
        </tr>
      </thead>
      <tbody>
        {version.lines.map((l, i) => (
          <tr key={i}>
            <td>{l.brand}</td>
            <td>{l.model}</td>
            <td>
              {formatMoney(l.unitPrice)} <span className="muted small">{l.taxIncluded ? '含税' : '不含税'}</span>
            </td>
            <td>{l.quantity}</td>
            <td className="money">{formatMoney(Math.round(l.unitPrice * l.quantity * 100) / 100)}</td>
            <td>{l.leadTimeDays}天</td>
            <td>{l.warrantyMonths}个月</td>
            <td>{l.paymentTerms}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Timeline({ entries }: { entries: THistoryEntry[] }) {
  return (
    <ol className="timeline" data-testid="history">
      {entries.map((h, i) => (
        <li key={i}>
          <span className="timeline-dot" />
          <div>
            <strong>
              {stateLabel(h.fromState)} → {stateLabel(h.toState)}
            </strong>
            {h.note && <p>{h.note}</p>}
            <span className="muted small">
              {formatDateTime(h.at)}
              {h.actor ? ` · ${h.actor}` : ''}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
