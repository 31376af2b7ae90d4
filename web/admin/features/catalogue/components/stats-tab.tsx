/**
 * The 'Statistics' tab (admin-area §2 "Statistics tab", §3 "Admin stats"): Total Products, Avg
 * Discount percent, Price Range (£min to £max) and Categories with counts as stat cards, then a bar
 * chart of products per category and a price histogram (stats-charts.tsx, each with a table view).
 * The average discount is over the products with a substantiated "was" price only, and says so.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../../common/api/products.admin.schema';
import { LoadingMessage } from '../../../../components/ui/loading-message';
import { AdminSection } from '../../../components/admin-panel';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { AdminEmpty, AdminQueryState } from '../../../components/admin-states';
import { adminStatsQuery } from '../api';
import { formatGbp } from '../catalogue-labels';
import { CategoryChart, PriceHistogram } from './stats-charts';

const count = (n: number) => n.toLocaleString('en-GB');

function StatCards({ stats }: { stats: AdminStats }) {
  const used = stats.byCategory.filter((c) => c.count > 0);
  return (
    <StatGrid wide>
      <StatCard
        label="Total Products"
        value={count(stats.total)}
        hint={stats.dealCount === 0 ? 'None is a deal right now' : `${count(stats.dealCount)} of them are deals right now`}
      />
      <StatCard
        label="Avg Discount"
        value={stats.avgDiscount === null ? '–' : `${stats.avgDiscount.toLocaleString('en-GB')}%`}
        hint={
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
        hint={used
          .slice(0, 3)
          .map((c) => `${c.label} ${count(c.count)}`)
          .join(' · ')}
      />
    </StatGrid>
  );
}

export function StatsTab({ tabKey }: { tabKey: string }) {
  const stats = useQuery(adminStatsQuery(tabKey));
  return (
    <AdminSection title="Statistics">
      <AdminQueryState query={stats} loading={<LoadingMessage />} failedTitle="Failed to load statistics" failed="Please try again.">
        {(data) => (
          <>
            <StatCards stats={data} />
            {data.total === 0 ? (
              <AdminEmpty>The catalogue is empty: the charts appear once products are imported.</AdminEmpty>
            ) : (
              <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                <CategoryChart byCategory={data.byCategory} />
                <PriceHistogram bands={data.priceHistogram} />
              </div>
            )}
          </>
        )}
      </AdminQueryState>
    </AdminSection>
  );
}
