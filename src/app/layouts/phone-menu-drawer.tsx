// The phone menu's drawer (./phone-menu): the main navigation, the buyer's shortcuts and the account
// entries. Loaded when the 菜单 button is first pressed, so pages hydrate without it.
import { useNavigate } from 'react-router-dom';
import { AppLink, AppNavLink } from '@/components/ui/app-link';
import { Sheet } from '@/components/ui/sheet';
import { openLoginModal } from '@/shared/login-modal';
import { logout, useSession } from '@/shared/session';

export type TNavItem = { to: string; label: string; end?: boolean };

export default function PhoneMenuDrawer({ nav, close }: { nav: TNavItem[]; close: () => void }) {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  return (
    <Sheet open onClose={close} title="菜单" side="right" testId="phone-menu">
      <nav className="phone-menu-nav" aria-label="主导航">
        {nav.map((n) => (
          <AppNavLink key={n.to} to={n.to} end={n.end} onClick={close}>
            {n.label}
          </AppNavLink>
        ))}
      </nav>
      <div className="phone-menu-group">
        <AppLink to="/demand/inquiry" className="btn btn-accent" onClick={close}>
          发布求购
        </AppLink>
        <AppLink to="/demand/quickInquiry" className="btn" onClick={close}>
          快速询价
        </AppLink>
      </div>
      <nav className="phone-menu-nav phone-menu-account" aria-label="账户">
        {signedIn ? (
          <>
            <AppLink to="/admin/purchaser/demand-manager" onClick={close}>
              我的求购
            </AppLink>
            <AppLink to="/admin/purchaser/demand-manager?tab=inquiries" onClick={close}>
              我的询价
            </AppLink>
            <AppLink to="/admin/profile" onClick={close}>
              个人中心
            </AppLink>
            <AppLink to="/admin" onClick={close}>
              管理中心
            </AppLink>
            <button
              type="button"
              onClick={async () => {
                close();
                await logout();
                void navigate('/');
              }}
            >
              退出登录
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              onClick={() => {
                close();
                openLoginModal();
              }}
              data-testid="phone-menu-login"
            >
              登录
            </button>
            <AppLink to="/register" onClick={close}>
              免费注册
            </AppLink>
          </>
        )}
        <AppLink to="/service" onClick={close}>
          服务中心
        </AppLink>
        <AppLink to="/feedback" onClick={close}>
          意见反馈
        </AppLink>
      </nav>
    </Sheet>
  );
}
