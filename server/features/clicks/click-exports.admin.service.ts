/**
 * The owners' CSV exports (admin-area §2 "CSV export buttons", §7 "Opened in a new tab"; issue 13):
 *
 * - `top-products-csv`, `users-by-activity-csv`: every product / user of the range with its click
 *   count, ranked as the Clicks tab ranks them (from the click index: at most one row per product
 *   or address);
 * - `recent-clicks-csv`, `signed-up-users-clicks-csv`, `anonymous-users-clicks-csv` and one
 *   address's clicks: the click rows of the range, newest first, read from the database in keyset
 *   batches of 2,000 as the client reads the answer (backpressure), so the server's memory stays
 *   flat whatever the number of rows.
 *
 * Written with csv-stringify (RFC 4180 quoting). Every text cell that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return; OWASP "CSV Injection") is prefixed with
 * an apostrophe. Times are ISO 8601 (UTC) plus the Europe/London wall-clock time.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { ANALYTICS_TIME_ZONE, rangeFileLabel } from '../../../common/analytics-dates';
import type { Database } from '../../db/client';
import { productClickExportBatch, type ClickAudience, type ExportCursor } from './click-analytics.queries';
import { rankedTotals, toClickRow, type AnalyticsRange } from './click-analytics.admin.service';

const BATCH = 2_000;

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

const ukTime = new Intl.DateTimeFormat('en-GB', { timeZone: ANALYTICS_TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' });
/** `25/10/2026 01:30:00` in Europe/London. */
const londonTime = (iso: string) => ukTime.format(new Date(iso)).replace(', ', ' ');

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

/** Click rows of the range for `audience`, newest first, fetched a batch at a time as they are read. */
async function* clickRecords(database: Database, range: AnalyticsRange, audience: ClickAudience): AsyncGenerator<(string | number)[]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    const rows = await productClickExportBatch(database.db, range, audience, cursor, BATCH);
    for (const db of rows) {
      const r = toClickRow(db);
      yield [
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
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    cursor = { clickedAt: last.clickedAt, id: last.id };
  }
}

async function* totalsRecords(database: Database, range: AnalyticsRange, now: Date, which: 'products' | 'users') {
  const totals = await rankedTotals(database, range, now);
  if (which === 'products') {
    let rank = 0;
    for (const p of totals.products) yield [++rank, p.asin, p.title, p.category, p.clickCount].map(safeCell);
  } else {
    let rank = 0;
    for (const u of totals.users) yield [++rank, u.email, u.clickCount, u.lastClickedAt, londonTime(u.lastClickedAt)].map(safeCell);
  }
}

/** A CSV stream of `records` under `columns` (header row first). */
function csvStream(columns: string[], records: AsyncIterable<(string | number)[]>): Readable {
  return Readable.from(records).pipe(stringify({ header: true, columns, bom: true }));
}

/** The CSV of export `kind` for the range, and its file name. Errors while streaming end the answer early. */
export function clickExport(database: Database, kind: ClickExport, range: AnalyticsRange, now: Date): { fileName: string; body: Readable } {
  const fileName = exportFileName(CLICK_EXPORTS[kind], range);
  switch (kind) {
    case 'top-products-csv':
      return {
        fileName,
        body: csvStream(['Rank', 'ASIN', 'Product title', 'Category', 'Clicks'], totalsRecords(database, range, now, 'products')),
      };
    case 'users-by-activity-csv':
      return {
        fileName,
        body: csvStream(
          ['Rank', 'E-mail', 'Clicks', 'Last click (UTC)', 'Last click (UK time)'],
          totalsRecords(database, range, now, 'users'),
        ),
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
