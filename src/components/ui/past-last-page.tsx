// A list asked for a page past its last one (an old link, a changed filter, goods taken down from
// the last page): never 「没有找到…」 beside 「共 138 件」; say so and link to the last page.
import { useLocation } from 'react-router-dom';
import { AppLink } from './app-link';

/** The last page of a list of `total` rows (1 for an empty list). */
export const lastPageOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The last page when `page` is past it in a list that has rows; null otherwise. */
export function pastLastPage(page: number, pageSize: number, total: number): number | null {
  const last = lastPageOf(total, pageSize);
  return total > 0 && page > last ? last : null;
}

/** The address of this page with `param` set to `page` (left out for page 1), other parameters kept. */
export function usePageHref(page: number, param = 'page') {
  const { pathname, search } = useLocation();
  const sp = new URLSearchParams(search);
  if (page > 1) sp.set(param, String(page));
  else sp.delete(param);
  const query = sp.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

export function PastLastPage({ page, last, total, unit, param = 'page', className = 'empty' }: { page: number; last: number; total: number; unit: string; param?: string; className?: string }) {
  const href = usePageHref(last, param);
  return (
    <div className={`${className} past-last-page`} role="status" data-testid="past-last-page">
      <p>
        没有第 {page} 页：共 {total} {unit}，只有 {last} 页。
      </p>
      <AppLink to={href} className="btn btn-primary" data-testid="go-last-page">
        前往最后一页（第 {last} 页）
      </AppLink>
    </div>
  );
}
