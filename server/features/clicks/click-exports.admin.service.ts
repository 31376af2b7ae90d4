/**
 * The owners' CSV exports (admin-area §2 "CSV export buttons", §7 "Opened in a new tab"; issue 13):
 *
 * - `top-products-csv`, `users-by-activity-csv`: every product / user of the range with its click
 *   count, ranked as the Clicks tab ranks them (from the roll-ups: at most one row per product or
 *   address);
 * - `recent-clicks-csv`, `signed-up-users-clicks-csv`, `anonymous-users-clicks-csv` and one
 *   address's clicks: the click rows of the range, newest first, read from the database in keyset
 *   batches of 250 (each one JSON text, click-analytics.queries.ts) as the client reads the answer (backpressure: at most {@link READ_AHEAD} CSV
 *   chunks wait ahead of the compressor and the socket), so the server's memory stays flat whatever
 *   the number of rows.
 *
 * Written with csv-stringify (RFC 4180 quoting). Every text cell that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return; OWASP "CSV Injection") is prefixed with
 * an apostrophe. Times are ISO 8601 (UTC) plus the Europe/London wall-clock time.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { rangeFileLabel } from '../../../common/analytics-dates';
import { londonWallClock } from './click-analytics.rules';
import type { Database } from '../../db/client';
import { productClickExportBatch, type ClickAudience, type ExportCursor, type ProductClickExportRow } from './click-analytics.queries';
import { rankedTotals, toClickRow, type AnalyticsRange } from './click-analytics.admin.service';

/**
 * Rows per database batch and CSV chunk, and CSV chunks read ahead of the client (object mode:
 * chunks, not bytes; the stream default is 16). Both small on purpose (issue 13: "an export of all
 * of them streams with the server under 300 MB RSS"): what is in flight when V8 collects its young
 * generation (rows, cells, CSV strings) is promoted to the old generation, which then grows several
 * times its live size before a full collection. Measured on the 1,000,000-row export (PostgreSQL,
 * bench/analytics.bench.ts): 2,000 rows with 16 chunks ahead raised the server's RSS by 180 MB,
 * 500 with 16 by 65–140 MB, 500 with 2 by 20–60 MB, 250 with 1 by about 10 MB (each right after the
 * index fill), at about the same speed.
 */
const BATCH = 250;
const READ_AHEAD = 1;

/** The exports of spec §7 (path segment → file name stem). */
export const CLICK_EXPORTS = {
  'top-products-csv': 'top-products-by-clicks',
  'users-by-activity-csv': 'users-by-click-activity',
  'recent-clicks-csv': 'recent-product-clicks',
  'signed-up-users-clicks-csv': 'signed-up-users-clicks',
  'anonymous-users-clicks-csv': 'anonymous-users-clicks',
} as const;
export type ClickExport = keyof typeof CLICK_EXPORTS;

/** A cell a spreadsheet would not run as a formula (OWASP CSV Injection). */
export function safeCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** `25/10/2026 01:30:00` in Europe/London. */
const londonTime = (iso: string) => londonWallClock(Date.parse(iso));

const CLICK_COLUMNS = [
  'Clicked at (UTC)',
  'Clicked at (UK time)',
  'E-mail',
  'ASIN',
  'Product title',
  'Category',
  'Click type',
  'Price (£)',
  'Original price (£)',
  'Referrer',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'Affiliate URL',
];

/** The export's file name: `{stem}_{range}.csv` (ASCII only). */
export function exportFileName(stem: string, range: AnalyticsRange): string {
  return `${stem}_${rangeFileLabel({ startDate: range.startDate ?? undefined, endDate: range.endDate ?? undefined })}.csv`;
}

type Cell = string | number;

/** Click rows of the range for `audience`, newest first, one batch at a time as they are read. */
async function* clickRecords(database: Database, range: AnalyticsRange, audience: ClickAudience): AsyncGenerator<Cell[][]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    // One JSON text a batch (click-analytics.queries.ts), parsed here.
    const rows = JSON.parse(await productClickExportBatch(database.db, range, audience, cursor, BATCH)) as ProductClickExportRow[];
    yield rows.map((row) => {
      const r = toClickRow({ ...row, clickedAt: new Date(row.clickedAt) });
      return [
        r.clickedAt,
        londonTime(r.clickedAt),
        r.userEmail ?? 'Anonymous',
        r.productAsin,
        r.productTitle,
        r.category,
        r.clickType,
        r.price,
        r.originalPrice,
        r.referrer,
        r.utmSource,
        r.utmMedium,
        r.utmCampaign,
        r.affiliateUrl,
      ].map(safeCell);
    });
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    cursor = { clickedAt: last.clickedAt, id: last.id };
  }
}

/** Every product or user of the range with its clicks, in batches (at most one row per product or address). */
async function* totalsRecords(database: Database, range: AnalyticsRange, which: 'products' | 'users'): AsyncGenerator<Cell[][]> {
  const totals = await rankedTotals(database, range, which);
  const rows =
    which === 'products'
      ? totals.products.map((p, i) => [i + 1, p.asin, p.title, p.category, p.clickCount].map(safeCell))
      : totals.users.map((u, i) => [i + 1, u.email, u.clickCount, u.lastClickedAt, londonTime(u.lastClickedAt)].map(safeCell));
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

/**
 * A CSV stream of `batches` under `columns` (byte-order mark and header row first): each batch is
 * written as one chunk, so the stream (and the compression after it) handles a few thousand chunks
 * for a million rows, not a million. The next batch is read only when the stream wants more.
 */
function csvStream(columns: string[], batches: AsyncIterable<Cell[][]>): Readable {
  async function* chunks() {
    yield stringify([], { header: true, columns, bom: true });
    for await (const rows of batches) if (rows.length > 0) yield stringify(rows);
  }
  return Readable.from(chunks(), { highWaterMark: READ_AHEAD });
}

/** The CSV of export `kind` for the range, and its file name. Errors while streaming end the answer early. */
export function clickExport(database: Database, kind: ClickExport, range: AnalyticsRange): { fileName: string; body: Readable } {
  const fileName = exportFileName(CLICK_EXPORTS[kind], range);
  switch (kind) {
    case 'top-products-csv':
      return {
        fileName,
        body: csvStream(['Rank', 'ASIN', 'Product title', 'Category', 'Clicks'], totalsRecords(database, range, 'products')),
      };
    case 'users-by-activity-csv':
      return {
        fileName,
        body: csvStream(['Rank', 'E-mail', 'Clicks', 'Last click (UTC)', 'Last click (UK time)'], totalsRecords(database, range, 'users')),
      };
    case 'recent-clicks-csv':
      return { fileName, body: csvStream(CLICK_COLUMNS, clickRecords(database, range, 'all')) };
    case 'signed-up-users-clicks-csv':
      return { fileName, body: csvStream(CLICK_COLUMNS, clickRecords(database, range, 'signed-up')) };
    case 'anonymous-users-clicks-csv':
      return { fileName, body: csvStream(CLICK_COLUMNS, clickRecords(database, range, 'anonymous')) };
  }
}

/** One address's clicks of the range as CSV (the per-user export of the Users by Click Activity list). */
export function userClicksExport(database: Database, email: string, range: AnalyticsRange): { fileName: string; body: Readable } {
  return { fileName: exportFileName('user-clicks', range), body: csvStream(CLICK_COLUMNS, clickRecords(database, range, { email })) };
}
