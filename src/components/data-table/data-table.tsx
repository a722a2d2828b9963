// The back-office table: TanStack Table (headless) for rows, columns and row selection, rendered in
// the project's own `.bo-table` markup. A page gives only its columns; selection adds a checkbox
// column whose header selects the whole page. On a phone every row is a card (src/styles/phone.css,
// `.data-table`): the first column is its heading, the column with id `actions` its buttons, every
// other cell a line labelled with its column's header (`data-label`).
import { useMemo, type ReactNode } from 'react';
import { flexRender, rowSelectionFeature, tableFeatures, useTable, type ColumnDef, type OnChangeFn, type RowData, type RowSelectionState } from '@tanstack/react-table';

export type TListColumn<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Class of both the header and the cells (e.g. `bo-num`). */
  className?: string;
  /** Class of the cells only (e.g. `bo-row-actions`, `muted bo-small`). */
  cellClassName?: string;
  width?: number;
  /** The cell's label in a phone's card when the header is not plain text. */
  label?: string;
};

type TMeta = { className?: string; cellClassName?: string; width?: number; label?: string };

const features = tableFeatures({ rowSelectionFeature, columnMeta: {} as TMeta });
type TFeatures = typeof features;

export type TTableSelection<T> = {
  state: RowSelectionState;
  onChange: OnChangeFn<RowSelectionState>;
  /** The accessible name of a row's checkbox, e.g. `选择${name}`. */
  label: (row: T) => string;
};

export type TDataTableProps<T> = {
  rows: T[];
  columns: TListColumn<T>[];
  getRowId: (row: T) => string | number;
  className?: string;
  rowTestId?: string;
  /** Extra attributes of a row (`data-*`). */
  rowAttrs?: (row: T) => Record<string, string | number | undefined>;
  selection?: TTableSelection<T>;
  /** `trade` draws the trade pages' `.trade-table`; the back office's `.bo-table` otherwise. */
  variant?: 'backoffice' | 'trade';
};

const join = (...c: (string | undefined | false)[]) => c.filter(Boolean).join(' ') || undefined;

export function DataTable<T extends RowData>({ rows, columns, getRowId, className, rowTestId, rowAttrs, selection, variant = 'backoffice' }: TDataTableProps<T>) {
  const defs = useMemo<ColumnDef<TFeatures, T>[]>(() => {
    const out: ColumnDef<TFeatures, T>[] = columns.map((c) => ({
      id: c.id,
      header: () => c.header,
      cell: (ctx) => c.cell(ctx.row.original),
      meta: { className: c.className, cellClassName: c.cellClassName, width: c.width, label: c.label ?? (typeof c.header === 'string' ? c.header : undefined) } satisfies TMeta,
    }));
    if (selection) {
      out.unshift({
        id: '__select',
        meta: { className: 'bo-check' } satisfies TMeta,
        header: ({ table }) => <input type="checkbox" aria-label="全选本页" checked={table.getIsAllPageRowsSelected()} onChange={(e) => table.toggleAllPageRowsSelected(e.target.checked)} />,
        cell: ({ row }) => <input type="checkbox" aria-label={selection.label(row.original)} checked={row.getIsSelected()} onChange={(e) => row.toggleSelected(e.target.checked)} />,
      });
    }
    return out;
  }, [columns, selection]);
  const table = useTable({
    features,
    data: rows,
    columns: defs,
    getRowId: (row) => String(getRowId(row)),
    enableRowSelection: Boolean(selection),
    state: { rowSelection: selection?.state ?? {} },
    onRowSelectionChange: selection?.onChange,
  });
  return (
    <table className={join(variant === 'trade' ? 'trade-table' : 'bo-table', 'data-table', className)}>
      <thead>
        {table.getHeaderGroups().map((g) => (
          <tr key={g.id}>
            {g.headers.map((h) => {
              const meta = h.column.columnDef.meta;
              return (
                <th key={h.id} className={meta?.className} style={meta?.width ? { width: meta.width } : undefined}>
                  {flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} data-testid={rowTestId} className={row.getIsSelected() ? 'selected' : undefined} {...rowAttrs?.(row.original)}>
            {row.getAllCells().map((cell) => {
              const meta = cell.column.columnDef.meta;
              return (
                <td key={cell.id} className={join(meta?.className, meta?.cellClassName)} data-col={cell.column.id} data-label={meta?.label}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
