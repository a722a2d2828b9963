// The article and scheme lists of a store, in the theme 1 (list) or theme 2 (cards) design.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Pager } from '@/components/ui/pager';
import { storeArticlesQuery, type TStoreArticleKind } from '../api/store-articles';
import { prefetchStorePage } from '../api/store';
import type { TPrefetchContext } from '@/shared/route-meta';
import { ArticleList, BlockHead, StoreEmpty } from './store-blocks';
import { positiveId, useStore } from './use-store';
import { useQueryHref } from '@/shared/query-href';

const PAGE_SIZE = 10;
const TEXT = {
  article: { title: '店铺文章', sub: '产品应用、技术分享与企业动态', empty: '该店铺暂未发布文章' },
  scheme: { title: '解决方案', sub: '面向行业与应用场景的整体方案', empty: '该店铺暂未发布解决方案' },
} as const;

/** Server rendering of an article or scheme list page: the store and the page the address asks for. */
export function prefetchArticleSection(ctx: TPrefetchContext, kind: TStoreArticleKind) {
  const page = positiveId(ctx.url.searchParams.get('page')) ?? 1;
  return prefetchStorePage(ctx, (uid) => [ctx.queryClient.prefetchQuery(storeArticlesQuery(uid, kind, page, PAGE_SIZE))]);
}

export function ArticleSection({ kind, variant }: { kind: TStoreArticleKind; variant: 'list' | 'cards' }) {
  const { uid } = useStore();
  const [params, setParams] = useSearchParams();
  const href = useQueryHref();
  const page = positiveId(params.get('page')) ?? 1;
  const list = useQuery({ ...storeArticlesQuery(uid, kind, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const text = TEXT[kind];
  return (
    <section className={`store-section${variant === 'cards' ? ' t2-section' : ' panel'}`} data-testid={`store-${kind}-section`} data-variant={variant}>
      <BlockHead title={text.title} sub={text.sub} />
      {list.isError && !list.data && <StoreEmpty>加载失败：{(list.error as Error).message}</StoreEmpty>}
      {list.data && list.data.items.length === 0 && <StoreEmpty>{text.empty}</StoreEmpty>}
      {list.data && list.data.items.length > 0 && <ArticleList uid={uid} items={list.data.items} variant={variant} />}
      {list.data && <Pager variant="shop" page={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}  hrefFor={(p) => href({ page: p })} />}
    </section>
  );
}
