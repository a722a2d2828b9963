// /demand/inquiry — a purchaser posts a demand (or edits a draft: ?id=); reached from a product's
// 询价 button (?productId=) it sends an inquiry to that product's supplier instead.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_QUOTE_CAP, DEMAND_STATE_LABEL, EDITABLE_DEMAND_STATES, QUOTE_MODE_HINT, QUOTE_MODE_LABEL, QUOTE_MODES, ZDemandInput, ZInquiryInput, formatMoney, type TAttachment, type TParamRow, type TQuoteMode } from '@contracts/trade';
import { todayInChina } from '@contracts/time';
import { AttachmentField } from '@/components/attachments';
import { Field } from '@/components/form/field';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { useSession } from '@/shared/session';
import { LIVE_CHANGED_TEXT, useLiveHold } from '@/shared/live-sync';
import { pageTitle } from '@/config';
import { demandFormQuery, productSummaryQuery, saveDemand, sendInquiry, type TDemandForm } from './api/demands-api';
import { CategorySelect } from './components/category-select';
import { LoginRequired, UpgradeToPurchaser } from './components/common';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useLeaveDraft } from '@/components/unsaved-changes';
import { ParamEditor } from './components/param-editor';
import { RegionSelect } from './components/region-select';
import '@/styles/trade.css';

export default function DemandPostPage() {
  const [params] = useSearchParams();
  const productId = Number(params.get('productId')) || 0;
  const editId = Number(params.get('id')) || 0;
  const { signedIn, user } = useSession();
  if (productId) {
    return (
      <PageFrame title="询价" subtitle="向供应商询问价格、货期与服务，供应商将通过站内消息和电话与您联系。">
        {signedIn ? <InquiryForm productId={productId} /> : <LoginRequired title="登录后发送询价" text="询价需要登录，以便供应商回复您。没有账号？注册只需一分钟。" />}
      </PageFrame>
    );
  }
  const isPurchaser = Boolean(user?.roles.includes('purchaser'));
  return (
    <PageFrame title={editId ? '编辑求购' : '发布求购'} subtitle="描述您需要的仪器和参数，多家供应商将在截止时间前密封报价，您可以在线比价后选定成交。">
      {!signedIn ? (
        <LoginRequired title="登录后发布求购" text="发布求购需要采购商账号。登录后如尚未成为采购商，填写单位名称即可升级。" />
      ) : !isPurchaser ? (
        <UpgradeToPurchaser />
      ) : editId ? (
        <EditDemand id={editId} />
      ) : (
        <DemandForm />
      )}
    </PageFrame>
  );
}

function PageFrame({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <div className="trade-page">
      <div className="container">
        <nav className="breadcrumb" aria-label="面包屑">
          <AppLink to="/">首页</AppLink>
          <span>/</span>
          <AppLink to="/demand">求购大厅</AppLink>
          <span>/</span>
          <span>{title}</span>
        </nav>
        <header className="page-head">
          <h1>{title}</h1>
          <p className="muted">{subtitle}</p>
        </header>
        {children}
      </div>
    </div>
  );
}

function EditDemand({ id }: { id: number }) {
  const { data, isLoading, error } = useQuery(demandFormQuery(id));
  if (isLoading) return <div className="panel empty">加载中...</div>;
  if (error || !data) return <div className="panel empty">{(error as Error)?.message ?? '求购不存在'}</div>;
  if (!EDITABLE_DEMAND_STATES.includes(data.status))
    return (
      <div className="panel empty">
        <p>该求购当前为“{DEMAND_STATE_LABEL[data.status]}”，只有草稿或已驳回的求购可以修改。</p>
        <AppLink className="btn" to="/admin/purchaser/demand-manager">
          返回求购管理
        </AppLink>
      </div>
    );
  return <DemandForm initial={data} />;
}

type TForm = {
  title: string;
  categoryId: number | null;
  quantity: string;
  unit: string;
  budget: string;
  budgetHidden: boolean;
  needBy: string;
  quoteDeadline: string;
  province: string;
  city: string;
  description: string;
  params: TParamRow[];
  contactName: string;
  contactPhone: string;
  quoteCap: string;
  quoteMode: TQuoteMode;
  attachments: TAttachment[];
};

