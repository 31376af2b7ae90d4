/**
 * The Clicks tab (admin-area §2 "Clicks tab", §3, §7, §9; issue 13), top to bottom: the date
 * filter (presets or any From–To range); the overview beside the previous period (issue 29:
 * funnel, visits and clicks per day, top pages, referrers, devices); the seven summary cards (Website Visits, Amazon Affiliate Clicks, Anonymous Visits
 * Tracked, Search Feed Queries, Global CTR, Unique Users, Unique Products; from e-mail tracking,
 * refreshed every 30 s); the five CSV exports; the charts; category button click tracking; product
 * click totals; the collapsible Top Products and Users lists; all product clicks with the e-mail
 * search; Email Campaign Performance; Recent Email Visits.
 */
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { DateRange } from '../../../../../common/analytics-dates';
import { TOP_CARD_SIZE, type ClickStats, type EmailTracking } from '../../../../../common/api/click-analytics.admin.schema';
import { buttonClasses } from '../../../../components/ui/button';
import type { AdminTabProps } from '../../../components/admin-tab';
import { AdminQueryState } from '../../../components/admin-states';
import { CLICK_EXPORT_LINKS, categoryClickStatsQuery, clickStatsQuery, emailTrackingQuery, exportUrl } from '../api';
import { AllClicksList } from './all-clicks-list';
import { CategoryBreakdown } from './category-breakdown';
import { ClicksByCategoryChart, ClicksPerDayChart, CtrByCampaignChart } from './click-charts';
import { TopProductsList, UsersByActivityList } from './click-lists';
import { DateFilter, useDateFilter } from './date-filter';
import { AnalyticsOverviewPanel } from './analytics-overview';
import { CampaignTable, RecentEmailVisits } from './email-campaigns';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { count } from './click-format';
import { AdminSection } from '../../../components/admin-panel';

function SummaryCards({ tracking }: { tracking: EmailTracking }) {
  const s = tracking.summary;
  return (
    <StatGrid label="Summary">
      <StatCard label="Website Visits" value={count(s.totalWebsiteVisits)} hint={`${count(s.emailWebsiteVisits)} from e-mails`} />
      <StatCard
        label="Amazon Affiliate Clicks"
        value={count(s.totalAmazonAffiliateClicks)}
        hint={`${count(s.emailAmazonAffiliateClicks)} from e-mails`}
      />
      <StatCard label="Anonymous Visits Tracked" value={count(s.anonymousWebsiteVisits)} hint="no e-mail, IP or fingerprint kept" />
      <StatCard label="Search Feed Queries" value={count(s.totalSearches)} hint="keyword queries to product search" />
      <StatCard label="Global CTR" value={`${s.clickThroughRate.toLocaleString('en-GB')}%`} hint="visits that went on to Amazon" />
      <StatCard label="Unique Users" value={count(s.uniqueUsers)} hint="e-mails that clicked" />
      <StatCard label="Unique Products" value={count(s.uniqueProducts)} hint="clicked at least once" />
    </StatGrid>
  );
}

function ExportLinks({ range }: { range: DateRange }) {
  return (
    <section aria-labelledby="exports-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="exports-heading" className="text-base font-semibold text-slate-900">
        CSV exports <span className="text-sm font-normal text-slate-600">(the period above)</span>
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {CLICK_EXPORT_LINKS.map((e) => (
          <li key={e.path}>
            <a href={exportUrl(e.path, range)} download className={buttonClasses('secondary', 'sm')}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {e.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The first {@link TOP_CARD_SIZE} of a ranking, name and clicks a line ('—' when there is none). */
function TopList({ items }: { items: ReadonlyArray<{ key: string; name: string; clicks: number }> }) {
  if (items.length === 0) return '—';
  return (
    <ol className="space-y-1 text-sm font-normal">
      {items.slice(0, TOP_CARD_SIZE).map((item) => (
        <li key={item.key} className="flex justify-between gap-2">
          <span className="min-w-0 truncate" title={item.name}>
            {item.name}
          </span>
          {/* shrink-0 and nowrap: the card's overflow-wrap:anywhere broke a squeezed "11" into "1/1" (issue 29). */}
          <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums" data-count>
            {count(item.clicks)}
          </span>
        </li>
      ))}
    </ol>
  );
}

function ProductClickTotals({ stats }: { stats: ClickStats }) {
  return (
    <AdminSection title="Product click totals" level={3} tight>
      <StatGrid label="Product click figures">
        <StatCard label="Total Clicks" value={count(stats.totalClicks)} hint={`${count(stats.anonymousClicks)} anonymous`} />
        <StatCard label="Unique Users" value={count(stats.uniqueUsers)} />
        <StatCard
          label={`Top ${TOP_CARD_SIZE} Products`}
          value={<TopList items={stats.topProducts.map((p) => ({ key: p.asin, name: p.title ?? p.asin, clicks: p.clickCount }))} />}
        />
        <StatCard
          label={`Top ${TOP_CARD_SIZE} Active E-mails`}
          value={<TopList items={stats.clicksByEmail.map((u) => ({ key: u.email, name: u.email, clicks: u.clickCount }))} />}
        />
      </StatGrid>
    </AdminSection>
  );
}

export function ClicksTab({ tabKey }: AdminTabProps) {
  const { preset, range, setPreset, setCustom } = useDateFilter();
  const tracking = useQuery(emailTrackingQuery(tabKey, range));
  const stats = useQuery(clickStatsQuery(tabKey, range));
  const categories = useQuery(categoryClickStatsQuery(tabKey, range));
  return (
    <div className="space-y-5">
      <h2 className="text-lg font-semibold text-slate-900">Click tracking</h2>
      <DateFilter preset={preset} range={range} onChange={setPreset} onCustom={setCustom} />
      <AnalyticsOverviewPanel tabKey={tabKey} range={range} />
      <AdminQueryState query={tracking} loading="Loading visits and clicks…" failed="Failed to load e-mail tracking">
        {(data) => <SummaryCards tracking={data} />}
      </AdminQueryState>
      <ExportLinks range={range} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <ClicksPerDayChart tabKey={tabKey} />
        </div>
        <AdminQueryState query={stats} loading="Loading clicks by category…" failed="Failed to load click statistics">
          {(data) => <ClicksByCategoryChart stats={data} />}
        </AdminQueryState>
        <AdminQueryState query={tracking} loading="Loading campaigns…" failed="Failed to load e-mail tracking">
          {(data) => <CtrByCampaignChart tracking={data} />}
        </AdminQueryState>
      </div>
      <AdminSection title="Category button click tracking" level={3} tight>
        <AdminQueryState query={categories} loading="Loading category clicks…" failed="Failed to load category clicks">
          {(data) => <CategoryBreakdown stats={data} />}
        </AdminQueryState>
      </AdminSection>
      <AdminQueryState query={stats} loading="Loading click statistics…" failed="Failed to load click statistics">
        {(data) => (
          <>
            <ProductClickTotals stats={data} />
            <TopProductsList stats={data} />
            <UsersByActivityList tabKey={tabKey} stats={data} range={range} />
          </>
        )}
      </AdminQueryState>
      <AllClicksList tabKey={tabKey} range={range} />
      <AdminQueryState query={tracking} loading="Loading campaigns…" failed="Failed to load e-mail tracking">
        {(data) => (
          <>
            <CampaignTable tracking={data} />
            <RecentEmailVisits tracking={data} />
          </>
        )}
      </AdminQueryState>
    </div>
  );
}
