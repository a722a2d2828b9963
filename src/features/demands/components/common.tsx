// Small pieces shared by the demand pages: state badge, login and upgrade prompts.
import type { ReactNode } from 'react';
import { ZToPurchaser } from '@contracts/member';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { DEMAND_STATE_LABEL, INQUIRY_STATE_LABEL, QUOTATION_STATE_LABEL, type TDemandState, type TInquiryState, type TQuotationState } from '@contracts/trade';
import { openLoginModal } from '@/shared/login-modal';
import { refreshUser } from '@/shared/session';
import { message } from '@/components/ui/toast';
import { toPurchaser } from '../api/demands-api';

const TONE: Record<string, string> = {
  DRAFT: 'muted',
  PENDING_APPROVAL: 'warning',
  PENDING_REVIEW: 'warning',
  OPEN: 'primary',
  QUOTED: 'primary',
  EVALUATING: 'warning',
  AWARDED: 'success',
  EXPIRED: 'muted',
  CANCELLED: 'muted',
  CLOSED: 'muted',
  REJECTED: 'danger',
  SUBMITTED: 'primary',
  ACCEPTED: 'success',
  WITHDRAWN: 'muted',
  NOT_SELECTED: 'muted',
  NEW: 'warning',
  REPLIED: 'success',
};

export function StateBadge({ state, kind = 'demand' }: { state: string; kind?: 'demand' | 'quotation' | 'inquiry' }) {
  const label =
    kind === 'demand' ? DEMAND_STATE_LABEL[state as TDemandState] : kind === 'quotation' ? QUOTATION_STATE_LABEL[state as TQuotationState] : INQUIRY_STATE_LABEL[state as TInquiryState];
  const tone = kind === 'quotation' && state === 'REJECTED' ? 'danger' : (TONE[state] ?? 'muted');
  return (
    <span className={`state-badge state-${tone}`} data-state={state}>
      {label ?? state}
    </span>
  );
}

export function LoginRequired({ title, text }: { title: string; text: string }) {
  return (
    <div className="trade-gate panel">
      <div className="trade-gate-icon" aria-hidden>
        登
      </div>
      <h2>{title}</h2>
      <p className="muted">{text}</p>
      <button type="button" className="btn btn-primary" onClick={openLoginModal}>
        登录 / 注册
      </button>
    </div>
  );
}

/**
 * 升级为采购商 (PUT /api/member/toPurchaser): the unit's name, on the form mechanism. On the profile
 * page as a line of its own, and inside the gate below where a page needs a purchaser.
 */
export function UpgradeForm({ className = 'inline-form', done = '已成为采购商' }: { className?: string; done?: string }) {
  const form = useSchemaForm({ schema: ZToPurchaser, initial: { companyName: '' } });
  const error = form.errors.companyName;
  const busy = form.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ companyName }) => {
    const res = await toPurchaser(companyName).catch(() => null);
    if (!res) return void message.error('网络异常，请稍后再试');
    if (res.code !== 200) return void message.error(res.msg);
    await refreshUser();
    message.success(done);
  });
  return (
    <form className={className} onSubmit={onSubmit} onBlur={form.onBlur} noValidate>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <input {...form.field('companyName')} maxLength={100} placeholder="公司/单位名称，如：华东理工大学分析测试中心" />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? '升级中...' : '升级为采购商'}
      </button>
    </form>
  );
}

/** The upgrade offered to a member who is not a purchaser yet, where a page needs one. */
export function UpgradeToPurchaser({ children }: { children?: ReactNode }) {
  return (
    <div className="trade-gate panel" data-testid="upgrade-purchaser">
      <div className="trade-gate-icon" aria-hidden>
        购
      </div>
      <h2>升级为采购商后即可发布求购</h2>
      <p className="muted">只有采购商可以发布求购、接收报价并在线比价。填写您所在单位的名称即可完成升级，无需审核。</p>
      {children}
      <UpgradeForm className="trade-gate-form" done="已成为采购商，可以发布求购了" />
    </div>
  );
}
