// The notification bell for the header: unread count and a dropdown of the latest notifications;
// opening one marks it read and follows its link. Live: the page's live events
// (src/components/live-updates.tsx: the web page's own stream, or main's on the desktop) set the
// count and refresh the list, and toast each new notification; the count is polled every minute
// while the page's stream is not connected.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPage } from '@contracts/api';
import { type TNotification } from '@contracts/trade';
import { timeAgo } from '@contracts/time';
import { useSession } from '@/shared/session';
import { useLiveConnected } from '@/shared/live-sync';
import { fetchData, quietly, request } from '@/platform/http';
import '@/styles/trade.css';

const POLL_MS = 60_000;
const KIND_ICON: Record<string, string> = {
  new_inquiry: '询',
  inquiry_replied: '复',
  new_quotation: '报',
  quotation_revised: '报',
  quotation_accepted: '中',
  quotation_rejected: '拒',
  quotation_not_selected: '未',
  quotation_withdrawn: '撤',
  deadline_soon: '时',
  demand_evaluating: '评',
  demand_expired: '期',
  demand_review: '审',
  demand_approved: '审',
  award_approval: '审',
  inquiry_closed: '关',
  quick_inquiry: '快',
  feedback: '馈',
};

export function NotificationBell() {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const root = useRef<HTMLDivElement>(null);
  const live = useLiveConnected();

  const unread = useQuery({
    queryKey: ['notifications', 'unread'],
    queryFn: async () => (await quietly(() => fetchData<{ count: number }>('get', '/api/notifications/unread-count')))?.count ?? 0,
    enabled: signedIn,
    // Polling is the fallback while the stream is not connected.
    refetchInterval: live ? false : POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
  const list = useQuery({
    queryKey: ['notifications', 'list', page],
    queryFn: () => fetchData<TPage<TNotification>>('get', '/api/notifications', { page, pageSize: 8 }),
    enabled: signedIn && open,
    staleTime: 0,
  });

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!signedIn) return null;
  const count = unread.data ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });

  const onOpenItem = async (n: TNotification) => {
    setOpen(false);
    if (!n.readAt) {
      await quietly(() => request('put', `/api/notifications/${n.id}/read`));
      void refresh();
    }
    if (n.link) void navigate(n.link);
  };
  const onReadAll = async () => {
    await quietly(() => request('put', '/api/notifications/read-all'));
    void refresh();
  };

  return (
    <div className="bell" ref={root}>
      <button
        type="button"
        className="bell-button"
        aria-label={count ? `通知，${count}条未读` : '通知'}
        aria-expanded={open}
        data-testid="notification-bell"
        data-live={live ? 'on' : 'off'}
        onClick={() => {
          setOpen((o) => !o);
          setPage(1);
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden>
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        {count > 0 && (
          <span className="bell-count" data-testid="notification-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div className="bell-panel" role="dialog" aria-label="通知">
          <header className="bell-head">
            <strong>消息通知</strong>
            <button type="button" className="link-button" disabled={count === 0} onClick={() => void onReadAll()}>
              全部已读
            </button>
          </header>
          <div className="bell-list">
            {list.isLoading && <div className="bell-empty">加载中...</div>}
            {list.isError && <div className="bell-empty">通知加载失败，请稍后再试</div>}
            {list.data && list.data.items.length === 0 && <div className="bell-empty">暂无通知</div>}
            {list.data?.items.map((n) => (
              <button key={n.id} type="button" className={`bell-item${n.readAt ? '' : ' unread'}`} onClick={() => void onOpenItem(n)} data-testid="notification-item">
                <span className={`bell-icon kind-${n.kind ?? 'notice'}`}>{KIND_ICON[n.kind ?? ''] ?? '通'}</span>
                <span className="bell-text">
                  <strong>{n.title}</strong>
                  <span title={n.content}>{n.content}</span>
                  <small>{timeAgo(n.createdAt)}</small>
                </span>
              </button>
            ))}
          </div>
          {list.data && list.data.total > 8 && (
            <footer className="bell-foot">
              <button type="button" className="link-button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                上一页
              </button>
              <span className="muted small">
                {page} / {Math.ceil(list.data.total / 8)}
              </span>
              <button type="button" className="link-button" disabled={page * 8 >= list.data.total} onClick={() => setPage((p) => p + 1)}>
                下一页
              </button>
            </footer>
          )}
        </div>
      )}
    </div>
  );
}
