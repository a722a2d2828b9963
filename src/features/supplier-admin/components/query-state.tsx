// What a back-office page shows while its data loads or when the call fails; a member without a
// supplier store gets an explanation instead of a bare error.
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { ApiError } from '@/platform/http';

export function Loading({ rows = 4 }: { rows?: number }) {
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
  if (code === 403) {
    return (
      <div className="bo-card bo-blocked" role="alert">
        <div className="bo-blocked-icon" aria-hidden>
          店
        </div>
        <h2>您还没有开通供应商店铺</h2>
        <p className="muted">{error instanceof ApiError ? error.message : '没有权限执行此操作'}</p>
        <p className="muted">入驻后即可发布商品、装修店铺、管理品牌与招聘信息。</p>
        <AppLink className="btn btn-primary" to="/admin/supplier">
          在线申请入驻
        </AppLink>
      </div>
    );
  }
  if (code === 404) {
    return (
      <div className="bo-card bo-blocked" role="alert">
        <h2>内容不存在</h2>
        <p className="muted">{(error as Error).message}</p>
        <button type="button" className="btn" onClick={() => window.history.back()}>
          返回上一页
        </button>
      </div>
    );
  }
  return (
    <div className="bo-card bo-blocked" role="alert">
      <h2>加载失败</h2>
      <p className="muted">{error instanceof Error && error.message ? error.message : '网络异常，请稍后再试'}</p>
      {retry && (
        <button type="button" className="btn" onClick={retry}>
          重试
        </button>
      )}
    </div>
  );
}

export function Empty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty bo-empty">
      <div className="bo-empty-icon" aria-hidden />
      <p>{children}</p>
      {action}
    </div>
  );
}
