/**
 * CSV files built in the browser (admin-area §2 "Export CSV (built in the browser)"): csv-stringify's
 * browser build, every cell through common/csv.ts `csvSafeCell` (no spreadsheet formula
 * injection), a UTF-8 byte-order mark for Excel, and a download through a temporary object URL.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { csvSafeCell } from '../../common/csv';

/** The CSV text of `rows` under `headers` (CRLF line ends). */
export function csvText(headers: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return stringify(
    rows.map((row) => row.map(csvSafeCell)),
    { header: true, columns: [...headers], record_delimiter: 'windows' },
  );
}

/** Saves `rows` as `fileName` (a .csv download). */
export function downloadCsv(fileName: string, headers: readonly string[], rows: ReadonlyArray<readonly unknown[]>): void {
  const blob = new Blob([`\uFEFF${csvText(headers, rows)}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `prefix-YYYY-MM-DD.csv` for today (local date). */
export const csvFileNameFor = (prefix: string, now = new Date()) =>
  `${prefix}-${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}.csv`;
