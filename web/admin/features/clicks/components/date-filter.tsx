/**
 * The analytics date filter (admin-area §2 "Clicks tab": All Time, Today, Yesterday, Last 7 Days,
 * Last 30 Days, This Month, Last Month, This Year, with a Clear Filter button). The preset lives
 * in the URL (`?period=last7`), so Refresh, the back button and a shared link keep it; its dates
 * are London calendar days (common/analytics-dates.ts), whatever the owner's own time zone.
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import clsx from 'clsx';
import { DATE_PRESETS, londonDate, presetRange, type DatePresetKey, type DateRange } from '../../../../../common/analytics-dates';
import { Button } from '../../../../components/ui/button';

const KEYS = new Set<string>(DATE_PRESETS.map((p) => p.key));
const dayText = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const show = (date: string) => dayText.format(new Date(`${date}T00:00:00Z`));

/** The preset in the URL (All Time when absent or unknown) and its date range as of today in London. */
export function useDateFilter(): { preset: DatePresetKey; range: DateRange; setPreset: (key: DatePresetKey) => void } {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period') ?? 'all';
  const preset = (KEYS.has(asked) ? asked : 'all') as DatePresetKey;
  const today = londonDate(new Date());
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the London date changes, not on every render
  const range = useMemo(() => presetRange(preset, new Date()), [preset, today]);
  const setPreset = (key: DatePresetKey) =>
    setParams(
      (was) => {
        const next = new URLSearchParams(was);
        if (key === 'all') next.delete('period');
        else next.set('period', key);
        return next;
      },
      { replace: false },
    );
  return { preset, range, setPreset };
}

/** "1 Mar 2026 – 31 Mar 2026", "21 Nov 2026" or "All time". */
export function rangeText(range: DateRange): string {
  if (!range.startDate || !range.endDate) return 'All time';
  return range.startDate === range.endDate ? show(range.startDate) : `${show(range.startDate)} – ${show(range.endDate)}`;
}

export function DateFilter({
  preset,
  range,
  onChange,
}: {
  preset: DatePresetKey;
  range: DateRange;
  onChange: (key: DatePresetKey) => void;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <div role="group" aria-label="Date filter" className="flex flex-wrap items-center gap-2">
        {DATE_PRESETS.map((p) => (
          <button
            key={p.key}
            type="button"
            aria-pressed={preset === p.key}
            onClick={() => onChange(p.key)}
            className={clsx(
              'h-9 rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              preset === p.key ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
            )}
          >
            {p.label}
          </button>
        ))}
        <Button variant="ghost" size="sm" onClick={() => onChange('all')} disabled={preset === 'all'}>
          Clear Filter
        </Button>
      </div>
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        Showing <strong>{rangeText(range)}</strong> <span className="text-slate-500">(UK time)</span>
      </p>
    </div>
  );
}
