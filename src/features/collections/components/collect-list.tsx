// The frame of the three favourites pages: heading with the count, the paged list, 取消收藏
// on every row and an empty state that says where to find things to collect.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COLLECT_KINDS, type TCollectKind, type TCollectedItem } from '@contracts/content';
import { AppLink, AppNavLink } from '@/components/ui/app-link';
import { readPage } from '@/components/content-page';
import { Pager } from '@/components/ui/pager';
import { lastPageOf, PastLastPage, pastLastPage } from '@/components/ui/past-last-page';
import { message } from '@/components/ui/toast';
import { collectedQuery, uncollect } from '../api/collections-api';
import '@/styles/content.css';

const PAGE_SIZE = 10;
const EMPTY: Record<TCollectKind, { text: string; to: string; cta: string }> = {
  product: { text: '还没有收藏任何商品', to: '/shop', cta: '去仪器商城逛逛' },
  shop: { text: '还没有收藏任何店铺', to: '/store', cta: '浏览品牌店铺' },
  article: { text: '还没有收藏任何技术文章', to: '/technicalCentre', cta: '去技术中心看看' },
};

export function CollectList<K extends TCollectKind>({ kind, renderItem }: { kind: K; renderItem: (item: Extract<TCollectedItem, { kind: K }>) => ReactNode }) {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const queryClient = useQueryClient();
  const list = useQuery(collectedQuery(kind, page, PAGE_SIZE));
  const label = COLLECT_KINDS[kind];

  const goTo = (p: number) => setParams(p > 1 ? { page: String(p) } : {});

  const remove = async (targetId: number) => {
    const res = await uncollect(kind, targetId).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code === 401) return;
    if (res.code !== 200) return void message.error(res.msg);
    message.success('已取消收藏');
    queryClient.setQueryData(['collections', 'status', kind, targetId], false);
    // The last row of a later page gone: step back a page.
    if (list.data && list.data.items.length === 1 && page > 1) goTo(page - 1);
    await queryClient.invalidateQueries({ queryKey: ['collections', 'list', kind] });
  };

  return (
    <section className="panel collect-panel" data-testid={`collect-${kind}`}>
      <header className="collect-head">
        <h1 className="admin-page-title">
          我的收藏
          {list.data && <small>共 {list.data.total} 个{label}</small>}
        </h1>
        <nav className="collect-tabs" aria-label="收藏类型">
          {(Object.keys(COLLECT_KINDS) as TCollectKind[]).map((k) => (
            <AppNavLink key={k} to={`/admin/collect/${k}`}>
              {COLLECT_KINDS[k]}
            </AppNavLink>
          ))}
        </nav>
      </header>
      {list.isPending ? (
        <ul className="collect-list" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="collect-row">
              <div className="skeleton-line" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <div className="empty">
          <p>收藏列表加载失败：{list.error.message}</p>
          <button type="button" className="btn" onClick={() => void list.refetch()}>
            重新加载
          </button>
        </div>
      ) : list.data.items.length === 0 && pastLastPage(page, PAGE_SIZE, list.data.total) !== null ? (
        // An old link past the last page (rows uncollected since): not 「还没有收藏」 beside 共 N 个.
        <PastLastPage page={page} last={lastPageOf(list.data.total, PAGE_SIZE)} total={list.data.total} unit={`个${label}`} />
      ) : list.data.items.length === 0 ? (
        <div className="empty collect-empty" data-testid="collect-empty">
          <svg aria-hidden viewBox="0 0 24 24" width="48" height="48" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
            <path d="M12 2.8l2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z" />
          </svg>
          <p>{EMPTY[kind].text}</p>
          <AppLink to={EMPTY[kind].to} className="btn btn-primary">
            {EMPTY[kind].cta}
          </AppLink>
        </div>
      ) : (
        <ul className={`collect-list${list.isPlaceholderData ? ' is-stale' : ''}`}>
          {(list.data.items as Extract<TCollectedItem, { kind: K }>[]).map((item) => (
            <li key={item.targetId} className="collect-row" data-testid="collect-row">
              {renderItem(item)}
              <button type="button" className="btn btn-danger collect-remove" onClick={() => void remove(item.targetId)}>
                取消收藏
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager variant="backoffice" page={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={goTo} />}
    </section>
  );
}
