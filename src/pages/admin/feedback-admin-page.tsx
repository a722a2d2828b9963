// /admin/feedback: feedback sent through /feedback, filtered by status and kind, with the
// handling status changed in place (calls of the content module: GET/PUT /api/admin/feedback).
import { useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { message } from '@/components/ui/toast';
import { ApiError, fetchData, request } from '@/platform/http';
import type { TPage } from '@contracts/api';
import { FEEDBACK_KINDS, FEEDBACK_STATUSES, type TFeedbackEntry, type TFeedbackKind, type TFeedbackStatus } from '@contracts/content';
import { formatDateTime } from '@contracts/time';
import { FilterBar, FilterSelect, ListBody, ListTabs, useListParams, type TListColumn } from '@/components/data-table';
import '@/styles/backoffice.css';

const PAGE_SIZE = 20;
const feedbackQuery = (q: { status: string; kind: string; page: number }) =>
  queryOptions({
    queryKey: ['admin', 'feedback', q],
    queryFn: () => fetchData<TPage<TFeedbackEntry>>('get', '/api/admin/feedback', { status: q.status || undefined, kind: q.kind || undefined, page: q.page, pageSize: PAGE_SIZE }),
    placeholderData: (prev) => prev,
  });

function FeedbackContent({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = Array.from(text).length > 120;
  return (
    <div className="bo-feedback-content">
      <p className={open || !long ? undefined : 'bo-ellipsis-2'} title={open ? undefined : text}>
        {text}
      </p>
      {long && (
        <button type="button" className="link-button bo-small" onClick={() => setOpen((o) => !o)}>
          {open ? '收起' : '展开全文'}
        </button>
      )}
    </div>
  );
}

export default function FeedbackAdminPage() {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['status', 'kind'] as const);
  const { status, kind } = values;
  const q = useQuery(feedbackQuery({ status, kind, page }));
  const changeStatus = async (entry: TFeedbackEntry, next: TFeedbackStatus) => {
    const res = await request('put', `/api/admin/feedback/${entry.id}`, { status: next }).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void (res.code !== 401 && message.error(res.msg));
    message.success(res.msg);
    void client.invalidateQueries({ queryKey: ['admin', 'feedback'] });
  };
  const columns: TListColumn<TFeedbackEntry>[] = [
    { id: 'kind', header: '类型', width: 90, cell: (f) => <span className="bo-tag bo-tag-info">{FEEDBACK_KINDS[f.kind as TFeedbackKind] ?? f.kind}</span> },
    { id: 'content', header: '内容', cell: (f) => <FeedbackContent text={f.content} /> },
    {
      id: 'member',
      header: '提交人 / 联系方式',
      width: 170,
      cellClassName: 'bo-small',
      cell: (f) => (
        <>
          <div>{f.memberName ?? '游客'}</div>
          <div className="muted">{f.contact ?? '未留联系方式'}</div>
        </>
      ),
    },
    { id: 'createdAt', header: '提交时间', width: 130, cellClassName: 'muted bo-small', cell: (f) => formatDateTime(f.createdAt) },
    {
      id: 'status',
      header: '处理状态',
      width: 110,
      cell: (f) => (
        <select className={`bo-status-select bo-fb-${f.status}`} value={f.status} aria-label="处理状态" onChange={(e) => void changeStatus(f, e.target.value as TFeedbackStatus)}>
          {Object.entries(FEEDBACK_STATUSES).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </select>
      ),
    },
  ];

  return (
    <div className="bo-page" data-testid="feedback-admin">
      <header className="bo-header">
        <div className="bo-header-row">
          <div>
            <h1 className="bo-title">意见反馈</h1>
            <p className="bo-subtitle">用户通过「意见反馈」页提交的建议与问题。处理后请更新状态，便于团队协作跟进。</p>
          </div>
        </div>
      </header>
      <div className="bo-card bo-card-flush">
        <ListTabs tabs={[{ key: '', label: '全部' }, ...Object.entries(FEEDBACK_STATUSES).map(([k, v]) => ({ key: k, label: v }))]} active={status} onChange={(k) => update({ status: k })} />
        <FilterBar>
          <FilterSelect label="反馈类型" all="全部类型" options={Object.entries(FEEDBACK_KINDS)} value={kind} onChange={(k) => update({ kind: k })} />
        </FilterBar>
        <ListBody
          query={q}
          columns={columns}
          getRowId={(f) => f.id}
          rowTestId="feedback-row"
          empty="暂无反馈"
          loading={
            <div className="bo-skeleton" aria-busy="true">
              <div className="bo-skeleton-line" />
              <div className="bo-skeleton-line" />
            </div>
          }
          error={(e) => (
            <div className="bo-card bo-blocked" role="alert">
              <h2>{e instanceof ApiError && e.code === 403 ? '仅平台管理员可以访问' : '加载失败'}</h2>
              <p className="muted">{e instanceof Error ? e.message : '网络异常，请稍后再试'}</p>
            </div>
          )}
          onPage={(p) => update({ page: p })}
        />
      </div>
    </div>
  );
}
