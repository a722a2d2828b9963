// /admin/profile/info: account name, password, mobile, e-mail and account removal.
import { useMemo, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { ZUpdatePwd, ZUpdateUname, ZValidCode } from '@contracts/member';
import { ZCode, ZEmail, ZMobile } from '@contracts/validation';
import { Field } from '@/components/form/field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/ui/modal';
import { message } from '@/components/ui/toast';
import { clearSession, refreshUser, useSession } from '@/shared/session';
import { SendCodeButton } from '@/features/auth/send-code-button';
import { InlineEdit } from './inline-edit';
import * as api from './profile-api';

const mask = (v: string | null, channel: 'sms' | 'email') =>
  !v ? null : channel === 'sms' ? `${v.slice(0, 3)}****${v.slice(7)}` : v.replace(/^(.).*(@.*)$/, '$1***$2');

export default function ProfileInfoPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="profile-grid">
      <section className="panel">
        <h1 className="admin-page-title">账号与安全</h1>
        <dl>
          <InlineEdit
            label="账号名"
            testId="uname-row"
            name="uname"
            schema={ZUpdateUname}
            value={user.uname}
            placeholder="6-20位，以字母开头，字母和数字"
            maxLength={20}
            save={async (v) => {
              const res = await api.updateUname(v);
              if (res.code === 200) await refreshUser();
              return res;
            }}
          />
          <ContactRow channel="sms" current={user.mobile} />
          <ContactRow channel="email" current={user.email} />
        </dl>
      </section>
      <PasswordPanel hasPassword={user.hasPassword} />
      <RemovePanel mobile={user.mobile} email={user.email} />
    </div>
  );
}

export function PasswordPanel({ hasPassword }: { hasPassword: boolean }) {
  const form = useSchemaForm({
    schema: ZUpdatePwd,
    initial: { oldPassword: '', password: '', confirmPassword: '' },
    toPayload: (v) => ({ ...v, oldPassword: hasPassword ? v.oldPassword : undefined }),
    // The old password is asked for only once the account has one.
    rules: (v): Record<string, string> => (hasPassword && !v.oldPassword ? { oldPassword: '原密码不能为空' } : {}),
    trim: ['oldPassword', 'password', 'confirmPassword'],
  });
  const busy = form.isSubmitting;
  const submit = form.handleSubmit(async (payload) => {
    const res = await api.updatePwd(payload).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void message.error(res.msg);
    message.success('密码已修改，其他设备已退出登录');
    form.reset();
    await refreshUser();
  });
  return (
    <section className="panel">
      <h2>{hasPassword ? '修改登录密码' : '设置登录密码'}</h2>
      <form onSubmit={submit} onBlur={form.onBlur} noValidate style={{ maxWidth: 420 }} data-testid="password-form">
        {hasPassword && (
          <Field label="原密码" error={form.errors.oldPassword}>
            <input {...form.field('oldPassword')} type="password" autoComplete="current-password" maxLength={128} />
          </Field>
        )}
        <Field label="新密码" error={form.errors.password}>
          <input {...form.field('password')} type="password" autoComplete="new-password" maxLength={128} />
        </Field>
        <Field label="确认新密码" error={form.errors.confirmPassword}>
          <input {...form.field('confirmPassword')} type="password" autoComplete="new-password" maxLength={128} />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? '提交中...' : '保存密码'}
        </button>
      </form>
    </section>
  );
}

function ContactRow({ channel, current }: { channel: 'sms' | 'email'; current: string | null }) {
  const [open, setOpen] = useState(false);
  const label = channel === 'sms' ? '手机号' : '邮箱';
  return (
    <div className="profile-row" data-testid={`${channel}-row`}>
      <dt>{label}</dt>
      <dd>{mask(current, channel) ?? <span className="muted">未绑定</span>}</dd>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        {current ? '更换' : '绑定'}
      </button>
      {open && <ContactChangeModal channel={channel} current={current} onClose={() => setOpen(false)} />}
    </div>
  );
}

