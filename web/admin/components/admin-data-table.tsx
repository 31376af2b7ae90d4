/**
 * The one table markup of the admin area (issue 26: "all admin UI in one web tree with its layout,
 * guard and shared table/chart parts"), over a TanStack Table v9 instance:
 *
 * - a `<table>` whose accessible name is its (visually hidden) caption;
 * - column headers with `scope="col"`; a sortable column's header is a button (Enter and Space sort
 *   it) with an arrow, and the sorted column says its order with `aria-sort` (the WAI-ARIA
 *   Authoring Practices' sortable table: only the sorted column carries it);
 * - a column's cells may be row headers (`meta.rowHeader`: `<th scope="row">`, the first column of
 *   a chart's table), so a row is read by its label;
 * - the empty state: a message in place of the table (`empty`) or as a row under the headers
 *   (`emptyRow`); `busy` dims the rows and sets `aria-busy` while the next page loads;
 * - on phones (under 640 px) either the table scrolls sideways inside its box (`layout="scroll"`,
 *   the page never widens), or each row becomes a card of wrapping cells (`layout="cards"`, with
 *   `meta.mobile`), or the caller's own list item replaces the row (`mobileItem`, the table shows
 *   from 640 px).
 *
 * `AdminTable` draws an instance the caller made (sorting, selection, paging state of its own);
 * `AdminDataTable` makes a plain one from `AdminColumn`s, for the read-only lists. Paging footers
 * and "Show more" are in admin-paging.tsx, the loading/error/empty pieces in admin-states.tsx.
 */
import { useMemo, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import clsx from 'clsx';
import {
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type ReactTable,
  type RowData,
  type TableFeatures,
} from '@tanstack/react-table';

/** Column meta of the admin tables (typed in a feature set with `columnMeta: adminColumnMeta`). */
export interface AdminColumnMeta {
  /** `layout="cards"` on phones: 'grow' takes the free width, 'full' a line of its own, 'hide' is not shown. */
  mobile?: 'grow' | 'full' | 'hide';
  /** Numbers right, check marks centred; header and cells alike. */
  align?: 'right' | 'center';
  /** A name for screen readers when the visible header is empty or an icon. */
  label?: string;
  /** `layout="cards"`: shown before the value on phones, where the header row is not above it. */
  mobileLabel?: string;
  /** Extra classes of this column's cells (text colour, wrapping, font). */
  className?: string;
  /** Extra classes of its header cell (a width). */
  headerClassName?: string;
  /** Its cells are row headers (`<th scope="row">`). */
  rowHeader?: boolean;
  /** A cell's `title` (the whole text of a shortened value), from its row. */
  cellTitle?: (row: never) => string | undefined;
}

/** `tableFeatures({ …, columnMeta: adminColumnMeta })` types `meta` as {@link AdminColumnMeta}. */
export const adminColumnMeta = metaHelper<AdminColumnMeta>();

/**
 * Sorting in the browser with typed column meta, for `tableFeatures({ ...adminSortingFeatures, … })`:
 * columns sort by `sortFn: 'alphanumeric'` (words, 'Item 2' before 'Item 10') or 'basic' (numbers).
 */
export const adminSortingFeatures = {
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  columnMeta: adminColumnMeta,
};

/** Cell padding: 'roomy' lines up with an `AdminPanel`'s header (px-4), 'compact' suits figures under a chart. */
export type AdminTableDensity = 'roomy' | 'normal' | 'compact';

const PAD: Record<AdminTableDensity, { th: string; td: string }> = {
  roomy: { th: 'px-4 py-2', td: 'px-4 py-2' },
  normal: { th: 'px-3 py-2', td: 'px-3 py-2' },
  compact: { th: 'px-3 py-2', td: 'px-3 py-1.5' },
};
const ALIGN = { right: 'text-right', center: 'text-center' } as const;
const MOBILE_CELL = { grow: 'max-sm:min-w-0 max-sm:flex-1', full: 'max-sm:basis-full', hide: 'max-sm:hidden' } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected state: the markup reads none of it
type AnyTable<TFeatures extends TableFeatures, TData extends RowData> = ReactTable<TFeatures, TData, any>;

/** The sorting API of a column, present only when the table has the row-sorting feature. */
interface SortableColumn {
  getCanSort?: () => boolean;
  getIsSorted?: () => false | 'asc' | 'desc';
  getToggleSortingHandler?: () => ((event: unknown) => void) | undefined;
}

const metaOf = (columnDef: unknown): AdminColumnMeta => (columnDef as { meta?: AdminColumnMeta }).meta ?? {};

function HeaderContent<TFeatures extends TableFeatures, TData extends RowData>({
  header,
  table,
}: {
  header: Header<TFeatures, TData, unknown>;
  table: AnyTable<TFeatures, TData>;
}) {
  const column = header.column as unknown as SortableColumn;
  const content = <table.FlexRender header={header} />;
  if (!column.getCanSort?.()) return content;
  const sorted = column.getIsSorted?.() ?? false;
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler?.()}
      className="inline-flex items-center gap-1 rounded font-medium hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      {content}
      {sorted === 'asc' ? (
        <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
      ) : sorted === 'desc' ? (
        <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
      ) : (
        <ArrowUpDown className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
      )}
    </button>
  );
}

