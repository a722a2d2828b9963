// /store: every supplier store, searchable by name, region and kind of company; state in the URL.
import { cleanText } from '@contracts/constants';
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PROVINCES, provinceLabel, SUPPLIER_KINDS, type TSupplierKind } from '@contracts/catalogue-constants';
import { AppLink } from '@/components/ui/app-link';
import { ResponseSortRow, ResponseSummary } from '@/components/ui/response-figures';
import { Pager } from '@/components/ui/pager';
import { PastLastPage, pastLastPage } from '@/components/ui/past-last-page';
import { storesQuery } from './api/stores';
import type { TPrefetchContext } from '@/shared/route-meta';
import { positiveId } from './components/use-store';
import { useQueryHref, type TQueryPatch } from '@/shared/query-href';
import { InPlaceLink } from '@/components/ui/in-place-link';

const PAGE_SIZE = 12;
const KINDS = Object.keys(SUPPLIER_KINDS) as TSupplierKind[];

/** The directory's filters from the address (unknown values ignored). */
function readParams(params: URLSearchParams) {
  // Names only: letters, digits, Chinese, spaces, - and _ (SPEC §5 text cleaning).
  const keyword = cleanText(params.get('keyword') ?? '').trim().slice(0, 40) || undefined;
  const provinceRaw = params.get('province') ?? undefined;
  const province = provinceRaw && (PROVINCES as readonly string[]).includes(provinceRaw) ? provinceRaw : undefined;
  const kindRaw = params.get('kind') as TSupplierKind | null;
  const kind = kindRaw && KINDS.includes(kindRaw) ? kindRaw : undefined;
  const page = positiveId(params.get('page')) ?? 1;
  const sort = params.get('sort') === 'replyRate' ? ('replyRate' as const) : undefined;
  const fast = params.get('fast') === '1' ? (1 as const) : undefined;
  return { keyword, province, kind, sort, fast, page };
}

/** Server rendering: the page of stores the address asks for. */
export async function prefetch({ queryClient, url }: TPrefetchContext) {
  await queryClient.prefetchQuery(storesQuery({ ...readParams(url.searchParams), pageSize: PAGE_SIZE }));
}

export default function StoreDirectoryPage() {
  const [params, setParams] = useSearchParams();
  const href = useQueryHref();
  const { keyword, province, kind, sort, fast, page } = readParams(params);
  const stores = useQuery({ ...storesQuery({ keyword, province, kind, sort, fast, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });

  const navigate = useNavigate();
  /** A new history entry with the change; any change but paging goes back to page 1 (the filter links' own addresses). */
  const update = (patch: TQueryPatch) => void navigate(href(patch));

  return (
    <div className="container store-directory" data-testid="store-directory">
      <div className="directory-filters panel">
        <DirectorySearch key={keyword ?? ''} initial={keyword ?? ''} onSearch={(k) => update({ keyword: k || undefined })} />
        <div className="directory-row">
          <span className="directory-label">企业类型</span>
          <div className="directory-values">
            <InPlaceLink to={href({ kind: undefined })} className={!kind ? 'active' : undefined} onActivate={() => update({ kind: undefined })}>
              全部
            </InPlaceLink>
            {KINDS.map((k) => (
              <InPlaceLink key={k} to={href({ kind: k })} className={kind === k ? 'active' : undefined} onActivate={() => update({ kind: k })}>
                {SUPPLIER_KINDS[k]}
              </InPlaceLink>
            ))}
          </div>
        </div>
        <div className="directory-row">
          <span className="directory-label">所在地区</span>
          <div className="directory-values">
            <InPlaceLink to={href({ province: undefined })} className={!province ? 'active' : undefined} onActivate={() => update({ province: undefined })}>
              全部
            </InPlaceLink>
            {PROVINCES.map((p) => (
              <InPlaceLink key={p} to={href({ province: p })} className={province === p ? 'active' : undefined} onActivate={() => update({ province: p })} title={p}>
                {provinceLabel(p)}
              </InPlaceLink>
            ))}
          </div>
        </div>
        <ResponseSortRow sort={sort} fast={fast} href={href} update={update} />
      </div>

      <div className="directory-summary">
        {stores.data && (
          <span>
            共 <strong>{stores.data.total}</strong> 家店铺{keyword ? `与“${keyword}”相关` : ''}
          </span>
        )}
        {stores.data?.notice && (
          <span className="directory-notice" role="status" data-testid="partial-notice">
            {stores.data.notice}
          </span>
        )}
      </div>

      {stores.isError && !stores.data && <div className="panel empty">店铺加载失败：{(stores.error as Error).message}</div>}
      {stores.data && pastLastPage(page, PAGE_SIZE, stores.data.total) !== null && (
        <PastLastPage page={page} last={pastLastPage(page, PAGE_SIZE, stores.data.total)!} total={stores.data.total} unit="家店铺" className="panel empty" />
      )}
      {stores.data && stores.data.items.length === 0 && stores.data.total === 0 && (
        <div className="panel empty">
          没有找到符合条件的店铺。
          <button type="button" className="link-button" onClick={() => setParams({})}>
            清除筛选
          </button>
        </div>
      )}
      <div className={`directory-grid${stores.isPlaceholderData ? ' is-stale' : ''}`}>
        {stores.data?.items.map((s) => (
          <article key={s.uid} className={`directory-card theme-${s.theme}`} data-testid="store-card">
            <div className="directory-card-head">
              {s.logo ? (
                <img className="directory-logo directory-logo-img" src={s.logo} alt={`${s.name}标志`} loading="lazy" data-testid="store-card-logo" />
              ) : (
                <span className="directory-logo" aria-hidden>
                  {Array.from(s.name)[0]}
                </span>
              )}
              <div>
                <AppLink to={`/store/${s.uid}`} className="directory-name" title={s.name}>
                  {s.name}
                </AppLink>
                <div className="directory-company" title={s.companyName}>
                  {s.companyName}
                </div>
              </div>
            </div>
            <div className="directory-badges">
              {s.verified && <span className="badge badge-verified">企业认证</span>}
              <span className="badge">{SUPPLIER_KINDS[s.kind as TSupplierKind] ?? s.kind}</span>
              {s.province && <span className="badge">{provinceLabel(s.province)}</span>}
            </div>
            <p className="directory-scope" title={s.businessScope ?? undefined}>
              主营：{s.businessScope ?? '—'}
            </p>
            <ResponseSummary figures={s.response} />
            <div className="directory-foot">
              <span>
                在售产品 <strong>{s.productCount}</strong>
              </span>
              <AppLink to={`/store/${s.uid}`} className="btn btn-primary btn-sm">
                进入店铺
              </AppLink>
            </div>
          </article>
        ))}
      </div>
      {stores.data && <Pager variant="shop" page={page} pageSize={PAGE_SIZE} total={stores.data.total} onChange={(p) => update({ page: p > 1 ? String(p) : undefined })}  hrefFor={(p) => href({ page: p })} />}
    </div>
  );
}

function DirectorySearch({ initial, onSearch }: { initial: string; onSearch: (keyword: string) => void }) {
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form className="directory-search" onSubmit={submit} role="search">
      <input value={value} onChange={(e) => setValue(e.target.value)} placeholder="搜索店铺名称、公司名称或主营产品" aria-label="搜索店铺" maxLength={40} />
      <button type="submit" className="btn btn-primary">
        搜索店铺
      </button>
    </form>
  );
}
