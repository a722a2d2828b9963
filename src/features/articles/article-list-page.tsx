// /technicalCentre: technical articles by category or tag, keyword search, newest or most read,
// with the state in the URL so a result can be shared.
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { ContentBanner, LoadFailed, readPage } from '@/components/content-page';
import { Pager } from '@/components/ui/pager';
import { PastLastPage, pastLastPage } from '@/components/ui/past-last-page';
import { articleCategoriesQuery, articlesQuery, articleTagsQuery, hotArticlesQuery } from './api/articles-api';
import type { TPrefetchContext } from '@/shared/route-meta';
import { ArticleCategories, ArticleTags, HotArticles } from './components/article-side';
import '@/styles/content.css';
import { useQueryHref } from '@/shared/query-href';

const PAGE_SIZE = 12;

type TFilters = { category: string; tag: string; keyword: string; sort: 'latest' | 'hot'; page: number };

const readFilters = (params: URLSearchParams): TFilters => ({
  category: params.get('category') ?? '',
  tag: params.get('tag') ?? '',
  keyword: (params.get('keyword') ?? '').slice(0, 50),
  sort: params.get('sort') === 'hot' ? 'hot' : 'latest',
  page: readPage(params.get('page')),
});

/** Server rendering: the list and the side lists (categories, tags, most read). */
export async function prefetch({ queryClient, url }: TPrefetchContext) {
  await Promise.all([
    queryClient.prefetchQuery(articlesQuery({ ...readFilters(url.searchParams), pageSize: PAGE_SIZE })),
    queryClient.prefetchQuery(articleCategoriesQuery()),
    queryClient.prefetchQuery(articleTagsQuery()),
    queryClient.prefetchQuery(hotArticlesQuery()),
  ]);
}

