// /admin/supplier/brand-management: the brands this supplier applied for, by review status, with
// the admin's note; pending or rejected applications can be corrected or withdrawn.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BRAND_STATUSES, type TBrandApplication, type TBrandStatus } from '@contracts/backoffice';
import { formatDay } from '@contracts/time';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { brandApplicationsQuery, deleteBrandApplication } from './api/brands';
import { mutate } from './api/mutate';
import { BrandFormModal } from './components/brand-form-modal';
import { Empty, LoadError, Loading } from './components/query-state';
import { ListBody, ListTabs, useListParams, type TListColumn } from '@/components/data-table';
import '@/styles/backoffice.css';

const TABS: { key: '' | TBrandStatus; label: string }[] = [
  { key: '', label: '全部' },
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'rejected', label: '已驳回' },
];

export default function BrandManagementPage() {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['status'] as const);
  const [editing, setEditing] = useState<TBrandApplication | 'new' | null>(null);
  const [confirm, confirmElement] = useConfirm();
  const q = useQuery(brandApplicationsQuery(values.status, page));
  const refresh = () => void client.invalidateQueries({ queryKey: ['supplier'] });

  const remove = async (b: TBrandApplication) => {
    if (!(await confirm({ title: '删除品牌申请', body: `确定删除「${b.name}」吗？`, okText: '删除', danger: true }))) return;
    if (await mutate(() => deleteBrandApplication(b.id))) refresh();
  };

  const columns: TListColumn<TBrandApplication>[] = [
    {
      id: 'brand',
      header: '品牌',
      cell: (b) => (
        <div className="bo-product-cell">
          <div className="bo-thumb bo-thumb-sm">{b.logo ? <img src={b.logo} alt="" /> : <span>{b.name.slice(0, 1)}</span>}</div>
          <div>
            <strong>{b.name}</strong>
            <div className="muted bo-small">{b.nameEn ?? ''}</div>
          </div>
        </div>
      ),
    },
    { id: 'country', header: '国家/地区', cell: (b) => b.country ?? '—' },
    { id: 'status', header: '状态', cell: (b) => <StatusTag status={b.status} label={BRAND_STATUSES[b.status as TBrandStatus] ?? b.status} /> },
    { id: 'reviewNote', header: '审核意见', cellClassName: 'bo-small bo-note', cell: (b) => b.reviewNote ?? <span className="muted">—</span> },
    { id: 'products', header: '商品数', className: 'bo-num', cell: (b) => b.productCount },
    { id: 'createdAt', header: '提交时间', cellClassName: 'muted bo-small', cell: (b) => formatDay(b.createdAt) },
    {
      id: 'actions',
      header: '操作',
      cellClassName: 'bo-row-actions',
      cell: (b) => (
        <>
          {b.status !== 'approved' && (
            <button type="button" className="link-button" onClick={() => setEditing(b)}>
              {b.status === 'rejected' ? '修改并重新提交' : '修改'}
            </button>
          )}
          {b.productCount === 0 && (
            <button type="button" className="link-button bo-danger-link" onClick={() => void remove(b)}>
              {b.status === 'pending' ? '撤回' : '删除'}
            </button>
          )}
        </>
      ),
    },
  ];

  return (
    <div className="bo-page" data-testid="brand-management">
      <PageHeader
        title="品牌管理"
        subtitle="您提交的品牌申请。平台一般在1-3个工作日内完成审核，结果会通过站内通知告诉您。"
        crumbs={[
          { to: '/admin/supplier', label: '供应商中心' },
          { to: '/admin/supplier/brand', label: '代理品牌' },
        ]}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            + 申请新品牌
          </button>
        }
      />
      <div className="bo-card bo-card-flush">
        <ListTabs tabs={TABS} active={values.status} onChange={(status) => update({ status })} />
        <ListBody
          query={q}
          columns={columns}
          getRowId={(b) => b.id}
          rowTestId="brand-application-row"
          empty={<Empty>暂无品牌申请</Empty>}
          loading={<Loading />}
          error={(e, retry) => <LoadError error={e} retry={retry} />}
          onPage={(p) => update({ page: p })}
        />
      </div>
      {editing && (
        <BrandFormModal
          application={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {confirmElement}
    </div>
  );
}
