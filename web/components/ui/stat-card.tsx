/**
 * Figure cards (admin-area §2 "Stat cards", "Cards"): a description list, so a screen reader reads
 * each label with its figure. Numbers are formatted en-GB by the caller or here.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';

export function StatGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={clsx('grid grid-cols-2 gap-3 lg:grid-cols-4', className)}>{children}</dl>;
}

export interface StatCardProps {
  label: string;
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
      <dd className="mt-1 text-2xl font-bold break-words text-slate-900 tabular-nums">
        {typeof value === 'number' ? value.toLocaleString('en-GB') : value}
      </dd>
      {hint ? <dd className="mt-1 text-sm text-slate-600">{hint}</dd> : null}
      {children ? <dd className="mt-2">{children}</dd> : null}
    </div>
  );
}
