// The login modal (SPEC §2): opened from anywhere; every opening starts from a fresh form.
import { Modal } from '@/components/ui/modal';
import { closeLoginModal } from '@/shared/login-modal';
import { LoginForm } from './login-form';
import '@/styles/auth.css';

export default function LoginModal() {
  // Mounted only while open, so each opening resets fields, errors, visibility and the tab.
  return (
    <Modal open onClose={closeLoginModal} title="欢迎登录" testId="login-modal">
      <LoginForm onDone={closeLoginModal} />
    </Modal>
  );
}
