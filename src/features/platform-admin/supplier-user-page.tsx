// /admin/userManage/supplierUser: suppliers with their approval status — approve, reject with a
// note, verify — opening a supplier store for an existing member, and the review of brands that
// suppliers applied for.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/form/field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/ui/modal';
import { BRAND_STATUSES, SUPPLIER_KIND_LABELS, SUPPLIER_STATUSES, ZBrandReviewBody, ZCreateSupplierAccount, ZSupplierReviewBody, type TAdminBrandApplication, type TAdminSupplier } from '@contracts/backoffice';
import { PROVINCES } from '@contracts/catalogue';
import { formatDay } from '@contracts/time';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { brandApplicationsQuery, createSupplierAccount, reviewBrand, reviewSupplier, suppliersQuery, verifySupplier } from './api/admin';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { FilterBar, FilterSelect, ListBody, ListTabs, SearchBox, Segmented, useListParams, type TListColumn } from '@/components/data-table';
import { SettleApplicationQueue } from './settle-application-queue';
import '@/styles/backoffice.css';

export type TReview = { kind: 'supplier'; row: TAdminSupplier; status: 'approved' | 'rejected' } | { kind: 'brand'; row: TAdminBrandApplication; status: 'approved' | 'rejected' };

export function ReviewModal({ review, onClose, onDone }: { review: TReview; onClose: () => void; onDone: () => void }) {
  const rejecting = review.status === 'rejected';
  const name = review.kind === 'supplier' ? review.row.companyName : review.row.name;
  // The request the server checks, with its rule that a rejection says why (REVIEW_NOTE_REQUIRED).
  const form = useSchemaForm({
    schema: review.kind === 'supplier' ? ZSupplierReviewBody : ZBrandReviewBody,
    initial: { note: '' },
    toPayload: (v) => ({ status: review.status, note: v.note, ...(review.kind === 'brand' ? { version: review.row.version } : {}) }),
  });
  const error = form.errors.note;
  const submit = form.handleSubmit(async ({ note }) => {
    const ok = await mutate(() => (review.kind === 'supplier' ? reviewSupplier(review.row.id, review.status, note) : reviewBrand(review.row.id, review.status, note, review.row.version)));
    if (ok) onDone();
  });
  return (
    <Modal open onClose={onClose} title={`${rejecting ? '驳回' : '通过'}${review.kind === 'supplier' ? '供应商入驻' : '品牌申请'}`} width={480} testId="review-modal">
      <form onSubmit={submit} onBlur={form.onBlur} className="bo-modal-form" noValidate>
        <p>
          {review.kind === 'supplier' ? '企业' : '品牌'}：<strong>{name}</strong>
        </p>
        <Field label={rejecting ? '审核意见 *' : '审核意见'} error={error} hint="将通过站内通知发送给供应商">
          <textarea {...form.field('note')} rows={4} maxLength={200} placeholder={rejecting ? '如：营业执照已过期，请更新后重新提交' : '可选'} />
        </Field>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className={`btn ${rejecting ? 'btn-danger-solid' : 'btn-primary'}`} disabled={form.isSubmitting}>
            {form.isSubmitting ? '处理中...' : rejecting ? '确认驳回' : '确认通过'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function CreateSupplierModal({ memberId, onClose, onDone }: { memberId: string; onClose: () => void; onDone: (uid: string) => void }) {
  const form = useSchemaForm({
    schema: ZCreateSupplierAccount,
    initial: { member: memberId, companyName: '', shortName: '', kind: 'distributor', province: '', city: '', storeName: '', status: 'approved' },
    trim: ['member'],
  });
  const { errors } = form;
  const submit = form.handleSubmit(async (payload) => {
    const res = await mutate(() => createSupplierAccount(payload));
    if (res?.data) onDone(res.data.storeUid);
  });
  return (
    <Modal open onClose={onClose} title="开通供应商店铺" width={620} testId="create-supplier">
      <form onSubmit={submit} onBlur={form.onBlur} noValidate className="bo-modal-form">
        <p className="muted">为已注册的会员开通供应商身份和店铺，店铺编号自动分配。会员会收到站内通知。</p>
        <div className="bo-form-grid">
          <Field label="会员编号或手机号 *" error={errors.member}>
            <input {...form.field('member')} maxLength={11} placeholder="如：13800000005" />
          </Field>
          <Field label="企业类型" error={errors.kind}>
            <select {...form.field('kind')}>
              {Object.entries(SUPPLIER_KIND_LABELS).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </Field>
          <Field label="公司名称 *" error={errors.companyName}>
            <input {...form.field('companyName')} maxLength={100} />
          </Field>
          <Field label="公司简称" error={errors.shortName}>
            <input {...form.field('shortName')} maxLength={40} />
          </Field>
          <Field label="所在省份" error={errors.province}>
            <select {...form.field('province')}>
              <option value="">请选择</option>
              {PROVINCES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </Field>
          <Field label="所在城市" error={errors.city}>
            <input {...form.field('city')} maxLength={20} />
          </Field>
          <Field label="店铺名称" error={errors.storeName} hint="不填则使用公司简称或公司名称">
            <input {...form.field('storeName')} maxLength={100} />
          </Field>
          <Field label="审核状态" error={errors.status}>
            <select {...form.field('status')}>
              <option value="approved">直接通过（店铺立即对外开放）</option>
              <option value="pending">待审核</option>
            </select>
          </Field>
        </div>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
            开通
          </button>
        </div>
      </form>
    </Modal>
  );
}

function SupplierTable({ onReview }: { onReview: (r: TReview) => void }) {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['keyword', 'status', 'verified'] as const);
  const q = useQuery(suppliersQuery({ keyword: values.keyword, status: values.status, verified: values.verified, page, pageSize: 20 }));
  const verify = async (s: TAdminSupplier) => {
    if (await mutate(() => verifySupplier(s.id, !s.verified))) void client.invalidateQueries({ queryKey: ['admin', 'suppliers'] });
  };
  const statuses: [string, string][] = [['', '全部'], ...Object.entries(SUPPLIER_STATUSES)];
  const columns: TListColumn<TAdminSupplier>[] = [
    {
      id: 'company',
      header: '企业',
      cell: (s) => (
        <>
          <strong>{s.companyName}</strong>
          {s.verified && <span className="bo-tag bo-tag-success">已认证</span>}
          <div className="muted bo-small">
            {[SUPPLIER_KIND_LABELS[s.kind as keyof typeof SUPPLIER_KIND_LABELS] ?? s.kind, [s.province, s.city].filter(Boolean).join(' '), s.contactName && `${s.contactName} ${s.contactPhone ?? ''}`].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      id: 'account',
      header: '账号',
      cellClassName: 'bo-small',
      cell: (s) => (
        <>
          <div>{s.memberName ?? (s.memberId ? `会员${s.memberId}` : '—')}</div>
          <div className="muted">{s.memberMobile ?? ''}</div>
        </>
      ),
    },
    {
      id: 'store',
      header: '店铺',
      cellClassName: 'bo-small',
      cell: (s) =>
        s.storeUid ? (
          <a href={`/store/${s.storeUid}`} target="_blank" rel="noreferrer">
            {s.storeName ?? s.storeUid}
            <div className="muted">{s.storeUid}</div>
          </a>
        ) : (
          '—'
        ),
    },
    {
      // 在售 is what the store page shows as 在售产品; 全部 adds drafts and goods taken off sale.
      id: 'products',
      header: '商品 在售/全部',
      className: 'bo-num',
      cell: (s) => (
        <span title={`在售 ${s.onSaleCount} 件，全部 ${s.productCount} 件（含草稿和已下架）`}>
          {s.onSaleCount}/{s.productCount}
        </span>
      ),
    },
    { id: 'status', header: '状态', cell: (s) => <StatusTag status={s.status} label={SUPPLIER_STATUSES[s.status as keyof typeof SUPPLIER_STATUSES] ?? s.status} /> },
    { id: 'createdAt', header: '入驻时间', cellClassName: 'muted bo-small', cell: (s) => formatDay(s.createdAt) },
    {
      id: 'actions',
      header: '操作',
      width: 170,
      cellClassName: 'bo-row-actions',
      cell: (s) => (
        <>
          {s.status !== 'approved' && (
            <button type="button" className="link-button" onClick={() => onReview({ kind: 'supplier', row: s, status: 'approved' })}>
              通过
            </button>
          )}
          {s.status !== 'rejected' && (
            <button type="button" className="link-button bo-danger-link" onClick={() => onReview({ kind: 'supplier', row: s, status: 'rejected' })}>
              驳回
            </button>
          )}
          <button type="button" className="link-button" onClick={() => void verify(s)}>
            {s.verified ? '取消认证' : '认证'}
          </button>
        </>
      ),
    },
  ];
  return (
    <>
      <FilterBar>
        <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="公司名称、简称、联系电话或店铺编号" label="搜索供应商" />
        <Segmented label="审核状态" options={statuses} value={values.status} onChange={(status) => update({ status })} />
        <FilterSelect
          label="认证"
          all="认证：全部"
          options={[
            ['true', '已认证'],
            ['false', '未认证'],
          ]}
          value={values.verified}
          onChange={(verified) => update({ verified })}
        />
      </FilterBar>
      <ListBody query={q} columns={columns} getRowId={(s) => s.id} rowTestId="supplier-row" empty="没有符合条件的供应商" loading={<Loading />} error={(e, retry) => <LoadError error={e} retry={retry} />} onPage={(p) => update({ page: p })} />
    </>
  );
}

function BrandReviewTable({ onReview }: { onReview: (r: TReview) => void }) {
  const { values, page, update } = useListParams(['brandStatus'] as const);
  const status = values.brandStatus || 'pending';
  const q = useQuery(brandApplicationsQuery({ status, page, pageSize: 20 }));
  const columns: TListColumn<TAdminBrandApplication>[] = [
    {
      id: 'brand',
      header: '品牌',
      cell: (b) => (
        <div className="bo-product-cell">
          <div className="bo-thumb bo-thumb-sm">{b.logo ? <img src={b.logo} alt="" /> : <span>{b.name.slice(0, 1)}</span>}</div>
          <div>
            <strong>{b.name}</strong>
            <div className="muted bo-small">{[b.nameEn, b.country].filter(Boolean).join(' · ')}</div>
          </div>
        </div>
      ),
    },
    { id: 'supplier', header: '申请企业', cellClassName: 'bo-small', cell: (b) => b.supplierName ?? '—' },
    { id: 'description', header: '品牌介绍', cellClassName: 'bo-small bo-note', cell: (b) => b.description ?? <span className="muted">未填写</span> },
    { id: 'createdAt', header: '提交时间', cellClassName: 'muted bo-small', cell: (b) => formatDay(b.createdAt) },
    { id: 'reviewNote', header: '审核意见', cellClassName: 'bo-small bo-note', cell: (b) => b.reviewNote ?? <span className="muted">—</span> },
    {
      id: 'actions',
      header: '操作',
      width: 110,
      cellClassName: 'bo-row-actions',
      cell: (b) => (
        <>
          {b.status !== 'approved' && (
            <button type="button" className="link-button" onClick={() => onReview({ kind: 'brand', row: b, status: 'approved' })}>
              通过
            </button>
          )}
          {b.status !== 'rejected' && b.productCount === 0 && (
            <button type="button" className="link-button bo-danger-link" onClick={() => onReview({ kind: 'brand', row: b, status: 'rejected' })}>
              驳回
            </button>
          )}
        </>
      ),
    },
  ];
  return (
    <>
      <FilterBar>
        <Segmented label="审核状态" options={Object.entries(BRAND_STATUSES)} value={status} onChange={(k) => update({ brandStatus: k === 'pending' ? '' : k })} />
      </FilterBar>
      <ListBody
        query={q}
        columns={columns}
        getRowId={(b) => b.id}
        rowTestId="brand-review-row"
        empty={status === 'pending' ? '没有待审核的品牌申请' : '暂无记录'}
        loading={<Loading />}
        error={(e, retry) => <LoadError error={e} retry={retry} />}
        onPage={(p) => update({ page: p })}
      />
    </>
  );
}

export default function SupplierUserPage() {
  const client = useQueryClient();
  const { values, update } = useListParams(['tab', 'open'] as const);
  const [review, setReview] = useState<TReview | null>(null);
  const [creating, setCreating] = useState(false);
  const tab = values.tab === 'brands' ? 'brands' : values.tab === 'applications' ? 'applications' : 'suppliers';
  const showCreate = creating || values.open !== '';
  return (
    <div className="bo-page" data-testid="supplier-user">
      <PageHeader
        title="供应商用户"
        subtitle="审核供应商入驻与品牌申请；驳回的供应商店铺和商品不在平台展示"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)} data-testid="open-create-supplier">
            + 开通供应商
          </button>
        }
      />
      <div className="bo-card bo-card-flush">
        <ListTabs
          tabs={[
            { key: 'suppliers', label: '供应商' },
            { key: 'brands', label: '品牌审核', testId: 'tab-brands' },
            { key: 'applications', label: '入驻申请', testId: 'tab-applications' },
          ]}
          active={tab}
          onChange={(k) => update({ tab: k === 'suppliers' ? '' : k })}
        />
        {tab === 'suppliers' ? <SupplierTable onReview={setReview} /> : tab === 'brands' ? <BrandReviewTable onReview={setReview} /> : <SettleApplicationQueue />}
      </div>
      {review && (
        <ReviewModal
          review={review}
          onClose={() => setReview(null)}
          onDone={() => {
            setReview(null);
            void client.invalidateQueries({ queryKey: ['admin'] });
          }}
        />
      )}
      {showCreate && (
        <CreateSupplierModal
          memberId={values.open}
          onClose={() => {
            setCreating(false);
            if (values.open) update({ open: '' });
          }}
          onDone={() => {
            setCreating(false);
            if (values.open) update({ open: '' });
            void client.invalidateQueries({ queryKey: ['admin'] });
          }}
        />
      )}
    </div>
  );
}
