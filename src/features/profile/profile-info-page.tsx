// /admin/profile/info: account name, password, mobile, e-mail and account removal.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ZConfirmPassword } from '@contracts/member';
import { MSG, ZCode, ZEmail, ZMobile, ZPassword, isUname } from '@contracts/validation';
import { Field } from '@/components/form/field';
import { fromZod, useForm } from '@/components/form/use-form';
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
            value={user.uname}
            placeholder="6-20位，以字母开头，字母和数字"
            maxLength={20}
            validate={(v) => (isUname(v) ? null : MSG.unameInvalid)}
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
  const form = useForm(
    { oldPassword: '', password: '', confirmPassword: '' },
    {
      oldPassword: (v) => (hasPassword && !v ? '原密码不能为空' : null),
      password: fromZod(ZPassword),
      confirmPassword: (v, all) => fromZod(ZConfirmPassword)(v, all) ?? (v !== all.password ? MSG.confirmMismatch : null),
    },
  );
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.validateAll() || busy) return;
    setBusy(true);
    const res = await api.updatePwd({ ...form.values, oldPassword: hasPassword ? form.values.oldPassword : undefined }).catch(() => null);
    setBusy(false);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void message.error(res.msg);
    message.success('密码已修改，其他设备已退出登录');
    form.reset();
    await refreshUser();
  };
  return (
    <section className="panel">
      <h2>{hasPassword ? '修改登录密码' : '设置登录密码'}</h2>
      <form onSubmit={submit} noValidate style={{ maxWidth: 420 }} data-testid="password-form">
        {hasPassword && (
          <Field label="原密码" error={form.errors.oldPassword}>
            <input {...form.bind('oldPassword')} type="password" autoComplete="current-password" maxLength={128} />
          </Field>
        )}
        <Field label="新密码" error={form.errors.password}>
          <input {...form.bind('password')} type="password" autoComplete="new-password" maxLength={128} />
        </Field>
        <Field label="确认新密码" error={form.errors.confirmPassword}>
          <input {...form.bind('confirmPassword')} type="password" autoComplete="new-password" maxLength={128} />
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

function ContactChangeModal({ channel, current, onClose }: { channel: 'sms' | 'email'; current: string | null; onClose: () => void }) {
  const label = channel === 'sms' ? '手机号' : '邮箱';
  const [ticket, setTicket] = useState<string | null>(current ? null : '');
  const verify = useForm({ code: '' }, { code: fromZod(ZCode) });
  const bind = useForm({ target: '', code: '' }, { target: fromZod(channel === 'sms' ? ZMobile : ZEmail), code: fromZod(ZCode) });
  const [busy, setBusy] = useState(false);
  const sendCode = channel === 'sms' ? api.sendMemberSmsCode : api.sendMemberEmailCode;

  const submitVerify = async (e: FormEvent) => {
    e.preventDefault();
    if (!verify.validateAll() || busy) return;
    setBusy(true);
    const res = await (channel === 'sms' ? api.validSmsCode : api.validEmailCode)(verify.values.code).catch(() => null);
    setBusy(false);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200 || !res.data) return void verify.setError('code', res.msg);
    setTicket(res.data.ticket);
  };
  const submitBind = async (e: FormEvent) => {
    e.preventDefault();
    if (!bind.validateAll() || busy) return;
    setBusy(true);
    const res = await (channel === 'sms' ? api.updateMobile : api.updateEmail)(bind.values.target, bind.values.code, ticket || undefined).catch(() => null);
    setBusy(false);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void message.error(res.msg);
    message.success(res.msg);
    await refreshUser();
    onClose();
  };

  return (
    <Modal open onClose={onClose} title={`${current ? '更换' : '绑定'}${label}`} testId="contact-modal">
      {ticket === null ? (
        <form onSubmit={submitVerify} noValidate>
          <p className="muted">为了账号安全，请先验证当前{label} {mask(current, channel)}</p>
          <Field error={verify.errors.code}>
            <div className="code-input">
              <input {...verify.bind('code')} placeholder="请输入4位验证码" maxLength={4} inputMode="numeric" />
              <SendCodeButton beforeSend={() => true} send={() => sendCode('verify')} />
            </div>
          </Field>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            下一步
          </button>
        </form>
      ) : (
        <form onSubmit={submitBind} noValidate>
          <Field label={`新${label}`} error={bind.errors.target}>
            <input {...bind.bind('target')} placeholder={`请输入新${label}`} maxLength={channel === 'sms' ? 11 : 254} />
          </Field>
          <Field label="验证码" error={bind.errors.code}>
            <div className="code-input">
              <input {...bind.bind('code')} placeholder="请输入4位验证码" maxLength={4} inputMode="numeric" />
              <SendCodeButton beforeSend={() => !bind.validateField('target')} send={() => sendCode('bind', bind.values.target)} />
            </div>
          </Field>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            确认{current ? '更换' : '绑定'}
          </button>
        </form>
      )}
    </Modal>
  );
}

function RemovePanel({ mobile, email }: { mobile: string | null; email: string | null }) {
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<'sms' | 'email'>(mobile ? 'sms' : 'email');
  const [confirmed, setConfirmed] = useState(false);
  const form = useForm({ code: '' }, { code: fromZod(ZCode) });
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.validateAll() || busy) return;
    if (!confirmed) return void message.warning('请确认已了解注销后果');
    setBusy(true);
    const res = await api.removeAccount(channel, form.values.code).catch(() => null);
    setBusy(false);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void form.setError('code', res.msg);
    await clearSession();
    message.success('账号已注销');
    void navigate('/', { replace: true });
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
          <form onSubmit={submit} noValidate>
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
                <input {...form.bind('code')} placeholder="请输入4位验证码" maxLength={4} inputMode="numeric" />
                <SendCodeButton beforeSend={() => true} send={() => (channel === 'sms' ? api.sendMemberSmsCode('remove') : api.sendMemberEmailCode('remove'))} />
              </div>
            </Field>
            <label className="checkbox">
              <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} /> 我已了解注销后账号无法恢复
            </label>
            <button type="submit" className="btn btn-primary btn-block" style={{ marginTop: 16, background: 'var(--c-danger)', borderColor: 'var(--c-danger)' }} disabled={busy}>
              确认注销
            </button>
          </form>
        </Modal>
      )}
    </section>
  );
}
