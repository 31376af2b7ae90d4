/**
 * `npm run import -- <file.csv> [--observed-at <ISO 8601>] [--strict] [--json]`: imports a catalogue
 * CSV (issue part 3 "Catalogue import") and evaluates the price-drop alerts of products whose price
 * changed.
 *
 * `--observed-at` (issue 27 "True times"; also `--observed-at=…`): when the file's prices were seen,
 * an ISO 8601 date (midnight UTC) or date-time with its zone, not more than 5 minutes in the future
 * and not before 1990 (common/observed-at.ts); default now. A row's own `observedAt` column wins.
 * Rows older than their product's stored price go to the price history only ("History only").
 *
 * Opens the database like server/main.ts (embedded PGlite in DATA_DIR/db, or DATABASE_URL). PGlite
 * allows one process, so for it the command first takes the data-directory lock and, when the
 * server holds it, says so and how to proceed. Exit codes: 0 when at least one row was accepted
 * (new, updated, unchanged or history only); 1 when none was, `--strict` failed, the file is not CSV or the
 * database could not be opened; 2 for a usage error (a bad --observed-at included).
 */
import { configurePriceEvidence } from '../features/prices';
import { recordedPublicUrl } from '../site-settings';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { loadEnvOrReport } from '../env';
import { checkObservedAt } from '../../common/observed-at';
import { openDatabase, type Database } from '../db/client';
import { describeDatabaseOpenError } from '../db/open-error';
import { acquireDataDirLock, DataDirLockedError } from '../db/embedded/data-dir-lock';
import type { ImportReport } from '../features/catalogue/catalogue-import.service';
import { importCatalogueAndCheckAlerts, type AlertEvaluation } from '../features/catalogue/catalogue-update.service';
import { CATALOGUE_TABLES, runMaintenance } from '../jobs/maintenance.service';

const USAGE = 'Usage: npm run import -- <file.csv> [--observed-at <ISO 8601 date or date-time>] [--strict] [--json]';
const SHOWN_REJECTIONS = 20;

interface Args {
  file: string;
  strict: boolean;
  json: boolean;
  /** `--observed-at`, checked; undefined when not given (the import's time). */
  observedAt?: Date;
}

type PriceCheckOutcome = AlertEvaluation;

