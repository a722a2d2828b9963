// /enterprise: the enterprise directory with keyword, kind, region and 认证 filters; state in the URL.
import { cleanText } from '@contracts/constants';
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PROVINCES, provinceLabel, SUPPLIER_KINDS, type TSupplierKind } from '@contracts/catalogue-constants';
import { AppLink } from '@/components/ui/app-link';
import { ResponseSortRow, ResponseSummary } from '@/components/ui/response-figures';
import { Pager } from '@/components/ui/pager';
import { PastLastPage, pastLastPage } from '@/components/ui/past-last-page';
import { enterprisesQuery } from './api/enterprises';
import type { TPrefetchContext } from '@/shared/route-meta';
import '@/styles/shop.css';
import '@/styles/store.css';
import { useQueryHref, type TQueryPatch } from '@/shared/query-href';
import { InPlaceLink } from '@/components/ui/in-place-link';

const PAGE_SIZE = 10;
const KINDS = Object.keys(SUPPLIER_KINDS) as TSupplierKind[];

function readFilters(params: URLSearchParams) {
  // Names only: letters, digits, Chinese, spaces, - and _ (SPEC §5 text cleaning).
  const keyword = cleanText(params.get('keyword') ?? '').trim().slice(0, 40) || undefined;
  const provinceRaw = params.get('province') ?? undefined;
  const province = provinceRaw && (PROVINCES as readonly string[]).includes(provinceRaw) ? provinceRaw : undefined;
  const kindRaw = params.get('kind') as TSupplierKind | null;
  const kind = kindRaw && KINDS.includes(kindRaw) ? kindRaw : undefined;
  const verified = params.get('verified') === 'true' ? true : undefined;
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw > 0 ? pageRaw : 1;
  const sort = params.get('sort') === 'replyRate' ? ('replyRate' as const) : undefined;
  const fast = params.get('fast') === '1' ? (1 as const) : undefined;
  return { keyword, province, kind, verified, sort, fast, page };
}

/** Server rendering: the directory page for the URL's filters. */
export async function prefetch({ queryClient, url }: TPrefetchContext) {
  await queryClient.prefetchQuery(enterprisesQuery({ ...readFilters(url.searchParams), pageSize: PAGE_SIZE }));
}

export default function EnterpriseListPage() {
  const [params, setParams] = useSearchParams();
  const href = useQueryHref();
  const { keyword, province, kind, verified, sort, fast, page } = readFilters(params);
  const list = useQuery({ ...enterprisesQuery({ keyword, province, kind, verified, sort, fast, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });

  const navigate = useNavigate();
  /** A new history entry with the change; any change but paging goes back to page 1 (the filter links' own addresses). */
  const update = (patch: TQueryPatch) => void navigate(href(patch));

  return (
    <div className="container enterprise-page" data-testid="enterprise-list">
      <div className="enterprise-hero">
        <div>
          <h1>企业库</h1>
          <p>科学仪器生产商、代理商与经销商名录：工商信息、主营产品与店铺一目了然</p>
        </div>
        <EnterpriseSearch key={keyword ?? ''} initial={keyword ?? ''} onSearch={(k) => update({ keyword: k || undefined })} />
      </div>

      <div className="directory-filters panel">
        <div className="directory-row">
          <span className="directory-label">企业类型</span>
          <div className="directory-values">
            <InPlaceLink to={href({ kind: undefined })} className={!kind ? 'active' : undefined} onActivate={() => update({ kind: undefined })}>
              全部
            </InPlaceLink>
            {KINDS.map((k) => (
              <InPlaceLink key={k} to={href({ kind: k })} className={kind === k ? 'active' : undefined} onActivate={() => update({ kind: k })} data-testid="kind-filter">
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
        <div className="directory-row">
          <span className="directory-label">企业认证</span>
          <label className="checkbox">
            <input type="checkbox" checked={verified === true} onChange={(e) => update({ verified: e.target.checked ? 'true' : undefined })} />
            只看已认证企业
          </label>
        </div>
        <ResponseSortRow sort={sort} fast={fast} href={href} update={update} />
      </div>

      <div className="directory-summary">
        {list.data && (
          <span data-testid="enterprise-total">
            共 <strong>{list.data.total}</strong> 家企业
          </span>
        )}
        {list.data?.notice && (
          <span className="directory-notice" role="status" data-testid="partial-notice">
            {list.data.notice}
          </span>
        )}
      </div>

      {list.isError && !list.data && <div className="panel empty">企业加载失败：{(list.error as Error).message}</div>}
      {list.data && pastLastPage(page, PAGE_SIZE, list.data.total) !== null && (
        <PastLastPage page={page} last={pastLastPage(page, PAGE_SIZE, list.data.total)!} total={list.data.total} unit="家企业" className="panel empty" />
      )}
      {list.data && list.data.items.length === 0 && list.data.total === 0 && (
        <div className="panel empty">
          没有找到符合条件的企业。
          <button type="button" className="link-button" onClick={() => setParams({})}>
            清除筛选
          </button>
        </div>
      )}
      <div className={`enterprise-list${list.isPlaceholderData ? ' is-stale' : ''}`}>
        {list.data?.items.map((e) => (
          <article key={e.id} className="enterprise-row" data-testid="enterprise-card">
            <span className="enterprise-logo" aria-hidden>
              {Array.from(e.shortName || e.companyName)[0]}
            </span>
            <div className="enterprise-main">
              <AppLink to={`/enterprise/${e.id}`} className="enterprise-name">
                {e.companyName}
              </AppLink>
              <div className="directory-badges">
                {e.verified ? <span className="badge badge-verified">企业认证</span> : <span className="badge">未认证</span>}
                <span className="badge">{SUPPLIER_KINDS[e.kind as TSupplierKind] ?? e.kind}</span>
                {e.province && <span className="badge">{[e.province, e.city && e.city !== e.province ? e.city : null].filter(Boolean).join(' ')}</span>}
              </div>
              <p className="enterprise-scope" title={e.businessScope ?? undefined}>
                主营：{e.businessScope ?? '—'}
              </p>
              <ResponseSummary figures={e.response} />
              <div className="enterprise-facts">
                {e.founded && <span>成立：{e.founded}年</span>}
                {e.employees && <span>规模：{e.employees}</span>}
                {e.registeredCapital && <span>注册资本：{e.registeredCapital}</span>}
              </div>
            </div>
            <div className="enterprise-side">
              <span className="enterprise-count">
                <strong>{e.productCount}</strong>
                在售产品
              </span>
              <AppLink to={`/enterprise/${e.id}`} className="btn btn-sm">
                企业详情
              </AppLink>
              {e.storeUid && (
                <AppLink to={`/store/${e.storeUid}`} className="btn btn-primary btn-sm">
                  进入店铺
                </AppLink>
              )}
            </div>
          </article>
        ))}
      </div>
      {list.data && <Pager variant="shop" page={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={(p) => update({ page: p > 1 ? String(p) : undefined })}  hrefFor={(p) => href({ page: p })} />}
    </div>
  );
}

function EnterpriseSearch({ initial, onSearch }: { initial: string; onSearch: (keyword: string) => void }) {
  const [value, setValue] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form className="directory-search enterprise-search" onSubmit={submit} role="search">
      <input value={value} onChange={(e) => setValue(e.target.value)} placeholder="搜索企业名称或主营产品" aria-label="搜索企业" maxLength={40} />
      <button type="submit" className="btn btn-accent">
        搜索企业
      </button>
    </form>
  );
}
