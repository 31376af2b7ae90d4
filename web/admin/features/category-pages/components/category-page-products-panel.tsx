/**
 * The View Products panel of the Categories tab (admin-area §2: CSV upload accepting .csv, a
 * product table with select-all, per-row selection, Remove Selected, per-row view on the retailer
 * and per-row delete; §4 "Selected ids are cleared after a bulk delete", "the selected file is
 * cleared after a successful upload"; §5 confirmation before deleting products and any bulk
 * deletion; §8 the category-page messages). The products are those the public page shows, in its
 * order. Owners can also add products by ASIN.
 */
import { createContext, useContext, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Trash2, X } from 'lucide-react';
import {
  createColumnHelper,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import type { AdminCategoryPage } from '../../../../../common/api/category-pages.admin.schema';
import type { Product } from '../../../../../common/api/products.schema';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast.store';
import { adminCategoryPageProductsQuery, writeErrorText, type CategoryPageWrites } from '../api';
import { AdminTable, adminSortingFeatures } from '../../../components/admin-data-table';
import { AdminCheckbox } from '../../../components/admin-checkbox';
import { AdminQueryState } from '../../../components/admin-states';
import { ProductThumb } from '../../../components/product-thumb';
import { AddProductsForm, CsvUploadForm } from './category-page-product-inputs';

/** The page's untagged Amazon product page: owners checking a product are not shoppers' clicks. */
const amazonPage = (asin: string) => `https://www.amazon.co.uk/dp/${asin}`;

const RemoveOne = createContext<(product: Product) => void>(() => undefined);

const features = tableFeatures({ ...adminSortingFeatures, rowSelectionFeature });
const helper = createColumnHelper<typeof features, Product>();

const columns = helper.columns([
  helper.display({
    id: 'select',
    meta: { label: 'Select' },
    header: ({ table }) => (
      <AdminCheckbox
        label="Select all products"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={(on) => table.toggleAllRowsSelected(on)}
      />
    ),
    cell: ({ row }) => (
      <AdminCheckbox label={`Select ${row.original.title}`} checked={row.getIsSelected()} onChange={(on) => row.toggleSelected(on)} />
    ),
  }),
  helper.accessor('title', {
    header: 'Product',
    sortFn: 'alphanumeric',
    meta: { mobile: 'grow' },
    cell: ({ row }) => (
      <div className="flex min-w-44 items-center gap-3">
        <ProductThumb src={row.original.imageUrl} />
        <div className="min-w-0">
          <p className="line-clamp-2 font-medium text-slate-900">{row.original.title}</p>
          <p className="text-xs text-slate-600">ASIN {row.original.asin}</p>
        </div>
      </div>
    ),
  }),
  helper.accessor((p) => Number(p.price), {
    id: 'price',
    header: 'Price',
    sortFn: 'basic',
    meta: { align: 'right' },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">
        £{row.original.price}
        {row.original.discountPercent ? <span className="block text-xs text-green-800">Save {row.original.discountPercent}%</span> : null}
      </span>
    ),
  }),
  helper.accessor('categoryName', {
    header: 'Amazon category',
    sortFn: 'alphanumeric',
    meta: { mobile: 'hide' },
    cell: (i) => i.getValue() ?? '—',
  }),
  helper.display({
    id: 'actions',
    header: 'Actions',
    meta: { mobile: 'full' },
    cell: ({ row }) => <ProductActions product={row.original} />,
  }),
]);

function ProductActions({ product }: { product: Product }) {
  const remove = useContext(RemoveOne);
  return (
    <div className="flex gap-1 max-sm:justify-end">
      <a href={amazonPage(product.asin)} target="_blank" rel="noopener noreferrer" className={buttonClasses('ghost', 'sm')}>
        <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        View<span className="sr-only"> {product.title} on Amazon (opens in a new tab)</span>
      </a>
      <ConfirmDialog
        trigger={
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
            <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
            Delete<span className="sr-only"> {product.title} from the page</span>
          </Button>
        }
        title="Remove this product from the page?"
        description={`${product.title} will no longer show on this category page. It stays in the catalogue.`}
        confirmLabel="Remove product"
        onConfirm={() => remove(product)}
      />
    </div>
  );
}

