import { Outlet } from 'react-router-dom';
import { SiteFooter, SiteHeader } from './site-header';
import '@/styles/home.css';

export default function DefaultLayout() {
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
