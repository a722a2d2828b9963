// /admin/purchaser/demand-quotation?demandId= — the quotations a demand received side by side
// against its own parameter table: lowest comparable price per unit (marked on the 比价单价, not the
// total) and shortest lead time marked over every valid quotation; accept the version on screen
// (with a 选定理由 when it is not the lowest, told when its quantity is not the demand's) or reject
// with a reason; the 决策记录; export the 比价单 with its 核验码.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { QUOTATION_VERSION_STALE, type TComparison, type TComparisonColumn } from '@contracts/comparison';
import { bidsOpened, QUOTE_MODE_LABEL, remainingText, SEALED_EXPORT_REFUSED, SEALED_UNTIL_OPENING } from '@contracts/trade';
import { formatDateTime, formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { ListState, useListParams } from '@/components/data-table';
import { downloadFile } from '@/platform/download';
import { acceptQuotation, comparisonQuery, demandsWithQuotationsQuery, proposeAward, rejectQuotation, stopDemand, withdrawAwardProposal } from './api/quotations-api';
import { StateBadge } from './components/common';
import { CompareTable } from './components/compare-table';
import { CompareCards } from './components/compare-cards';
import { isWeChat, usePhone } from '@/components/ui/use-phone';
import { AcceptModal, RejectModal } from './components/decide-modals';
import { AwardRecord, DecisionRecord } from './components/decision-record';
import { AWARD_PROPOSAL_LABEL } from '@contracts/award-approval';
import '@/styles/trade.css';

export default function DemandQuotationPage() {
  const { values, page, update } = useListParams(['demandId'] as const);
  const demandId = Number(values.demandId) || 0;
  return (
    <div className="trade-admin" data-testid="demand-quotation">
      {demandId ? <Comparison demandId={demandId} onBack={() => update({ demandId: '' })} /> : <DemandPicker page={page} onPage={(p) => update({ page: p })} onPick={(id) => update({ demandId: id })} />}
    </div>
  );
}

function DemandPicker({ page, onPage, onPick }: { page: number; onPage: (page: number) => void; onPick: (id: number) => void }) {
  const list = useQuery(demandsWithQuotationsQuery(page));
  return (
    <>
      <header className="admin-page-head">
        <div>
          <h1 className="admin-page-title">收到的报价</h1>
          <p className="muted">选择一条求购，查看供应商报价并在线比价。</p>
        </div>
      </header>
      <ListState
        variant="trade"
        query={list}
        loading={<div className="panel empty">加载中...</div>}
        empty={
          <div className="panel empty">
            <p>还没有收到报价</p>
            <p className="muted">发布求购后，供应商的报价会出现在这里。</p>
            <AppLink className="btn btn-primary" to="/demand/inquiry">
              发布求购
            </AppLink>
          </div>
        }
        onPage={onPage}
      >
        {(items) => (
          <div className="picker-grid">
            {items.map((d) => (
              <button key={d.id} type="button" className="panel picker-card" onClick={() => onPick(d.id)} data-testid="picker-card">
                <div className="picker-head">
                  <span>
                    <StateBadge state={d.status} kind="demand" />
                    {!bidsOpened(d) && (
                      <span className="state-badge state-muted sealed-tag" title={SEALED_UNTIL_OPENING}>
                        <Lock size={11} aria-hidden /> 密封
                      </span>
                    )}
                  </span>
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
        )}
      </ListState>
    </>
  );
}

function Comparison({ demandId, onBack }: { demandId: number; onBack: () => void }) {
  const queryClient = useQueryClient();
  const { data, isLoading, error } = useQuery(comparisonQuery(demandId));
  const phone = usePhone();
  // WeChat's browser blocks downloads: the 比价单 buttons say how to open the page in the system browser.
  const [wechatHint, setWechatHint] = useState(false);
  // The quotation as it was when the buyer opened 选定 (with the lowest beside it): a live update
  // (a revision) does not swap the dialog's content; the decision names this version and a newer
  // one comes back as 409, which the page then shows.
  const [opened, setOpened] = useState<{ column: TComparisonColumn; lowest: TComparisonColumn | null } | null>(null);
  const [rejectingId, setRejectingId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  // A decision refused because the supplier revised: the page says so and marks the column.
  const [stale, setStale] = useState<{ quotationId: number; msg: string } | null>(null);
  const [exporting, setExporting] = useState<'xlsx' | 'pdf' | null>(null);

  if (isLoading) return <div className="panel empty">加载中...</div>;
  if (error || !data) return <div className="panel empty">{(error as Error)?.message ?? '求购不存在'}</div>;
  const d = data.demand;
  const accepting = opened?.column ?? null;
  const openAccept = (c: TComparisonColumn) => setOpened({ column: c, lowest: data.columns.find((x) => x.lowestPrice) ?? null });
  const rejecting = data.columns.find((c) => c.quotationId === rejectingId) ?? null;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['quotations'] });
    await queryClient.invalidateQueries({ queryKey: ['demands'] });
  };
  const closeModals = () => {
    setOpened(null);
    setRejectingId(null);
    setAcceptError(null);
  };
  /** Sends a decision on the version on screen; a revision since then comes back as 409 and the page shows it. */
  const decide = async (column: TComparisonColumn, send: () => Promise<{ code: number; msg: string }>, success: string) => {
    setBusy(true);
    try {
      const res = await send();
      if (res.code === 200) {
        message.success(success);
        setStale(null);
        closeModals();
        return void (await refresh());
      }
      message.error(res.msg);
      if (res.code === 409) {
        // Decided elsewhere (another window) or revised by the supplier: either way the table is refreshed.
        setStale(res.msg === QUOTATION_VERSION_STALE ? { quotationId: column.quotationId, msg: res.msg } : null);
        closeModals();
      } else {
        setAcceptError(res.msg);
      }
      await refresh();
    } catch {
      message.error('网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  const onExport = async (kind: 'xlsx' | 'pdf') => {
    if (isWeChat()) {
      setWechatHint(true);
      return;
    }
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
  // 密封报价 before 开标 (the contracts' rule): no prices, no exports, no decisions yet.
  const sealed = !bidsOpened(d) || data.sealed !== null;
  const onStop = async () => {
    const ask = sealed ? '停止接收报价并立即开标？开标后供应商不能再修改或撤回报价，您将看到全部报价详情。' : '停止接收报价后将进入评标，确定吗？';
    if (!window.confirm(ask)) return;
    const res = await stopDemand(d.id).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void message.error(res.msg);
    message.success(sealed ? '已开标，可以比价了' : '已停止接收报价');
    await refresh();
  };
  const canStop = d.isOwner && d.status === 'QUOTED';
  const exportBlocked = sealed ? SEALED_EXPORT_REFUSED : data.columns.length === 0 ? '暂无报价可导出' : undefined;
  const left = remainingText(d.quoteDeadline);
  const winner = data.columns.find((c) => c.status === 'ACCEPTED');
  // 定标审批 (issue 38): the organisation approves the award; the latest proposal says where it stands.
  const award = data.awardApproval;
  const proposals = award?.proposals ?? [];
  const pendingProposal = proposals.find((p) => p.status === 'pending') ?? null;
  const lastProposal = proposals.at(-1) ?? null;
  const onWithdrawProposal = async (id: number) => {
    if (!window.confirm('撤回该定标申请？撤回后可重新选择报价提交审批。')) return;
    const res = await withdrawAwardProposal(id).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) message.error(res.msg);
    else message.success(res.msg);
    await refresh();
  };

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
            {d.accepting && <span className={left.urgent ? 'text-danger' : ''}>（{left.text}）</span>} · {QUOTE_MODE_LABEL[d.quoteMode]} · 已收到 {data.sealed ? data.sealed.count : data.columns.length} 份报价 · 单据编号{' '}
            <span data-testid="document-no">{data.documentNo}</span>
          </p>
        </div>
        <div className="head-actions">
          {canStop && !sealed && (
            <button type="button" className="btn" onClick={() => void onStop()}>
              停止报价
            </button>
          )}
          <button type="button" className="btn" disabled={exporting !== null || exportBlocked !== undefined} title={exportBlocked} onClick={() => void onExport('xlsx')} data-testid="export-xlsx">
            {exporting === 'xlsx' ? '导出中...' : '导出 Excel 比价单'}
          </button>
          <button type="button" className="btn" disabled={exporting !== null || exportBlocked !== undefined} title={exportBlocked} onClick={() => void onExport('pdf')} data-testid="export-pdf">
            {exporting === 'pdf' ? '导出中...' : '导出 PDF'}
          </button>
        </div>
      </header>

      {wechatHint && (
        <div className="notice notice-info" role="status" data-testid="wechat-download-hint">
          微信内无法下载文件：请点击右上角「···」，选择「在浏览器中打开」，登录后再导出比价单。
        </div>
      )}

      {stale && (
        <div className="notice notice-warning" data-testid="stale-notice">
          {stale.msg}：{data.columns.find((c) => c.quotationId === stale.quotationId)?.supplierName ?? '供应商'}的报价已更新为第
          {data.columns.find((c) => c.quotationId === stale.quotationId)?.version ?? '?'}版，下表已显示最新内容。
        </div>
      )}
      {d.status === 'AWARDED' && winner && (
        <div className="notice notice-success">
          已选定供应商：<strong>{winner.supplierName}</strong>。{d.isOwner ? '对方已获得您的联系方式，将尽快与您联系。' : ''}
        </div>
      )}
      {pendingProposal && (
        <div className="notice notice-warning award-pending" role="status" data-testid="award-pending">
          <span>
            <strong>定标审批中</strong>：{pendingProposal.proposer} 已提交 {pendingProposal.supplierName} 第{pendingProposal.version}版报价，等待第{pendingProposal.steps.length + 1}级审批（共{pendingProposal.levels}级）。审批通过后自动选定；审批期间供应商修改或撤回报价，申请将失效。
          </span>
          {d.isOwner && (
            <button type="button" className="btn btn-sm" onClick={() => void onWithdrawProposal(pendingProposal.id)} data-testid="withdraw-proposal">
              撤回申请
            </button>
          )}
        </div>
      )}
      {!pendingProposal && d.isOwner && lastProposal && (lastProposal.status === 'void' || lastProposal.status === 'returned') && data.canDecide && (
        <div className="notice notice-warning" data-testid="award-returned">
          定标申请{AWARD_PROPOSAL_LABEL[lastProposal.status]}：{lastProposal.outcome ?? '—'}。您可以重新比价后再次提交定标审批。
        </div>
      )}
      {!d.isOwner && award && (
        <div className="notice notice-info" data-testid="approver-view">
          您正在以本单位审批人的身份查看比价单{pendingProposal ? '，请在「待我审批」中审批定标申请' : ''}。
        </div>
      )}
      {d.accepting && data.columns.length > 0 && !pendingProposal && <div className="notice notice-info">该求购仍在接收报价，供应商可能修改报价。您也可以现在就选定一家。</div>}

      {data.sealed ? (
        <SealedPanel sealed={data.sealed} canStop={canStop} onStop={() => void onStop()} />
      ) : data.columns.length === 0 ? (
        <div className="panel empty">
          <p>暂未收到报价</p>
          <p className="muted">供应商报价后会第一时间通知您。</p>
        </div>
      ) : phone ? (
        <CompareCards data={data} updatedId={stale?.quotationId ?? null} onAccept={openAccept} onReject={(c) => setRejectingId(c.quotationId)} />
      ) : (
        <CompareTable data={data} updatedId={stale?.quotationId ?? null} onAccept={openAccept} onReject={(c) => setRejectingId(c.quotationId)} />
      )}

      {data.decision && <DecisionRecord decision={data.decision} demand={d} documentNo={data.documentNo} />}
      <AwardRecord records={proposals} />

      {accepting && (
        <AcceptModal
          key={`${accepting.quotationId}-${accepting.version}`}
          column={accepting}
          lowest={opened?.lowest ?? null}
          demandQuantity={d.quantity}
          unit={d.unit}
          busy={busy}
          serverError={acceptError}
          onClose={closeModals}
          propose={award?.required ?? false}
          onConfirm={(reason) =>
            void (award?.required
              ? decide(accepting, () => proposeAward(accepting.quotationId, accepting.version, reason), '已提交定标审批')
              : decide(accepting, () => acceptQuotation(accepting.quotationId, accepting.version, reason), `已选定 ${accepting.supplierName}，其他报价已标记为未中选`))
          }
        />
      )}
      {rejecting && (
        <RejectModal
          column={rejecting}
          busy={busy}
          onClose={closeModals}
          onConfirm={(reason) => void decide(rejecting, () => rejectQuotation(rejecting.quotationId, rejecting.version, reason), '已拒绝该报价')}
        />
      )}
    </>
  );
}

/** 密封报价 before 开标: how many quotations came and from whom, when it opens, and how to open it now. */
function SealedPanel({ sealed, canStop, onStop }: { sealed: NonNullable<TComparison['sealed']>; canStop: boolean; onStop: () => void }) {
  const left = remainingText(sealed.opensAt);
  return (
    <section className="panel sealed-panel" data-testid="sealed-panel" aria-labelledby="sealed-title">
      <div className="sealed-head">
        <span className="sealed-icon" aria-hidden>
          <Lock size={22} />
        </span>
        <div className="sealed-intro">
          <h2 id="sealed-title">{SEALED_UNTIL_OPENING}</h2>
          <p className="muted">
            本求购为密封报价：开标前您和平台只能看到报价数量和报价供应商，价格、报价明细、交货与质保条款及附件均不可见；供应商在开标前可修改或撤回报价。报价截止时自动开标，您也可以提前停止报价并开标。
          </p>
        </div>
        {canStop && (
          <button type="button" className="btn btn-primary" onClick={onStop} disabled={sealed.count === 0} title={sealed.count === 0 ? '暂未收到报价' : undefined} data-testid="open-bids">
            停止报价并开标
          </button>
        )}
      </div>
      <dl className="sealed-facts">
        <div>
          <dt>已收到报价</dt>
          <dd data-testid="sealed-count">
            <b>{sealed.count}</b> 份
          </dd>
        </div>
        <div>
          <dt>开标时间</dt>
          <dd>{formatDateTime(sealed.opensAt)}</dd>
        </div>
        <div>
          <dt>距开标</dt>
          <dd className={left.urgent ? 'text-danger' : ''}>{left.text.replace(/^剩余/, '')}</dd>
        </div>
      </dl>
      {sealed.bids.length === 0 ? (
        <p className="muted center sealed-empty">暂未收到报价，供应商报价后会第一时间通知您。</p>
      ) : (
        <table className="trade-table sealed-table">
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">报价供应商</th>
              <th scope="col">提交时间</th>
              <th scope="col">报价内容</th>
            </tr>
          </thead>
          <tbody>
            {sealed.bids.map((b, i) => (
              <tr key={`${b.supplierName}-${b.submittedAt}`} data-testid="sealed-bid">
                <td>{i + 1}</td>
                <td>{b.supplierName}</td>
                <td>{formatDateTime(b.submittedAt)}</td>
                <td>
                  <span className="sealed-mask">
                    <Lock size={12} aria-hidden /> 开标后可见
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small sealed-foot">开标后可在此比价、导出比价单并选定供应商。</p>
    </section>
  );
}
