/**
 * `npm run import:history -- <file.csv> [--json] [--any-marketplace]` (issue 30 "History from day
 * one"): imports past prices of products we hold, from our long form `asin,observed_at,price` or
 * Keepa's long export, through the same price-observation writer as the catalogue import, in one
 * transaction (server/features/price-history/price-history.service.ts has the rules). The touched
 * products are re-judged at once (reference price, deal basis, badges); charts read it at once.
 *
 * `--any-marketplace` also reads Keepa rows of marketplaces other than amazon.co.uk (their prices
 * are not pounds): only for replaying a real price path, such as ../shared/data/price-history.
 *
 * Opens the database like `npm run import` (embedded PGlite in DATA_DIR/db, taking the data-folder
 * lock, or DATABASE_URL). Exit codes: 0 when at least one row was added or already recorded; 1 when
 * none was, the file is not a price history or the database could not be opened; 2 for a usage error.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadEnvOrReport } from '../env';
import { openDatabase, type Database } from '../db/client';
import { describeDatabaseOpenError } from '../db/open-error';
import { acquireDataDirLock, DataDirLockedError } from '../db/embedded/data-dir-lock';
import { configurePriceEvidence } from '../features/prices';
import { importHistoryFile, type HistoryReport } from '../features/price-history/price-history.service';

const USAGE = 'Usage: npm run import:history -- <file.csv> [--json] [--any-marketplace]';
const SHOWN = 20;

interface Args {
  file: string;
  json: boolean;
  anyMarketplace: boolean;
}

/** The arguments, or the message to print (the usage itself for --help). */
function parseHistoryArgs(argv: readonly string[]): Args | string {
  const files: string[] = [];
  let json = false;
  let anyMarketplace = false;
  for (const arg of argv) {
    if (arg === '--json') json = true;
    else if (arg === '--any-marketplace') anyMarketplace = true;
    else if (arg === '--help' || arg === '-h') return USAGE;
    else if (arg.startsWith('-')) return `Unknown option ${arg}.\n${USAGE}`;
    else files.push(arg);
  }
  if (files.length !== 1) return `${files.length === 0 ? 'No file given' : 'Give one file'}.\n${USAGE}`;
  return { file: files[0] as string, json, anyMarketplace };
}

const int = new Intl.NumberFormat('en-GB');

function printReport(report: HistoryReport): void {
  const n = (v: number) => int.format(v).padStart(7);
  console.log(`Layout: ${report.layout}. ${int.format(report.totalRows)} rows read in ${(report.durationMs / 1000).toFixed(1)} s.`);
  if (report.fatalError) console.log(`\n${report.fatalError}`);
  console.log(`  Observations added: ${n(report.observationsAdded)}  (from ${int.format(report.rowsAdded)} rows)`);
  console.log(`  Already recorded:   ${n(report.alreadyRecorded)}`);
  console.log(`  Products updated:   ${n(report.productsUpdated)}  (re-judged: reference price, deals, badges)`);
  console.log(`  Ignored rows:       ${n(report.ignoredRows)}  (other Keepa series, no-offer points)`);
  console.log(`  Unknown ASINs:      ${n(report.unknownAsins.length)}  (not in the catalogue: not created)`);
  console.log(`  Rejected rows:      ${n(report.rejectedCount)}`);
  for (const note of report.notes) console.log(`\n${note}`);
  if (report.unknownAsins.length > 0) {
    console.log('\nASINs we do not hold (import the products first):');
    for (const u of report.unknownAsins.slice(0, SHOWN))
      console.log(`  ${u.asin}: ${int.format(u.rows)} row${u.rows === 1 ? '' : 's'} from line ${u.firstLine}`);
    if (report.unknownAsins.length > SHOWN) console.log(`  …and ${int.format(report.unknownAsins.length - SHOWN)} more`);
  }
  if (report.rejectedCount > 0) {
    console.log(`\nRejected rows${report.rejectedCount > SHOWN ? ` (first ${SHOWN})` : ''}:`);
    for (const r of report.rejected.slice(0, SHOWN)) console.log(`  line ${r.line}${r.asin ? ` (${r.asin})` : ''}: ${r.reason}`);
    if (report.rejectedCount > SHOWN) console.log(`  …and ${int.format(report.rejectedCount - SHOWN)} more`);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseHistoryArgs(argv);
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
    if (!args.json) console.log(`Importing the price history ${path.basename(file)}…`);
    const report = await importHistoryFile(database.db, file, { allowOtherMarketplace: args.anyMarketplace });
    if (database.kind === 'pglite') await database.query('checkpoint');
    if (args.json) console.log(JSON.stringify({ file, ...report }, null, 2));
    else printReport(report);
    return report.fatalError || report.rowsAdded + report.alreadyRecorded === 0 ? 1 : 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`History import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
