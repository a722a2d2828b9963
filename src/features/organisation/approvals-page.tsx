// /admin/purchaser/approvals — 待我审批 (issue 38): the demands of my 采购单位 waiting for an approval I
// may give (never my own, never a second level after my first). 通过 moves a demand on (to the next
// level, or to the platform's review); 退回 sends it back to its author with the reason.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/form/field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { AppLink } from '@/components/ui/app-link';
import { ZReturnInput, type TApprovalItem, type TAwardApprovalItem } from '@contracts/organisation';
import { formatYuan, MARK_TEXT } from '@contracts/comparison';
import { QUOTATION_STATE_LABEL } from '@contracts/trade';
import { formatDateTime, formatDay } from '@contracts/time';
import { formatMoney } from '@contracts/trade';
import { mutate } from '@/features/platform-admin/api/mutate';
import { LoadError, Loading } from '@/features/platform-admin/components/query-state';
import { approvalsQuery, approveAward, approveDemand, awardApprovalsQuery, myOrganisationQuery, returnAward, returnDemand } from './api';
import '@/styles/backoffice.css';
import '@/styles/organisation.css';

export default function ApprovalsPage() {
  const q = useQuery(approvalsQuery());
  const awards = useQuery(awardApprovalsQuery());
  const mine = useQuery(myOrganisationQuery());
  const client = useQueryClient();
  const [returning, setReturning] = useState<TApprovalItem | null>(null);
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['demands'] }), client.invalidateQueries({ queryKey: ['organisation'] })]);
  const approve = async (a: TApprovalItem) => {
    if (await mutate(() => approveDemand(a.demandId))) await refresh();
  };
  const org = mine.data?.organisation;
  return (
    <div className="bo-page org-page" data-testid="approvals-page">
      <PageHeader
        title="待我审批"
        subtitle={
          org
            ? `${org.name}：本单位成员提交的求购（审批通过后提交平台审核）和定标申请（按当时的比价单审批，最后一级通过后自动选定）；退回时请写明原因。`
            : '加入采购单位并被设为审批人后，这里会列出等待您审批的求购和定标申请。'
        }
        crumbs={[{ to: '/admin/purchaser/organisation', label: '采购单位' }]}
      />
      {awards.data && awards.data.length > 0 && (
        <section className="org-approvals org-award-approvals" aria-labelledby="award-approvals-title">
          <h2 id="award-approvals-title" className="org-section-title">
            定标审批 <span className="bo-tag">{awards.data.length}</span>
          </h2>
          {awards.data.map((a) => (
            <AwardApproval key={a.proposal.id} item={a} onDone={() => void refresh()} />
          ))}
        </section>
      )}
      {awards.data && awards.data.length > 0 && <h2 className="org-section-title">发布审批</h2>}
      {q.isLoading ? (
        <Loading />
      ) : q.error || !q.data ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <div className="bo-card empty" data-testid="approvals-empty">
          {org && !org.myRoles.includes('approver') ? (
            <>
              您不是本单位的审批人。<AppLink to="/admin/purchaser/organisation">查看采购单位</AppLink>
            </>
          ) : (
            '暂无待审批的求购'
          )}
        </div>
      ) : (
        <div className="org-approvals">
          {q.data.map((a) => (
            <article key={a.demandId} className="bo-card" data-testid="approval-item">
              <div className="org-approval-head">
                <h2>{a.title}</h2>
                <span className="muted bo-small">
                  {a.author} 提交于 {formatDateTime(a.submittedAt)}
                  {a.levels > 1 ? ` · 第${a.level}级审批，共${a.levels}级` : ''}
                </span>
              </div>
              <div className="org-approval-meta">
                <span>
                  数量：{a.quantity}
                  {a.unit}
                </span>
                <span>预算：{a.budget === null ? '未填写' : formatMoney(a.budget)}</span>
                <span>报价截止：{formatDay(a.quoteDeadline)}</span>
              </div>
              {a.description && <p className="bo-small">{a.description}</p>}
              {a.params.length > 0 && (
                <ul className="org-approval-params">
                  {a.params.map((p) => (
                    <li key={p.name}>
                      {p.name}：{p.value}
                    </li>
                  ))}
                </ul>
              )}
              {a.steps.length > 0 && (
                <ul className="org-steps">
                  {a.steps.map((s) => (
                    <li key={s.level}>
                      第{s.level}级：{s.approver} {s.decision === 'approved' ? '已通过' : `已退回（${s.reason}）`} · {formatDateTime(s.at)}
                    </li>
                  ))}
                </ul>
              )}
              <div className="org-approval-actions">
                <button type="button" className="btn" onClick={() => setReturning(a)}>
                  退回
                </button>
                <button type="button" className="btn btn-primary" onClick={() => void approve(a)} data-testid="approve-demand">
                  {a.level < a.levels ? `通过（第${a.level}级）` : '审批通过'}
                </button>
              </div>
            </article>
          ))}
        </div>
      )}
      {returning && (
        <ReturnDialog
          item={returning}
          onClose={() => setReturning(null)}
          onDone={() => {
            setReturning(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}

/**
 * One award proposal waiting for my approval: the proposed quotation and the 比价单 as it stands now,
 * with its 核验码 (recorded on my step; a 比价单 changed since answers 409 and the list refreshes).
 */
function AwardApproval({ item, onDone }: { item: TAwardApprovalItem; onDone: () => void }) {
  const [returning, setReturning] = useState(false);
  const p = item.proposal;
  const approve = async () => {
    await mutate(() => approveAward(p.id, item.verifyCode));
    onDone();
  };
  const compareLink = `/admin/purchaser/demand-quotation?demandId=${item.demandId}`;
  return (
    <article className="bo-card" data-testid="award-approval-item">
      <div className="org-approval-head">
        <h2>定标：{item.title}</h2>
        <span className="muted bo-small">
          {p.proposer} 提交于 {formatDateTime(p.createdAt)}
          {p.levels > 1 ? ` · 第${item.level}级审批，共${p.levels}级` : ''}
        </span>
      </div>
      <p className="org-award-choice">
        拟选定 <strong>{p.supplierName}</strong> 第{p.version}版报价，比价金额 <strong>{formatYuan(p.comparableTotal)}</strong>
        {p.reason ? `；选定理由：${p.reason}` : ''}
      </p>
      <div className="org-table-wrap">
        <table className="bo-table org-award-table">
          <thead>
            <tr>
              <th scope="col">供应商</th>
              <th scope="col">版本</th>
              <th scope="col">状态</th>
              <th scope="col">比价金额</th>
              <th scope="col">比价单价</th>
              <th scope="col">交期</th>
            </tr>
          </thead>
          <tbody>
            {item.columns.map((c) => (
              <tr key={c.quotationId} className={c.quotationId === p.quotationId ? 'org-award-chosen' : undefined}>
                <td>
                  {c.supplierName}
                  {c.quotationId === p.quotationId && <span className="bo-tag">拟选定</span>}
                </td>
                <td>第{c.version}版</td>
                <td>{QUOTATION_STATE_LABEL[c.status]}</td>
                <td>{formatYuan(c.comparableTotal)}</td>
                <td>
                  {formatYuan(c.unitPrice)}/{item.unit}
                  {c.lowestPrice ? ` ${MARK_TEXT.price}` : ''}
                </td>
                <td>
                  {c.leadTimeDays}天{c.shortestLead ? ` ${MARK_TEXT.lead}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted bo-small org-award-code">
        比价单 {item.documentNo} · 当前核验码 <code data-testid="award-verify-code">{item.verifyCode}</code>（审批时记入审批记录） · <AppLink to={compareLink}>查看完整比价单</AppLink>
      </p>
      {p.steps.length > 0 && (
        <ul className="org-steps">
          {p.steps.map((s) => (
            <li key={s.level}>
              第{s.level}级：{s.approver} {s.decision === 'approved' ? '已通过' : `已退回（${s.reason}）`} · {formatDateTime(s.at)}
              {s.verifyCode ? ` · 核验码 ${s.verifyCode}` : ''}
            </li>
          ))}
        </ul>
      )}
      <div className="org-approval-actions">
        <button type="button" className="btn" onClick={() => setReturning(true)}>
          退回
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void approve()} data-testid="approve-award">
          {item.level < p.levels ? `通过（第${item.level}级）` : '审批通过并选定'}
        </button>
      </div>
      {returning && (
        <ReturnDialog
          item={{ demandId: item.demandId, title: item.title }}
          send={(reason) => returnAward(p.id, reason)}
          subject="定标申请"
          onClose={() => setReturning(false)}
          onDone={() => {
            setReturning(false);
            onDone();
          }}
        />
      )}
    </article>
  );
}

/** 退回 with the reason the author reads above the demand form (or, with `send`, on the comparison page). */
export function ReturnDialog({
  item,
  onClose,
  onDone,
  send,
  subject = '求购',
}: {
  item: Pick<TApprovalItem, 'demandId' | 'title'>;
  onClose: () => void;
  onDone: () => void;
  send?: (reason: string) => ReturnType<typeof returnDemand>;
  subject?: string;
}) {
  const form = useSchemaForm({ schema: ZReturnInput, initial: { reason: '' } });
  const submit = form.handleSubmit(async ({ reason }) => {
    if (await mutate(() => (send ? send(reason) : returnDemand(item.demandId, reason)))) onDone();
  });
  return (
    <Modal open onClose={onClose} title="退回申请人" width={480} testId="return-dialog">
      <form onSubmit={submit} onBlur={form.onBlur} noValidate className="bo-modal-form">
        <p>
          {subject}：<strong>{item.title}</strong>
        </p>
        <Field label="退回原因 *" error={form.errors.reason} hint="申请人会收到通知，可按原因修改后重新提交">
          <textarea {...form.field('reason')} rows={4} maxLength={200} placeholder="如：预算超出课题经费，请改为1台" />
        </Field>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-danger" disabled={form.isSubmitting}>
            确认退回
          </button>
        </div>
      </form>
    </Modal>
  );
}
