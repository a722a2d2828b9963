// The error page of SPEC §2 and the 404 fallback for unmatched paths.
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { claimPageTitle } from '@/shared/page-title';

export const DEFAULT_ERROR_MESSAGE = '抱歉，服务器遇到了一些问题。';

export function ErrorView({ statusCode = 500, message, onRetry }: { statusCode?: number; message?: string; onRetry: () => void }) {
  const title = statusCode === 404 ? '页面未找到' : '服务器内部错误';
  useEffect(() => {
    // "错误 {code}" plus the site name (SPEC §2), kept over the route's own title
    claimPageTitle(window.location.pathname, `错误 ${statusCode}`);
  }, [statusCode]);
  return (
    <section className="error-page" data-testid="error-page">
      <div className="error-code">{statusCode}</div>
      <h1>{title}</h1>
      <p className="error-message">{message || DEFAULT_ERROR_MESSAGE}</p>
      <div className="error-actions">
        <a className="btn btn-primary" href="/">
          返回首页
        </a>
        <button type="button" className="btn" onClick={onRetry}>
          重试
        </button>
      </div>
    </section>
  );
}

function describe(error: unknown): { statusCode: number; message?: string } {
  if (isRouteErrorResponse(error)) return { statusCode: error.status, message: typeof error.data === 'string' ? error.data : error.statusText };
  if (error && typeof error === 'object' && 'status' in error && typeof (error as { status: unknown }).status === 'number') {
    return { statusCode: (error as { status: number }).status, message: (error as unknown as Error).message };
  }
  return { statusCode: 500 };
}

export function ErrorPage() {
  const error = useRouteError();
  if (error) console.error(error);
  const { statusCode, message } = describe(error);
  // 重试 clears the error and goes home; a full load resets every error boundary.
  return <ErrorView statusCode={statusCode} message={message} onRetry={() => window.location.assign('/')} />;
}

export function NotFoundPage() {
  const location = useLocation();
  const navigate = useNavigate();
  return <ErrorView statusCode={404} message={`您访问的页面不存在：${location.pathname}`} onRetry={() => void navigate('/', { replace: true })} />;
}
