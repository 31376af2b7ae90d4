/**
 * The Clicks tab's charts (issue 13 "Charts"): clicks per day (line, its own period), clicks by
 * category (bar) and click-through rate by campaign (bar); Recharts, each with a table toggle (the
 * admin chart panel, web/admin/components/admin-chart-panel.tsx). Each image is named by its title
 * and a sentence of what it shows; a period with no click says so instead of a chart.
 */

/** The chart panel as the Clicks tab words it: 'Show table' / 'Show chart', 'No data for this period.' */
const CLICKS_PANEL = { toggleWords: ['Show table', 'Show chart'], empty: 'No data for this period.', chartClassName: 'h-64' } as const;
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { lastDaysRange, londonDate } from '../../../../../common/analytics-dates';
import type { ClickStats, EmailTracking } from '../../../../../common/api/click-analytics.admin.schema';
import { Select } from '../../../../components/ui/select';
import { clickStatsQuery } from '../api';
import { AdminChartPanel } from '../../../components/admin-chart-panel';
import { count } from './click-format';

const PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 12 months' },
] as const;
type Period = (typeof PERIODS)[number]['value'];

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
const AXIS = { fontSize: 12, fill: '#334155' };

/** Every day of the period with its clicks (0 for days without). */
function fillDays(series: ClickStats['clicksPerDay'], startDate: string, endDate: string) {
  const byDate = new Map(series.map((d) => [d.date, d.clicks]));
  const days: { date: string; clicks: number }[] = [];
  for (let t = Date.parse(`${startDate}T00:00:00Z`); t <= Date.parse(`${endDate}T00:00:00Z`); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.push({ date, clicks: byDate.get(date) ?? 0 });
  }
  return days;
}

export function ClicksPerDayChart({ tabKey }: { tabKey: string }) {
  const [period, setPeriod] = useState<Period>('30');
  const today = londonDate(new Date());
  const range = lastDaysRange(Number(period), new Date(`${today}T12:00:00Z`));
  const stats = useQuery(clickStatsQuery(tabKey, range));
  const days = stats.data ? fillDays(stats.data.clicksPerDay, range.startDate as string, range.endDate as string) : [];
  const total = days.reduce((n, d) => n + d.clicks, 0);
  const peak = days.reduce((best, d) => (d.clicks > best.clicks ? d : best), { date: '', clicks: -1 });
  return (
    <AdminChartPanel
      {...CLICKS_PANEL}
      title="Clicks per day"
      summary={
        stats.isPending
          ? 'Clicks per day: loading'
          : `Clicks per day: ${count(total)} clicks in the ${PERIODS.find((p) => p.value === period)?.label.toLowerCase()}${peak.clicks > 0 ? `, most on ${shortDay(peak.date)} (${count(peak.clicks)})` : ''}.`
      }
      figures={{ columns: ['Day', 'Clicks'], rows: total === 0 ? [] : days.map((d) => [shortDay(d.date), d.clicks]) }}
      controls={<Select label="Period" value={period} options={PERIODS} onValueChange={setPeriod} />}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS} minTickGap={24} />
          <YAxis allowDecimals={false} tick={AXIS} width={48} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={(v) => [count(Number(v)), 'Clicks']} />
          <Line type="monotone" dataKey="clicks" stroke="#1d4ed8" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </AdminChartPanel>
  );
}

export function ClicksByCategoryChart({ stats }: { stats: ClickStats }) {
  const data = stats.clicksByCategory;
  return (
    <AdminChartPanel
      {...CLICKS_PANEL}
      title="Clicks by category"
      summary={
        data[0]
          ? `Clicks by category: ${data[0].category} leads with ${count(data[0].clicks)} of ${count(stats.totalClicks)} clicks.`
          : 'Clicks by category: no clicks.'
      }
      figures={{ columns: ['Category', 'Clicks'], rows: data.map((d) => [d.category, d.clicks]) }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="category" tick={AXIS} interval={0} angle={-20} textAnchor="end" height={56} />
          <YAxis allowDecimals={false} tick={AXIS} width={48} />
          <Tooltip formatter={(v) => [count(Number(v)), 'Clicks']} />
          <Bar dataKey="clicks" fill="#1d4ed8" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </AdminChartPanel>
  );
}

export function CtrByCampaignChart({ tracking }: { tracking: EmailTracking }) {
  const data = tracking.campaigns.map((c) => ({ name: c.campaign ?? '(no campaign)', ctr: c.clickThroughRate, visits: c.visits }));
  return (
    <AdminChartPanel
      {...CLICKS_PANEL}
      title="Click-through rate by campaign"
      summary={
        data.length
          ? `Click-through rate by campaign: ${data.length} campaigns; the best is ${[...data].sort((a, b) => b.ctr - a.ctr)[0]?.name} at ${[...data].sort((a, b) => b.ctr - a.ctr)[0]?.ctr}%.`
          : 'Click-through rate by campaign: no campaigns.'
      }
      figures={{ columns: ['Campaign', 'Visits', 'Click-through rate (%)'], rows: data.map((d) => [d.name, d.visits, d.ctr]) }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="name" tick={AXIS} interval={0} angle={-20} textAnchor="end" height={56} />
          <YAxis unit="%" domain={[0, 100]} tick={AXIS} width={48} />
          <Tooltip formatter={(v) => [`${Number(v).toLocaleString('en-GB')}%`, 'Click-through rate']} />
          <Bar dataKey="ctr" fill="#15803d" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </AdminChartPanel>
  );
}
