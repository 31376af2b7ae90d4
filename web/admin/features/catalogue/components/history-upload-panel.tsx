/**
 * "Import price history" (issue 30 "History from day one"): on the import tab, a CSV of past prices
 * (our long form `asin,observed_at,price` or Keepa's long export) through the same importer as
 * `npm run import:history`, with the two progress bars of the catalogue upload (cancellable) and
 * the report: observations added, rows already recorded, ASINs we do not hold (not created), and
 * the rejected rows with their line numbers and reasons. The products it touched are re-judged at
 * once, so their reference prices, deals, badges and charts change with it.
 */
import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { HistoryUploadResponse } from '../../../../../common/api/price-history.admin.schema';
import { INVALID_FILE_MESSAGE, isCsvFile } from '../../../../../common/csv-upload';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast.store';
import { messageForPeople } from '../../../../lib/http.client';
import { ADMIN_QUERY_ROOT } from '../../../lib/admin-query-keys';
import type { UploadState } from '../api';
import { uploadHistory } from '../track-history.api';
import { formatBytes, UploadProgress } from './upload-progress';

const int = new Intl.NumberFormat('en-GB');

/** The one-line verdict of a history import. */
export function historyVerdict({ report }: HistoryUploadResponse): { tone: 'ok' | 'bad'; text: string } {
  if (report.fatalError) return { tone: 'bad', text: report.fatalError };
  if (report.observationsAdded === 0)
    return {
      tone: report.alreadyRecorded > 0 ? 'ok' : 'bad',
      text:
        report.alreadyRecorded > 0
          ? `Nothing new: all ${int.format(report.alreadyRecorded)} usable rows were already in the price history.`
          : 'No row was added to the price history.',
    };
  return {
    tone: 'ok',
    text: `${int.format(report.observationsAdded)} price observation${report.observationsAdded === 1 ? '' : 's'} added from ${int.format(report.rowsAdded)} rows, for ${int.format(report.productsUpdated)} product${report.productsUpdated === 1 ? '' : 's'} (re-judged now).`,
  };
}

export function HistoryUploadPanel() {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  const [running, setRunning] = useState<{ file: File; state: UploadState; controller: AbortController } | null>(null);
  const [result, setResult] = useState<HistoryUploadResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    if (running) return;
    if (!file || !isCsvFile(file.name, file.type)) {
      setFileError(INVALID_FILE_MESSAGE);
      input.current?.focus();
      return;
    }
    const controller = new AbortController();
    setFailure(null);
    setResult(null);
    setRunning({ file, controller, state: { sent: 0, total: file.size, serverBytes: 0, rowsRead: 0, phase: 'uploading' } });
    try {
      const response = await uploadHistory(file, {
        signal: controller.signal,
        onState: (state) => setRunning((r) => (r ? { ...r, state } : r)),
      });
      setResult(response);
      const verdict = historyVerdict(response);
      toast({ title: 'Price history imported', description: verdict.text, variant: verdict.tone === 'ok' ? 'default' : 'destructive' });
      if (response.committed) {
        setFile(null);
        setPickerKey((k) => k + 1);
      }
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT });
    } catch (error) {
      const message =
        error instanceof DOMException && error.name === 'AbortError'
          ? 'Upload cancelled: nothing of it was saved.'
          : `Import Error: ${messageForPeople(error, 'Failed to import the price history')}`;
      setFailure(message);
    } finally {
      setRunning(null);
    }
  };

  const busy = running !== null;
  const report = result?.report;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <div>
        <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          Import price history
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Past prices of products already in the catalogue, so honest deals and charts need not wait weeks. The same importer as{' '}
          <code>npm run import:history</code>: only earlier prices than the ones we hold, nothing added twice, rows for products we do not
          hold listed and not created.
        </p>
      </div>
      <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-900">
            Price history CSV
          </label>
          <p id={`${id}-hint`} className="text-sm break-words text-slate-600">
            Columns <code>asin,observed_at,price</code> (a time with its zone, such as 2025-03-01T09:00:00Z; prices in pounds), or
            Keepa&apos;s long export of an amazon.co.uk product (
            <code className="break-all">asin,keepa_domain,csv_index,series,keepa_minute,timestamp_utc,raw_value,…</code>).
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
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => void start()}>
            <History className="h-4 w-4" aria-hidden="true" />
            Import Price History
          </Button>
          {running && running.state.phase !== 'finishing' ? (
            <Button variant="ghost" onClick={() => running.controller.abort()}>
              Cancel upload
            </Button>
          ) : null}
        </div>
      </div>
      {running ? <UploadProgress state={running.state} fileSize={running.file.size} /> : null}
      {failure ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      {result && report ? (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`${id}-report`} role="region">
          <h4 id={`${id}-report`} className="text-base font-semibold text-slate-900">
            Price history report
          </h4>
          <p role="status" className={historyVerdict(result).tone === 'ok' ? 'text-sm text-green-800' : 'text-sm font-medium text-red-800'}>
            {historyVerdict(result).text}
          </p>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
            {(
              [
                ['Rows read', report.totalRows],
                ['Observations added', report.observationsAdded],
                ['Already recorded', report.alreadyRecorded],
                ['Ignored', report.ignoredRows],
                ['Products re-judged', report.productsUpdated],
                ['ASINs not held', report.unknownAsins.length],
                ['Rejected', report.rejectedCount],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-semibold text-slate-900">{int.format(value)}</dd>
              </div>
            ))}
          </dl>
          {report.notes.length > 0 && (
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              {report.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          {report.unknownAsins.length > 0 && (
            <div>
              <p className="text-sm font-medium text-slate-900">Not in the catalogue (import these products first):</p>
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {report.unknownAsins.slice(0, 50).map((u) => (
                  <li key={u.asin}>
                    <span className="font-mono">{u.asin}</span>: {int.format(u.rows)} row{u.rows === 1 ? '' : 's'} from line {u.firstLine}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {report.rejected.length > 0 && (
            <div>
              <p className="text-sm font-medium text-slate-900">
                Rejected rows{report.rejectedCount > report.rejected.length ? ` (the first ${int.format(report.rejected.length)})` : ''}:
              </p>
              <ul className="mt-1 max-h-64 space-y-0.5 overflow-y-auto text-sm text-slate-700">
                {report.rejected.map((r) => (
                  <li key={`${r.line}-${r.reason}`}>
                    Line {r.line}
                    {r.asin ? ` (${r.asin})` : ''}: {r.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
