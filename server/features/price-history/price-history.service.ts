/**
 * The price-history import (issue 30 "History from day one"): a file of past prices (our long form
 * `asin,observed_at,price` or Keepa's long export; history-csv.rules.ts) becomes price observations
 * through **the same writer as the catalogue import** (features/prices `recordPrices`), so the
 * reference-price rule, the badges and the charts read it at once: `recordPrices` re-judges every
 * product it touched (30-day statistics, deal basis, tracked reference, badges) as of `now`.
 *
 * Rules (docs/decisions/0030-track-any-product.md):
 * - **One transaction per file**; a file that is not CSV or has no usable header writes nothing.
 * - **History only.** A row must be older than the newest price we hold for its product (its newest
 *   observation and its `price_as_of`); a later row is rejected with its line (current prices come
 *   from the catalogue import and the price check). The product's price and data never change.
 * - **Only products we hold.** Rows for other ASINs are reported (ASIN, rows, first line), never
 *   created.
 * - **Evidence as the file gives it.** Long form: consecutive rows of one product at the same price
 *   are one observation seen from the first row to the last (`confirmed_at`). Keepa: a point held
 *   until its series' next point (Keepa records changes); a no-offer point ends it. Keepa series
 *   read, best first: Buy Box, Amazon, lowest new; one per product (the best it has).
 * - **Idempotent.** An observation already recorded (same product, time and price) is counted as
 *   already recorded, not added again; a row contradicting our record (another price at the same
 *   time, or inside a time we saw another price) is rejected with its line.
 * - Rejected rows are listed with line and reason (the first {@link MAX_LISTED_REJECTIONS}; the
 *   count is always whole).
 */
