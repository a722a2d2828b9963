// /store/{uid}/allProducts: the store's categories and a page of its goods; category, keyword and
// page live in the URL.
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { TStoreCategory } from '@contracts/catalogue';
import { Pager } from '@/components/ui/pager';
import { PastLastPage, pastLastPage } from '@/components/ui/past-last-page';
import { storeCategoriesQuery } from './api/store-categories';
import { storeProductsQuery } from './api/store-products';
import { prefetchStorePage } from './api/store';
import type { TPrefetchContext } from '@/shared/route-meta';
import { BlockHead, ContactCard, StoreCategoryList, StoreEmpty } from './components/store-blocks';
import { StoreProductCard } from './components/store-product-card';
import { positiveId, useStore } from './components/use-store';
import { useQueryHref } from '@/shared/query-href';

const PAGE_SIZE = 16;

function findCategory(tree: TStoreCategory[], id: number | null): TStoreCategory | undefined {
  for (const c of tree) {
    if (c.id === id) return c;
    const below = findCategory(c.children, id);
    if (below) return below;
  }
  return undefined;
}

/** Category, keyword and page from the address. */
function readParams(params: URLSearchParams) {
  const category = positiveId(params.get('category'));
  const keyword = params.get('keyword')?.trim().slice(0, 60) || undefined;
  const page = positiveId(params.get('page')) ?? 1;
  return { category, keyword, page, query: { storeCategoryId: category ?? undefined, keyword, page, pageSize: PAGE_SIZE } };
}

/** Server rendering: the store, its categories and the page of goods the address asks for. */
export function prefetch(ctx: TPrefetchContext) {
  const { queryClient } = ctx;
  return prefetchStorePage(ctx, (uid, search) => [queryClient.prefetchQuery(storeCategoriesQuery(uid)), queryClient.prefetchQuery(storeProductsQuery(uid, readParams(search).query))]);
}

export default function StoreProductsPage() {
  const { uid, store } = useStore();
  const [params, setParams] = useSearchParams();
  const href = useQueryHref();
  const { category, keyword, page, query } = readParams(params);
  const categories = useQuery(storeCategoriesQuery(uid));
  const products = useQuery({ ...storeProductsQuery(uid, query), placeholderData: keepPreviousData });
  const current = findCategory(categories.data ?? [], category);
  const unknownCategory = category !== null && categories.data !== undefined && !current;

  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };

  return (
    <div className="store-columns" data-testid="store-products-page">
      <aside className="store-side">
        <StoreCategoryList uid={uid} categories={categories.data ?? []} active={category ?? undefined} />
        {store.data && <ContactCard store={store.data} />}
      </aside>
      <section className="store-content panel store-section">
        <BlockHead title={current ? current.name : unknownCategory ? '分类不存在' : keyword ? `搜索“${keyword}”` : '全部产品'} sub={products.data && !unknownCategory ? `共 ${products.data.total} 件` : undefined} />
        <InStoreSearch
          key={keyword ?? ''}
          initial={keyword ?? ''}
          onSearch={(k) => {
            const next = new URLSearchParams(params);
            next.delete('page');
            if (k) next.set('keyword', k);
            else next.delete('keyword');
            setParams(next);
          }}
        />
        {products.isError && !products.data && <StoreEmpty>加载失败：{(products.error as Error).message}</StoreEmpty>}
        {unknownCategory && <StoreEmpty>该店铺分类不存在，请从左侧分类中重新选择。</StoreEmpty>}
        {products.data && !unknownCategory && pastLastPage(page, PAGE_SIZE, products.data.total) !== null && (
          <PastLastPage page={page} last={pastLastPage(page, PAGE_SIZE, products.data.total)!} total={products.data.total} unit="件产品" />
        )}
        {products.data && !unknownCategory && products.data.total === 0 && <StoreEmpty>{keyword ? `本店没有找到与“${keyword}”相关的产品` : '该分类下暂无产品'}</StoreEmpty>}
        {products.data?.notice && products.data.items.length > 0 && (
          <p className="search-notice" role="status" data-testid="partial-notice">
            {products.data.notice}
          </p>
        )}
        {products.data && products.data.items.length > 0 && (
          <div className={`sp-grid${products.isPlaceholderData ? ' is-stale' : ''}`}>
            {products.data.items.map((p) => (
              <StoreProductCard key={p.id} uid={uid} product={p} />
            ))}
          </div>
        )}
        {products.data && <Pager variant="shop" page={page} pageSize={PAGE_SIZE} total={products.data.total} onChange={setPage}  hrefFor={(p) => href({ page: p })} />}
      </section>
    </div>
  );
}

function InStoreSearch({ initial, onSearch }: { initial: string; onSearch: (keyword: string) => void }) {
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form className="store-inline-search" onSubmit={submit} role="search">
      <input value={value} onChange={(e) => setValue(e.target.value)} placeholder="在本店搜索产品名称或型号" aria-label="在本店搜索" maxLength={60} />
      <button type="submit" className="btn btn-primary btn-sm">
        搜索
      </button>
    </form>
  );
}
