// /admin/quickInquiry — the platform's quick-inquiry queue (admins): every visitor inquiry with
// the suppliers it was routed to; mark handled (e.g. after a call-back) or close; mark 垃圾询价 (its
// routed copies then do not count in the suppliers' 响应质量 figures) or lift the mark.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { INQUIRY_STATE_LABEL, INQUIRY_STATES, type TInquiryState, type TQuickInquiryItem } from '@contracts/trade';
import { formatDateTime } from '@contracts/time';
import { message } from '@/components/ui/toast';
import { useSession } from '@/shared/session';
import { ListBody, ListPage, ListTabs, useListParams, type TListColumn } from '@/components/data-table';
import { closeInquiry, quickQueueCountsQuery, quickQueueQuery, replyInquiry } from './api/inquiries-api';
import { InquiryBadge, TextDialog } from './components/common';
import { RouteDialog } from './components/route-dialog';
import { useSpamMark } from '@/features/platform-admin/components/spam-mark';
import { SPAM_LABEL } from '@contracts/response-quality';
import '@/styles/trade.css';

const PAGE_SIZE = 15;

export default function QuickInquiryQueuePage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { values, page, update } = useListParams(['status'] as const);
  const status = values.status as TInquiryState | '';
  const isAdmin = Boolean(user?.roles.includes('admin'));
  const { data: counts } = useQuery({ ...quickQueueCountsQuery(), enabled: isAdmin });
  const q = useQuery({ ...quickQueueQuery({ status: status || undefined, page, pageSize: PAGE_SIZE }), enabled: isAdmin, placeholderData: keepPreviousData });
  const [handling, setHandling] = useState<TQuickInquiryItem | null>(null);
  const [routing, setRouting] = useState<TQuickInquiryItem | null>(null);
  const [mark, markDialog] = useSpamMark();
  if (!isAdmin) return <div className="panel empty">只有平台管理员可以查看快速询价队列</div>;
  const onClose = async (i: TQuickInquiryItem) => {
    const res = await closeInquiry(i.id).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void message.error(res.msg);
    message.success('已关闭');
    await queryClient.invalidateQueries({ queryKey: ['inquiries'] });
  };
  const onSpam = async (i: TQuickInquiryItem, spam: boolean) => {
    const who = i.routedTo.length ? `分发到的${i.routedTo.length}家供应商` : '任何供应商';
    if (await mark({ id: i.id, subject: i.subject, who, spam })) await queryClient.invalidateQueries({ queryKey: ['inquiries'] });
  };
  const columns: TListColumn<TQuickInquiryItem>[] = [
    {
      id: 'subject',
      header: '询价内容',
      cell: (i) => (
        <>
          <div className="cell-title">
            {i.subject}{' '}
            <span className="muted small">
              × {i.quantity}
              {i.unit}
            </span>
          </div>
          <div className="cell-meta">
            {i.categoryName ? `${i.categoryName} · ` : ''}
            {formatDateTime(i.createdAt)}
          </div>
          {i.message && <div className="cell-meta">“{i.message}”</div>}
          {i.reply && <div className="cell-meta text-success">跟进：{i.reply}</div>}
        </>
      ),
    },
    {
      id: 'contact',
      header: '联系人',
      width: 170,
      cell: (i) => (
        <>
          <div>{i.contactName}</div>
          <div className="small">{i.contactPhone}</div>
          {i.companyName && <div className="muted small">{i.companyName}</div>}
        </>
      ),
    },
    {
      id: 'routedTo',
      header: '分发供应商',
      width: 250,
      cell: (i) =>
        i.routedTo.length === 0 ? (
          <span className="text-danger small">未匹配到供应商，请人工分发</span>
        ) : (
          <ul className="routed-list">
            {i.routedTo.map((r) => (
              <li key={r.inquiryId}>
                <span>{r.supplierName}</span> <InquiryBadge state={r.status} />
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: 'status',
      header: '状态',
      width: 80,
      cell: (i) => (
        <>
          <InquiryBadge state={i.status} />
          {i.spamAt && <span className="spam-tag">{SPAM_LABEL}</span>}
        </>
      ),
    },
    {
      id: 'actions',
      header: '操作',
      width: 150,
      cellClassName: 'actions',
      cell: (i) => (
        <>
          {i.status === 'NEW' && (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setHandling(i)}>
              标记已跟进
            </button>
          )}
          {i.status !== 'CLOSED' && (
            <button type="button" className="btn btn-sm" onClick={() => setRouting(i)} data-testid="route-open">
              分发
            </button>
          )}
          {i.status !== 'CLOSED' && (
            <button type="button" className="btn btn-sm" onClick={() => void onClose(i)}>
              关闭
            </button>
          )}
          <div className="spam-action">
            <button type="button" className={`link-button small${i.spamAt ? '' : ' danger'}`} onClick={() => void onSpam(i, !i.spamAt)} data-testid={i.spamAt ? 'unmark-spam' : 'mark-spam'}>
              {i.spamAt ? '取消垃圾询价标记' : `标记为${SPAM_LABEL}`}
            </button>
          </div>
        </>
      ),
    },
  ];
  return (
    <ListPage
      variant="trade"
      testId="quick-queue"
      title="快速询价"
      subtitle="游客通过手机验证提交的询价。系统按仪器名称与分类自动分发给商品匹配度最高的 3 家供应商；未匹配到或需要更多报价的，可点“分发”人工选择供应商。"
    >
      <section className="panel">
        <ListTabs
          variant="trade"
          active={status}
          onChange={(s) => update({ status: s })}
          tabs={(['', ...INQUIRY_STATES] as const).map((s) => ({ key: s, label: s ? (s === 'REPLIED' ? '已跟进' : INQUIRY_STATE_LABEL[s]) : '全部', count: counts?.[s || 'ALL'] ?? 0, hot: s === 'NEW' }))}
        />
        <ListBody variant="trade" query={q} columns={columns} getRowId={(i) => i.id} rowTestId="queue-row" empty="暂无快速询价" onPage={(p) => update({ page: p })} />
      </section>
      {markDialog}
      {routing && (
        <RouteDialog
          inquiry={routing}
          onClose={(changed) => {
            setRouting(null);
            if (changed) void queryClient.invalidateQueries({ queryKey: ['inquiries'] });
          }}
        />
      )}
      {handling && (
        <TextDialog
          title="记录跟进情况"
          intro={<p className="muted">“{handling.subject}” · {handling.contactName} {handling.contactPhone}</p>}
          placeholder="如：已电话回访，客户需求已转给供应商"
          presets={['已电话回访，需求已确认', '已人工转给相关供应商', '客户暂无采购计划']}
          confirmText="保存"
          onClose={() => {
            setHandling(null);
            void queryClient.invalidateQueries({ queryKey: ['inquiries'] });
          }}
          send={(text) => replyInquiry(handling.id, text).catch(() => null)}
        />
      )}
    </ListPage>
  );
}
