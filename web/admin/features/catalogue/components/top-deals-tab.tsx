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
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { LoadingMessage } from '../../../../components/ui/loading-message';
import { AdminSection } from '../../../components/admin-panel';
import { AdminQueryState } from '../../../components/admin-states';
import { ApiError } from '../../../../lib/http.client';
import { topDealsQuery } from '../api';
import { ProductThumb } from '../../../components/product-thumb';
import { categoryName } from '../catalogue-labels';
import { PriceWithBasis, ProductPageLink } from './product-summary';
import { useCopyEmailHtml } from '../copy-email.hook';

function DealCard({ deal }: { deal: TopDeal }) {
  return (
    <li className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <ProductThumb src={deal.imageUrl} size="md" />
      <div className="min-w-0">
        <ProductPageLink product={deal} className="text-sm" />
        <p className="mt-1 text-sm">
          <PriceWithBasis product={deal} />
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
    <AdminSection
      title="Top deals"
      actions={
        <Button onClick={() => (requested ? void deals.refetch() : setRequested(true))} disabled={deals.isFetching}>
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {deals.isFetching ? 'Fetching…' : `Fetch top ${TOP_DEALS_COUNT} deals`}
        </Button>
      }
    >
      <p className="text-sm text-slate-700">
        The {TOP_DEALS_COUNT} products with the largest saving we can show a reason for: a labelled RRP or was price, or the lowest or
        below-average price in our own price history.
      </p>
      {requested ? (
        <AdminQueryState
          query={deals}
          loading={<LoadingMessage />}
          failed="Failed to fetch"
          errorText={fetchFailure}
          retry={false}
          empty={(data) =>
            data.products.length === 0 &&
            'No product is a deal right now. Deals appear when a feed gives an RRP or was price, or when a price drops below its recent prices.'
          }
        >
          {(data) => (
            <>
              <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
                {data.categories.map((c) => (
                  <button
                    key={c.key}
                    type="button"
                    aria-pressed={chip === c.key}
                    onClick={() => setChip(c.key as TopDealChipKey)}
                    className={clsx(
                      'rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
                      chip === c.key
                        ? 'border-blue-700 bg-blue-700 text-white'
                        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
                    )}
                  >
                    {c.label} <span className="tabular-nums">({c.count})</span>
                  </button>
                ))}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-sm text-slate-700" aria-live="polite">
                  Showing {shown.length} of {data.products.length} deals
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
        </AdminQueryState>
      ) : null}
    </AdminSection>
  );
}
