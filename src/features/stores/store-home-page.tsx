// /store/{uid}: the store's front page in its theme: introduction, featured goods, articles and
// solutions, contact. Theme 2 leads with a dark figures band and solution cards.
import { useQuery } from '@tanstack/react-query';
import type { TProductCard, TStoreDetail } from '@contracts/catalogue';
import { AppLink } from '@/components/ui/app-link';
import { ResponseBlock } from '@/components/ui/response-figures';
import { storeSectionPath } from './api/store';
import { storeArticlesQuery } from './api/store-articles';
import { storeCategoriesQuery } from './api/store-categories';
import { storeProductsQuery } from './api/store-products';
import { ArticleList, BlockHead, ContactCard, StoreCategoryList, StoreEmpty } from './components/store-blocks';
import { StoreProductCard } from './components/store-product-card';
import { useStore } from './components/use-store';
import { prefetchStorePage } from './api/store';
import type { TPrefetchContext } from '@/shared/route-meta';

/** Server rendering: the store (the layout's header; a 404 for an unknown store) and its front page's lists. */
export function prefetch(ctx: TPrefetchContext) {
  const { queryClient } = ctx;
  return prefetchStorePage(ctx, (uid) => [
    queryClient.prefetchQuery(storeProductsQuery(uid, { page: 1, pageSize: HOME_PRODUCTS })),
    queryClient.prefetchQuery(storeArticlesQuery(uid, 'article', 1, 5)),
    queryClient.prefetchQuery(storeArticlesQuery(uid, 'scheme', 1, 4)),
    queryClient.prefetchQuery(storeCategoriesQuery(uid)),
  ]);
}

const HOME_PRODUCTS = 8;

export default function StoreHomePage() {
  const { uid, store } = useStore();
  if (!store.data) return <div className="store-loading" aria-busy="true" />;
  return store.data.theme === 2 ? <ThemeTwoHome uid={uid} store={store.data} /> : <ThemeOneHome uid={uid} store={store.data} />;
}

function useHomeData(uid: string, productCount: number) {
  return {
    products: useQuery(storeProductsQuery(uid, { page: 1, pageSize: productCount })),
    articles: useQuery(storeArticlesQuery(uid, 'article', 1, 5)),
    schemes: useQuery(storeArticlesQuery(uid, 'scheme', 1, 4)),
    categories: useQuery(storeCategoriesQuery(uid)),
  };
}

function ThemeOneHome({ uid, store }: { uid: string; store: TStoreDetail }) {
  const { products, articles, schemes, categories } = useHomeData(uid, HOME_PRODUCTS);
  return (
    <div className="store-home store-columns" data-testid="store-home">
      <aside className="store-side">
        <StoreCategoryList uid={uid} categories={categories.data ?? []} />
        <ContactCard store={store} />
      </aside>
      <div className="store-content">
        <section className="panel store-section store-intro">
          <BlockHead title="公司简介" more={{ to: `/store/${uid}/companyProfile`, label: '查看详情' }} />
          <div className="store-intro-body">
            {store.introduction ? (
              // Sanitised by the server.
              <div className="rich-text store-intro-text" dangerouslySetInnerHTML={{ __html: store.introduction }} />
            ) : (
              <p className="muted">{store.supplier.businessScope ?? '该企业暂未填写简介。'}</p>
            )}
            <Figures store={store} />
          </div>
        </section>
        <ResponseBlock figures={store.response} className="store-response" />
        <section className="panel store-section">
          <BlockHead title="推荐产品" more={{ to: `/store/${uid}/allProducts`, label: '全部产品' }} />
          <ProductGrid uid={uid} items={products.data?.items} />
        </section>
        <div className="store-two">
          <section className="panel store-section">
            <BlockHead title="店铺文章" more={{ to: storeSectionPath(uid, 'article', 1) }} />
            {articles.data?.items.length ? <ArticleList uid={uid} items={articles.data.items} variant="list" /> : <StoreEmpty>暂无文章</StoreEmpty>}
          </section>
          <section className="panel store-section">
            <BlockHead title="解决方案" more={{ to: storeSectionPath(uid, 'scheme', 1) }} />
            {schemes.data?.items.length ? <ArticleList uid={uid} items={schemes.data.items} variant="list" /> : <StoreEmpty>暂无解决方案</StoreEmpty>}
          </section>
        </div>
      </div>
    </div>
  );
}

function ThemeTwoHome({ uid, store }: { uid: string; store: TStoreDetail }) {
  const { products, schemes, articles, categories } = useHomeData(uid, HOME_PRODUCTS);
  return (
    <div className="store-home t2-home" data-testid="store-home">
      <section className="t2-hero">
        <div className="t2-hero-text">
          <span className="t2-kicker">ABOUT US</span>
          <h2>{store.supplier.companyName}</h2>
          <p>{store.supplier.businessScope ?? store.slogan ?? ''}</p>
          <AppLink to={`/store/${uid}/companyProfile`} className="t2-button">
            了解我们 →
          </AppLink>
        </div>
        <Figures store={store} />
      </section>

      <ResponseBlock figures={store.response} className="store-response t2-response" />

      {(categories.data?.length ?? 0) > 0 && (
        <nav className="t2-cat-strip" aria-label="店铺分类">
          {categories.data!.map((c) => (
            <AppLink key={c.id} to={`/store/${uid}/allProducts?category=${c.id}`}>
              {c.name}
            </AppLink>
          ))}
        </nav>
      )}

      <section className="t2-section">
        <BlockHead title="明星产品" sub="FEATURED PRODUCTS" more={{ to: `/store/${uid}/allProducts`, label: '全部产品' }} />
        <ProductGrid uid={uid} items={products.data?.items} />
      </section>

      <section className="t2-section">
        <BlockHead title="解决方案" sub="SOLUTIONS" more={{ to: storeSectionPath(uid, 'scheme', 2) }} />
        {schemes.data?.items.length ? <ArticleList uid={uid} items={schemes.data.items} variant="cards" /> : <StoreEmpty>暂无解决方案</StoreEmpty>}
      </section>

      <div className="store-two">
        <section className="t2-section">
          <BlockHead title="技术文章" sub="INSIGHTS" more={{ to: storeSectionPath(uid, 'article', 2) }} />
          {articles.data?.items.length ? <ArticleList uid={uid} items={articles.data.items} variant="list" /> : <StoreEmpty>暂无文章</StoreEmpty>}
        </section>
        <ContactCard store={store} />
      </div>
    </div>
  );
}

function Figures({ store }: { store: TStoreDetail }) {
  const figures: [string, number | string][] = [
    ['在售产品', store.counts.products],
    ['技术文章', store.counts.articles],
    ['解决方案', store.counts.schemes],
    ['成立年份', store.supplier.founded ?? '—'],
  ];
  return (
    <dl className="store-figures">
      {figures.map(([k, v]) => (
        <div key={k}>
          <dd>{v}</dd>
          <dt>{k}</dt>
        </div>
      ))}
    </dl>
  );
}

function ProductGrid({ uid, items }: { uid: string; items?: TProductCard[] }) {
  if (!items) return <div className="sp-grid">{Array.from({ length: 4 }, (_, i) => <div key={i} className="sp-card store-skeleton" />)}</div>;
  if (items.length === 0) return <StoreEmpty>店铺暂未上架产品</StoreEmpty>;
  return (
    <div className="sp-grid">
      {items.map((p) => (
        <StoreProductCard key={p.id} uid={uid} product={p} />
      ))}
    </div>
  );
}
