// /admin/purchaser/demand-manager — the purchaser's demands by state (edit drafts, submit, stop
// accepting quotations, cancel, re-post, close) and the inquiries it sent; admins may list every
// demand and take one down.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  canTransition,
  deadlineCountdown,
  DEMAND_STATE_LABEL,
  DEMAND_TRANSITIONS,
  demandActionsFor,
  formatMoney,
  INQUIRY_STATE_LABEL,
  INQUIRY_STATES,
  inquiryClosable,
  MY_DEMAND_TABS,
  quotationDecidable,
  type TDemandState,
  type TInquiryItem,
  type TInquiryState,
  type TMyDemandItem,
  CANCEL_NOTE_MAX,
  ZCancelDemand,
  ZReason,
} from '@contracts/trade';
import { formatDateTime, formatDay } from '@contracts/time';
import { mainLine, quantityMismatch } from '@contracts/comparison';
import { Field } from '@/components/form/field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { RejectModal } from '@/features/quotations/components/decide-modals';
import { AppLink } from '@/components/ui/app-link';
import { Modal } from '@/components/ui/modal';
import { message } from '@/components/ui/toast';
import { useSession } from '@/shared/session';
import { ListBody, ListPage, ListState, ListTabs, useListParams, type TListColumn } from '@/components/data-table';
import { acceptQuotation, approveDemand, closeInquiry, demandAction, myDemandCountsQuery, myDemandsQuery, myInquiriesQuery, myInquiryCountsQuery, quotationQuery, rejectDemand, rejectQuotation, type TDemandAction } from './api/demands-api';
import { StateBadge, UpgradeToPurchaser } from './components/common';
import '@/styles/trade.css';

// Every state a demand can be in has its tab (全部 is their sum), from the contracts' list.
const TABS: (TDemandState | '')[] = ['', ...MY_DEMAND_TABS];
const PAGE_SIZE = 10;

const ACTION_TEXT: Record<TDemandAction, { label: string; confirm: string; danger?: boolean }> = {
  submit: { label: '发布', confirm: '确定发布该求购吗？发布后供应商即可报价，内容不能再修改。' },
  stop: { label: '停止报价', confirm: '停止接收报价后将进入评标，不再接收新的报价。确定吗？' },
  cancel: { label: '取消求购', confirm: '取消后未处理的报价将全部作废，此操作不可撤销。确定取消吗？', danger: true },
  close: { label: '完成采购', confirm: '确认已完成采购并关闭该求购吗？' },
  repost: { label: '重新发布', confirm: '将以该求购为模板生成新的草稿，您可以修改截止日期后发布。' },
  approve: { label: '审核通过', confirm: '采购方已按驳回原因修改该求购。审核通过后将重新发布到求购大厅，供应商可以报价。' },
};

/** The purchaser's buttons: the transitions the server allows the buyer from this state (contracts' table). */
const actionsFor = (d: TMyDemandItem, owner: boolean): TDemandAction[] => (owner ? demandActionsFor(d.status, 'buyer') : demandActionsFor(d.status, 'admin').filter((a) => a === 'approve'));

export default function DemandManagerPage() {
  const { user } = useSession();
  const { values, update } = useListParams(['tab', 'scope', 'status'] as const);
  const tab = values.tab === 'inquiries' ? 'inquiries' : 'demands';
  const isPurchaser = Boolean(user?.roles.includes('purchaser'));
  const isAdmin = Boolean(user?.roles.includes('admin'));
  const scope = isAdmin && (values.scope === 'all' || !isPurchaser) ? 'all' : 'mine';
  // Each view starts from its first page and all states.
  const setTab = (next: 'demands' | 'inquiries') => update({ tab: next === 'inquiries' ? 'inquiries' : '', scope: '', status: '' });
  return (
    <ListPage
      variant="trade"
      testId="demand-manager"
      title="求购管理"
      subtitle={scope === 'all' ? '平台全部采购商的求购，可查看比价并驳回违规信息。' : '管理您发布的求购与发出的询价。报价截止后请及时比价定标。'}
      actions={
        isPurchaser && (
          <AppLink className="btn btn-primary" to="/demand/inquiry">
            ＋ 发布求购
          </AppLink>
        )
      }
    >
      <div className="segmented">
        <button type="button" className={tab === 'demands' ? 'active' : ''} onClick={() => setTab('demands')}>
          {scope === 'all' ? '全部求购' : '我的求购'}
        </button>
        <button type="button" className={tab === 'inquiries' ? 'active' : ''} onClick={() => setTab('inquiries')}>
          我的询价
        </button>
        {isAdmin && isPurchaser && tab === 'demands' && (
          <label className="checkbox segmented-extra">
            <input type="checkbox" checked={scope === 'all'} onChange={(e) => update({ scope: e.target.checked ? 'all' : '', status: '' })} />
            查看全部采购商的求购（管理员）
          </label>
        )}
      </div>
      {tab === 'inquiries' ? <SentInquiries /> : isPurchaser || scope === 'all' ? <DemandTable scope={scope} /> : <UpgradeToPurchaser />}
    </ListPage>
  );
}

