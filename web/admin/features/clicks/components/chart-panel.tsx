/**
 * A chart with its data as a table beside it (issue 13 "Charts … accessible (a table toggle beside
 * each chart)"): the chart is an image with a text summary for screen readers; "Show table" swaps
 * it for a real table of the same figures.
 */
import { useId, useState, type ReactNode } from 'react';
import { BarChart3, Table2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

export function ChartPanel({
  title,
  summary,
  table,
  controls,
  children,
}: {
  title: string;
  /** One sentence saying what the chart shows (its accessible name's description). */
  summary: string;
  table: ChartTable;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="mr-auto text-base font-semibold text-slate-900">
          {title}
        </h3>
        {controls}
        <Button variant="secondary" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? <BarChart3 className="h-4 w-4" aria-hidden="true" /> : <Table2 className="h-4 w-4" aria-hidden="true" />}
          {asTable ? 'Show chart' : 'Show table'}
        </Button>
      </div>
      {table.rows.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-600">No data for this period.</p>
      ) : asTable ? (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j} className={j === 0 ? 'px-3 py-1.5 text-slate-900' : 'px-3 py-1.5 text-slate-700 tabular-nums'}>
                      {typeof cell === 'number' ? cell.toLocaleString('en-GB') : cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <figure role="img" aria-label={`${title}: ${summary}`} className="h-64 w-full">
          {children}
        </figure>
      )}
    </section>
  );
}
