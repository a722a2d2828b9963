// /admin/purchaser/demand-quotation?demandId= — the quotations a demand received side by side
// against its own parameter table: lowest comparable price and shortest lead time highlighted;
// accept one (the others become not selected) or reject with a reason; export the 比价单.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDay, formatDateTime, formatMoney, remainingText, VAT_RATE, type TComparison, type TComparisonColumn } from '@contracts/trade';
import { AppLink } from '@/components/ui/app-link';
import { Modal } from '@/components/ui/modal';
import { message } from '@/components/ui/toast';
import { Pager } from '@/components/ui/pager';
import { downloadFile } from '@/platform/download';
import { FileLinks } from '@/components/attachments';
import { acceptQuotation, comparisonQuery, demandsWithQuotationsQuery, rejectQuotation, stopDemand } from './api/quotations-api';
import { StateBadge } from './components/common';
import '@/styles/trade.css';

export default function DemandQuotationPage() {
  const [params, setParams] = useSearchParams();
  const demandId = Number(params.get('demandId')) || 0;
  return (
    <div className="trade-admin" data-testid="demand-quotation">
      {demandId ? <Comparison demandId={demandId} onBack={() => setParams({})} /> : <DemandPicker onPick={(id) => setParams({ demandId: String(id) })} />}
    </div>
  );
}

