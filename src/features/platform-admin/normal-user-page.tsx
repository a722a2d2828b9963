// /admin/userManage/normalUser: all members — search by mobile, e-mail or name, filter by role and
// status; disable or enable an account (disabling signs it out everywhere) and grant or revoke
// the purchaser role.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { useSession } from '@/shared/session';
import { MEMBER_STATUSES, ROLE_LABELS, type TAdminMember } from '@contracts/backoffice';
import { formatDateTime, formatDay } from '@contracts/time';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { membersQuery, setMemberStatus, setPurchaser } from './api/admin';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { FilterBar, FilterSelect, ListBody, SearchBox, useListParams, type TListColumn } from '@/components/data-table';
import '@/styles/backoffice.css';

const displayName = (m: TAdminMember) => m.nickname || m.uname || m.realName || (m.mobile ? `${m.mobile.slice(0, 3)}****${m.mobile.slice(7)}` : `会员${m.id}`);

export default function NormalUserPage() {
  const client = useQueryClient();
  const { user } = useSession();
  const { values, page, update } = useListParams(['keyword', 'role', 'status'] as const);
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

  const columns: TListColumn<TAdminMember>[] = [
    { id: 'id', header: '编号', width: 64, cellClassName: 'muted', cell: (m) => m.id },
    {
      id: 'member',
      header: '会员',
      cell: (m) => (
        <>
          <strong>{displayName(m)}</strong>
          <div className="muted bo-small">{[m.uname && `账号 ${m.uname}`, m.realName, m.companyName].filter(Boolean).join(' · ') || '—'}</div>
        </>
      ),
    },
    {
      id: 'contact',
      header: '联系方式',
      cellClassName: 'bo-small',
      cell: (m) => (
        <>
          <div>{m.mobile ?? <span className="muted">未绑定手机</span>}</div>
          <div className="muted">{m.email ?? '未绑定邮箱'}</div>
        </>
      ),
    },
    {
      id: 'roles',
      header: '角色',
      cell: (m) =>
        m.roles.map((r) => (
          <span key={r} className={`bo-tag bo-tag-role-${r}`}>
            {ROLE_LABELS[r as keyof typeof ROLE_LABELS] ?? r}
          </span>
        )),
    },
    { id: 'status', header: '状态', width: 80, cell: (m) => <StatusTag status={m.status} label={MEMBER_STATUSES[m.status as keyof typeof MEMBER_STATUSES] ?? m.status} /> },
    {
      id: 'dates',
      header: '注册 / 最近登录',
      width: 150,
      cellClassName: 'muted bo-small',
      cell: (m) => (
        <>
          <div>{formatDay(m.createdAt)}</div>
          <div>{m.lastLoginAt ? formatDateTime(m.lastLoginAt) : '从未登录'}</div>
        </>
      ),
    },
    {
      id: 'actions',
      header: '操作',
      width: 190,
      cellClassName: 'bo-row-actions',
      cell: (m) => {
        const isAdmin = m.roles.includes('admin');
        const isSelf = m.id === user?.id;
        return (
          <>
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
            {m.status === 'active' && !m.supplierId && <AppLink to={`/admin/userManage/supplierUser?open=${m.id}`}>开通供应商</AppLink>}
          </>
        );
      },
    },
  ];

  return (
    <div className="bo-page" data-testid="normal-user">
      <PageHeader title="普通用户" subtitle="平台全部会员。禁用的账号立即退出登录，启用后可重新登录。" />
      <div className="bo-card bo-card-flush">
        <FilterBar>
          <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="手机号、邮箱、账号名、姓名或会员编号" label="搜索会员" testId="member-keyword" />
          <FilterSelect label="角色" all="全部角色" options={Object.entries(ROLE_LABELS)} value={values.role} onChange={(role) => update({ role })} />
          <FilterSelect label="账号状态" all="正常与已禁用" options={Object.entries(MEMBER_STATUSES)} value={values.status} onChange={(status) => update({ status })} />
        </FilterBar>
        <ListBody
          query={q}
          columns={columns}
          getRowId={(m) => m.id}
          rowTestId="member-row"
          rowAttrs={(m) => ({ 'data-member': m.uname ?? m.mobile ?? m.id })}
          empty="没有符合条件的会员"
          loading={<Loading />}
          error={(e, retry) => <LoadError error={e} retry={retry} />}
          onPage={(p) => update({ page: p })}
        />
      </div>
      {confirmElement}
    </div>
  );
}
