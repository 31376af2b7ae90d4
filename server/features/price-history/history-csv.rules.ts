/**
 * The layouts of a price-history file and how one row reads (issue 30 "History from day one"; pure).
 * Headers are matched by name, case, spaces and punctuation ignored; extra columns are ignored.
 *
 * - **Long form** (ours): `asin,observed_at,price` (also `observedAt`, `Observed At`, `date`,
 *   `timestamp`; `price` may carry £ and commas). Each row is one sighting of a price.
 * - **Keepa's long export** (one row per point of each Keepa series, as in
 *   ../shared/data/price-history/keepa-*-long.csv): `asin, keepa_domain, csv_index, series,
 *   keepa_minute, timestamp_utc, raw_value, value…`. Keepa records a series when it changes, so a
 *   point's price held until that series' next point (docs/decisions/0030-track-any-product.md).
 *   `raw_value` is in the marketplace's minor unit (pence on amazon.co.uk), −1 = no offer then;
 *   without it the value column (pounds, blank = no offer) is read. Time: `timestamp_utc`, else
 *   `keepa_minute` (Keepa minutes: (m + 21,564,000) × 60,000 = epoch ms). `keepa_domain` 2 is
 *   amazon.co.uk; other marketplaces' prices (1 = amazon.com, in dollars) are refused unless the
 *   caller allows them (tests that replay a real price path).
 */
import { checkObservedAt } from '../../../common/observed-at';
import { parsePriceToPence } from '../../../common/money';

export type HistoryLayoutName = 'long-form' | 'keepa';

export interface HistoryLayout {
  name: HistoryLayoutName;
  /** Column index of each field read (absent: not in the file). */
  columns: Partial<Record<HistoryField, number>>;
}

type HistoryField = 'asin' | 'observedAt' | 'price' | 'domain' | 'csvIndex' | 'series' | 'keepaMinute' | 'timestamp' | 'rawValue' | 'value';

/** Keepa's marketplace ids (its `domain` parameter). */
export const KEEPA_UK_DOMAIN = 2;
const KEEPA_DOMAINS: Record<number, string> = {
  1: 'amazon.com',
  2: 'amazon.co.uk',
  3: 'amazon.de',
  4: 'amazon.fr',
  5: 'amazon.co.jp',
  6: 'amazon.ca',
  8: 'amazon.it',
  9: 'amazon.es',
  10: 'amazon.in',
  11: 'amazon.com.mx',
};

/** Keepa's price series we read, best first: the Buy Box price (with shipping), Amazon's own offer, the lowest new offer. */
export const KEEPA_PRICE_SERIES = ['BUY_BOX_SHIPPING', 'AMAZON', 'NEW'] as const;
export type KeepaPriceSeries = (typeof KEEPA_PRICE_SERIES)[number];
/** Keepa csv_index of each series read (Keepa's product.csv array). */
const KEEPA_INDEX_SERIES: Record<number, KeepaPriceSeries> = { 18: 'BUY_BOX_SHIPPING', 0: 'AMAZON', 1: 'NEW' };
/** Keepa time zero: minutes since the Unix epoch of Keepa minute 0. */
const KEEPA_MINUTE_OFFSET = 21_564_000;

const norm = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const ALIASES: Record<string, HistoryField> = {
  asin: 'asin',
  observedat: 'observedAt',
  date: 'observedAt',
  datetime: 'observedAt',
  time: 'observedAt',
  price: 'price',
  pricegbp: 'price',
  keepadomain: 'domain',
  domain: 'domain',
  csvindex: 'csvIndex',
  series: 'series',
  keepaminute: 'keepaMinute',
  timestamputc: 'timestamp',
  timestamp: 'timestamp',
  rawvalue: 'rawValue',
};

/** The layout of a header row, or why the file is not a price history (a sentence naming the columns). */
export function detectHistoryLayout(header: readonly string[]): HistoryLayout | { error: string } {
  const columns: HistoryLayout['columns'] = {};
  header.forEach((name, i) => {
    const key = norm(name);
    const field = ALIASES[key] ?? (key.startsWith('value') ? 'value' : undefined);
    if (field && columns[field] === undefined) columns[field] = i;
  });
  const keepa = columns.series !== undefined || columns.csvIndex !== undefined || columns.keepaMinute !== undefined;
  if (columns.asin === undefined) return { error: 'no asin column: a price history needs asin,observed_at,price (or a Keepa export)' };
  if (keepa) {
    if (columns.timestamp === undefined && columns.keepaMinute === undefined)
      return { error: 'Keepa export without a timestamp_utc or keepa_minute column' };
    if (columns.rawValue === undefined && columns.value === undefined) return { error: 'Keepa export without a raw_value or value column' };
    if (columns.timestamp === undefined && columns.observedAt !== undefined) columns.timestamp = columns.observedAt;
    return { name: 'keepa', columns };
  }
  const missing = (['observedAt', 'price'] as const).filter((f) => columns[f] === undefined);
  if (missing.length > 0)
    return {
      error: `missing column${missing.length > 1 ? 's' : ''} ${missing.map((f) => (f === 'observedAt' ? 'observed_at' : f)).join(' and ')}: a price history needs asin,observed_at,price`,
    };
  return { name: 'long-form', columns };
}