export interface AdminTableLook<TData> {
  /** The table's accessible name (a visually hidden caption); tests and screen readers find it by this. */
  caption?: ReactNode;
  /** 'box': a white bordered box of its own; 'bare': inside a panel that has the border. */
  frame?: 'box' | 'bare';
  /** Phones: 'scroll' sideways inside the box, or 'cards' (see the module comment). */
  layout?: 'scroll' | 'cards';
  /** `layout="scroll"`: the width under which the table scrolls, a Tailwind class such as 'min-w-[44rem]'. */
  minWidth?: string;
  density?: AdminTableDensity;
  /** Classes every body cell gets (e.g. 'align-top text-slate-800'). */
  cellClassName?: string;
  /** Extra classes of a row (the selected one, say). */
  rowClassName?: (row: TData) => string | undefined;
  /** A message under the headers when there is no row. */
  emptyRow?: ReactNode;
  /** True while newer rows load: the rows are dimmed and the table is `aria-busy`. */
  busy?: boolean;
  /** The header stays in view while the box scrolls (use with `maxHeight`). */
  stickyHeader?: boolean;
  /** A Tailwind max-height class for a box that scrolls down as well, e.g. 'max-h-80'. */
  maxHeight?: string;
  /** Under 640 px each row is this list item's content instead (the table shows from 640 px). */
  mobileItem?: (row: TData) => ReactNode;
  /** Classes of those list items ('px-4 py-2 text-sm' by default). */
  mobileItemClassName?: string;
  /** The accessible name of that list, when it needs one. */
  mobileLabel?: string;
  /** The scrolling box's `data-testid` (end-to-end tests measure it). */
  testId?: string;
}

