// A supplier's store: the site's top bar, the store's own header (logo, name, slogan, search,
// 收藏店铺) and tabs, in the supplier's theme: 1 (light) or 2 (dark banner, gold accents).
import { type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation, useMatches, useNavigate, useParams } from 'react-router-dom';
import { SUPPLIER_KINDS, type TSupplierKind } from '@contracts/catalogue-constants';
import { AppLink } from '@/components/ui/app-link';
import { CollectButton } from '@/components/collect-button';
import { SITE_NAME } from '@/config';
import { usePageTitle } from '@/shared/page-title';
import { storeQuery, storeSectionPath } from '@/features/stores/api/store';
import { ErrorView } from '@/pages/error-page';
import { ApiError } from '@/platform/http';
import { SiteFooter, TopBar, useUrlKeyword } from './site-header';
import '@/styles/shop.css';
import '@/styles/store.css';

/** Pages that write their own title (a product's or an article's name). */
const OWN_TITLE = new Set(['商品详情', '文章详情']);

export default function StorePageSupLayout() {
  const { uid = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const store = useQuery(storeQuery(uid));
  const s = store.data;
  const theme = s?.theme === 2 ? 2 : 1;
  const routeTitle = (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title ?? '';

  usePageTitle(s && !OWN_TITLE.has(routeTitle) ? (routeTitle === '店铺首页' ? s.name : `${routeTitle} - ${s.name}`) : undefined);

  const missing = store.error instanceof ApiError && (store.error.code === 404 || store.error.code === 400);
  if (missing) {
    return (
      <div className="layout layout-store">
        <TopBar />
        <main className="site-main">
          <ErrorView statusCode={404} message={`店铺不存在或已关闭：${uid}`} onRetry={() => void navigate('/store', { replace: true })} />
        </main>
        <SiteFooter />
      </div>
    );
  }

  const base = `/store/${uid}`;
  const tabs = [
    { to: base, label: '店铺首页', active: pathname === base || pathname === `${base}/` },
    { to: `${base}/allProducts`, label: '全部产品', active: pathname.startsWith(`${base}/allProducts`) || pathname.startsWith(`${base}/goods-details`) },
    { to: storeSectionPath(uid, 'article', theme), label: '店铺文章', active: /\/store-article(-theme2)?$/.test(pathname) || pathname.endsWith('/storeArticleDetails') },
    { to: storeSectionPath(uid, 'scheme', theme), label: '解决方案', active: /\/store-scheme(-theme2)?$/.test(pathname) },
    { to: `${base}/companyProfile`, label: '公司简介', active: pathname.endsWith('/companyProfile') },
    { to: `${base}/talent-recruitment`, label: '人才招聘', active: pathname.endsWith('/talent-recruitment') },
  ];
  const place = s ? [s.province, s.city && s.city !== s.province ? s.city : null].filter(Boolean).join(' ') : '';

  return (
    <div className={`layout layout-store store-theme-${theme}`} data-store-theme={theme} data-testid="store-layout">
      <TopBar />
      <header className="store-header">
        <div className="store-platform">
          <div className="container store-platform-inner">
            <AppLink to="/" className="store-platform-logo">
              <span className="logo-mark">仪</span>
              {SITE_NAME}
            </AppLink>
            <nav>
              <AppLink to="/shop">仪器商城</AppLink>
              <AppLink to="/store">店铺大全</AppLink>
              <AppLink to="/demand">求购大厅</AppLink>
            </nav>
          </div>
        </div>
        <div className={`store-banner${s?.banner ? ' has-banner' : ''}`}>
          {s?.banner && <img className="store-banner-img" src={s.banner} alt="" aria-hidden data-testid="store-banner-img" />}
          <div className="container store-banner-inner">
            <div className="store-identity">
              {s?.logo ? (
                <img className="store-logo store-logo-img" src={s.logo} alt={`${s.name}标志`} data-testid="store-logo-img" />
              ) : (
                <span className="store-logo" aria-hidden>
                  {s ? Array.from(s.name)[0] : ''}
                </span>
              )}
              <div className="store-identity-text">
                <h1 className="store-title" data-testid="store-name">
                  {s?.name ?? '\u00a0'}
                </h1>
                {s && (
                  <div className="store-badges">
                    {s.verified ? <span className="store-badge verified">企业认证</span> : <span className="store-badge">未认证</span>}
                    <span className="store-badge">{SUPPLIER_KINDS[s.kind as TSupplierKind] ?? s.kind}</span>
                    {place && <span className="store-badge">{place}</span>}
                    <span className="store-badge">入驻第{s.supplier.years}年</span>
                  </div>
                )}
                {s?.slogan && <p className="store-slogan">{s.slogan}</p>}
              </div>
            </div>
            <div className="store-tools">
              <StoreSearch uid={uid} />
              <div className="store-tools-row">
                {s && <CollectButton kind="shop" targetId={s.id} />}
                {s && (
                  <AppLink to={`/enterprise/${s.supplierId}`} className="btn store-tool-link">
                    企业档案
                  </AppLink>
                )}
              </div>
            </div>
          </div>
        </div>
        <nav className="store-nav" aria-label="店铺导航">
          <div className="container">
            {tabs.map((t) => (
              <AppLink key={t.label} to={t.to} className={t.active ? 'active' : undefined} aria-current={t.active ? 'page' : undefined}>
                {t.label}
              </AppLink>
            ))}
          </div>
        </nav>
      </header>
      <main className="site-main store-main">
        <div className="container">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

function StoreSearch({ uid }: { uid: string }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onList = pathname === `/store/${uid}/allProducts`;
  const [keyword, setKeyword] = useUrlKeyword(onList ? (new URLSearchParams(search).get('keyword')?.trim().slice(0, 60) ?? '') : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const k = keyword.trim();
    void navigate(`/store/${uid}/allProducts${k ? `?keyword=${encodeURIComponent(k)}` : ''}`);
  };
  return (
    <form className="store-search" role="search" onSubmit={submit}>
      <input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="搜索本店产品" aria-label="搜索本店产品" maxLength={60} />
      <button type="submit">搜本店</button>
    </form>
  );
}
