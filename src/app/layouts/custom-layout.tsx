// The back-office layout: header, a sidebar with the sections of the member's roles, the page.
import { Outlet } from 'react-router-dom';
import { AppNavLink } from '@/components/ui/app-link';
import { useSession } from '@/app/session';
import { SiteFooter, TopBar } from './site-header';
import { menuFor } from './admin-menu';
import { AppLink } from '@/components/ui/app-link';
import { SITE_NAME } from '@/app/config';
import { UnsavedChangesGuard } from '@/app/unsaved-changes';
import '@/styles/admin.css';

export default function CustomLayout() {
  const { user } = useSession();
  const sections = menuFor(user?.roles ?? ['member']);
  return (
    <div className="layout layout-admin">
      <TopBar />
      <header className="admin-header">
        <div className="container admin-header-inner">
          <AppLink to="/" className="logo">
            <span className="logo-mark">仪</span>
            <span className="logo-text">
              <strong>{SITE_NAME}</strong>
              <small>管理中心</small>
            </span>
          </AppLink>
          <nav className="admin-top-nav">
            <AppLink to="/">网站首页</AppLink>
            <AppLink to="/shop">仪器商城</AppLink>
            <AppLink to="/demand">求购大厅</AppLink>
          </nav>
        </div>
      </header>
      <div className="container admin-body">
        <aside className="admin-sidebar" aria-label="管理菜单">
          {sections.map((s) => (
            <section key={s.key} className="admin-menu-section" data-menu={s.key}>
              <h3>{s.title}</h3>
              {s.items.map((i) => (
                <AppNavLink key={i.to} to={i.to} end>
                  {i.label}
                </AppNavLink>
              ))}
            </section>
          ))}
        </aside>
        <main className="admin-main">
          <UnsavedChangesGuard>
            <Outlet />
          </UnsavedChangesGuard>
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
