// Password recovery (/fotgetPwd): a code by mobile or e-mail, then a new password.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '@/components/ui/app-link';
import { message } from '@/components/ui/toast';
import { completeReset, verifyReset } from './api/auth-api';
import { BasicStep, SetPassStep, Steps, type TFormStep } from './contact-steps';
import '@/styles/auth.css';

export default function ForgotPasswordPage() {
  const [step, setStep] = useState<TFormStep>('Basic');
  const [ticket, setTicket] = useState('');
  const navigate = useNavigate();
  return (
    <div className="auth-card">
      <h1>找回密码</h1>
      <Steps step={step} labels={['验证身份', '设置新密码']} />
      {step === 'Basic' ? (
        <BasicStep
          purpose="reset"
          submitLabel="下一步"
          onVerify={async (contact) => {
            const res = await verifyReset(contact);
            if (res.code === 200 && res.data) {
              setTicket(res.data.ticket);
              setStep('SetPass');
            }
            return res;
          }}
        />
      ) : (
        <SetPassStep
          submitLabel="重置密码"
          onSubmit={async (password, confirmPassword) => {
            const res = await completeReset(ticket, password, confirmPassword).catch(() => null);
            if (!res) return void message.error('网络异常，请稍后再试');
            if (res.code !== 200) return void message.error(res.msg || '重置失败');
            message.success('密码已重置，请使用新密码登录');
            void navigate('/login', { replace: true });
          }}
        />
      )}
      <p className="auth-switch">
        想起密码了？<AppLink to="/login">返回登录</AppLink>
      </p>
    </div>
  );
}