function DemandPicker({ onPick }: { onPick: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useQuery(demandsWithQuotationsQuery(page));
  return (
    <>
      <header className="admin-page-head">
        <div>
          <h1 className="admin-page-title">收到的报价</h1>
          <p className="muted">选择一条求购，查看供应商报价并在线比价。</p>
        </div>
      </header>
      {isLoading && <div className="panel empty">加载中...</div>}
      {error && <div className="panel empty">{(error as Error).message}</div>}
      {data && data.items.length === 0 && (
        <div className="panel empty">
          <p>还没有收到报价</p>
          <p className="muted">发布求购后，供应商的报价会出现在这里。</p>
          <AppLink className="btn btn-primary" to="/demand/inquiry">
            发布求购
          </AppLink>
        </div>
      )}
      <div className="picker-grid">
        {data?.items.map((d) => (
          <button key={d.id} type="button" className="panel picker-card" onClick={() => onPick(d.id)} data-testid="picker-card">
            <div className="picker-head">
              <StateBadge state={d.status} kind="demand" />
              <span className="muted small">截止 {formatDay(d.quoteDeadline)}</span>
            </div>
            <strong className="picker-title">{d.title}</strong>
            <span className="muted small">
              {d.quantity}
              {d.unit} · {d.categoryName ?? '未分类'}
            </span>
            <span className="picker-foot">
              <b>{d.quotationCount}</b> 份报价{d.newQuotations > 0 && ['QUOTED', 'EVALUATING'].includes(d.status) ? <em>{d.newQuotations} 份待处理</em> : null}
            </span>
          </button>
        ))}
      </div>
      {data && <Pager variant="trade" page={page} pageSize={12} total={data.total} onChange={setPage} />}
    </>
  );
}

function Comparison({ demandId, onBack }: { demandId: number; onBack: () => void }) {
  const queryClient = useQueryClient();
  const { data, isLoading, error } = useQuery(comparisonQuery(demandId));
  const [accepting, setAccepting] = useState<TComparisonColumn | null>(null);
  const [rejecting, setRejecting] = useState<TComparisonColumn | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);

  if (isLoading) return <div className="panel empty">加载中...</div>;
  if (error || !data) return <div className="panel empty">{(error as Error)?.message ?? '求购不存在'}</div>;
  const d = data.demand;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['quotations'] });
    await queryClient.invalidateQueries({ queryKey: ['demands'] });
  };
  const decide = async () => {
    setBusy(true);
    try {
      const res = accepting ? await acceptQuotation(accepting.quotationId) : rejecting ? await rejectQuotation(rejecting.quotationId, reason.trim()) : null;
      if (!res) return;
      if (res.code !== 200) return void message.error(res.msg);
      message.success(accepting ? `已选定 ${accepting.supplierName}，其他报价已标记为未中选` : '已拒绝该报价');
      setAccepting(null);
      setRejecting(null);
      setReason('');
      await refresh();
    } catch {
      message.error('网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  const onExport = async (kind: 'xlsx' | 'pdf') => {
    setExporting(kind);
    try {
      const err = await downloadFile(`/api/demands/${demandId}/comparison.${kind}`, `比价单-${d.id}.${kind}`);
      if (err) message.error(err);
    } catch {
      message.error('导出失败，请稍后再试');
    } finally {
      setExporting(null);
    }
  };
  const onStop = async () => {
    if (!window.confirm('停止接收报价后将进入评标，确定吗？')) return;
    const res = await stopDemand(d.id).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void message.error(res.msg);
    message.success('已停止接收报价');
    await refresh();
  };
  const left = remainingText(d.quoteDeadline);

  return (
    <>
      <header className="admin-page-head">
        <div>
          <button type="button" className="link-button back-link" onClick={onBack}>
            ‹ 全部求购
          </button>
          <h1 className="admin-page-title">
            比价：{d.title} <StateBadge state={d.status} kind="demand" />
          </h1>
          <p className="muted">
            {d.quantity}
            {d.unit} · {d.categoryName ?? '未分类'} · 报价截止 {formatDay(d.quoteDeadline)}
            {d.accepting && <span className={left.urgent ? 'text-danger' : ''}>（{left.text}）</span>} · 已收到 {data.columns.length} 份报价
          </p>
        </div>
        <div className="head-actions">
          {d.isOwner && d.status === 'QUOTED' && (
            <button type="button" className="btn" onClick={() => void onStop()}>
              停止报价
            </button>
          )}
          <button type="button" className="btn" disabled={exporting !== null || data.columns.length === 0} onClick={() => void onExport('xlsx')} data-testid="export-xlsx">
            {exporting === 'xlsx' ? '导出中...' : '导出 Excel 比价单'}
          </button>
          <button type="button" className="btn" disabled={exporting !== null || data.columns.length === 0} onClick={() => void onExport('pdf')} data-testid="export-pdf">
            {exporting === 'pdf' ? '导出中...' : '导出 PDF'}
          </button>
        </div>
      </header>

      {d.status === 'AWARDED' && (
        <div className="notice notice-success">
          已选定供应商：<strong>{data.columns.find((c) => c.status === 'ACCEPTED')?.supplierName}</strong>。对方已获得您的联系方式，将尽快与您联系。
        </div>
      )}
      {d.accepting && data.columns.length > 0 && <div className="notice notice-info">该求购仍在接收报价，供应商可能修改报价。您也可以现在就选定一家。</div>}

      {data.columns.length === 0 ? (
        <div className="panel empty">
          <p>暂未收到报价</p>
          <p className="muted">供应商报价后会第一时间通知您。</p>
        </div>
      ) : (
        <CompareTable data={data} onAccept={setAccepting} onReject={setRejecting} />
      )}

      <Modal open={accepting !== null} onClose={() => setAccepting(null)} title="接受报价" width={480} testId="accept-modal">
        {accepting && (
          <div className="confirm-body">
            <p>
              确定选定 <strong>{accepting.supplierName}</strong> 的报价（{formatMoney(accepting.totalAmount)}）吗？
            </p>
            <p className="muted">确定后该求购成交，其他供应商的报价将标记为“未中选”；您的联系方式将提供给中标供应商。此操作不可撤销。</p>
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => setAccepting(null)}>
                再想想
              </button>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void decide()} data-testid="confirm-accept">
                {busy ? '处理中...' : '确定接受'}
              </button>
            </div>
          </div>
        )}
      </Modal>
      <Modal open={rejecting !== null} onClose={() => setRejecting(null)} title="拒绝报价" width={480} testId="reject-modal">
        {rejecting && (
          <div className="confirm-body">
            <p>
              拒绝 <strong>{rejecting.supplierName}</strong> 的报价，原因将告知该供应商。
            </p>
            <div className="field">
              <textarea rows={3} maxLength={200} value={reason} placeholder="如：价格超出预算 / 交货期不满足 / 参数不符合要求" onChange={(e) => setReason(e.target.value)} />
            </div>
            <div className="chip-row">
              {['价格超出预算', '交货期不满足', '参数不符合要求', '品牌不符合要求'].map((r) => (
                <button key={r} type="button" className="chip" onClick={() => setReason(r)}>
                  {r}
                </button>
              ))}
            </div>
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => setRejecting(null)}>
                取消
              </button>
              <button type="button" className="btn btn-danger-solid" disabled={busy || reason.trim().length < 2} onClick={() => void decide()}>
                {busy ? '处理中...' : '确定拒绝'}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </>
  );
}

