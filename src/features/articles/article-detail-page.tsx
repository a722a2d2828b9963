// /technicalCentre/detail/{id}.html: a technical article with author, date, views, tags, 收藏,
// its neighbours and related articles of the same category.
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { CollectButton } from '@/components/collect-button';
import { DetailSkeleton, LoadFailed, Neighbours, parseDetailId } from '@/components/content-page';
import { useDocumentTitle } from '@/shared/page-title';
import { ApiError } from '@/platform/http';
import { ErrorView } from '@/pages/error-page';
import { articleCategoriesQuery, articleQuery, articleTagsQuery, hotArticlesQuery } from './api/articles-api';
import type { TPrefetchContext } from '@/shared/route-meta';
import { ArticleCategories, ArticleTags, HotArticles } from './components/article-side';
import '@/styles/content.css';

/** Reading time at roughly 400 Chinese characters a minute. */
const readingMinutes = (html: string) => Math.max(1, Math.round(html.replace(/<[^>]+>/g, '').length / 400));

/** Server rendering: the article (its 404 too) and the side lists. */
export async function prefetch({ queryClient, params }: TPrefetchContext) {
  const id = parseDetailId(params.file);
  await Promise.all([
    id === null ? null : queryClient.prefetchQuery(articleQuery(id)),
    queryClient.prefetchQuery(articleCategoriesQuery()),
    queryClient.prefetchQuery(articleTagsQuery()),
    queryClient.prefetchQuery(hotArticlesQuery()),
  ]);
}

export default function ArticleDetailPage() {
  const { file } = useParams();
  const navigate = useNavigate();
  const id = parseDetailId(file);
  const detail = useQuery({ ...articleQuery(id ?? 0), enabled: id !== null });
  useDocumentTitle(detail.data?.title);

  const notFound = id === null || (detail.error instanceof ApiError && (detail.error.code === 404 || detail.error.code === 400));
  if (notFound) return <ErrorView statusCode={404} message="文章不存在或已被删除" onRetry={() => void navigate('/', { replace: true })} />;

  const a = detail.data;
  return (
    <div className="content-page">
      <div className="container">
        <nav className="breadcrumb" aria-label="当前位置">
          <AppLink to="/">首页</AppLink>
          <span>›</span>
          <AppLink to="/technicalCentre">技术中心</AppLink>
          {a && (
            <>
              <span>›</span>
              <AppLink to={`/technicalCentre?category=${encodeURIComponent(a.category)}`}>{a.category}</AppLink>
              <span>›</span>
              <strong>正文</strong>
            </>
          )}
        </nav>

        <div className="content-grid">
          <main className="content-main">
            {detail.isError && !notFound ? (
              <LoadFailed what="文章" error={detail.error} onRetry={() => void detail.refetch()} panel />
            ) : !a ? (
              <DetailSkeleton />
            ) : (
              <>
                <article className="panel article-view" data-testid="article-detail">
                  <header className="article-head">
                    <h1>{a.title}</h1>
                    <div className="article-head-row">
                      <p className="article-meta">
                        <span className="tag">{a.category}</span>
                        {a.author && <span>作者：{a.author}</span>}
                        <time dateTime={a.publishedAt}>发布时间：{formatDay(a.publishedAt)}</time>
                        <span data-testid="views">阅读：{a.views.toLocaleString('zh-CN')} 次</span>
                        <span>约 {readingMinutes(a.content)} 分钟读完</span>
                      </p>
                      <CollectButton kind="article" targetId={a.id} />
                    </div>
                  </header>
                  {a.summary && (
                    <p className="article-lead">
                      <strong>摘要</strong>
                      {a.summary}
                    </p>
                  )}
                  {/* The server sanitised this HTML (sanitize-html); nothing else is rendered raw. */}
                  <div className="rich-text" dangerouslySetInnerHTML={{ __html: a.content }} />
                  {a.tags.length > 0 && (
                    <p className="article-tags">
                      <span>标签：</span>
                      {a.tags.map((t) => (
                        <AppLink key={t} to={`/technicalCentre?tag=${encodeURIComponent(t)}`} className="tag-plain">
                          #{t}
                        </AppLink>
                      ))}
                    </p>
                  )}
                  <footer className="article-actions">
                    <CollectButton kind="article" targetId={a.id} />
                    <span className="muted">觉得有用？收藏后可在“管理中心 › 我的收藏”中随时查看</span>
                  </footer>
                  <Neighbours base="/technicalCentre/detail" prev={a.prev} next={a.next} />
                </article>

                {a.related.length > 0 && (
                  <section className="panel related" aria-labelledby="related-title">
                    <h2 id="related-title" className="section-title">
                      相关文章
                    </h2>
                    <ul className="related-cards" data-testid="related">
                      {a.related.map((r) => (
                        <li key={r.id}>
                          <AppLink to={`/technicalCentre/detail/${r.id}.html`} title={r.title}>
                            <strong>{r.title}</strong>
                            {r.summary && (
                              <span className="related-summary" title={r.summary}>
                                {r.summary}
                              </span>
                            )}
                            <span className="related-meta">
                              {formatDay(r.publishedAt)} · 阅读 {r.views.toLocaleString('zh-CN')}
                            </span>
                          </AppLink>
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            )}
          </main>
          <aside className="content-side">
            <HotArticles excludeId={id ?? undefined} />
            <ArticleCategories active={a?.category} />
            <ArticleTags />
          </aside>
        </div>
      </div>
    </div>
  );
}