const NO_PRODUCTS: Product[] = [];

export function CategoryPageProductsPanel({
  tabKey,
  page,
  writes,
  onClose,
}: {
  tabKey: string;
  page: AdminCategoryPage;
  writes: CategoryPageWrites;
  onClose: () => void;
}) {
  const products = useQuery(adminCategoryPageProductsQuery(tabKey, page.slug));
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useTable({
    features,
    columns,
    data: products.data?.products ?? NO_PRODUCTS,
    getRowId: (p) => p.asin,
    state: { rowSelection, sorting },
    onRowSelectionChange: setRowSelection,
    onSortingChange: setSorting,
  });
  const selected = Object.keys(rowSelection).filter((asin) => products.data?.products.some((p) => p.asin === asin));
  const removing = writes.removeProducts.isPending;

  const removeAsins = (asins: string[], one: boolean) =>
    writes.removeProducts.mutate(
      { slug: page.slug, asins },
      {
        onSuccess: ({ removed }) => {
          setRowSelection((was) => Object.fromEntries(Object.entries(was).filter(([asin]) => !asins.includes(asin))));
          toast({
            title: 'Products removed',
            description: one
              ? 'Product removed successfully from the category.'
              : `Successfully removed ${removed} products from the category.`,
          });
        },
        onError: (e) =>
          toast({
            title: 'Not removed',
            description: one
              ? writeErrorText(e, 'Failed to delete product', 'Error deleting product. Please try again.')
              : writeErrorText(e, 'Failed to delete products', 'Error deleting products. Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <section aria-labelledby="category-products-heading" className="mt-6 rounded-lg border border-blue-200 bg-white p-4">
      <div className="flex flex-wrap items-start gap-2">
        <div className="mr-auto min-w-0">
          <h2 id="category-products-heading" className="text-lg font-semibold text-slate-900">
            Products of {page.name}
          </h2>
          <p className="text-sm text-slate-600">
            What shoppers see at{' '}
            <a
              href={`/category/${page.slug}`}
              target="_blank"
              rel="noopener"
              className="break-all text-blue-700 underline-offset-2 hover:underline"
            >
              /category/{page.slug}
            </a>
            , in this order; each Amazon link carries <code>{page.affiliateTag}</code>.
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X className="h-4 w-4" aria-hidden="true" />
          Close<span className="sr-only"> the products of {page.name}</span>
        </Button>
      </div>

      <div className="mt-4 grid items-start gap-4 lg:grid-cols-2">
        <CsvUploadForm slug={page.slug} writes={writes} />
        <AddProductsForm slug={page.slug} writes={writes} />
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {selected.length > 0
            ? `${selected.length} selected`
            : `${(products.data?.products.length ?? page.productCount).toLocaleString('en-GB')} products`}
        </p>
        <ConfirmDialog
          trigger={
            <Button variant="destructive" size="sm" disabled={selected.length === 0 || removing}>
              <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
              {removing ? 'Removing…' : `Remove Selected${selected.length > 0 ? ` (${selected.length})` : ''}`}
            </Button>
          }
          title={`Remove ${selected.length} product${selected.length === 1 ? '' : 's'} from the page?`}
          description="They will no longer show on this category page. They stay in the catalogue."
          confirmLabel={`Remove ${selected.length} product${selected.length === 1 ? '' : 's'}`}
          onConfirm={() => removeAsins(selected, false)}
        />
      </div>

      <div className="mt-3">
        <AdminQueryState query={products} loading="Loading the page's products…" failed="Failed to load the products of this page.">
          {() => (
            <RemoveOne.Provider value={(product) => removeAsins([product.asin], true)}>
              <AdminTable
                table={table}
                layout="cards"
                caption={`Products of the category page ${page.name}`}
                emptyRow="No products on this page yet. Upload a CSV of ASINs or add them above."
              />
            </RemoveOne.Provider>
          )}
        </AdminQueryState>
      </div>
    </section>
  );
}
