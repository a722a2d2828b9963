// The page numbers under a list, in the look of each part of the site: `shop` (text buttons and a
// jump box), `content` (total first, arrows), `trade` (five pages, total last), `backoffice`.
import { useState, type FormEvent } from 'react';

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

export function Pager({ page, pageSize, total, onChange, variant }: { page: number; pageSize: number; total: number; onChange: (page: number) => void; variant: TPagerVariant }) {
  if (hidden(variant, page, pageSize, total)) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const bo = variant === 'backoffice';
  const arrows = variant === 'content' || bo;
  const totalLine = <span className={bo ? 'bo-pager-total' : 'pagination-total'}>共 {total} 条</span>;
  return (
    <nav className={bo ? 'pagination bo-pager' : 'pagination'} aria-label="分页">
      {arrows && totalLine}
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={arrows ? '上一页' : undefined}>
        {arrows ? '‹' : '上一页'}
      </button>
      {WINDOWS[variant](page, pages).map((p, i) =>
        p === '…' ? (
          <span key={`gap${i}`} className={bo ? 'bo-pager-gap' : 'pagination-gap'}>
            …
          </span>
        ) : (
          <button key={p} type="button" className={p === page ? 'active' : undefined} aria-current={p === page ? 'page' : undefined} onClick={() => onChange(p)}>
            {p}
          </button>
        ),
      )}
      <button type="button" disabled={page >= pages} onClick={() => onChange(page + 1)} aria-label={arrows ? '下一页' : undefined}>
        {arrows ? '›' : '下一页'}
      </button>
      {variant === 'trade' && totalLine}
      {variant === 'shop' && <JumpBox pages={pages} onChange={onChange} />}
    </nav>
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
    <form className="pagination-jump" onSubmit={onJump}>
      共 {pages} 页，到第
      <input value={jump} onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))} inputMode="numeric" aria-label="跳转页码" />页
      <button type="submit">确定</button>
    </form>
  );
}
