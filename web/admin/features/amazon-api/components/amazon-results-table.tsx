/**
 * Amazon search results for the API tab (admin-area §2 "review table with select all"): image,
 * title, brand, price with Amazon's own saving basis ("RRP £19.99", never invented), discount,
 * availability and deal labels (Prime-only deals say so), and whether the product is already in the
 * catalogue. With `selection`, each row and the header get a checkbox. Cards under 640 px.
 */
import type { AmazonSearchProduct } from '../../../../../common/api/amazon-api.admin.schema';
import { Badge } from '../../../../components/ui/badge';
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
    <input
      type="checkbox"
      className="h-5 w-5"
      checked={selection.selected.has(p.asin)}
      onChange={() => selection.toggle(p.asin)}
      aria-label={`Select ${p.title}`}
    />
  );
}

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
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      {selection ? (
        <label className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 text-sm text-slate-800 sm:hidden">
          <input type="checkbox" className="h-5 w-5" checked={allSelected} onChange={selection.toggleAll} />
          Select all ({products.length})
        </label>
      ) : null}
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label={caption}>
        {products.map((p) => (
          <li key={p.asin} className="flex gap-3 px-4 py-3">
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
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {selection ? (
                <th scope="col" className="w-10 px-4 py-2">
                  <input type="checkbox" className="h-5 w-5" checked={allSelected} onChange={selection.toggleAll} aria-label="Select all" />
                </th>
              ) : null}
              <th scope="col" className="px-4 py-2 font-medium">
                Product
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Price
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Offer
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {products.map((p) => (
              <tr key={p.asin}>
                {selection ? (
                  <td className="px-4 py-2">
                    <RowCheckbox p={p} selection={selection} />
                  </td>
                ) : null}
                <td className="px-4 py-2">
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
                </td>
                <td className="px-4 py-2 whitespace-nowrap">
                  <Price p={p} />
                </td>
                <td className="px-4 py-2">
                  <Labels p={p} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
