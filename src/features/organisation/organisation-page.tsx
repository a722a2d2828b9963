// /admin/purchaser/organisation — 采购单位 (issue 38): create one (name and 统一社会信用代码, verified
// by the platform), accept an invitation (?invite=token), and for its admin: members and their roles,
// invitations by link or SMS, the approval rules. The server checks every action again.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/form/field';
import { useSchemaForm, type TFieldErrors } from '@/components/form/use-schema-form';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { DEFAULT_TWO_LEVEL_ABOVE, ORG_ROLE_LABEL, ORG_ROLES, ORG_STATUSES, ZInvitationInput, ZOrganisationInput, ZRulesInput, type TOrganisation, type TOrgRole } from '@contracts/organisation';
import { formatDay } from '@contracts/time';
import { formatMoney } from '@contracts/trade';
import { mutate } from '@/features/platform-admin/api/mutate';
import { LoadError, Loading } from '@/features/platform-admin/components/query-state';
import {
  acceptInvitation,
  createOrganisation,
  invitationQuery,
  invitationUrl,
  invite,
  leaveOrganisation,
  myOrganisationQuery,
  removeMember,
  revokeInvitation,
  saveRules,
  setRoles,
  updateOrganisation,
} from './api';
import '@/styles/backoffice.css';
import '@/styles/organisation.css';

export default function OrganisationPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('invite');
  const q = useQuery(myOrganisationQuery());
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['organisation'] });
  const org = q.data?.organisation ?? null;
  return (
    <div className="bo-page org-page" data-testid="organisation-page">
      <PageHeader
        title="采购单位"
        subtitle="以单位身份采购：成员分为申请人、审批人和管理员，求购可按单位的审批规则先经审批再提交平台审核。单位经平台审核后，供应商看到的是单位名称。"
        actions={
          org && org.myRoles.includes('approver') ? (
            <AppLink className="btn" to="/admin/purchaser/approvals">
              待我审批{q.data!.pendingApprovals ? `（${q.data!.pendingApprovals}）` : ''}
            </AppLink>
          ) : undefined
        }
      />
      {token && (
        <InvitationCard
          token={token}
          inOrganisation={Boolean(org)}
          onDone={() => {
            setParams({}, { replace: true });
            void refresh();
          }}
        />
      )}
      {q.isLoading ? (
        <Loading />
      ) : q.error || !q.data ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !org ? (
        <section className="bo-card">
          <h2 className="bo-card-title">创建采购单位</h2>
          <p className="muted">创建后您是单位管理员，可邀请同事加入并设置审批规则。单位信息提交后由平台审核。</p>
          <OrganisationForm submitLabel="创建采购单位" onSaved={() => void refresh()} />
        </section>
      ) : (
        <OrganisationView org={org} refresh={() => void refresh()} />
      )}
    </div>
  );
}

function InvitationCard({ token, inOrganisation, onDone }: { token: string; inOrganisation: boolean; onDone: () => void }) {
  const q = useQuery(invitationQuery(token));
  if (q.isLoading) return null;
  if (q.error || !q.data)
    return (
      <div className="bo-card org-invite" role="alert">
        {q.error instanceof Error ? q.error.message : '邀请链接无效或已过期，请联系单位管理员重新邀请'}
      </div>
    );
  const accept = async () => {
    const ok = await mutate(() => acceptInvitation(token));
    if (ok) onDone();
  };
  return (
    <section className="bo-card org-invite" data-testid="organisation-invitation">
      <p>
        <strong>{q.data.inviter}</strong> 邀请您加入采购单位 <strong>{q.data.organisationName}</strong>（{formatDay(q.data.expiresAt)} 前有效）。
      </p>
      {inOrganisation ? (
        <p className="muted">您已加入一个采购单位，请先退出后再接受邀请。</p>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => void accept()}>
          接受邀请
        </button>
      )}
    </section>
  );
}

