/**
 * The 'Statistics' tab (admin-area §2 "Statistics tab", §3 "Admin stats"): Total Products, Avg
 * Discount percent, Price Range (£min to £max) and Categories with counts as stat cards, then a bar
 * chart of products per category and a price histogram (stats-charts.tsx, each with a table view).
 * The average discount is over the products with a substantiated "was" price only, and says so.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../../common/api/products.admin.schema';
import { Button } from '../../../../components/ui/button';
import { LoadingMessage } from '../../../../components/ui/loading-message';
import { messageForPeople } from '../../../../lib/http.client';
import { adminStatsQuery } from '../api';
import { formatGbp } from '../catalogue-labels';
import { CategoryChart, PriceHistogram } from './stats-charts';

const count = (n: number) => n.toLocaleString('en-GB');

function StatCard({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {detail ? <dd className="mt-1 text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}

function StatCards({ stats }: { stats: AdminStats }) {
  const used = stats.byCategory.filter((c) => c.count > 0);
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label="Total Products"
        value={count(stats.total)}
        detail={stats.dealCount === 0 ? 'None is a deal right now' : `${count(stats.dealCount)} of them are deals right now`}
      />
      <StatCard
        label="Avg Discount"
        value={stats.avgDiscount === null ? '–' : `${stats.avgDiscount.toLocaleString('en-GB')}%`}
        detail={
          stats.avgDiscount === null
            ? 'No product has a substantiated "was" price'
            : `Across the ${count(stats.discountedCount)} products with a substantiated "was" price`
        }
      />
      <StatCard
        label="Price Range"
        value={stats.priceRange ? `${formatGbp(stats.priceRange.min)} – ${formatGbp(stats.priceRange.max)}` : '–'}
      />
      <StatCard
        label="Categories"
        value={count(used.length)}
        detail={used
          .slice(0, 3)
          .map((c) => `${c.label} ${count(c.count)}`)
          .join(' · ')}
      />
    </dl>
  );
}

export function StatsTab({ tabKey }: { tabKey: string }) {
  const stats = useQuery(adminStatsQuery(tabKey));
  return (
    <section aria-labelledby="stats-heading" className="min-w-0 space-y-4">
      <h2 id="stats-heading" className="text-lg font-semibold text-slate-900">
        Statistics
      </h2>
      {stats.isPending ? (
        <LoadingMessage />
      ) : stats.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-medium">Failed to load statistics</p>
          <p className="mt-1 text-sm">{messageForPeople(stats.error, 'Please try again.')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </div>
      ) : stats.data.total === 0 ? (
        <>
          <StatCards stats={stats.data} />
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            The catalogue is empty: the charts appear once products are imported.
          </p>
        </>
      ) : (
        <>
          <StatCards stats={stats.data} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <CategoryChart byCategory={stats.data.byCategory} />
            <PriceHistogram bands={stats.data.priceHistogram} />
          </div>
        </>
      )}
    </section>
  );
}
