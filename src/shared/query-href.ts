// Addresses of the current page with some query parameters changed: what public lists put in the
// href of their pagination and filter links, so that crawlers and visitors without JavaScript can
// follow them and a middle click opens the filtered list in a new tab.
import { useLocation } from 'react-router-dom';

/** A value of undefined, null, '' or 0 removes the parameter. */
export type TQueryPatch = Record<string, string | number | undefined | null>;

/** `pathname?search` with `patch` applied; the page goes back to 1 unless the patch sets it. */
export function withQuery(pathname: string, search: string, patch: TQueryPatch): string {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === null || v === '' || v === 0) next.delete(k);
    else next.set(k, String(v));
  }
  if (!('page' in patch)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** `href(patch)`: the current address with `patch` applied (see withQuery). */
export function useQueryHref() {
  const { pathname, search } = useLocation();
  return (patch: TQueryPatch) => withQuery(pathname, search, patch);
}
