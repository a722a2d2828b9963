// /news/detail/{id}.html: the news item with its source, date and views, neighbours and related news.
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatMonthDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { DetailSkeleton, LoadFailed, Neighbours, parseDetailId } from '@/components/content-page';
import { useDocumentTitle } from '@/shared/page-title';
import { ApiError } from '@/platform/http';
import { ErrorView } from '@/pages/error-page';
import { hotNewsQuery, newsDetailQuery } from './api/news-api';
import type { TPrefetchContext } from '@/shared/route-meta';
import { HotNews } from './components/hot-news';
import { NewsCta } from './components/news-cta';
import '@/styles/content.css';

/** SPEC §8: a failed clipboard copy is logged and reports false. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (err) {
    console.error('copy failed', err);
    return false;
  }
}

/** Server rendering: the item (its 404 too) and the hot list. */
export async function prefetch({ queryClient, params }: TPrefetchContext) {
  const id = parseDetailId(params.file);
  await Promise.all([id === null ? null : queryClient.prefetchQuery(newsDetailQuery(id)), queryClient.prefetchQuery(hotNewsQuery())]);
}

export default function NewsDetailPage() {
  const { file } = useParams();
  const navigate = useNavigate();
  const id = parseDetailId(file);
  const detail = useQuery({ ...newsDetailQuery(id ?? 0), enabled: id !== null });
  useDocumentTitle(detail.data?.title);

  const notFound = id === null || (detail.error instanceof ApiError && (detail.error.code === 404 || detail.error.code === 400));
  if (notFound) return <ErrorView statusCode={404} message="新闻不存在或已被删除" onRetry={() => void navigate('/', { replace: true })} />;

  const n = detail.data;
  const share = async () => {
    const ok = await copyText(window.location.href);
    if (ok) message.success('链接已复制，快去分享吧');
    else message.error('复制失败，请手动复制浏览器地址栏中的链接');
  };

  return (
    <div className="content-page">
      <div className="container">
        <nav className="breadcrumb" aria-label="当前位置">
          <AppLink to="/">首页</AppLink>
          <span>›</span>
          <AppLink to="/news">新闻资讯</AppLink>
          {n && (
            <>
              <span>›</span>
              <AppLink to={`/news?category=${encodeURIComponent(n.category)}`}>{n.category}</AppLink>
              <span>›</span>
              <strong>正文</strong>
            </>
          )}
        </nav>

        <div className="content-grid">
          <main className="content-main">
            {detail.isError && !notFound ? (
              <LoadFailed what="新闻" error={detail.error} onRetry={() => void detail.refetch()} panel />
            ) : !n ? (
              <DetailSkeleton />
            ) : (
              <>
                <article className="panel article-view" data-testid="news-detail">
                  <header className="article-head">
                    <h1>{n.title}</h1>
                    <p className="article-meta">
                      <span className="tag">{n.category}</span>
                      {n.source && <span>来源：{n.source}</span>}
                      {n.author && <span>作者：{n.author}</span>}
                      <time dateTime={n.publishedAt}>发布时间：{formatDateTime(n.publishedAt)}</time>
                      <span data-testid="views">浏览：{n.views.toLocaleString('zh-CN')} 次</span>
                    </p>
                  </header>
                  {n.summary && (
                    <p className="article-lead">
                      <strong>导读</strong>
                      {n.summary}
                    </p>
                  )}
                  {/* The server sanitised this HTML (sanitize-html); nothing else is rendered raw. */}
                  <div className="rich-text" dangerouslySetInnerHTML={{ __html: n.content }} />
                  <footer className="article-actions">
                    <button type="button" className="btn" onClick={() => void share()} data-testid="copy-link">
                      <svg aria-hidden viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                        <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
                        <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
                      </svg>
                      复制链接分享
                    </button>
                    <span className="muted">本文仅代表作者观点，转载请注明来源：{n.source || '仪采通'}</span>
                  </footer>
                  <Neighbours base="/news/detail" prev={n.prev} next={n.next} />
                </article>

                {n.related.length > 0 && (
                  <section className="panel related" aria-labelledby="related-title">
                    <h2 id="related-title" className="section-title">
                      相关新闻
                    </h2>
                    <ul className="related-list" data-testid="related">
                      {n.related.map((r) => (
                        <li key={r.id}>
                          <AppLink to={`/news/detail/${r.id}.html`} title={r.title}>
                            {r.title}
                          </AppLink>
                          <time dateTime={r.publishedAt}>{formatMonthDay(r.publishedAt)}</time>
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            )}
          </main>
          <aside className="content-side">
            <HotNews excludeId={id ?? undefined} />
            <NewsCta />
          </aside>
        </div>
      </div>
    </div>
  );
}
