// /feedback: kind, content with a counter and an optional contact, checked here with the same
// rules and words as the server; a thank-you once it is sent.
import { useState } from 'react';
import {
  charCount,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_KINDS,
  ZFeedbackCreate,
  type TFeedbackKind,
} from '@contracts/content';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { AppLink } from '@/components/ui/app-link';
import { Field } from '@/components/form/field';
import { message } from '@/components/ui/toast';
import { useSession } from '@/shared/session';
import { sendFeedback } from './api/feedback-api';
import '@/styles/content.css';


const HINTS: Record<TFeedbackKind, string> = {
  suggestion: '希望增加或改进的功能',
  bug: '页面报错、功能无法使用',
  content: '商品、新闻或文章信息有误',
  other: '合作建议及其他问题',
};


export default function FeedbackPage() {
  const { user } = useSession();
  const form = useSchemaForm({
    schema: ZFeedbackCreate,
    initial: { kind: '', content: '', contact: user?.mobile ?? user?.email ?? '' },
    toPayload: (v) => ({ kind: v.kind, content: v.content.trim(), contact: v.contact.trim() || undefined }),
    trim: ['contact'],
  });
  const { values, errors, set } = form;
  const [serverError, setServerError] = useState<string | null>(null);
  const submitting = form.isSubmitting;
  const [sentId, setSentId] = useState<number | null>(null);

  const onSubmit = form.handleSubmit(async (payload) => {
    setServerError(null);
    try {
      const res = await sendFeedback(payload);
      if (res.code !== 200 || !res.data) {
        setServerError(res.msg || '提交失败，请稍后再试');
        return;
      }
      setSentId(res.data.id);
      message.success('感谢您的反馈');
    } catch {
      setServerError('网络异常，提交失败，请稍后再试');
    }
  });

  const restart = () => {
    form.reset({ kind: '', content: '', contact: values.contact });
    setSentId(null);
  };

  const length = charCount(values.content.trim());
  return (
    <div className="content-page">
      <div className="container">
        <nav className="breadcrumb" aria-label="当前位置">
          <AppLink to="/">首页</AppLink>
          <span>›</span>
          <strong>意见反馈</strong>
        </nav>
        <div className="feedback-grid">
          <section className="panel feedback-card">
            {sentId !== null ? (
              <div className="feedback-done" role="status" data-testid="feedback-success">
                <div className="feedback-done-icon" aria-hidden>
                  ✓
                </div>
                <h1>感谢您的反馈</h1>
                <p>
                  我们已收到您的意见（反馈编号 <strong>#{sentId}</strong>），工作人员会在 1–3 个工作日内处理。
                  {values.contact.trim() ? '如需进一步沟通，我们会通过您留下的联系方式与您联系。' : ''}
                </p>
                <div className="feedback-done-actions">
                  <button type="button" className="btn btn-primary" onClick={restart}>
                    继续反馈
                  </button>
                  <AppLink to="/" className="btn">
                    返回首页
                  </AppLink>
                </div>
              </div>
            ) : (
              <form noValidate onSubmit={onSubmit} onBlur={form.onBlur} data-testid="feedback-form">
                <h1 className="feedback-title">意见反馈</h1>
                <p className="feedback-intro">您的每一条建议我们都会认真阅读。使用中遇到问题、发现信息有误，或希望增加新功能，请告诉我们。</p>

                <Field label="反馈类型" error={errors.kind}>
                  <div className="kind-options" role="radiogroup" aria-label="反馈类型" aria-invalid={errors.kind ? true : undefined}>
                    {(Object.keys(FEEDBACK_KINDS) as TFeedbackKind[]).map((k) => (
                      <label key={k} className={`kind-option${values.kind === k ? ' is-checked' : ''}`}>
                        <input type="radio" name="kind" value={k} checked={values.kind === k} onChange={() => set('kind', k)} />
                        <strong>{FEEDBACK_KINDS[k]}</strong>
                        <small>{HINTS[k]}</small>
                      </label>
                    ))}
                  </div>
                </Field>

                <Field label="反馈内容" error={errors.content}>
                  <div className={`textarea-wrap${errors.content ? ' is-invalid' : ''}`}>
                    <textarea
                      name="content"
                      rows={7}
                      value={values.content}
                      onChange={(e) => set('content', e.target.value)}
                      placeholder="请详细描述您遇到的问题或建议（10–1000字）。如是问题反馈，请写明出现问题的页面和操作步骤。"
                      aria-invalid={errors.content ? true : undefined}
                    />
                    <span className={`char-counter${length > FEEDBACK_CONTENT_MAX ? ' is-over' : ''}`} data-testid="char-counter">
                      {length}/{FEEDBACK_CONTENT_MAX}
                    </span>
                  </div>
                </Field>

                <Field label="联系方式（选填）" error={errors.contact} hint="留下手机号或邮箱，方便我们回复处理结果；仅用于本次反馈的沟通。">
                  <input
                    name="contact"
                    value={values.contact}
                    maxLength={100}
                    onChange={(e) => set('contact', e.target.value)}
                    placeholder="手机号或邮箱地址"
                    aria-invalid={errors.contact ? true : undefined}
                  />
                </Field>

                {serverError && (
                  <p className="form-error" role="alert" data-testid="feedback-server-error">
                    {serverError}
                  </p>
                )}
                <button type="submit" className="btn btn-primary feedback-submit" disabled={submitting}>
                  {submitting ? '提交中...' : '提交反馈'}
                </button>
              </form>
            )}
          </section>

          <aside className="feedback-side">
            <section className="side-card">
              <h2 className="side-card-title">其他联系方式</h2>
              <dl className="contact-list">
                <dt>客服热线</dt>
                <dd className="contact-phone">400-820-6688</dd>
                <dt>服务时间</dt>
                <dd>工作日 9:00–18:00</dd>
                <dt>客服邮箱</dt>
                <dd>service@yicaitong.example</dd>
                <dt>投诉与建议</dt>
                <dd>feedback@yicaitong.example</dd>
              </dl>
            </section>
            <section className="side-card">
              <h2 className="side-card-title">常见问题</h2>
              <ul className="side-links">
                <li>
                  <AppLink to="/service/help">如何发布求购并获得报价？</AppLink>
                </li>
                <li>
                  <AppLink to="/service/settle">供应商如何入驻？</AppLink>
                </li>
                <li>
                  <AppLink to="/service/help">忘记密码或手机号已停用怎么办？</AppLink>
                </li>
                <li>
                  <AppLink to="/privacy-policy">平台如何保护我的个人信息？</AppLink>
                </li>
              </ul>
              <AppLink to="/service/help" className="side-more">
                进入帮助中心 ›
              </AppLink>
            </section>
          </aside>
        </div>
      </div>
    </div>
  );
}
