// The two steps shared by registration and recovery (SPEC §3: form step Basic → SetPass,
// contact type Phone or Email).
import { useState, type FormEvent, type ReactNode } from 'react';
import { MSG, ZCode, ZEmail, ZMobile, ZPassword } from '@contracts/validation';
import { fromZod, useForm } from '@/components/form/use-form';
import { Field } from '@/components/form/field';
import { message } from '@/components/ui/toast';
import type { TEnvelope } from '@contracts/api';
import { sendEmailCode, sendSmsCode, type TContactStep } from './api/auth-api';
import { SendCodeButton } from './send-code-button';

export type TFormStep = 'Basic' | 'SetPass';
export type TContactType = 'Phone' | 'Email';

const basicValidators = {
  mobile: fromZod<{ mobile: string; email: string; code: string }>(ZMobile),
  email: fromZod<{ mobile: string; email: string; code: string }>(ZEmail),
  code: fromZod<{ mobile: string; email: string; code: string }>(ZCode),
};

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
  const [busy, setBusy] = useState(false);
  const form = useForm({ mobile: '', email: '', code: '' }, basicValidators);
  const fields = contactType === 'Phone' ? (['mobile', 'code'] as const) : (['email', 'code'] as const);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = form.validateAll([...fields]);
    const extraOk = beforeSubmit ? beforeSubmit() : true;
    if (!ok || !extraOk || busy) return;
    setBusy(true);
    try {
      const step: TContactStep =
        contactType === 'Phone' ? { contactType, mobile: form.values.mobile, code: form.values.code } : { contactType, email: form.values.email, code: form.values.code };
      const res = await onVerify(step);
      if (res.code !== 200) message.error(res.msg || '验证失败');
    } catch {
      message.error('网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="step-form">
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
              form.clearErrors();
            }}
          >
            {t === 'Phone' ? '手机号' : '邮箱'}
          </button>
        ))}
      </div>
      {contactType === 'Phone' ? (
        <Field label="手机号" error={form.errors.mobile}>
          <input {...form.bind('mobile')} inputMode="numeric" placeholder="请输入手机号" maxLength={11} autoComplete="tel" />
        </Field>
      ) : (
        <Field label="邮箱" error={form.errors.email}>
          <input {...form.bind('email')} type="email" placeholder="请输入邮箱地址" maxLength={254} autoComplete="email" />
        </Field>
      )}
      <Field label="验证码" error={form.errors.code}>
        <div className="code-input">
          <input {...form.bind('code')} inputMode="numeric" placeholder="请输入4位验证码" maxLength={4} autoComplete="one-time-code" />
          <SendCodeButton
            key={contactType}
            beforeSend={() => !form.validateField(contactType === 'Phone' ? 'mobile' : 'email')}
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

const passValidators = {
  password: fromZod<{ password: string; confirmPassword: string }>(ZPassword),
  confirmPassword: (v: string, all: { password: string }) => (!v ? MSG.confirmRequired : v.length < 8 ? MSG.passwordMin : v !== all.password ? MSG.confirmMismatch : null),
};

export function SetPassStep({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (password: string, confirmPassword: string) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [show, setShow] = useState(false);
  const form = useForm({ password: '', confirmPassword: '' }, passValidators);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.validateAll() || busy) return;
    setBusy(true);
    try {
      await onSubmit(form.values.password, form.values.confirmPassword);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="step-form">
      <Field label="设置密码" error={form.errors.password} hint="至少8个字符，建议使用字母、数字和符号组合">
        <input {...form.bind('password')} type={show ? 'text' : 'password'} placeholder="请输入密码" maxLength={128} autoComplete="new-password" />
      </Field>
      <Field label="确认密码" error={form.errors.confirmPassword}>
        <input {...form.bind('confirmPassword')} type={show ? 'text' : 'password'} placeholder="请再次输入密码" maxLength={128} autoComplete="new-password" />
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
