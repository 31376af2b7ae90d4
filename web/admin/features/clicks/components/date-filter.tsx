/**
 * The analytics date filter (admin-area §2 "Clicks tab": All Time, Today, Yesterday, Last 7 Days,
 * Last 30 Days, This Month, Last Month, This Year, with a Clear Filter button; issue 29: and any
 * custom From–To range). The choice lives in the URL (`?period=last7`,
 * `?period=custom&from=2026-11-03&to=2026-11-09`), so Refresh, the back button and a shared link
 * keep it; its dates are London calendar days (common/analytics-dates.ts), whatever the owner's
 * own time zone.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import clsx from 'clsx';
import {
  DATE_PRESETS,
  customRangeProblem,
  londonDate,
  presetRange,
  type DatePresetKey,
  type DateRange,
} from '../../../../../common/analytics-dates';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';

const KEYS = new Set<string>(DATE_PRESETS.map((p) => p.key));
const dayText = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const show = (date: string) => dayText.format(new Date(`${date}T00:00:00Z`));

/** A preset, or 'custom' (From–To dates in the URL). */
export type DateChoice = DatePresetKey | 'custom';

/**
 * The choice in the URL (All Time when absent, unknown, or a custom range that is not valid) and
 * its date range as of today in London; `setPreset` and `setCustom` change the URL.
 */
export function useDateFilter(): {
  preset: DateChoice;
  range: DateRange;
  setPreset: (key: DatePresetKey) => void;
  setCustom: (from: string, to: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period') ?? 'all';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const custom = asked === 'custom' && customRangeProblem(from, to) === null;
  const preset: DateChoice = custom ? 'custom' : ((KEYS.has(asked) ? asked : 'all') as DatePresetKey);
  const today = londonDate(new Date());
  const range = useMemo(
    () => (preset === 'custom' ? { startDate: from, endDate: to } : presetRange(preset, new Date())),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the London date changes, not on every render
    [preset, from, to, today],
  );
  const setPreset = (key: DatePresetKey) =>
    setParams(
      (was) => {
        const next = new URLSearchParams(was);
        next.delete('from');
        next.delete('to');
        if (key === 'all') next.delete('period');
        else next.set('period', key);
        return next;
      },
      { replace: false },
    );
  const setCustom = (start: string, end: string) =>
    setParams(
      (was) => {
        const next = new URLSearchParams(was);
        next.set('period', 'custom');
        next.set('from', start);
        next.set('to', end);
        return next;
      },
      { replace: false },
    );
  return { preset, range, setPreset, setCustom };
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
  onCustom,
}: {
  preset: DateChoice;
  range: DateRange;
  onChange: (key: DatePresetKey) => void;
  /** Given: a From–To form for any range of London dates (issue 29). */
  onCustom?: (from: string, to: string) => void;
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
      {onCustom ? (
        <CustomRangeForm key={`${range.startDate}-${range.endDate}`} range={range} active={preset === 'custom'} onApply={onCustom} />
      ) : null}
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        Showing <strong>{rangeText(range)}</strong> <span className="text-slate-500">(UK time)</span>
      </p>
    </div>
  );
}

/** From and To date fields (London days, both inclusive) and Apply; what is wrong is said beside them. */
function CustomRangeForm({ range, active, onApply }: { range: DateRange; active: boolean; onApply: (from: string, to: string) => void }) {
  const id = useId();
  const [from, setFrom] = useState(range.startDate ?? '');
  const [to, setTo] = useState(range.endDate ?? londonDate(new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = customRangeProblem(from, to);
    setProblem(wrong);
    if (!wrong) onApply(from, to);
  };
  return (
    <form onSubmit={submit} aria-label="Custom date range" className="mt-3 flex flex-wrap items-end gap-2" noValidate>
      <div>
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          invalid={problem === 'Enter a From date.'}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="w-44"
        />
      </div>
      <div>
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          invalid={problem !== null && problem !== 'Enter a From date.'}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="w-44"
        />
      </div>
      <Button type="submit" variant={active ? 'primary' : 'secondary'} size="sm" className="h-10">
        Apply dates
      </Button>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
