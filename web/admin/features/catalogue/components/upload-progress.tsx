/**
 * The two progress bars of an upload (issue 11 part 3: "a progress bar while the file uploads and
 * while it imports"): Upload follows the browser's sent bytes (XHR upload events). Import follows
 * the server's progress lines (the file's bytes read and saved). The server reads the file as it
 * arrives, but browsers read the answer only once the upload is sent, so until the first line the
 * Import bar moves without a value ("saving rows as the file arrives"); at the end it says it is
 * finishing (statistics, commit). ARIA progressbars with visible labels; a live region says each phase.
 */
import clsx from 'clsx';
import type { UploadState } from '../api';

const int = new Intl.NumberFormat('en-GB');

/** "1.4 MB" / "820 KB" (decimal units, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0);

/** One bar: determinate with `value` (0–100), else moving without a value. */
function Bar({ id, label, detail, value }: { id: string; label: string; detail: string; value: number | null }) {
  return (
    <div>
      <div className="flex justify-between gap-2 text-sm text-slate-800">
        <span id={`${id}-label`} className="font-medium">
          {label}
        </span>
        <span>{detail}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        aria-valuetext={value === null ? detail : `${value}%`}
        className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={clsx('h-full rounded-full bg-blue-700 transition-[width] duration-300', value === null && 'w-1/3 animate-pulse')}
          style={value === null ? undefined : { width: `${value}%` }}
        />
      </div>
    </div>
  );
}

export function UploadProgress({ state, fileSize }: { state: UploadState; fileSize: number }) {
  const uploaded = percent(state.sent, state.total);
  const heard = state.phase !== 'uploading';
  const finishing = state.phase === 'finishing';
  const rows = `${int.format(state.rowsRead)} ${state.rowsRead === 1 ? 'row' : 'rows'} read`;
  const importDetail = !heard
    ? 'saving rows as the file arrives'
    : finishing
      ? `${rows}, finishing`
      : `${rows} (${percent(state.serverBytes, fileSize)}% of the file)`;
  const phaseText = !heard
    ? 'Uploading the file; the server saves its rows as they arrive…'
    : finishing
      ? 'The whole file is read: refreshing prices and saving the import…'
      : 'Importing rows…';
  return (
    <div className="space-y-3 rounded-lg border border-blue-200 bg-blue-50 p-4" data-testid="upload-progress">
      <Bar
        id="upload-progress"
        label="Upload"
        detail={`${formatBytes(Math.min(state.sent, state.total))} of ${formatBytes(state.total)} (${uploaded}%)`}
        value={uploaded}
      />
      <Bar
        id="import-progress"
        label="Import"
        detail={importDetail}
        value={heard && !finishing ? percent(state.serverBytes, fileSize) : null}
      />
      <p role="status" className="text-sm text-slate-700">
        {phaseText}
      </p>
    </div>
  );
}
