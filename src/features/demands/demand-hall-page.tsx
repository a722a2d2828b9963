// /demand — the demand hall (求购大厅): open demands with category, region and status filters,
// search and pagination, all kept in the URL; a demand opens in a drawer (?id=).
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatMoney, QUOTE_MODE_HINT, QUOTE_MODE_LABEL, remainingText, type TDemandHallQuery, type TDemandListItem } from '@contracts/trade';
import { formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { useSession } from '@/shared/session';
import { useHydrated } from '@/shared/hydration';
import type { TPrefetchContext } from '@/shared/route-meta';
import { Pager } from '@/components/ui/pager';
import { PastLastPage, pastLastPage } from '@/components/ui/past-last-page';
import { categoriesQuery, demandQuery, hallQuery } from './api/demands-api';
import { categoryPath } from './components/category-select';
import { StateBadge } from './components/common';
import { DemandDrawer } from './components/demand-drawer';
import '@/styles/trade.css';
import { useQueryHref } from '@/shared/query-href';
import { InPlaceLink } from '@/components/ui/in-place-link';

const PROVINCES = ['北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽', '福建', '江西', '山东', '河南', '湖北', '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州', '云南', '西藏', '陕西', '甘肃', '青海', '宁夏', '新疆'];
const STATUS_TABS = [
  { value: '', label: '全部' },
  { value: 'active', label: '报价中' },
  { value: 'EVALUATING', label: '评标中' },
  { value: 'AWARDED', label: '已成交' },
  { value: 'ended', label: '已结束' },
];
const PAGE_SIZE = 15;

function readFilters(params: URLSearchParams) {
  const keyword = params.get('keyword') ?? '';
  const categoryId = Number(params.get('categoryId')) || undefined;
  const province = params.get('province') ?? '';
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: TDemandHallQuery = { page, pageSize: PAGE_SIZE, keyword: keyword || undefined, categoryId, province: province || undefined, status: (status || undefined) as TDemandHallQuery['status'] };
  return { keyword, categoryId, province, status, page, query };
}

/** Server rendering: the hall's page for the URL's filters, the category tree, the open count and the demand opened by ?id= (its public view; 404 when unknown). */
export async function prefetch({ queryClient, url }: TPrefetchContext) {
  const openId = Number(url.searchParams.get('id')) || 0;
  await Promise.all([
    openId > 0 ? queryClient.prefetchQuery(demandQuery(openId, false)) : null,
    queryClient.prefetchQuery(hallQuery(readFilters(url.searchParams).query)),
    queryClient.prefetchQuery(categoriesQuery()),
    queryClient.prefetchQuery(hallQuery({ page: 1, pageSize: 1, status: 'active' })),
  ]);
}

export default function DemandHallPage() {
  const [params, setParams] = useSearchParams();
  const href = useQueryHref();
  const { user } = useSession();
  const { keyword, categoryId, province, status, page, query } = readFilters(params);
  const openId = Number(params.get('id')) || 0;
  const [draft, setDraft] = useState(keyword);
  const [showAllProvinces, setShowAllProvinces] = useState(false);

  const { data, isLoading, isError, error } = useQuery({ ...hallQuery(query), placeholderData: keepPreviousData });
  const categories = useQuery(categoriesQuery());
  const tree = categories.data ?? [];
  const active = useQuery(hallQuery({ page: 1, pageSize: 1, status: 'active' }));

  const update = (patch: Record<string, string | number | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '' || v === 0) next.delete(k);
      else next.set(k, String(v));
    }
    if (!keepPage && !('page' in patch)) next.delete('page');
    setParams(next);
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ keyword: draft.trim() });
  };

  const hrefWithId = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('id', String(id));
    return `/demand?${next.toString()}`;
  };
  const path = categoryPath(tree, categoryId);
  const top = path[0];
  // A category id not in the tree (an old or mistyped link) is not 全部 with no results.
  const unknownCategory = categoryId !== undefined && categories.data !== undefined && path.length === 0;
  const last = data ? pastLastPage(page, PAGE_SIZE, data.total) : null;
  const provinces = showAllProvinces || PROVINCES.indexOf(province) >= 12 ? PROVINCES : PROVINCES.slice(0, 12);
  const isSupplier = Boolean(user?.roles.includes('supplier'));

  return (
    <div className="trade-page demand-hall" data-testid="demand-hall">
      <section className="hall-hero">
        <div className="container hall-hero-inner">
          <div>
            <h1>求购大厅</h1>
            <p>汇集高校、科研院所与企业实验室的真实仪器采购需求，供应商在线报价，采购方在线比价。</p>
            <div className="hall-hero-stats">
              <span>
                <strong>{active.data?.total ?? '—'}</strong> 条求购正在报价
              </span>
              <span>报价密封，仅采购方可见</span>
              <span>联系方式在报价被采纳后提供</span>
            </div>
          </div>
          <div className="hall-hero-actions">
            <AppLink className="btn btn-accent btn-lg" to="/demand/inquiry">
              发布求购
            </AppLink>
            <AppLink className="btn btn-ghost btn-lg" to="/demand/quickInquiry">
              快速询价
            </AppLink>
          </div>
        </div>
      </section>

      <div className="container hall-body">
        <div className="hall-main">
          <section className="panel filter-panel" aria-label="筛选">
            <form className="hall-search" role="search" onSubmit={onSearch}>
              <input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={40} placeholder="搜索求购标题或需求描述，如：液相色谱、离心机" aria-label="搜索求购" />
              <button type="submit" className="btn btn-primary">
                搜索
              </button>
            </form>
            <div className="filter-row">
              <span className="filter-label">产品分类</span>
              <div className="filter-chips">
                <InPlaceLink to={href({ categoryId: undefined })} className={`chip${!categoryId ? ' active' : ''}`} onActivate={() => update({ categoryId: undefined })}>
                  全部
                </InPlaceLink>
                {tree.map((c) => (
                  <InPlaceLink key={c.id} to={href({ categoryId: c.id })} className={`chip${top?.id === c.id ? ' active' : ''}`} onActivate={() => update({ categoryId: c.id })}>
                    {c.name}
                  </InPlaceLink>
                ))}
              </div>
            </div>
            {top && top.children.length > 0 && (
              <div className="filter-row sub">
                <span className="filter-label">{top.name}</span>
                <div className="filter-chips">
                  {top.children.map((c) => (
                    <InPlaceLink key={c.id} to={href({ categoryId: c.id })} className={`chip${path[1]?.id === c.id ? ' active' : ''}`} onActivate={() => update({ categoryId: c.id })}>
                      {c.name}
                    </InPlaceLink>
                  ))}
                </div>
              </div>
            )}
            <div className="filter-row">
              <span className="filter-label">收货地区</span>
              <div className="filter-chips">
                <InPlaceLink to={href({ province: undefined })} className={`chip${!province ? ' active' : ''}`} onActivate={() => update({ province: undefined })}>
                  全国
                </InPlaceLink>
                {provinces.map((p) => (
                  <InPlaceLink key={p} to={href({ province: p })} className={`chip${province === p ? ' active' : ''}`} onActivate={() => update({ province: p })}>
                    {p}
                  </InPlaceLink>
                ))}
                {!showAllProvinces && PROVINCES.indexOf(province) < 12 && (
                  <button type="button" className="chip chip-more" onClick={() => setShowAllProvinces(true)}>
                    更多 ▾
                  </button>
                )}
              </div>
            </div>
            <div className="filter-row">
              <span className="filter-label">求购状态</span>
              <div className="filter-chips">
                {STATUS_TABS.map((s) => (
                  <InPlaceLink key={s.value} to={href({ status: s.value })} className={`chip${status === s.value ? ' active' : ''}`} onActivate={() => update({ status: s.value })}>
                    {s.label}
                  </InPlaceLink>
                ))}
              </div>
            </div>
          </section>

          <section className="panel demand-list-panel">
            <header className="list-head">
              <span>
                {keyword ? (
                  <>
                    与“<strong>{keyword}</strong>”相关的求购
                  </>
                ) : (
                  '最新求购'
                )}
                <span className="muted">（共 {data?.total ?? 0} 条）</span>
              </span>
              {(keyword || categoryId || province || status) && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setDraft('');
                    setParams(new URLSearchParams());
                  }}
                >
                  清除筛选
                </button>
              )}
            </header>
            {isLoading && <div className="empty">加载中...</div>}
            {isError && <div className="empty">{(error as Error).message || '加载失败，请稍后再试'}</div>}
            {unknownCategory && (
              <div className="empty" role="status" data-testid="unknown-category">
                <p>该求购分类不存在或已下线。</p>
                <button type="button" className="btn" onClick={() => update({ categoryId: undefined })}>
                  查看全部求购
                </button>
              </div>
            )}
            {data && !unknownCategory && last !== null && <PastLastPage page={page} last={last} total={data.total} unit="条求购" />}
            {data && !unknownCategory && last === null && data.items.length === 0 && (
              <div className="empty" data-testid="hall-empty">
                <p>没有找到符合条件的求购</p>
                <p className="muted">试试更换关键词或筛选条件，或者直接发布您的采购需求。</p>
                <AppLink className="btn btn-primary" to="/demand/inquiry">
                  发布求购
                </AppLink>
              </div>
            )}
            <ul className="demand-list">
              {data?.items.map((d) => (
                <DemandRow key={d.id} demand={d} href={hrefWithId(d.id)} onOpen={() => update({ id: d.id }, true)} canQuote={isSupplier} />
              ))}
            </ul>
            {data && <Pager variant="trade" page={page} pageSize={PAGE_SIZE} total={data.total} onChange={(p) => update({ page: p })} hrefFor={(p) => href({ page: p })} />}
          </section>
        </div>

        <aside className="hall-side">
          <section className="panel side-card cta-card">
            <h3>有采购需求？</h3>
            <p className="muted">发布求购，多家供应商主动报价，平均 24 小时内收到首个报价。</p>
            <AppLink className="btn btn-primary btn-block" to="/demand/inquiry">
              免费发布求购
            </AppLink>
          </section>
          <section className="panel side-card">
            <h3>采购流程</h3>
            <ol className="flow-steps">
              <li>
                <strong>发布需求</strong>
                <span>填写仪器、参数和报价截止时间</span>
              </li>
              <li>
                <strong>供应商报价</strong>
                <span>报价密封，供应商之间互不可见</span>
              </li>
              <li>
                <strong>在线比价</strong>
                <span>按参数逐项对比，导出比价单</span>
              </li>
              <li>
                <strong>选定成交</strong>
                <span>中标供应商获得联系方式</span>
              </li>
            </ol>
          </section>
          <section className="panel side-card">
            <h3>供应商入驻</h3>
            <p className="muted">入驻后可查看完整求购需求、下载附件并在线报价。</p>
            <AppLink className="btn btn-block" to="/service/settle">
              了解入驻
            </AppLink>
          </section>
        </aside>
      </div>
      {openId > 0 && <DemandDrawer id={openId} onClose={() => update({ id: undefined }, true)} />}
    </div>
  );
}

