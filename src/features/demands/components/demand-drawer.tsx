// A demand's details in a side drawer over the hall (URL ?id=): full details and attachments for
// approved suppliers, the purchaser and admins; everyone else reads who may see them (the server
// decides with `locked`; this only words it for the viewer).
import { SUPPLIER_AWARD_PENDING } from '@contracts/award-approval';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { deadlineCountdown, formatMoney, QUOTE_MODE_HINT, QUOTE_MODE_LABEL, type TDemandDetail } from '@contracts/trade';
import { formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { FileLinks } from '@/components/attachments';
import { openLoginModal } from '@/shared/login-modal';
import { useSession } from '@/shared/session';
import { useHydrated } from '@/shared/hydration';
import { demandQuery } from '../api/demands-api';
import { StateBadge } from './common';

export function DemandDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { signedIn, user } = useSession();
  const { data, isLoading, error } = useQuery(demandQuery(id, signedIn));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const isSupplier = Boolean(user?.roles.includes('supplier'));
  return (
    <div className="drawer-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <aside className="drawer" role="dialog" aria-modal="true" aria-label="求购详情" data-testid="demand-drawer">
        <header className="drawer-head">
          <span>求购详情</span>
          <button type="button" className="modal-close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="drawer-body">
          {isLoading && <div className="empty">加载中...</div>}
          {error && <div className="empty">{(error as Error).message || '求购不存在'}</div>}
          {data && <DemandBody demand={data} isSupplier={isSupplier} signedIn={signedIn} />}
        </div>
      </aside>
    </div>
  );
}

/** Who may read the locked details, worded for this viewer (never 「登录后可见」 to someone signed in). */
function lockedFor(signedIn: boolean, isSupplier: boolean) {
  if (!signedIn) return { short: '供应商登录后可见', long: '期望交货、需求描述、参数要求和附件在供应商登录后可见。' };
  if (isSupplier) return { short: '审核通过的供应商可见', long: '期望交货、需求描述、参数要求和附件在供应商入驻审核通过后可见。' };
  return { short: '入驻供应商可见', long: '期望交货、需求描述、参数要求和附件仅对入驻供应商开放，您的账号还不是供应商。' };
}

function DemandBody({ demand: d, isSupplier, signedIn }: { demand: TDemandDetail; isSupplier: boolean; signedIn: boolean }) {
  const locked = lockedFor(signedIn, isSupplier);
  // Counts down only while the demand takes quotations (not on 评标中 or 已成交); it reads the clock,
  // so it shows from the render after hydration (the server's HTML may be a minute old).
  const hydrated = useHydrated();
  const left = hydrated ? deadlineCountdown(d) : null;
  return (
    <>
      {/* A long unbroken title (model numbers, 60 letters) wraps inside the drawer; the badge keeps its room. */}
      <div className="drawer-title">
        <h2 style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{d.title}</h2>
        <StateBadge state={d.status} />
      </div>
      <dl className="fact-grid">
        <div>
          <dt>产品分类</dt>
          <dd>{d.categoryName ?? '—'}</dd>
        </div>
        <div>
          <dt>采购数量</dt>
          <dd>
            {d.quantity} {d.unit}
          </dd>
        </div>
        <div>
          <dt>采购预算</dt>
          <dd>{d.budgetHidden && d.budget === null ? '预算保密' : formatMoney(d.budget)}</dd>
        </div>
        <div>
          <dt>收货地区</dt>
          <dd>{[d.province, d.city].filter(Boolean).join(' ') || '—'}</dd>
        </div>
        <div>
          <dt>报价截止</dt>
          <dd>
            {formatDay(d.quoteDeadline)}{' '}
            {left && (
              <span className={left.urgent ? 'text-danger' : 'muted'} data-testid="deadline-countdown">
                （{left.text}）
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>期望交货</dt>
          <dd data-testid="drawer-need-by">{d.locked ? locked.short : formatDay(d.needBy)}</dd>
        </div>
        <div>
          <dt>已有报价</dt>
          <dd>
            {d.quotationCount} / {d.quoteCap} 家
          </dd>
        </div>
        <div>
          <dt>报价方式</dt>
          <dd title={QUOTE_MODE_HINT[d.quoteMode]} data-testid="drawer-quote-mode">
            {QUOTE_MODE_LABEL[d.quoteMode]}
          </dd>
        </div>
        <div>
          <dt>采购方</dt>
          <dd>{d.buyer}</dd>
        </div>
      </dl>

      {d.locked ? (
        <div className="locked-box" data-testid="demand-locked">
          <strong>完整需求仅对入驻供应商开放</strong>
          <p className="muted">{locked.long}采购方联系方式仅在报价被采纳后提供。</p>
          {!signedIn ? (
            <button type="button" className="btn btn-primary" onClick={openLoginModal}>
              供应商登录
            </button>
          ) : (
            <AppLink className="btn" to="/service/settle">
              了解供应商入驻
            </AppLink>
          )}
        </div>
      ) : (
        <>
          {d.awardPending && (
            <div className="notice notice-warning" data-testid="award-pending-drawer">
              {SUPPLIER_AWARD_PENDING}：采购方正在进行定标审批。
            </div>
          )}
          <section className="drawer-section">
            <h3>需求描述</h3>
            <p className="pre-wrap">{d.description || <span className="muted">未填写</span>}</p>
          </section>
          <section className="drawer-section">
            <h3>参数要求</h3>
            {d.params.length === 0 ? (
              <p className="muted">未列出参数要求</p>
            ) : (
              <table className="trade-table compact">
                <tbody>
                  {d.params.map((p, i) => (
                    <tr key={i}>
                      <th>{p.name}</th>
                      <td>{p.value || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className="drawer-section">
            <h3>附件</h3>
            {d.attachments.length === 0 ? (
              <p className="muted">无附件</p>
            ) : (
              <FileLinks files={d.attachments} />
            )}
          </section>
          {d.contact && (
            <section className="drawer-section contact-box">
              <h3>采购方联系方式</h3>
              <p>
                {d.contact.companyName ?? '—'} · {d.contact.contactName ?? '—'} · {d.contact.contactPhone ?? '—'}
              </p>
            </section>
          )}
        </>
      )}

      <footer className="drawer-foot">
        {d.isOwner ? (
          <AppLink className="btn btn-primary" to={`/admin/purchaser/demand-quotation?demandId=${d.id}`}>
            查看收到的报价
          </AppLink>
        ) : isSupplier && d.myQuotation ? (
          <AppLink className="btn btn-primary" to={`/admin/supplier/quotation/detail?id=${d.myQuotation.id}`}>
            查看我的报价（第{d.myQuotation.version}版）
          </AppLink>
        ) : isSupplier && d.accepting ? (
          <AppLink className="btn btn-accent" to={`/demand/quotation?demandId=${d.id}`} data-testid="quote-now">
            立即报价
          </AppLink>
        ) : d.accepting && !signedIn ? (
          <button type="button" className="btn btn-accent" onClick={openLoginModal}>
            登录后报价
          </button>
        ) : (
          <span className="muted">{d.accepting ? '仅入驻供应商可以报价' : '该求购已停止接收报价'}</span>
        )}
      </footer>
    </>
  );
}
