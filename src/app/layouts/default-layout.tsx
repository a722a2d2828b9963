import { Outlet } from 'react-router-dom';
import { SiteFooter, SiteHeader } from './site-header';
import { useLayoutStyle } from '@/shared/layout-style';
import homeCss from '@/styles/home.css?inline';

export default function DefaultLayout() {
  useLayoutStyle('default', homeCss);
  return (
    <div className="layout layout-default">
      <SiteHeader />
      <main className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
