/**
 * The markup both tables of the Categories tab share, over a TanStack Table (v9) instance: a table
 * with a caption and sortable column headers as buttons that announce their order (`aria-sort`).
 * Below the `sm` width (390 px phones) each row becomes a card: cells flow side by side and wrap
 * (`meta.mobile`: 'grow' takes the free width, 'full' a line of its own, 'hide' is not shown), the
 * header row becomes a bar of the sort buttons and select-all. One markup for both widths, so
 * screen readers and tests meet each control once.
 */
import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import clsx from 'clsx';
import type { Header, ReactTable, RowData, TableFeatures } from '@tanstack/react-table';

/** Column meta of these tables: how a cell sits in a phone's row card; `align` right for numbers. */
export interface AdminColumnMeta {
  mobile?: 'grow' | 'full' | 'hide';
  align?: 'right';
  /** A label for screen readers when the visible header is empty or an icon. */
  label?: string;
  /** Shown before the value on phones, where the header row is not above it (e.g. 'Products'). */
  mobileLabel?: string;
}

const MOBILE_CELL = { grow: 'max-sm:min-w-0 max-sm:flex-1', full: 'max-sm:basis-full', hide: 'max-sm:hidden' } as const;

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
    // `relative`: the containing block of the cells' visually hidden labels, so none widens the page.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700 max-sm:block">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:px-1">
              {group.headers.map((header) => {
                const meta = metaOf(header.column.columnDef);
                const column = header.column as unknown as { getIsSorted?: () => false | 'asc' | 'desc'; getCanSort?: () => boolean };
                const sorted = column.getIsSorted?.();
                // On phones the header bar keeps only what acts: sort buttons and select-all.
                const acts = Boolean(column.getCanSort?.()) || header.column.id === 'select';
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    aria-label={meta.label}
                    className={clsx(
                      'px-3 py-2 font-medium whitespace-nowrap max-sm:px-2',
                      (!acts || meta.mobile === 'hide') && 'max-sm:hidden',
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
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {rows.length === 0 && empty ? (
            <tr className="max-sm:block">
              <td colSpan={table.getAllLeafColumns().length} className="px-3 py-6 text-center text-slate-600 max-sm:block">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                className={clsx(
                  'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:px-1 max-sm:py-2',
                  rowClassName?.(row.original),
                )}
              >
                {row.getAllCells().map((cell) => {
                  const meta = metaOf(cell.column.columnDef);
                  return (
                    <td
                      key={cell.id}
                      className={clsx(
                        'px-3 py-2 align-middle max-sm:block max-sm:px-2 max-sm:py-0.5',
                        meta.mobile && MOBILE_CELL[meta.mobile],
                        meta.align === 'right' && 'text-right',
                      )}
                    >
                      {meta.mobileLabel ? <span className="text-slate-600 sm:hidden">{meta.mobileLabel}: </span> : null}
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
