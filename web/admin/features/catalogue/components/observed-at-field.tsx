/**
 * "Prices observed at" of the import tab (issue 27 "True times"): a labelled date-time input (the
 * browser's own picker, in the owner's local time) for when the file's prices were seen, empty for
 * now. The chosen time is sent as ISO 8601 in UTC (`observedAt`), and shown back in UTC so nobody
 * wonders about summer time. A file's own `observedAt` column still wins for its rows (server side).
 *
 * {@link checkObservedAtInput} is the check before uploading (the server checks again): a complete
 * date and time, not more than 5 minutes in the future, not before 1990 (common/observed-at.ts).
 */
import { checkObservedAt } from '../../../../../common/observed-at';
import { Input, Label } from '../../../../components/ui/input';

/** The help text under the label. */
export const OBSERVED_AT_HELP = 'When were these prices seen? Leave empty for now.';

/**
 * The input's value (`YYYY-MM-DDTHH:mm[:ss]`, local time) as what to send: `{ iso: undefined }` when
 * empty (now), `{ iso }` in UTC, or `{ error }` saying what is wrong, for the owner to read.
 */
export function checkObservedAtInput(value: string, now: Date): { iso?: string; error?: string } {
  if (value.trim() === '') return {};
  const local = new Date(value); // a date-time without a zone is local time (ECMAScript Date.parse)
  if (Number.isNaN(local.getTime())) return { error: 'Enter a full date and time, or leave it empty for now.' };
  const checked = checkObservedAt(local.toISOString(), now);
  if (!checked.ok) return { error: `The time ${checked.rule}.` };
  return { iso: checked.value.toISOString() };
}

/** `date` as a datetime-local value in the browser's time zone, to the minute. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function ObservedAtField({
  id,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
}) {
  const { iso } = checkObservedAtInput(value, new Date());
  const described = [`${id}-hint`, iso ? `${id}-utc` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <Label htmlFor={id} className="text-slate-900">
        Prices observed at
      </Label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {OBSERVED_AT_HELP}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Input
          id={id}
          type="datetime-local"
          className="max-w-xs"
          value={value}
          max={localInputValue(new Date())}
          disabled={disabled}
          invalid={error !== null}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
        {value !== '' ? (
          <button
            type="button"
            className="text-sm font-medium text-blue-700 underline disabled:text-slate-400"
            disabled={disabled}
            onClick={() => onChange('')}
          >
            Clear (use now)
          </button>
        ) : null}
      </div>
      {iso ? (
        <p id={`${id}-utc`} className="mt-1 text-sm text-slate-700">
          Recorded as {iso.slice(0, 16).replace('T', ' ')} UTC.
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
