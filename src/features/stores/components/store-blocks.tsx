// Pieces the store pages share: section heads, the store's category list, the contact card and
// the article/scheme lists in the two theme designs.
import type { ReactNode } from 'react';
import type { TStoreArticleCard, TStoreCategory, TStoreDetail } from '@contracts/catalogue';
import { formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';

export function BlockHead({ title, sub, more }: { title: string; sub?: string; more?: { to: string; label?: string } }) {
  return (
    <header className="store-block-head">
      <h2>{title}</h2>
      {sub && <span className="store-block-sub">{sub}</span>}
      {more && (
        <AppLink to={more.to} className="store-block-more">
          {more.label ?? '更多'} ›
        </AppLink>
      )}
    </header>
  );
}

export function StoreCategoryList({ uid, categories, active }: { uid: string; categories: TStoreCategory[]; active?: number }) {
  const link = (id?: number) => `/store/${uid}/allProducts${id ? `?category=${id}` : ''}`;
  return (
    <nav className="store-cats" aria-label="店铺分类">
      <h3>产品分类</h3>
      <AppLink to={link()} className={active ? undefined : 'active'}>
        全部产品
      </AppLink>
      {categories.map((c) => (
        <div key={c.id} className="store-cat">
          <AppLink to={link(c.id)} className={active === c.id ? 'active' : undefined}>
            {c.name}
            <em>{c.productCount}</em>
          </AppLink>
          {c.children.map((child) => (
            <AppLink key={child.id} to={link(child.id)} className={`store-cat-child${active === child.id ? ' active' : ''}`}>
              {child.name}
              <em>{child.productCount}</em>
            </AppLink>
          ))}
        </div>
      ))}
      {categories.length === 0 && <p className="store-cats-empty">店铺暂未设置分类</p>}
    </nav>
  );
}

export function ContactCard({ store }: { store: TStoreDetail }) {
  const s = store.supplier;
  const rows: [string, ReactNode][] = [
    ['公司', s.companyName],
    ['联系人', s.contactName],
    ['电话', s.contactPhone],
    ['邮箱', s.contactEmail],
    ['地址', s.address ?? [s.province, s.city].filter(Boolean).join(' ')],
  ];
  return (
    <section className="store-contact">
      <h3>联系我们</h3>
      <dl>
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** Theme 1: a dated list. Theme 2: cards with a drawn cover. */
export function ArticleList({ uid, items, variant }: { uid: string; items: TStoreArticleCard[]; variant: 'list' | 'cards' }) {
  const to = (id: number) => `/store/${uid}/storeArticleDetails?id=${id}`;
  if (variant === 'cards') {
    return (
      <div className="t2-article-grid" data-testid="store-article-list">
        {items.map((a) => (
          <AppLink key={a.id} to={to(a.id)} className="t2-article-card">
            {a.cover ? (
              <img className="t2-article-cover t2-article-cover-img" src={a.cover} alt="" loading="lazy" data-testid="article-cover" />
            ) : (
              <span className={`t2-article-cover kind-${a.kind}`} aria-hidden>
                <span>{a.kind === 'scheme' ? 'SOLUTION' : 'ARTICLE'}</span>
                {Array.from(a.title)[0]}
              </span>
            )}
            <span className="t2-article-body">
              <strong>{a.title}</strong>
              {a.summary && (
                <span className="t2-article-summary" title={a.summary}>
                  {a.summary}
                </span>
              )}
              <span className="t2-article-meta">
                <time dateTime={a.createdAt}>{formatDay(a.createdAt)}</time>
                <span>阅读 {a.views}</span>
              </span>
            </span>
          </AppLink>
        ))}
      </div>
    );
  }
  return (
    <ul className="store-article-list" data-testid="store-article-list">
      {items.map((a) => (
        <li key={a.id} className={a.cover ? 'has-cover' : undefined}>
          {a.cover && (
            <AppLink to={to(a.id)} className="store-article-cover" tabIndex={-1} aria-hidden>
              <img src={a.cover} alt="" loading="lazy" data-testid="article-cover" />
            </AppLink>
          )}
          <div className="store-article-text">
            <AppLink to={to(a.id)} className="store-article-title">
              {a.title}
            </AppLink>
            {a.summary && <p title={a.summary}>{a.summary}</p>}
            <div className="store-article-meta">
              <time dateTime={a.createdAt}>{formatDay(a.createdAt)}</time>
              <span>阅读 {a.views}</span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function StoreEmpty({ children }: { children: ReactNode }) {
  return <div className="store-empty">{children}</div>;
}
