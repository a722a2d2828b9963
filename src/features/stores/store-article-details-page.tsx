// /store/{uid}/storeArticleDetails?id=: one article or solution of the store, with its neighbours.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { ErrorView } from '@/pages/error-page';
import { ApiError } from '@/platform/http';
import { prefetchStorePage, storeSectionPath } from './api/store';
import type { TPrefetchContext } from '@/shared/route-meta';
import { storeArticleQuery } from './api/store-article';
import { usePageTitle } from '@/shared/page-title';
import { positiveId, useStore } from './components/use-store';

/** Server rendering: the store and the article of ?id= (404 when unknown). */
export function prefetch(ctx: TPrefetchContext) {
  const id = positiveId(ctx.url.searchParams.get('id'));
  return prefetchStorePage(ctx, (uid) => (id === null ? [] : [ctx.queryClient.prefetchQuery(storeArticleQuery(uid, id))]));
}

export default function StoreArticleDetailsPage() {
  const { uid, store } = useStore();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = positiveId(params.get('id'));
  const article = useQuery({ ...storeArticleQuery(uid, id ?? 0), enabled: id !== null });
  usePageTitle(article.data?.title);
  const theme = store.data?.theme ?? 1;

  if (id === null || (article.error instanceof ApiError && article.error.code === 404)) {
    return <ErrorView statusCode={404} message="文章不存在或已删除" onRetry={() => void navigate(storeSectionPath(uid, 'article', theme), { replace: true })} />;
  }
  if (article.isError) return <ErrorView statusCode={500} message={article.error.message} onRetry={() => void article.refetch()} />;
  const a = article.data;
  if (!a) return <div className="store-loading" aria-busy="true" />;
  const kind = a.kind === 'scheme' ? 'scheme' : 'article';
  const listPath = storeSectionPath(uid, kind, theme);
  const link = (target: number) => `/store/${uid}/storeArticleDetails?id=${target}`;

  return (
    <article className={`store-article ${theme === 2 ? 't2-section' : 'panel'}`} data-testid="store-article">
      <nav className="store-crumbs" aria-label="当前位置">
        <AppLink to={`/store/${uid}`}>店铺首页</AppLink>
        <span>/</span>
        <AppLink to={listPath}>{kind === 'scheme' ? '解决方案' : '店铺文章'}</AppLink>
      </nav>
      <h1>{a.title}</h1>
      <div className="store-article-info">
        <time dateTime={a.createdAt}>发布于 {formatDay(a.createdAt)}</time>
        <span>阅读 {a.views}</span>
        {store.data && <span>来源：{store.data.name}</span>}
      </div>
      {/* Sanitised by the server. */}
      <div className="rich-text store-article-content" dangerouslySetInnerHTML={{ __html: a.content }} />
      <nav className="store-article-nav" aria-label="上一篇和下一篇">
        <span>上一篇：{a.prev ? <AppLink to={link(a.prev.id)}>{a.prev.title}</AppLink> : <em>没有了</em>}</span>
        <span>下一篇：{a.next ? <AppLink to={link(a.next.id)}>{a.next.title}</AppLink> : <em>没有了</em>}</span>
      </nav>
      <AppLink to={listPath} className="btn">
        返回列表
      </AppLink>
    </article>
  );
}
