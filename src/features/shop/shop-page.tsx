// /shop: category tree, brand, price and region filters, sort tabs and pages. Every choice lives in
// the URL (/shop?keyword=…&category=…&brand=…&page=…), so back/forward work and results can be shared.
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { type TCategoryNode } from '@contracts/catalogue';
import { PRICE_BANDS, PROVINCES, provinceLabel, type TProductSort } from '@contracts/catalogue-constants';
import { AppLink } from '@/components/ui/app-link';
import { MiniPager, Pager } from '@/components/ui/pager';
import { PastLastPage, pastLastPage } from '@/components/ui/past-last-page';
import { Sheet } from '@/components/ui/sheet';
import { usePhone } from '@/components/ui/use-phone';
import { categoriesQuery, findCategoryPath } from './api/categories';
import { productsQuery, type TShopParams } from './api/products';
import { ProductCard } from './components/product-card';
import { usePageTitle } from '@/shared/page-title';
import type { TPrefetchContext } from '@/shared/route-meta';
import '@/styles/shop.css';
import { useQueryHref } from '@/shared/query-href';
import { InPlaceLink } from '@/components/ui/in-place-link';

const PAGE_SIZE = 20;
const SORTS: TProductSort[] = ['default', 'newest', 'price_asc', 'price_desc'];
const SUGGESTIONS = ['气相色谱仪', '液相色谱仪', '分析天平', '离心机', '紫外可见分光光度计', '7890B'];

function readParams(sp: URLSearchParams): TShopParams {
  const id = (k: string) => {
    const v = Number(sp.get(k));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  };
  const money = (k: string) => {
    const raw = sp.get(k);
    if (raw === null || raw.trim() === '') return undefined;
    const v = Number(raw);
    return Number.isFinite(v) && v >= 0 ? v : undefined;
  };
  let priceMin = money('priceMin');
  let priceMax = money('priceMax');
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  // A band's exclusive upper bound; a typed 最高价 (inclusive) wins over it.
  let priceBelow = priceMax === undefined ? money('priceBelow') : undefined;
  if (priceBelow !== undefined && priceMin !== undefined && priceBelow <= priceMin) priceBelow = undefined;
  const sort = sp.get('sort') as TProductSort | null;
  const province = sp.get('province') ?? undefined;
  return {
    keyword: sp.get('keyword')?.trim().slice(0, 60) || undefined,
    literal: sp.get('literal') === '1' && sp.get('keyword')?.trim() ? 1 : undefined,
    category: id('category'),
    brand: id('brand'),
    priceMin,
    priceMax,
    priceBelow,
    province: province && (PROVINCES as readonly string[]).includes(province) ? province : undefined,
    sort: sort && SORTS.includes(sort) ? sort : 'default',
    page: Math.min(id('page') ?? 1, 10000),
    pageSize: PAGE_SIZE,
  };
}

/** Server rendering: the category tree and the results for the URL's filters, sort and page. */
export async function prefetch({ queryClient, url }: TPrefetchContext) {
  await Promise.all([queryClient.prefetchQuery(categoriesQuery()), queryClient.prefetchQuery(productsQuery(readParams(url.searchParams)))]);
}

type TPatch = Partial<Record<'keyword' | 'literal' | 'category' | 'brand' | 'priceMin' | 'priceMax' | 'priceBelow' | 'province' | 'sort' | 'page', string | number | undefined>>;

