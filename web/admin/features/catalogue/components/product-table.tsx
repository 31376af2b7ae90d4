/**
 * The admin product table (admin-area §2 "Products tab", "Product Catalog tab") on TanStack Table:
 * server-side sorting (id, title, price, category; the header buttons and the tab's selects drive
 * the same state), server-side paging (First / Previous / Next / Last, "Go to page" and 'Page x of y
 * (n total products)'), row
 * selection kept across pages by product id, and, for the products list, a second selection for
 * e-mail generation (admin-area §2: "Row selection, plus a separate selection for email
 * generation"). On narrow screens the table scrolls sideways inside its box; the page never widens.
 * The markup, sort buttons and pager are the admin area's shared ones (web/admin/components/).
 */
import { useMemo } from 'react';
import {
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
import { ADMIN_PRODUCT_SORT_KEYS, type AdminProductSortKey, type SortOrder } from '../../../../../common/admin-products';
import type { AdminProduct } from '../../../../../common/api/products.admin.schema';
import { Badge } from '../../../../components/ui/badge';
import { AdminCheckbox } from '../../../components/admin-checkbox';
import { AdminTable } from '../../../components/admin-data-table';
import { AdminPager } from '../../../components/admin-paging';
import { formatShortDate } from '../../../../lib/date.format';
import { ProductThumb } from '../../../components/product-thumb';
import { categoryName } from '../catalogue-labels';
import { PriceWithBasis, ProductPageLink } from './product-summary';
import type { ProductList } from '../product-list.hook';

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

function PriceCell({ product }: { product: AdminProduct }) {
  return (
    <div className="whitespace-nowrap">
      <PriceWithBasis product={product} stacked />
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
          <AdminCheckbox
            label={`${selectLabel}: every product on this page`}
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={(on) => table.toggleAllPageRowsSelected(on)}
          />
        ),
        cell: ({ row }) => (
          <AdminCheckbox
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
            <AdminCheckbox
              label="Select for e-mail: every product on this page"
              checked={pageIds.length > 0 && emailChecked === pageIds.length}
              indeterminate={emailChecked > 0}
              onChange={(on) => setEmail(pageIds, on)}
            />
            <span aria-hidden="true">E-mail</span>
          </span>
        ),
        cell: ({ row }) => (
          <AdminCheckbox
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
      <ProductThumb src={product.imageUrl} />
      <div className="min-w-0">
        <ProductPageLink product={product} />
        <span className="text-xs text-slate-600">ASIN {product.asin}</span>
        {product.isActive ? null : (
          // Decision 0034: hidden from shoppers, kept here.
          <Badge tone="amber" className="ml-2" title="Hidden from shoppers and alert e-mails">
            Inactive<span className="sr-only">: hidden from shoppers</span>
          </Badge>
        )}
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
      <AdminTable
        table={table}
        caption={props.caption}
        minWidth="min-w-[56rem]"
        cellClassName="align-top text-slate-800"
        rowClassName={(product) => (selection[product.id] ? 'bg-blue-50' : undefined)}
        busy={props.loading}
        testId="product-table-scroll"
      />
      <AdminPager
        label="Product pages"
        canPrevious={table.getCanPreviousPage()}
        canNext={table.getCanNextPage()}
        onPrevious={() => table.previousPage()}
        onNext={() => table.nextPage()}
        page={page}
        totalPages={totalPages}
        onPage={onPageChange}
      >
        Page {page} of {totalPages} ({total.toLocaleString('en-GB')} total products)
      </AdminPager>
    </div>
  );
}

/** What {@link ListedProductTable} takes from its product list instead of from its caller. */
type FromList = 'caption' | 'products' | 'sortBy' | 'sortOrder' | 'onSortChange' | 'page' | 'total' | 'onPageChange' | 'loading';

/**
 * A {@link ProductTable} of the page `list` (useProductList) holds: its caption is `name` with the
 * page ('Products, page 2 of 5'), the header buttons and pager drive the list's sort and page, and
 * the rows dim while the next page loads. Nothing until the first page has come.
 */
export function ListedProductTable({ list, name, ...rest }: { list: ProductList; name: string } & Omit<ProductTableProps, FromList>) {
  const data = list.query.data;
  if (!data) return null;
  return (
    <ProductTable
      caption={`${name}, page ${data.pagination.page} of ${data.pagination.totalPages}`}
      products={data.products}
      sortBy={list.sortBy}
      sortOrder={list.sortOrder}
      onSortChange={list.setSort}
      page={data.pagination.page}
      total={data.pagination.total}
      onPageChange={list.setPage}
      loading={list.query.isPlaceholderData}
      {...rest}
    />
  );
}
