// /admin/userManage/normalUser: all members — search by mobile, e-mail or name, filter by role and
// status; disable or enable an account (disabling signs it out everywhere) and grant or revoke
// the purchaser role.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { AppLink } from '@/components/ui/app-link';
import { useSession } from '@/shared/session';
import { MEMBER_STATUSES, ROLE_LABELS, type TAdminMember } from '@contracts/backoffice';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { StatusTag } from '@/components/ui/status-tag';
import { membersQuery, setMemberStatus, setPurchaser } from './api/admin';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { useListParams } from './use-list-params';
import '@/styles/backoffice.css';

const displayName = (m: TAdminMember) => m.nickname || m.uname || m.realName || (m.mobile ? `${m.mobile.slice(0, 3)}****${m.mobile.slice(7)}` : `会员${m.id}`);

export default function NormalUserPage() {
  const client = useQueryClient();
  const { user } = useSession();
  const { values, page, update } = useListParams(['keyword', 'role', 'status'] as const);
  const [keyword, setKeyword] = useState(values.keyword);
  const [confirm, confirmElement] = useConfirm();
  const q = useQuery(membersQuery({ keyword: values.keyword, role: values.role, status: values.status, page, pageSize: 20 }));
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'members'] });

  const toggleStatus = async (m: TAdminMember) => {
    const disabling = m.status === 'active';
    if (disabling && !(await confirm({ title: '禁用账号', body: `禁用后「${displayName(m)}」将立即退出所有设备，且不能再登录。确定禁用吗？`, okText: '禁用', danger: true }))) return;
    if (await mutate(() => setMemberStatus(m.id, disabling ? 'disabled' : 'active'))) refresh();
  };
  const togglePurchaser = async (m: TAdminMember) => {
    if (await mutate(() => setPurchaser(m.id, !m.roles.includes('purchaser')))) refresh();
  };

  return (
    <div className="bo-page" data-testid="normal-user">
      <PageHeader title="普通用户" subtitle="平台全部会员。禁用的账号立即退出登录，启用后可重新登录。" />
      <div className="bo-card bo-card-flush">
        <div className="bo-toolbar">
          <form
            className="bo-search"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              update({ keyword: keyword.trim() });
            }}
          >
            <input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="手机号、邮箱、账号名、姓名或会员编号" maxLength={60} aria-label="搜索会员" data-testid="member-keyword" />
            <button type="submit" className="btn btn-primary">
              搜索
            </button>
          </form>
          <select aria-label="角色" value={values.role} onChange={(e) => update({ role: e.target.value })}>
            <option value="">全部角色</option>
            {Object.entries(ROLE_LABELS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
          <select aria-label="账号状态" value={values.status} onChange={(e) => update({ status: e.target.value })}>
            <option value="">正常与已禁用</option>
            {Object.entries(MEMBER_STATUSES).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </div>
        {q.isLoading ? (
          <Loading />
        ) : q.error || !q.data ? (
          <LoadError error={q.error} retry={() => void q.refetch()} />
        ) : q.data.items.length === 0 ? (
          <div className="empty">没有符合条件的会员</div>
        ) : (
          <table className="bo-table">
            <thead>
              <tr>
                <th style={{ width: 64 }}>编号</th>
                <th>会员</th>
                <th>联系方式</th>
                <th>角色</th>
                <th style={{ width: 80 }}>状态</th>
                <th style={{ width: 150 }}>注册 / 最近登录</th>
                <th style={{ width: 190 }}>操作</th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((m) => {
                const isAdmin = m.roles.includes('admin');
                const isSelf = m.id === user?.id;
                return (
                  <tr key={m.id} data-testid="member-row" data-member={m.uname ?? m.mobile ?? m.id}>
                    <td className="muted">{m.id}</td>
                    <td>
                      <strong>{displayName(m)}</strong>
                      <div className="muted bo-small">
                        {[m.uname && `账号 ${m.uname}`, m.realName, m.companyName].filter(Boolean).join(' · ') || '—'}
                      </div>
                    </td>
                    <td className="bo-small">
                      <div>{m.mobile ?? <span className="muted">未绑定手机</span>}</div>
                      <div className="muted">{m.email ?? '未绑定邮箱'}</div>
                    </td>
                    <td>
                      {m.roles.map((r) => (
                        <span key={r} className={`bo-tag bo-tag-role-${r}`}>
                          {ROLE_LABELS[r as keyof typeof ROLE_LABELS] ?? r}
                        </span>
                      ))}
                    </td>
                    <td>
                      <StatusTag status={m.status} label={MEMBER_STATUSES[m.status as keyof typeof MEMBER_STATUSES] ?? m.status} />
                    </td>
                    <td className="muted bo-small">
                      <div>{dayjs(m.createdAt).format('YYYY-MM-DD')}</div>
                      <div>{m.lastLoginAt ? dayjs(m.lastLoginAt).format('YYYY-MM-DD HH:mm') : '从未登录'}</div>
                    </td>
                    <td className="bo-row-actions">
                      {m.status !== 'deleted' && !isAdmin && !isSelf && (
                        <button type="button" className={`link-button${m.status === 'active' ? ' bo-danger-link' : ''}`} onClick={() => void toggleStatus(m)} data-testid={m.status === 'active' ? 'disable-member' : 'enable-member'}>
                          {m.status === 'active' ? '禁用' : '启用'}
                        </button>
                      )}
                      {m.status !== 'deleted' && (
                        <button type="button" className="link-button" onClick={() => void togglePurchaser(m)}>
                          {m.roles.includes('purchaser') ? '取消采购商' : '设为采购商'}
                        </button>
                      )}
                      {m.status === 'active' && !m.supplierId && (
                        <AppLink to={`/admin/userManage/supplierUser?open=${m.id}`}>开通供应商</AppLink>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {q.data && <Pager variant="backoffice" page={q.data.page} pageSize={q.data.pageSize} total={q.data.total} onChange={(p) => update({ page: p })} />}
      </div>
      {confirmElement}
    </div>
  );
}
