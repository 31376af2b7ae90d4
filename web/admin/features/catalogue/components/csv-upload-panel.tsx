/**
 * A CSV upload with its progress and report (issue 11 part 3; admin-area §2 "Import tab", §4 "the
 * selected file is cleared after a successful upload or replace", §5, §8): a keyboard-accessible
 * file picker (the native input, labelled), the strict option, one button per action (Replace All
 * asks first), the two progress bars while it runs (cancellable), then the full report.
 *
 * Refusals follow the spec: no file or not a CSV → 'Invalid file' / 'Please select a CSV file';
 * a failed call → the action's error title (e.g. 'Upload Error') with the server's message.
 *
 * Replace All (issue 29): the first upload is a dry run (no `confirmDeleteCount`); when the file
 * would delete products the server refuses with 409 and the exact figures, and the panel asks with
 * {@link CountConfirmDialog} (the number, what goes with it, the catalogue download, the typed
 * number above 100), then sends the file again with that number. Nothing is deleted unconfirmed.
 *
 * With `observedAt` (the import tab; issue 27 "True times") the panel also asks when the prices
 * were seen (observed-at-field.tsx) and sends it with the file; a time in the future is refused
 * before uploading.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import type { CatalogueUploadResponse, ReplaceRefused } from '../../../../../common/api/catalogue-import.admin.schema';
import { INVALID_FILE_MESSAGE, INVALID_FILE_TITLE, isCsvFile } from '../../../../../common/csv-upload';
import { ConfirmDialog } from '../../../../components/ui/alert-dialog';
import { Button, type ButtonVariant } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast.store';
import { ADMIN_QUERY_ROOT } from '../../../lib/admin-query-keys';
import { messageForPeople } from '../../../../lib/http.client';
import { replaceRefusedOf, uploadCsv, type UploadKind, type UploadState } from '../api';
import { CountConfirmDialog } from './count-confirm-dialog';
import { ImportReport, reportVerdict } from './import-report';
import { formatBytes, UploadProgress } from './upload-progress';
import { checkObservedAtInput, ObservedAtField } from './observed-at-field';

export interface UploadAction {
  kind: UploadKind;
  label: string;
  variant: ButtonVariant;
  /** Spec §8 titles and fallbacks, e.g. 'Upload Error' / 'Failed to upload CSV'. */
  errorTitle: string;
  errorFallback: string;
  successTitle: string;
  /** Asked before the upload starts (admin-area §5: replacing all with CSV). */
  confirm?: { title: string; description: (fileName: string) => ReactNode; confirmLabel: string };
}

interface Running {
  action: UploadAction;
  file: File;
  state: UploadState;
  controller: AbortController;
}

