/**
 * CSV downloads of the admin area (admin-area §2 "Export to CSV via the server", §7
 * `GET /api/admin/signups/export`): RFC 4180 text by csv-stringify, every cell through
 * common/csv.ts `csvSafeCell` (no spreadsheet formula injection), a UTF-8 byte-order mark so Excel
 * reads "£" and accents, and `Content-Disposition: attachment` with the file name given.
 */
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { csvSafeCell } from '../../common/csv';

/** One column: its header and how to read it from a row. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** The CSV text (with header line, CRLF line ends) of `rows`. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const records = rows.map((row) => columns.map((c) => csvSafeCell(c.value(row))));
  return stringify(records, { header: true, columns: columns.map((c) => c.header), record_delimiter: 'windows' });
}

/** Sends `rows` as a CSV attachment named `fileName` (ASCII letters, digits, '-', '_' and '.'). */
export function sendCsv<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(`\uFEFF${toCsv(columns, rows)}`);
}

/** `prefix-YYYY-MM-DD.csv` for a download made at `now` (UTC date). */
export const csvFileName = (prefix: string, now: Date) => `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