/** The arguments, or the message to print (the usage itself for --help). `now` judges --observed-at. */
function parseArgs(argv: readonly string[], now: Date): Args | string {
  const files: string[] = [];
  let strict = false;
  let json = false;
  let observedAtText: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--strict') strict = true;
    else if (arg === '--json') json = true;
    else if (arg === '--help' || arg === '-h') return USAGE;
    else if (arg === '--observed-at' || arg.startsWith('--observed-at=')) {
      if (observedAtText !== undefined) return `--observed-at: must be given once.\n${USAGE}`;
      const value = arg === '--observed-at' ? argv[++i] : arg.slice('--observed-at='.length);
      if (value === undefined || value === '') return `--observed-at: needs a value such as 2023-06-01T00:00:00Z.\n${USAGE}`;
      observedAtText = value;
    } else if (arg.startsWith('-')) return `Unknown option ${arg}.\n${USAGE}`;
    else files.push(arg);
  }
  if (files.length !== 1) return `${files.length === 0 ? 'No file given' : 'Give one file'}.\n${USAGE}`;
  let observedAt: Date | undefined;
  if (observedAtText !== undefined) {
    const checked = checkObservedAt(observedAtText, now);
    if (!checked.ok) return `--observed-at: "${observedAtText}" ${checked.rule}.\n${USAGE}`;
    observedAt = checked.value;
  }
  return { file: files[0] as string, strict, json, ...(observedAt ? { observedAt } : {}) };
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, new Date());
  if (typeof args === 'string') {
    console.error(args);
    return args === USAGE ? 0 : 2;
  }
  const file = path.resolve(args.file);
  if (!existsSync(file) || !statSync(file).isFile()) {
    console.error(`No such file: ${args.file}`);
    return 1;
  }
  const env = loadEnvOrReport();
  if (!env) return 1;
  configurePriceEvidence({ feedPriceMaxAgeDays: env.FEED_PRICE_MAX_AGE_DAYS });

  const dbDir = path.join(env.DATA_DIR, 'db');
  let lock: { release(): void } | undefined;
  let database: Database | undefined;
  try {
    if (!env.DATABASE_URL) lock = acquireDataDirLock(dbDir, 'cli');
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dbDir });
    await database.migrate();
  } catch (error) {
    console.error(error instanceof DataDirLockedError ? error.message : describeDatabaseOpenError(error, env));
    await database?.close().catch(() => undefined);
    lock?.release();
    return 1;
  }

  try {
    const log = args.json ? () => undefined : (text: string) => console.log(text);
    log(
      `Importing ${path.basename(file)} into ${env.DATABASE_URL ? 'the PostgreSQL database (DATABASE_URL)' : `the embedded database in ${dbDir}`}…`,
    );
    log(
      args.observedAt
        ? `Prices observed at ${args.observedAt.toISOString()} (rows with an observedAt column keep their own).`
        : 'Prices observed now (rows with an observedAt column keep their own; --observed-at sets the file’s time).',
    );
    const bar = !args.json && process.stdout.isTTY ? progressBar() : undefined;
    bar?.start(statSync(file).size, 0);
    // Links in the e-mails this may queue must point at the running site, not at this CLI's default.
    const publicUrl = (await recordedPublicUrl(database.db)) ?? env.PUBLIC_URL;
    const { report, alerts: priceCheck } = await importCatalogueAndCheckAlerts(
      { db: database.db, env: { ...env, PUBLIC_URL: publicUrl }, clock: () => new Date() },
      { filePath: file },
      { strict: args.strict, observedAt: args.observedAt, onProgress: bar ? (read) => bar.update(read) : undefined },
    );
    bar?.stop();
    if (database.kind === 'pglite') {
      // PGlite has no autovacuum: vacuum and analyse what the import wrote (outside its transaction,
      // as VACUUM requires) so searches read all-visible pages with fresh statistics (decision 0017:
      // PGlite worker time per uncached search 7.4 → 5 ms after a 100k import).
      await runMaintenance(database, CATALOGUE_TABLES);
      // PGlite keeps a bulk import's WAL until a checkpoint: write it back now, so the data folder
      // does not carry hundreds of MB of WAL until the server next starts (issue 7).
      await database.query('checkpoint');
    }

    if (args.json) console.log(JSON.stringify({ file, ...report, priceCheck }, null, 2));
    else printReport(report, priceCheck, args.strict);
    const accepted = report.imported + report.updated + report.unchanged + report.historyOnly;
    return report.strictFailed || report.fatalError || accepted === 0 ? 1 : 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

/** A progress bar by bytes read (only on a terminal: piped output stays clean). */
function progressBar(): cliProgress.SingleBar {
  const bytes = (v: number) => (v >= 1024 * 1024 ? `${(v / 1024 / 1024).toFixed(1)} MiB` : `${Math.round(v / 1024)} KiB`);
  return new cliProgress.SingleBar(
    {
      format: '  {bar} {percentage}% | {value} of {total}',
      hideCursor: true,
      clearOnComplete: true,
      formatValue: (v, options, type) =>
        type === 'value' || type === 'total' ? bytes(v) : cliProgress.Format.ValueFormat(v, options, type),
    },
    cliProgress.Presets.shades_classic,
  );
}

const int = new Intl.NumberFormat('en-GB');

function printReport(report: ImportReport, priceCheck: PriceCheckOutcome | undefined, strict: boolean): void {
  const n = (v: number) => int.format(v).padStart(7);
  console.log(`Layout: ${report.layout}. ${int.format(report.totalRows)} rows read in ${(report.durationMs / 1000).toFixed(1)} s.`);
  if (report.fatalError) {
    console.log(`\n${report.fatalError}`);
  } else if (report.strictFailed) {
    console.log(
      `\n--strict: ${int.format(report.rejected.length)} bad row${report.rejected.length === 1 ? '' : 's'}, so nothing was written.`,
    );
  }
  console.log(`  New products: ${n(report.imported)}`);
  console.log(`  Updated:      ${n(report.updated)}  (price changed: ${int.format(report.changedAsins.length)})`);
  console.log(`  Unchanged:    ${n(report.unchanged)}`);
  console.log(`  History only: ${n(report.historyOnly)}  (older than the stored price: added to the price history)`);
  console.log(`  Rejected:     ${n(report.rejected.length)}`);
  console.log(`  Warnings:     ${n(report.warnings.length)}`);

  if (report.rejected.length > 0) {
    console.log(`\nRejected rows${report.rejected.length > SHOWN_REJECTIONS ? ` (first ${SHOWN_REJECTIONS})` : ''}:`);
    for (const r of report.rejected.slice(0, SHOWN_REJECTIONS)) console.log(`  line ${r.line}${r.asin ? ` (${r.asin})` : ''}: ${r.reason}`);
    if (report.rejected.length > SHOWN_REJECTIONS) console.log(`  …and ${int.format(report.rejected.length - SHOWN_REJECTIONS)} more`);
    console.log('\nReasons:');
    for (const [kind, count] of reasonSummary(report.rejected)) console.log(`  ${n(count)} × ${kind}`);
  }
  if (report.warnings.length > 0) {
    console.log(`\nWarnings${report.warnings.length > SHOWN_REJECTIONS ? ` (first ${SHOWN_REJECTIONS})` : ''}:`);
    for (const w of report.warnings.slice(0, SHOWN_REJECTIONS)) console.log(`  line ${w.line}: ${w.message}`);
    if (report.warnings.length > SHOWN_REJECTIONS) console.log(`  …and ${int.format(report.warnings.length - SHOWN_REJECTIONS)} more`);
  }
  if (strict && report.strictFailed) console.log('\nFix the rows above, or import without --strict to accept the good rows.');

  if (priceCheck && 'error' in priceCheck) {
    console.log(
      `\nThe import is saved, but evaluating the alerts failed (${priceCheck.error}); the next scheduled price check will do it.`,
    );
  } else if (priceCheck) {
    const mails = priceCheck.notificationsQueued;
    console.log(
      `\nPrice changes: ${int.format(report.changedAsins.length)} product${report.changedAsins.length === 1 ? '' : 's'}; ` +
        `${int.format(priceCheck.alertsChecked)} alert${priceCheck.alertsChecked === 1 ? '' : 's'} checked; ` +
        `${int.format(mails)} price-drop e-mail${mails === 1 ? '' : 's'} queued.`,
    );
    if (mails > 0) console.log('The server sends queued e-mails (start it with npm start if it is not running).');
  }
}

/** Counts rejections by kind: the text before ":" of each reason ("no price", "duplicate ASIN"…). */
export function reasonSummary(rejected: ReadonlyArray<{ reason: string }>): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const r of rejected) {
    for (const part of r.reason.split('; ')) {
      const kind = part.split(':')[0]?.trim() || part;
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
