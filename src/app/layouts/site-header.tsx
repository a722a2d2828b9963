// The site header: logo, main navigation, search and the 登录 entry or the member menu.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppLink, AppNavLink } from '@/components/ui/app-link';
import { Avatar } from '@/components/ui/avatar';
import { SITE_NAME } from '@/config';
import { openLoginModal } from '@/shared/login-modal';
import { logout, useSession } from '@/shared/session';
import { PhoneMenu, type TNavItem } from './phone-menu';

// The bell pulls in the trade contracts; it loads only once someone is signed in.
const NotificationBell = lazy(() => import('@/components/notification-bell').then((m) => ({ default: m.NotificationBell })));

const NAV: TNavItem[] = [
  { to: '/', label: '首页', end: true },
  { to: '/shop', label: '仪器商城' },
  { to: '/demand', label: '求购大厅' },
  { to: '/store', label: '品牌店铺' },
  { to: '/enterprise', label: '企业库' },
  { to: '/news', label: '新闻资讯' },
  { to: '/technicalCentre', label: '技术中心' },
];

export function TopBar() {
  const { user, signedIn } = useSession();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="topbar">
      <div className="container topbar-inner">
        <span className="topbar-welcome">您好，欢迎来到{SITE_NAME}科学仪器采购平台</span>
        <nav className="topbar-links" aria-label="账户">
          {signedIn && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          {signedIn ? (
            <div className="user-menu" onMouseLeave={() => setMenuOpen(false)}>
              <button type="button" className="user-menu-trigger" data-testid="header-user" onClick={() => setMenuOpen(true)} onMouseEnter={() => setMenuOpen(true)} onKeyDown={(e) => e.key === 'Escape' && setMenuOpen(false)}>
                <Avatar src={user?.avatar} name={user?.nickname ?? ''} size={22} />
                <span>{user?.nickname ?? '会员'}</span>
              </button>
              {menuOpen && (
                <div className="user-menu-list" role="menu">
                  <AppLink role="menuitem" to="/admin/profile" onClick={() => setMenuOpen(false)}>
                    个人中心
                  </AppLink>
                  <AppLink role="menuitem" to="/admin" onClick={() => setMenuOpen(false)}>
                    管理中心
                  </AppLink>
                  <button
                    type="button"
                    role="menuitem"
                    onClick={async () => {
                      setMenuOpen(false);
                      await logout();
                      void navigate('/');
                    }}
                  >
                    退出登录
                  </button>
                </div>
              )}
            </div>
          ) : (
            <>
              <button type="button" className="link-button" onClick={openLoginModal} data-testid="header-login">
                登录
              </button>
              <AppLink to="/register">免费注册</AppLink>
            </>
          )}
          <span className="divider" />
          <AppLink to="/demand/quickInquiry">快速询价</AppLink>
          <AppLink to="/service">服务中心</AppLink>
        </nav>
      </div>
    </div>
  );
}

/** The keyword the shop's URL searches for ('' on other pages): what the header's box shows. */
export function shopKeywordOf(pathname: string, search: string): string {
  if (pathname !== '/shop') return '';
  return new URLSearchParams(search).get('keyword')?.trim().slice(0, 60) ?? '';
}

/** A search box's text: follows the URL's keyword (a hot-search link, a removed chip, back/forward), editable in between. */
export function useUrlKeyword(urlKeyword: string) {
  const [keyword, setKeyword] = useState(urlKeyword);
  const [seen, setSeen] = useState(urlKeyword);
  if (seen !== urlKeyword) {
    setSeen(urlKeyword);
    setKeyword(urlKeyword);
  }
  return [keyword, setKeyword] as const;
}

export function SiteHeader() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [keyword, setKeyword] = useUrlKeyword(shopKeywordOf(pathname, search));
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const k = keyword.trim();
    void navigate(k ? `/shop?keyword=${encodeURIComponent(k)}` : '/shop');
  };
  return (
    <header className="site-header">
      <TopBar />
      <div className="container header-main">
        {/* Named by its visible text (WCAG 2.5.3 label in name): 仪采通 科学仪器采购交易平台. */}
        <AppLink to="/" className="logo">
          <span className="logo-mark" aria-hidden="true">
            仪
          </span>
          <span className="logo-text">
            <strong>{SITE_NAME}</strong>
            <small>科学仪器采购交易平台</small>
          </span>
        </AppLink>
        <form className="header-search" role="search" onSubmit={onSearch}>
          <input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="搜索仪器名称、型号、品牌，如：气相色谱仪、7890B" aria-label="搜索商品" maxLength={60} />
          <button type="submit" className="btn btn-primary">
            搜索
          </button>
        </form>
        <AppLink to="/demand/inquiry" className="btn btn-accent header-cta">
          发布求购
        </AppLink>
        <PhoneMenu nav={NAV} />
      </div>
      <nav className="main-nav" aria-label="主导航">
        <div className="container">
          {NAV.map((n) => (
            <AppNavLink key={n.to} to={n.to} end={n.end}>
              {n.label}
            </AppNavLink>
          ))}
        </div>
      </nav>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-cols">
        <div>
          <h4>关于{SITE_NAME}</h4>
          <AppLink to="/about">平台介绍</AppLink>
          <AppLink to="/about/contact">联系我们</AppLink>
          <AppLink to="/about/join">加入我们</AppLink>
        </div>
        <div>
          <h4>采购服务</h4>
          <AppLink to="/demand/inquiry">发布求购</AppLink>
          <AppLink to="/demand/quickInquiry">快速询价</AppLink>
          <AppLink to="/demand">求购大厅</AppLink>
        </div>
        <div>
          <h4>供应商服务</h4>
          <AppLink to="/service/settle">供应商入驻</AppLink>
          <AppLink to="/service/store">店铺装修</AppLink>
          <AppLink to="/admin/supplier">供应商中心</AppLink>
        </div>
        <div>
          <h4>帮助与规则</h4>
          <AppLink to="/agreement">用户协议</AppLink>
          <AppLink to="/privacy-policy">隐私政策</AppLink>
          <AppLink to="/feedback">意见反馈</AppLink>
        </div>
        <div className="footer-contact">
          <h4>客服热线</h4>
          <p className="footer-phone">400-820-6688</p>
          <p>工作日 9:00-18:00</p>
          <p>service@yicaitong.example</p>
        </div>
      </div>
      <div className="footer-bottom">
        © 2026 {SITE_NAME} 科学仪器采购交易平台 · 沪ICP备2026000000号 · 本站展示的商品信息由供应商提供
      </div>
    </footer>
  );
}