/** Name and code: creating an organisation, or its admin correcting one the platform rejected. */
export function OrganisationForm({ initial, submitLabel, onSaved }: { initial?: { name: string; code: string }; submitLabel: string; onSaved: () => void }) {
  const form = useSchemaForm({ schema: ZOrganisationInput, initial: initial ?? { name: '', code: '' }, trim: ['code'] });
  const { errors } = form;
  const submit = form.handleSubmit(async (body) => {
    const ok = await mutate(() => (initial ? updateOrganisation(body) : createOrganisation(body)));
    if (ok) onSaved();
  });
  return (
    <form onSubmit={submit} onBlur={form.onBlur} noValidate className="org-form" data-testid="organisation-form">
      <div className="bo-form-grid">
        <Field label="单位名称 *" error={errors.name} hint="与营业执照或事业单位法人证书一致">
          <input {...form.field('name')} maxLength={100} placeholder="如：华东理工大学分析测试中心" />
        </Field>
        <Field label="统一社会信用代码 *" error={errors.code} hint="18位，企业与事业单位均可">
          <input {...form.field('code')} maxLength={22} placeholder="如：12310000425006117P" />
        </Field>
      </div>
      <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}

function OrganisationView({ org, refresh }: { org: TOrganisation; refresh: () => void }) {
  const admin = org.myRoles.includes('admin');
  const [confirm, confirmDialog] = useConfirm();
  const leave = async () => {
    if (!(await confirm({ title: '退出采购单位', body: `确定退出“${org.name}”吗？退出后您的求购不再经单位审批。`, okText: '退出', danger: true }))) return;
    if (await mutate(leaveOrganisation)) refresh();
  };
  return (
    <>
      <section className="bo-card" data-testid="organisation-summary">
        <div className="bo-card-head">
          <h2 className="bo-card-title">
            {org.name} <StatusTag status={org.status} label={ORG_STATUSES[org.status]} />
          </h2>
          <button type="button" className="btn" onClick={() => void leave()}>
            退出单位
          </button>
        </div>
        <dl className="org-facts">
          <div>
            <dt>统一社会信用代码</dt>
            <dd>{org.code}</dd>
          </div>
          <div>
            <dt>我的角色</dt>
            <dd>{org.myRoles.map((r) => ORG_ROLE_LABEL[r]).join('、')}</dd>
          </div>
          <div>
            <dt>创建时间</dt>
            <dd>{formatDay(org.createdAt)}</dd>
          </div>
        </dl>
        {org.status === 'pending' && <p className="muted">单位信息正在等待平台审核；审核通过后供应商将看到单位名称。</p>}
        {org.status === 'rejected' && (
          <div className="org-rejected" role="alert">
            平台驳回原因：{org.reviewNote}
            {admin && <OrganisationForm initial={{ name: org.name, code: org.code }} submitLabel="修改后重新提交审核" onSaved={refresh} />}
          </div>
        )}
      </section>
      <MembersCard org={org} refresh={refresh} />
      {admin && <InviteCard org={org} refresh={refresh} />}
      <RulesCard org={org} refresh={refresh} />
      {confirmDialog}
    </>
  );
}

function MembersCard({ org, refresh }: { org: TOrganisation; refresh: () => void }) {
  const admin = org.myRoles.includes('admin');
  const [confirm, confirmDialog] = useConfirm();
  const toggle = async (memberId: number, roles: TOrgRole[], role: TOrgRole, on: boolean) => {
    const next = on ? [...roles, role] : roles.filter((r) => r !== role);
    if (next.length === 0) return void message.error('请至少保留一个角色');
    if (await mutate(() => setRoles(memberId, next))) refresh();
  };
  const remove = async (memberId: number, name: string) => {
    if (!(await confirm({ title: '移除成员', body: `确定将 ${name} 移出本单位吗？`, okText: '移除', danger: true }))) return;
    if (await mutate(() => removeMember(memberId))) refresh();
  };
  return (
    <section className="bo-card" data-testid="organisation-members">
      <h2 className="bo-card-title">
        成员<small className="muted">{org.members.length} 人 · 申请人提交求购，审批人审批（不能审批自己的申请），管理员管理成员与规则</small>
      </h2>
      <div className="org-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th>成员</th>
              {ORG_ROLES.map((r) => (
                <th key={r}>{ORG_ROLE_LABEL[r]}</th>
              ))}
              <th>加入时间</th>
              {admin && <th>操作</th>}
            </tr>
          </thead>
          <tbody>
            {org.members.map((m) => (
              <tr key={m.memberId} data-testid="organisation-member-row">
                <td>
                  <strong>{m.name}</strong>
                  {m.mobile && m.mobile !== m.name && <div className="muted bo-small">{m.mobile}</div>}
                </td>
                {ORG_ROLES.map((r) => (
                  <td key={r}>
                    {admin ? (
                      <input
                        type="checkbox"
                        className="org-role-check"
                        aria-label={`${m.name}：${ORG_ROLE_LABEL[r]}`}
                        checked={m.roles.includes(r)}
                        onChange={(e) => void toggle(m.memberId, m.roles, r, e.target.checked)}
                      />
                    ) : m.roles.includes(r) ? (
                      '✓'
                    ) : (
                      '—'
                    )}
                  </td>
                ))}
                <td className="muted bo-small">{formatDay(m.joinedAt)}</td>
                {admin && (
                  <td className="bo-row-actions">
                    {m.roles.includes('admin') ? null : (
                      <button type="button" className="link-button" onClick={() => void remove(m.memberId, m.name)}>
                        移除
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {confirmDialog}
    </section>
  );
}

function InviteCard({ org, refresh }: { org: TOrganisation; refresh: () => void }) {
  const [latest, setLatest] = useState<string | null>(null);
  const makeLink = async () => {
    const res = await mutate(() => invite(null));
    if (res?.data) {
      setLatest(invitationUrl(res.data.token));
      refresh();
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      message.success('链接已复制');
    } catch {
      message.error('无法访问剪贴板，请手动复制');
    }
  };
  const revoke = async (id: number) => {
    if (await mutate(() => revokeInvitation(id))) refresh();
  };
  return (
    <section className="bo-card" data-testid="organisation-invite">
      <h2 className="bo-card-title">
        邀请成员<small className="muted">受邀者登录后打开链接即可加入（7天内有效），默认角色为申请人</small>
      </h2>
      <div className="org-invite-row">
        <button type="button" className="btn btn-primary" onClick={() => void makeLink()} data-testid="make-invite-link">
          生成邀请链接
        </button>
        <InviteByMobileForm onSent={refresh} />
      </div>
      {latest && (
        <p className="org-link" data-testid="invite-link">
          <code>{latest}</code>
          <button type="button" className="link-button" onClick={() => void copy(latest)}>
            复制
          </button>
        </p>
      )}
      {org.invitations.length > 0 && (
        <ul className="org-invitations">
          {org.invitations.map((i) => (
            <li key={i.id}>
              <span>{i.mobile ? `短信邀请 ${i.mobile}` : '邀请链接'}</span>
              <span className="muted bo-small">{formatDay(i.expiresAt)} 前有效</span>
              {!i.mobile && (
                <button type="button" className="link-button" onClick={() => void copy(invitationUrl(i.token))}>
                  复制链接
                </button>
              )}
              <button type="button" className="link-button" onClick={() => void revoke(i.id)}>
                撤销
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An invitation by SMS to a mobile number. */
export function InviteByMobileForm({ onSent }: { onSent: () => void }) {
  const form = useSchemaForm({
    schema: ZInvitationInput,
    initial: { mobile: '' },
    trim: ['mobile'],
    rules: (v): TFieldErrors => (v.mobile ? {} : { mobile: '请输入手机号' }),
  });
  const submit = form.handleSubmit(async ({ mobile }) => {
    const ok = await mutate(() => invite(mobile));
    if (ok) {
      form.reset();
      onSent();
    }
  });
  return (
    <form onSubmit={submit} onBlur={form.onBlur} noValidate className="org-inline-form">
      <Field label="短信邀请" error={form.errors.mobile}>
        <input {...form.field('mobile')} inputMode="numeric" maxLength={11} placeholder="受邀人手机号" />
      </Field>
      <button type="submit" className="btn" disabled={form.isSubmitting}>
        发送短信邀请
      </button>
    </form>
  );
}

function RulesCard({ org, refresh }: { org: TOrganisation; refresh: () => void }) {
  const admin = org.myRoles.includes('admin');
  const r = org.rules;
  if (!admin)
    return (
      <section className="bo-card" data-testid="organisation-rules">
        <h2 className="bo-card-title">审批规则</h2>
        <p>{describeRules(r)}</p>
      </section>
    );
  return (
    <section className="bo-card" data-testid="organisation-rules">
      <h2 className="bo-card-title">审批规则</h2>
      <RulesForm rules={r} onSaved={refresh} />
    </section>
  );
}

const describeRules = (r: TOrganisation['rules']) =>
  (!r.publishApproval
    ? '发布求购无需单位审批。'
    : r.twoLevelAbove === null
      ? '发布求购前需一名审批人审批。'
      : `发布求购前需审批：预算不超过 ${formatMoney(r.twoLevelAbove)} 一级审批，超过（或未填预算）需两级审批，依次由两名不同的审批人审批。`) +
  // 定标审批 (issue 38): the same amount band, on the comparable total of the proposed quotation.
  (!r.awardApproval
    ? '选定报价无需单位审批。'
    : r.twoLevelAbove === null
      ? '选定报价（定标）前需一名审批人按比价单审批。'
      : `选定报价（定标）前需审批：比价金额不超过 ${formatMoney(r.twoLevelAbove)} 一级审批，超过需两级审批。`);

/** The organisation admin's approval rules. */
export function RulesForm({ rules, onSaved }: { rules: TOrganisation['rules']; onSaved: () => void }) {
  const form = useSchemaForm({
    schema: ZRulesInput,
    initial: { publishApproval: rules.publishApproval, awardApproval: rules.awardApproval, twoLevels: rules.twoLevelAbove !== null, twoLevelAbove: String(rules.twoLevelAbove ?? DEFAULT_TWO_LEVEL_ABOVE) },
    toPayload: (v) => ({
      publishApproval: v.publishApproval,
      awardApproval: v.awardApproval,
      twoLevelAbove: !v.twoLevels ? null : v.twoLevelAbove.trim() === '' ? Number.NaN : Number(v.twoLevelAbove),
    }),
  });
  const v = form.values;
  const submit = form.handleSubmit(async (body) => {
    if (await mutate(() => saveRules(body))) onSaved();
  });
  return (
    <form onSubmit={submit} onBlur={form.onBlur} noValidate className="org-rules">
      <label className="org-check">
        <input type="checkbox" name="publishApproval" checked={v.publishApproval} onChange={(e) => form.set('publishApproval', e.target.checked)} />
        发布求购前需经单位审批（审批通过后再提交平台审核）
      </label>
      <label className="org-check">
        <input type="checkbox" name="awardApproval" checked={v.awardApproval} onChange={(e) => form.set('awardApproval', e.target.checked)} />
        选定报价（定标）前需经单位审批（申请人提交定标申请，审批人按当时的比价单审批，通过后自动选定）
      </label>
      <label className="org-check">
        <input type="checkbox" name="twoLevels" checked={v.twoLevels} disabled={!v.publishApproval && !v.awardApproval} onChange={(e) => form.set('twoLevels', e.target.checked)} />
        按金额分级：超过下列金额（发布按预算，未填预算视为超过；定标按比价金额）需两级审批，依次由两名不同的审批人审批
      </label>
      <Field label="一级审批上限（元）" error={form.errors.twoLevelAbove} hint="金额不超过此数时一名审批人即可">
        <input {...form.field('twoLevelAbove')} inputMode="decimal" disabled={(!v.publishApproval && !v.awardApproval) || !v.twoLevels} />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
        保存审批规则
      </button>
    </form>
  );
}
