// A slim banner for a desktop without a safe OS key store (Linux basic_text): the main process
// keeps the token in memory only, so the user must know the sign-in ends when the app closes.
import { useEffect, useState } from 'react';
import { getPlatform } from '@/platform/platform';
import { bannerStyles } from './shell-banner';

export const SESSION_PERSISTENCE_NOTICE = '当前系统未提供安全的密钥存储，登录状态仅在本次运行中保留，关闭应用后需重新登录';
const DISMISSED_KEY = 'yct_session_notice_dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function SessionPersistenceNotice() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let live = true;
    void getPlatform().session.persistence().then((persistence) => {
      if (live) setVisible(persistence === 'this-run' && !wasDismissed());
    });
    return () => {
      live = false;
    };
  }, []);

  if (!visible) return null;
  const dismiss = () => {
    setVisible(false);
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // no sessionStorage: the banner comes back after a reload, which is harmless
    }
  };
  return (
    <div role="status" data-testid="session-persistence-notice" style={styles.bar}>
      <span>{SESSION_PERSISTENCE_NOTICE}</span>
      <button type="button" aria-label="关闭提示" onClick={dismiss} style={styles.close}>
        ×
      </button>
    </div>
  );
}

const styles = bannerStyles('warning');
