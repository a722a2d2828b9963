// About, service and agreement pages: the logo bar and the page, nothing else.
import { Outlet } from 'react-router-dom';
import { AppLink } from '@/components/ui/app-link';
import { SITE_NAME } from '@/config';

export default function BlankPageLayout() {
  return (
    <div className="layout layout-blank">
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
          <nav className="blank-nav">
            <AppLink to="/about">关于我们</AppLink>
            <AppLink to="/service">服务中心</AppLink>
            <AppLink to="/agreement">用户协议</AppLink>
            <AppLink to="/">返回首页</AppLink>
          </nav>
        </div>
      </header>
      <main className="container blank-main">
        <Outlet />
      </main>
      <footer className="footer-bottom">© 2026 {SITE_NAME}</footer>
    </div>
  );
}