export default function ShopPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const href = useQueryHref();
  const params = useMemo(() => readParams(searchParams), [searchParams]);
  // Phones get the category tree and the filters in a sheet behind 筛选.
  const phone = usePhone();
  const [sheetOpen, setSheetOpen] = useState(false);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  const categories = useQuery(categoriesQuery());
  const results = useQuery({ ...productsQuery(params), placeholderData: keepPreviousData });

  /** A new history entry with the change; any change but paging goes back to page 1. */
  const update = (patch: TPatch) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === '' || (key === 'sort' && value === 'default') || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in patch)) next.delete('page');
    setSearchParams(next);
  };

  const tree = categories.data ?? [];
  const path = findCategoryPath(tree, params.category);
  const current = path[path.length - 1];
  // A category id that is not in the tree (an old or mistyped link) is not 全部 with 0 results.
  const unknownCategory = params.category !== undefined && categories.data !== undefined && path.length === 0;
  // Always claim: the title of a search must not outlive it on the same path.
  usePageTitle(params.keyword ? `“${params.keyword}”的搜索结果` : current ? `${current.name} - 仪器商城` : '仪器商城');

  const data = results.data;
  // The server names the brand filtered by, even when it has no goods among the results.
  const brandName = data?.selectedBrand?.id === params.brand ? data?.selectedBrand?.name : data?.brands.find((b) => b.id === params.brand)?.name;
  const chips: { label: string; clear: TPatch }[] = [];
  if (params.keyword) chips.push({ label: `关键词：${params.keyword}${params.literal ? '（按原词）' : ''}`, clear: { keyword: undefined, literal: undefined } });
  if (current) chips.push({ label: `分类：${current.name}`, clear: { category: undefined } });
  if (params.brand) chips.push({ label: `品牌：${brandName ?? '…'}`, clear: { brand: undefined } });
  if (params.priceMin !== undefined || params.priceMax !== undefined || params.priceBelow !== undefined) {
    chips.push({ label: `价格：${priceLabel(params)}`, clear: { priceMin: undefined, priceMax: undefined, priceBelow: undefined } });
  }
  if (params.province) chips.push({ label: `地区：${provinceLabel(params.province)}`, clear: { province: undefined } });

  // The keyword understood as something else (我想买一台测水分的仪器 → 水分测定仪) is said back, with a
  // link to the words as typed.
  const understood = !params.keyword ? null : params.literal ? (
    <p className="search-understood" role="status" data-testid="search-as-typed">
      <span>已按原词搜索</span>
      <span className="search-understood-literal">
        <InPlaceLink to={href({ literal: undefined })} onActivate={() => update({ literal: undefined })}>
          按理解查找
        </InPlaceLink>
      </span>
    </p>
  ) : (
    data?.understood && (
      <p className="search-understood" role="status" data-testid="search-understood">
        <span>
          已为您查找：<strong data-testid="search-understood-as">{data.understood}</strong>
        </span>
        <span className="search-understood-literal">
          仍然搜索原词：
          <InPlaceLink to={href({ literal: 1 })} onActivate={() => update({ literal: 1 })} data-testid="search-literal">
            {params.keyword}
          </InPlaceLink>
        </span>
      </p>
    )
  );

  const categoryNav = <CategoryNav tree={tree} path={path} onPick={(id) => update({ category: id })} hrefOf={(id) => href({ category: id })} />;
  const filterRows = (
    <>
      {chips.length > 0 && (
        <div className="filter-row filter-selected">
          <span className="filter-label">已选条件</span>
          <div className="filter-values">
            {chips.map((c) => (
              <button key={c.label} type="button" className="filter-chip" onClick={() => update(c.clear)} title="移除此条件">
                {c.label}
                <span aria-hidden>×</span>
              </button>
            ))}
            <button type="button" className="link-button filter-clear" onClick={() => setSearchParams(new URLSearchParams())}>
              清空全部
            </button>
          </div>
        </div>
      )}
      <BrandRow brands={data?.brands ?? []} selected={params.brand} onPick={(id) => update({ brand: id })} hrefOf={(id) => href({ brand: id })} />
      <PriceRow
        min={params.priceMin}
        max={params.priceMax}
        below={params.priceBelow}
        onBand={(band) => update({ priceMin: band.min, priceBelow: band.below, priceMax: undefined })}
        onApply={(min, max) => update({ priceMin: min, priceMax: max, priceBelow: undefined })}
      />
      <ProvinceRow provinces={data?.provinces} selected={params.province} onPick={(p) => update({ province: p })} hrefOf={(p) => href({ province: p })} />
    </>
  );

  return (
    <div className="container shop-page" data-testid="shop-page">
      <nav className="breadcrumb" aria-label="当前位置">
        <AppLink to="/">首页</AppLink>
        <span>/</span>
        <AppLink to="/shop">仪器商城</AppLink>
        {path.map((c) => (
          <span key={c.id} className="breadcrumb-step">
            <span>/</span>
            <InPlaceLink to={href({ category: c.id })} onActivate={() => update({ category: c.id })}>
              {c.name}
            </InPlaceLink>
          </span>
        ))}
        {params.keyword && (
          <>
            <span>/</span>
            <strong>搜索“{params.keyword}”</strong>
          </>
        )}
      </nav>

      <div className="shop-body">
        {!phone && (
          <aside className="shop-aside" aria-label="商品分类">
            {categoryNav}
          </aside>
        )}

        <section className="shop-main">
          {phone ? (
            <>
              <button type="button" className="btn shop-filter-button" onClick={() => setSheetOpen(true)} data-testid="shop-filter-button">
                筛选{chips.length > 0 ? `（${chips.length}）` : ''}
              </button>
              <Sheet
                open={sheetOpen}
                onClose={closeSheet}
                title="筛选"
                testId="shop-filter-sheet"
                footer={
                  <>
                    <button type="button" className="btn" onClick={() => setSearchParams(keywordOnly(params))}>
                      重置
                    </button>
                    <button type="button" className="btn btn-primary" onClick={closeSheet}>
                      查看{data ? ` ${data.total.toLocaleString('zh-CN')} 件` : ''}商品
                    </button>
                  </>
                }
              >
                <div className="filter-panel">{filterRows}</div>
                <h3 className="shop-sheet-title">商品分类</h3>
                {categoryNav}
              </Sheet>
            </>
          ) : (
            <div className="filter-panel">{filterRows}</div>
          )}

          <div className="sort-bar">
            <div className="sort-tabs" role="tablist" aria-label="排序">
              <SortTab label="综合" active={params.sort === 'default'} to={href({ sort: undefined })} onClick={() => update({ sort: 'default' })} />
              <SortTab label="最新" active={params.sort === 'newest'} to={href({ sort: 'newest' })} onClick={() => update({ sort: 'newest' })} />
              <SortTab
                label={`价格${params.sort === 'price_asc' ? ' ↑' : params.sort === 'price_desc' ? ' ↓' : ' ↕'}`}
                active={params.sort === 'price_asc' || params.sort === 'price_desc'}
                to={href({ sort: params.sort === 'price_asc' ? 'price_desc' : 'price_asc' })}
                onClick={() => update({ sort: params.sort === 'price_asc' ? 'price_desc' : 'price_asc' })}
              />
            </div>
            <div className="sort-summary">
              {data && !unknownCategory && (
                <span data-testid="result-total">
                  共 <strong>{data.total.toLocaleString('zh-CN')}</strong> 件{params.keyword ? '相关' : ''}仪器
                </span>
              )}
              {data && <MiniPager page={params.page} pageSize={PAGE_SIZE} total={data.total} onChange={(page) => update({ page })} />}
            </div>
          </div>

          {results.isError && !data ? (
            <div className="shop-empty panel">
              <h3>商品加载失败</h3>
              <p className="muted">{(results.error as Error).message || '网络异常，请稍后再试'}</p>
              <button type="button" className="btn btn-primary" onClick={() => void results.refetch()}>
                重新加载
              </button>
            </div>
          ) : !data ? (
            <div className="product-grid" aria-busy="true">
              {Array.from({ length: 8 }, (_, i) => (
                <div key={i} className="product-card skeleton" />
              ))}
            </div>
          ) : unknownCategory ? (
            <div className="shop-empty panel" role="status" data-testid="unknown-category">
              <h3>该分类不存在</h3>
              <p className="muted">链接中的商品分类不存在或已下线，请从左侧分类中重新选择。</p>
              <button type="button" className="btn btn-primary" onClick={() => update({ category: undefined })}>
                查看全部商品
              </button>
            </div>
          ) : pastLastPage(params.page, PAGE_SIZE, data.total) !== null ? (
            <PastLastPage page={params.page} last={pastLastPage(params.page, PAGE_SIZE, data.total)!} total={data.total} unit="件" className="shop-empty panel" />
          ) : data.items.length === 0 ? (
            <>
              {understood}
              <EmptyResult keyword={params.keyword} filtered={chips.length > (params.keyword ? 1 : 0)} onClear={() => setSearchParams(keywordOnly(params))} />
            </>
          ) : (
            <>
              {understood}
              {data.notice && (
                <p className="search-notice" role="status" data-testid="partial-notice">
                  {data.notice}
                </p>
              )}
              <div className={`product-grid${results.isPlaceholderData ? ' is-stale' : ''}`} data-testid="product-grid">
                {data.items.map((p) => (
                  <ProductCard key={p.id} product={p} terms={data.terms} />
                ))}
              </div>
            </>
          )}

          {data && <Pager variant="shop" page={params.page} pageSize={PAGE_SIZE} total={data.total} onChange={(page) => update({ page })}  hrefFor={(p) => href({ page: p })} />}
        </section>
      </div>
    </div>
  );
}

