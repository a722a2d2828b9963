// /admin/userManage/supplierUser: suppliers with their approval status — approve, reject with a
// note, verify — opening a supplier store for an existing member, and the review of brands that
// suppliers applied for.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Field } from '@/components/form/field';
import { Modal } from '@/components/ui/modal';
import { BRAND_STATUSES, SUPPLIER_KIND_LABELS, SUPPLIER_STATUSES, ZCreateSupplierAccount, type TAdminBrandApplication, type TAdminSupplier } from '@contracts/backoffice';
import { PROVINCES } from '@contracts/catalogue';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { StatusTag } from '@/components/ui/status-tag';
import { brandApplicationsQuery, createSupplierAccount, reviewBrand, reviewSupplier, suppliersQuery, verifySupplier } from './api/admin';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { useListParams } from './use-list-params';
import { SettleApplicationQueue } from './settle-application-queue';
import '@/styles/backoffice.css';

type TReview = { kind: 'supplier'; row: TAdminSupplier; status: 'approved' | 'rejected' } | { kind: 'brand'; row: TAdminBrandApplication; status: 'approved' | 'rejected' };

function ReviewModal({ review, onClose, onDone }: { review: TReview; onClose: () => void; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rejecting = review.status === 'rejected';
  const name = review.kind === 'supplier' ? review.row.companyName : review.row.name;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rejecting && !note.trim()) return setError('驳回时请填写审核意见');
    const n = note.trim() || null;
    const ok = await mutate(() => (review.kind === 'supplier' ? reviewSupplier(review.row.id, review.status, n) : reviewBrand(review.row.id, review.status, n)));
    if (ok) onDone();
  };
  return (
    <Modal open onClose={onClose} title={`${rejecting ? '驳回' : '通过'}${review.kind === 'supplier' ? '供应商入驻' : '品牌申请'}`} width={480} testId="review-modal">
      <form onSubmit={submit} className="bo-modal-form" noValidate>
        <p>
          {review.kind === 'supplier' ? '企业' : '品牌'}：<strong>{name}</strong>
        </p>
        <Field label={rejecting ? '审核意见 *' : '审核意见'} error={error ?? undefined} hint="将通过站内通知发送给供应商">
          <textarea rows={4} maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} placeholder={rejecting ? '如：营业执照已过期，请更新后重新提交' : '可选'} />
        </Field>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className={`btn ${rejecting ? 'btn-danger-solid' : 'btn-primary'}`}>
            {rejecting ? '确认驳回' : '确认通过'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function CreateSupplierModal({ memberId, onClose, onDone }: { memberId: string; onClose: () => void; onDone: (uid: string) => void }) {
  const [values, setValues] = useState({ member: memberId, companyName: '', shortName: '', kind: 'distributor', province: '', city: '', storeName: '', status: 'approved' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof values, v: string) => setValues((s) => ({ ...s, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = ZCreateSupplierAccount.safeParse(values);
    if (!r.success) {
      const next: Record<string, string> = {};
      for (const i of r.error.issues) next[String(i.path[0] ?? '_')] ??= i.message;
      return setErrors(next);
    }
    setErrors({});
    const res = await mutate(() => createSupplierAccount(r.data));
    if (res?.data) onDone(res.data.storeUid);
  };
  return (
    <Modal open onClose={onClose} title="开通供应商店铺" width={620} testId="create-supplier">
      <form onSubmit={submit} noValidate className="bo-modal-form">
        <p className="muted">为已注册的会员开通供应商身份和店铺，店铺编号自动分配。会员会收到站内通知。</p>
        <div className="bo-form-grid">
          <Field label="会员编号或手机号 *" error={errors.member}>
            <input name="member" value={values.member} maxLength={11} onChange={(e) => set('member', e.target.value.trim())} placeholder="如：13800000005" />
          </Field>
          <Field label="企业类型" error={errors.kind}>
            <select name="kind" value={values.kind} onChange={(e) => set('kind', e.target.value)}>
              {Object.entries(SUPPLIER_KIND_LABELS).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </Field>
          <Field label="公司名称 *" error={errors.companyName}>
            <input name="companyName" value={values.companyName} maxLength={100} onChange={(e) => set('companyName', e.target.value)} />
          </Field>
          <Field label="公司简称" error={errors.shortName}>
            <input name="shortName" value={values.shortName} maxLength={40} onChange={(e) => set('shortName', e.target.value)} />
          </Field>
          <Field label="所在省份" error={errors.province}>
            <select name="province" value={values.province} onChange={(e) => set('province', e.target.value)}>
              <option value="">请选择</option>
              {PROVINCES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </Field>
          <Field label="所在城市" error={errors.city}>
            <input name="city" value={values.city} maxLength={20} onChange={(e) => set('city', e.target.value)} />
          </Field>
          <Field label="店铺名称" error={errors.storeName} hint="不填则使用公司简称或公司名称">
            <input name="storeName" value={values.storeName} maxLength={100} onChange={(e) => set('storeName', e.target.value)} />
          </Field>
          <Field label="审核状态" error={errors.status}>
            <select name="status" value={values.status} onChange={(e) => set('status', e.target.value)}>
              <option value="approved">直接通过（店铺立即对外开放）</option>
              <option value="pending">待审核</option>
            </select>
          </Field>
        </div>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary">
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
  const [keyword, setKeyword] = useState(values.keyword);
  const q = useQuery(suppliersQuery({ keyword: values.keyword, status: values.status, verified: values.verified, page, pageSize: 20 }));
  const verify = async (s: TAdminSupplier) => {
    if (await mutate(() => verifySupplier(s.id, !s.verified))) void client.invalidateQueries({ queryKey: ['admin', 'suppliers'] });
  };
  const statuses: [string, string][] = [['', '全部'], ...Object.entries(SUPPLIER_STATUSES)];
  return (
    <>
      <div className="bo-toolbar">
        <form
          className="bo-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            update({ keyword: keyword.trim() });
          }}
        >
          <input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="公司名称、简称、联系电话或店铺编号" maxLength={60} aria-label="搜索供应商" />
          <button type="submit" className="btn btn-primary">
            搜索
          </button>
        </form>
        <div className="bo-segmented" role="group" aria-label="审核状态">
          {statuses.map(([k, v]) => (
            <button key={k} type="button" className={values.status === k ? 'active' : undefined} onClick={() => update({ status: k })}>
              {v}
            </button>
          ))}
        </div>
        <select aria-label="认证" value={values.verified} onChange={(e) => update({ verified: e.target.value })}>
          <option value="">认证：全部</option>
          <option value="true">已认证</option>
          <option value="false">未认证</option>
        </select>
      </div>
      {q.isLoading ? (
        <Loading />
      ) : q.error || !q.data ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <div className="empty">没有符合条件的供应商</div>
      ) : (
        <table className="bo-table">
          <thead>
            <tr>
              <th>企业</th>
              <th>账号</th>
              <th>店铺</th>
              <th className="bo-num">商品</th>
              <th>状态</th>
              <th>入驻时间</th>
              <th style={{ width: 170 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {q.data.items.map((s) => (
              <tr key={s.id} data-testid="supplier-row">
                <td>
                  <strong>{s.companyName}</strong>
                  {s.verified && <span className="bo-tag bo-tag-success">已认证</span>}
                  <div className="muted bo-small">
                    {[SUPPLIER_KIND_LABELS[s.kind as keyof typeof SUPPLIER_KIND_LABELS] ?? s.kind, [s.province, s.city].filter(Boolean).join(' '), s.contactName && `${s.contactName} ${s.contactPhone ?? ''}`].filter(Boolean).join(' · ')}
                  </div>
                </td>
                <td className="bo-small">
                  <div>{s.memberName ?? (s.memberId ? `会员${s.memberId}` : '—')}</div>
                  <div className="muted">{s.memberMobile ?? ''}</div>
                </td>
                <td className="bo-small">
                  {s.storeUid ? (
                    <a href={`/store/${s.storeUid}`} target="_blank" rel="noreferrer">
                      {s.storeName ?? s.storeUid}
                      <div className="muted">{s.storeUid}</div>
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="bo-num">{s.productCount}</td>
                <td>
                  <StatusTag status={s.status} label={SUPPLIER_STATUSES[s.status as keyof typeof SUPPLIER_STATUSES] ?? s.status} />
                </td>
                <td className="muted bo-small">{dayjs(s.createdAt).format('YYYY-MM-DD')}</td>
                <td className="bo-row-actions">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {q.data && <Pager variant="backoffice" page={q.data.page} pageSize={q.data.pageSize} total={q.data.total} onChange={(p) => update({ page: p })} />}
    </>
  );
}

function BrandReviewTable({ onReview }: { onReview: (r: TReview) => void }) {
  const { values, page, update } = useListParams(['brandStatus'] as const);
  const status = values.brandStatus || 'pending';
  const q = useQuery(brandApplicationsQuery({ status, page, pageSize: 20 }));
  return (
    <>
      <div className="bo-toolbar">
        <div className="bo-segmented" role="group" aria-label="审核状态">
          {Object.entries(BRAND_STATUSES).map(([k, v]) => (
            <button key={k} type="button" className={status === k ? 'active' : undefined} onClick={() => update({ brandStatus: k === 'pending' ? '' : k })}>
              {v}
            </button>
          ))}
        </div>
      </div>
      {q.isLoading ? (
        <Loading />
      ) : q.error || !q.data ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <div className="empty">{status === 'pending' ? '没有待审核的品牌申请' : '暂无记录'}</div>
      ) : (
        <table className="bo-table">
          <thead>
            <tr>
              <th>品牌</th>
              <th>申请企业</th>
              <th>品牌介绍</th>
              <th>提交时间</th>
              <th>审核意见</th>
              <th style={{ width: 110 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {q.data.items.map((b) => (
              <tr key={b.id} data-testid="brand-review-row">
                <td>
                  <div className="bo-product-cell">
                    <div className="bo-thumb bo-thumb-sm">{b.logo ? <img src={b.logo} alt="" /> : <span>{b.name.slice(0, 1)}</span>}</div>
                    <div>
                      <strong>{b.name}</strong>
                      <div className="muted bo-small">{[b.nameEn, b.country].filter(Boolean).join(' · ')}</div>
                    </div>
                  </div>
                </td>
                <td className="bo-small">{b.supplierName ?? '—'}</td>
                <td className="bo-small bo-note">{b.description ?? <span className="muted">未填写</span>}</td>
                <td className="muted bo-small">{dayjs(b.createdAt).format('YYYY-MM-DD')}</td>
                <td className="bo-small bo-note">{b.reviewNote ?? <span className="muted">—</span>}</td>
                <td className="bo-row-actions">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {q.data && <Pager variant="backoffice" page={q.data.page} pageSize={q.data.pageSize} total={q.data.total} onChange={(p) => update({ page: p })} />}
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
        <div className="bo-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'suppliers'} className={tab === 'suppliers' ? 'active' : undefined} onClick={() => update({ tab: '' })}>
            供应商
          </button>
          <button type="button" role="tab" aria-selected={tab === 'brands'} className={tab === 'brands' ? 'active' : undefined} onClick={() => update({ tab: 'brands' })} data-testid="tab-brands">
            品牌审核
          </button>
          <button type="button" role="tab" aria-selected={tab === 'applications'} className={tab === 'applications' ? 'active' : undefined} onClick={() => update({ tab: 'applications' })} data-testid="tab-applications">
            入驻申请
          </button>
        </div>
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
