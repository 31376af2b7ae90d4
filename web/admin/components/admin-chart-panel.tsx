/**
 * A chart of the admin area with its figures one toggle away (issue 13 "Charts … accessible (a
 * table toggle beside each chart)", issue 11 part 3, issue 12 part 2; issue 26 "shared table/chart
 * parts"). The drawing (Recharts, passed as `children`) is one image whose accessible name is
 * `summary`, a sentence saying what it shows (Recharts' keyboard layer stays off in the callers:
 * nothing focusable hides inside an image). The toggle, a button with `aria-pressed`, swaps it for
 * a real table of the same figures: its first column names each row (a row header), numbers are
 * right-aligned and written en-GB.
 *
 * `as="section"` makes a region named by an `<h3>`; `as="figure"` a figure named by its caption.
 * With no row, `empty` is said instead of the chart and table (or, with `chartWhenEmpty`, instead of
 * the table only). `placeholder` (loading or failure, admin-states.tsx) stands in for both.
 */
import { useId, useState, type ReactNode } from 'react';
import { BarChart3, Table2 } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../../components/ui/button';
import { AdminDataTable, type AdminColumn } from './admin-data-table';

/** The chart's figures: the header of each column, then each row's label and numbers. */
export interface ChartFigures {
  columns: readonly string[];
  rows: ReadonlyArray<readonly [string, ...Array<string | number>]>;
}

export interface AdminChartPanelProps {
  title: string;
  /** The image's accessible name: what the chart shows, in one sentence. */
  summary: string;
  figures: ChartFigures;
  /** A region with a heading (default) or a figure with a caption. */
  as?: 'section' | 'figure';
  /** A white bordered card (default), or plain inside a panel that has one. */
  framed?: boolean;
  /** The table's caption (its accessible name): the title unless given. */
  tableCaption?: string;
  /** The toggle's words, table then chart ('Show as table', 'Show as chart' unless given). */
  toggleWords?: readonly [string, string];
  /** Controls beside the toggle (a period select). */
  controls?: ReactNode;
  /** Said when there is no row. */
  empty?: string;
  /** With no row, still draw the chart (the table view says `empty`). */
  chartWhenEmpty?: boolean;
  /** Shown instead of chart and table (while the figures load, or why they did not). */
  placeholder?: ReactNode;
  /** Classes of the image box (its height, e.g. 'h-64'). */
  chartClassName?: string;
  /** Classes of the panel (e.g. `min-w-0` in a grid). */
  className?: string;
  children: ReactNode;
}

const cellText = (value: string | number) => (typeof value === 'number' ? value.toLocaleString('en-GB') : value);

function figureColumns(columns: readonly string[]): Array<AdminColumn<ChartFigures['rows'][number]>> {
  return columns.map((header, i) => ({
    id: String(i),
    header,
    cell: (row) => cellText(row[i] ?? ''),
    ...(i === 0 ? { rowHeader: true, className: 'text-slate-800' } : { align: 'right', className: 'text-slate-900 tabular-nums' }),
  }));
}

export function AdminChartPanel({
  title,
  summary,
  figures,
  as = 'section',
  framed = true,
  tableCaption,
  toggleWords = ['Show as table', 'Show as chart'],
  controls,
  empty,
  chartWhenEmpty = false,
  placeholder,
  chartClassName,
  className,
  children,
}: AdminChartPanelProps) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const Frame = as;
  const Title = as === 'figure' ? 'figcaption' : 'h3';
  const none = figures.rows.length === 0 && empty !== undefined;
  const emptyText = <p className="py-8 text-center text-sm text-slate-600">{empty}</p>;
  return (
    <Frame aria-labelledby={titleId} className={clsx('min-w-0', framed && 'rounded-lg border border-slate-200 bg-white p-4', className)}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Title id={titleId} className="mr-auto text-base font-semibold text-slate-900">
          {title}
        </Title>
        {controls}
        <Button variant="secondary" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? <BarChart3 className="h-4 w-4" aria-hidden="true" /> : <Table2 className="h-4 w-4" aria-hidden="true" />}
          {asTable ? toggleWords[1] : toggleWords[0]}
        </Button>
      </div>
      {placeholder !== undefined ? (
        placeholder
      ) : none && (asTable || !chartWhenEmpty) ? (
        emptyText
      ) : asTable ? (
        <AdminDataTable
          columns={figureColumns(figures.columns)}
          data={figures.rows}
          getRowId={(row, i) => `${i}-${row[0]}`}
          caption={tableCaption ?? title}
          frame="bare"
          density="compact"
          stickyHeader
          maxHeight="max-h-80"
        />
      ) : (
        <div role="img" aria-label={summary} className={clsx('w-full', chartClassName)}>
          {children}
        </div>
      )}
    </Frame>
  );
}

/** One line of an {@link AdminBarList}. */
export interface AdminBar {
  key: string;
  label: ReactNode;
  /** The figure at the right ('12', '20 clicks · 31.3%'). */
  value: ReactNode;
  /** The bar's length, 0 to 100 (a share of the whole, or of the largest). */
  percent: number;
}

/**
 * A ranked list with a bar under each line (the top unsubscribe reasons, the top categories by
 * clicks): the words and figures are the content, the bars only draw them (hidden from screen
 * readers). A bar of a figure above nothing is at least 2 % long, so it shows.
 */
export function AdminBarList({ bars }: { bars: readonly AdminBar[] }) {
  return (
    <ol className="space-y-2">
      {bars.map((bar) => (
        <li key={bar.key} className="text-sm">
          <div className="flex justify-between gap-3">
            <span className="font-medium break-words text-slate-900">{bar.label}</span>
            <span className="text-slate-700 tabular-nums">{bar.value}</span>
          </div>
          <div className="mt-1 h-2 rounded bg-slate-100" aria-hidden="true">
            <div
              className="h-2 rounded bg-blue-600"
              style={{ width: `${bar.percent > 0 ? Math.max(2, Math.min(100, bar.percent)) : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
