// The two steps shared by registration and recovery (SPEC §3: form step Basic → SetPass,
// contact type Phone or Email).
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ZSetPassword } from '@contracts/validation';
import { ZContactStep } from '@contracts/member';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Field } from '@/components/form/field';
import { message } from '@/components/ui/toast';
import type { TEnvelope } from '@contracts/api';
import { sendEmailCode, sendSmsCode, type TContactStep } from './api/auth-api';
import { SendCodeButton } from './send-code-button';

export type TFormStep = 'Basic' | 'SetPass';
export type TContactType = 'Phone' | 'Email';

const [ZPhoneStep, ZEmailStep] = ZContactStep.options;

export function BasicStep({
  purpose,
  submitLabel,
  extra,
  beforeSubmit,
  onVerify,
}: {
  purpose: 'register' | 'reset';
  submitLabel: string;
  extra?: ReactNode;
  beforeSubmit?: () => boolean;
  onVerify: (step: TContactStep) => Promise<TEnvelope<{ ticket: string }>>;
}) {
  const [contactType, setContactType] = useState<TContactType>('Phone');
  // SPEC §4: input is trimmed as it is typed or pasted; the tab chooses the schema (手机号 or 邮箱).
  const form = useSchemaForm({
    schema: (v): z.ZodType<TContactStep> => (v.contactType === 'Phone' ? ZPhoneStep : ZEmailStep),
    initial: { contactType: 'Phone' as TContactType, mobile: '', email: '', code: '' },
    toPayload: (v) => (v.contactType === 'Phone' ? { contactType: v.contactType, mobile: v.mobile, code: v.code } : { contactType: v.contactType, email: v.email, code: v.code }),
    trim: ['mobile', 'email', 'code'],
  });
  const busy = form.isSubmitting;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The page's own rule (the agreement) is shown together with the fields' messages.
    if (beforeSubmit && !beforeSubmit()) return void form.check();
    void form.run(async (step) => {
      try {
        const res = await onVerify(step);
        if (res.code !== 200) message.error(res.msg || '验证失败');
      } catch {
        message.error('网络异常，请稍后再试');
      }
    });
  };

  return (
    <form onSubmit={submit} onBlur={form.onBlur} noValidate className="step-form">
      <div className="tabs" role="tablist">
        {(['Phone', 'Email'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={contactType === t}
            className={contactType === t ? 'active' : ''}
            onClick={() => {
              setContactType(t);
              form.set('contactType', t);
              form.clearErrors();
            }}
          >
            {t === 'Phone' ? '手机号' : '邮箱'}
          </button>
        ))}
      </div>
      {contactType === 'Phone' ? (
        <Field label="手机号" error={form.errors.mobile}>
          <input {...form.field('mobile')} inputMode="numeric" placeholder="请输入手机号" maxLength={11} autoComplete="tel" />
        </Field>
      ) : (
        <Field label="邮箱" error={form.errors.email}>
          <input {...form.field('email')} type="email" placeholder="请输入邮箱地址" maxLength={254} autoComplete="email" />
        </Field>
      )}
      <Field label="验证码" error={form.errors.code}>
        <div className="code-input">
          <input {...form.field('code')} inputMode="numeric" placeholder="请输入4位验证码" maxLength={4} autoComplete="one-time-code" />
          <SendCodeButton
            key={contactType}
            beforeSend={() => form.checkField(contactType === 'Phone' ? 'mobile' : 'email')}
            send={() => (contactType === 'Phone' ? sendSmsCode(form.values.mobile, purpose) : sendEmailCode(form.values.email, purpose))}
          />
        </div>
      </Field>
      {extra}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? '验证中...' : submitLabel}
      </button>
    </form>
  );
}

export function SetPassStep({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (password: string, confirmPassword: string) => Promise<void> }) {
  const [show, setShow] = useState(false);
  const form = useSchemaForm({ schema: ZSetPassword, initial: { password: '', confirmPassword: '' }, trim: ['password', 'confirmPassword'] });
  const busy = form.isSubmitting;
  const submit = form.handleSubmit((v) => onSubmit(v.password, v.confirmPassword));
  return (
    <form onSubmit={submit} onBlur={form.onBlur} noValidate className="step-form">
      <Field label="设置密码" error={form.errors.password} hint="至少8个字符，建议使用字母、数字和符号组合">
        <input {...form.field('password')} type={show ? 'text' : 'password'} placeholder="请输入密码" maxLength={128} autoComplete="new-password" />
      </Field>
      <Field label="确认密码" error={form.errors.confirmPassword}>
        <input {...form.field('confirmPassword')} type={show ? 'text' : 'password'} placeholder="请再次输入密码" maxLength={128} autoComplete="new-password" />
      </Field>
      <label className="checkbox">
        <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} /> 显示密码
      </label>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? '提交中...' : submitLabel}
      </button>
    </form>
  );
}

export function Steps({ step, labels }: { step: TFormStep; labels: [string, string] }) {
  return (
    <ol className="steps">
      <li className={step === 'Basic' ? 'active' : 'done'}>1. {labels[0]}</li>
      <li className={step === 'SetPass' ? 'active' : ''}>2. {labels[1]}</li>
    </ol>
  );
}
