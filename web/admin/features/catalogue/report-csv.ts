/**
 * The import report as a CSV file to download (issue 11 part 3: "downloadable as CSV"; "exported
 * CSVs neutralise leading = + - @"). One row per rejected row and per warning: kind, line, ASIN,
 * message. Written by csv-stringify (quoting), whose string cast runs neutraliseCsvCell on every cell, so a
 * reason quoting a hostile cell cannot run as a formula in a spreadsheet (OWASP "CSV Injection").
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { ImportReportBody } from '../../../../common/api/catalogue-import.admin.schema';
import { neutraliseCsvCell } from '../../../../common/csv-upload';

/** The report's rows as CSV text (CRLF line ends, a header row). */
export function reportToCsv(report: ImportReportBody): string {
  const rows: string[][] = [
    ...report.rejected.map((r) => ['rejected', String(r.line), r.asin ?? '', r.reason]),
    ...report.warnings.map((w) => ['warning', String(w.line), '', w.message]),
  ];
  return stringify(rows, {
    header: true,
    columns: ['kind', 'line', 'asin', 'message'],
    record_delimiter: 'windows',
    cast: { string: neutraliseCsvCell },
  });
}

/** Offers `text` as a file download named `fileName` (a Blob URL, revoked after the click). */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
