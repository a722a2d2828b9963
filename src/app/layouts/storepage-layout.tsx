import { Outlet } from 'react-router-dom';
import { SiteFooter, SiteHeader } from './site-header';

export default function StorePageLayout() {
  return (
    <div className="layout layout-storepage">
      <SiteHeader />
      <main className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
