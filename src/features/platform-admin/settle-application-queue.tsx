// The 入驻申请 tab of /admin/userManage/supplierUser: online applications, pending first, with search
// and paging; the licence beside the data; approve (opens the store) or reject with a reason.
import { useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/form/field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { LicencePreview } from '@/components/licence-preview';
import { Modal } from '@/components/ui/modal';
import { Pager } from '@/components/ui/pager';
import { StatusTag } from '@/components/ui/status-tag';
import { fetchData, request } from '@/platform/http';
import type { TPage } from '@contracts/api';
import { APPLICATION_STATUSES, SETTLE_KINDS, ZApplicationReviewBody, type TAdminApplication } from '@contracts/settle';
import { formatDateTime, formatMonthDayTime } from '@contracts/time';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { useListParams } from '@/components/data-table';

type TQuery = { page: number; status: string; keyword: string };
const applicationsQuery = (q: TQuery) =>
  queryOptions({
    queryKey: ['admin', 'settle-applications', q],
    queryFn: () => fetchData<TPage<TAdminApplication>>('get', '/api/admin/settle-applications', Object.fromEntries(Object.entries(q).filter(([, v]) => v !== ''))),
    placeholderData: (prev) => prev,
  });
const reviewApplication = (id: number, body: { decision: 'approve' | 'reject'; note: string | null; version: number }) => request<{ storeUid: string | null }>('put', `/api/admin/settle-applications/${id}`, body);

export function SettleApplicationQueue() {
  const { values, page, update } = useListParams(['appStatus', 'appKeyword'] as const);
  const [keyword, setKeyword] = useState(values.appKeyword);
  const [open, setOpen] = useState<TAdminApplication | null>(null);
  const q = useQuery(applicationsQuery({ page, status: values.appStatus, keyword: values.appKeyword }));
  return (
    <>
      <div className="bo-toolbar">
        <div className="bo-segmented" role="group" aria-label="审核状态">
          {[['', '全部'], ...Object.entries(APPLICATION_STATUSES)].map(([k, v]) => (
            <button key={k} type="button" className={values.appStatus === k ? 'active' : undefined} onClick={() => update({ appStatus: k })}>
              {v}
            </button>
          ))}
        </div>
        <form
          className="bo-search"
          onSubmit={(e) => {
            e.preventDefault();
            update({ appKeyword: keyword.trim() });
          }}
        >
          <input aria-label="搜索入驻申请" placeholder="公司名称、信用代码、联系人、手机号" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
          <button type="submit" className="btn">
            搜索
          </button>
        </form>
      </div>
      {q.isLoading ? (
        <Loading />
      ) : q.error || !q.data ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <div className="empty">暂无入驻申请</div>
      ) : (
        <table className="bo-table">
          <thead>
            <tr>
              <th>企业</th>
              <th>统一社会信用代码</th>
              <th>地区</th>
              <th>联系人</th>
              <th>提交时间</th>
              <th>状态</th>
              <th style={{ width: 90 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {q.data.items.map((a) => (
              <tr key={a.id} data-testid="settle-application-row">
                <td>
                  <strong>{a.companyName}</strong>
                  <div className="muted bo-small">{SETTLE_KINDS[a.kind as keyof typeof SETTLE_KINDS] ?? a.kind}</div>
                </td>
                <td className="bo-small">{a.creditCode}</td>
                <td className="bo-small">
                  {a.province} {a.city}
                </td>
                <td className="bo-small">
                  {a.contactName} {a.contactPhone}
                </td>
                <td className="muted bo-small">{formatDateTime(a.updatedAt)}</td>
                <td>
                  <StatusTag status={a.status} label={APPLICATION_STATUSES[a.status]} />
                </td>
                <td className="bo-row-actions">
                  <button type="button" className="link-button" onClick={() => setOpen(a)} data-testid="settle-open">
                    {a.status === 'pending' ? '审核' : '查看'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {q.data && <Pager variant="backoffice" page={q.data.page} pageSize={q.data.pageSize} total={q.data.total} onChange={(p) => update({ page: p })} />}
      {open && <ReviewApplication application={open} onClose={() => setOpen(null)} />}
    </>
  );
}

export function ReviewApplication({ application: a, onClose }: { application: TAdminApplication; onClose: () => void }) {
  const client = useQueryClient();
  // 驳回 is the form's submit, checked by the request the server checks (驳回时请填写驳回原因, at most 200 characters).
  const form = useSchemaForm({ schema: ZApplicationReviewBody, initial: { note: '' }, toPayload: (v) => ({ decision: 'reject', note: v.note, version: a.version }) });
  const error = form.errors.note;
  const [approving, setApproving] = useState(false);
  const send = async (body: { decision: 'approve' | 'reject'; note: string | null; version: number }) => {
    const ok = await mutate(() => reviewApplication(a.id, body));
    if (ok) {
      await client.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    }
  };
  const reject = form.handleSubmit(send);
  const approve = async () => {
    if (approving || form.isSubmitting) return;
    setApproving(true);
    try {
      await send({ decision: 'approve', note: form.values.note.trim() || null, version: a.version });
    } finally {
      setApproving(false);
    }
  };
  const rows: [string, string][] = [
    ['公司名称', a.companyName],
    ['统一社会信用代码', a.creditCode],
    ['企业类型', SETTLE_KINDS[a.kind as keyof typeof SETTLE_KINDS] ?? a.kind],
    ['所在地区', `${a.province} ${a.city}`],
    ['详细地址', a.address],
    ['联系人', `${a.contactName}（${a.contactPhone}，${a.contactEmail}）`],
    ['申请会员', `${a.memberName ?? ''} ${a.memberMobile ?? ''}`.trim() || `#${a.memberId}`],
    ['主营类目', a.categories.join('、')],
    ['代理品牌', a.brands.join('、')],
  ];
  return (
    <Modal open onClose={onClose} title={`入驻申请：${a.companyName}`} width={880} testId="settle-review-modal">
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
        <dl className="bo-dl">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt className="muted bo-small">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
          {a.storeUid && (
            <div>
              <dt className="muted bo-small">店铺编号</dt>
              <dd>{a.storeUid}</dd>
            </div>
          )}
        </dl>
        <div data-testid="settle-licence">
          <p className="muted bo-small">营业执照</p>
          <LicencePreview url={a.licence.url} mime={a.licence.mime} filename={a.licence.filename} height={360} />
        </div>
      </div>
      {a.history.length > 0 && (
        <p className="muted bo-small">
          审核记录：
          {a.history
            .map((h) => `${formatMonthDayTime(h.at)} ${APPLICATION_STATUSES[h.toState as keyof typeof APPLICATION_STATUSES] ?? h.toState}${h.note ? `（${h.note}）` : ''}`)
            .join('；')}
        </p>
      )}
      {a.status === 'pending' && (
        <form className="bo-modal-form" onSubmit={reject} onBlur={form.onBlur} noValidate>
          <Field label="审核意见（驳回时必填）" error={error} hint="将通过站内通知和短信/邮件发送给申请人">
            <textarea {...form.field('note')} rows={3} maxLength={200} />
          </Field>
          <div className="bo-modal-actions">
            <button type="submit" className="btn btn-danger" disabled={form.isSubmitting || approving} data-testid="settle-reject">
              驳回
            </button>
            <button type="button" className="btn btn-primary" disabled={form.isSubmitting || approving} onClick={() => void approve()} data-testid="settle-approve">
              通过并开通店铺
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
