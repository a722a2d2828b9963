// The back-office home: who you are and where to go next, by role.
import { AppLink } from '@/components/ui/app-link';
import { Avatar } from '@/components/ui/avatar';
import { useSession } from '@/shared/session';
import { menuFor } from '@/shared/admin-menu';

const ROLE_LABEL: Record<string, string> = { member: '会员', purchaser: '采购商', supplier: '供应商', admin: '平台管理员' };

export default function AdminHomePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="admin-home">
      <section className="panel admin-welcome">
        <Avatar src={user.avatar} name={user.nickname} size={64} />
        <div>
          <h1>{user.nickname}，您好</h1>
          <p>
            身份：
            {user.roles.map((r) => (
              <span key={r} className="tag">
                {ROLE_LABEL[r] ?? r}
              </span>
            ))}
          </p>
          {!user.roles.includes('purchaser') && !user.roles.includes('supplier') && (
            <p className="muted">
              想要发布求购？<AppLink to="/admin/profile">升级为采购商</AppLink>
            </p>
          )}
        </div>
      </section>
      <div className="admin-shortcuts">
        {menuFor(user.roles)
          .filter((s) => s.key !== 'profile')
          .map((s) => (
            <section key={s.key} className="panel">
              <h2>{s.title}</h2>
              {s.items.map((i) => (
                <AppLink key={i.to} to={i.to} className="shortcut">
                  {i.label}
                </AppLink>
              ))}
            </section>
          ))}
      </div>
    </div>
  );
}
