// /news: category tabs, keyword search and pages, all kept in the URL; the hot list beside.
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatDayOfMonth, formatMonth } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { ContentBanner, LoadFailed, readPage } from '@/components/content-page';
import { Pager } from '@/components/ui/pager';
import { PastLastPage, pastLastPage } from '@/components/ui/past-last-page';
import { hotNewsQuery, newsCategoriesQuery, newsListQuery } from './api/news-api';
import type { TPrefetchContext } from '@/shared/route-meta';
import { HotNews } from './components/hot-news';
import { NewsCta } from './components/news-cta';
import '@/styles/content.css';
import { useQueryHref } from '@/shared/query-href';
import { InPlaceLink } from '@/components/ui/in-place-link';

const PAGE_SIZE = 15;

const readFilters = (params: URLSearchParams) => ({ category: params.get('category') ?? '', keyword: (params.get('keyword') ?? '').slice(0, 50), page: readPage(params.get('page')) });

/** Server rendering: the list, the category tabs and the hot list. */
export async function prefetch({ queryClient, url }: TPrefetchContext) {
  await Promise.all([queryClient.prefetchQuery(newsCategoriesQuery()), queryClient.prefetchQuery(newsListQuery({ ...readFilters(url.searchParams), pageSize: PAGE_SIZE })), queryClient.prefetchQuery(hotNewsQuery())]);
}

export default function NewsListPage() {
  const [params, setParams] = useSearchParams();
  const href = useQueryHref();
  const { category, keyword, page } = readFilters(params);

  const categories = useQuery(newsCategoriesQuery());
  const list = useQuery(newsListQuery({ category, keyword, page, pageSize: PAGE_SIZE }));

  const update = (next: { category?: string; keyword?: string; page?: number }) => {
    const merged = { category, keyword, page: 1, ...next };
    const sp = new URLSearchParams();
    if (merged.category) sp.set('category', merged.category);
    if (merged.keyword) sp.set('keyword', merged.keyword);
    if (merged.page > 1) sp.set('page', String(merged.page));
    setParams(sp);
    if (next.page) window.scrollTo({ top: 0 });
  };

  // A category name that is not one of the news categories (an old or mistyped link).
  const unknownCategory = category !== '' && categories.data !== undefined && !categories.data.items.some((c) => c.name === category);
  const tabs = [{ name: '', label: '全部', count: categories.data?.total }, ...(categories.data?.items ?? []).map((c) => ({ name: c.name, label: c.name, count: c.count }))];

  return (
    <div className="content-page">
      <ContentBanner
        tone="news"
        title="新闻资讯"
        intro="行业动态、政策法规、展会资讯与企业新闻，每日更新的科学仪器行业情报"
        keyword={keyword}
        placeholder="搜索新闻标题或摘要"
        searchLabel="搜索新闻"
        onSearch={(k) => update({ keyword: k })}
      />

      <div className="container">
        <nav className="breadcrumb" aria-label="当前位置">
          <AppLink to="/">首页</AppLink>
          <span>›</span>
          {category || keyword ? <AppLink to="/news">新闻资讯</AppLink> : <strong>新闻资讯</strong>}
          {category && (
            <>
              <span>›</span>
              <strong>{category}</strong>
            </>
          )}
        </nav>

        <div className="content-grid">
          <main className="content-main panel">
            <div className="category-tabs" role="tablist" aria-label="新闻分类">
              {tabs.map((t) => (
                <InPlaceLink key={t.name || 'all'} to={href({ category: t.name })} role="tab" aria-selected={category === t.name} className={category === t.name ? 'active' : undefined} onActivate={() => update({ category: t.name })}>
                  {t.label}
                  {t.count !== undefined && <small>{t.count}</small>}
                </InPlaceLink>
              ))}
            </div>

            {keyword && (
              <p className="search-summary">
                搜索“<mark>{keyword}</mark>”{list.data ? `，共找到 ${list.data.total} 条新闻` : ''}
                <button type="button" className="link-button" onClick={() => update({ keyword: '' })}>
                  清除搜索
                </button>
              </p>
            )}

            {list.isPending ? (
              <ul className="news-list" aria-busy="true">
                {Array.from({ length: 6 }, (_, i) => (
                  <li key={i} className="news-item is-skeleton">
                    <div className="skeleton-block news-date" />
                    <div className="news-body">
                      <div className="skeleton-line" />
                      <div className="skeleton-line short" />
                    </div>
                  </li>
                ))}
              </ul>
            ) : list.isError ? (
              <LoadFailed what="新闻列表" error={list.error} onRetry={() => void list.refetch()} />
            ) : unknownCategory ? (
              <div className="empty" role="status" data-testid="unknown-category">
                <p>新闻分类「{category}」不存在。</p>
                <button type="button" className="btn" onClick={() => update({ category: '' })}>
                  查看全部新闻
                </button>
              </div>
            ) : pastLastPage(page, PAGE_SIZE, list.data.total) !== null ? (
              <PastLastPage page={page} last={pastLastPage(page, PAGE_SIZE, list.data.total)!} total={list.data.total} unit="条新闻" />
            ) : list.data.items.length === 0 ? (
              <div className="empty" data-testid="news-empty">
                <p>{keyword ? `没有找到与“${keyword}”相关的新闻` : '该分类下暂无新闻'}</p>
                {(keyword || category) && (
                  <button type="button" className="btn" onClick={() => update({ keyword: '', category: '' })}>
                    查看全部新闻
                  </button>
                )}
              </div>
            ) : (
              <ul className={`news-list${list.isPlaceholderData ? ' is-stale' : ''}`} data-testid="news-list">
                {list.data.items.map((n) => {
                  return (
                    <li key={n.id} className="news-item">
                      <div className="news-date" aria-hidden>
                        <strong>{formatDayOfMonth(n.publishedAt)}</strong>
                        <span>{formatMonth(n.publishedAt)}</span>
                      </div>
                      <div className="news-body">
                        <h2>
                          <AppLink to={`/news/detail/${n.id}.html`} title={n.title}>
                            {n.title}
                          </AppLink>
                        </h2>
                        {n.summary && (
                          <p className="news-summary" title={n.summary}>
                            {n.summary}
                          </p>
                        )}
                        <p className="news-meta">
                          <span className="tag">{n.category}</span>
                          {n.source && <span>来源：{n.source}</span>}
                          <time dateTime={n.publishedAt}>{formatDateTime(n.publishedAt)}</time>
                          <span>浏览 {n.views.toLocaleString('zh-CN')}</span>
                        </p>
                      </div>
                      {n.cover && <img className="news-cover" src={n.cover} alt="" loading="lazy" />}
                    </li>
                  );
                })}
              </ul>
            )}

            {list.data && <Pager variant="content" page={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={(p) => update({ page: p })}  hrefFor={(p) => href({ page: p })} />}
          </main>

          <aside className="content-side">
            <HotNews />
            <NewsCta />
          </aside>
        </div>
      </div>
    </div>
  );
}
