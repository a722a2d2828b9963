// /admin/supplier/product-management: a compact sheet of all goods for fast upkeep — prices,
// status and store category edited in place, and batch price changes by percentage, batch store
// category and batch 上架/下架.
import { MatchNotice } from '@/components/match-notice';
import { useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { Modal } from '@/components/ui/modal';
import { message } from '@/components/ui/toast';
import {
  PRODUCT_STATUSES,
  priceFromText,
  priceTextProblem,
  ZProductBatchPrice,
  ZProductBatchStoreCategory,
  type TProductBatchPrice,
  type TProductListQuery,
  type TProductStatus,
  type TSupplierProductRow,
} from '@contracts/backoffice';
import { Field } from '@/components/form/field';
import { FORM_FIELD_ATTRIBUTE, useSchemaForm, type TFieldErrors } from '@/components/form/use-schema-form';
import { formatMonthDayTime } from '@contracts/time';
import { PageHeader } from '@/components/ui/page-header';
import { batchPrice, batchStatus, batchStoreCategory, productsQuery, quickEditProduct } from './api/products';
import { storeCategoriesQuery, storeCategoryOptions } from './api/store-categories';
import { mutate } from './api/mutate';
import { Empty, LoadError, Loading } from './components/query-state';
import { formatPrice } from './format';
import { ListBody, SearchBox, useListParams, type TListColumn } from '@/components/data-table';
import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import '@/styles/backoffice.css';

const PAGE_SIZE = 50;

/** A control set through `set()`/`setValues()`: its change is the form's to report, not a plain page edit. */
const BOUND = { [FORM_FIELD_ATTRIBUTE]: '' };
/** 未分类 in 批量设置店铺分类 (the empty value is 请选择). */
const NO_STORE_CATEGORY = 'none';

const STALE_PRICE_HINT = '商品已被修改，已刷新为最新版本；确认价格后按回车再次保存';

/**
 * `draft`: a price typed before a save was refused as stale (409). The cell is keyed by the price,
 * so the reloaded row remounts it; the draft keeps the typed price in the box for another Enter.
 */
export function PriceCell({ row, onSaved, draft, onDraft }: { row: TSupplierProductRow; onSaved: () => Promise<void> | void; draft?: string; onDraft: (text: string | null) => void }) {
  const initial = row.price === null ? '' : String(row.price);
  const [text, setText] = useState(draft ?? initial);
  const [error, setError] = useState<string | null>(draft !== undefined ? STALE_PRICE_HINT : null);
  const [busy, setBusy] = useState(false);
  // Clearing the price of goods on sale shows 面议 to every buyer: asked first.
  const [confirmClear, setConfirmClear] = useState(false);
  const save = async (confirmed = false) => {
    const trimmed = text.trim();
    if (trimmed === initial) return setError(null);
    const price = trimmed === '' || trimmed === '面议' ? null : priceFromText(trimmed);
    if (price !== null) {
      // The reason, not just a red border: 0, -5, ８ (full-width), 258000.999.
      const problem = priceTextProblem(trimmed);
      if (problem) return setError(problem);
    }
    if (price === null && initial !== '' && row.status === 'on_sale' && !confirmed) return setConfirmClear(true);
    setConfirmClear(false);
    setError(null);
    setBusy(true);
    let stale = false;
    const ok = await mutate(() => quickEditProduct(row.id, { price, version: row.version }), { quiet: true, onStale: () => (stale = true) });
    if (stale) {
      // Someone changed the product since the list loaded: the list reloads with the latest
      // version and the typed price stays in the box, to be saved again with Enter. The box stays
      // busy until the reload is in, so that Enter never sends the stale version again.
      onDraft(trimmed);
      await onSaved();
      setError(STALE_PRICE_HINT);
      setBusy(false);
      return;
    }
    setBusy(false);
    if (ok) {
      onDraft(null);
      message.success(`「${row.name}」价格已改为${formatPrice(price)}`);
      void onSaved();
    } else setText(initial);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.currentTarget.blur();
    if (e.key === 'Escape') {
      setText(initial);
      setError(null);
    }
  };
  return (
    <div className="bo-inline-price">
      <span>¥</span>
      <input
        value={text}
        placeholder="面议"
        inputMode="decimal"
        aria-label={`${row.name}的价格`}
        aria-invalid={error ? true : undefined}
        className={error ? 'bo-invalid' : undefined}
        disabled={busy}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={onKey}
        data-testid="inline-price"
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={confirmClear} onClose={() => (setConfirmClear(false), setText(initial))} title="改为面议" width={420} testId="confirm-clear-price">
        <div className="bo-confirm-body">清空价格后，「{row.name}」在商城和店铺中将显示为「面议」。确定吗？</div>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={() => (setConfirmClear(false), setText(initial))}>
            取消
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void save(true)} data-testid="confirm-clear-price-ok">
            改为面议
          </button>
        </div>
      </Modal>
    </div>
  );
}

