/**
 * A category page's products from a CSV file (admin-area §2 "View Products panel: CSV upload",
 * §7 `POST /api/category-pages/{slug}/upload-csv`; issue 11 part 3 "Bad input").
 *
 * The file names products by ASIN: either a header row with an ASIN column (any layout the
 * catalogue importer reads, e.g. a slice of the Amazon UK feed, or just `asin`), or ASINs in the
 * first column with no header. For products the catalogue holds, other columns are ignored: a page
 * shows the catalogue's own, honest data for each product, never prices from an owner's spreadsheet.
 *
 * **ASINs the catalogue lacks** (issue 29) are added to it first, each row reported:
 * 1. through the Amazon Creators API when it is configured (`importFromAmazon`: admin priority, 10
 *    a request, the product and its first price observation, its own audit entry 'amazon.import');
 * 2. else, or for those Amazon did not give (not found, no UK offer, quota, access denied), from the
 *    file's own row through the catalogue importer (`importCatalogueRecords`: the same column names
 *    and row rules as any catalogue CSV, so `title` and `price` are needed);
 * 3. a row that can be neither is rejected with its line and why (never dropped silently).
 * Each of these writes commits on its own before the page's transaction: a product added to the
 * catalogue stays there even if the page write then fails.
 *
 * - **Streamed**: records are read from the upload stream as they arrive (csv-parse, through the
 *   catalogue's reader, which gives each record's physical line); only the distinct ASINs (at most
 *   {@link CATEGORY_PAGE_MAX_PRODUCTS}) and the first rejections are kept.
 * - **Row by row**: a row without a well-formed ASIN, a repeated ASIN, a product the catalogue does
 *   not hold, or one past the page's limit is rejected with its line and reason; the other rows
 *   are taken. Hostile cells (formula prefixes, megabyte cells, binary) fail the ASIN rule and are
 *   never echoed back.
 * - **One transaction**, opened only after the whole file has been read (so a slow upload never
 *   holds the database), with the audit entry and the catalogue-version bump. A file that is not
 *   CSV past some line is refused whole (nothing written).
 */
import type { Readable } from 'node:stream';
import { ASIN_PATTERN } from '../../../common/affiliate';
import {
  CATEGORY_PAGE_CSV_MAX_BYTES,
  CATEGORY_PAGE_CSV_REJECTIONS_LISTED,
  CATEGORY_PAGE_MAX_PRODUCTS,
  type CategoryPageCsvReport,
  type CsvRejection,
} from '../../../common/api/category-pages.admin.schema';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import type { CreatorsApiConnection } from '../../sources/creators-api/creators-api.connection';
import { CsvSyntaxError, detectLayout, importCatalogueRecords, readCsvRecords, type CsvRecord } from '../catalogue';
import { importFromAmazon } from '../amazon-api';
import { adminWrite, appendProducts, noPageWithSlug, type AdminActor, type AsinItem } from './category-pages.admin.service';
import { findPage, productIdsByAsin } from './category-pages.admin.queries';

/** The uploaded file: its name as the browser sent it and its bytes as a stream (multipart). */
export interface CsvUpload {
  fileName: string;
  stream: Readable & { truncated?: boolean };
}

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Where the ASIN is: column index, and whether the first record is a header (to skip). */
function asinColumn(first: CsvRecord): { column: number; header: boolean } | null {
  const named = first.fields.findIndex((f) => normalise(f) === 'asin');
  if (named >= 0) return { column: named, header: true };
  const cell = (first.fields[0] ?? '').trim().toUpperCase();
  return ASIN_PATTERN.test(cell) ? { column: 0, header: false } : null;
}

/** The reason a cell is not an ASIN; a short letters-and-digits value is quoted, anything else is not. */
function notAnAsin(cell: string): string {
  if (cell === '') return 'asin: missing';
  const shown = /^[A-Za-z0-9]{1,20}$/.test(cell) ? ` "${cell}"` : '';
  return `asin:${shown} must be a 10-character ASIN (letters and digits)`;
}

/** What the file holds: the distinct ASINs to add (first line of each), rejections, rows read. */
interface ParsedFile {
  items: AsinItem[];
  rowsRead: number;
  rejectedCount: number;
  rejected: CsvRejection[];
  /** The header record, when the file has one (a product the catalogue lacks can be created from its row). */
  header: CsvRecord | null;
  /** Each taken ASIN's record. */
  records: Map<string, CsvRecord>;
}

/**
 * Reads the records of `stream`. Fails `invalid` for an empty file or a first line that names no
 * ASIN column and is no ASIN; throws CsvSyntaxError for a file that stops being CSV.
 */
