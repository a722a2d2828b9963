// /demand/quickInquiry — a visitor's quick inquiry (快速询价): what is wanted, quantity, name, a mobile
// verified by an SMS code and a message; the platform routes it to matching suppliers.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZQuickInquiryInput } from '@contracts/trade';
import { Field } from '@/components/form/field';
import { useCountdown } from '@/components/form/use-countdown';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { useSession } from '@/shared/session';
import { categoriesQuery, sendInquiryCode, sendQuickInquiry } from './api/demands-api';
import { useSchemaForm } from '@/components/form/use-schema-form';
import '@/styles/trade.css';

const UNITS = ['台', '套', '件', '个', '批'];

export default function QuickInquiryPage() {
  const { user } = useSession();
  const { data: tree = [] } = useQuery(categoriesQuery());
  const countdown = useCountdown();
  const form = useSchemaForm({
    schema: ZQuickInquiryInput,
    initial: { subject: '', categoryId: '', quantity: '1', unit: '台', contactName: user?.realName ?? '', companyName: user?.companyName ?? '', mobile: user?.mobile ?? '', code: '', message: '' },
    toPayload: (f) => ({
      subject: f.subject.trim(),
      categoryId: Number(f.categoryId) || null,
      quantity: f.quantity.trim() === '' ? Number.NaN : Number(f.quantity),
      unit: f.unit,
      contactName: f.contactName.trim(),
      companyName: f.companyName.trim() || undefined,
      mobile: f.mobile,
      code: f.code,
      message: f.message.trim(),
    }),
    trim: ['mobile', 'code'],
  });
  const { values, errors } = form;
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ routed: number } | null>(null);

  const onSendCode = async () => {
    if (countdown.running || sending || !form.checkField('mobile')) return;
    setSending(true);
    try {
      const res = await sendInquiryCode(values.mobile);
      if (res.code !== 200) return void message.error(res.msg);
      message.success('验证码已发送');
      countdown.start();
    } catch {
      message.error('获取验证码失败，请稍后再试');
    } finally {
      setSending(false);
    }
  };

  const onSubmit = form.handleSubmit(async (payload) => {
    try {
      const res = await sendQuickInquiry(payload);
      if (res.code !== 200 || !res.data) return void message.error(res.msg);
      message.success('询价已提交');
      setDone(res.data);
    } catch {
      message.error('网络异常，请稍后再试');
    }
  });

  return (
    <div className="trade-page quick-page">
      <section className="quick-hero">
        <div className="container">
          <h1>快速询价</h1>
          <p>一句话说明您要采购的仪器，平台立即为您匹配经营相关产品的优质供应商，由供应商回电报价。</p>
          <div className="quick-badges">
            <span>免注册</span>
            <span>手机验证即可提交</span>
            <span>平台审核供应商资质</span>
            <span>不收取任何费用</span>
          </div>
        </div>
      </section>
      <div className="container quick-body">
        {done ? (
          <div className="panel result-card" data-testid="quick-done">
            <div className="result-icon">✓</div>
            <h2>询价已提交</h2>
            <p>
              {done.routed > 0 ? (
                <>
                  平台已将您的需求推送给 <strong>{done.routed}</strong> 家经营相关产品的供应商，他们将通过手机 {values.mobile.slice(0, 3)}****{values.mobile.slice(7)} 与您联系。
                </>
              ) : (
                '平台客服将在工作时间内为您人工匹配供应商，并尽快与您联系。'
              )}
            </p>
            <div className="result-actions">
              <AppLink className="btn btn-primary" to="/demand">
                去求购大厅看看
              </AppLink>
              <button type="button" className="btn" onClick={() => { setDone(null); form.reset({ ...values, subject: '', code: '', message: '' }); countdown.stop(); }}>
                再提交一条
              </button>
            </div>
          </div>
        ) : (
          <div className="post-layout">
            <form className="panel form-section post-main" onSubmit={onSubmit} onBlur={form.onBlur} noValidate data-testid="quick-form">
              <Field label="需要采购的仪器 *" error={errors.subject}>
                <input {...form.field('subject')} maxLength={60} placeholder="如：气相色谱仪、高速冷冻离心机、电子天平0.1mg" />
              </Field>
              <div className="form-grid">
                <Field label="产品分类" hint="选填，有助于更准确地匹配供应商" error={errors.categoryId}>
                  <select {...form.field('categoryId')}>
                    <option value="">不确定</option>
                    {tree.map((top) => (
                      <optgroup key={top.id} label={top.name}>
                        <option value={top.id}>{top.name}（全部）</option>
                        {top.children.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.name}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                </Field>
                <Field label="采购数量 *" error={errors.quantity}>
                  <div className="input-group">
                    <input {...form.field('quantity')} type="number" min={1} />
                    <select aria-label="单位" value={values.unit} onChange={(e) => form.set('unit', e.target.value)}>
                      {UNITS.map((u) => (
                        <option key={u}>{u}</option>
                      ))}
                    </select>
                  </div>
                </Field>
              </div>
              <div className="form-grid">
                <Field label="联系人 *" error={errors.contactName}>
                  <input {...form.field('contactName')} maxLength={20} placeholder="您的称呼，如：王老师" />
                </Field>
                <Field label="单位名称" error={errors.companyName}>
                  <input {...form.field('companyName')} maxLength={100} placeholder="选填" />
                </Field>
              </div>
              <div className="form-grid">
                <Field label="手机号 *" error={errors.mobile}>
                  <input {...form.field('mobile')} inputMode="numeric" maxLength={11} placeholder="用于接收供应商报价回电" />
                </Field>
                <Field label="验证码 *" error={errors.code}>
                  <div className="code-input">
                    <input {...form.field('code')} inputMode="numeric" maxLength={4} placeholder="4位验证码" />
                    <button type="button" className="btn code-button" disabled={countdown.running || sending} onClick={() => void onSendCode()} data-testid="send-code">
                      {countdown.running ? `${countdown.left}秒后重新发送` : '获取验证码'}
                    </button>
                  </div>
                </Field>
              </div>
              <Field label="补充说明" error={errors.message} hint={`${values.message.length}/500`}>
                <textarea {...form.field('message')} rows={4} maxLength={500} placeholder="品牌偏好、关键参数、预算范围、交货时间等" />
              </Field>
              <button type="submit" className="btn btn-accent btn-lg" disabled={form.isSubmitting} data-testid="quick-submit">
                {form.isSubmitting ? '提交中...' : '立即询价'}
              </button>
            </form>
            <aside className="post-side">
              <div className="panel sticky-card">
                <h3>快速询价如何工作？</h3>
                <ol className="flow-steps">
                  <li>
                    <strong>提交需求</strong>
                    <span>验证手机号后提交，无需注册</span>
                  </li>
                  <li>
                    <strong>平台匹配</strong>
                    <span>按仪器名称和分类匹配经营相关产品的供应商</span>
                  </li>
                  <li>
                    <strong>供应商联系</strong>
                    <span>供应商通过电话或短信向您报价</span>
                  </li>
                </ol>
                <p className="muted small">需要多家正式报价并在线比价？请登录后<AppLink to="/demand/inquiry">发布求购</AppLink>。</p>
              </div>
            </aside>
          </div>
        )}
      </div>
    </div>
  );
}
