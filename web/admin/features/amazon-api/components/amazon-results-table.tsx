/**
 * Amazon search results for the API tab (admin-area §2 "review table with select all"): image,
 * title, brand, price with Amazon's own saving basis ("RRP £19.99", never invented), discount,
 * availability and deal labels (Prime-only deals say so), and whether the product is already in the
 * catalogue. With `selection`, each row and the header get a checkbox. Cards under 640 px.
 */
import { useMemo } from 'react';
import type { AmazonSearchProduct } from '../../../../../common/api/amazon-api.admin.schema';
import { Badge } from '../../../../components/ui/badge';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminCheckbox } from '../../../components/admin-checkbox';
import { formatPriceString } from '../../../../../common/money';

export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (asin: string) => void;
  toggleAll: () => void;
}

const money = (price: string | null) => (price === null ? 'No current offer' : formatPriceString(price));
const AVAILABILITY: Readonly<Record<string, string>> = {
  IN_STOCK: 'In stock',
  IN_STOCK_SCARCE: 'Only a few left',
  OUT_OF_STOCK: 'Out of stock',
  PREORDER: 'Pre-order',
  NO_OFFER: 'No offer',
};

function Price({ p }: { p: AmazonSearchProduct }) {
  return (
    <span>
      <span className="font-semibold text-slate-900">{money(p.price)}</span>
      {p.originalPrice && p.savingBasisLabel ? (
        <span className="ml-1 text-sm text-slate-600">
          {p.savingBasisLabel} <s>£{p.originalPrice}</s>
        </span>
      ) : null}
    </span>
  );
}

function Labels({ p }: { p: AmazonSearchProduct }) {
  return (
    <span className="flex flex-wrap gap-1">
      {p.discountPercent ? <Badge tone="red">{p.discountPercent}% OFF</Badge> : null}
      {p.dealLabel ? <Badge tone={p.isPrime ? 'blue' : 'purple'}>{p.dealLabel}</Badge> : null}
      <Badge tone={p.price === null ? 'amber' : 'slate'}>{AVAILABILITY[p.availability] ?? p.availability}</Badge>
      {p.inCatalogue ? <Badge tone="green">In catalogue</Badge> : null}
    </span>
  );
}

function RowCheckbox({ p, selection }: { p: AmazonSearchProduct; selection: Selection }) {
  return (
    <AdminCheckbox
      size="lg"
      label={`Select ${p.title}`}
      checked={selection.selected.has(p.asin)}
      onChange={() => selection.toggle(p.asin)}
    />
  );
}

function Product({ p }: { p: AmazonSearchProduct }) {
  return (
    <div className="flex items-center gap-3">
      {p.imageUrl ? <img src={p.imageUrl} alt="" className="h-12 w-12 flex-none object-contain" loading="lazy" /> : null}
      <div>
        <p className="font-medium text-slate-900">{p.title}</p>
        <p className="text-slate-600">
          {p.brand ? `${p.brand} · ` : ''}ASIN {p.asin}
          {p.categoryName ? ` · ${p.categoryName}` : ''}
        </p>
      </div>
    </div>
  );
}

/** A result as a phone shows it: its checkbox, image, title, brand and ASIN, price and labels. */
function ProductItem({ p, selection }: { p: AmazonSearchProduct; selection?: Selection }) {
  return (
    <>
      {selection ? <RowCheckbox p={p} selection={selection} /> : null}
      {p.imageUrl ? <img src={p.imageUrl} alt="" className="h-16 w-16 flex-none object-contain" loading="lazy" /> : null}
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium text-slate-900">{p.title}</p>
        <p className="text-slate-600">
          {p.brand ? `${p.brand} · ` : ''}ASIN {p.asin}
        </p>
        <Price p={p} />
        <Labels p={p} />
      </div>
    </>
  );
}

const PRODUCT_COLUMNS: ReadonlyArray<AdminColumn<AmazonSearchProduct>> = [
  { id: 'product', header: 'Product', cell: (p) => <Product p={p} /> },
  { id: 'price', header: 'Price', cell: (p) => <Price p={p} />, className: 'whitespace-nowrap' },
  { id: 'offer', header: 'Offer', cell: (p) => <Labels p={p} /> },
];

export function AmazonResultsTable({
  products,
  selection,
  caption,
}: {
  products: AmazonSearchProduct[];
  selection?: Selection;
  caption: string;
}) {
  const allSelected = selection !== undefined && products.length > 0 && products.every((p) => selection.selected.has(p.asin));
  const columns = useMemo<ReadonlyArray<AdminColumn<AmazonSearchProduct>>>(
    () =>
      selection
        ? [
            {
              id: 'select',
              header: <AdminCheckbox size="lg" label="Select all" checked={allSelected} onChange={() => selection.toggleAll()} />,
              cell: (p) => <RowCheckbox p={p} selection={selection} />,
              headerClassName: 'w-10',
            },
            ...PRODUCT_COLUMNS,
          ]
        : PRODUCT_COLUMNS,
    [selection, allSelected],
  );
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      {selection ? (
        <label className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 text-sm text-slate-800 sm:hidden">
          <AdminCheckbox size="lg" checked={allSelected} onChange={() => selection.toggleAll()} />
          Select all ({products.length})
        </label>
      ) : null}
      <AdminDataTable
        columns={columns}
        data={products}
        getRowId={(p) => p.asin}
        caption={caption}
        frame="bare"
        density="roomy"
        minWidth="min-w-[44rem]"
        mobileItem={(p) => <ProductItem p={p} selection={selection} />}
        mobileItemClassName="flex gap-3 px-4 py-3"
        mobileLabel={caption}
      />
    </div>
  );
}