export default function ArticleListPage() {
  const [params, setParams] = useSearchParams();
  const href = useQueryHref();
  const filters = readFilters(params);
  const list = useQuery(articlesQuery({ ...filters, pageSize: PAGE_SIZE }));
  const categories = useQuery(articleCategoriesQuery());
  // A category name that is not one of the technical centre's (an old or mistyped link).
  const unknownCategory = filters.category !== '' && categories.data !== undefined && !categories.data.items.some((c) => c.name === filters.category);

  const update = (next: Partial<TFilters>) => {
    const merged: TFilters = { ...filters, page: 1, ...next };
    const sp = new URLSearchParams();
    if (merged.category) sp.set('category', merged.category);
    if (merged.tag) sp.set('tag', merged.tag);
    if (merged.keyword) sp.set('keyword', merged.keyword);
    if (merged.sort === 'hot') sp.set('sort', 'hot');
    if (merged.page > 1) sp.set('page', String(merged.page));
    setParams(sp);
    if (next.page) window.scrollTo({ top: 0 });
  };

  const chips = [
    filters.category && { label: `分类：${filters.category}`, clear: () => update({ category: '' }) },
    filters.tag && { label: `标签：${filters.tag}`, clear: () => update({ tag: '' }) },
    filters.keyword && { label: `关键词：${filters.keyword}`, clear: () => update({ keyword: '' }) },
  ].filter(Boolean) as { label: string; clear: () => void }[];

  return (
    <div className="content-page">
      <ContentBanner
        tone="tech"
        title="技术中心"
        intro="应用方案 · 操作指南 · 维护保养 · 标准解读 —— 让每一台仪器发挥应有的性能"
        keyword={filters.keyword}
        placeholder="搜索技术文章，如：色谱柱、ICP-MS"
        searchLabel="搜索技术文章"
        onSearch={(keyword) => update({ keyword })}
      />

      <div className="container">
        <nav className="breadcrumb" aria-label="当前位置">
          <AppLink to="/">首页</AppLink>
          <span>›</span>
          {chips.length ? <AppLink to="/technicalCentre">技术中心</AppLink> : <strong>技术中心</strong>}
          {filters.category && (
            <>
              <span>›</span>
              <strong>{filters.category}</strong>
            </>
          )}
        </nav>

        <div className="content-grid">
          <main className="content-main panel">
            <div className="list-toolbar">
              <div className="filter-chips">
                {chips.length === 0 ? (
                  <strong>全部技术文章</strong>
                ) : (
                  chips.map((c) => (
                    <button key={c.label} type="button" className="filter-chip" onClick={c.clear} aria-label={`取消${c.label}`}>
                      {c.label}
                      <span aria-hidden>×</span>
                    </button>
                  ))
                )}
                {list.data && <span className="muted">共 {list.data.total} 篇</span>}
              </div>
              <div className="sort-switch" role="group" aria-label="排序">
                <button type="button" className={filters.sort === 'latest' ? 'active' : undefined} onClick={() => update({ sort: 'latest' })}>
                  最新发布
                </button>
                <button type="button" className={filters.sort === 'hot' ? 'active' : undefined} onClick={() => update({ sort: 'hot' })}>
                  最多阅读
                </button>
              </div>
            </div>

            {list.isPending ? (
              <ul className="article-list" aria-busy="true">
                {Array.from({ length: 5 }, (_, i) => (
                  <li key={i} className="article-item">
                    <div className="article-body">
                      <div className="skeleton-line title" />
                      <div className="skeleton-line" />
                      <div className="skeleton-line short" />
                    </div>
                  </li>
                ))}
              </ul>
            ) : list.isError ? (
              <LoadFailed what="文章列表" error={list.error} onRetry={() => void list.refetch()} />
            ) : unknownCategory ? (
              <div className="empty" role="status" data-testid="unknown-category">
                <p>技术文章分类「{filters.category}」不存在。</p>
                <button type="button" className="btn" onClick={() => update({ category: '' })}>
                  查看全部文章
                </button>
              </div>
            ) : pastLastPage(filters.page, PAGE_SIZE, list.data.total) !== null ? (
              <PastLastPage page={filters.page} last={pastLastPage(filters.page, PAGE_SIZE, list.data.total)!} total={list.data.total} unit="篇" />
            ) : list.data.items.length === 0 ? (
              <div className="empty" data-testid="articles-empty">
                <p>{filters.keyword ? `没有找到与“${filters.keyword}”相关的技术文章` : '暂无符合条件的技术文章'}</p>
                {chips.length > 0 && (
                  <button type="button" className="btn" onClick={() => update({ category: '', tag: '', keyword: '' })}>
                    查看全部文章
                  </button>
                )}
              </div>
            ) : (
              <ul className={`article-list${list.isPlaceholderData ? ' is-stale' : ''}`} data-testid="article-list">
                {list.data.items.map((a) => (
                  <li key={a.id} className="article-item">
                    {a.cover && <img className="article-cover" src={a.cover} alt="" loading="lazy" />}
                    <div className="article-body">
                      <h2>
                        <AppLink to={`/technicalCentre/detail/${a.id}.html`}>{a.title}</AppLink>
                      </h2>
                      {a.summary && (
                        <p className="article-summary" title={a.summary}>
                          {a.summary}
                        </p>
                      )}
                      <div className="article-foot">
                        <button type="button" className="tag tag-button" onClick={() => update({ category: a.category, tag: '' })}>
                          {a.category}
                        </button>
                        {a.tags.slice(0, 4).map((tag) => (
                          <button key={tag} type="button" className="tag-plain" onClick={() => update({ tag, category: '' })}>
                            #{tag}
                          </button>
                        ))}
                        <span className="article-foot-meta">
                          {a.author && <span>{a.author}</span>}
                          <time dateTime={a.publishedAt}>{formatDay(a.publishedAt)}</time>
                          <span>阅读 {a.views.toLocaleString('zh-CN')}</span>
                        </span>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}

            {list.data && <Pager variant="content" page={filters.page} pageSize={PAGE_SIZE} total={list.data.total} onChange={(p) => update({ page: p })}  hrefFor={(p) => href({ page: p })} />}
          </main>

          <aside className="content-side">
            <ArticleCategories active={filters.category || undefined} />
            <ArticleTags active={filters.tag || undefined} />
            <HotArticles />
          </aside>
        </div>
      </div>
    </div>
  );
}
