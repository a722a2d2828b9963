// The technical centre's sidebar: categories with counts, popular tags and the reading ranking.
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { articleCategoriesQuery, articleTagsQuery, hotArticlesQuery } from '../api/articles-api';

const listUrl = (p: { category?: string; tag?: string }) => {
  const sp = new URLSearchParams();
  if (p.category) sp.set('category', p.category);
  if (p.tag) sp.set('tag', p.tag);
  const q = sp.toString();
  return q ? `/technicalCentre?${q}` : '/technicalCentre';
};

export function ArticleCategories({ active }: { active?: string }) {
  const { data } = useQuery(articleCategoriesQuery());
  return (
    <section className="side-card" aria-labelledby="article-cats-title">
      <h2 id="article-cats-title" className="side-card-title">
        文章分类
      </h2>
      <ul className="side-cats" data-testid="article-categories">
        <li>
          <AppLink to="/technicalCentre" className={!active ? 'active' : undefined}>
            全部文章<small>{data?.total ?? ''}</small>
          </AppLink>
        </li>
        {(data?.items ?? []).map((c) => (
          <li key={c.name}>
            <AppLink to={listUrl({ category: c.name })} className={active === c.name ? 'active' : undefined}>
              {c.name}
              <small>{c.count}</small>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ArticleTags({ active }: { active?: string }) {
  const { data } = useQuery(articleTagsQuery());
  if (!data?.length) return null;
  return (
    <section className="side-card" aria-labelledby="article-tags-title">
      <h2 id="article-tags-title" className="side-card-title">
        热门标签
      </h2>
      <div className="tag-cloud">
        {data.map((t) => (
          <AppLink key={t.name} to={listUrl({ tag: t.name })} className={active === t.name ? 'active' : undefined} title={`${t.count} 篇文章`}>
            {t.name}
          </AppLink>
        ))}
      </div>
    </section>
  );
}

export function HotArticles({ excludeId }: { excludeId?: number }) {
  const { data, isPending } = useQuery(hotArticlesQuery());
  const items = (data?.items ?? []).filter((a) => a.id !== excludeId).slice(0, 10);
  return (
    <section className="side-card" aria-labelledby="hot-articles-title">
      <h2 id="hot-articles-title" className="side-card-title">
        阅读排行
      </h2>
      {isPending ? (
        <ul className="rank-list" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="skeleton-line" />
          ))}
        </ul>
      ) : items.length === 0 ? (
        <p className="side-card-note">暂无文章</p>
      ) : (
        <ol className="rank-list" data-testid="hot-articles">
          {items.map((a, i) => (
            <li key={a.id}>
              <span className={`rank-no${i < 3 ? ' is-top' : ''}`}>{i + 1}</span>
              <AppLink to={`/technicalCentre/detail/${a.id}.html`} title={a.title}>
                {a.title}
              </AppLink>
              <span className="rank-views">{a.views.toLocaleString('zh-CN')}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