import type { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { formatPence } from '../../../common/money';
import { catalogueTransaction } from '../../catalogue-version';
import type { Db } from '../../db/client';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from '../catalogue';
import { loadPricedProducts, recordPrices, type NewObservation } from '../prices';
import {
  detectHistoryLayout,
  KEEPA_PRICE_SERIES,
  readHistoryRow,
  type HistoryLayout,
  type HistoryLayoutName,
  type KeepaPriceSeries,
} from './history-csv.rules';
import { recordedObservations, type RecordedObservation } from './price-history.queries';

/** Rejected rows listed in a report (the count is always whole). */
export const MAX_LISTED_REJECTIONS = 1000;

export interface HistoryImportOptions {
  /** The import's clock (statistics windows, the 5-minute future rule). Default now. */
  now?: Date;
  /** Accept Keepa rows of other marketplaces (their prices are not pounds: for replaying a real price path in tests). */
  allowOtherMarketplace?: boolean;
  /** Called as the file is read: bytes and data rows so far. */
  onProgress?: (bytesRead: number, rowsRead: number) => void;
}

export interface HistoryReport {
  /** 'long-form' | 'keepa', or 'unknown' when the header is not a price history. */
  layout: HistoryLayoutName | 'unknown';
  /** Data rows read (the header excluded). */
  totalRows: number;
  /** Price observations written. */
  observationsAdded: number;
  /** Rows those observations came from. */
  rowsAdded: number;
  /** Rows whose observation was already recorded (the same file imported again). */
  alreadyRecorded: number;
  /** Rows not read as prices: Keepa series we do not use (used, list price, counts…), no-offer points. */
  ignoredRows: number;
  /** Products whose history grew (re-judged at once). */
  productsUpdated: number;
  /** ASINs the catalogue does not hold: reported, not created. */
  unknownAsins: Array<{ asin: string; rows: number; firstLine: number }>;
  /** The first {@link MAX_LISTED_REJECTIONS} rejected rows, by line. */
  rejected: Array<{ line: number; asin?: string; reason: string }>;
  rejectedCount: number;
  /** File-level remarks (the Keepa series used, rows of other marketplaces refused). */
  notes: string[];
  /** Set when the file could not be read: nothing was written. */
  fatalError?: string;
  durationMs: number;
}

interface Point {
  line: number;
  ms: number;
  /** null: no offer from then (Keepa). */
  pence: number | null;
  series: KeepaPriceSeries | null;
}

/** Imports the history file at `filePath` (see the module doc). Throws when it cannot be read, and database errors. */
export async function importHistoryFile(db: Db, filePath: string, opts: HistoryImportOptions = {}): Promise<HistoryReport> {
  await stat(filePath);
  return importHistoryStream(db, createReadStream(filePath), opts);
}

/** Imports a history CSV stream (see the module doc); the stream is destroyed when done. */
export async function importHistoryStream(db: Db, stream: Readable, opts: HistoryImportOptions = {}): Promise<HistoryReport> {
  let rows = 0;
  let bytes = 0;
  async function* counted(): AsyncGenerator<CsvRecord> {
    for await (const record of readCsvRecords(stream, (n) => {
      bytes = n;
      opts.onProgress?.(n, Math.max(0, rows - 1));
    })) {
      rows++;
      yield record;
    }
    opts.onProgress?.(bytes, Math.max(0, rows - 1));
  }
  try {
    return await importHistoryRecords(db, counted(), opts);
  } finally {
    stream.destroy();
  }
}

/** Imports records (the header first), in one transaction. Same rules and report as {@link importHistoryStream}. */
export async function importHistoryRecords(
  db: Db,
  records: AsyncIterable<CsvRecord>,
  opts: HistoryImportOptions = {},
): Promise<HistoryReport> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const report: HistoryReport = {
    layout: 'unknown',
    totalRows: 0,
    observationsAdded: 0,
    rowsAdded: 0,
    alreadyRecorded: 0,
    ignoredRows: 0,
    productsUpdated: 0,
    unknownAsins: [],
    rejected: [],
    rejectedCount: 0,
    notes: [],
    durationMs: 0,
  };
  const reject = (line: number, reason: string, asin?: string) => {
    report.rejectedCount++;
    if (report.rejected.length < MAX_LISTED_REJECTIONS) report.rejected.push(asin ? { line, asin, reason } : { line, reason });
  };
  const done = () => {
    report.rejected.sort((a, b) => a.line - b.line);
    report.durationMs = Math.round(performance.now() - started);
    return report;
  };

  let layout: HistoryLayout | undefined;
  const points = new Map<string, Point[]>();
  const otherMarketplaces = new Map<string, number>();
  try {
    for await (const record of records) {
      if (!layout) {
        const detected = detectHistoryLayout(record.fields);
        if ('error' in detected) {
          report.fatalError = `Not a price history: ${detected.error}. Nothing was imported.`;
          return done();
        }
        layout = detected;
        report.layout = detected.name;
        continue;
      }
      report.totalRows++;
      const row = readHistoryRow(record.fields, layout, now, opts.allowOtherMarketplace);
      if (row.kind === 'rejected') reject(record.line, row.reason, row.asin);
      else if (row.kind === 'ignored') report.ignoredRows++;
      else if (row.kind === 'other-marketplace') otherMarketplaces.set(row.marketplace, (otherMarketplaces.get(row.marketplace) ?? 0) + 1);
      else {
        let list = points.get(row.asin);
        if (!list) points.set(row.asin, (list = []));
        list.push({ line: record.line, ms: row.observedAt.getTime(), pence: row.pricePence, series: row.series });
      }
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    report.fatalError = `${error.message} (line ${error.line}). Nothing was imported: fix the file and import it again.`;
    return done();
  }
  if (!layout) {
    report.fatalError = 'The file is empty. Nothing was imported.';
    return done();
  }
  for (const [marketplace, count] of otherMarketplaces)
    report.notes.push(
      `${count} Keepa rows of ${marketplace} were not imported: their prices are not amazon.co.uk prices in pounds (export Keepa's amazon.co.uk history, domain 2).`,
    );

  await catalogueTransaction(db, async (tx) => {
    const held = await loadPricedProducts(tx, [...points.keys()]);
    for (const [asin, list] of points) {
      if (!held.has(asin)) report.unknownAsins.push({ asin, rows: list.length, firstLine: Math.min(...list.map((p) => p.line)) });
    }
    report.unknownAsins.sort((a, b) => a.firstLine - b.firstLine);
    const heldProducts = [...held.values()];
    const recorded = await recordedObservations(
      tx,
      heldProducts.map((p) => p.id),
    );
    const observations: NewObservation[] = [];
    for (const product of heldProducts) {
      const list = points.get(product.asin)!;
      const chosen = layout!.name === 'keepa' ? chooseSeries(product.asin, list, report) : list;
      const planned = planObservations(
        chosen,
        recorded.get(product.id) ?? [],
        product.priceAsOf.getTime(),
        layout!.name,
        reject,
        product.asin,
      );
      report.alreadyRecorded += planned.alreadyRecorded;
      report.ignoredRows += planned.noOffer;
      for (const o of planned.add) {
        report.rowsAdded += o.rows;
        observations.push({
          productId: product.id,
          asin: product.asin,
          pricePence: o.pence,
          listPricePence: null,
          source: layout!.name === 'keepa' ? 'keepa-import' : 'history-import',
          observedAt: new Date(o.ms),
          confirmedAt: o.confirmedMs === null ? null : new Date(o.confirmedMs),
        });
      }
    }
    // Sorted by product and time: ids follow the history's order.
    observations.sort((a, b) => a.productId - b.productId || a.observedAt.getTime() - b.observedAt.getTime());
    await recordPrices(tx, observations, now);
    report.observationsAdded = observations.length;
    report.productsUpdated = new Set(observations.map((o) => o.productId)).size;
  });
  return done();
}

/** Keepa: the points of the best price series the product has (module doc); the others are counted as ignored. */
function chooseSeries(asin: string, list: Point[], report: HistoryReport): Point[] {
  const best = KEEPA_PRICE_SERIES.find((s) => list.some((p) => p.series === s && p.pence !== null));
  if (!best) return list.filter((p) => p.series === KEEPA_PRICE_SERIES[0]);
  const chosen = list.filter((p) => p.series === best);
  report.ignoredRows += list.length - chosen.length;
  const names: Record<KeepaPriceSeries, string> = {
    BUY_BOX_SHIPPING: 'Buy Box price',
    AMAZON: "Amazon's own offer",
    NEW: 'lowest new offer',
  };
  report.notes.push(`${asin}: Keepa series ${best} (${names[best]}) read, ${chosen.length} points.`);
  return chosen;
}

interface PlannedObservation {
  ms: number;
  confirmedMs: number | null;
  pence: number;
  rows: number;
}

/**
 * The new observations `points` make for one product (module doc), against what is `recorded`,
 * rows at or after `limitMs` (the newest price we hold) rejected through `reject`.
 */
function planObservations(
  points: Point[],
  recorded: readonly RecordedObservation[],
  priceAsOfMs: number,
  layout: HistoryLayoutName,
  reject: (line: number, reason: string, asin?: string) => void,
  asin: string,
): { add: PlannedObservation[]; alreadyRecorded: number; noOffer: number } {
  const newestMs = Math.min(priceAsOfMs, recorded.length > 0 ? Math.max(...recorded.map((r) => r.observedMs)) : priceAsOfMs);
  const sorted = [...points].sort((a, b) => a.ms - b.ms || a.line - b.line);
  // One point per instant: a second price for the same time is a contradiction in the file.
  const unique: Point[] = [];
  for (const p of sorted) {
    const last = unique[unique.length - 1];
    if (last && last.ms === p.ms) {
      if (last.pence !== p.pence) reject(p.line, `observed_at: another price for the same time is on line ${last.line}`, asin);
      continue;
    }
    if (p.ms >= newestMs) {
      reject(
        p.line,
        `observed_at: not before the newest price we hold for this product (${new Date(newestMs).toISOString()}); the history import adds earlier prices only`,
        asin,
      );
      continue;
    }
    unique.push(p);
  }
  // Runs: consecutive points at one price become one observation; its evidence reaches the run's
  // last row (long form) or the next point of the series (Keepa: the price held until it changed).
  let noOffer = 0;
  const runs: Array<PlannedObservation & { lines: number[] }> = [];
  unique.forEach((p, i) => {
    if (p.pence === null) {
      noOffer++;
      return;
    }
    const prev = unique[i - 1];
    const run = runs[runs.length - 1];
    const next = unique[i + 1];
    const heldUntil = layout === 'keepa' ? (next?.ms ?? null) : null;
    if (run && prev && prev.pence === p.pence) {
      run.confirmedMs = Math.max(heldUntil ?? p.ms, run.confirmedMs ?? run.ms);
      run.rows++;
      run.lines.push(p.line);
    } else {
      runs.push({ ms: p.ms, confirmedMs: heldUntil, pence: p.pence, rows: 1, lines: [p.line] });
    }
  });
  const add: PlannedObservation[] = [];
  let alreadyRecorded = 0;
  for (const run of runs) {
    const same = recorded.find((r) => r.observedMs === run.ms);
    if (same && same.pricePence === run.pence) {
      alreadyRecorded += run.rows;
      continue;
    }
    const clash =
      same ?? recorded.find((r) => r.pricePence !== run.pence && r.observedMs < run.ms && run.ms < (r.confirmedMs ?? r.observedMs));
    if (clash) {
      const seen = `${formatPence(clash.pricePence)} seen ${new Date(clash.observedMs).toISOString()}${clash.confirmedMs ? ` to ${new Date(clash.confirmedMs).toISOString()}` : ''}`;
      for (const line of run.lines) reject(line, `observed_at: contradicts the price we recorded (${seen})`, asin);
      continue;
    }
    // The evidence stops at the next price we recorded.
    const nextRecorded = recorded.find((r) => r.observedMs > run.ms);
    const confirmedMs = run.confirmedMs === null ? null : Math.min(run.confirmedMs, nextRecorded?.observedMs ?? run.confirmedMs);
    add.push({
      ms: run.ms,
      confirmedMs: confirmedMs !== null && confirmedMs > run.ms ? confirmedMs : null,
      pence: run.pence,
      rows: run.rows,
    });
  }
  return { add, alreadyRecorded, noOffer };
}