/** The search without its filters: the keyword, and whether it is searched as typed. */
function keywordOnly(params: TShopParams): Record<string, string> {
  if (!params.keyword) return {};
  return params.literal ? { keyword: params.keyword, literal: '1' } : { keyword: params.keyword };
}

/** The chip's words: a band by its label; a typed range inclusive at both ends. */
function priceLabel({ priceMin: min, priceMax: max, priceBelow: below }: { priceMin?: number; priceMax?: number; priceBelow?: number }) {
  const band = below !== undefined ? PRICE_BANDS.find((b) => b.min === min && b.below === below) : undefined;
  if (band) return band.label;
  const w = (n: number) => (n >= 10000 && n % 10000 === 0 ? `${n / 10000}万` : `${n.toLocaleString('zh-CN')}元`);
  if (below !== undefined) return min !== undefined ? `${w(min)}至${w(below)}（不含）` : `${w(below)}以下`;
  if (min !== undefined && max !== undefined) return `${w(min)}-${w(max)}`;
  if (min !== undefined) return `${w(min)}以上`;
  return `${w(max!)}及以下`;
}

const yuan = (n: number) => `¥${n.toLocaleString('zh-CN')}`;
/** What a band covers, to the yuan: 5万-20万 is ¥50,000 ≤ 价格 < ¥200,000. */
const bandTitle = (b: (typeof PRICE_BANDS)[number]) => [b.min !== undefined ? `${yuan(b.min)} ≤` : '', '价格', b.below !== undefined ? `< ${yuan(b.below)}` : ''].filter(Boolean).join(' ');