type TBatchPriceMode = 'percent' | 'price' | 'negotiable';
type TBatchPriceValues = { mode: TBatchPriceMode; direction: 'up' | 'down'; percent: string; rounding: 'cent' | 'yuan'; price: string };

/** The percentage typed (a positive number; 涨价/降价 gives the sign), NaN for anything else (the contract names the rule). */
const percentFromText = (text: string, direction: 'up' | 'down') => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) * (direction === 'up' ? 1 : -1) : Number.NaN);

const batchPricePayload = (ids: number[], v: TBatchPriceValues): TProductBatchPrice =>
  v.mode === 'percent' ? { ids, percent: percentFromText(v.percent, v.direction), rounding: v.rounding } : { ids, price: v.mode === 'negotiable' ? null : priceFromText(v.price) };

/** What the contract cannot know from the numbers sent: a box left empty, full-width digits, a minus sign. */
function batchPriceRules(v: TBatchPriceValues): TFieldErrors {
  if (v.mode === 'percent') {
    const t = v.percent.trim();
    if (t === '') return { percent: '请输入调价比例' };
    if (/[０-９．]/.test(t)) return { percent: '请用半角数字填写调价比例' };
    if (t.startsWith('-')) return { percent: '调价比例请填正数，降价请选择“降价”' };
    return {};
  }
  if (v.mode === 'price') {
    if (v.price.trim() === '') return { price: '请填写统一价格' };
    const problem = priceTextProblem(v.price);
    return problem ? { price: problem } : {};
  }
  return {};
}

/**
 * 批量改价 on the form mechanism: by a percentage, one price for all, or 面议. The rules are the
 * contract's (ZProductBatchPrice, ZPrice: 价格必须大于0, 最多保留两位小数 …); the preview is shown only
 * for an accepted value. Clearing prices of goods on sale to 面议 asks first, as the inline price does.
 */
