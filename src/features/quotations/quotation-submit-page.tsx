// /demand/quotation?demandId= | ?inquiryId= — a supplier answers a demand or an inquiry with a
// quotation (lines, answers to the demand's parameters, valid-until, notes, attachments), or
// revises its existing one (a new version) while the demand takes quotations.
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  QUOTE_MODE_LABEL,
  deadlineCountdown,
  defaultValidUntil,
  formatMoney,
  minValidUntil,
  quotationWithdrawAllowed,
  VALID_BEFORE_DEADLINE,
  VAT_RATE,
  ZQuotationInput,
  ZQuotationLine,
  ZQuotationRevise,
  type TAttachment,
  type TDemandDetail,
  type TInquiryItem,
  type TQuotationDetail,
  type TQuotationInput,
  type TQuotationRevise,
} from '@contracts/trade';
import { STALE_EDIT_MESSAGE } from '@contracts/backoffice';
import { formatDay, todayInChina } from '@contracts/time';
import { Field } from '@/components/form/field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { AttachmentField } from '@/components/attachments';
import { openLoginModal } from '@/shared/login-modal';
import { pageTitle } from '@/config';
import { useSession } from '@/shared/session';
import { LIVE_CHANGED_TEXT, useLiveHold } from '@/shared/live-sync';
import { demandQuery, inquiryQuery, quotationQuery, reviseQuotation, submitQuotation, withdrawQuotation } from './api/quotations-api';
import { StateBadge } from './components/common';
import '@/styles/trade.css';

type TLineForm = { brand: string; model: string; unitPrice: string; taxIncluded: boolean; quantity: string; leadTimeDays: string; warrantyMonths: string; paymentTerms: string };
const emptyLine = (quantity = 1): TLineForm => ({ brand: '', model: '', unitPrice: '', taxIncluded: true, quantity: String(quantity), leadTimeDays: '30', warrantyMonths: '12', paymentTerms: '预付30%，验收合格后付70%' });

type TQuoteForm = { lines: TLineForm[]; specs: Record<string, string>; validUntil: string; notes: string; files: TAttachment[] };

/** Typed text as numbers (blank is not a number: the contract says which rule it breaks), text trimmed, answers to the demand's parameters that were given. */
const quotationBody = (v: TQuoteForm, requirements: readonly { name: string }[]) => ({
  lines: v.lines.map((l) => ({
    brand: l.brand.trim(),
    model: l.model.trim(),
    unitPrice: l.unitPrice === '' ? Number.NaN : Number(l.unitPrice),
    taxIncluded: l.taxIncluded,
    quantity: l.quantity === '' ? Number.NaN : Number(l.quantity),
    leadTimeDays: l.leadTimeDays === '' ? Number.NaN : Number(l.leadTimeDays),
    warrantyMonths: l.warrantyMonths === '' ? Number.NaN : Number(l.warrantyMonths),
    paymentTerms: l.paymentTerms.trim(),
  })),
  specs: requirements.filter((r) => (v.specs[r.name] ?? '').trim()).map((r) => ({ name: r.name, value: v.specs[r.name]!.trim() })),
  validUntil: v.validUntil,
  notes: v.notes.trim(),
  attachmentIds: v.files.map((f) => f.id),
});

/** A line's amount from the values the server accepts (the contract's rules for 单价 and 数量), or null while either is refused. */
function lineAmount(l: { unitPrice: string; quantity: string }): number | null {
  const price = ZQuotationLine.shape.unitPrice.safeParse(l.unitPrice === '' ? Number.NaN : Number(l.unitPrice));
  const quantity = ZQuotationLine.shape.quantity.safeParse(l.quantity);
  return price.success && quantity.success ? price.data * quantity.data : null;
}

