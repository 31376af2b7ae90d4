/**
 * Price-check outcomes per day (issue 12 part 2): drops, increases, unchanged and failures of the
 * per-product checks, as a Recharts line chart, with a table of the same figures one toggle away
 * (for screen readers and for reading exact numbers; the admin chart panel,
 * web/admin/components/admin-chart-panel.tsx). The table lists the days with a check only.
 * Recharts is large: this module is only reached through the Alerts tab's lazy chunk.
 */
import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PriceCheckOutcomeDay } from '../../../../../common/api/price-checks.schema';
import { AdminChartPanel } from '../../../components/admin-chart-panel';
import { AdminQueryState } from '../../../components/admin-states';
import { priceCheckOutcomesQuery } from '../api';

const DAYS = 30;
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const label = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

/** The four series: key, legend name, colour (AA contrast on white). */
export const OUTCOME_SERIES = [
  { key: 'drops', name: 'Drops', colour: '#15803d' },
  { key: 'increases', name: 'Increases', colour: '#b91c1c' },
  { key: 'unchanged', name: 'Unchanged', colour: '#475569' },
  { key: 'failures', name: 'Failures', colour: '#b45309' },
] as const;

export function PriceCheckChart({ tabKey }: { tabKey: string }) {
  const outcomes = useQuery(priceCheckOutcomesQuery(tabKey, DAYS));
  const days = outcomes.data?.days ?? [];
  const withRuns = days.filter((d) => d.drops + d.increases + d.unchanged + d.failures > 0);
  return (
    <AdminChartPanel
      title={`Outcomes per day, last ${DAYS} days`}
      framed={false}
      summary={chartSummary(days)}
      tableCaption="Price-check outcomes per day"
      figures={{
        columns: ['Day', ...OUTCOME_SERIES.map((s) => s.name)],
        rows: withRuns.map((d) => [label(d.date), ...OUTCOME_SERIES.map((s) => d[s.key])]),
      }}
      empty={`No price checks in the last ${days.length} days.`}
      chartWhenEmpty
      placeholder={
        outcomes.isSuccess ? undefined : (
          <AdminQueryState query={outcomes} loading="Loading outcomes…" failed="Failed to load the outcomes">
            {() => null}
          </AdminQueryState>
        )
      }
      chartClassName="h-64"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={days} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={label} stroke="#475569" fontSize={12} minTickGap={24} />
          <YAxis allowDecimals={false} stroke="#475569" fontSize={12} width={44} />
          <Tooltip labelFormatter={(d) => label(String(d))} contentStyle={{ fontSize: 13, borderRadius: 6 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {OUTCOME_SERIES.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={s.colour}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </AdminChartPanel>
  );
}

function chartSummary(days: readonly PriceCheckOutcomeDay[]): string {
  const sum = (key: (typeof OUTCOME_SERIES)[number]['key']) => days.reduce((n, d) => n + d[key], 0);
  return `Line chart over ${days.length} days: ${sum('drops')} drops, ${sum('increases')} increases, ${sum('unchanged')} unchanged, ${sum('failures')} failures in all. Use "Show as table" for each day.`;
}
