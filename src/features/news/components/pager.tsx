// Page numbers with ellipses, previous/next and the total, for lists whose page lives in the URL.
export function pageWindow(page: number, pages: number): (number | '…')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const set = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  if (page <= 3) [2, 3, 4].forEach((p) => set.add(p));
  if (page >= pages - 2) [pages - 3, pages - 2, pages - 1].forEach((p) => set.add(p));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | '…')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('…');
    out.push(p);
  });
  return out;
}

export function Pager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  return (
    <nav className="pagination" aria-label="分页">
      <span className="pagination-total">共 {total} 条</span>
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="上一页">
        ‹
      </button>
      {pageWindow(page, pages).map((p, i) =>
        p === '…' ? (
          <span key={`gap${i}`} className="pagination-gap">
            …
          </span>
        ) : (
          <button type="button" key={p} className={p === page ? 'active' : undefined} aria-current={p === page ? 'page' : undefined} onClick={() => onChange(p)}>
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