async function parseFile(stream: Readable): Promise<Outcome<ParsedFile>> {
  const parsed: ParsedFile = { items: [], rowsRead: 0, rejectedCount: 0, rejected: [], header: null, records: new Map() };
  const firstLine = new Map<string, number>();
  const reject = (line: number, reason: string) => {
    parsed.rejectedCount++;
    if (parsed.rejected.length < CATEGORY_PAGE_CSV_REJECTIONS_LISTED) parsed.rejected.push({ line, reason });
  };
  let layout: { column: number; header: boolean } | null | undefined;
  for await (const record of readCsvRecords(stream)) {
    if (layout === null) continue; // refused: read the rest of the upload without looking at it
    if (layout === undefined) {
      layout = asinColumn(record);
      if (layout?.header) parsed.header = record;
      if (layout === null || layout.header) continue;
    }
    parsed.rowsRead++;
    const cell = (record.fields[layout.column] ?? '').trim().toUpperCase();
    const seen = firstLine.get(cell);
    if (!ASIN_PATTERN.test(cell)) reject(record.line, notAnAsin(cell));
    else if (seen !== undefined) reject(record.line, `asin: ${cell} is already on line ${seen} of this file`);
    else if (parsed.items.length >= CATEGORY_PAGE_MAX_PRODUCTS) {
      reject(record.line, `asin: ${cell} is past the ${CATEGORY_PAGE_MAX_PRODUCTS} products a page holds`);
    } else {
      firstLine.set(cell, record.line);
      parsed.items.push({ asin: cell, line: record.line });
      parsed.records.set(cell, record);
    }
  }
  if (layout === undefined) return fail('invalid', 'csvFile: the file is empty; it must list ASINs');
  if (layout === null) return fail('invalid', 'csvFile: the first line must be a header with an ASIN column, or an ASIN');
  return ok(parsed);
}

const MAX_MB = CATEGORY_PAGE_CSV_MAX_BYTES / (1024 * 1024);

/** A row whose product the upload added to the catalogue, and how. */
type CreatedRow = CategoryPageCsvReport['created'][number];

/** What adding the catalogue's missing ASINs came to: rows added, and why each other one was not. */
interface MissingOutcome {
  created: CreatedRow[];
  fetchedFromAmazon: number;
  createdFromFile: number;
  /** ASIN → why it is still not in the catalogue. */
  why: Map<string, string>;
}

/**
 * Adds the ASINs of `missing` to the catalogue: through the Creators API when `amazon` is set, then
 * from the file's rows (see the module doc). Answers what was added and why the rest was not.
 */
async function addMissingProducts(
  db: Db,
  amazon: CreatorsApiConnection | null | undefined,
  actor: AdminActor,
  file: ParsedFile,
  missing: readonly AsinItem[],
): Promise<MissingOutcome> {
  const result: MissingOutcome = { created: [], fetchedFromAmazon: 0, createdFromFile: 0, why: new Map() };
  const lineOf = new Map(missing.map((i) => [i.asin, i.line ?? 0]));
  const amazonSaid = new Map<string, string>();
  let left = [...missing];
  if (amazon) {
    const asked = await importFromAmazon(
      { db, amazon, clock: () => actor.now },
      actor.adminId,
      left.map((i) => i.asin),
    );
    if (asked.ok) for (const s of asked.value.skipped) amazonSaid.set(s.asin, `Amazon: ${s.asin} ${s.reason}`);
    else for (const i of left) amazonSaid.set(i.asin, `Amazon: ${asked.message}`);
    const known = await productIdsByAsin(
      db,
      left.map((i) => i.asin),
    );
    for (const i of left.filter((i) => known.has(i.asin))) {
      result.fetchedFromAmazon++;
      result.created.push({ line: lineOf.get(i.asin) ?? 0, asin: i.asin, source: 'creators-api' });
    }
    left = left.filter((i) => !known.has(i.asin));
  }
  if (left.length === 0) return result;
  const before = (i: AsinItem) => (amazonSaid.has(i.asin) ? `${amazonSaid.get(i.asin)}; ` : '');
  const layout = file.header ? detectLayout(file.header.fields) : null;
  if (!file.header || !layout || layout.missingRequired.length > 0) {
    const lacks = !file.header ? 'the file has no header row' : `the file has no ${layout!.missingRequired.join(', ')} column`;
    for (const i of left)
      result.why.set(i.asin, `asin: ${i.asin} is not in the catalogue (${before(i)}${lacks} to create it from: asin, title, price)`);
    return result;
  }
  const header = file.header;
  const rows = left.map((i) => file.records.get(i.asin)).filter((r): r is CsvRecord => r !== undefined);
  async function* records(): AsyncGenerator<CsvRecord> {
    yield header;
    yield* rows;
  }
  const report = await importCatalogueRecords(db, records(), { now: actor.now, source: 'csv' });
  const rejectedAt = new Map(report.rejected.map((r) => [r.line, r.reason]));
  const known = await productIdsByAsin(
    db,
    left.map((i) => i.asin),
  );
  for (const i of left) {
    const line = lineOf.get(i.asin) ?? 0;
    if (known.has(i.asin)) {
      result.createdFromFile++;
      const note = amazonSaid.get(i.asin);
      result.created.push({ line, asin: i.asin, source: 'file', ...(note ? { note } : {}) });
    } else {
      const reason = rejectedAt.get(line) ?? report.fatalError ?? 'the row could not be imported';
      result.why.set(i.asin, `asin: ${i.asin} is not in the catalogue and its row cannot create it (${before(i)}${reason})`);
    }
  }
  return result;
}

