/**
 * The two progress bars of an upload (issue 11 part 3: "a progress bar while the file uploads and
 * while it imports"): Upload follows the browser's sent bytes; Import follows the server's progress
 * lines (the file's bytes read and written), then says it is finishing (statistics, saving) with a
 * bar that moves without a value. Native <progress> elements with visible labels: screen readers
 * get the values, and the live region under them says each phase once.
 */
import type { UploadState } from '../api';

const int = new Intl.NumberFormat('en-GB');

/** "1.4 MB" / "820 KB" (decimal units, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0);

export function UploadProgress({ state, fileSize }: { state: UploadState; fileSize: number }) {
  const uploaded = percent(state.sent, state.total);
  const imported = percent(state.serverBytes, fileSize);
  const finishing = state.phase === 'finishing';
  const phaseText =
    state.phase === 'uploading'
      ? 'Uploading the file…'
      : finishing
        ? 'The whole file is read: refreshing prices and saving the import…'
        : 'Importing rows as they arrive…';
  return (
    <div className="space-y-3 rounded-lg border border-blue-200 bg-blue-50 p-4" data-testid="upload-progress">
      <div>
        <div className="flex justify-between gap-2 text-sm text-slate-800">
          <label htmlFor="upload-progress-bar" className="font-medium">
            Upload
          </label>
          <span>
            {formatBytes(Math.min(state.sent, state.total))} of {formatBytes(state.total)} ({uploaded}%)
          </span>
        </div>
        <progress id="upload-progress-bar" className="mt-1 h-2 w-full accent-blue-700" max={100} value={uploaded}>
          {uploaded}%
        </progress>
      </div>
      <div>
        <div className="flex justify-between gap-2 text-sm text-slate-800">
          <label htmlFor="import-progress-bar" className="font-medium">
            Import
          </label>
          <span>
            {int.format(state.rowsRead)} {state.rowsRead === 1 ? 'row' : 'rows'} read
            {finishing ? ', finishing' : ` (${imported}% of the file)`}
          </span>
        </div>
        {finishing ? (
          <progress id="import-progress-bar" className="mt-1 h-2 w-full accent-blue-700" aria-valuetext="Finishing">
            Finishing
          </progress>
        ) : (
          <progress id="import-progress-bar" className="mt-1 h-2 w-full accent-blue-700" max={100} value={imported}>
            {imported}%
          </progress>
        )}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {phaseText}
      </p>
    </div>
  );
}
