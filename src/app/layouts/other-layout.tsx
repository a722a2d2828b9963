// Auth pages: a slim header with the logo and a centred card.
import { Outlet } from 'react-router-dom';
import { AppLink } from '@/components/ui/app-link';
import { SITE_NAME } from '@/config';
import { SiteFooter } from './site-header';

export default function OtherLayout() {
  return (
    <div className="layout layout-other">
      <header className="slim-header">
        <div className="container slim-header-inner">
          <AppLink to="/" className="logo">
            <span className="logo-mark" aria-hidden="true">
              仪
            </span>
            <span className="logo-text">
              <strong>{SITE_NAME}</strong>
              <small>科学仪器采购交易平台</small>
            </span>
          </AppLink>
          <AppLink to="/">返回首页</AppLink>
        </div>
      </header>
      <main className="auth-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