export default function QuotationSubmitPage() {
  const [params] = useSearchParams();
  const demandId = Number(params.get('demandId')) || 0;
  const inquiryId = Number(params.get('inquiryId')) || 0;
  const { signedIn, user } = useSession();
  const isSupplier = Boolean(user?.roles.includes('supplier'));
  let body: React.ReactNode;
  if (!demandId && !inquiryId) body = <div className="panel empty">请从求购大厅或询价管理进入报价页面。</div>;
  else if (!signedIn)
    body = (
      <div className="trade-gate panel">
        <div className="trade-gate-icon" aria-hidden>
          登
        </div>
        <h2>供应商登录后报价</h2>
        <p className="muted">报价为密封报价，仅采购方可见。请使用供应商账号登录。</p>
        <button type="button" className="btn btn-primary" onClick={openLoginModal}>
          登录
        </button>
      </div>
    );
  else if (!isSupplier)
    body = (
      <div className="trade-gate panel">
        <div className="trade-gate-icon" aria-hidden>
          供
        </div>
        <h2>只有入驻供应商可以报价</h2>
        <p className="muted">您的账号还不是供应商。入驻后即可对求购和询价进行报价。</p>
        <AppLink className="btn btn-primary" to="/service/settle">
          了解供应商入驻
        </AppLink>
      </div>
    );
  else body = demandId ? <ForDemand id={demandId} /> : <ForInquiry id={inquiryId} />;
  return (
    <div className="trade-page">
      <div className="container">
        <nav className="breadcrumb" aria-label="面包屑">
          <AppLink to="/">首页</AppLink>
          <span>/</span>
          <AppLink to={demandId ? '/demand' : '/admin/supplier/inquiry'}>{demandId ? '求购大厅' : '询价管理'}</AppLink>
          <span>/</span>
          <span>提交报价</span>
        </nav>
        {body}
      </div>
    </div>
  );
}

function ForDemand({ id }: { id: number }) {
  const { data: demand, isLoading, error } = useQuery(demandQuery(id));
  const existingId = demand?.myQuotation?.id;
  const existing = useQuery({ ...quotationQuery(existingId ?? 0), enabled: Boolean(existingId) });
  if (isLoading || (existingId && existing.isLoading)) return <div className="panel empty">加载中...</div>;
  if (error || !demand) return <div className="panel empty">{(error as Error)?.message ?? '求购不存在'}</div>;
  return <QuotationEditor demand={demand} existing={existing.data ?? null} />;
}

function ForInquiry({ id }: { id: number }) {
  const { data: inquiry, isLoading, error } = useQuery(inquiryQuery(id));
  const existingId = inquiry?.quotation?.id;
  const existing = useQuery({ ...quotationQuery(existingId ?? 0), enabled: Boolean(existingId) });
  if (isLoading || (existingId && existing.isLoading)) return <div className="panel empty">加载中...</div>;
  if (error || !inquiry) return <div className="panel empty">{(error as Error)?.message ?? '询价不存在'}</div>;
  return <QuotationEditor inquiry={inquiry} existing={existing.data ?? null} />;
}

