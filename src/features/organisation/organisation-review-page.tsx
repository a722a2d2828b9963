// /admin/organisations — the platform admin verifies 采购单位 (issue 38) as it reviews 入驻: pending
// first, with the unit's name and 统一社会信用代码; approve, or reject with the reason its admin reads.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/form/field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { FilterBar, ListBody, SearchBox, Segmented, useListParams, type TListColumn } from '@/components/data-table';
import { ORG_STATUSES, ZOrgReviewBody, type TAdminOrganisation } from '@contracts/organisation';
import { formatDateTime } from '@contracts/time';
import { mutate } from '@/features/platform-admin/api/mutate';
import { LoadError, Loading } from '@/features/platform-admin/components/query-state';
import { adminOrganisationsQuery, reviewOrganisation } from './api';
import '@/styles/backoffice.css';
import '@/styles/organisation.css';

export default function OrganisationReviewPage() {
  const { values, page, update } = useListParams(['status', 'keyword'] as const);
  const q = useQuery(adminOrganisationsQuery({ page, pageSize: 20, status: values.status, keyword: values.keyword }));
  const client = useQueryClient();
  const [review, setReview] = useState<{ row: TAdminOrganisation; decision: 'approve' | 'reject' } | null>(null);
  const columns: TListColumn<TAdminOrganisation>[] = [
    { id: 'name', header: '单位名称', cell: (o) => <strong>{o.name}</strong> },
    { id: 'code', header: '统一社会信用代码', width: 180, cell: (o) => <span className="bo-small">{o.code}</span> },
    {
      id: 'creator',
      header: '创建人',
      width: 150,
      cell: (o) => (
        <span className="bo-small">
          {o.creator}
          <br />
          {o.creatorMobile}
        </span>
      ),
    },
    { id: 'members', header: '成员', width: 60, cell: (o) => o.memberCount },
    { id: 'at', header: '提交时间', width: 150, cell: (o) => <span className="muted bo-small">{formatDateTime(o.createdAt)}</span> },
    {
      id: 'status',
      header: '状态',
      width: 90,
      cell: (o) => (
        <>
          <StatusTag status={o.status} label={ORG_STATUSES[o.status]} />
          {o.reviewNote && <div className="muted bo-small">{o.reviewNote}</div>}
        </>
      ),
    },
    {
      id: 'actions',
      header: '操作',
      width: 110,
      cell: (o) =>
        o.status === 'pending' ? (
          <span className="bo-row-actions">
            <button type="button" className="link-button" onClick={() => setReview({ row: o, decision: 'approve' })} data-testid="org-approve">
              通过
            </button>
            <button type="button" className="link-button" onClick={() => setReview({ row: o, decision: 'reject' })} data-testid="org-reject">
              驳回
            </button>
          </span>
        ) : null,
    },
  ];
  return (
    <div className="bo-page" data-testid="organisation-review-page">
      <PageHeader title="采购单位审核" subtitle="核实单位名称与统一社会信用代码（企业或事业单位）。通过后供应商看到的是单位名称；驳回原因会通知单位管理员。" />
      <div className="bo-card bo-card-flush">
        <FilterBar>
          <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="单位名称或信用代码" label="搜索采购单位" />
          <Segmented label="审核状态" options={[['', '全部'], ...Object.entries(ORG_STATUSES)] as [string, string][]} value={values.status} onChange={(status) => update({ status })} />
        </FilterBar>
        <ListBody query={q} columns={columns} getRowId={(o) => o.id} rowTestId="organisation-row" empty="没有符合条件的采购单位" loading={<Loading />} error={(e, retry) => <LoadError error={e} retry={retry} />} onPage={(p) => update({ page: p })} />
      </div>
      {review && (
        <OrganisationReviewModal
          row={review.row}
          decision={review.decision}
          onClose={() => setReview(null)}
          onDone={() => {
            setReview(null);
            void client.invalidateQueries({ queryKey: ['admin', 'organisations'] });
          }}
        />
      )}
    </div>
  );
}

export function OrganisationReviewModal({ row, decision, onClose, onDone }: { row: Pick<TAdminOrganisation, 'id' | 'name' | 'code'>; decision: 'approve' | 'reject'; onClose: () => void; onDone: () => void }) {
  const rejecting = decision === 'reject';
  const form = useSchemaForm({ schema: ZOrgReviewBody, initial: { note: '' }, toPayload: (v) => ({ decision, note: v.note }) });
  const submit = form.handleSubmit(async (body) => {
    if (await mutate(() => reviewOrganisation(row.id, body))) onDone();
  });
  return (
    <Modal open onClose={onClose} title={rejecting ? '驳回采购单位' : '通过采购单位'} width={480} testId="organisation-review-modal">
      <form onSubmit={submit} onBlur={form.onBlur} noValidate className="bo-modal-form">
        <p>
          <strong>{row.name}</strong>
          <br />
          <span className="muted bo-small">统一社会信用代码：{row.code}</span>
        </p>
        <Field label={rejecting ? '驳回原因 *' : '审核意见'} error={form.errors.note} hint="将通过站内通知和短信/邮件发送给单位管理员">
          <textarea {...form.field('note')} rows={4} maxLength={200} placeholder={rejecting ? '如：单位名称与信用代码不符' : '可选'} />
        </Field>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className={rejecting ? 'btn btn-danger' : 'btn btn-primary'} disabled={form.isSubmitting}>
            {rejecting ? '确认驳回' : '确认通过'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
