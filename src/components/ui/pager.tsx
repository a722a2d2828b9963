// The page numbers under a list, in the look of each part of the site: `shop` (text buttons and a
// jump box), `content` (total first, arrows), `trade` (five pages, total last), `backoffice`; and the
// small pager beside a list's total.
// Public lists pass `hrefFor`: each page is then a real link (crawlers and visitors without
// JavaScript follow it; a middle click opens a tab), which a plain click handles in place.
import { useState, type FormEvent, type ReactNode } from 'react';
import { InPlaceLink } from './in-place-link';

export type TPagerVariant = 'shop' | 'content' | 'trade' | 'backoffice';
type TPageItem = number | '…';

/** First, last and the pages within two of the current one; each run left out becomes '…'. */
function aroundCurrent(page: number, pages: number): TPageItem[] {
  const out: TPageItem[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== '…') out.push('…');
  }
  return out;
}

/** All pages up to seven, else first, last and one either side, widened to four pages at either end. */
function contentWindow(page: number, pages: number): TPageItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const set = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  if (page <= 3) [2, 3, 4].forEach((p) => set.add(p));
  if (page >= pages - 2) [pages - 3, pages - 2, pages - 1].forEach((p) => set.add(p));
  const sorted = [...set].sort((a, b) => a - b);
  const out: TPageItem[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('…');
    out.push(p);
  });
  return out;
}

const WINDOWS: Record<TPagerVariant, (page: number, pages: number) => TPageItem[]> = {
  shop: (page, pages) => (pages <= 7 ? Array.from({ length: pages }, (_, i) => i + 1) : aroundCurrent(page, pages)),
  content: contentWindow,
  // Five consecutive pages around the current one, no ellipsis.
  trade: (page, pages) => {
    const from = Math.max(1, Math.min(page - 2, pages - 4));
    return Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  },
  backoffice: aroundCurrent,
};

/** Whether the pager is left out: a single page (the shop keeps it off page 1 to lead back), or no rows in the back office. */
function hidden(variant: TPagerVariant, page: number, pageSize: number, total: number) {
  if (variant === 'backoffice') return total === 0;
  return total <= pageSize && (variant !== 'shop' || page === 1);
}

type TPagerProps = { page: number; pageSize: number; total: number; onChange: (page: number) => void; variant: TPagerVariant; hrefFor?: (page: number) => string };

/** One page's control: a link when the list has addresses, else a button; `disabled` is the page out of range. */
function PageControl({ to, hrefFor, onChange, disabled, className, label, current, children }: { to: number; hrefFor?: (page: number) => string; onChange: (page: number) => void; disabled?: boolean; className?: string; label?: string; current?: boolean; children: ReactNode }) {
  if (!hrefFor)
    return (
      <button type="button" className={className} disabled={disabled} onClick={() => onChange(to)} aria-label={label} aria-current={current ? 'page' : undefined}>
        {children}
      </button>
    );
  if (disabled)
    return (
      <span className="pager-link disabled" aria-disabled="true" aria-label={label}>
        {children}
      </span>
    );
  return (
    <InPlaceLink to={hrefFor(to)} className={`pager-link${className ? ` ${className}` : ''}`} onActivate={() => onChange(to)} aria-label={label} aria-current={current ? 'page' : undefined}>
      {children}
    </InPlaceLink>
  );
}

export function Pager({ page, pageSize, total, onChange, variant, hrefFor }: TPagerProps) {
  if (hidden(variant, page, pageSize, total)) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const bo = variant === 'backoffice';
  const arrows = variant === 'content' || bo;
  const totalLine = <span className={bo ? 'bo-pager-total' : 'pagination-total'}>共 {total} 条</span>;
  return (
    <nav className={bo ? 'pagination bo-pager' : 'pagination'} aria-label="分页">
      {arrows && totalLine}
      {/* From past the last page (an old link), 上一页 leads to the last page, not to the one before the address's. */}
      <PageControl to={Math.min(page - 1, pages)} hrefFor={hrefFor} onChange={onChange} disabled={page <= 1} label={arrows ? '上一页' : undefined}>
        {arrows ? '‹' : '上一页'}
      </PageControl>
      {WINDOWS[variant](page, pages).map((p, i) =>
        p === '…' ? (
          <span key={`gap${i}`} className={bo ? 'bo-pager-gap' : 'pagination-gap'}>
            …
          </span>
        ) : (
          <PageControl key={p} to={p} hrefFor={hrefFor} onChange={onChange} className={p === page ? 'active' : undefined} current={p === page}>
            {p}
          </PageControl>
        ),
      )}
      <PageControl to={page + 1} hrefFor={hrefFor} onChange={onChange} disabled={page >= pages} label={arrows ? '下一页' : undefined}>
        {arrows ? '›' : '下一页'}
      </PageControl>
      {variant === 'trade' && totalLine}
      {variant === 'shop' && <JumpBox pages={pages} onChange={onChange} />}
    </nav>
  );
}

/**
 * The small pager beside a list's total (the shop's sort bar): ‹ 3/7 ›. From past the last page (an
 * old link, beside 「没有第 99 页」) no page is current — ‹ –/7 › — and ‹ leads to the last page, as in
 * the full pager.
 */
export function MiniPager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  const past = page > pages;
  return (
    <span className="mini-pager" data-testid="mini-pager">
      <button type="button" disabled={page <= 1} onClick={() => onChange(Math.min(page - 1, pages))} aria-label="上一页">
        ‹
      </button>
      <span title={past ? `没有第 ${page} 页，共 ${pages} 页` : undefined}>
        {past ? '–' : page}/{pages}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onChange(page + 1)} aria-label="下一页">
        ›
      </button>
    </span>
  );
}

function JumpBox({ pages, onChange }: { pages: number; onChange: (page: number) => void }) {
  const [jump, setJump] = useState('');
  const onJump = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(jump);
    if (Number.isInteger(n) && n >= 1 && n <= pages) onChange(n);
    setJump('');
  };
  return (
    <form className="pagination-jump" onSubmit={onJump} data-unsaved-guard="off">
      共 {pages} 页，到第
      <input value={jump} onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))} inputMode="numeric" aria-label="跳转页码" />页
      <button type="submit">确定</button>
    </form>
  );
}