export function BatchPriceModal({ rows, onClose, onDone }: { rows: TSupplierProductRow[]; onClose: () => void; onDone: () => void }) {
  const ids = rows.map((r) => r.id);
  const form = useSchemaForm({
    schema: ZProductBatchPrice,
    initial: { mode: 'percent', direction: 'up', percent: '5', rounding: 'cent', price: '' } as TBatchPriceValues,
    toPayload: (v) => batchPricePayload(ids, v),
    rules: batchPriceRules,
  });
  const { values, errors, set, setValues } = form;
  const [confirming, setConfirming] = useState(false);
  const priced = rows.filter((r) => r.price !== null);
  const shownToBuyers = rows.filter((r) => r.price !== null && r.status === 'on_sale');

  // The preview follows only a value the rules accept (never a refused one).
  const payload = batchPricePayload(ids, values);
  const accepted = ZProductBatchPrice.safeParse(payload).success && Object.keys(batchPriceRules(values)).length === 0;
  const percent = payload.percent ?? 0;
  const after = (p: number | null): number | null => {
    if (payload.percent === undefined) return (payload.price as number | null | undefined) ?? null;
    if (p === null) return null;
    const next = p * (1 + percent / 100);
    return values.rounding === 'yuan' ? Math.max(1, Math.round(next)) : Math.max(0.01, Math.round(next * 100) / 100);
  };
  const previewRows = values.mode === 'percent' ? priced : rows;

  const send = async (body: TProductBatchPrice, confirmed: boolean) => {
    if (body.price === null && shownToBuyers.length > 0 && !confirmed) return setConfirming(true);
    if (await mutate(() => batchPrice(body))) onDone();
    else setConfirming(false);
  };
  const submit = form.handleSubmit((body) => send(body, false));

  return (
    <Modal open onClose={onClose} title="批量改价" width={540} testId="batch-price">
      {confirming ? (
        <div data-testid="confirm-batch-negotiable">
          <div className="bo-confirm-body">
            清空价格后，选中的 {shownToBuyers.length} 件在售商品在商城和店铺中将显示为「面议」。确定吗？
          </div>
          <div className="bo-modal-actions">
            <button type="button" className="btn" onClick={() => setConfirming(false)} disabled={form.isSubmitting}>
              返回修改
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void form.run((body) => send(body, true))} disabled={form.isSubmitting} data-testid="confirm-batch-negotiable-ok">
              {form.isSubmitting ? '正在保存…' : '改为面议'}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} onBlur={form.onBlur} noValidate className="bo-modal-form bo-batch-price">
          <p className="muted">
            已选 {rows.length} 件商品{values.mode === 'percent' && <>，其中 {priced.length} 件有标价（面议商品不受影响）</>}。
          </p>
          <div className={`bo-batch-option${errors.percent ? ' field-invalid' : ''}`}>
            <label className="checkbox">
              <input type="radio" name="mode" value="percent" checked={values.mode === 'percent'} onChange={() => set('mode', 'percent')} {...BOUND} /> 按比例调价
            </label>
            <div className="bo-inline-fields">
              <select value={values.direction} onChange={(e) => setValues({ direction: e.target.value as 'up' | 'down', mode: 'percent' })} aria-label="涨价或降价" {...BOUND}>
                <option value="up">涨价</option>
                <option value="down">降价</option>
              </select>
              <input {...form.field('percent')} onChange={(e) => setValues({ percent: e.target.value, mode: 'percent' })} inputMode="decimal" aria-label="百分比" data-testid="batch-percent" />
              <span>%</span>
              <select value={values.rounding} onChange={(e) => setValues({ rounding: e.target.value as 'cent' | 'yuan', mode: 'percent' })} aria-label="取整方式" {...BOUND}>
                <option value="cent">保留到分</option>
                <option value="yuan">取整到元</option>
              </select>
            </div>
            {errors.percent && (
              <p className="field-error" role="alert">
                {errors.percent}
              </p>
            )}
          </div>
          <div className={`bo-batch-option${errors.price ? ' field-invalid' : ''}`}>
            <label className="checkbox">
              <input type="radio" name="mode" value="price" checked={values.mode === 'price'} onChange={() => set('mode', 'price')} {...BOUND} /> 统一改为
            </label>
            <div className="bo-inline-fields">
              <span>¥</span>
              <input {...form.field('price')} onChange={(e) => setValues({ price: e.target.value, mode: 'price' })} inputMode="decimal" aria-label="统一价格" placeholder="如 12800" data-testid="batch-unified-price" />
              <span>元</span>
            </div>
            {errors.price && (
              <p className="field-error" role="alert">
                {errors.price}
              </p>
            )}
          </div>
          <div className="bo-batch-option">
            <label className="checkbox">
              <input type="radio" name="mode" value="negotiable" checked={values.mode === 'negotiable'} onChange={() => set('mode', 'negotiable')} {...BOUND} /> 改为面议（清空价格，买家看到「面议」）
            </label>
          </div>
          {accepted && previewRows.length > 0 && (
            <table className="bo-table bo-table-compact" data-testid="batch-price-preview">
              <thead>
                <tr>
                  <th>商品</th>
                  <th className="bo-num">原价</th>
                  <th className="bo-num">调整后</th>
                </tr>
              </thead>
              <tbody>
                {previewRows.slice(0, 5).map((r) => (
                  <tr key={r.id}>
                    <td className="bo-ellipsis" title={r.name}>
                      {r.name}
                    </td>
                    <td className="bo-num">{formatPrice(r.price)}</td>
                    <td className={`bo-num ${percent > 0 ? 'bo-up' : percent < 0 ? 'bo-down' : ''}`}>{formatPrice(after(r.price))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="bo-modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              取消
            </button>
            <button type="submit" className="btn btn-primary" disabled={form.isSubmitting || (values.mode === 'percent' && priced.length === 0)}>
              {form.isSubmitting ? '正在保存…' : '确认改价'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** 批量设置店铺分类 on the form mechanism: the target is chosen explicitly (未分类 too), as the contract requires. */
export function BatchCategoryModal({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const cats = useQuery(storeCategoriesQuery());
  const form = useSchemaForm({
    schema: ZProductBatchStoreCategory,
    initial: { storeCategoryId: '' },
    // Nothing chosen is sent as nothing (the contract's 请选择…), 未分类 as null.
    toPayload: (v) => ({ ids, storeCategoryId: v.storeCategoryId === '' ? undefined : v.storeCategoryId === NO_STORE_CATEGORY ? null : Number(v.storeCategoryId) }),
  });
  const submit = form.handleSubmit(async (body) => {
    if (await mutate(() => batchStoreCategory(body.ids, body.storeCategoryId))) onDone();
  });
  return (
    <Modal open onClose={onClose} title="批量设置店铺分类" width={440} testId="batch-category">
      <form onSubmit={submit} onBlur={form.onBlur} noValidate className="bo-modal-form bo-batch-category">
        <Field label={`将选中的 ${ids.length} 件商品移到：`} error={form.errors.storeCategoryId}>
          <select {...form.field('storeCategoryId')} aria-label="目标店铺分类">
            <option value="">请选择店铺分类</option>
            <option value={NO_STORE_CATEGORY}>未分类</option>
            {storeCategoryOptions(cats.data).map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary" disabled={form.isSubmitting}>
            {form.isSubmitting ? '正在保存…' : '确定'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function ProductManagementPage() {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['status', 'keyword', 'storeCategoryId'] as const);
  const [dialog, setDialog] = useState<'price' | 'category' | 'off_shelf' | null>(null);
  const [statusBusy, setStatusBusy] = useState(false);
  const query: TProductListQuery = {
    status: (values.status || undefined) as TProductStatus | undefined,
    keyword: values.keyword || undefined,
    storeCategoryId: values.storeCategoryId ? Number(values.storeCategoryId) : undefined,
    page,
    pageSize: PAGE_SIZE,
  };
  // The selection belongs to the rows on screen: another page or filter starts with none.
  const listKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: listKey, ids: [] });
  const selected = selection.key === listKey ? selection.ids : [];
  const setSelected = (ids: number[]) => setSelection({ key: listKey, ids });
  const q = useQuery(productsQuery(query));
  const [priceDrafts, setPriceDrafts] = useState<Record<number, string>>({});
  const cats = useQuery(storeCategoriesQuery());
  const options = storeCategoryOptions(cats.data);
  const refresh = () => client.invalidateQueries({ queryKey: ['supplier'] });
  const done = () => {
    setDialog(null);
    setSelected([]);
    void refresh();
  };

  if (q.isLoading) return <Loading rows={10} />;
  if (q.error || !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  const data = q.data;
  const rowSelection: RowSelectionState = Object.fromEntries(selected.map((id) => [String(id), true]));
  const onRowSelection: OnChangeFn<RowSelectionState> = (u) => {
    const next = typeof u === 'function' ? u(rowSelection) : u;
    setSelected(Object.keys(next).filter((k) => next[k]).map(Number));
  };
  const selectedRows = data.items.filter((r) => selected.includes(r.id));

  const quick = async (row: TSupplierProductRow, patch: { status?: TProductStatus; storeCategoryId?: number | null }) => {
    if (await mutate(() => quickEditProduct(row.id, { ...patch, version: row.version }), { quiet: true, onStale: () => void refresh() })) {
      message.success(`「${row.name}」已更新`);
      void refresh();
    }
  };
  const setStatus = async (status: 'on_sale' | 'off_shelf') => {
    setStatusBusy(true);
    const ok = await mutate(() => batchStatus(selected, status));
    setStatusBusy(false);
    if (ok) done();
  };
  // 下架 takes goods out of the shop and the store for every buyer: asked first (issue 31, inline edits).
  const onSaleSelected = selectedRows.filter((r) => r.status === 'on_sale').length;

  const columns: TListColumn<TSupplierProductRow>[] = [
    {
      id: 'name',
      header: '商品名称 / 型号',
      cell: (row) => (
        <>
          <AppLink to={`/admin/supplier/goods/goodDetail?id=${row.id}`} className="bo-product-name">
            {row.name}
          </AppLink>
          <div className="muted bo-small">{row.model ?? '—'}</div>
        </>
      ),
    },
    { id: 'price', header: '价格（元）', width: 170, cell: (row) => (
        <PriceCell
          key={`${row.id}-${row.price}`}
          row={row}
          onSaved={refresh}
          draft={priceDrafts[row.id]}
          onDraft={(text) =>
            setPriceDrafts((d) => {
              const next = { ...d };
              if (text === null) delete next[row.id];
              else next[row.id] = text;
              return next;
            })
          }
        />
      ),
    },
    { id: 'unit', header: '单位', width: 60, cellClassName: 'muted', cell: (row) => row.unit },
    {
      id: 'status',
      header: '状态',
      width: 120,
      cell: (row) => (
        <select className={`bo-status-select bo-status-${row.status}`} value={row.status} aria-label={`${row.name}的状态`} onChange={(e) => void quick(row, { status: e.target.value as TProductStatus })}>
          {(Object.keys(PRODUCT_STATUSES) as TProductStatus[]).map((s) => (
            <option key={s} value={s}>
              {PRODUCT_STATUSES[s]}
            </option>
          ))}
        </select>
      ),
    },
    {
      id: 'storeCategory',
      header: '店铺分类',
      width: 170,
      cell: (row) => (
        <select value={row.storeCategoryId ?? ''} aria-label={`${row.name}的店铺分类`} onChange={(e) => void quick(row, { storeCategoryId: e.target.value ? Number(e.target.value) : null })}>
          <option value="">未分类</option>
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      ),
    },
    { id: 'views', header: '浏览', width: 64, className: 'bo-num', cell: (row) => row.views },
    { id: 'updatedAt', header: '更新', width: 96, cellClassName: 'muted bo-small', cell: (row) => formatMonthDayTime(row.updatedAt) },
  ];

  return (
    <div className="bo-page" data-testid="product-management">
      <PageHeader
        title="产品管理"
        subtitle="在表格中直接改价格、状态和店铺分类（回车或移开光标即保存）；勾选多件商品可批量操作"
        crumbs={[{ to: '/admin/supplier', label: '供应商中心' }]}
        actions={
          <AppLink className="btn" to="/admin/supplier/goods">
            商品列表
          </AppLink>
        }
      />
      <div className="bo-card bo-card-flush">
        <div className="bo-toolbar">
          <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="商品名称或型号" label="搜索商品" />
          <select aria-label="状态" value={values.status} onChange={(e) => update({ status: e.target.value })}>
            <option value="">全部状态（{data.counts.all}）</option>
            {(Object.keys(PRODUCT_STATUSES) as TProductStatus[]).map((s) => (
              <option key={s} value={s}>
                {PRODUCT_STATUSES[s]}（{data.counts[s]}）
              </option>
            ))}
          </select>
          <select aria-label="店铺分类" value={values.storeCategoryId} onChange={(e) => update({ storeCategoryId: e.target.value })}>
            <option value="">全部店铺分类</option>
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className={`bo-bulkbar${selected.length ? '' : ' bo-bulkbar-idle'}`}>
          <span>{selected.length ? <>已选 <strong>{selected.length}</strong> 件</> : '勾选商品后可批量操作'}</span>
          <button type="button" className="btn" disabled={!selected.length} onClick={() => setDialog('price')} data-testid="open-batch-price">
            批量改价
          </button>
          <button type="button" className="btn" disabled={!selected.length} onClick={() => setDialog('category')}>
            设置店铺分类
          </button>
          <button type="button" className="btn" disabled={!selected.length || statusBusy} onClick={() => void setStatus('on_sale')}>
            上架
          </button>
          <button type="button" className="btn" disabled={!selected.length || statusBusy} onClick={() => (onSaleSelected > 0 ? setDialog('off_shelf') : void setStatus('off_shelf'))}>
            下架
          </button>
        </div>
        <MatchNotice notice={q.data?.notice} items={q.data?.items.length ?? 0} />
        <ListBody
          query={q}
          columns={columns}
          getRowId={(row) => row.id}
          className="bo-sheet"
          selection={{ state: rowSelection, onChange: onRowSelection, label: (row) => `选择${row.name}` }}
          empty={<Empty>没有符合条件的商品</Empty>}
          loading={<Loading rows={10} />}
          error={(e, retry) => <LoadError error={e} retry={retry} />}
          onPage={(p) => update({ page: p })}
        />
      </div>
      {dialog === 'price' && <BatchPriceModal rows={selectedRows} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'category' && <BatchCategoryModal ids={selected} onClose={() => setDialog(null)} onDone={done} />}
      <Modal open={dialog === 'off_shelf'} onClose={() => setDialog(null)} title="批量下架" width={420} testId="confirm-batch-off-shelf">
        <div className="bo-confirm-body">下架后，选中的 {onSaleSelected} 件在售商品将从商城和店铺中撤下，买家将无法查看。确定吗？</div>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={() => setDialog(null)} disabled={statusBusy}>
            取消
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void setStatus('off_shelf')} disabled={statusBusy} data-testid="confirm-batch-off-shelf-ok">
            {statusBusy ? '正在下架…' : '下架'}
          </button>
        </div>
      </Modal>
    </div>
  );
}
