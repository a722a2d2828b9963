// 收藏 / 已收藏 for a product, a shop or a technical article. Visitors get the login modal;
// members toggle with a toast. Shared by the shop, store and technical-centre pages.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { openLoginModal } from '@/shared/login-modal';
import { useSession } from '@/shared/session';
import { message } from '@/components/ui/toast';
import { fetchData, request } from '@/platform/http';
import '@/styles/content.css';

type TCollectKind = 'product' | 'shop' | 'article';

/** Query key shared by convention with the favourites pages (['collections', …]). */
const statusKey = (kind: TCollectKind, targetId: number) => ['collections', 'status', kind, targetId] as const;

export function CollectButton({ kind, targetId }: { kind: 'product' | 'shop' | 'article'; targetId: number }) {
  const { signedIn } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const status = useQuery({
    queryKey: statusKey(kind, targetId),
    queryFn: async () => (await fetchData<{ ids: number[] }>('get', '/api/collections/status', { kind, ids: String(targetId) })).ids.includes(targetId),
    enabled: signedIn && targetId > 0,
    staleTime: 60_000,
  });
  const collected = signedIn && status.data === true;

  const toggle = async () => {
    if (!signedIn) return openLoginModal();
    if (busy) return;
    setBusy(true);
    try {
      const res = collected ? await request('delete', '/api/collections', { kind, targetId }) : await request('post', '/api/collections', { kind, targetId });
      if (res.code === 401) return; // the HTTP client already logged out and said so (SPEC §8)
      if (res.code !== 200) return void message.error(res.msg || '操作失败，请稍后再试');
      queryClient.setQueryData(statusKey(kind, targetId), !collected);
      void queryClient.invalidateQueries({ queryKey: ['collections', 'list', kind] });
      message.success(collected ? '已取消收藏' : '收藏成功');
    } catch {
      message.error('网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`btn collect-btn${collected ? ' is-collected' : ''}`}
      aria-pressed={collected}
      disabled={busy || (signedIn && status.isPending)}
      onClick={() => void toggle()}
      data-testid="collect-button"
      title={collected ? '点击取消收藏' : '收藏后可在“我的收藏”中查看'}
    >
      <svg aria-hidden viewBox="0 0 24 24" width="16" height="16" fill={collected ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M12 2.8l2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z" />
      </svg>
      {collected ? '已收藏' : '收藏'}
    </button>
  );
}
