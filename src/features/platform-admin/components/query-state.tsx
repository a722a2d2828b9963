// Loading and failure states of the platform admin pages.
import { ApiError } from '@/platform/http';

export function Loading({ rows = 5 }: { rows?: number }) {
  return (
    <div className="bo-skeleton" aria-busy="true" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="bo-skeleton-line" style={{ width: `${90 - (i % 3) * 15}%` }} />
      ))}
    </div>
  );
}

export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  const code = error instanceof ApiError ? error.code : 0;
  return (
    <div className="bo-card bo-blocked" role="alert">
      <h2>{code === 403 ? '仅平台管理员可以访问' : '加载失败'}</h2>
      <p className="muted">{error instanceof Error && error.message ? error.message : '网络异常，请稍后再试'}</p>
      {retry && code !== 403 && (
        <button type="button" className="btn" onClick={retry}>
          重试
        </button>
      )}
    </div>
  );
}
