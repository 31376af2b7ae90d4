/**
 * The Clicks tab's overview (issue 29 point 8, as Plausible and Umami show one): the period the
 * date filter chose beside the period of equal length before it (each card says the change), the
 * visit → product page → click-through funnel, visits and clicks per day (Recharts, with a table
 * toggle), top landing pages, top referring sites and device classes. Read from the database's
 * daily roll-ups (`GET /api/admin/analytics-overview`; decision 0028). All Time has nothing before
 * it, so its cards show no change.
 */
import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DateRange } from '../../../../../common/analytics-dates';
import type { AnalyticsOverview, PeriodFigures } from '../../../../../common/api/click-analytics.admin.schema';
import { AdminBarList, AdminChartPanel } from '../../../components/admin-chart-panel';
import { AdminDataTable, type AdminColumn } from '../../../components/admin-data-table';
import { AdminPanel, AdminSection } from '../../../components/admin-panel';
import { AdminEmpty, AdminQueryState } from '../../../components/admin-states';
import { StatCard, StatGrid } from '../../../components/admin-stat-card';
import { analyticsOverviewQuery } from '../api';
import { count } from './click-format';
import { rangeText } from './date-filter';

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
const AXIS = { fontSize: 12, fill: '#334155' };

/** Device classes in words. */
const DEVICE_NAMES: Readonly<Record<string, string>> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  desktop: 'Desktop',
  unknown: 'Not recorded (before devices were kept)',
};

/**
 * The change from the previous period in words: "+25% on 4", "−50% on 10", "same as 3",
 * "new (0 before)"; for a rate, in percentage points.
 */
