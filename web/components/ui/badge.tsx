/** Small status labels: discount, "Lowest in 30 days", "Ad", "LIVE", counts. */
import type { HTMLAttributes } from 'react';
import clsx from 'clsx';

export type BadgeTone = 'red' | 'green' | 'purple' | 'blue' | 'slate' | 'amber' | 'outline';

const TONES: Record<BadgeTone, string> = {
  red: 'bg-red-700 text-white',
  green: 'bg-green-700 text-white',
  purple: 'bg-purple-700 text-white',
  blue: 'bg-blue-100 text-blue-900',
  slate: 'bg-slate-200 text-slate-800',
  amber: 'bg-amber-100 text-amber-900',
  outline: 'border border-slate-400 text-slate-700',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'slate', className, ...props }: BadgeProps) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded px-1.5 py-0.5 text-xs leading-4 font-semibold whitespace-nowrap',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
