// 响应质量 (issue 37): a supplier's response figures where buyers decide — the compact block on the
// store home and the product page, the one-line summary on directory cards and comparison columns.
// Every figure explains itself on hover, focus or tap (what is counted, over what period).
import type { ReactNode } from 'react';
import { formatReplyRate, replyTimeOf, RESPONSE_EXPLAINED, RESPONSE_MIN_SAMPLE, RESPONSE_WINDOW_DAYS, type TResponseFigures } from '@contracts/response-quality';
import type { TQueryPatch } from '@/shared/query-href';
import { InPlaceLink } from './in-place-link';
import { Tooltip } from './tooltip';
import '@/styles/response.css';

function Figure({ value, label, explain, muted }: { value: ReactNode; label: string; explain: string; muted?: boolean }) {
  return (
    <Tooltip content={<span className="resp-explain">{explain}</span>}>
      {/* Named by what it shows (value, then label), the explanation read after it. */}
      <button type="button" className={`resp-fig${muted ? ' is-muted' : ''}`}>
        <span className="resp-value">{value}</span>
        <span className="resp-label">
          {label}
          <span className="resp-info" aria-hidden="true">
            ?
          </span>
        </span>
        <span className="resp-sr">：{explain}</span>
      </button>
    </Tooltip>
  );
}

function FastTag() {
  return (
    <Tooltip content={<span className="resp-explain">{RESPONSE_EXPLAINED.fastReply}</span>}>
      <button type="button" className="resp-fast">
        24小时内回复<span className="resp-sr">：{RESPONSE_EXPLAINED.fastReply}</span>
      </button>
    </Tooltip>
  );
}

/** The compact block: reply rate, median first reply, inquiries, quotations, 中标, withdrawals after opening. */
export function ResponseBlock({ figures, className = '' }: { figures: TResponseFigures; className?: string }) {
  const f = figures;
  return (
    <section className={`resp ${className}`} aria-label="响应质量" data-testid="response-block">
      <header className="resp-head">
        <h3>响应质量</h3>
        <span className="resp-period">近{RESPONSE_WINDOW_DAYS}天 · 按平台记录自动统计</span>
        {f.fastReply && <FastTag />}
      </header>
      <div className="resp-grid">
        <Figure value={formatReplyRate(f)} label="询价回复率" explain={RESPONSE_EXPLAINED.replyRate} muted={!f.enough} />
        <Figure value={replyTimeOf(f)} label="首次回复用时" explain={RESPONSE_EXPLAINED.medianReply} muted={!f.enough} />
        <Figure value={`${f.inquiries} 条`} label="收到询价" explain={RESPONSE_EXPLAINED.inquiries} />
        <Figure value={`${f.quotations} 份`} label="提交报价" explain={RESPONSE_EXPLAINED.quotations} />
        <Figure value={`${f.accepted} 次`} label="中标" explain={RESPONSE_EXPLAINED.accepted} />
        <Figure value={`${f.withdrawnAfterOpen} 次`} label="查看后撤回" explain={RESPONSE_EXPLAINED.withdrawnAfterOpen} />
      </div>
      {!f.enough && <p className="resp-note">近{RESPONSE_WINDOW_DAYS}天询价少于 {RESPONSE_MIN_SAMPLE} 条，回复率与回复用时暂不统计。</p>}
    </section>
  );
}

/**
 * One line for directory cards and comparison columns: reply rate, median first reply, the 24h tag;
 * `basis` says when the figures were counted (「决定时统计（日期）」 on a decided comparison).
 */
export function ResponseSummary({ figures, basis }: { figures: TResponseFigures; basis?: string }) {
  const f = figures;
  return (
    <div className="resp-line" data-testid="response-summary">
      <Tooltip content={<span className="resp-explain">{RESPONSE_EXPLAINED.replyRate}</span>}>
        <button type="button" className="resp-chip">
          回复率 <b>{formatReplyRate(f)}</b>
        </button>
      </Tooltip>
      {f.enough && (
        <Tooltip content={<span className="resp-explain">{RESPONSE_EXPLAINED.medianReply}</span>}>
          <button type="button" className="resp-chip">
            回复用时 <b>{replyTimeOf(f)}</b>
          </button>
        </Tooltip>
      )}
      {f.fastReply && <FastTag />}
      {basis && <span className="resp-basis">{basis}</span>}
    </div>
  );
}

/** The directories' 排序筛选 row (stores, enterprises): 综合排序, 回复率优先 and the 24小时内回复 filter, as links. */
export function ResponseSortRow({ sort, fast, href, update }: { sort: 'replyRate' | undefined; fast: 1 | undefined; href: (patch: TQueryPatch) => string; update: (patch: TQueryPatch) => void }) {
  return (
    <div className="directory-row">
      <span className="directory-label">排序筛选</span>
      <div className="directory-values">
        <InPlaceLink to={href({ sort: undefined })} className={!sort ? 'active' : undefined} onActivate={() => update({ sort: undefined })}>
          综合排序
        </InPlaceLink>
        <InPlaceLink to={href({ sort: 'replyRate' })} className={sort ? 'active' : undefined} onActivate={() => update({ sort: 'replyRate' })} title={RESPONSE_EXPLAINED.replyRate}>
          回复率优先
        </InPlaceLink>
        <InPlaceLink to={href({ fast: fast ? undefined : '1' })} className={fast ? 'active' : undefined} onActivate={() => update({ fast: fast ? undefined : '1' })} title={RESPONSE_EXPLAINED.fastReply} data-testid="fast-filter">
          24小时内回复
        </InPlaceLink>
      </div>
    </div>
  );
}
