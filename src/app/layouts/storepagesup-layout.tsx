// A supplier's store: the site's top bar, the store's own header and navigation, the page.
import { Outlet, useParams } from 'react-router-dom';
import { AppNavLink } from '@/components/ui/app-link';
import { SiteFooter, TopBar } from './site-header';

export const STORE_TABS = [
  { path: '', label: '店铺首页' },
  { path: '/allProducts', label: '全部产品' },
  { path: '/store-article', label: '店铺文章' },
  { path: '/store-scheme', label: '解决方案' },
  { path: '/companyProfile', label: '公司简介' },
  { path: '/talent-recruitment', label: '人才招聘' },
];

export default function StorePageSupLayout() {
  const { uid = '' } = useParams();
  return (
    <div className="layout layout-store">
      <TopBar />
      <header className="store-header">
        <div className="container">
          <h1 className="store-title">店铺 {uid}</h1>
        </div>
        <nav className="store-nav">
          <div className="container">
            {STORE_TABS.map((t) => (
              <AppNavLink key={t.path} to={`/store/${uid}${t.path}`} end>
                {t.label}
              </AppNavLink>
            ))}
          </div>
        </nav>
      </header>
      <main className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
