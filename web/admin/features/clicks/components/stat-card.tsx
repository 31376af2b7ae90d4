/** A figure card of the analytics tabs: a label, the number, and an optional line under it. */
import type { ReactNode } from 'react';

export const count = (n: number) => n.toLocaleString('en-GB');
/** "1 click", "1,234 clicks". */
export const clicksText = (n: number) => `${count(n)} ${n === 1 ? 'click' : 'clicks'}`;

export function StatCard({ label, value, sub }: { label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold [overflow-wrap:anywhere] text-slate-900 tabular-nums sm:text-2xl">{value}</dd>
      {sub ? <dd className="mt-1 text-xs text-slate-600">{sub}</dd> : null}
    </div>
  );
}

/** A grid of {@link StatCard}s (a description list, so each figure is read with its label). */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {children}
    </dl>
  );
}
