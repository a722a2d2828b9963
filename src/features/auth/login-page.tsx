import { LoginForm } from './login-form';
import '@/styles/auth.css';

export default function LoginPage() {
  return (
    <div className="auth-card">
      <h1>欢迎登录</h1>
      <LoginForm />
    </div>
  );
}
