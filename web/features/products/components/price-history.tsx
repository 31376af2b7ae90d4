/**
 * The price-history section of our product page: a text summary (the chart's accessible
 * alternative), then the lazily loaded chart; with fewer than two observations a friendly note.
 * `currentPrice` null (a price we may not show now: decision 0014) draws no "Now" line and stops
 * the line at the last observation, so the chart never claims today's price.
 */
import { lazy, Suspense } from 'react';
import { formatPence, priceStringToPence } from '../../../../common/money';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatLongDate } from '../../../lib/date.format';
import type { PricePoint } from '../api';
import { summariseHistory, toChartPoints } from '../price-history.rules';

const PriceHistoryChart = lazy(() => import('./price-history-chart'));

export function PriceHistory({ history, currentPrice }: { history: PricePoint[]; currentPrice: string | null }) {
  const points = toChartPoints(history);
  const summary = summariseHistory(points);
  const currentPence = currentPrice === null ? null : (priceStringToPence(currentPrice) ?? summary?.lowest.pence ?? 0);
  return (
    <section aria-labelledby="price-history-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="price-history-heading" className="text-lg font-semibold text-slate-900">
        Price history
      </h2>
      {summary === null || summary.observations < 2 ? (
        <p className="mt-2 text-sm text-slate-700">
          {summary === null
            ? "We haven't recorded a price for this product yet."
            : `We've seen one price so far: ${formatPence(summary.first.pence)} on ${formatLongDate(new Date(summary.first.t))}. The chart appears once the price changes.`}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            Since {formatLongDate(new Date(summary.first.t))}: lowest {formatPence(summary.lowest.pence)} (
            {formatLongDate(new Date(summary.lowest.t))}), highest {formatPence(summary.highest.pence)} (
            {formatLongDate(new Date(summary.highest.t))}); {summary.observations} prices recorded.
          </p>
          <div className="mt-4" aria-hidden="true">
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <PriceHistoryChart points={points} currentPence={currentPence} />
            </Suspense>
          </div>
        </>
      )}
    </section>
  );
}