/** The table of `table`'s current rows, drawn as {@link AdminTableLook} says. */
export function AdminTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  caption,
  frame = 'box',
  layout = 'scroll',
  minWidth,
  density = 'normal',
  cellClassName,
  rowClassName,
  emptyRow,
  busy = false,
  stickyHeader = false,
  maxHeight,
  mobileItem,
  mobileItemClassName = 'px-4 py-2 text-sm',
  mobileLabel,
  testId,
}: { table: AnyTable<TFeatures, TData> } & AdminTableLook<TData>) {
  const rows = table.getRowModel().rows;
  const cards = layout === 'cards';
  const pad = PAD[density];
  return (
    <>
      {mobileItem ? (
        <ul className="divide-y divide-slate-100 sm:hidden" aria-label={mobileLabel}>
          {rows.map((row) => (
            <li key={row.id} className={mobileItemClassName}>
              {mobileItem(row.original)}
            </li>
          ))}
        </ul>
      ) : null}
      {/* `relative`: the containing block of visually hidden text inside, so none of it widens the page. */}
      <div
        className={clsx(
          'relative max-w-full',
          maxHeight ? ['overflow-auto', maxHeight] : 'overflow-x-auto',
          frame === 'box' && 'rounded-lg border border-slate-200 bg-white',
          mobileItem && 'hidden sm:block',
        )}
        data-testid={testId}
      >
        <table
          className={clsx('w-full text-left text-sm', cards ? 'max-sm:block' : minWidth, busy && 'opacity-60')}
          aria-busy={busy || undefined}
        >
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className={clsx('bg-slate-50 text-slate-700', cards && 'max-sm:block', stickyHeader && 'sticky top-0')}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className={clsx(cards && 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:px-1')}>
                {group.headers.map((header) => {
                  const meta = metaOf(header.column.columnDef);
                  const column = header.column as unknown as SortableColumn;
                  const sorted = column.getIsSorted?.();
                  // Phones, cards: the header bar keeps only what acts (sort buttons and select-all).
                  const acts = Boolean(column.getCanSort?.()) || header.column.id === 'select';
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      aria-label={meta.label}
                      className={clsx(
                        pad.th,
                        'font-medium whitespace-nowrap',
                        cards && 'max-sm:px-2',
                        cards && (!acts || meta.mobile === 'hide') && 'max-sm:hidden',
                        meta.align && ALIGN[meta.align],
                        meta.headerClassName,
                      )}
                    >
                      {header.isPlaceholder ? null : <HeaderContent header={header} table={table} />}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={clsx('divide-y divide-slate-100', cards && 'max-sm:block')}>
            {rows.length === 0 && emptyRow ? (
              <tr className={clsx(cards && 'max-sm:block')}>
                <td
                  colSpan={table.getAllLeafColumns().length}
                  className={clsx('px-3 py-6 text-center text-slate-600', cards && 'max-sm:block')}
                >
                  {emptyRow}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className={clsx(
                    cards && 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:px-1 max-sm:py-2',
                    rowClassName?.(row.original),
                  )}
                >
                  {row.getAllCells().map((cell) => {
                    const meta = metaOf(cell.column.columnDef);
                    const Cell = meta.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={cell.id}
                        scope={meta.rowHeader ? 'row' : undefined}
                        title={meta.cellTitle?.(row.original as never)}
                        className={clsx(
                          pad.td,
                          meta.rowHeader && 'font-normal',
                          cards && 'max-sm:block max-sm:px-2 max-sm:py-0.5',
                          cards && meta.mobile && MOBILE_CELL[meta.mobile],
                          meta.align && ALIGN[meta.align],
                          cellClassName,
                          meta.className,
                        )}
                      >
                        {cards && meta.mobileLabel ? <span className="text-slate-600 sm:hidden">{meta.mobileLabel}: </span> : null}
                        <table.FlexRender cell={cell} />
                      </Cell>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A column of a read-only admin table: its header, what a row shows in it, and how it sits. */
export interface AdminColumn<TData> extends Omit<AdminColumnMeta, 'cellTitle'> {
  id: string;
  header: ReactNode;
  cell: (row: TData) => ReactNode;
  cellTitle?: (row: TData) => string | undefined;
}

const plainFeatures = tableFeatures({ columnMeta: adminColumnMeta });

/**
 * A read-only table of `data` (no sorting or selection): `columns` say what each shows, `getRowId`
 * keys the rows (the row's index when omitted). `empty`, when given, stands in place of the whole
 * table while there is no row.
 */
export function AdminDataTable<TData extends RowData>({
  columns,
  data,
  getRowId,
  empty,
  ...look
}: {
  columns: ReadonlyArray<AdminColumn<TData>>;
  data: readonly TData[];
  getRowId?: (row: TData, index: number) => string;
  empty?: ReactNode;
} & AdminTableLook<TData>) {
  const columnDefs = useMemo(
    () =>
      columns.map(({ id, header, cell, cellTitle, ...meta }): ColumnDef<typeof plainFeatures, TData> => ({
        id,
        header: () => header,
        cell: ({ row }) => cell(row.original),
        meta: { ...meta, cellTitle: cellTitle as AdminColumnMeta['cellTitle'] },
      })),
    [columns],
  );
  const table = useTable({
    features: plainFeatures,
    columns: columnDefs,
    data: data as TData[],
    getRowId: getRowId ? (row, index) => getRowId(row, index) : undefined,
  });
  if (data.length === 0 && empty !== undefined) return <>{empty}</>;
  return <AdminTable table={table} {...look} />;
}
