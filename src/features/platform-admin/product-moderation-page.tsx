// /admin/productManage: every supplier's goods for the platform admin — search, status tabs and
// paging in the address — and 下架 of a single product with a required reason. The supplier sees
// the reason on that product in 商品管理 and gets a notice; re-listing needs no review.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@contracts/money-format';
import { formatDateTime } from '@contracts/time';
import { Field } from '@/components/form/field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { FilterBar, ListBody, ListTabs, SearchBox, useListParams, type TListColumn } from '@/components/data-table';
import { productPath } from '@contracts/catalogue';
import { ADMIN_PRODUCT_STATUSES, TAKEDOWN_REASON_MAX, ZTakedownBody, type TAdminProduct, type TAdminProductStatus } from '@contracts/moderation';
import { StaleBanner } from '@/features/supplier-admin/components/stale-banner';
import { adminProductsQuery, takeDownProduct } from './api/moderation';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import '@/styles/backoffice.css';

const TABS: { key: '' | TAdminProductStatus; label: string }[] = [{ key: '', label: '全部' }, ...(Object.entries(ADMIN_PRODUCT_STATUSES) as [TAdminProductStatus, string][]).map(([key, label]) => ({ key, label }))];

const money = (p: TAdminProduct) => formatPrice(p.price);

/** The reason form. A 409 (the supplier or another admin changed the product) keeps the reason typed. */
export function TakedownForm({ product, onClose, onDone, reloadRow }: { product: TAdminProduct; onClose: () => void; onDone: () => void; reloadRow: () => Promise<TAdminProduct | null> }) {
  const form = useSchemaForm({ schema: ZTakedownBody, initial: { reason: '' }, toPayload: (v, version) => ({ ...v, version }), version: product.version });
  const { values, errors, stale } = form;
  const saving = form.isSubmitting;
  const [latest, setLatest] = useState<TAdminProduct | null>(null);
  const submit = form.handleSubmit(async (payload) => {
    const ok = await mutate(() => takeDownProduct(product.id, payload), { onStale: form.conflict });
    if (ok) onDone();
  });
  const current = latest ?? product;
  return (
    <Modal open onClose={onClose} title="下架商品" width={560} testId="takedown-form">
      <form onSubmit={submit} onBlur={form.onBlur} noValidate className="bo-modal-form">
        {stale && (
          <StaleBanner
            onReload={() =>
              form.reload(async () => {
                const fresh = await reloadRow();
                if (fresh) setLatest(fresh);
                return fresh?.version;
              })
            }
          />
        )}
        {latest && !stale && (
          <div className="bo-alert bo-alert-warning" data-testid="stale-latest">
            已加载最新版本：「{latest.name}」（{latest.takedownReason ? '平台下架' : (ADMIN_PRODUCT_STATUSES[latest.status as TAdminProductStatus] ?? latest.status)}）。您填写的原因仍保留，确认后再次提交。
          </div>
        )}
        <p>
          <strong>{current.name}</strong>
          {current.model && <span className="muted"> · {current.model}</span>}
          <br />
          <span className="muted bo-small">{current.companyName}</span>
        </p>
        <Field label="下架原因 *" error={errors.reason} hint={`${values.reason.length}/${TAKEDOWN_REASON_MAX}，供应商会在商品管理中看到，并收到站内通知`}>
          <textarea {...form.field('reason')} rows={4} maxLength={TAKEDOWN_REASON_MAX} placeholder="如：商品图片与实物不符，请更换为实拍图" />
        </Field>
        <p className="muted bo-small">下架后商品立即从商城、搜索和站点地图中移除；供应商修改后可直接重新上架。</p>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-danger-solid" disabled={saving} data-testid="submit-takedown">
            {saving ? '提交中...' : '确认下架'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function ProductModerationPage() {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['status', 'keyword'] as const);
  const [target, setTarget] = useState<TAdminProduct | null>(null);
  const params = { status: values.status, keyword: values.keyword, page, pageSize: 20 };
  const q = useQuery(adminProductsQuery(params));
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'products'] });
  const reloadRow = async (id: number) => {
    try {
      const fresh = await client.fetchQuery({ ...adminProductsQuery({ keyword: String(id), page: 1, pageSize: 20 }), staleTime: 0 });
      refresh();
      return fresh.items.find((p) => p.id === id) ?? null;
    } catch {
      return null;
    }
  };
  const columns: TListColumn<TAdminProduct>[] = [
    {
      id: 'product',
      header: '商品',
      cell: (p) => (
        <>
          <strong className="bo-product-name">{p.name}</strong>
          <div className="muted bo-small">
            编号 {p.id}
            {p.model ? ` · ${p.model}` : ''}
          </div>
        </>
      ),
    },
    {
      id: 'supplier',
      header: '供应商',
      width: 200,
      cellClassName: 'bo-small',
      cell: (p) => (p.storeUid ? <a href={`/store/${p.storeUid}`} target="_blank" rel="noreferrer">{p.companyName}</a> : p.companyName),
    },
    { id: 'price', header: '价格', width: 120, className: 'bo-num', cell: (p) => `${money(p)}${p.price === null ? '' : `/${p.unit}`}` },
    {
      id: 'status',
      header: '状态',
      width: 220,
      cell: (p) =>
        p.takedownReason ? (
          <>
            <StatusTag status="taken_down" label="平台下架" />
            <div className="bo-small bo-takedown-reason">原因：{p.takedownReason}</div>
          </>
        ) : (
          <StatusTag status={p.status} label={ADMIN_PRODUCT_STATUSES[p.status as TAdminProductStatus] ?? p.status} />
        ),
    },
    { id: 'updatedAt', header: '更新时间', width: 140, cellClassName: 'muted bo-small', cell: (p) => formatDateTime(p.updatedAt) },
    {
      id: 'actions',
      header: '操作',
      width: 110,
      cellClassName: 'bo-row-actions',
      cell: (p) => (
        <>
          {p.status === 'on_sale' && (
            <a href={productPath(p.id)} target="_blank" rel="noreferrer">
              查看
            </a>
          )}
          {p.status === 'on_sale' && (
            <button type="button" className="link-button bo-danger-link" onClick={() => setTarget(p)} data-testid="row-takedown">
              下架
            </button>
          )}
        </>
      ),
    },
  ];
  return (
    <div className="bo-page" data-testid="product-moderation">
      <PageHeader title="全部商品" subtitle="巡查各供应商的商品；发现违规或信息错误时可单独下架，并填写供应商可见的原因" />
      <div className="bo-card bo-card-flush">
        <ListTabs tabs={TABS.map((t) => ({ key: t.key, label: t.label, testId: `tab-${t.key || 'all'}` }))} active={values.status} onChange={(status) => update({ status })} />
        <FilterBar>
          <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="商品名称、型号、企业名称或商品编号" label="搜索商品" testId="admin-product-keyword" />
        </FilterBar>
        <ListBody
          query={q}
          columns={columns}
          getRowId={(p) => p.id}
          rowTestId="admin-product-row"
          empty={values.keyword ? `没有找到与「${values.keyword}」相关的商品` : '暂无商品'}
          loading={<Loading />}
          error={(e, retry) => <LoadError error={e} retry={retry} />}
          onPage={(p) => update({ page: p })}
        />
      </div>
      {target && (
        <TakedownForm
          product={target}
          onClose={() => setTarget(null)}
          reloadRow={() => reloadRow(target.id)}
          onDone={() => {
            setTarget(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