/**
 * `POST /api/category-pages/{slug}/upload-csv`: adds the products the file names to page `slug`
 * (first adding to the catalogue those it lacks: see the module doc; `amazon` is the Creators API
 * connection, absent when it is not configured) and reports every row: taken, created (and how) or
 * rejected with its line and reason. Fails `not-found` (no such page), `invalid` (not CSV, empty,
 * no ASIN column; message names `csvFile` and, for broken CSV, the line), `too-large` (over
 * {@link CATEGORY_PAGE_CSV_MAX_BYTES}: the multipart limit truncates the stream). Rethrows read
 * errors of the stream other than CSV syntax, and what the database throws.
 */
export async function uploadCategoryPageCsv(
  db: Db,
  actor: AdminActor,
  slug: string,
  upload: CsvUpload,
  amazon?: CreatorsApiConnection | null,
): Promise<Outcome<CategoryPageCsvReport>> {
  let parsed: Outcome<ParsedFile>;
  try {
    parsed = await parseFile(upload.stream);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    upload.stream.resume();
    if (upload.stream.truncated) return fail('too-large', `csvFile: must be at most ${MAX_MB} MB`);
    return fail('invalid', `csvFile: line ${error.line}: ${error.message}; nothing was added`);
  }
  if (upload.stream.truncated) return fail('too-large', `csvFile: must be at most ${MAX_MB} MB`);
  if (!parsed.ok) return parsed;
  const file = parsed.value;

  // The catalogue's missing ASINs are added before the page's transaction (Amazon is slow; the
  // importer has its own transaction), and only when the page exists.
  if (!(await findPage(db, { slug }))) return noPageWithSlug(slug);
  const known = await productIdsByAsin(
    db,
    file.items.map((i) => i.asin),
  );
  const missing = file.items.filter((i) => !known.has(i.asin));
  const added: MissingOutcome =
    missing.length > 0
      ? await addMissingProducts(db, amazon, actor, file, missing)
      : { created: [], fetchedFromAmazon: 0, createdFromFile: 0, why: new Map() };

  return adminWrite(db, actor, async (tx) => {
    const page = await findPage(tx, { slug });
    if (!page) return noPageWithSlug(slug);
    const result = await appendProducts(tx, page, file.items, actor.now);
    const late: CsvRejection[] = [
      ...result.notInCatalogue.map((i) => ({
        line: i.line ?? 0,
        reason: added.why.get(i.asin) ?? `asin: ${i.asin} is not in the catalogue; import it first`,
      })),
      ...result.overLimit.map((i) => ({
        line: i.line ?? 0,
        reason: `asin: ${i.asin} would take the page past ${CATEGORY_PAGE_MAX_PRODUCTS} products`,
      })),
    ];
    const rejected = [...file.rejected, ...late].sort((a, b) => a.line - b.line).slice(0, CATEGORY_PAGE_CSV_REJECTIONS_LISTED);
    const report: CategoryPageCsvReport = {
      fileName: upload.fileName,
      rowsRead: file.rowsRead,
      total: result.added + result.alreadyOnPage,
      added: result.added,
      alreadyOnPage: result.alreadyOnPage,
      rejectedCount: file.rejectedCount + late.length,
      rejected,
      productCount: result.productCount,
      fetchedFromAmazon: added.fetchedFromAmazon,
      createdFromFile: added.createdFromFile,
      created: added.created.sort((a, b) => a.line - b.line).slice(0, CATEGORY_PAGE_CSV_REJECTIONS_LISTED),
    };
    const counts = {
      rowsRead: report.rowsRead,
      added: report.added,
      alreadyOnPage: report.alreadyOnPage,
      rejected: report.rejectedCount,
      fetchedFromAmazon: report.fetchedFromAmazon,
      createdFromFile: report.createdFromFile,
    };
    // The target is the page, not the file name: a name may hold anything, an e-mail address included.
    return { ...ok(report), audit: { action: 'category-pages.upload-csv', target: slug, counts } };
  });
}
