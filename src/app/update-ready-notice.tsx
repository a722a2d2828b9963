// The desktop's offer to install a downloaded update: a slim banner in every window, never a dialog
// that takes the keyboard while someone types. 立即重启 asks main, which asks about unsaved edits in
// every window before closing any (electron/core/restart-guard.ts); 稍后 hides it in this window and
// the update installs on the next quit. Renders nothing on the web.
import { useEffect, useState } from 'react';
import { getPlatform } from '@/platform/platform';
import { bannerStyles } from './shell-banner';

export function UpdateReadyNotice() {
  const [version, setVersion] = useState<string | null>(null);
  const [later, setLater] = useState<string | null>(null);
  const [restarting, setRestarting] = useState(false);

  useEffect(() => getPlatform().updates.onRestartReady?.(setVersion), []);

  if (!version || later === version) return null;
  const restart = async () => {
    setRestarting(true);
    try {
      await getPlatform().updates.restart?.();
    } catch (err) {
      console.error('restart for the update failed', err);
    } finally {
      // Still here: the user kept unsaved edits (留下); the update installs on the next quit.
      setRestarting(false);
    }
  };
  return (
    <div role="status" data-testid="update-ready-notice" style={styles.bar}>
      <span>新版本 {version} 已下载完成，重启仪采通即可完成更新。</span>
      <button type="button" onClick={() => void restart()} disabled={restarting} style={styles.primary}>
        {restarting ? '正在重启…' : '立即重启'}
      </button>
      <button type="button" onClick={() => setLater(version)} style={styles.button}>
        稍后（下次退出时安装）
      </button>
    </div>
  );
}

const styles = bannerStyles('info');
