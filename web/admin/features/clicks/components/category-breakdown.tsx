/**
 * Category button click tracking (admin-area §2: the Clicks tab's block and the Category-clicks
 * tab's cards): total category clicks, top category, categories tracked, unique users, and a
 * breakdown of the top 6 (spec §9) with each one's share.
 */
import { CATEGORY_BREAKDOWN, type CategoryClickStats } from '../../../../../common/api/click-analytics.admin.schema';
import { AdminBarList } from '../../../components/admin-chart-panel';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { clicksText, count } from './click-format';

export function CategoryBreakdown({ stats }: { stats: CategoryClickStats }) {
  const top = stats.topCategories[0];
  return (
    <div className="space-y-3">
      <StatGrid label="Category click figures">
        <StatCard label="Total Category Clicks" value={count(stats.totalClicks)} />
        <StatCard label="Top Category" value={top ? top.categoryName : '—'} hint={top ? clicksText(top.clickCount) : 'No clicks yet'} />
        <StatCard label="Categories Tracked" value={count(stats.categoriesTracked)} />
        <StatCard label="Unique Users" value={count(stats.uniqueUsers)} hint="with a tracking e-mail" />
      </StatGrid>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <h4 className="text-sm font-semibold text-slate-900">Top {CATEGORY_BREAKDOWN} categories</h4>
        {stats.topCategories.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No category button clicks in this period.</p>
        ) : (
          <div className="mt-3">
            <AdminBarList
              bars={stats.topCategories.slice(0, CATEGORY_BREAKDOWN).map((c) => {
                const share = stats.totalClicks === 0 ? 0 : Math.round((c.clickCount / stats.totalClicks) * 1000) / 10;
                return {
                  key: c.categorySlug,
                  label: c.categoryName,
                  value: `${clicksText(c.clickCount)} · ${share.toLocaleString('en-GB')}%`,
                  percent: share,
                };
              })}
            />
          </div>
        )}
      </div>
    </div>
  );
}
