// The list-page pattern of the back office: status tabs with counts, a filter bar (search box,
// segmented choices, selects), a bar of bulk actions over the selected rows, and the body that
// shows loading, error, empty or the table followed by the pager. Filters and page live in the
// address (see useListParams); each page keeps only its columns, filters and actions.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RowData, RowSelectionState } from '@tanstack/react-table';
import { Pager } from '@/components/ui/pager';
import { pastLastPage } from '@/components/ui/past-last-page';
import { DataTable, type TDataTableProps } from './data-table';

export type TListTab = { key: string; label: ReactNode; count?: number; testId?: string };

/** Status tabs; a tab shows its count when it has one. */
export function ListTabs({ tabs, active, onChange }: { tabs: TListTab[]; active: string; onChange: (key: string) => void }) {
  return (
    <div className="bo-tabs" role="tablist">
      {tabs.map((t) => (
        <button key={t.key} type="button" role="tab" aria-selected={active === t.key} className={active === t.key ? 'active' : undefined} onClick={() => onChange(t.key)} data-testid={t.testId}>
          {t.label}
          {t.count !== undefined && <em>{t.count}</em>}
        </button>
      ))}
    </div>
  );
}

/** The filter bar under the tabs. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="bo-toolbar">{children}</div>;
}

/** A search box that applies its text on submit; it follows the address when back or forward changes it. */
export function SearchBox({ value, onSearch, placeholder, label, testId, maxLength = 60 }: { value: string; onSearch: (text: string) => void; placeholder: string; label: string; testId?: string; maxLength?: number }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    // The address changed under the box (back, forward, a cleared filter): show its text.
    setApplied(value);
    setText(value);
  }
  return (
    <form
      className="bo-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <input value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} maxLength={maxLength} aria-label={label} data-testid={testId} />
      <button type="submit" className="btn btn-primary">
        搜索
      </button>
    </form>
  );
}

/** A row of mutually exclusive choices (e.g. a status filter). */
export function Segmented({ label, options, value, onChange }: { label: string; options: readonly (readonly [string, string])[]; value: string; onChange: (key: string) => void }) {
  return (
    <div className="bo-segmented" role="group" aria-label={label}>
      {options.map(([k, v]) => (
        <button key={k} type="button" className={value === k ? 'active' : undefined} onClick={() => onChange(k)}>
          {v}
        </button>
      ))}
    </div>
  );
}

/** A select whose empty value means "all". */
export function FilterSelect({ label, options, value, onChange, all }: { label: string; options: readonly (readonly [string | number, string])[]; value: string; onChange: (v: string) => void; all?: string }) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {all !== undefined && <option value="">{all}</option>}
      {options.map(([k, v]) => (
        <option key={k} value={k}>
          {v}
        </option>
      ))}
    </select>
  );
}

/** Row selection that survives paging (ids of rows on other pages stay selected). */
export function useRowSelection() {
  const [state, setState] = useState<RowSelectionState>({});
  const ids = Object.keys(state).filter((k) => state[k]);
  return { state, onChange: setState, ids, clear: () => setState({}) };
}

/** The bar of bulk actions, shown while rows are selected. */
export function BulkBar({ count, unit, onClear, children }: { count: number; unit: string; onClear: () => void; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <div className="bo-bulkbar" data-testid="bulk-bar">
      <span>
        已选 <strong>{count}</strong> {unit}
      </span>
      {children}
      <button type="button" className="link-button" onClick={onClear}>
        取消选择
      </button>
    </div>
  );
}

export type TPage<T> = { items: T[]; page: number; pageSize: number; total: number };
export type TListQuery<T> = { isLoading: boolean; error: unknown; data: TPage<T> | undefined; refetch: () => unknown };

export type TListBodyProps<T> = Omit<TDataTableProps<T>, 'rows'> & {
  query: TListQuery<T>;
  /** What an empty page shows: text (shown in `.empty`) or an element of its own. */
  empty: ReactNode;
  loading: ReactNode;
  error: (error: unknown, retry: () => void) => ReactNode;
  onPage: (page: number) => void;
};

/**
 * Loading, error, empty or the table; then the pager (left out when there are no rows). A page past
 * the last one of a list that has rows (rows taken down or deleted from the last page, an old link)
 * goes to the new last page instead of showing the list as empty.
 */
export function ListBody<T extends RowData>({ query, empty, loading, error, onPage, ...table }: TListBodyProps<T>) {
  const { data } = query;
  const last = data ? pastLastPage(data.page, data.pageSize, data.total) : null;
  const goTo = useRef(onPage);
  goTo.current = onPage;
  const from = data?.page;
  useEffect(() => {
    if (last !== null) goTo.current(last); // once per page found past the last
  }, [last, from]);
  let body: ReactNode;
  if (query.isLoading) body = loading;
  else if (query.error || !data) body = error(query.error, () => void query.refetch());
  else if (last !== null)
    body = (
      <div className="empty" role="status" data-testid="past-last-page">
        正在前往最后一页（第 {last} 页）…
      </div>
    );
  else if (data.items.length === 0) body = typeof empty === 'string' ? <div className="empty">{empty}</div> : empty;
  else body = <DataTable rows={data.items} {...table} />;
  return (
    <>
      {body}
      {data && <Pager variant="backoffice" page={data.page} pageSize={data.pageSize} total={data.total} onChange={onPage} />}
    </>
  );
}
