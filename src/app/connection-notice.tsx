// The offline state: when the API cannot be reached (the desktop's main says so), or answers the
// member info with a 5xx (服务器暂时不可用: its database down), a slim banner says what is wrong and
// retries on its own; the session and everything on the page stay. Once the API answers again the
// banner goes and the member info is fetched if it is missing.
import { useEffect, useState } from 'react';
import { SERVER_SETTINGS_PATH } from '@contracts/desktop-paths';
import { AppLink } from '@/components/ui/app-link';
import { getConnectionProblem, reportServerAvailable, useConnectionProblem } from '@/platform/connection';
import { quietly, request } from '@/platform/http';
import { getPlatform } from '@/platform/platform';
import { getSession, refreshUser, useSession } from '@/shared/session';
import { bannerStyles } from './shell-banner';

export const RETRY_SECONDS = 10;

async function probe() {
  if (getConnectionProblem()?.kind === 'unavailable') {
    // The server answers but could not serve the member: only the member info tells it is back.
    const { signedIn, user } = getSession();
    if (signedIn && !user) await refreshUser();
    else reportServerAvailable();
    return;
  }
  // Any answer from the API itself clears the problem (http.ts notes every answer).
  await quietly(() => request('get', '/api/health'));
  const { signedIn, user } = getSession();
  if (signedIn && !user) await refreshUser();
}

export function ConnectionNotice() {
  const problem = useConnectionProblem();
  const { signedIn } = useSession();
  const [left, setLeft] = useState(RETRY_SECONDS);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (!problem) return;
    setLeft(RETRY_SECONDS);
    const timer = setInterval(() => {
      setLeft((s) => {
        if (s > 1) return s - 1;
        void probe();
        return RETRY_SECONDS;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [problem]);

  if (!problem) return null;
  const retry = async () => {
    setRetrying(true);
    try {
      await probe();
    } finally {
      setRetrying(false);
      setLeft(RETRY_SECONDS);
    }
  };
  return (
    <div role="alert" data-testid="connection-notice" style={styles.bar}>
      <span>{problem.message}</span>
      {(problem.kind === 'unreachable' || problem.kind === 'unavailable') && (
        <span style={styles.muted}>
          {signedIn ? '登录状态已保留，' : ''}
          {left} 秒后自动重试
        </span>
      )}
      <button type="button" onClick={retry} disabled={retrying} style={styles.button}>
        {retrying ? '正在重试…' : '立即重试'}
      </button>
      {getPlatform().isDesktop && (
        <AppLink to={SERVER_SETTINGS_PATH} style={styles.link}>
          服务器设置
        </AppLink>
      )}
    </div>
  );
}

const styles = bannerStyles('error');
