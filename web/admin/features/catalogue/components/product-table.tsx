/**
 * The admin product table (admin-area §2 "Products tab", "Product Catalog tab") on TanStack Table:
 * server-side sorting (id, title, price, category; the header buttons and the tab's selects drive
 * the same state), server-side paging (Previous / Next and 'Page x of y (n total products)'), row
 * selection kept across pages by product id, and, for the products list, a second selection for
 * e-mail generation (admin-area §2: "Row selection, plus a separate selection for email
 * generation"). On narrow screens the table scrolls sideways inside its box; the page never widens.
 */
import { useEffect, useMemo, useRef } from 'react';
import {
  flexRender,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, ExternalLink } from 'lucide-react';
import { ADMIN_PRODUCT_SORT_KEYS, type AdminProductSortKey, type SortOrder } from '../../../../../common/admin-products';
import type { AdminProduct } from '../../../../../common/api/products.admin.schema';
import { paths } from '../../../../../common/paths';
import { Button } from '../../../../components/ui/button';
import { formatShortDate } from '../../../../lib/date.format';
import { categoryName, formatGbp } from '../catalogue-labels';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, rowPaginationFeature });
type Columns = Array<ColumnDef<typeof features, AdminProduct>>;

export interface ProductTableProps {
  /** Accessible name of the table, e.g. 'Products, page 2 of 5'. */
  caption: string;
  products: readonly AdminProduct[];
  sortBy: AdminProductSortKey;
  sortOrder: SortOrder;
  onSortChange: (sortBy: AdminProductSortKey, sortOrder: SortOrder) => void;
  /** 1-based page, page size and the total the filters match. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Selected product ids (any page). */
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  /** What the selection is for, in its checkboxes' names: 'Select' or 'Select for e-mail'. */
  selectLabel: string;
  /** The second selection (for e-mail), shown as its own column when given. */
  emailSelection?: RowSelectionState;
  onEmailSelectionChange?: (selection: RowSelectionState) => void;
  /** A per-row action (e.g. a delete button with its confirmation). */
  rowAction?: (product: AdminProduct) => React.ReactNode;
  /** True while a new page loads (the previous one stays on screen, dimmed). */
  loading?: boolean;
}

const apply = <T,>(updater: Updater<T>, old: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater);

/** A checkbox that can show "some selected" (indeterminate, which has no HTML attribute). */
function Checkbox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate && !checked;
  }, [indeterminate, checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      className="h-4 w-4 cursor-pointer accent-blue-700"
    />
  );
}

function PriceCell({ product }: { product: AdminProduct }) {
  return (
    <div className="whitespace-nowrap">
      <span className="font-semibold text-slate-900">{formatGbp(product.price)}</span>
      {product.originalPrice && product.discountPercent ? (
        <span className="block text-xs text-slate-600">
          {product.savingBasisLabel ?? 'Was'} <s>{formatGbp(product.originalPrice)}</s>
        </span>
      ) : null}
    </div>
  );
}

function useColumns(props: ProductTableProps): Columns {
  const { selectLabel, emailSelection, onEmailSelectionChange, rowAction, products } = props;
  return useMemo(() => {
    const pageIds = products.map((p) => p.id);
    const emailChecked = pageIds.filter((id) => emailSelection?.[id]).length;
    const setEmail = (ids: string[], on: boolean) => {
      const next = { ...emailSelection };
      for (const id of ids)
        if (on) next[id] = true;
        else delete next[id];
      onEmailSelectionChange?.(next);
    };
    const columns: Columns = [
      {
        id: 'select',
        enableSorting: false,
        header: ({ table }) => (
          <Checkbox
            label={`${selectLabel}: every product on this page`}
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={(on) => table.toggleAllPageRowsSelected(on)}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            label={`${selectLabel}: ${row.original.title}`}
            checked={row.getIsSelected()}
            onChange={(on) => row.toggleSelected(on)}
          />
        ),
      },
    ];
    if (emailSelection && onEmailSelectionChange) {
      columns.push({
        id: 'email',
        enableSorting: false,
        header: () => (
          <span className="flex items-center gap-1.5">
            <Checkbox
              label="Select for e-mail: every product on this page"
              checked={pageIds.length > 0 && emailChecked === pageIds.length}
              indeterminate={emailChecked > 0}
              onChange={(on) => setEmail(pageIds, on)}
            />
            <span aria-hidden="true">E-mail</span>
          </span>
        ),
        cell: ({ row }) => (
          <Checkbox
            label={`Select for e-mail: ${row.original.title}`}
            checked={Boolean(emailSelection[row.original.id])}
            onChange={(on) => setEmail([row.original.id], on)}
          />
        ),
      });
    }
    columns.push(
      {
        id: 'id',
        accessorKey: 'id',
        header: 'ID',
        cell: ({ row }) => <span className="text-slate-600 tabular-nums">{row.original.id}</span>,
      },
      {
        id: 'title',
        accessorKey: 'title',
        header: 'Product',
        cell: ({ row }) => <TitleCell product={row.original} />,
      },
      { id: 'price', accessorKey: 'price', header: 'Price', cell: ({ row }) => <PriceCell product={row.original} /> },
      {
        id: 'discount',
        enableSorting: false,
        header: 'Saving',
        cell: ({ row }) => <SavingCell product={row.original} />,
      },
      { id: 'category', accessorKey: 'category', header: 'Category', cell: ({ row }) => categoryName(row.original.category) },
      {
        id: 'updated',
        enableSorting: false,
        header: 'Updated',
        cell: ({ row }) => <span className="whitespace-nowrap text-slate-600">{formatShortDate(row.original.lastUpdated)}</span>,
      },
    );
    if (rowAction)
      columns.push({
        id: 'actions',
        enableSorting: false,
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => rowAction(row.original),
      });
    return columns;
  }, [selectLabel, emailSelection, onEmailSelectionChange, rowAction, products]);
}