export function CsvUploadPanel({
  actions,
  hint,
  observedAt: asksObservedAt = false,
}: {
  actions: readonly UploadAction[];
  hint: ReactNode;
  /** Ask when the file's prices were seen (the catalogue import; the server reads `observedAt`). */
  observedAt?: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [strict, setStrict] = useState(false);
  const [observedAt, setObservedAt] = useState('');
  const [observedAtError, setObservedAtError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [running, setRunning] = useState<Running | null>(null);
  const [result, setResult] = useState<{ response: CatalogueUploadResponse; fileName: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** A Replace All the server refused until its deletions are confirmed. */
  const [refused, setRefused] = useState<{ action: UploadAction; impact: ReplaceRefused } | null>(null);

  /** The chosen file when it is a CSV; otherwise says why (spec §5) and returns null. */
  const checkedFile = (): File | null => {
    if (file && isCsvFile(file.name, file.type)) return file;
    setFileError(INVALID_FILE_MESSAGE);
    toast({ title: INVALID_FILE_TITLE, description: INVALID_FILE_MESSAGE, variant: 'destructive' });
    input.current?.focus();
    return null;
  };

  const start = async (action: UploadAction, confirmDeleteCount?: number) => {
    const chosen = checkedFile();
    if (!chosen || running) return;
    const seen = asksObservedAt ? checkObservedAtInput(observedAt, new Date()) : {};
    if (seen.error) {
      setObservedAtError(seen.error);
      document.getElementById(`${id}-observed-at`)?.focus();
      return;
    }
    const controller = new AbortController();
    setFailure(null);
    setResult(null);
    const initial: UploadState = { sent: 0, total: chosen.size, serverBytes: 0, rowsRead: 0, phase: 'uploading' };
    setRunning({ action, file: chosen, state: initial, controller });
    try {
      const response = await uploadCsv(action.kind, chosen, {
        strict,
        ...(seen.iso ? { observedAt: seen.iso } : {}),
        ...(confirmDeleteCount === undefined ? {} : { confirmDeleteCount }),
        signal: controller.signal,
        onState: (state) => setRunning((r) => (r ? { ...r, state } : r)),
      });
      setResult({ response, fileName: chosen.name });
      const verdict = reportVerdict(response);
      // Spec §8: a file that cannot be read as CSV is 'Failed to parse CSV file'.
      const title = response.report.fatalError ? 'Failed to parse CSV file' : response.committed ? action.successTitle : 'Nothing imported';
      toast({ title, description: verdict.text, variant: verdict.tone === 'ok' ? 'default' : 'destructive' });
      if (response.committed) {
        setFile(null);
        setPickerKey((k) => k + 1); // spec §4: the selected file is cleared after a successful upload
        setObservedAt(''); // the time belonged to that file
      }
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT });
    } catch (error) {
      const impact = action.kind === 'replace' ? replaceRefusedOf(error) : null;
      if (impact) {
        setRefused({ action, impact });
      } else if (error instanceof DOMException && error.name === 'AbortError') {
        setFailure('Upload cancelled: the import stopped and nothing of it was saved.');
      } else {
        const message = messageForPeople(error, action.errorFallback);
        setFailure(`${action.errorTitle}: ${message}`);
        toast({ title: action.errorTitle, description: message, variant: 'destructive' });
      }
    } finally {
      setRunning(null);
    }
  };

  const busy = running !== null;
  return (
    <div className="space-y-4">
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-900">
            CSV file
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
          <input
            key={pickerKey}
            ref={input}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ''}`}
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
            }}
            className="mt-2 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          />
          {file ? <p className="mt-1 text-sm text-slate-700">{`${file.name} · ${formatBytes(file.size)}`}</p> : null}
          {fileError ? (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
              {fileError}
            </p>
          ) : null}
        </div>
        {asksObservedAt ? (
          <ObservedAtField
            id={`${id}-observed-at`}
            value={observedAt}
            disabled={busy}
            error={observedAtError}
            onChange={(value) => {
              setObservedAt(value);
              setObservedAtError(null);
            }}
          />
        ) : null}
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-blue-700"
            checked={strict}
            disabled={busy}
            onChange={(e) => setStrict(e.target.checked)}
          />
          <span>Strict: import nothing if any row is rejected</span>
        </label>
        <div className="flex flex-wrap gap-2">
          {actions.map((action) =>
            action.confirm && file ? (
              <ConfirmDialog
                key={action.kind}
                trigger={
                  <Button variant={action.variant} disabled={busy}>
                    {action.label}
                  </Button>
                }
                title={action.confirm.title}
                description={action.confirm.description(file.name)}
                confirmLabel={action.confirm.confirmLabel}
                onConfirm={() => void start(action)}
              />
            ) : (
              <Button key={action.kind} variant={action.variant} disabled={busy} onClick={() => void start(action)}>
                {action.kind === 'add' || action.kind === 'under15' ? <Upload className="h-4 w-4" aria-hidden="true" /> : null}
                {action.label}
              </Button>
            ),
          )}
          {running && running.state.phase !== 'finishing' ? (
            <Button variant="ghost" onClick={() => running.controller.abort()}>
              Cancel upload
            </Button>
          ) : null}
        </div>
      </div>
      {refused ? (
        <CountConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setRefused(null);
          }}
          title="Replace all products?"
          count={refused.impact.deleteCount}
          description={<ReplaceImpactText impact={refused.impact} />}
          confirmLabel={`Delete ${refused.impact.deleteCount.toLocaleString('en-GB')} and replace`}
          onConfirm={() => {
            const { action, impact } = refused;
            setRefused(null);
            void start(action, impact.deleteCount);
          }}
        />
      ) : null}
      {running ? <UploadProgress state={running.state} fileSize={running.file.size} /> : null}
      {failure ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      {result ? <ImportReport result={result.response} fileName={result.fileName} /> : null}
    </div>
  );
}

/** What goes with the products a Replace All deletes, in the server's exact figures. */
function ReplaceImpactText({ impact }: { impact: ReplaceRefused }) {
  const n = (count: number, one: string, many: string) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
  return (
    <>
      <p>They are the products this file does not hold. With them go:</p>
      <ul className="list-disc pl-5">
        <li>{n(impact.priceObservationCount, 'price observation', 'price observations')} (their price history)</li>
        <li>{n(impact.categoryPageEntryCount, 'place', 'places')} on category pages</li>
        <li>{n(impact.budgetDealEntryCount, 'place', 'places')} on the Under £15 list</li>
      </ul>
      <p>
        {impact.alertCount === 1
          ? '1 shopper alert keeps its ASIN but stops being checked until the product is imported again.'
          : `${impact.alertCount.toLocaleString('en-GB')} shopper alerts keep their ASINs but stop being checked until the products are imported again.`}
      </p>
    </>
  );
}
