/**
 * The catalogue importer (issue part 3 "Catalogue import"; DESIGN.md §4 "Bad input", "Honest
 * prices"). One importer for the CLI (`npm run import`) and, later, the admin upload.
 *
 * Streams the CSV, validates each row (catalogue-row.ts), and writes by ASIN in batches of 500
 * (the next batch is read while one is written), all in **one transaction**: a new product and a
 * changed price each record a price observation through the prices feature. A new product is
 * inserted once, with the statistics the prices feature computes for it (`statsOfNewProduct`: its
 * only observation is its price); an existing product whose price changed has its 30-day
 * statistics refreshed by `recordPrices`; the other touched products' statistics are refreshed at
 * the end (docs/decisions/0016-import-one-write-per-new-product.md). Bad rows are reported
 * with their line number and reason and never stop the good ones; with `strict` any bad row rejects
 * the whole file. A file that is not valid CSV is rejected whole (nothing written).
 *
 * True times (issue 27): each row's price was observed at its `observedAt` cell, else the import's
 * `observedAt` option, else the import's clock `now`. That time becomes the product's `price_as_of`
 * (new and changed products), its price observation's `observed_at`, and the confirmation time of
 * an unchanged row (which never moves `price_as_of` back). A row observed before the product's
 * stored `price_as_of` is older news: the product keeps its price and data, and the row only adds a
 * price observation to the history (`historyOnly`; not twice for the same time and price).
 * `created_at`/`updated_at` and the statistics windows stay on `now`.
 */
import { sql } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Db, Tx } from '../../db/client';
import { catalogueTransaction, noteCatalogueWrite } from '../../catalogue-version';
import type { PriceQuote } from '../../sources/price-source';
import { isLabelledSavingBasis } from '../../../common/discount';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from './catalogue-csv';
import { observedAtRangeRule } from '../../../common/observed-at';
import { detectLayout, type CatalogueField, type CatalogueLayout } from './catalogue-layout';
import { AsinLineIndex } from './asin-line-index';
import { validateRow, type CatalogueRow } from './catalogue-row';
import {
  insertNewProducts,
  loadExistingProducts,
  observationKey,
  recordedObservations,
  upsertProducts,
  type ExistingProduct,
  type OptionalProductColumn,
} from './catalogue.queries';
import { confirmPrices, recordPrices, refreshProductStats, statsOfNewProduct, type NewObservation, type NewProductValues } from '../prices';

export interface ImportOptions {
  /** Reject the whole file (write nothing) when any row is bad. */
  strict?: boolean;
  /**
   * The import's clock: `created_at`/`updated_at`, the statistics windows, and the observation
   * time of rows without one. Default: now.
   */
  now?: Date;
  /**
   * When the file's prices were observed (`--observed-at`, the bulk and upload field `observedAt`):
   * the observation time of every row without an `observedAt` cell of its own. Default: `now`. At
   * most 5 minutes after `now` and not before 1990 (common/observed-at.ts), else the import throws.
   */
  observedAt?: Date;
  /** Stored as products.source for new products; default 'csv'. */
  source?: string;
  /**
   * Called with the new price of each existing product whose price changed, as it is written (the
   * transaction may still roll back: use the quotes only once the import has returned).
   */
  onPriceChange?: (quote: PriceQuote) => void;
  /**
   * Called as bytes are read; `totalBytes` is null when unknown (a stream); `rowsRead` counts the
   * data rows read so far (the header excluded).
   */
  onProgress?: (bytesRead: number, totalBytes: number | null, rowsRead: number) => void;
  /**
   * One more rule for rows that pass the row rules (e.g. the Under £15 list's price cap): a reason
   * rejects the row like any other (reported with its line; with `strict`, nothing is written).
   */
  rowRule?: (row: CatalogueRow) => string | null;
  /**
   * Runs last inside the import's transaction, when it is about to commit (never after a strict
   * failure or a malformed file), with the ASINs of the accepted rows in file order: the admin
   * upload's Replace All deletes the other products here and writes its audit entry. Whatever it
   * throws rolls the whole import back and is rethrown.
   */
  inTransaction?: (tx: Tx, accepted: { asins: readonly string[]; report: ImportReport }) => Promise<void>;
}

