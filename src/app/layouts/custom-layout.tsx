// The back-office layout: header, a sidebar with the sections of the member's roles, the page.
import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@/shared/session';
import { SiteFooter, TopBar } from './site-header';
import { activeMenuItem, menuFor } from '@/shared/admin-menu';
import { AppLink } from '@/components/ui/app-link';
import { SITE_NAME } from '@/config';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import { useLayoutStyle } from '@/shared/layout-style';
import adminCss from '@/styles/admin.css?inline';

export default function CustomLayout() {
  useLayoutStyle('custom', adminCss);
  const { user } = useSession();
  const sections = menuFor(user?.roles ?? ['member']);
  const location = useLocation();
  // One highlighted entry, query included (NavLink would light both 我的求购 and 我的询价).
  const active = activeMenuItem(sections, location.pathname, location.search);
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
              <h3>
                <s.icon aria-hidden size={15} strokeWidth={2} className="admin-menu-icon" />
                {s.title}
              </h3>
              {s.items.map((i) => (
                <AppLink key={i.to} to={i.to} className={i.to === active ? 'active' : undefined} aria-current={i.to === active ? 'page' : undefined}>
                  {i.label}
                </AppLink>
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
