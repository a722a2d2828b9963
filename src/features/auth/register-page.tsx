// Registration (SPEC §5): mobile or e-mail + code + agreement, then a password.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '@contracts/validation';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { openLoginModal } from '@/shared/login-modal';
import { completeLogin } from '@/shared/session';
import { completeRegistration, verifyRegistration } from './api/auth-api';
import { BasicStep, SetPassStep, Steps, type TFormStep } from './contact-steps';
import '@/styles/auth.css';

export default function RegisterPage() {
  const [step, setStep] = useState<TFormStep>('Basic');
  const [ticket, setTicket] = useState('');
  const [agree, setAgree] = useState(false);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const navigate = useNavigate();

  return (
    <div className="auth-card">
      <h1>注册账号</h1>
      <Steps step={step} labels={['验证手机号或邮箱', '设置密码']} />
      {step === 'Basic' ? (
        <BasicStep
          purpose="register"
          submitLabel="下一步"
          beforeSubmit={() => {
            setAgreeError(agree ? null : MSG.agreeTerms);
            return agree;
          }}
          extra={
            <div className="field">
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="agree"
                  checked={agree}
                  onChange={(e) => {
                    setAgree(e.target.checked);
                    if (e.target.checked) setAgreeError(null);
                  }}
                />
                我已阅读并同意
                <AppLink to="/agreement" target="_blank">
                  《用户协议》
                </AppLink>
                和
                <AppLink to="/privacy-policy" target="_blank">
                  《隐私政策》
                </AppLink>
              </label>
              {agreeError && (
                <p className="field-error" role="alert">
                  {agreeError}
                </p>
              )}
            </div>
          }
          onVerify={async (contact) => {
            const res = await verifyRegistration({ ...contact, agree });
            if (res.code === 200 && res.data) {
              setTicket(res.data.ticket);
              setStep('SetPass');
            }
            return res;
          }}
        />
      ) : (
        <SetPassStep
          submitLabel="完成注册"
          onSubmit={async (password, confirmPassword) => {
            const res = await completeRegistration(ticket, password, confirmPassword).catch(() => null);
            if (!res) return void message.error('网络异常，请稍后再试');
            if (res.code !== 200 || !res.data) {
              message.error(res.msg || '注册失败');
              if (res.msg.includes('验证')) setStep('Basic');
              return;
            }
            await completeLogin(res.data.access_token);
            message.success('注册成功');
            void navigate('/', { replace: true });
          }}
        />
      )}
      <p className="auth-switch">
        已有账号？
        <button type="button" className="link-button" onClick={openLoginModal}>
          立即登录
        </button>
      </p>
    </div>
  );
}