export function ContactChangeModal({ channel, current, onClose }: { channel: 'sms' | 'email'; current: string | null; onClose: () => void }) {
  const label = channel === 'sms' ? '手机号' : '邮箱';
  const [ticket, setTicket] = useState<string | null>(current ? null : '');
  const verify = useSchemaForm({ schema: ZValidCode, initial: { code: '' }, trim: ['code'] });
  const bindSchema = useMemo(() => z.object({ target: channel === 'sms' ? ZMobile : ZEmail, code: ZCode }), [channel]);
  const bind = useSchemaForm({ schema: bindSchema, initial: { target: '', code: '' }, trim: ['target', 'code'] });
  const sendCode = channel === 'sms' ? api.sendMemberSmsCode : api.sendMemberEmailCode;

  const submitVerify = verify.handleSubmit(async ({ code }) => {
    const res = await (channel === 'sms' ? api.validSmsCode : api.validEmailCode)(code).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    // The server's answer about the code (wrong or expired) is shown on the code field.
    if (res.code !== 200 || !res.data) return void verify.setError('code', res.msg);
    setTicket(res.data.ticket);
  });
  const submitBind = bind.handleSubmit(async ({ target, code }) => {
    const res = await (channel === 'sms' ? api.updateMobile : api.updateEmail)(target, code, ticket || undefined).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void message.error(res.msg);
    message.success(res.msg);
    await refreshUser();
    onClose();
  });

  return (
    <Modal open onClose={onClose} title={`${current ? '更换' : '绑定'}${label}`} testId="contact-modal">
      {ticket === null ? (
        <form onSubmit={submitVerify} onBlur={verify.onBlur} noValidate>
          <p className="muted">为了账号安全，请先验证当前{label} {mask(current, channel)}</p>
          <Field error={verify.errors.code}>
            <div className="code-input">
              <input {...verify.field('code')} placeholder="请输入4位验证码" maxLength={4} inputMode="numeric" />
              <SendCodeButton beforeSend={() => true} send={() => sendCode('verify')} />
            </div>
          </Field>
          <button type="submit" className="btn btn-primary btn-block" disabled={verify.isSubmitting}>
            下一步
          </button>
        </form>
      ) : (
        <form onSubmit={submitBind} onBlur={bind.onBlur} noValidate>
          <Field label={`新${label}`} error={bind.errors.target}>
            <input {...bind.field('target')} placeholder={`请输入新${label}`} maxLength={channel === 'sms' ? 11 : 254} />
          </Field>
          <Field label="验证码" error={bind.errors.code}>
            <div className="code-input">
              <input {...bind.field('code')} placeholder="请输入4位验证码" maxLength={4} inputMode="numeric" />
              <SendCodeButton beforeSend={() => bind.checkField('target')} send={() => sendCode('bind', bind.values.target)} />
            </div>
          </Field>
          <button type="submit" className="btn btn-primary btn-block" disabled={bind.isSubmitting}>
            确认{current ? '更换' : '绑定'}
          </button>
        </form>
      )}
    </Modal>
  );
}

export function RemovePanel({ mobile, email }: { mobile: string | null; email: string | null }) {
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<'sms' | 'email'>(mobile ? 'sms' : 'email');
  const [confirmed, setConfirmed] = useState(false);
  const form = useSchemaForm({ schema: ZValidCode, initial: { code: '' }, trim: ['code'] });
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!confirmed) {
      form.check();
      return void message.warning('请确认已了解注销后果');
    }
    void form.run(async ({ code }) => {
      const res = await api.removeAccount(channel, code).catch(() => null);
      if (!res) return void message.error('网络异常，请稍后再试');
      if (res.code !== 200) return void form.setError('code', res.msg);
      await clearSession();
      message.success('账号已注销');
      void navigate('/', { replace: true });
    });
  };
  return (
    <section className="panel danger-zone">
      <h2>注销账号</h2>
      <p className="muted">注销后，您的个人资料、收藏和登录方式将被永久删除且无法恢复；已提交的求购和报价记录将以匿名形式保留。</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        注销账号
      </button>
      {open && (
        <Modal open onClose={() => setOpen(false)} title="确认注销账号" testId="remove-modal">
          <form onSubmit={submit} onBlur={form.onBlur} noValidate>
            {mobile && email && (
              <div className="tabs">
                <button type="button" className={channel === 'sms' ? 'active' : ''} onClick={() => setChannel('sms')}>
                  手机验证
                </button>
                <button type="button" className={channel === 'email' ? 'active' : ''} onClick={() => setChannel('email')}>
                  邮箱验证
                </button>
              </div>
            )}
            <p className="muted">验证码将发送至 {mask(channel === 'sms' ? mobile : email, channel)}</p>
            <Field error={form.errors.code}>
              <div className="code-input">
                <input {...form.field('code')} placeholder="请输入4位验证码" maxLength={4} inputMode="numeric" />
                <SendCodeButton beforeSend={() => true} send={() => (channel === 'sms' ? api.sendMemberSmsCode('remove') : api.sendMemberEmailCode('remove'))} />
              </div>
            </Field>
            <label className="checkbox">
              <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} /> 我已了解注销后账号无法恢复
            </label>
            <button type="submit" className="btn btn-primary btn-block" style={{ marginTop: 16, background: 'var(--c-danger)', borderColor: 'var(--c-danger)' }} disabled={form.isSubmitting}>
              确认注销
            </button>
          </form>
        </Modal>
      )}
    </section>
  );
}