export interface ImportReport {
  /** The recognised layout, e.g. 'amazon-uk-2023', 'amazon-uk-2023 (subset)', 'product-csv', 'unknown (no ASIN column)'. */
  layout: string;
  /** Data rows read (the header and blank rows excluded). */
  totalRows: number;
  /** New products. */
  imported: number;
  /** Existing products whose stored data changed. */
  updated: number;
  /** Existing products the file repeats exactly. */
  unchanged: number;
  /**
   * Rows observed before their product's stored `price_as_of`: older news, added to the price
   * history only (the product's price and data unchanged).
   */
  historyOnly: number;
  /** Rejected rows: the physical line where the record starts, its ASIN when readable, and why. */
  rejected: Array<{ line: number; asin?: string; reason: string }>;
  /** Accepted rows with something ignored (e.g. an originalPrice not above the price). */
  warnings: Array<{ line: number; message: string }>;
  /** ASINs of existing products whose price changed (new products not included). */
  changedAsins: string[];
  /** True when `strict` was set and a row was bad: nothing was written. */
  strictFailed: boolean;
  /** Set when the file could not be read as CSV: nothing was written. */
  fatalError?: string;
  durationMs: number;
}

const BATCH_SIZE = 500;
const OBSERVATION_SOURCE_SUFFIX = '-import';

/** Rolls the transaction back without treating it as a failure. */
class RollbackSignal extends Error {}

/**
 * Imports the CSV at `filePath` (see importCatalogueStream). Throws when the file cannot be opened
 * or read, and on database errors (the transaction is then rolled back).
 */
export async function importCatalogueFile(db: Db, filePath: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const { size } = await stat(filePath);
  const stream = createReadStream(filePath);
  const onProgress = opts.onProgress;
  return importCatalogueStream(db, stream, {
    ...opts,
    onProgress: onProgress ? (read, _total, rows) => onProgress(read, size, rows) : undefined,
  });
}

/**
 * Imports a CSV stream in one transaction and returns the report. Throws on read and database
 * errors (nothing is written then); bad rows and bad CSV are reported, not thrown. The stream is
 * destroyed when the import ends, read to the end or not.
 */
export async function importCatalogueStream(db: Db, stream: Readable, opts: ImportOptions = {}): Promise<ImportReport> {
  let records = 0;
  let bytesRead = 0;
  const rowsRead = () => Math.max(0, records - 1); // the header is not a row
  const onBytes = opts.onProgress
    ? (n: number) => {
        bytesRead = n;
        opts.onProgress?.(n, null, rowsRead());
      }
    : undefined;
  async function* counted(): AsyncGenerator<CsvRecord> {
    for await (const record of readCsvRecords(stream, onBytes)) {
      records++;
      yield record;
    }
    // The whole file is read: one last report with every row counted.
    opts.onProgress?.(bytesRead, null, rowsRead());
  }
  try {
    return await importCatalogueRecords(db, counted(), opts);
  } finally {
    stream.destroy();
  }
}

/**
 * Imports records (the header first, then the data rows, each with its line number) in one
 * transaction: the CSV importer above, and the bulk JSON import (records built from JSON products,
 * `line` = position in the list). Same rules, same report, same errors as importCatalogueStream;
 * also throws a RangeError ("observedAt: must …") before reading anything when `opts.observedAt`
 * breaks its rules.
 */
