// /enterprise/{id}: an enterprise's profile, response figures, registration facts, contact, products
// and store link.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { SUPPLIER_KINDS, type TSupplierKind } from '@contracts/catalogue-constants';
import { AppLink } from '@/components/ui/app-link';
import { ResponseBlock } from '@/components/ui/response-figures';
import { ErrorView } from '@/pages/error-page';
import { ApiError } from '@/platform/http';
import { enterpriseQuery } from './api/enterprise';
import { EnterpriseProductCard } from './components/enterprise-product-card';
import { usePageTitle } from '@/shared/page-title';
import type { TPrefetchContext } from '@/shared/route-meta';
import '@/styles/shop.css';
import '@/styles/store.css';

/** The id of /enterprise/{id} or /enterprise/{id}.html, or null. */
function enterpriseIdOf(splat: string | undefined): number | null {
  const raw = /^(\d{1,10})(?:\.html)?\/?$/.exec(splat ?? '')?.[1];
  const id = raw ? Number(raw) : null;
  return id !== null && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Server rendering: the enterprise (its 404 too). */
export async function prefetch({ queryClient, params }: TPrefetchContext) {
  const id = enterpriseIdOf(params['*']);
  if (id !== null) await queryClient.prefetchQuery(enterpriseQuery(id));
}

export default function EnterpriseDetailPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = enterpriseIdOf(params['*']);
  const valid = id !== null;
  const query = useQuery({ ...enterpriseQuery(valid ? id : 0), enabled: valid });
  usePageTitle(query.data?.companyName);

  if (!valid || (query.error instanceof ApiError && query.error.code === 404)) {
    return <ErrorView statusCode={404} message="企业不存在或未通过审核" onRetry={() => void navigate('/enterprise', { replace: true })} />;
  }
  if (query.isError) return <ErrorView statusCode={500} message={query.error.message} onRetry={() => void query.refetch()} />;
  const e = query.data;
  if (!e) return <div className="container enterprise-page"><div className="store-loading" aria-busy="true" /></div>;

  const place = [e.province, e.city && e.city !== e.province ? e.city : null].filter(Boolean).join(' ');
  const facts: [string, string | number | null][] = [
    ['企业名称', e.companyName],
    ['企业类型', SUPPLIER_KINDS[e.kind as TSupplierKind] ?? e.kind],
    ['成立年份', e.founded ? `${e.founded}年` : null],
    ['员工人数', e.employees],
    ['注册资本', e.registeredCapital],
    ['所在地区', place || null],
    ['详细地址', e.address],
    ['经营范围', e.businessScope],
  ];
  return (
    <div className="container enterprise-page" data-testid="enterprise-detail">
      <nav className="breadcrumb" aria-label="当前位置">
        <AppLink to="/">首页</AppLink>
        <span>/</span>
        <AppLink to="/enterprise">企业库</AppLink>
        <span>/</span>
        <span className="muted" title={e.companyName}>
          {e.companyName}
        </span>
      </nav>
      <header className="enterprise-card-head panel">
        <span className="enterprise-logo enterprise-logo-lg" aria-hidden>
          {Array.from(e.shortName || e.companyName)[0]}
        </span>
        <div className="enterprise-main">
          <h1 data-testid="enterprise-name">{e.companyName}</h1>
          <div className="directory-badges">
            {e.verified ? <span className="badge badge-verified">企业认证</span> : <span className="badge">未认证</span>}
            <span className="badge">{SUPPLIER_KINDS[e.kind as TSupplierKind] ?? e.kind}</span>
            {place && <span className="badge">{place}</span>}
            <span className="badge badge-years">入驻第{e.years}年</span>
          </div>
          <p className="enterprise-scope" title={e.businessScope ?? undefined}>
            主营：{e.businessScope ?? '—'}
          </p>
        </div>
        <div className="enterprise-side">
          <span className="enterprise-count">
            <strong>{e.productCount}</strong>
            在售产品
          </span>
          {e.storeUid && (
            <AppLink to={`/store/${e.storeUid}`} className="btn btn-primary" data-testid="enterprise-store-link">
              进入店铺
            </AppLink>
          )}
        </div>
      </header>

      <div className="enterprise-body">
        <div className="enterprise-content">
          {/* 响应质量 (issue 37): in the server-rendered page, as on the store home. */}
          <ResponseBlock figures={e.response} className="enterprise-response" />
          <section className="panel">
            <h2 className="section-title">企业简介</h2>
            {e.introduction ? (
              // Sanitised by the server.
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: e.introduction }} />
            ) : (
              <p className="muted">该企业暂未填写简介。</p>
            )}
          </section>
          <section className="panel">
            <h2 className="section-title">工商信息</h2>
            <table className="store-facts-table">
              <tbody>
                {facts
                  .filter(([, v]) => v)
                  .map(([k, v]) => (
                    <tr key={k}>
                      <th scope="row">{k}</th>
                      <td>{v}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </section>
          <section className="panel">
            <h2 className="section-title">
              企业产品
              {e.storeUid && e.productCount > e.products.length && (
                <AppLink to={`/store/${e.storeUid}/allProducts`} className="enterprise-more">
                  查看全部 {e.productCount} 件 ›
                </AppLink>
              )}
            </h2>
            {e.products.length === 0 ? (
              <p className="muted">该企业暂未上架产品。</p>
            ) : (
              <div className="sp-grid">
                {e.products.map((p) => (
                  <EnterpriseProductCard key={p.id} product={p} />
                ))}
              </div>
            )}
          </section>
        </div>
        <aside className="enterprise-aside">
          <section className="store-contact">
            <h3>联系方式</h3>
            <dl>
              {(
                [
                  ['联系人', e.contactName],
                  ['电话', e.contactPhone],
                  ['邮箱', e.contactEmail],
                  ['地址', e.address],
                ] as [string, string | null][]
              )
                .filter(([, v]) => v)
                .map(([k, v]) => (
                  <div key={k}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
            </dl>
          </section>
          <section className="panel enterprise-tip">
            <h3>采购提示</h3>
            <p>通过平台询价和报价，沟通记录与报价版本全程留存，成交更有保障。</p>
            <AppLink to="/demand/inquiry" className="btn btn-accent btn-block">
              发布求购
            </AppLink>
          </section>
        </aside>
      </div>
    </div>
  );
}