function DemandTable({ scope }: { scope: 'mine' | 'all' }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { values, page, update } = useListParams(['status'] as const);
  const status = values.status as TDemandState | '';
  const { data: counts } = useQuery(myDemandCountsQuery(scope));
  const q = useQuery({ ...myDemandsQuery({ status: status || undefined, page, pageSize: PAGE_SIZE, scope }), placeholderData: keepPreviousData });
  const [pending, setPending] = useState<{ demand: TMyDemandItem; action: TDemandAction } | null>(null);
  const [rejecting, setRejecting] = useState<TMyDemandItem | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const res = pending.action === 'approve' ? await approveDemand(pending.demand.id) : await demandAction(pending.demand.id, pending.action);
      if (res.code !== 200) return void message.error(res.msg);
      message.success(res.msg);
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: ['demands'] });
      if (pending.action === 'repost' && res.data) void navigate(`/demand/inquiry?id=${res.data.id}`);
    } catch {
      message.error('网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };
  const columns: TListColumn<TMyDemandItem>[] = [
    {
      id: 'demand',
      header: '求购信息',
      cell: (d) => (
        <>
          <div className="cell-title">
            {d.status === 'DRAFT' ? <span>{d.title}</span> : <AppLink to={`/demand?id=${d.id}`}>{d.title}</AppLink>}
            {d.repostOf && <span className="tag tag-muted">重新发布</span>}
          </div>
          <div className="cell-meta">
            {d.categoryName ?? '未分类'} · {d.quantity}
            {d.unit} · 预算 {formatMoney(d.budget)}
            {d.budgetHidden && '（已隐藏）'} · {[d.province, d.city].filter(Boolean).join(' ')}
            {scope === 'all' && <> · 采购方 {d.buyer}</>}
          </div>
          {d.status === 'REJECTED' && d.rejectReason && (
            <div className="cell-meta text-danger" data-testid="reject-reason">
              驳回原因：{d.rejectReason}
            </div>
          )}
          {d.status === 'PENDING_REVIEW' && <div className="cell-meta muted">已按驳回原因修改并提交审核，平台审核通过后将重新发布。</div>}
          {d.status === 'PENDING_APPROVAL' && <div className="cell-meta muted">等待采购单位审批人审批，审批通过后提交平台审核。</div>}
        </>
      ),
    },
    { id: 'status', header: '状态', width: 90, cell: (d) => <StateBadge state={d.status} /> },
    {
      id: 'quotations',
      header: '报价',
      width: 110,
      cell: (d) =>
        d.quotationCount > 0 ? (
          <AppLink to={`/admin/purchaser/demand-quotation?demandId=${d.id}`} className="quote-link">
            {d.quotationCount} 份
            {d.newQuotations > 0 && ['QUOTED', 'EVALUATING'].includes(d.status) && <span className="dot-badge">{d.newQuotations} 待处理</span>}
          </AppLink>
        ) : (
          <span className="muted">暂无</span>
        ),
    },
    {
      id: 'deadline',
      header: '报价截止',
      width: 130,
      cell: (d) => {
        const left = deadlineCountdown(d);
        return (
          <>
            {formatDay(d.quoteDeadline)}
            {left && <div className={left.urgent ? 'text-danger small' : 'muted small'}>{left.text}</div>}
          </>
        );
      },
    },
    {
      id: 'actions',
      header: '操作',
      width: 210,
      cellClassName: 'actions',
      cell: (d) => (
        <>
          {d.status === 'DRAFT' && scope === 'mine' && (
            <AppLink className="btn btn-sm" to={`/demand/inquiry?id=${d.id}`}>
              编辑
            </AppLink>
          )}
          {d.status === 'REJECTED' && scope === 'mine' && (
            <AppLink className="btn btn-sm btn-primary" to={`/demand/inquiry?id=${d.id}`} data-testid="fix-rejected">
              修改后提交审核
            </AppLink>
          )}
          {d.quotationCount > 0 && (
            <AppLink className="btn btn-sm btn-primary" to={`/admin/purchaser/demand-quotation?demandId=${d.id}`}>
              比价
            </AppLink>
          )}
          {actionsFor(d, scope === 'mine').map((a) => (
            <button key={a} type="button" className={`btn btn-sm${ACTION_TEXT[a].danger ? ' btn-danger' : ''}`} onClick={() => setPending({ demand: d, action: a })} data-action={a}>
              {ACTION_TEXT[a].label}
            </button>
          ))}
          {scope === 'all' && canTransition(DEMAND_TRANSITIONS, d.status, 'REJECTED', 'admin') && (
            <button type="button" className="btn btn-sm btn-danger" onClick={() => setRejecting(d)}>
              驳回
            </button>
          )}
        </>
      ),
    },
  ];

  return (
    <section className="panel">
      <ListTabs variant="trade" active={status} onChange={(s) => update({ status: s })} tabs={TABS.map((s) => ({ key: s, label: s ? DEMAND_STATE_LABEL[s] : '全部', count: counts?.[s || 'ALL'] ?? 0 }))} />
      <ListBody
        variant="trade"
        className="manager-table"
        query={q}
        columns={columns}
        getRowId={(d) => d.id}
        rowTestId="my-demand-row"
        rowAttrs={(d) => ({ 'data-id': d.id })}
        empty={
          <div className="empty">
            <p>暂无{status ? DEMAND_STATE_LABEL[status] : ''}求购</p>
            {scope === 'mine' && (
              <AppLink className="btn btn-primary" to="/demand/inquiry">
                发布求购
              </AppLink>
            )}
          </div>
        }
        onPage={(p) => update({ page: p })}
      />

      {rejecting && (
        <RejectDemandModal
          demand={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            void queryClient.invalidateQueries({ queryKey: ['demands'] });
          }}
        />
      )}
      {pending?.action === 'cancel' && (
        <CancelDemandModal
          demand={pending.demand}
          onClose={() => setPending(null)}
          onDone={() => {
            setPending(null);
            void queryClient.invalidateQueries({ queryKey: ['demands'] });
          }}
        />
      )}
      <Modal open={pending !== null && pending.action !== 'cancel'} onClose={() => setPending(null)} title={pending ? ACTION_TEXT[pending.action].label : ''} width={460} testId="confirm-modal">
        {pending && (
          <div className="confirm-body">
            <p>
              求购：<strong>{pending.demand.title}</strong>
            </p>
            <p className="muted">{ACTION_TEXT[pending.action].confirm}</p>
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => setPending(null)}>
                再想想
              </button>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run()} data-testid="confirm-action">
                {busy ? '处理中...' : '确定'}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}

/**
 * 取消求购 (the purchaser), on the form mechanism: the optional reason is checked by the request the
 * server checks (ZCancelDemand: 取消原因不能超过200个字), shown on leaving the field or confirming.
 */
export function CancelDemandModal({ demand, onClose, onDone }: { demand: Pick<TMyDemandItem, 'id' | 'title'>; onClose: () => void; onDone: () => void }) {
  const form = useSchemaForm({ schema: ZCancelDemand, initial: { note: '' }, toPayload: (v) => (v.note.trim() ? { note: v.note } : {}) });
  const error = form.errors.note;
  const length = form.values.note.trim().length;
  const submit = form.handleSubmit(async ({ note }) => {
    const res = await demandAction(demand.id, 'cancel', note).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) {
      if (res.code === 400) form.setError('note', res.msg);
      return void message.error(res.msg);
    }
    message.success(res.msg);
    onDone();
  });
  return (
    <Modal open onClose={onClose} title={ACTION_TEXT.cancel.label} width={460} testId="confirm-modal">
      <form className="confirm-body" onSubmit={submit} onBlur={form.onBlur} noValidate>
        <p>
          求购：<strong>{demand.title}</strong>
        </p>
        <p className="muted">{ACTION_TEXT.cancel.confirm}</p>
        <Field error={error} hint={`${length}/${CANCEL_NOTE_MAX}`}>
          <textarea {...form.field('note')} rows={3} aria-label="取消原因" placeholder="取消原因（选填）" />
        </Field>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            再想想
          </button>
          <button type="submit" className="btn btn-danger-solid" disabled={form.isSubmitting} data-testid="confirm-action">
            {form.isSubmitting ? '处理中...' : '确定'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * 驳回求购 (the platform admin), on the form mechanism: the reason is checked by the request the
 * server checks (ZReason: 原因至少2个字 …), shown on leaving the field or confirming; a refusal keeps it.
 */
export function RejectDemandModal({ demand, onClose, onDone }: { demand: Pick<TMyDemandItem, 'id' | 'title'>; onClose: () => void; onDone: () => void }) {
  const form = useSchemaForm({ schema: ZReason, initial: { reason: '' } });
  const error = form.errors.reason;
  const submit = form.handleSubmit(async ({ reason }) => {
    const res = await rejectDemand(demand.id, reason).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) {
      form.setError('reason', res.msg);
      return void message.error(res.msg);
    }
    message.success(res.msg);
    onDone();
  });
  return (
    <Modal open onClose={onClose} title="驳回求购" width={460} testId="confirm-modal">
      <form className="confirm-body" onSubmit={submit} onBlur={form.onBlur} noValidate>
        <p>
          求购：<strong>{demand.title}</strong>
        </p>
        <p className="muted">驳回后该求购将从求购大厅下架，采购方会收到通知。</p>
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <textarea {...form.field('reason')} rows={3} maxLength={200} aria-label="驳回原因" placeholder="驳回原因（必填），将告知采购方" />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            再想想
          </button>
          <button type="submit" className="btn btn-danger-solid" disabled={form.isSubmitting} data-testid="confirm-action">
            {form.isSubmitting ? '处理中...' : '确定'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The tabs of 我的询价: every state an inquiry is shown in (全部 is their sum). */
const INQUIRY_TABS: (TInquiryState | '')[] = ['', ...INQUIRY_STATES];

function SentInquiries() {
  const { values, page, update } = useListParams(['status'] as const);
  const status = (INQUIRY_STATES as readonly string[]).includes(values.status) ? (values.status as TInquiryState) : '';
  const queryClient = useQueryClient();
  const { data: counts } = useQuery(myInquiryCountsQuery());
  const list = useQuery({ ...myInquiriesQuery({ status: status || undefined, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const [viewing, setViewing] = useState<{ id: number; fromQuick: boolean } | null>(null);
  const [closing, setClosing] = useState<TInquiryItem | null>(null);
  const [busy, setBusy] = useState(false);
  const onClose = async () => {
    if (!closing || busy) return;
    setBusy(true);
    try {
      const res = await closeInquiry(closing.id).catch(() => null);
      if (!res) return void message.error('网络异常，请稍后再试');
      if (res.code !== 200) return void message.error(res.msg);
      message.success('询价已关闭');
      setClosing(null);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['inquiries'] });
    }
  };
  const quotationButton = (q: NonNullable<TInquiryItem['quotation']>, fromQuick = false) => (
    <button type="button" className="btn btn-sm btn-primary" onClick={() => setViewing({ id: q.id, fromQuick })} data-testid="view-quotation">
      查看报价（{quotationDecidable(q.status) ? '待处理' : '已处理'}）
    </button>
  );
  return (
    <section className="panel">
      <ListTabs
        variant="trade"
        active={status}
        onChange={(s) => update({ status: s })}
        tabs={INQUIRY_TABS.map((s) => ({ key: s, label: s ? INQUIRY_STATE_LABEL[s] : '全部', count: counts?.[s || 'ALL'] ?? 0 }))}
      />
      <ListState
        variant="trade"
        query={list}
        empty={
          status ? (
            <div className="empty">
              <p>暂无{INQUIRY_STATE_LABEL[status]}的询价</p>
            </div>
          ) : (
          <div className="empty">
            <p>您还没有发出询价</p>
            <p className="muted">在商品详情页点击“询价”即可向供应商询问价格和货期。</p>
            <AppLink className="btn btn-primary" to="/shop">
              去仪器商城
            </AppLink>
          </div>
          )
        }
        onPage={(p) => update({ page: p })}
      >
        {(items) => (
          <ul className="inquiry-cards">
            {items.map((i) => (
              <li key={i.id} className="inquiry-card" data-testid="sent-inquiry" data-id={i.id}>
                <div className="inquiry-card-head">
                  <strong>{i.subject}</strong>
                  <StateBadge state={i.status} kind="inquiry" />
                  {i.kind === 'quick' && <span className="tag">快速询价</span>}
                  <span className="muted small">{formatDateTime(i.createdAt)}</span>
                </div>
                <p className="muted small">
                  {i.supplierName ? `供应商：${i.supplierName}` : i.answers.length ? `平台已分发给${i.answers.length}家供应商` : '平台分发'} · 数量 {i.quantity ?? '—'}
                  {i.unit ?? ''}
                </p>
                {i.message && <p className="inquiry-msg">{i.message}</p>}
                {i.reply && (
                  <div className="reply-box">
                    <span className="reply-label">{i.kind === 'quick' ? '平台回复' : '供应商回复'}</span>
                    <p>{i.reply}</p>
                    <span className="muted small">{formatDateTime(i.repliedAt)}</span>
                  </div>
                )}
                {i.answers.map((a) => (
                  <div key={a.inquiryId} className="reply-box" data-testid="inquiry-answer">
                    <span className="reply-label">
                      {a.supplierName ?? '供应商'} <StateBadge state={a.status} kind="inquiry" />
                    </span>
                    {a.reply ? <p>{a.reply}</p> : <p className="muted small">等待该供应商回复…</p>}
                    {a.repliedAt && <span className="muted small">{formatDateTime(a.repliedAt)}</span>}
                    {a.quotation && <div className="inquiry-card-actions">{quotationButton(a.quotation, true)}</div>}
                  </div>
                ))}
                {(() => {
                  // One need, one decision: the copy whose quotation was accepted closed the others.
                  const won = i.answers.find((a) => a.quotation?.status === 'ACCEPTED');
                  return won ? (
                    <p className="notice notice-success small" data-testid="inquiry-decision">
                      已选定 <strong>{won.supplierName ?? '供应商'}</strong> 的报价，询价已关闭；其他供应商的报价未中选。
                    </p>
                  ) : null;
                })()}
                {!i.reply && i.answers.length === 0 && <p className="muted small">{i.kind === 'quick' ? '等待平台分发给匹配的供应商…' : '等待供应商回复…'}</p>}
                {!i.reply && i.answers.length > 0 && i.answers.every((a) => !a.reply && !a.quotation) && <p className="muted small">等待供应商回复…</p>}
                <div className="inquiry-card-actions">
                  {i.quotation && quotationButton(i.quotation)}
                  {inquiryClosable(i.status) && (
                    <button type="button" className="btn btn-sm" onClick={() => setClosing(i)} data-testid="close-inquiry">
                      关闭询价
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {viewing !== null && <InquiryQuotationModal id={viewing.id} fromQuick={viewing.fromQuick} onClose={() => setViewing(null)} />}
      <Modal open={closing !== null} onClose={() => !busy && setClosing(null)} title="关闭询价" width={460} testId="close-inquiry-modal">
        {closing && (
          <div className="confirm-body">
            <p>
              询价：<strong>{closing.subject}</strong>
            </p>
            <p className="muted">
              关闭后供应商不能再回复或报价
              {closing.quotation && quotationDecidable(closing.quotation.status) ? '，未处理的报价将作废并通知供应商' : ''}
              {closing.answers.length > 0 ? '，已分发的供应商询价将一并关闭' : ''}。确定关闭吗？
            </p>
            <div className="modal-actions">
              <button type="button" className="btn" disabled={busy} onClick={() => setClosing(null)}>
                再想想
              </button>
              <button type="button" className="btn btn-danger-solid" disabled={busy} onClick={() => void onClose()} data-testid="confirm-close-inquiry">
                {busy ? '处理中...' : '确定关闭'}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}

function InquiryQuotationModal({ id, fromQuick, onClose }: { id: number; fromQuick: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery(quotationQuery(id));
  // An offer for another quantity than the inquiry asks for says so before it is accepted.
  // The quantity of the main item (the line worth most), as the 比价单 reads an offer.
  const quantityNote = data?.inquiry?.quantity && data.current.lines.length ? quantityMismatch(mainLine(data.current.lines).quantity, data.inquiry.quantity, data.inquiry.unit ?? '') : null;
  const [mode, setMode] = useState<'view' | 'accept' | 'reject'>('view');
  const [busy, setBusy] = useState(false);
  const decide = async (accept: boolean, reason = '') => {
    if (!data || busy) return;
    setBusy(true);
    try {
      // The decision names the version shown here: the server answers 409 when the supplier revised since.
      const res = await (accept ? acceptQuotation(id, data.version) : rejectQuotation(id, data.version, reason)).catch(() => null);
      if (!res) return void message.error('网络异常，请稍后再试');
      if (res.code !== 200) {
        message.error(res.msg);
        setMode('view');
        // 报价已更新…: show the version the server now holds
        if (res.code === 409) await queryClient.invalidateQueries({ queryKey: ['quotations', 'detail', id] });
        return;
      }
      message.success(res.msg);
      await queryClient.invalidateQueries({ queryKey: ['inquiries'] });
      await queryClient.invalidateQueries({ queryKey: ['quotations'] });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  // 拒绝: the reason on the form mechanism (the comparison's reject dialog), in place of this one.
  if (data && quotationDecidable(data.status) && mode === 'reject') {
    return <RejectModal column={data} busy={busy} onClose={() => setMode('view')} onConfirm={(reason) => decide(false, reason)} />;
  }
  return (
    <Modal open onClose={() => !busy && onClose()} title="供应商报价" width={720} testId="inquiry-quotation-modal">
      {isLoading || !data ? (
        <div className="empty">加载中...</div>
      ) : (
        <div className="quote-modal">
          <p>
            <strong>{data.supplierName}</strong> · 第{data.version}版 · <StateBadge state={data.status} kind="quotation" />
          </p>
          <table className="trade-table compact">
            <thead>
              <tr>
                <th>品牌/型号</th>
                <th>单价</th>
                <th>数量</th>
                <th>交货期</th>
                <th>质保</th>
                <th>付款方式</th>
              </tr>
            </thead>
            <tbody>
              {data.current.lines.map((l, k) => (
                <tr key={k}>
                  <td>
                    {l.brand} {l.model}
                  </td>
                  <td>
                    {formatMoney(l.unitPrice)} <span className="muted small">{l.taxIncluded ? '含税' : '不含税'}</span>
                  </td>
                  <td>{l.quantity}</td>
                  <td>{l.leadTimeDays}天</td>
                  <td>{l.warrantyMonths}个月</td>
                  <td>{l.paymentTerms}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="quote-total">
            合计 <strong>{formatMoney(data.totalAmount)}</strong> · 有效期至 {formatDay(data.validUntil)}
          </p>
          {data.notes && <p className="muted">备注：{data.notes}</p>}
          {quotationDecidable(data.status) && mode === 'accept' && (
            <p className="confirm-line" data-testid="accept-confirm-text">
              确定选定 <strong>{data.supplierName}</strong> 的第{data.version}版报价（{formatMoney(data.totalAmount)}）吗？接受后该询价将关闭
              {fromQuick ? '，平台分发给其他供应商的询价一并关闭，其报价将标记为未中选' : ''}，供应商可以看到您的联系方式。
              {quantityNote && (
                <>
                  <br />
                  <strong className="text-danger" data-testid="quantity-mismatch">
                    {quantityNote}
                  </strong>
                </>
              )}
            </p>
          )}
          {quotationDecidable(data.status) && (
            <div className="modal-actions">
              {mode === 'view' ? (
                <>
                  <button type="button" className="btn btn-danger" onClick={() => setMode('reject')}>
                    拒绝
                  </button>
                  <button type="button" className="btn btn-primary" onClick={() => setMode('accept')} data-testid="accept-quotation">
                    接受报价
                  </button>
                </>
              ) : (
                <>
                  <button type="button" className="btn" disabled={busy} onClick={() => setMode('view')}>
                    再想想
                  </button>
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void decide(true)} data-testid="confirm-decision">
                    {busy ? '处理中...' : '确定接受'}
                  </button>
                </>
              )}
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