function DemandRow({ demand: d, href, onOpen, canQuote }: { demand: TDemandListItem; href: string; onOpen: () => void; canQuote: boolean }) {
  // The time left reads the clock: shown from the render after hydration (the server's HTML may be a minute old).
  const hydrated = useHydrated();
  const left = hydrated ? remainingText(d.quoteDeadline) : { text: '报价中', urgent: false, over: false };
  return (
    <li className="demand-row" data-testid="demand-row" data-id={d.id}>
      <div className="demand-row-main">
        <div className="demand-row-title">
          <InPlaceLink to={href} className="demand-title-link" title={d.title} onActivate={onOpen}>
            {d.title}
          </InPlaceLink>
          <StateBadge state={d.status} />
        </div>
        <div className="demand-row-meta">
          {d.categoryName && <span className="tag">{d.categoryName}</span>}
          <span>
            数量：
            <b>
              {d.quantity}
              {d.unit}
            </b>
          </span>
          <span>预算：{d.budgetHidden ? '保密' : formatMoney(d.budget)}</span>
          <span>地区：{[d.province, d.city].filter(Boolean).join(' ') || '不限'}</span>
          <span>采购方：{d.buyer}</span>
          <span title={QUOTE_MODE_HINT[d.quoteMode]} data-testid="hall-quote-mode">
            报价方式：{QUOTE_MODE_LABEL[d.quoteMode]}
          </span>
          <span className="muted">发布于 {formatDay(d.createdAt)}</span>
        </div>
      </div>
      <div className="demand-row-side">
        <div className={`deadline${left.urgent ? ' urgent' : ''}${left.over || !d.accepting ? ' over' : ''}`}>
          <span>{d.accepting ? left.text : d.status === 'AWARDED' ? '已成交' : '已截止'}</span>
          <small>截止 {formatDay(d.quoteDeadline)}</small>
        </div>
        <div className="quote-count">
          <strong>{d.quotationCount}</strong>
          <small>家已报价</small>
        </div>
        <button type="button" className={`btn btn-sm ${d.accepting && canQuote ? 'btn-accent' : ''}`} onClick={onOpen}>
          {d.accepting && canQuote ? '我要报价' : '查看详情'}
        </button>
      </div>
    </li>
  );
}