const UNITS = ['台', '套', '件', '个', '支', '批', '台套', '瓶', '盒'];

/** What the form sends: typed text as numbers, blank optional fields as null, empty parameter rows left out. */
const body = (form: TForm, submit: boolean) => ({
  title: form.title.trim(),
  categoryId: form.categoryId ?? 0,
  quantity: form.quantity.trim() === '' ? Number.NaN : Number(form.quantity),
  unit: form.unit.trim(),
  budget: form.budget.trim() === '' ? null : Number(form.budget),
  budgetHidden: form.budgetHidden,
  needBy: form.needBy || null,
  quoteDeadline: form.quoteDeadline,
  province: form.province,
  city: form.city || null,
  description: form.description.trim(),
  params: form.params.filter((p) => p.name.trim() || p.value.trim()),
  contactName: form.contactName.trim(),
  contactPhone: form.contactPhone.trim(),
  quoteCap: Number(form.quoteCap) || DEFAULT_QUOTE_CAP,
  quoteMode: form.quoteMode,
  attachmentIds: form.attachments.map((a) => a.id),
  submit,
});

export function DemandForm({ initial }: { initial?: TDemandForm }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: ZDemandInput,
    initial: {
      title: initial?.title ?? '',
      categoryId: initial?.categoryId ?? null,
      quantity: String(initial?.quantity ?? 1),
      unit: initial?.unit ?? '台',
      budget: initial?.budget === null || initial?.budget === undefined ? '' : String(initial.budget),
      budgetHidden: initial?.budgetHidden ?? false,
      needBy: initial?.needBy ?? '',
      quoteDeadline: initial?.quoteDeadline ?? todayInChina(Date.now() + 7 * 86400_000),
      province: initial?.province ?? '',
      city: initial?.city ?? '',
      description: initial?.description ?? '',
      params: initial?.params ?? [],
      contactName: initial?.contactName ?? user?.realName ?? '',
      contactPhone: initial?.contactPhone ?? user?.mobile ?? '',
      quoteCap: String(initial?.quoteCap ?? DEFAULT_QUOTE_CAP),
      quoteMode: initial?.quoteMode ?? 'sealed',
      attachments: initial?.attachments ?? [],
    } as TForm,
    toPayload: (f) => body(f, false),
    onInvalid: (messages) => message.error(Object.values(messages)[0] ?? '请检查填写的内容'),
  });
  const { values, errors } = form;
  const [busyKind, setBusyKind] = useState<'draft' | 'submit'>('submit');
  const busy = form.isSubmitting ? busyKind : null;
  // Editing a saved demand: live changes to it (a review) wait while the buyer types; 「有新的变化」 says so.
  const [editing, setEditing] = useState(false);
  const changed = useLiveHold(editing && initial ? [['demands', 'form', initial.id]] : null);
  // A demand the platform rejected: corrected here and sent for review (not published straight back).
  const rejected = initial?.status === 'REJECTED';
  const set = form.set;

  const save = (submit: boolean) => {
    if (form.isSubmitting) return;
    setBusyKind(submit ? 'submit' : 'draft');
    void form.run(async (payload) => {
      try {
        const res = await saveDemand({ ...payload, submit }, initial?.id);
        if (res.code !== 200 || !res.data) return void message.error(res.msg);
        message.success(res.msg);
        await queryClient.invalidateQueries({ queryKey: ['demands'] });
        // Published: the whole list; a draft, or a corrected demand waiting for review (or still 已驳回): its tab.
        void navigate(`/admin/purchaser/demand-manager${res.data.status === 'OPEN' ? '' : `?status=${res.data.status}`}`);
      } catch {
        message.error('网络异常，请稍后再试');
      }
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save(true);
  };

  // Leaving with changes: the dialog offers to keep them as a draft (not for a demand already sent for review or rejected).
  useLeaveDraft(
    rejected || (initial && initial.status !== 'DRAFT')
      ? null
      : {
          label: '保存草稿并离开',
          save: async () => {
            let saved = false;
            await form.run(async (payload) => {
              try {
                const res = await saveDemand({ ...payload, submit: false }, initial?.id);
                if (res.code !== 200 || !res.data) return void message.error(res.msg);
                message.success(res.msg);
                saved = true;
                await queryClient.invalidateQueries({ queryKey: ['demands'] });
              } catch {
                message.error('网络异常，请稍后再试');
              }
            });
            return saved;
          },
        },
  );

  return (
    <form className="post-layout" onSubmit={onSubmit} onBlur={form.onBlur} onChange={() => setEditing(true)} noValidate data-testid="demand-form">
      <div className="post-main">
        {rejected && (
          <div className="notice notice-danger" role="alert" data-testid="reject-notice">
            <strong>该求购已被平台驳回</strong>
            <p>驳回原因：{initial?.rejectReason || '未注明'}</p>
            <p className="small">请按驳回原因修改后点击“提交审核”，平台审核通过后将重新发布到求购大厅；不再需要时可在求购管理中取消。</p>
          </div>
        )}
        <section className="panel form-section">
          <h2 className="section-title">
            <span>1</span>基本信息
          </h2>
          <Field label="求购标题 *" error={errors.title}>
            <input name="title" value={values.title} maxLength={60} placeholder="如：采购气相色谱仪2台（配FID检测器）" onChange={(e) => set('title', e.target.value)} />
          </Field>
          <Field label="产品分类 *" error={errors.categoryId}>
            <CategorySelect value={values.categoryId} onChange={(id) => set('categoryId', id)} invalid={Boolean(errors.categoryId)} />
          </Field>
          <div className="form-grid">
            <Field label="采购数量 *" error={errors.quantity}>
              <div className="input-group">
                <input name="quantity" type="number" min={1} value={values.quantity} onChange={(e) => set('quantity', e.target.value)} />
                <select aria-label="单位" value={UNITS.includes(values.unit) ? values.unit : '台'} onChange={(e) => set('unit', e.target.value)}>
                  {UNITS.map((u) => (
                    <option key={u}>{u}</option>
                  ))}
                </select>
              </div>
            </Field>
            <Field label="采购预算（元）" error={errors.budget} hint={values.budget ? `约 ${formatMoney(Number(values.budget) || 0)}` : '可不填，不填表示面议'}>
              <div className="input-group">
                <input name="budget" type="number" min={0} step="0.01" value={values.budget} placeholder="如：500000" onChange={(e) => set('budget', e.target.value)} />
                <label className="checkbox input-addon">
                  <input type="checkbox" checked={values.budgetHidden} onChange={(e) => set('budgetHidden', e.target.checked)} />
                  隐藏预算
                </label>
              </div>
            </Field>
          </div>
        </section>

        <section className="panel form-section">
          <h2 className="section-title">
            <span>2</span>时间与地区
          </h2>
          <div className="form-grid">
            <Field label="报价截止日期 *" error={errors.quoteDeadline} hint="截止当天 23:59 停止接收报价，最长 90 天">
              <input name="quoteDeadline" type="date" value={values.quoteDeadline} min={todayInChina()} onChange={(e) => set('quoteDeadline', e.target.value)} />
            </Field>
            <Field label="期望交货日期" error={errors.needBy} hint="可不填">
              <input name="needBy" type="date" value={values.needBy} min={values.quoteDeadline || todayInChina()} onChange={(e) => set('needBy', e.target.value)} />
            </Field>
          </div>
          <Field label="收货地区 *" error={errors.province}>
            <RegionSelect province={values.province} city={values.city} invalid={Boolean(errors.province)} onChange={(p, c) => form.setValues({ province: p, city: c })} />
          </Field>
          <div className="form-grid">
            <Field label="最多接收报价" error={errors.quoteCap} hint="达到该数量后自动停止接收报价，默认10家">
              <select name="quoteCap" value={values.quoteCap} onChange={(e) => set('quoteCap', e.target.value)}>
                {[3, 5, 8, 10, 15, 20, 30].map((n) => (
                  <option key={n} value={n}>
                    {n} 家
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <fieldset className="quote-mode" data-testid="quote-mode">
            <legend>报价方式 *</legend>
            <div className="quote-mode-options">
              {QUOTE_MODES.map((mode) => (
                <label key={mode} className={`quote-mode-option${values.quoteMode === mode ? ' is-active' : ''}`}>
                  <input type="radio" name="quoteMode" value={mode} checked={values.quoteMode === mode} onChange={() => set('quoteMode', mode)} />
                  <span className="quote-mode-body">
                    <strong>
                      {QUOTE_MODE_LABEL[mode]}
                      {mode === 'sealed' && <em className="tag tag-accent">推荐</em>}
                    </strong>
                    <span className="muted small">{QUOTE_MODE_HINT[mode]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </section>

        <section className="panel form-section">
          <h2 className="section-title">
            <span>3</span>需求详情
          </h2>
          <Field label="需求描述" error={errors.description} hint={`${values.description.length}/2000`}>
            <textarea name="description" rows={5} maxLength={2000} value={values.description} placeholder="请描述用途、检测对象、现场条件、安装与培训要求等" onChange={(e) => set('description', e.target.value)} />
          </Field>
          <Field label="参数要求" error={errors.params && !Object.keys(errors).some((k) => k.startsWith('params.')) ? errors.params : undefined}>
            <ParamEditor rows={values.params} onChange={(rows) => set('params', rows)} errors={errors} />
          </Field>
          <Field label="附件" error={errors.attachmentIds}>
            <AttachmentField files={values.attachments} onChange={(files) => set('attachments', files)} />
          </Field>
        </section>

        <section className="panel form-section">
          <h2 className="section-title">
            <span>4</span>联系方式
          </h2>
          <p className="muted section-note">联系方式对供应商保密，仅在您接受某家报价后提供给该供应商。</p>
          <div className="form-grid">
            <Field label="联系人 *" error={errors.contactName}>
              <input name="contactName" value={values.contactName} maxLength={20} onChange={(e) => set('contactName', e.target.value)} />
            </Field>
            <Field label="联系电话 *" error={errors.contactPhone}>
              <input name="contactPhone" value={values.contactPhone} maxLength={20} placeholder="手机号或座机，如 021-64251234" onChange={(e) => set('contactPhone', e.target.value)} />
            </Field>
          </div>
        </section>
      </div>

      <aside className="post-side">
        <div className="panel sticky-card">
          <h3>发布须知</h3>
          <ul className="tips">
            <li>报价对供应商之间密封，只有您能看到全部报价。</li>
            <li>填写参数要求后，供应商会逐项响应，方便在线比价。</li>
            <li>截止后进入评标，30 天内未定标的求购将自动过期。</li>
            <li>过期或取消的求购可以一键重新发布。</li>
          </ul>
          {changed && (
            <p className="tag tag-accent" role="status" title="您编辑期间，该求购有了新的变化；保存时以最新状态为准" data-testid="live-changed">
              {LIVE_CHANGED_TEXT}
            </p>
          )}
          <div className="post-actions">
            <button type="submit" className="btn btn-primary btn-block" disabled={busy !== null} data-testid="submit-demand">
              {busy === 'submit' ? '提交中...' : rejected ? '提交审核' : '提交发布'}
            </button>
            <button type="button" className="btn btn-block" disabled={busy !== null} onClick={() => save(false)} data-testid="save-draft">
              {busy === 'draft' ? '保存中...' : rejected ? '保存修改' : '保存草稿'}
            </button>
          </div>
        </div>
      </aside>
    </form>
  );
}

export function InquiryForm({ productId }: { productId: number }) {
  const { user } = useSession();
  const { data: product, isLoading, error } = useQuery(productSummaryQuery(productId));
  const form = useSchemaForm({
    schema: ZInquiryInput,
    // The unit and a polite opening come from the product once it is loaded (untouched fields follow it).
    initial: {
      quantity: '1',
      unit: product?.unit ?? '',
      message: product ? `您好，我对贵公司的“${product.name}${product.model && !product.name.includes(product.model) ? ` ${product.model}` : ''}”感兴趣，请提供含税报价、交货期和售后服务说明，谢谢。` : '',
      contactName: user?.realName ?? '',
      contactPhone: user?.mobile ?? '',
    },
    toPayload: (f) => ({ productId, quantity: f.quantity.trim() === '' ? Number.NaN : Number(f.quantity), unit: f.unit, message: f.message.trim(), contactName: f.contactName.trim(), contactPhone: f.contactPhone.trim() }),
  });
  const { values, errors } = form;
  const [sent, setSent] = useState<string | null>(null);
  useEffect(() => {
    if (product) document.title = pageTitle(`询价：${product.name}`);
  }, [product]);

  if (isLoading) return <div className="panel empty">加载中...</div>;
  if (error || !product) return <div className="panel empty">{(error as Error)?.message ?? '商品不存在或已下架'}</div>;
  if (sent)
    return (
      <div className="panel result-card" data-testid="inquiry-sent">
        <div className="result-icon">✓</div>
        <h2>询价已发送</h2>
        <p className="muted">已发送给 {sent}，供应商回复后您会收到站内通知。</p>
        <div className="result-actions">
          <AppLink className="btn btn-primary" to="/admin/purchaser/demand-manager?tab=inquiries">
            查看我的询价
          </AppLink>
          <AppLink className="btn" to="/shop">
            继续逛逛
          </AppLink>
        </div>
      </div>
    );

  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      const res = await sendInquiry(payload);
      if (res.code !== 200 || !res.data) return void message.error(res.msg);
      message.success('询价已发送');
      setSent(res.data.supplierName);
    } catch {
      message.error('网络异常，请稍后再试');
    }
  });

  return (
    <div className="post-layout">
      <form className="post-main panel form-section" onSubmit={onSubmit} onBlur={form.onBlur} noValidate data-testid="inquiry-form">
        <div className="product-strip">
          <div className="product-thumb" aria-hidden>
            {product.name.slice(0, 1)}
          </div>
          <div>
            <h2>{product.name}</h2>
            <p className="muted">
              {[product.brandName, product.model].filter(Boolean).join(' · ')} · 参考价 {formatMoney(product.price)}
            </p>
            <p>
              供应商：
              {product.supplier.storeUid ? <AppLink to={`/store/${product.supplier.storeUid}`}>{product.supplier.companyName}</AppLink> : product.supplier.companyName}
            </p>
          </div>
        </div>
        <div className="form-grid">
          <Field label="采购数量 *" error={errors.quantity}>
            <div className="input-group">
              <input {...form.field('quantity')} type="number" min={1} />
              <span className="input-addon">{values.unit}</span>
            </div>
          </Field>
        </div>
        <Field label="询价内容 *" error={errors.message} hint={`${values.message.length}/1000`}>
          <textarea {...form.field('message')} rows={5} maxLength={1000} />
        </Field>
        <div className="form-grid">
          <Field label="联系人 *" error={errors.contactName}>
            <input {...form.field('contactName')} maxLength={20} />
          </Field>
          <Field label="联系电话 *" error={errors.contactPhone}>
            <input {...form.field('contactPhone')} maxLength={20} />
          </Field>
        </div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={form.isSubmitting}>
          {form.isSubmitting ? '发送中...' : '发送询价'}
        </button>
      </form>
      <aside className="post-side">
        <div className="panel sticky-card">
          <h3>询价说明</h3>
          <ul className="tips">
            <li>询价直接发送给该商品的供应商，您的联系方式仅该供应商可见。</li>
            <li>供应商可以文字回复，也可以直接给出正式报价。</li>
            <li>需要多家比价？试试<AppLink to="/demand/inquiry">发布求购</AppLink>。</li>
          </ul>
        </div>
      </aside>
    </div>
  );
}
