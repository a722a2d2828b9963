// The list-page pattern of the back office: status tabs with counts, a filter bar (search box,
// segmented choices, selects), a bar of bulk actions over the selected rows, and the body that
// shows loading, error, empty or the table followed by the pager. Filters and page live in the
// address (see useListParams); each page keeps only its columns, filters and actions.
// Two looks: `backoffice` (the .bo-* markup of the management pages) and `trade` (the state tabs,
// trade table and pager of the demand, quotation and inquiry pages).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RowData, RowSelectionState } from '@tanstack/react-table';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { pastLastPage } from '@/components/ui/past-last-page';
import { DataTable, type TDataTableProps } from './data-table';

export type TListVariant = 'backoffice' | 'trade';

/** A status tab; `hot` marks a count that asks for attention (e.g. unanswered inquiries). */
export type TListTab = { key: string; label: ReactNode; count?: number; testId?: string; hot?: boolean };

/** Status tabs; a tab shows its count when it has one. */
export function ListTabs({ tabs, active, onChange, variant = 'backoffice' }: { tabs: TListTab[]; active: string; onChange: (key: string) => void; variant?: TListVariant }) {
  const trade = variant === 'trade';
  return (
    <div className={trade ? 'state-tabs' : 'bo-tabs'} role="tablist">
      {tabs.map((t) => (
        <button key={t.key || 'all'} type="button" role="tab" aria-selected={active === t.key} className={active === t.key ? 'active' : undefined} onClick={() => onChange(t.key)} data-testid={t.testId}>
          {t.label}
          {t.count !== undefined && (trade ? <span className={t.hot && t.count > 0 ? 'count hot' : 'count'}>{t.count}</span> : <em>{t.count}</em>)}
        </button>
      ))}
    </div>
  );
}

/** The frame of a list page: its title, a line of help and the main actions, then the list. */
export function ListPage({ title, subtitle, actions, testId, variant = 'backoffice', children }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; testId?: string; variant?: TListVariant; children: ReactNode }) {
  if (variant === 'backoffice') {
    return (
      <div className="bo-page" data-testid={testId}>
        <PageHeader title={title} subtitle={subtitle} actions={actions} />
        {children}
      </div>
    );
  }
  return (
    <div className="trade-admin" data-testid={testId}>
      <header className="admin-page-head">
        <div>
          <h1 className="admin-page-title">{title}</h1>
          {subtitle && <p className="muted">{subtitle}</p>}
        </div>
        {actions && <div className="head-actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** The filter bar under the tabs. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="bo-toolbar">{children}</div>;
}

/** A search box that applies its text on submit; it follows the address when back or forward changes it. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label,
  testId,
  maxLength = 60,
  variant = 'backoffice',
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
  label: string;
  testId?: string;
  maxLength?: number;
  variant?: TListVariant;
}) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    // The address changed under the box (back, forward, a cleared filter): show its text.
    setApplied(value);
    setText(value);
  }
  return (
    <form
      className={variant === 'trade' ? 'mini-search' : 'bo-search'}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <input value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} maxLength={maxLength} aria-label={label} data-testid={testId} />
      <button type="submit" className={variant === 'trade' ? 'btn btn-sm' : 'btn btn-primary'}>
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

export type TListStateProps<T> = {
  query: TListQuery<T>;
  /** What an empty page shows: text (shown in `.empty`) or an element of its own. */
  empty: ReactNode;
  /** What shows while the first page loads; `加载中...` when left out. */
  loading?: ReactNode;
  /** What shows when the list cannot be loaded; the error's message and 重试 when left out. */
  error?: (error: unknown, retry: () => void) => ReactNode;
  onPage: (page: number) => void;
  variant?: TListVariant;
};

const defaultLoading = (
  <div className="empty" aria-busy="true">
    加载中...
  </div>
);

function defaultError(error: unknown, retry: () => void) {
  return (
    <div className="empty" role="alert">
      <p>{error instanceof Error && error.message ? error.message : '加载失败，请稍后再试'}</p>
      <button type="button" className="btn btn-sm" onClick={retry}>
        重试
      </button>
    </div>
  );
}

/**
 * Loading, error, empty or the rows in a layout of the page's own (a table, cards, an inbox); then the
 * pager. A page past the last one of a list that has rows (rows taken down or deleted from the last
 * page, an old link) goes to the new last page instead of showing the list as empty.
 */
export function ListState<T>({ query, empty, loading = defaultLoading, error = defaultError, onPage, variant = 'backoffice', children }: TListStateProps<T> & { children: (rows: T[]) => ReactNode }) {
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
  else body = children(data.items);
  return (
    <>
      {body}
      {data && <Pager variant={variant} page={data.page} pageSize={data.pageSize} total={data.total} onChange={onPage} />}
    </>
  );
}

export type TListBodyProps<T> = Omit<TDataTableProps<T>, 'rows'> & TListStateProps<T>;

/** Loading, error, empty or the table; then the pager (left out when there are no rows). */
export function ListBody<T extends RowData>({ query, empty, loading, error, onPage, variant, ...table }: TListBodyProps<T>) {
  return (
    <ListState query={query} empty={empty} loading={loading} error={error} onPage={onPage} variant={variant}>
      {(rows) => <DataTable rows={rows} variant={variant} {...table} />}
    </ListState>
  );
}
