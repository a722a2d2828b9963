// /store: every supplier store, searchable by name, region and kind of company; state in the URL.
import { cleanText } from '@contracts/constants';
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { PROVINCES, provinceLabel, SUPPLIER_KINDS, type TSupplierKind } from '@contracts/catalogue-constants';
import { AppLink } from '@/components/ui/app-link';
import { Pager } from '@/components/ui/pager';
import { PastLastPage, pastLastPage } from '@/components/ui/past-last-page';
import { storesQuery } from './api/stores';
import { positiveId } from './components/use-store';

const PAGE_SIZE = 12;
const KINDS = Object.keys(SUPPLIER_KINDS) as TSupplierKind[];

export default function StoreDirectoryPage() {
  const [params, setParams] = useSearchParams();
  // Names only: letters, digits, Chinese, spaces, - and _ (SPEC §5 text cleaning).
  const keyword = cleanText(params.get('keyword') ?? '').trim().slice(0, 40) || undefined;
  const provinceRaw = params.get('province') ?? undefined;
  const province = provinceRaw && (PROVINCES as readonly string[]).includes(provinceRaw) ? provinceRaw : undefined;
  const kindRaw = params.get('kind') as TSupplierKind | null;
  const kind = kindRaw && KINDS.includes(kindRaw) ? kindRaw : undefined;
  const page = positiveId(params.get('page')) ?? 1;
  const stores = useQuery({ ...storesQuery({ keyword, province, kind, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next);
  };

  return (
    <div className="container store-directory" data-testid="store-directory">
      <div className="directory-filters panel">
        <DirectorySearch key={keyword ?? ''} initial={keyword ?? ''} onSearch={(k) => update({ keyword: k || undefined })} />
        <div className="directory-row">
          <span className="directory-label">企业类型</span>
          <div className="directory-values">
            <button type="button" className={!kind ? 'active' : undefined} onClick={() => update({ kind: undefined })}>
              全部
            </button>
            {KINDS.map((k) => (
              <button key={k} type="button" className={kind === k ? 'active' : undefined} onClick={() => update({ kind: k })}>
                {SUPPLIER_KINDS[k]}
              </button>
            ))}
          </div>
        </div>
        <div className="directory-row">
          <span className="directory-label">所在地区</span>
          <div className="directory-values">
            <button type="button" className={!province ? 'active' : undefined} onClick={() => update({ province: undefined })}>
              全部
            </button>
            {PROVINCES.map((p) => (
              <button key={p} type="button" className={province === p ? 'active' : undefined} onClick={() => update({ province: p })} title={p}>
                {provinceLabel(p)}
              </button>
            ))}
          </div>
        </div>
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
                <AppLink to={`/store/${s.uid}`} className="directory-name">
                  {s.name}
                </AppLink>
                <div className="directory-company">{s.companyName}</div>
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
      {stores.data && <Pager variant="shop" page={page} pageSize={PAGE_SIZE} total={stores.data.total} onChange={(p) => update({ page: p > 1 ? String(p) : undefined })} />}
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
