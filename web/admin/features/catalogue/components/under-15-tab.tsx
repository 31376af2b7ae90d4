/**
 * The Under £15 tab (admin-area §2 "Under-15 tab: a button fetches deals under £15", §5 "Under
 * £15 CSV load", §8, §9; issue 11 part 3; docs/decisions/0012-under-15.md): the departure notice
 * (we never invent prices, discounts, ratings or ASINs), the upload into the list, the fetch
 * button and the list as shoppers get it from `GET /api/amazon/deals-under-15`.
 */
import { useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { DealsUnder15Response } from '../../../../../common/api/catalogue-import.admin.schema';
import type { Product } from '../../../../../common/api/products.schema';
import { Button } from '../../../../components/ui/button';
import { Pagination } from '../../../../components/ui/pagination';
import { AdminQueryState } from '../../../components/admin-states';
import { ApiError } from '../../../../lib/http.client';
import type { AdminTabProps } from '../../../components/admin-tab';
import { dealsUnder15Query } from '../api';
import { CsvUploadPanel, type UploadAction } from './csv-upload-panel';

const ACTIONS: readonly UploadAction[] = [
  {
    kind: 'under15',
    label: 'Load into Under £15',
    variant: 'primary',
    errorTitle: 'Upload Error',
    errorFallback: 'Failed to upload CSV; the Under £15 list was not changed',
    successTitle: 'Under £15 deals loaded',
  },
];

/** Deals shown a page (the admin product list's page size, admin-area §9). */
const PAGE_SIZE = 20;
const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function Under15Tab({ tabKey }: AdminTabProps) {
  const deals = useQuery(dealsUnder15Query(tabKey));
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Under £15 deals</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Upload a CSV to make it the Under £15 list: rows priced at most £15 with a title longer than 3 characters join it, in file order;
          the others are listed in the report with their reason. The products are saved to the catalogue as well.
        </p>
      </div>
      <aside
        className="max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        aria-labelledby="under-15-departure"
      >
        <h3 id="under-15-departure" className="font-semibold">
          Nothing is invented
        </h3>
        <p className="mt-1">
          The old site made up an original price (a random £8–£18), a 15% discount, a 4.5-star rating and placeholder ASINs for rows that
          lacked them. We do not: a row without an ASIN is rejected, a &lsquo;was&rsquo; price shows only when the file gives a list price
          or our own price history proves one, and ratings show only when the file has them.
        </p>
      </aside>
      <CsvUploadPanel
        actions={ACTIONS}
        hint="Columns by name: ASIN, title and price are required (the first line must name them); list price, rating and the rest are optional."
      />
      <section aria-labelledby="under-15-list-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="under-15-list-heading" className="text-base font-semibold text-slate-900">
            The list as shoppers see it
          </h3>
          <Button variant="secondary" onClick={() => void deals.refetch()} disabled={deals.isFetching}>
            <RefreshCw className={deals.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Fetch deals under £15
          </Button>
        </div>
        <DealsList query={deals} />
      </section>
    </div>
  );
}

/** 'Failed to fetch: 503' (admin-area §8), or '… network error' when no answer came. */
const fetchFailure = (error: unknown) => `Failed to fetch: ${error instanceof ApiError ? error.status : 'network error'}`;

function DealsList({ query }: { query: UseQueryResult<DealsUnder15Response> }) {
  return (
    <AdminQueryState
      query={query}
      loading="Loading the Under £15 deals…"
      failed="Failed to fetch"
      errorText={fetchFailure}
      retry={false}
      empty={(data) => data.listedCount === 0 && <p className="text-sm text-slate-600">No Under £15 deals yet: upload a CSV above.</p>}
    >
      {(data) => <DealsPages deals={data} />}
    </AdminQueryState>
  );
}

function DealsPages({ deals }: { deals: DealsUnder15Response }) {
  const [page, setPage] = useState(1);
  const { products, listedCount, availableCount, updatedAt } = deals;
  const n = (v: number) => v.toLocaleString('en-GB');
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        {n(availableCount)} of {n(listedCount)} listed products are £15 or less now
        {products.length < availableCount ? ` (shoppers get the first ${n(products.length)})` : ''}
        {updatedAt ? ` · list uploaded ${when.format(new Date(updatedAt))}` : ''}.
      </p>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {products.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((p) => (
          <DealRow key={p.asin} product={p} />
        ))}
      </ul>
      <Pagination page={page} totalPages={Math.ceil(products.length / PAGE_SIZE)} onPageChange={setPage} label="Under £15 deals pages" />
    </div>
  );
}

function DealRow({ product }: { product: Product }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{product.title}</p>
        <p className="font-mono text-xs text-slate-600">{product.asin}</p>
      </div>
      <p className="shrink-0 text-slate-900">
        <span className="font-semibold">£{product.price}</span>
        {product.originalPrice && product.discountPercent ? (
          <span className="ml-2 text-slate-600">
            was <s>£{product.originalPrice}</s> · Save {product.discountPercent}%
          </span>
        ) : (
          <span className="ml-2 text-slate-600">Special Deal</span>
        )}
      </p>
    </li>
  );
}