export function QuotationEditor({ demand, inquiry, existing }: { demand?: TDemandDetail; inquiry?: TInquiryItem; existing: TQuotationDetail | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const subject = demand?.title ?? inquiry?.subject ?? '';
  const quantity = demand?.quantity ?? inquiry?.quantity ?? 1;
  const requirements = useMemo(() => demand?.params ?? [], [demand]);
  const current = existing?.current;
  // 30 days by default, never ending before the demand's own quote deadline (the server refuses that).
  const earliestValid = minValidUntil(demand?.quoteDeadline);
  // The values and the version the form was opened on (not the live ones, which a refetch may move on):
  // a revision from it after another window's is refused with 409, and the typed values stay in the form.
  const [opened] = useState(() => ({
    values: {
      lines: current
        ? current.lines.map((l) => ({ brand: l.brand, model: l.model, unitPrice: String(l.unitPrice), taxIncluded: l.taxIncluded, quantity: String(l.quantity), leadTimeDays: String(l.leadTimeDays), warrantyMonths: String(l.warrantyMonths), paymentTerms: l.paymentTerms }))
        : [emptyLine(quantity)],
      specs: Object.fromEntries((current?.specs ?? []).map((s) => [s.name, s.value])),
      validUntil: current?.validUntil ? formatDay(current.validUntil) : defaultValidUntil(demand?.quoteDeadline),
      notes: current?.notes ?? '',
      files: existing?.attachments ?? [],
    } as TQuoteForm,
    version: existing?.version,
  }));
  const form = useSchemaForm({
    // The request the server checks: a new quotation names its demand or inquiry, a revision the version it was opened on.
    schema: (existing ? ZQuotationRevise : ZQuotationInput) as z.ZodType<TQuotationInput | TQuotationRevise>,
    initial: opened.values,
    version: opened.version,
    toPayload: (v, version) => {
      const body = quotationBody(v, requirements);
      return existing ? { ...body, version } : { ...(demand ? { demandId: demand.id } : { inquiryId: inquiry?.id }), ...body };
    },
    // The server's rule the schema cannot know: a quotation on a demand stays valid at least until its quote deadline.
    rules: (v): Record<string, string> => (v.validUntil >= todayInChina() && v.validUntil < earliestValid ? { validUntil: VALID_BEFORE_DEADLINE } : {}),
    onInvalid: (messages) => message.error(Object.values(messages)[0] ?? '请检查报价内容'),
  });
  const { values, errors } = form;
  const lines = values.lines;
  const uid = useId();
  const [withdrawing, setWithdrawing] = useState(false);
  const [reloading, setReloading] = useState(false);
  // Once the supplier types, live changes to what the form was opened from (the inquiry or demand, the
  // quotation) wait: the form is not touched, and says 「有新的变化」 instead.
  const [editing, setEditing] = useState(false);
  const changed = useLiveHold(editing ? [demand ? ['demands', 'detail', demand.id] : ['inquiries', 'detail', inquiry?.id ?? 0], ...(existing ? [['quotations', 'detail', existing.id]] : [])] : null);

  useEffect(() => {
    document.title = pageTitle(`报价：${subject}`);
  }, [subject]);

  const accepting = demand ? demand.accepting : inquiry?.status !== 'CLOSED';
  const editable = existing ? existing.canRevise : accepting;
  // Derived from accepted values only: a refused unit price or quantity (0.004, -5) makes no 小计 or 合计.
  const amounts = lines.map(lineAmount);
  const complete = amounts.every((a) => a !== null);
  const total = complete ? amounts.reduce<number>((s, a) => s + a!, 0) : null;
  const withTax = complete ? lines.reduce((s, l, i) => s + amounts[i]! * (l.taxIncluded ? 1 : 1 + VAT_RATE), 0) : null;
  const setLines = (update: (ls: TLineForm[]) => TLineForm[]) => form.setValues((all) => ({ ...all, lines: update(all.lines) }));
  const setLine = (i: number, patch: Partial<TLineForm>) => setLines((ls) => ls.map((l, k) => (k === i ? { ...l, ...patch } : l)));

  // A refusal keeps every typed value; a message the server gives for a field shows on that field.
  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      const res = existing ? await reviseQuotation(existing.id, payload as TQuotationRevise) : await submitQuotation(payload as TQuotationInput);
      if (res.code !== 200 || !res.data) {
        if (res.code === 409 && res.msg === STALE_EDIT_MESSAGE) form.conflict();
        if (res.msg === VALID_BEFORE_DEADLINE) form.setError('validUntil', res.msg);
        return void message.error(res.msg);
      }
      form.saved();
      message.success(res.msg);
      await queryClient.invalidateQueries({ queryKey: ['quotations'] });
      await queryClient.invalidateQueries({ queryKey: ['demands'] });
      await queryClient.invalidateQueries({ queryKey: ['inquiries'] });
      void navigate(`/admin/supplier/quotation/detail?id=${res.data.id}`);
    } catch {
      message.error('网络异常，请稍后再试');
    }
  });

  /** Takes the latest version (the typed values stay) so the next save can go through. */
  const onReloadLatest = async () => {
    if (!existing) return;
    setReloading(true);
    try {
      await form.reload(async () => (await queryClient.fetchQuery({ ...quotationQuery(existing.id), staleTime: 0 })).version);
    } catch (err) {
      message.error((err as Error).message || '网络异常，请稍后再试');
    } finally {
      setReloading(false);
    }
  };

  const onWithdraw = async () => {
    if (!existing || withdrawing || !window.confirm('撤回后不能再次对该求购报价，确定撤回吗？')) return;
    setWithdrawing(true);
    try {
      const res = await withdrawQuotation(existing.id).catch(() => null);
      if (!res) return void message.error('网络异常，请稍后再试');
      if (res.code !== 200) return void message.error(res.msg);
      message.success('报价已撤回');
      await queryClient.invalidateQueries({ queryKey: ['quotations'] });
      await queryClient.invalidateQueries({ queryKey: ['demands'] });
      void navigate(`/admin/supplier/quotation/detail?id=${existing.id}`);
    } finally {
      setWithdrawing(false);
    }
  };

  // The countdown only while this supplier can still act on the deadline (quote or revise).
  const left = demand && editable ? deadlineCountdown(demand) : null;
  return (
    <div className="quote-layout">
      <aside className="quote-brief">
        <section className="panel">
          <div className="brief-kind">{demand ? '求购' : inquiry?.fromQuick ? '平台分发询价' : '商品询价'}</div>
          <h2 className="brief-title">{subject}</h2>
          <dl className="brief-facts">
            <div>
              <dt>采购数量</dt>
              <dd>
                {quantity} {demand?.unit ?? inquiry?.unit ?? ''}
              </dd>
            </div>
            {demand && (
              <>
                <div>
                  <dt>采购方</dt>
                  <dd>{demand.buyer}</dd>
                </div>
                <div>
                  <dt>收货地区</dt>
                  <dd>{[demand.province, demand.city].filter(Boolean).join(' ') || '—'}</dd>
                </div>
                <div>
                  <dt>采购预算</dt>
                  <dd>{demand.budgetHidden ? '保密' : formatMoney(demand.budget)}</dd>
                </div>
                <div>
                  <dt>期望交货</dt>
                  <dd>{formatDay(demand.needBy)}</dd>
                </div>
                <div>
                  <dt>报价截止</dt>
                  <dd>
                    {formatDay(demand.quoteDeadline)}{' '}
                    {left && (
                      <span className={left.urgent ? 'text-danger' : 'muted'} data-testid="deadline-countdown">
                        {left.text}
                      </span>
                    )}
                  </dd>
                </div>
                <div>
                  <dt>已有报价</dt>
                  <dd>
                    {demand.quotationCount} / {demand.quoteCap} 家
                  </dd>
                </div>
                <div>
                  <dt>报价方式</dt>
                  <dd data-testid="quote-form-mode">{QUOTE_MODE_LABEL[demand.quoteMode]}</dd>
                </div>
              </>
            )}
            {inquiry && (
              <>
                <div>
                  <dt>询价人</dt>
                  <dd>
                    {inquiry.contactName} {inquiry.companyName ? `（${inquiry.companyName}）` : ''}
                  </dd>
                </div>
                <div>
                  <dt>联系电话</dt>
                  <dd>{inquiry.contactPhone}</dd>
                </div>
              </>
            )}
          </dl>
          {demand?.description && <p className="brief-desc pre-wrap">{demand.description}</p>}
          {inquiry?.message && <p className="brief-desc pre-wrap">{inquiry.message}</p>}
          {demand?.quoteMode === 'sealed' ? (
            <p className="sealed-note" data-testid="quote-mode-note">
              <b>密封报价</b>报价截止或采购方停止报价（开标）前，采购方看不到您的价格、明细和附件，其他供应商始终无法查看；开标前您可以修改或撤回报价，开标后不能再修改或撤回。
            </p>
          ) : demand ? (
            <p className="sealed-note" data-testid="quote-mode-note">
              <b>公开报价</b>提交后采购方即可查看您的报价价格和明细；其他供应商无法查看。
            </p>
          ) : (
            <p className="sealed-note">
              <b>密封</b>您的报价仅采购方可见，其他供应商无法查看。
            </p>
          )}
        </section>
      </aside>

      <form className="quote-main" onSubmit={onSubmit} onBlur={form.onBlur} onChange={() => setEditing(true)} noValidate data-testid="quotation-form">
        {existing && (
          <div className={`notice ${existing.canRevise ? 'notice-info' : 'notice-warning'}`} data-testid="existing-quotation">
            您已对此报价（第{existing.version}版，<StateBadge state={existing.status} />）。
            {existing.canRevise ? '修改后提交将生成第' + (existing.version + 1) + '版，采购方看到的是最新版本。' : `${existing.reviseBlocked ?? '当前不能再修改'}。`}
            <AppLink to={`/admin/supplier/quotation/detail?id=${existing.id}`}>查看报价详情</AppLink>
          </div>
        )}
        {form.stale && (
          <div className="notice notice-warning" role="alert" data-testid="stale-banner">
            <strong>{STALE_EDIT_MESSAGE}</strong>
            <br />
            您填写的内容仍保留在表单中。点击「重新加载」获取最新版本，核对后可再次提交。
            <button type="button" className="btn btn-sm" style={{ marginLeft: 8 }} disabled={reloading} data-testid="stale-reload" onClick={() => void onReloadLatest()}>
              {reloading ? '加载中...' : '重新加载'}
            </button>
          </div>
        )}
        {!existing && !accepting && <div className="notice notice-warning">{demand ? '该求购已停止接收报价。' : '该询价已关闭。'}</div>}

        <section className="panel form-section">
          <h2 className="section-title">
            <span>1</span>报价明细
          </h2>
          <div className="line-cards">
            {lines.map((l, i) => {
              // Each field of the line shows its own message (the contract's, to the letter) under it.
              const err = (k: keyof TLineForm) => errors[`lines.${i}.${k}`];
              const ids = `${uid}-${i}`;
              const bind = (k: Exclude<keyof TLineForm, 'taxIncluded'>) => ({
                name: `${k}-${i}`,
                'data-field': `lines.${i}.${k}`,
                value: l[k],
                disabled: !editable,
                'aria-invalid': err(k) ? (true as const) : undefined,
                // Named by its label only; the message describes it.
                'aria-labelledby': `${ids}-${k}-label`,
                'aria-describedby': err(k) ? `${ids}-${k}-error` : undefined,
                onChange: (e: ChangeEvent<HTMLInputElement>) => setLine(i, { [k]: e.target.value }),
              });
              const shown = (k: keyof TLineForm) =>
                err(k) && (
                  <span className="field-error" role="alert" id={`${ids}-${k}-error`} data-testid={`line-error-${k}`}>
                    {err(k)}
                  </span>
                );
              const subtotal = amounts[i] ?? null;
              return (
                <div key={i} className="line-card" data-testid="quote-line">
                  <div className="line-card-head">
                    <strong>第 {i + 1} 项</strong>
                    <span className="muted small" data-testid="line-subtotal">
                      小计 {subtotal === null ? '—' : formatMoney(Math.round(subtotal * 100) / 100)}
                    </span>
                    {editable && lines.length > 1 && (
                      <button type="button" className="link-button danger" onClick={() => setLines((ls) => ls.filter((_, k) => k !== i))}>
                        删除
                      </button>
                    )}
                  </div>
                  <div className="line-grid">
                    <label className="line-field">
                      <span id={`${ids}-brand-label`}>品牌 *</span>
                      <input {...bind('brand')} maxLength={40} placeholder="如：安捷伦" />
                      {shown('brand')}
                    </label>
                    <label className="line-field wide">
                      <span id={`${ids}-model-label`}>型号 *</span>
                      <input {...bind('model')} maxLength={60} placeholder="如：8890 GC" />
                      {shown('model')}
                    </label>
                    <label className="line-field">
                      <span id={`${ids}-unitPrice-label`}>单价（元）*</span>
                      <div className="input-group">
                        <input {...bind('unitPrice')} type="number" min={0} step="0.01" />
                        <select aria-label="是否含税" value={l.taxIncluded ? '1' : '0'} disabled={!editable} onChange={(e) => setLine(i, { taxIncluded: e.target.value === '1' })}>
                          <option value="1">含税</option>
                          <option value="0">不含税</option>
                        </select>
                      </div>
                      {shown('unitPrice')}
                    </label>
                    <label className="line-field">
                      <span id={`${ids}-quantity-label`}>数量 *</span>
                      <input {...bind('quantity')} type="number" min={1} />
                      {shown('quantity')}
                    </label>
                    <label className="line-field">
                      <span id={`${ids}-leadTimeDays-label`}>交货期（天）</span>
                      <input {...bind('leadTimeDays')} type="number" min={0} />
                      {shown('leadTimeDays')}
                    </label>
                    <label className="line-field">
                      <span id={`${ids}-warrantyMonths-label`}>质保（月）</span>
                      <input {...bind('warrantyMonths')} type="number" min={0} />
                      {shown('warrantyMonths')}
                    </label>
                    <label className="line-field">
                      <span id={`${ids}-paymentTerms-label`}>付款方式 *</span>
                      <input {...bind('paymentTerms')} maxLength={60} />
                      {shown('paymentTerms')}
                    </label>
                  </div>
                </div>
              );
            })}
          </div>
          {/* A rule of the lines as a whole (at least one, at most 20, the sum): under the lines. */}
          {errors.lines && !Object.keys(errors).some((k) => k.startsWith('lines.')) && (
            <p className="field-error lines-error" role="alert">
              {errors.lines}
            </p>
          )}
          <div className="lines-foot">
            {editable && (
              <button type="button" className="btn btn-sm" disabled={lines.length >= 20} onClick={() => setLines((ls) => [...ls, emptyLine(1)])}>
                ＋ 添加一行
              </button>
            )}
            <div className="lines-total">
              报价合计 <strong data-testid="quote-total">{total === null ? '—' : formatMoney(Math.round(total * 100) / 100)}</strong>
              {total === null && <span className="muted small">（单价或数量未通过校验，改正后显示合计）</span>}
              {total !== null && withTax !== null && Math.abs(withTax - total) > 0.005 && <span className="muted small">（按含税{Math.round(VAT_RATE * 100)}%折算 {formatMoney(Math.round(withTax * 100) / 100)}）</span>}
            </div>
          </div>
        </section>

        {requirements.length > 0 && (
          <section className="panel form-section">
            <h2 className="section-title">
              <span>2</span>参数响应
            </h2>
            <p className="muted section-note">请逐项填写所报产品的实际参数，采购方将按这些参数进行比价。</p>
            <table className="trade-table spec-table">
              <thead>
                <tr>
                  <th style={{ width: '26%' }}>参数</th>
                  <th style={{ width: '30%' }}>采购要求</th>
                  <th>我方响应</th>
                </tr>
              </thead>
              <tbody>
                {requirements.map((r) => (
                  <tr key={r.name}>
                    <th>{r.name}</th>
                    <td>{r.value || '—'}</td>
                    <td>
                      <input aria-label={`响应：${r.name}`} value={values.specs[r.name] ?? ''} maxLength={100} disabled={!editable} placeholder="如：满足 / 实际参数值" onChange={(e) => form.set('specs', { ...values.specs, [r.name]: e.target.value })} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}

        <section className="panel form-section">
          <h2 className="section-title">
            <span>{requirements.length > 0 ? 3 : 2}</span>有效期、备注与附件
          </h2>
          <div className="form-grid">
            <Field label="报价有效期至 *" error={errors.validUntil} hint={errors.validUntil ? undefined : `${demand ? `不早于报价截止日（${formatDay(demand.quoteDeadline)}）；` : ''}过期后报价自动失效，采购方不能再接受`}>
              <input {...form.field('validUntil')} type="date" min={earliestValid} disabled={!editable} />
            </Field>
          </div>
          <Field label="备注" error={errors.notes}>
            <textarea {...form.field('notes')} rows={4} maxLength={1000} disabled={!editable} placeholder="如：含运输、安装调试与培训；提供原厂质保；可提供样机演示" />
          </Field>
          <Field label="附件（产品彩页、技术方案、资质证明等）" error={errors.attachmentIds}>
            {editable ? <AttachmentField files={values.files} onChange={(files) => form.set('files', files)} /> : <p className="muted">{values.files.length ? values.files.map((f) => f.filename).join('、') : '无附件'}</p>}
          </Field>
        </section>

        <div className="form-footer panel">
          {existing && quotationWithdrawAllowed(existing, demand).ok && (
            <button type="button" className="btn btn-danger" disabled={withdrawing} onClick={() => void onWithdraw()}>
              {withdrawing ? '撤回中...' : '撤回报价'}
            </button>
          )}
          <span className="spacer" />
          {changed && (
            <span className="tag tag-accent" role="status" title="您编辑期间，该询价或求购有了新的变化；提交时以最新状态为准" data-testid="live-changed">
              {LIVE_CHANGED_TEXT}
            </span>
          )}
          <span className="muted">
            合计 <strong className="text-accent">{total === null ? '—' : formatMoney(Math.round(total * 100) / 100)}</strong>
          </span>
          <button type="submit" className="btn btn-accent btn-lg" disabled={!editable || form.isSubmitting} data-testid="submit-quotation">
            {form.isSubmitting ? '提交中...' : existing ? '提交修改（新版本）' : '提交报价'}
          </button>
        </div>
      </form>
    </div>
  );
}
