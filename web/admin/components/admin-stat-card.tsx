/**
 * The figure cards at the top of the admin tabs (admin-area §2 "Stat cards", "Cards"; issue 26
 * "shared table/chart parts"): a description list, so a screen reader reads each label with its
 * figure, and `label` names the whole grid where a tab has more than one ('Summary', 'Product click
 * figures'). Numbers are written en-GB here; words and ready-made figures ('12.5%', '£1 – £9') are
 * shown as given.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';

export interface StatGridProps {
  /** The grid's accessible name, when the tab has more than one. */
  label?: string;
  /** Cards a row from 1024 px (4 unless given). */
  columns?: 3 | 4;
  /** Long figures (a price range, a quota): one card a row on phones, two from 640 px. */
  wide?: boolean;
  children: ReactNode;
}

export function StatGrid({ label, columns = 4, wide = false, children }: StatGridProps) {
  return (
    <dl
      aria-label={label}
      className={clsx(
        'grid gap-3',
        wide ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-2',
        columns === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-4',
      )}
    >
      {children}
    </dl>
  );
}

export interface StatCardProps {
  label: string;
  /** The figure: a number (written en-GB), words, or a node (a short ranked list). */
  value: ReactNode;
  /** A line under the figure (e.g. "3 popup · 5 page"). */
  hint?: ReactNode;
  /** Extra content such as a button (the unsubscribes tab's Export card). */
  children?: ReactNode;
}

export function StatCard({ label, value, hint, children }: StatCardProps) {
  return (
    <div className="flex flex-col rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold [overflow-wrap:anywhere] text-slate-900 tabular-nums sm:text-2xl">
        {typeof value === 'number' ? value.toLocaleString('en-GB') : value}
      </dd>
      {hint ? <dd className="mt-1 text-sm text-slate-600">{hint}</dd> : null}
      {children ? <dd className="mt-2">{children}</dd> : null}
    </div>
  );
}