export function changeText(now: number, before: number | undefined, kind: 'count' | 'rate' = 'count'): string {
  if (before === undefined) return '';
  if (kind === 'rate') {
    const points = Math.round((now - before) * 10) / 10;
    if (points === 0) return `same as ${before.toLocaleString('en-GB')}%`;
    return `${points > 0 ? '+' : '−'}${Math.abs(points).toLocaleString('en-GB')} pts on ${before.toLocaleString('en-GB')}%`;
  }
  if (now === before) return `same as ${count(before)}`;
  if (before === 0) return 'new (0 before)';
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent).toLocaleString('en-GB')}% on ${count(before)}`;
}

function ChangeHint({ now, before, kind }: { now: number; before: number | undefined; kind?: 'count' | 'rate' }) {
  if (before === undefined) return null;
  const up = now > before;
  const down = now < before;
  return (
    <span className={up ? 'text-green-800' : down ? 'text-red-800' : 'text-slate-600'}>
      <span aria-hidden="true">{up ? '▲ ' : down ? '▼ ' : ''}</span>
      {changeText(now, before, kind)}
    </span>
  );
}

function Cards({ overview }: { overview: AnalyticsOverview }) {
  const c = overview.current;
  const p: PeriodFigures | undefined = overview.previous ?? undefined;
  return (
    <StatGrid label="Overview figures" columns={4}>
      <StatCard label="Visits" value={c.visits} hint={<ChangeHint now={c.visits} before={p?.visits} />} />
      <StatCard label="Clicks to Amazon" value={c.clicks} hint={<ChangeHint now={c.clicks} before={p?.clicks} />} />
      <StatCard
        label="Visits that clicked through"
        value={c.clickedVisits}
        hint={<ChangeHint now={c.clickedVisits} before={p?.clickedVisits} />}
      />
      <StatCard
        label="Click-through rate"
        value={`${c.clickThroughRate.toLocaleString('en-GB')}%`}
        hint={<ChangeHint now={c.clickThroughRate} before={p?.clickThroughRate} kind="rate" />}
      />
    </StatGrid>
  );
}

function Funnel({ figures }: { figures: PeriodFigures }) {
  const share = (n: number) => (figures.visits === 0 ? 0 : Math.round((n / figures.visits) * 1000) / 10);
  const steps = [
    { key: 'visits', label: 'Visits', n: figures.visits },
    { key: 'product', label: 'Landed on a product page', n: figures.productVisits },
    { key: 'clicked', label: 'Clicked through to Amazon', n: figures.clickedVisits },
  ];
  return (
    <AdminSection title="Visit → click-through funnel" level={3} tight className="rounded-lg border border-slate-200 bg-white p-4">
      {figures.visits === 0 ? (
        <p className="text-sm text-slate-600">No visits in this period.</p>
      ) : (
        <AdminBarList
          bars={steps.map((s) => ({
            key: s.key,
            label: s.label,
            value: `${count(s.n)} · ${share(s.n).toLocaleString('en-GB')}%`,
            percent: share(s.n),
          }))}
        />
      )}
      <p className="text-xs text-slate-600">
        A visit is a browser session on the site (or a page opened from an e-mail link); it clicked through when a click to Amazon came from
        it.
      </p>
    </AdminSection>
  );
}

function PerDayChart({ overview }: { overview: AnalyticsOverview }) {
  const days = overview.perDay;
  const visits = days.reduce((n, d) => n + d.visits, 0);
  const clicks = days.reduce((n, d) => n + d.clicks, 0);
  return (
    <AdminChartPanel
      title="Daily visits and clicks"
      summary={`Daily visits and clicks: ${count(visits)} visits and ${count(clicks)} clicks to Amazon over ${count(days.length)} days.`}
      figures={{
        columns: ['Day', 'Visits', 'Clicks to Amazon'],
        rows: visits + clicks === 0 ? [] : days.map((d) => [shortDay(d.date), d.visits, d.clicks]),
      }}
      toggleWords={['Show table', 'Show chart']}
      empty="No data for this period."
      chartClassName="h-64"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS} minTickGap={24} />
          <YAxis allowDecimals={false} tick={AXIS} width={48} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={(v, name) => [count(Number(v)), String(name)]} />
          <Legend />
          <Line type="monotone" name="Visits" dataKey="visits" stroke="#1d4ed8" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line
            type="monotone"
            name="Clicks to Amazon"
            dataKey="clicks"
            stroke="#15803d"
            strokeWidth={2}
            strokeDasharray="5 3"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </AdminChartPanel>
  );
}

type Ranked = AnalyticsOverview['topPages'][number];

function rankedColumns(first: string, name: (key: string) => string): ReadonlyArray<AdminColumn<Ranked>> {
  return [
    { id: 'key', header: first, cell: (r) => name(r.key), rowHeader: true, className: 'break-all text-slate-900' },
    { id: 'visits', header: 'Visits', cell: (r) => count(r.visits), align: 'right', className: 'whitespace-nowrap tabular-nums' },
    {
      id: 'clicked',
      header: 'Clicked through',
      cell: (r) => count(r.clickedVisits),
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
    },
  ];
}
/** Landing pages in words: the home page, and product pages counted as one page each kind (decision 0028). */
const PAGE_NAMES: Readonly<Record<string, string>> = {
  '/': 'Home',
  '/deals/{ASIN}': 'Product pages (/deals/…)',
  '/deal/{ASIN}': 'Product deal pages (/deal/…)',
};
const PAGE_COLUMNS = rankedColumns('Landing page', (key) => PAGE_NAMES[key] ?? key);
const REFERRER_COLUMNS = rankedColumns('Referring site', (key) => (key === '' ? 'None (typed, bookmarked or an app)' : key));

function RankedTable({
  title,
  rows,
  columns,
  empty,
}: {
  title: string;
  rows: Ranked[];
  columns: ReadonlyArray<AdminColumn<Ranked>>;
  empty: string;
}) {
  return (
    <AdminPanel title={title} className="min-w-0">
      <AdminDataTable
        columns={columns}
        data={rows}
        getRowId={(r) => r.key || '(none)'}
        empty={<AdminEmpty inset>{empty}</AdminEmpty>}
        frame="bare"
        density="normal"
      />
    </AdminPanel>
  );
}

function Devices({ overview }: { overview: AnalyticsOverview }) {
  const total = overview.devices.reduce((n, d) => n + d.visits, 0);
  return (
    <AdminSection title="Devices" level={3} tight className="rounded-lg border border-slate-200 bg-white p-4">
      {overview.devices.length === 0 ? (
        <p className="text-sm text-slate-600">No visits or clicks in this period.</p>
      ) : (
        <AdminBarList
          bars={overview.devices.map((d) => ({
            key: d.key,
            label: DEVICE_NAMES[d.key] ?? d.key,
            value: `${count(d.visits)} visits · ${count(d.clicks)} clicks`,
            percent: total === 0 ? 0 : (d.visits / total) * 100,
          }))}
        />
      )}
    </AdminSection>
  );
}

export function AnalyticsOverviewPanel({ tabKey, range }: { tabKey: string; range: DateRange }) {
  const overview = useQuery(analyticsOverviewQuery(tabKey, range));
  return (
    <AdminQueryState query={overview} loading="Loading the overview…" failed="Failed to load the overview">
      {(data) => (
        <AdminSection
          title={
            <>
              Overview{' '}
              <span className="text-sm font-normal text-slate-600">
                {data.previousRange
                  ? `compared with ${rangeText({ startDate: data.previousRange.startDate ?? undefined, endDate: data.previousRange.endDate ?? undefined })}`
                  : '(All time: no earlier period to compare)'}
              </span>
            </>
          }
          tight
        >
          <Cards overview={data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <Funnel figures={data.current} />
            <Devices overview={data} />
            <div className="min-w-0 lg:col-span-2">
              <PerDayChart overview={data} />
            </div>
            <RankedTable title="Top landing pages" rows={data.topPages} columns={PAGE_COLUMNS} empty="No visits in this period." />
            <RankedTable
              title="Top referring sites"
              rows={data.topReferrers}
              columns={REFERRER_COLUMNS}
              empty="No visits in this period."
            />
          </div>
        </AdminSection>
      )}
    </AdminQueryState>
  );
}
