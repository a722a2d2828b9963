// /admin/feedback: feedback sent through /feedback, filtered by status and kind, with the
// handling status changed in place (calls of the content module: GET/PUT /api/admin/feedback).
import { useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { message } from '@/components/ui/toast';
import { ApiError, fetchData, request } from '@/platform/http';
import type { TPage } from '@contracts/api';
import { FEEDBACK_KINDS, FEEDBACK_STATUSES, type TFeedbackEntry, type TFeedbackKind, type TFeedbackStatus } from '@contracts/content';
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
      <p className={open || !long ? undefined : 'bo-ellipsis-2'}>{text}</p>
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
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const kind = params.get('kind') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery(feedbackQuery({ status, kind, page }));
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next);
  };
  const changeStatus = async (entry: TFeedbackEntry, next: TFeedbackStatus) => {
    const res = await request('put', `/api/admin/feedback/${entry.id}`, { status: next }).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void (res.code !== 401 && message.error(res.msg));
    message.success(res.msg);
    void client.invalidateQueries({ queryKey: ['admin', 'feedback'] });
  };
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.pageSize)) : 1;

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
        <div className="bo-tabs" role="tablist">
          {([['', '全部'], ...Object.entries(FEEDBACK_STATUSES)] as [string, string][]).map(([k, v]) => (
            <button key={k} type="button" role="tab" aria-selected={status === k} className={status === k ? 'active' : undefined} onClick={() => set({ status: k })}>
              {v}
            </button>
          ))}
        </div>
        <div className="bo-toolbar">
          <select aria-label="反馈类型" value={kind} onChange={(e) => set({ kind: e.target.value })}>
            <option value="">全部类型</option>
            {Object.entries(FEEDBACK_KINDS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
          {q.data && <span className="muted">共 {q.data.total} 条</span>}
        </div>
        {q.isLoading ? (
          <div className="bo-skeleton" aria-busy="true">
            <div className="bo-skeleton-line" />
            <div className="bo-skeleton-line" />
          </div>
        ) : q.error || !q.data ? (
          <div className="bo-card bo-blocked" role="alert">
            <h2>{q.error instanceof ApiError && q.error.code === 403 ? '仅平台管理员可以访问' : '加载失败'}</h2>
            <p className="muted">{q.error instanceof Error ? q.error.message : '网络异常，请稍后再试'}</p>
          </div>
        ) : q.data.items.length === 0 ? (
          <div className="empty">暂无反馈</div>
        ) : (
          <table className="bo-table">
            <thead>
              <tr>
                <th style={{ width: 90 }}>类型</th>
                <th>内容</th>
                <th style={{ width: 170 }}>提交人 / 联系方式</th>
                <th style={{ width: 130 }}>提交时间</th>
                <th style={{ width: 110 }}>处理状态</th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((f) => (
                <tr key={f.id} data-testid="feedback-row">
                  <td>
                    <span className="bo-tag bo-tag-info">{FEEDBACK_KINDS[f.kind as TFeedbackKind] ?? f.kind}</span>
                  </td>
                  <td>
                    <FeedbackContent text={f.content} />
                  </td>
                  <td className="bo-small">
                    <div>{f.memberName ?? '游客'}</div>
                    <div className="muted">{f.contact ?? '未留联系方式'}</div>
                  </td>
                  <td className="muted bo-small">{dayjs(f.createdAt).format('YYYY-MM-DD HH:mm')}</td>
                  <td>
                    <select className={`bo-status-select bo-fb-${f.status}`} value={f.status} aria-label="处理状态" onChange={(e) => void changeStatus(f, e.target.value as TFeedbackStatus)}>
                      {Object.entries(FEEDBACK_STATUSES).map(([k, v]) => (
                        <option key={k} value={k}>
                          {v}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {q.data && q.data.total > 0 && (
          <nav className="pagination bo-pager" aria-label="分页">
            <span className="bo-pager-total">
              第 {page}/{pages} 页
            </span>
            <button type="button" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>
              ‹
            </button>
            <button type="button" disabled={page >= pages} onClick={() => set({ page: String(page + 1) })}>
              ›
            </button>
          </nav>
        )}
      </div>
    </div>
  );
}
