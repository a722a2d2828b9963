// /admin/inquiryManage — 全部询价: every inquiry routed to a supplier (product inquiries and the copies
// of quick inquiries), newest first, where the admin marks spam (垃圾询价) and lifts the mark. A
// marked inquiry is not counted in its supplier's 响应质量 figures from the next recomputation.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INQUIRY_STATE_LABEL, type TInquiryState } from '@contracts/trade';
import { SPAM_LABEL, SPAM_NEXT_BATCH, type TAdminInquiry } from '@contracts/response-quality';
import { formatDateTime } from '@contracts/time';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { FilterBar, ListBody, ListTabs, SearchBox, useListParams, type TListColumn } from '@/components/data-table';
import { adminInquiriesQuery } from './api/response';
import { useSpamMark } from './components/spam-mark';
import { LoadError, Loading } from './components/query-state';
import '@/styles/backoffice.css';

const TABS = [
  { key: '', label: '全部' },
  { key: 'counted', label: '计入统计' },
  { key: 'spam', label: SPAM_LABEL },
];

export default function InquiryManagePage() {
  const client = useQueryClient();
  const [mark, markDialog] = useSpamMark();
  const { values, page, update } = useListParams(['spam', 'keyword'] as const);
  const q = useQuery(adminInquiriesQuery({ spam: values.spam, keyword: values.keyword, page, pageSize: 20 }));

  /** Marks or lifts a mark: on the inquiry itself, or on the quick inquiry a copy was routed from. */
  const toggle = async (i: TAdminInquiry, spam: boolean) => {
    const viaParent = !spam && !i.spamAt && i.parentSpam && i.parentId !== null;
    const done = await mark({
      id: viaParent ? i.parentId! : i.id,
      subject: i.subject,
      who: `该供应商（${i.supplierName}）`,
      spam,
      note: viaParent ? `取消快速询价 #${i.parentId} 的标记：它分发给各供应商的询价都将重新计入。` : undefined,
    });
    if (done) await client.invalidateQueries({ queryKey: ['admin', 'inquiries'] });
  };

  const columns: TListColumn<TAdminInquiry>[] = [
    {
      id: 'subject',
      header: '询价',
      cell: (i) => (
        <>
          <strong>{i.subject}</strong>
          <div className="muted bo-small">
            {i.kind === 'quick' ? `快速询价 #${i.parentId} 分发` : '商品询价'} · 编号 {i.id}
          </div>
          {i.message && <div className="muted bo-small">“{i.message}”</div>}
        </>
      ),
    },
    { id: 'supplier', header: '供应商', width: 200, cellClassName: 'bo-small', cell: (i) => i.supplierName },
    { id: 'askedBy', header: '询价人', width: 110, cellClassName: 'bo-small', cell: (i) => i.askedBy ?? '—' },
    { id: 'createdAt', header: '收到时间', width: 140, cellClassName: 'muted bo-small', cell: (i) => formatDateTime(i.createdAt) },
    {
      id: 'status',
      header: '状态',
      width: 170,
      cell: (i) =>
        i.spamAt || i.parentSpam ? (
          <>
            <StatusTag status="rejected" label={SPAM_LABEL} />
            <div className="muted bo-small">{i.spamAt ? `${formatDateTime(i.spamAt)} 标记，不计入统计` : `随快速询价 #${i.parentId} 标记，不计入统计`}</div>
          </>
        ) : (
          <StatusTag status={i.status === 'CLOSED' ? 'closed' : i.status === 'REPLIED' ? 'active' : 'pending'} label={INQUIRY_STATE_LABEL[i.status as TInquiryState] ?? i.status} />
        ),
    },
    {
      id: 'actions',
      header: '操作',
      width: 120,
      cellClassName: 'bo-row-actions',
      cell: (i) =>
        i.spamAt || i.parentSpam ? (
          <button type="button" className="link-button" onClick={() => void toggle(i, false)} data-testid="unmark-spam">
            取消标记
          </button>
        ) : (
          <button type="button" className="link-button bo-danger-link" onClick={() => void toggle(i, true)} data-testid="mark-spam">
            标记为垃圾询价
          </button>
        ),
    },
  ];

  return (
    <div className="bo-page" data-testid="inquiry-manage">
      <PageHeader title="全部询价" subtitle={`分发给供应商的全部询价（商品询价与快速询价分发）。被标记为${SPAM_LABEL}的询价不计入供应商的响应质量数据；标记与取消标记在${SPAM_NEXT_BATCH}生效。`} />
      <div className="bo-card bo-card-flush">
        <ListTabs tabs={TABS.map((t) => ({ ...t, testId: `tab-${t.key || 'all'}` }))} active={values.spam} onChange={(spam) => update({ spam })} />
        <FilterBar>
          <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="询价商品、留言、供应商或联系人" label="搜索询价" testId="admin-inquiry-keyword" />
        </FilterBar>
        <ListBody
          query={q}
          columns={columns}
          getRowId={(i) => i.id}
          rowTestId="admin-inquiry-row"
          rowAttrs={(i) => ({ 'data-id': i.id })}
          empty={values.keyword ? `没有找到与「${values.keyword}」相关的询价` : values.spam === 'spam' ? `暂无${SPAM_LABEL}` : '暂无询价'}
          loading={<Loading />}
          error={(e, retry) => <LoadError error={e} retry={retry} />}
          onPage={(p) => update({ page: p })}
        />
      </div>
      {markDialog}
    </div>
  );
}
