// List filters and page kept in the address (search params), so back, forward and reload keep the view.
import { useSearchParams } from 'react-router-dom';

export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** Changes filters; any change but the page itself goes back to page 1. An empty value leaves the address. */
  const update = (patch: Partial<Record<K | 'page', string | number>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === '' || v === undefined || v === null) next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: false });
  };
  return { values, page, update };
}