function TitleCell({ product }: { product: AdminProduct }) {
  return (
    <div className="flex min-w-64 items-start gap-3">
      {product.imageUrl ? (
        <img src={product.imageUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded object-contain" />
      ) : (
        <span className="h-10 w-10 shrink-0 rounded bg-slate-100" aria-hidden="true" />
      )}
      <div className="min-w-0">
        <a
          href={paths.product(product.asin)}
          target="_blank"
          rel="noreferrer"
          className="line-clamp-2 font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {product.title}
          <ExternalLink className="ml-1 inline h-3 w-3 text-slate-500" aria-label="(opens in a new tab)" />
        </a>
        <span className="text-xs text-slate-600">ASIN {product.asin}</span>
      </div>
    </div>
  );
}

function SavingCell({ product }: { product: AdminProduct }) {
  if (product.discountPercent && product.discountPercent > 0)
    return <span className="font-semibold text-red-700">{product.discountPercent}% off</span>;
  if (product.dealBasis) return <span className="text-green-800">{product.dealBasis.label}</span>;
  return <span className="text-slate-500">None</span>;
}

const isSortKey = (id: string): id is AdminProductSortKey => (ADMIN_PRODUCT_SORT_KEYS as readonly string[]).includes(id);

export function ProductTable(props: ProductTableProps) {
  const { products, sortBy, sortOrder, onSortChange, page, pageSize, total, onPageChange, selection, onSelectionChange } = props;
  const columns = useColumns(props);
  const sorting: SortingState = [{ id: sortBy, desc: sortOrder === 'desc' }];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };
  const table = useTable({
    features,
    columns,
    data: products as AdminProduct[],
    getRowId: (product) => product.id,
    state: { sorting, rowSelection: selection, pagination },
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    onSortingChange: (updater) => {
      const [first] = apply(updater, sorting);
      if (first && isSortKey(first.id)) onSortChange(first.id, first.desc ? 'desc' : 'asc');
    },
    onRowSelectionChange: (updater) => onSelectionChange(apply(updater, selection)),
    manualPagination: true,
    rowCount: total,
    onPaginationChange: (updater) => onPageChange(apply(updater, pagination).pageIndex + 1),
  });
  const totalPages = Math.max(1, table.getPageCount());

  return (
    <div>
      {/* `relative`: screen-reader-only text inside (absolutely positioned) scrolls with the table instead of widening the page. */}
      <div className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white" data-testid="product-table-scroll">
        <table
          className={`w-full min-w-[56rem] text-left text-sm ${props.loading ? 'opacity-60' : ''}`}
          aria-busy={props.loading || undefined}
        >
          <caption className="sr-only">{props.caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const sortable = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 font-medium whitespace-nowrap"
                      aria-sort={sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? (
                            <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
                          ) : (
                            <ArrowUpDown className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={row.getIsSelected() ? 'bg-blue-50' : undefined}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top text-slate-800">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Product pages" className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <Button variant="secondary" size="sm" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Button>
        <p className="text-sm text-slate-700" aria-live="polite">
          Page {page} of {totalPages} ({total.toLocaleString('en-GB')} total products)
        </p>
        <Button variant="secondary" size="sm" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </nav>
    </div>
  );
}