export async function importCatalogueRecords(db: Db, records: AsyncIterable<CsvRecord>, opts: ImportOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const source = opts.source ?? 'csv';
  const fileObservedAt = opts.observedAt ?? now;
  const badTime = opts.observedAt ? observedAtRangeRule(opts.observedAt, now) : null;
  if (badTime) throw new RangeError(`observedAt: ${badTime}`);
  /** When a row's price was seen: its own cell, else the file's time, else now. */
  const observedAtOf = (row: CatalogueRow): Date => row.observedAt ?? fileObservedAt;
  const report: ImportReport = {
    layout: 'empty file',
    totalRows: 0,
    imported: 0,
    updated: 0,
    unchanged: 0,
    historyOnly: 0,
    rejected: [],
    warnings: [],
    changedAsins: [],
    strictFailed: false,
    durationMs: 0,
  };
  try {
    // The catalogue version is bumped at the end of this transaction (issue 7: cached answers drop).
    await catalogueTransaction(db, async (tx) => {
      let layout: CatalogueLayout | undefined;
      let columns: OptionalProductColumn[] = [];
      // ASIN → its first line in the file, compactly (a 50 MB upload holds 340k ASINs).
      const firstLine = new AsinLineIndex();
      const touched: number[] = [];
      let batch: CatalogueRow[] = [];
      let writing = true;
      // Only kept when a caller needs them (Replace All, the Under £15 list).
      const accepted: string[] | null = opts.inTransaction ? [] : null;

      let writingBatch: Promise<void> = Promise.resolve();
      const flush = async () => {
        const rows = batch;
        batch = [];
        if (!writing || rows.length === 0) return;
        const existing = await loadExistingProducts(
          tx,
          rows.map((r) => r.asin),
        );
        const toWrite: CatalogueRow[] = [];
        const unchanged: Array<{ productId: number; observedAt: Date }> = [];
        const older: NewObservation[] = [];
        for (const row of rows) {
          const before = existing.get(row.asin);
          const observedAt = observedAtOf(row);
          if (!before) {
            report.imported++;
            toWrite.push(row);
          } else if (observedAt < before.priceAsOf) {
            // Older news: the stored price is more recent. Only the history learns of this one.
            report.historyOnly++;
            older.push({
              productId: before.id,
              asin: row.asin,
              pricePence: row.pricePence,
              listPricePence: row.listPricePence ?? null,
              source: `${source}${OBSERVATION_SOURCE_SUFFIX}`,
              observedAt,
            });
          } else if (differs(row, before, columns)) {
            report.updated++;
            toWrite.push(row);
            // A price change, or stock coming and going (issue 30: back-in-stock alerts), is judged.
            const stockChanged = row.inStock !== undefined && row.inStock !== null && row.inStock !== before.inStock;
            if (row.pricePence !== before.pricePence || stockChanged) {
              report.changedAsins.push(row.asin);
              opts.onPriceChange?.(quoteOf(row, before, observedAt));
            }
          } else {
            report.unchanged++;
            unchanged.push({ productId: before.id, observedAt });
          }
        }
        if (toWrite.length > 0) await noteCatalogueWrite(tx);
        const writeOptions = { now, source, priceAsOf: observedAtOf };
        // New products are inserted once, with the statistics a refresh would give them (their only
        // observation is the one recorded below, at the row's observation time); the others are
        // upserted and refreshed.
        const fresh = toWrite.filter((row) => !existing.has(row.asin));
        const inserted = await insertNewProducts(
          tx,
          fresh,
          fresh.map((row) => statsOfNewProduct(newProductValues(row, columns, observedAtOf(row), source), now)),
          columns,
          writeOptions,
        );
        const idOf = new Map(inserted.map((r) => [r.asin, r.id]));
        const statsStored = new Set(idOf.values());
        // Existing products, and a new ASIN another writer inserted meanwhile (refreshed as before).
        const upserted = await upsertProducts(
          tx,
          toWrite.filter((row) => !idOf.has(row.asin)),
          columns,
          writeOptions,
        );
        for (const r of upserted) idOf.set(r.asin, r.id);
        const observations: NewObservation[] = [];
        // Rows whose other data changed but whose price did not: the feed re-asserts that price too.
        const reasserted: Array<{ productId: number; observedAt: Date }> = [];
        for (const row of toWrite) {
          const before = existing.get(row.asin);
          const listPrice = row.listPricePence === undefined ? (before?.listPricePence ?? null) : row.listPricePence;
          const productId = idOf.get(row.asin) as number;
          if (before && before.pricePence === row.pricePence && before.listPricePence === listPrice) {
            touched.push(productId); // changed, but not its price: statistics refreshed at the end
            reasserted.push({ productId, observedAt: observedAtOf(row) });
            continue;
          }
          observations.push({
            productId,
            asin: row.asin,
            pricePence: row.pricePence,
            listPricePence: listPrice,
            source: `${source}${OBSERVATION_SOURCE_SUFFIX}`,
            observedAt: observedAtOf(row),
          });
        }
        // An older row the history already holds (the same file imported again) is not added twice.
        const known = await recordedObservations(tx, older);
        for (const o of older) {
          if (known.has(observationKey(o))) touched.push(o.productId);
          else observations.push(o);
        }
        await recordPrices(tx, observations, now, { statsStored });
        await confirmPrices(
          tx,
          // The feed re-asserts these prices: its source now vouches for them (price_source).
          [...unchanged, ...reasserted].map(({ productId, observedAt }) => ({ productId, observedAt, source })),
        );
        touched.push(...unchanged.map((u) => u.productId));
      };

      const reject = (line: number, reason: string, asin?: string) => {
        report.rejected.push(asin ? { line, asin, reason } : { line, reason });
        if (opts.strict) {
          writing = false;
          batch = [];
        }
      };

      try {
        for await (const record of records) {
          if (!layout) {
            layout = detectLayout(record.fields);
            report.layout = layout.name;
            columns = optionalColumnsOf(layout);
            continue;
          }
          report.totalRows++;
          const result = validateRow(record.fields, layout, record.line, (asin) => firstLine.get(asin), now);
          const asin = result.ok ? result.row.asin : result.asin;
          if (asin) firstLine.recordFirst(asin, record.line);
          for (const message of result.warnings) report.warnings.push({ line: record.line, message });
          if (!result.ok) {
            reject(record.line, result.reasons.join('; '), result.asin);
            continue;
          }
          const ruled = opts.rowRule?.(result.row);
          if (ruled) {
            reject(record.line, ruled, result.row.asin);
            continue;
          }
          if (!writing) continue;
          accepted?.push(result.row.asin);
          batch.push(result.row);
          if (batch.length >= BATCH_SIZE) {
            // The next batch is read and validated while this one is written (the statements still
            // run one batch after the other); its failure is rethrown at the next await.
            await writingBatch;
            writingBatch = flush();
            writingBatch.catch(() => undefined);
          }
        }
      } catch (error) {
        // No statement of this transaction may run after it ends (on PostgreSQL, its connection
        // goes back to the pool): let the batch being written finish first.
        await writingBatch.catch(() => undefined);
        throw error;
      }
      await writingBatch;
      await flush();
      if (!writing) {
        report.strictFailed = true;
        throw new RollbackSignal();
      }
      // Products without a new observation: their windows still moved on to `now`.
      await refreshProductStats(tx, touched, now);
      if (opts.inTransaction) await opts.inTransaction(tx, { asins: accepted ?? [], report });
    });
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      resetCounts(report);
      report.fatalError = `${error.message}. Nothing was imported: fix the file and import it again.`;
      report.rejected.push({ line: error.line, reason: error.message });
    } else if (error instanceof RollbackSignal) {
      resetCounts(report);
    } else {
      throw error;
    }
  }
  // PGlite never analyses by itself: fresh statistics keep the search plans on their indexes.
  if (report.imported + report.updated > 0) await db.execute(sql`analyze products`);
  report.rejected.sort((a, b) => a.line - b.line);
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

