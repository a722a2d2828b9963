// The store directory's layout: the site header, a banner for 店铺大全, the page.
import { Outlet } from 'react-router-dom';
import { AppLink } from '@/components/ui/app-link';
import { SiteFooter, SiteHeader } from './site-header';
import '@/styles/shop.css';
import '@/styles/store.css';

export default function StorePageLayout() {
  return (
    <div className="layout layout-storepage">
      <SiteHeader />
      <div className="storepage-banner">
        <div className="container storepage-banner-inner">
          <div>
            <h1>店铺大全</h1>
            <p>原厂旗舰店、授权代理与专业经销商，资质可查，产品、方案与技术文章一站直达</p>
          </div>
          <AppLink to="/service/settle" className="btn storepage-join">
            供应商免费开店 →
          </AppLink>
        </div>
      </div>
      <main className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
