// Page numbers under a list: previous/next, the pages around the current one, and the total.
// A copy of the supplier back office's: features do not import each other.
export function Pager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const shown: (number | '…')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) shown.push(p);
    else if (shown[shown.length - 1] !== '…') shown.push('…');
  }
  return (
    <nav className="pagination bo-pager" aria-label="分页">
      <span className="bo-pager-total">共 {total} 条</span>
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="上一页">
        ‹
      </button>
      {shown.map((p, i) =>
        p === '…' ? (
          <span key={`gap${i}`} className="bo-pager-gap">
            …
          </span>
        ) : (
          <button key={p} type="button" className={p === page ? 'active' : undefined} aria-current={p === page ? 'page' : undefined} onClick={() => onChange(p)}>
            {p}
          </button>
        ),
      )}
      <button type="button" disabled={page >= pages} onClick={() => onChange(page + 1)} aria-label="下一页">
        ›
      </button>
    </nav>
  );
}
