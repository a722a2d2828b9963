// The 热门新闻 ranking of the sidebar: the ten most-read items.
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { hotNewsQuery } from '../api/news-api';

export function HotNews({ excludeId }: { excludeId?: number }) {
  const { data, isPending, isError } = useQuery(hotNewsQuery());
  const items = (data?.items ?? []).filter((n) => n.id !== excludeId).slice(0, 10);
  return (
    <section className="side-card" aria-labelledby="hot-news-title">
      <h2 id="hot-news-title" className="side-card-title">
        热门新闻
      </h2>
      {isPending ? (
        <ul className="rank-list is-loading" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="skeleton-line" />
          ))}
        </ul>
      ) : isError ? (
        <p className="side-card-note">热门新闻暂时无法加载</p>
      ) : items.length === 0 ? (
        <p className="side-card-note">暂无新闻</p>
      ) : (
        <ol className="rank-list" data-testid="hot-news">
          {items.map((n, i) => (
            <li key={n.id}>
              <span className={`rank-no${i < 3 ? ' is-top' : ''}`}>{i + 1}</span>
              <AppLink to={`/news/detail/${n.id}.html`} title={n.title}>
                {n.title}
              </AppLink>
              <span className="rank-views">{n.views.toLocaleString('zh-CN')}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
