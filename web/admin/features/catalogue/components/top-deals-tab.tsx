/**
 * The 'top-deals' tab (admin-area §2 "Top-deals tab", §8, §9 "Top deals: count 60"): a button
 * fetches the top 60 deals (the deal definition of docs/decisions/0008: every saving is one we can
 * substantiate), shown as cards with the category chips all, electronics, travel, kitchen,
 * personalcare, office, cleaning and others, each with its count (our categories map onto the
 * chips on the server: server/features/catalogue-admin/top-deal-chips.rules.ts). The deals shown
 * can be copied as e-mail HTML.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Mail, Sparkles } from 'lucide-react';
import { TOP_DEALS_COUNT, type TopDealChipKey } from '../../../../../common/admin-products';
import type { TopDeal } from '../../../../../common/api/products.admin.schema';
import { paths } from '../../../../../common/paths';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { LoadingMessage } from '../../../../components/ui/loading-message';
import { ApiError } from '../../../../lib/http.client';
import { topDealsQuery } from '../api';
import { categoryName, formatGbp } from '../catalogue-labels';
import { useCopyEmailHtml } from '../copy-email.hook';

function DealCard({ deal }: { deal: TopDeal }) {
  return (
    <li className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
      {deal.imageUrl ? (
        <img src={deal.imageUrl} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded object-contain" />
      ) : (
        <span className="h-16 w-16 shrink-0 rounded bg-slate-100" aria-hidden="true" />
      )}
      <div className="min-w-0">
        <a
          href={paths.product(deal.asin)}
          target="_blank"
          rel="noreferrer"
          className="line-clamp-2 text-sm font-medium text-slate-900 hover:underline"
        >
          {deal.title}
        </a>
        <p className="mt-1 text-sm">
          <span className="font-semibold text-slate-900">{formatGbp(deal.price)}</span>
          {deal.originalPrice && deal.discountPercent ? (
            <span className="ml-1 text-xs text-slate-600">
              {deal.savingBasisLabel ?? 'Was'} <s>{formatGbp(deal.originalPrice)}</s>
            </span>
          ) : null}
        </p>
        <p className="mt-1 flex flex-wrap gap-1">
          {deal.dealBasis ? <Badge tone="green">{deal.dealBasis.label}</Badge> : null}
          <Badge tone="slate">{categoryName(deal.category)}</Badge>
        </p>
      </div>
    </li>
  );
}

function fetchFailure(error: unknown): string {
  return error instanceof ApiError ? `Failed to fetch: ${error.status}` : 'Failed to fetch: network error';
}

export function TopDealsTab({ tabKey }: { tabKey: string }) {
  const [requested, setRequested] = useState(false);
  const [chip, setChip] = useState<TopDealChipKey>('all');
  const deals = useQuery({ ...topDealsQuery(tabKey), enabled: requested });
  const { copy, busy } = useCopyEmailHtml();
  const shown = deals.data?.products.filter((d) => chip === 'all' || d.chip === chip) ?? [];

  return (
    <section aria-labelledby="top-deals-heading" className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="top-deals-heading" className="text-lg font-semibold text-slate-900">
          Top deals
        </h2>
        <Button onClick={() => (requested ? void deals.refetch() : setRequested(true))} disabled={deals.isFetching}>
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {deals.isFetching ? 'Fetching…' : `Fetch top ${TOP_DEALS_COUNT} deals`}
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        The {TOP_DEALS_COUNT} products with the largest saving we can show a reason for: a labelled RRP or was price, or the lowest or
        below-average price in our own price history.
      </p>
      {!requested ? null : deals.isPending ? (
        <LoadingMessage />
      ) : deals.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {fetchFailure(deals.error)}
        </p>
      ) : deals.data.products.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          No product is a deal right now. Deals appear when a feed gives an RRP or was price, or when a price drops below its recent prices.
        </p>
      ) : (
        <>
          <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
            {deals.data.categories.map((c) => (
              <button
                key={c.key}
                type="button"
                aria-pressed={chip === c.key}
                onClick={() => setChip(c.key as TopDealChipKey)}
                className={clsx(
                  'rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                  chip === c.key ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
                )}
              >
                {c.label} <span className="tabular-nums">({c.count})</span>
              </button>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-slate-700" aria-live="polite">
              Showing {shown.length} of {deals.data.products.length} deals
            </p>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => void copy(shown.map((d) => d.id))}>
              <Mail className="h-4 w-4" aria-hidden="true" />
              {busy ? 'Copying…' : 'Copy Email HTML of these deals'}
            </Button>
          </div>
          {shown.length === 0 ? (
            <p className="text-slate-700">None of the top deals falls under this chip.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
              {shown.map((deal) => (
                <DealCard key={deal.id} deal={deal} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
