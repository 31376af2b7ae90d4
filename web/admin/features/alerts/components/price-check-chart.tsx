/**
 * Price-check outcomes per day (issue 12 part 2): drops, increases, unchanged and failures of the
 * per-product checks, as a Recharts line chart, with a table of the same figures one toggle away
 * (for screen readers and for reading exact numbers). Recharts is large: this module is only
 * reached through the Alerts tab's lazy chunk.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PriceCheckOutcomeDay } from '../../../../../common/api/price-checks.schema';
import { Button } from '../../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../../components/ui/query-state';
import { messageForPeople } from '../../../../lib/http.client';
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
  const [asTable, setAsTable] = useState(false);
  const outcomes = useQuery(priceCheckOutcomesQuery(tabKey, DAYS));
  return (
    <section aria-labelledby="outcomes-heading" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="outcomes-heading" className="mr-auto text-sm font-semibold text-slate-900">
          Outcomes per day, last {DAYS} days
        </h3>
        <Button variant="secondary" size="sm" aria-pressed={asTable} onClick={() => setAsTable((t) => !t)}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </div>
      {outcomes.isPending ? (
        <LoadingState label="Loading outcomes…" />
      ) : outcomes.isError ? (
        <ErrorState message={messageForPeople(outcomes.error, 'Failed to load the outcomes')} onRetry={() => void outcomes.refetch()} />
      ) : asTable ? (
        <OutcomeTable days={outcomes.data.days} />
      ) : (
        <div className="h-64 w-full" role="img" aria-label={chartSummary(outcomes.data.days)}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={outcomes.data.days} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
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
        </div>
      )}
    </section>
  );
}

function chartSummary(days: readonly PriceCheckOutcomeDay[]): string {
  const sum = (key: (typeof OUTCOME_SERIES)[number]['key']) => days.reduce((n, d) => n + d[key], 0);
  return `Line chart over ${days.length} days: ${sum('drops')} drops, ${sum('increases')} increases, ${sum('unchanged')} unchanged, ${sum('failures')} failures in all. Use "Show as table" for each day.`;
}

function OutcomeTable({ days }: { days: readonly PriceCheckOutcomeDay[] }) {
  const withRuns = days.filter((d) => d.drops + d.increases + d.unchanged + d.failures > 0);
  if (withRuns.length === 0) return <p className="text-sm text-slate-600">No price checks in the last {days.length} days.</p>;
  return (
    <div className="max-h-72 overflow-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Price-check outcomes per day</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Day
            </th>
            {OUTCOME_SERIES.map((s) => (
              <th key={s.key} scope="col" className="px-3 py-2 text-right font-medium">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {withRuns.map((d) => (
            <tr key={d.date}>
              <th scope="row" className="px-3 py-1.5 font-normal text-slate-800">
                {label(d.date)}
              </th>
              {OUTCOME_SERIES.map((s) => (
                <td key={s.key} className="px-3 py-1.5 text-right tabular-nums text-slate-800">
                  {d[s.key].toLocaleString('en-GB')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