/** One data row read. */
export type HistoryRow =
  /** A price seen at `observedAt` (pence), or `pricePence` null: no offer from then (Keepa). `series` for Keepa rows. */
  | { kind: 'point'; asin: string; observedAt: Date; pricePence: number | null; series: KeepaPriceSeries | null }
  /** A row of a Keepa series we do not read (used, list price, offer counts…): not an error. */
  | { kind: 'ignored'; asin: string; series: string }
  /** A Keepa row of another marketplace (refused unless allowed). */
  | { kind: 'other-marketplace'; asin: string; marketplace: string }
  | { kind: 'rejected'; asin?: string; reason: string };

const ASIN = /^[A-Z0-9]{10}$/;

/**
 * Reads one data row of `layout` for an import whose clock says `now` (no time after it plus 5
 * minutes, none before 1990). `allowOtherMarketplace` accepts Keepa rows of other marketplaces.
 */
export function readHistoryRow(fields: readonly string[], layout: HistoryLayout, now: Date, allowOtherMarketplace = false): HistoryRow {
  const cell = (f: HistoryField) => {
    const i = layout.columns[f];
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  const asin = cell('asin').toUpperCase();
  if (!ASIN.test(asin)) return { kind: 'rejected', ...(asin ? { asin } : {}), reason: 'asin: must be a 10-character ASIN' };

  if (layout.name === 'long-form') {
    const time = checkObservedAt(cell('observedAt'), now);
    if (!time.ok) return { kind: 'rejected', asin, reason: `observed_at: ${time.rule}` };
    const price = parsePriceToPence(cell('price'));
    if (!price.ok) return { kind: 'rejected', asin, reason: `price: ${priceRule(price.reason)}` };
    return { kind: 'point', asin, observedAt: time.value, pricePence: price.pence, series: null };
  }

  const domainText = cell('domain');
  if (domainText !== '') {
    const domain = Number(domainText);
    if (domain !== KEEPA_UK_DOMAIN && !allowOtherMarketplace)
      return { kind: 'other-marketplace', asin, marketplace: KEEPA_DOMAINS[domain] ?? `Keepa domain ${domainText}` };
  }
  const seriesName = cell('series').toUpperCase();
  const indexText = cell('csvIndex');
  const series: KeepaPriceSeries | undefined = (KEEPA_PRICE_SERIES as readonly string[]).includes(seriesName)
    ? (seriesName as KeepaPriceSeries)
    : seriesName === '' && /^\d+$/.test(indexText)
      ? KEEPA_INDEX_SERIES[Number(indexText)]
      : undefined;
  if (!series) return { kind: 'ignored', asin, series: seriesName || `csv_index ${indexText}` };

  let observedAt: Date | null = null;
  const stamp = cell('timestamp');
  if (stamp !== '') {
    const time = checkObservedAt(stamp, now);
    if (!time.ok) return { kind: 'rejected', asin, reason: `timestamp_utc: ${time.rule}` };
    observedAt = time.value;
  } else {
    const minute = Number(cell('keepaMinute'));
    if (!Number.isInteger(minute) || minute <= 0)
      return { kind: 'rejected', asin, reason: 'keepa_minute: must be a whole number of Keepa minutes' };
    observedAt = new Date((minute + KEEPA_MINUTE_OFFSET) * 60_000);
    const time = checkObservedAt(observedAt.toISOString(), now);
    if (!time.ok) return { kind: 'rejected', asin, reason: `keepa_minute: ${time.rule}` };
  }

  const raw = cell('rawValue');
  if (raw !== '') {
    if (!/^-?\d+$/.test(raw)) return { kind: 'rejected', asin, reason: 'raw_value: must be a whole number (minor units; -1 = no offer)' };
    const n = Number(raw);
    if (n < 0) return { kind: 'point', asin, observedAt, pricePence: null, series };
    if (n === 0 || n > 100_000_000) return { kind: 'rejected', asin, reason: 'raw_value: must be above 0 and at most 100000000' };
    return { kind: 'point', asin, observedAt, pricePence: n, series };
  }
  const value = cell('value');
  if (value === '') return { kind: 'point', asin, observedAt, pricePence: null, series };
  const price = parsePriceToPence(value);
  if (!price.ok) return { kind: 'rejected', asin, reason: `value: ${priceRule(price.reason)}` };
  return { kind: 'point', asin, observedAt, pricePence: price.pence, series };
}

function priceRule(reason: string): string {
  switch (reason) {
    case 'empty':
      return 'is required';
    case 'range':
      return 'must be one price, not a range';
    case 'zero':
      return 'must be above 0';
    case 'too large':
      return 'must be at most £1,000,000';
    case 'negative':
      return 'must not be negative';
    default:
      return 'must be a price in pounds such as 12.99 or £1,299.99';
  }
}
