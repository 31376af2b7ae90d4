/**
 * The markup both tables of the Categories tab share, over a TanStack Table (v9) instance: a
 * scrollable table with a caption, sortable column headers as buttons that announce their order
 * (`aria-sort`), and columns that hide below the `sm` width (390 px phones) via `meta.wide`.
 */
import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import clsx from 'clsx';
import type { Header, ReactTable, RowData, TableFeatures } from '@tanstack/react-table';

/** Column meta of these tables: `wide` columns show from 640 px up; `align` right for numbers. */
export interface AdminColumnMeta {
  wide?: boolean;
  align?: 'right';
  /** A label for screen readers when the visible header is empty or an icon. */
  label?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected state: the markup reads none of it
type AnyTable<TFeatures extends TableFeatures, TData extends RowData> = ReactTable<TFeatures, TData, any>;

const metaOf = (columnDef: unknown): AdminColumnMeta => ((columnDef as { meta?: AdminColumnMeta }).meta ?? {}) as AdminColumnMeta;

function SortButton<TFeatures extends TableFeatures, TData extends RowData>({
  header,
  table,
}: {
  header: Header<TFeatures, TData, unknown>;
  table: AnyTable<TFeatures, TData>;
}) {
  const column = header.column as unknown as {
    getCanSort?: () => boolean;
    getIsSorted?: () => false | 'asc' | 'desc';
    getToggleSortingHandler?: () => ((event: unknown) => void) | undefined;
  };
  const content = <table.FlexRender header={header} />;
  if (!column.getCanSort?.()) return content;
  const sorted = column.getIsSorted?.() ?? false;
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler?.()}
      className="inline-flex items-center gap-1 rounded font-medium hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      {content}
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
    </button>
  );
}

/** The table of `table`'s current rows; `empty` is shown in place of the body when there are none. */
export function AdminTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  caption,
  empty,
  rowClassName,
}: {
  table: AnyTable<TFeatures, TData>;
  caption: ReactNode;
  empty?: ReactNode;
  rowClassName?: (row: TData) => string | undefined;
}) {
  const rows = table.getRowModel().rows;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = metaOf(header.column.columnDef);
                const sorted = (header.column as unknown as { getIsSorted?: () => false | 'asc' | 'desc' }).getIsSorted?.();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    aria-label={meta.label}
                    className={clsx(
                      'px-3 py-2 font-medium whitespace-nowrap',
                      meta.wide && 'hidden sm:table-cell',
                      meta.align === 'right' && 'text-right',
                    )}
                  >
                    {header.isPlaceholder ? null : <SortButton header={header} table={table} />}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={table.getAllLeafColumns().length} className="px-3 py-6 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={rowClassName?.(row.original)}>
                {row.getAllCells().map((cell) => {
                  const meta = metaOf(cell.column.columnDef);
                  return (
                    <td
                      key={cell.id}
                      className={clsx(
                        'px-3 py-2 align-middle',
                        meta.wide && 'hidden sm:table-cell',
                        meta.align === 'right' && 'text-right',
                      )}
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
