// The login form of SPEC §2, used by the modal and by /login: account and SMS tabs.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ZPasswordLoginForm, ZSmsLoginForm } from '@contracts/validation';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Field } from '@/components/form/field';
import { AppLink } from '@/components/ui/app-link';
import { flashAfterReload, message } from '@/components/ui/toast';
import { isAuthPage, LAST_PATH_COOKIE } from '@/shared/guard';
import { completeLogin } from '@/shared/session';
import { deleteCookie, getCookie } from '@/platform/cookies';
import { loginByPassword, loginBySms, sendSmsCode } from './api/auth-api';
import { SendCodeButton } from './send-code-button';
import { useCountdown } from '@/components/form/use-countdown';

type TTab = 'password' | 'sms';

export function LoginForm({ onDone }: { onDone?: () => void }) {
  const [tab, setTab] = useState<TTab>('password');
  const [showPassword, setShowPassword] = useState(false);
  // SPEC §4: input is trimmed as it is typed or pasted.
  const pwd = useSchemaForm({ schema: ZPasswordLoginForm, initial: { phoneOrEmail: '', password: '' }, trim: ['phoneOrEmail', 'password'] });
  const sms = useSchemaForm({ schema: ZSmsLoginForm, initial: { mobile: '', verify: '' }, trim: ['mobile', 'verify'] });
  const form = tab === 'password' ? pwd : sms;
  const busy = pwd.isSubmitting || sms.isSubmitting;
  const smsCountdown = useCountdown();
  const location = useLocation();
  const navigate = useNavigate();

  const switchTab = (next: TTab) => {
    setTab(next);
    pwd.clearErrors();
    sms.clearErrors();
  };

  const afterLogin = () => {
    pwd.reset();
    sms.reset();
    onDone?.();
    if (isAuthPage(location.pathname)) {
      const lastPath = getCookie(LAST_PATH_COOKIE);
      deleteCookie(LAST_PATH_COOKIE);
      void navigate(lastPath && lastPath.startsWith('/') && !lastPath.startsWith('//') ? lastPath : '/', { replace: true });
    } else {
      flashAfterReload('success', '登录成功');
      window.location.reload();
    }
  };

  const submit = form.handleSubmit(async () => {
    try {
      const res = tab === 'password' ? await loginByPassword(pwd.values.phoneOrEmail, pwd.values.password) : await loginBySms(sms.values.mobile, sms.values.verify);
      if (res.code !== 200 || !res.data?.access_token) {
        message.error(res.msg || '登录失败');
        return;
      }
      await completeLogin(res.data.access_token);
      message.success('登录成功');
      afterLogin();
    } catch {
      message.error('登录失败，请稍后再试');
    }
  });

  return (
    <form className="login-form" onSubmit={submit} onBlur={form.onBlur} noValidate data-testid="login-form">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'password'} className={tab === 'password' ? 'active' : ''} onClick={() => switchTab('password')}>
          账号登录
        </button>
        <button type="button" role="tab" aria-selected={tab === 'sms'} className={tab === 'sms' ? 'active' : ''} onClick={() => switchTab('sms')}>
          短信登录
        </button>
      </div>
      {tab === 'password' ? (
        <>
          <Field error={pwd.errors.phoneOrEmail}>
            <input {...pwd.field('phoneOrEmail')} autoComplete="username" placeholder="手机号/邮箱/账号名" maxLength={254} />
          </Field>
          <Field error={pwd.errors.password}>
            <div className="password-input">
              <input {...pwd.field('password')} type={showPassword ? 'text' : 'password'} autoComplete="current-password" placeholder="密码" maxLength={128} />
              <button type="button" className="link-button" aria-label={showPassword ? '隐藏密码' : '显示密码'} onClick={() => setShowPassword((s) => !s)}>
                {showPassword ? '隐藏' : '显示'}
              </button>
            </div>
          </Field>
        </>
      ) : (
        <>
          <Field error={sms.errors.mobile}>
            <input {...sms.field('mobile')} inputMode="numeric" autoComplete="tel" placeholder="手机号" maxLength={11} />
          </Field>
          <Field error={sms.errors.verify}>
            <div className="code-input">
              <input {...sms.field('verify')} inputMode="numeric" autoComplete="one-time-code" placeholder="验证码" maxLength={4} />
              <SendCodeButton countdown={smsCountdown} beforeSend={() => sms.checkField('mobile')} send={() => sendSmsCode(sms.values.mobile, 'login')} />
            </div>
          </Field>
          <p className="field-hint">未注册的手机号验证后将自动注册</p>
        </>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? '登录中...' : '登录'}
      </button>
      <div className="login-links">
        <AppLink to="/register" onClick={() => onDone?.()}>
          立即注册
        </AppLink>
        <AppLink to="/fotgetPwd" onClick={() => onDone?.()}>
          忘记密码?
        </AppLink>
      </div>
    </form>
  );
}