function SortTab({ label, active, to, onClick }: { label: string; active: boolean; to: string; onClick: () => void }) {
  return (
    <InPlaceLink to={to} role="tab" aria-selected={active} className={active ? 'active' : undefined} onActivate={onClick}>
      {label}
    </InPlaceLink>
  );
}

function CategoryNav({ tree, path, onPick, hrefOf }: { tree: TCategoryNode[]; path: TCategoryNode[]; onPick: (id: number | undefined) => void; hrefOf: (id: number | undefined) => string }) {
  const [open, setOpen] = useState<number | null>(null);
  const activeIds = new Set(path.map((c) => c.id));
  const openTop = open ?? path[0]?.id ?? null;
  return (
    <div className="category-nav">
      <InPlaceLink to={hrefOf(undefined)} className={`category-all${path.length === 0 ? ' active' : ''}`} onActivate={() => onPick(undefined)}>
        全部商品分类
      </InPlaceLink>
      {tree.map((top) => {
        const expanded = openTop === top.id;
        return (
          <div key={top.id} className={`category-top${expanded ? ' expanded' : ''}`}>
            <div className="category-top-head">
              <InPlaceLink to={hrefOf(top.id)} className={activeIds.has(top.id) ? 'active' : undefined} onActivate={() => onPick(top.id)} data-testid="category-top">
                {top.name}
              </InPlaceLink>
              <button type="button" className="category-toggle" aria-label={expanded ? `收起${top.name}` : `展开${top.name}`} aria-expanded={expanded} onClick={() => setOpen(expanded ? -1 : top.id)}>
                {expanded ? '−' : '+'}
              </button>
            </div>
            {expanded && (
              <ul className="category-groups">
                {top.children.map((group) => (
                  <li key={group.id}>
                    <InPlaceLink to={hrefOf(group.id)} className={activeIds.has(group.id) ? 'active' : undefined} onActivate={() => onPick(group.id)}>
                      {group.name}
                    </InPlaceLink>
                    {activeIds.has(group.id) && group.children.length > 0 && (
                      <ul className="category-leaves">
                        {group.children.map((leaf) => (
                          <li key={leaf.id}>
                            <InPlaceLink to={hrefOf(leaf.id)} className={activeIds.has(leaf.id) ? 'active' : undefined} onActivate={() => onPick(leaf.id)}>
                              {leaf.name}
                            </InPlaceLink>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Above this many choices a facet folds, and unfolded it can be searched. */
const FACET_FOLD = 12;

function BrandRow({ brands, selected, onPick, hrefOf }: { brands: { id: number; name: string; count: number | null }[]; selected?: number; onPick: (id: number | undefined) => void; hrefOf: (id: number | undefined) => string }) {
  const [more, setMore] = useState(false);
  const [filter, setFilter] = useState('');
  if (brands.length === 0) return null;
  const needle = filter.trim().toLowerCase();
  const matching = needle ? brands.filter((b) => b.name.toLowerCase().includes(needle)) : brands;
  const shown = more || needle ? matching : brands.slice(0, FACET_FOLD);
  return (
    <div className="filter-row">
      <span className="filter-label">品牌</span>
      <div className={`filter-values${more ? '' : ' is-folded'}`}>
        {more && brands.length > FACET_FOLD && (
          <input className="facet-search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={`在 ${brands.length} 个品牌中查找`} aria-label="查找品牌" data-testid="brand-search" />
        )}
        {shown.map((b) => (
          <InPlaceLink key={b.id} to={hrefOf(selected === b.id ? undefined : b.id)} className={`filter-value${selected === b.id ? ' active' : ''}`} onActivate={() => onPick(selected === b.id ? undefined : b.id)} data-testid="brand-filter">
            {b.name}
            {b.count !== null && <em>({b.count})</em>}
          </InPlaceLink>
        ))}
        {needle && matching.length === 0 && <span className="muted">没有名称含“{filter.trim()}”的品牌</span>}
      </div>
      {brands.length > FACET_FOLD && (
        <button
          type="button"
          className="filter-more"
          onClick={() => {
            setMore(!more);
            setFilter('');
          }}
        >
          {more ? '收起' : `更多(${brands.length})`}
        </button>
      )}
    </div>
  );
}

function PriceRow({
  min,
  max,
  below,
  onBand,
  onApply,
}: {
  min?: number;
  max?: number;
  below?: number;
  onBand: (band: (typeof PRICE_BANDS)[number]) => void;
  onApply: (min?: number, max?: number) => void;
}) {
  const [from, setFrom] = useState(min?.toString() ?? '');
  const [to, setTo] = useState(max?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState({ min, max });
  // Back/forward changes the URL: show its range in the boxes again.
  if (seen.min !== min || seen.max !== max) {
    setSeen({ min, max });
    setFrom(min?.toString() ?? '');
    setTo(max?.toString() ?? '');
    setError(null);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = from.trim() === '' ? undefined : Number(from);
    const b = to.trim() === '' ? undefined : Number(to);
    if ((a !== undefined && !(a >= 0)) || (b !== undefined && !(b >= 0))) return setError('请输入不小于0的数字');
    if (a !== undefined && b !== undefined && a > b) return setError('最低价不能高于最高价');
    setError(null);
    onApply(a, b);
  };
  return (
    <div className="filter-row">
      <span className="filter-label">价格</span>
      <div className="filter-values">
        {PRICE_BANDS.map((b) => (
          <button
            key={b.label}
            type="button"
            className={`filter-value${max === undefined && min === b.min && below === b.below && (min !== undefined || below !== undefined) ? ' active' : ''}`}
            title={bandTitle(b)}
            onClick={() => onBand(b)}
          >
            {b.label}
          </button>
        ))}
        <form className="price-form" onSubmit={submit} data-unsaved-guard="off">
          <input value={from} onChange={(e) => setFrom(e.target.value.replace(/[^\d.]/g, ''))} placeholder="¥ 最低" aria-label="最低价" inputMode="decimal" name="priceMin" />
          <span>-</span>
          <input value={to} onChange={(e) => setTo(e.target.value.replace(/[^\d.]/g, ''))} placeholder="¥ 最高" aria-label="最高价" inputMode="decimal" name="priceMax" />
          <button type="submit" className="btn btn-sm">
            确定
          </button>
          {error && <span className="field-error">{error}</span>}
        </form>
      </div>
    </div>
  );
}

/** Provinces among the results with their counts (the whole list until they arrive). */
function ProvinceRow({ provinces, selected, onPick, hrefOf }: { provinces?: { name: string; count: number }[]; selected?: string; onPick: (p: string | undefined) => void; hrefOf: (p: string | undefined) => string }) {
  const [more, setMore] = useState(false);
  const all = provinces ?? PROVINCES.map((name) => ({ name, count: null as number | null }));
  if (all.length === 0) return null;
  const shown = more ? all : all.slice(0, 14);
  return (
    <div className="filter-row">
      <span className="filter-label">地区</span>
      <div className="filter-values">
        {shown.map((p) => (
          <InPlaceLink key={p.name} to={hrefOf(selected === p.name ? undefined : p.name)} className={`filter-value${selected === p.name ? ' active' : ''}`} onActivate={() => onPick(selected === p.name ? undefined : p.name)} title={p.name} data-testid="province-filter">
            {provinceLabel(p.name)}
            {p.count !== null && <em>({p.count})</em>}
          </InPlaceLink>
        ))}
      </div>
      {all.length > 14 && (
        <button type="button" className="filter-more" onClick={() => setMore(!more)}>
          {more ? '收起' : '更多'}
        </button>
      )}
    </div>
  );
}

function EmptyResult({ keyword, filtered, onClear }: { keyword?: string; filtered: boolean; onClear: () => void }) {
  return (
    <div className="shop-empty panel" data-testid="shop-empty">
      <div className="shop-empty-icon" aria-hidden>
        ⌕
      </div>
      <h3>{keyword ? `没有找到与“${keyword}”相关的仪器` : '没有符合条件的仪器'}</h3>
      <ul className="shop-empty-tips">
        <li>检查关键词是否有错别字，或换用更通用的词，如“色谱仪”</li>
        <li>按型号搜索时可只输入主要部分，如“7890”</li>
        {filtered && (
          <li>
            减少筛选条件：
            <button type="button" className="link-button" onClick={onClear}>
              清除筛选条件
            </button>
          </li>
        )}
      </ul>
      <div className="shop-empty-suggest">
        <span>大家都在搜：</span>
        {SUGGESTIONS.map((s) => (
          <AppLink key={s} to={`/shop?keyword=${encodeURIComponent(s)}`}>
            {s}
          </AppLink>
        ))}
      </div>
      <p className="shop-empty-cta">
        找不到想要的仪器？
        <AppLink to="/demand/inquiry" className="btn btn-accent">
          发布求购，让供应商来报价
        </AppLink>
      </p>
    </div>
  );
}