function CompareTable({ data, onAccept, onReject }: { data: TComparison; onAccept: (c: TComparisonColumn) => void; onReject: (c: TComparisonColumn) => void }) {
  const cols = data.columns;
  const d = data.demand;
  const row = (label: string, requirement: React.ReactNode, cell: (c: TComparisonColumn) => React.ReactNode, mark?: (c: TComparisonColumn) => 'price' | 'lead' | null) => (
    <tr>
      <th className="sticky-col">{label}</th>
      <td className="req-col">{requirement}</td>
      {cols.map((c) => {
        const m = mark?.(c);
        return (
          <td key={c.quotationId} className={`${m ? `mark-${m}` : ''}${c.status !== 'SUBMITTED' && c.status !== 'ACCEPTED' ? ' dim' : ''}`}>
            {cell(c)}
            {m === 'price' && <span className="mark-tag">最低价</span>}
            {m === 'lead' && <span className="mark-tag lead">最短交期</span>}
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
                <th key={c.quotationId} className={c.status === 'ACCEPTED' ? 'winner' : ''} data-testid="compare-col" data-supplier={c.supplierName}>
                  <div className="col-head">
                    <strong>{c.supplierName}</strong>
                    <span>
                      <StateBadge state={c.status} /> <span className="muted small">第{c.version}版</span>
                    </span>
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
            {row(
              '单价 × 数量',
              `${d.quantity}${d.unit}`,
              (c) =>
                c.lines.map((l, i) => (
                  <div key={i}>
                    {formatMoney(l.unitPrice)} × {l.quantity} <span className="muted small">{l.taxIncluded ? '含税' : '不含税'}</span>
                  </div>
                )),
            )}
            {row('报价总额', d.budget !== null ? `预算 ${formatMoney(d.budget)}` : '—', (c) => <strong>{formatMoney(c.totalAmount)}</strong>)}
            {row(
              '比价金额',
              `含税；不含税按${Math.round(VAT_RATE * 100)}%折算`,
              (c) => <strong className="money">{formatMoney(c.comparableTotal)}</strong>,
              (c) => (c.lowestPrice ? 'price' : null),
            )}
            {row('交货期', d.needBy ? `${formatDay(d.needBy)} 前` : '—', (c) => `${c.leadTimeDays} 天`, (c) => (c.shortestLead ? 'lead' : null))}
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
            {cols.some((c) => c.rejectReason) && row('拒绝原因', '—', (c) => c.rejectReason ?? '—')}
            <tr className="action-row">
              <th className="sticky-col">操作</th>
              <td className="req-col" />
              {cols.map((c) => (
                <td key={c.quotationId}>
                  {data.canDecide && c.status === 'SUBMITTED' ? (
                    <div className="col-actions">
                      <button type="button" className="btn btn-primary btn-sm" onClick={() => onAccept(c)} data-testid="accept-quotation">
                        接受报价
                      </button>
                      <button type="button" className="btn btn-sm btn-danger" onClick={() => onReject(c)}>
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
        <span className="legend-price" /> 最低比价金额 <span className="legend-lead" /> 最短交货期 · 不含税报价按 {Math.round(VAT_RATE * 100)}% 增值税折算后比较
      </p>
    </div>
  );
}
