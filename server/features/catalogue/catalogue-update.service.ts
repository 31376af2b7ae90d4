/**
 * "Import, then tell the alerts" (issue 6 point 2; issue part 3: "when prices changed, run the
 * price evaluation for the affected alerts"): one service for the CLI (`npm run import`) and the
 * admin upload. The import's new prices are handed to the price check in memory, so the alerts are
 * judged at once instead of re-reading the prices through the rate-limited source (which exists
 * for remote sources such as the Creators API). Price-drop e-mails go to the outbox in the check's
 * transaction; `notifyOutbox` nudges the sender when one is running in this process.
 */
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { createCatalogueSource } from '../../sources/catalogue.source';
import type { PriceQuote } from '../../sources/price-source';
import { runPriceCheck } from '../price-checks';
import { matchSavedSearchesSafely } from '../saved-searches';
import type { CsvRecord } from './catalogue-csv';
import {
  importCatalogueFile,
  importCatalogueRecords,
  importCatalogueStream,
  type ImportOptions,
  type ImportReport,
} from './catalogue-import.service';

export interface CatalogueUpdateDeps {
  db: Db;
  /** PUBLIC_URL here builds the links of the e-mails queued (the CLI passes the server's). */
  env: Env;
  clock: () => Date;
  notifyOutbox?: () => void;
}

/**
 * How evaluating the alerts went: counts and the check's transaction time in ms (judging and
 * queueing the deferred e-mails; the sender composes them later); or why it failed (the import stays).
 */
export type AlertEvaluation = { alertsChecked: number; notificationsQueued: number; evaluationMs: number } | { error: string };

export interface CatalogueUpdate {
  report: ImportReport;
  /** Absent when no existing product's price changed (nothing to judge). */
  alerts?: AlertEvaluation;
}

/**
 * Imports `input` (a file path, a CSV stream, or records such as the bulk JSON import builds) in one transaction, then, when prices changed,
 * judges the alerts on those products against the new prices in one more. Throws what the import
 * throws (unreadable file, database down: nothing imported); a failed evaluation is reported, not
 * thrown, because the import is already committed and the next scheduled check covers it.
 */
export async function importCatalogueAndCheckAlerts(
  deps: CatalogueUpdateDeps,
  input: { filePath: string } | { stream: Readable } | { records: AsyncIterable<CsvRecord> },
  opts: Omit<ImportOptions, 'onPriceChange'> = {},
): Promise<CatalogueUpdate> {
  const quotes = new Map<string, PriceQuote>();
  // Issue 30: the accepted rows' new and repriced products, matched against the saved searches once the import commits.
  let accepted: readonly string[] = [];
  const started = opts.now ?? deps.clock();
  const importOptions: ImportOptions = {
    ...opts,
    onPriceChange: (quote) => void quotes.set(quote.asin, quote),
    inTransaction: async (tx, done) => {
      accepted = done.asins;
      await opts.inTransaction?.(tx, done);
    },
  };
  const report =
    'filePath' in input
      ? await importCatalogueFile(deps.db, input.filePath, importOptions)
      : 'stream' in input
        ? await importCatalogueStream(deps.db, input.stream, importOptions)
        : await importCatalogueRecords(deps.db, input.records, importOptions);
  await matchSavedSearchesSafely(deps, accepted, deps.clock(), { createdSince: started, changed: report.changedAsins });
  if (report.changedAsins.length === 0) return { report };
  try {
    const run = await runPriceCheck(
      { db: deps.db, source: createCatalogueSource(deps.db), clock: deps.clock, env: deps.env, notifyOutbox: deps.notifyOutbox },
      { trigger: 'import', asins: report.changedAsins, quotes, results: false },
    );
    const { alertsChecked, notificationsQueued, evaluationMs } = run;
    return { report, alerts: { alertsChecked, notificationsQueued, evaluationMs } };
  } catch (error) {
    return { report, alerts: { error: error instanceof Error ? error.message : String(error) } };
  }
}