/** The price an import sets on an existing product, as a price quote observed at `observedAt`. */
function quoteOf(row: CatalogueRow, before: ExistingProduct, observedAt: Date): PriceQuote {
  const listPricePence = row.listPricePence === undefined ? before.listPricePence : row.listPricePence;
  const basis = row.savingBasisType === undefined ? before.savingBasisType : row.savingBasisType;
  return {
    asin: row.asin,
    pricePence: row.pricePence,
    listPricePence,
    savingBasisType: listPricePence !== null && isLabelledSavingBasis(basis) ? basis : null,
    observedAt,
  };
}

/**
 * What a new product's row stores of the values its statistics read: a column the file carries
 * with a value, else the column's default (as insertNewProducts writes it); its `price_as_of` (when
 * the row's price was observed) and `price_source` (the import's source).
 */
function newProductValues(
  row: CatalogueRow,
  columns: readonly OptionalProductColumn[],
  priceAsOf: Date,
  priceSource: string,
): NewProductValues {
  const stored = <C extends OptionalProductColumn>(column: C): CatalogueRow[C] | undefined =>
    columns.includes(column) ? row[column] : undefined;
  return {
    pricePence: row.pricePence,
    listPricePence: stored('listPricePence') ?? null,
    savingBasisType: stored('savingBasisType') ?? null,
    reviewCount: stored('reviewCount') ?? null,
    boughtLastMonth: stored('boughtLastMonth') ?? null,
    isBestSeller: stored('isBestSeller') ?? false,
    rating: stored('rating') ?? null,
    priceAsOf,
    priceSource,
  };
}

/** After a rollback nothing was imported, updated or left unchanged. */
function resetCounts(report: ImportReport): void {
  report.imported = 0;
  report.updated = 0;
  report.unchanged = 0;
  report.historyOnly = 0;
  report.changedAsins = [];
}

const COLUMNS_OF_FIELD: Partial<Record<CatalogueField, OptionalProductColumn[]>> = {
  originalPrice: ['listPricePence', 'savingBasisType'],
  rating: ['rating'],
  reviewCount: ['reviewCount'],
  imageUrl: ['imageUrl'],
  productUrl: ['sourceUrl'],
  category: ['category', 'categoryName'],
  brand: ['brand'],
  features: ['features'],
  boughtLastMonth: ['boughtLastMonth'],
  isBestSeller: ['isBestSeller'],
  availability: ['inStock'],
};

/** The product columns the file carries (only these are overwritten on existing products). */
function optionalColumnsOf(layout: CatalogueLayout): OptionalProductColumn[] {
  return (Object.keys(layout.columns) as CatalogueField[]).flatMap((f) => COLUMNS_OF_FIELD[f] ?? []);
}

/** True when the row would change anything stored (title, price or a column the file carries). */
function differs(row: CatalogueRow, before: ExistingProduct, columns: readonly OptionalProductColumn[]): boolean {
  if (row.title !== before.title || row.pricePence !== before.pricePence) return true;
  for (const column of columns) {
    const a = row[column];
    const b = before[column];
    if (a === undefined) continue;
    if (column === 'rating') {
      if ((a === null) !== (b === null) || (a !== null && Math.abs((a as number) - (b as number)) > 0.001)) return true;
    } else if (column === 'features') {
      if (JSON.stringify(a) !== JSON.stringify(b)) return true;
    } else if (a !== b) {
      return true;
    }
  }
  return false;
}
