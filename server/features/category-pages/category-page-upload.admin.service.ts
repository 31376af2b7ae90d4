/**
 * A category page's products from a CSV file (admin-area §2 "View Products panel: CSV upload",
 * §7 `POST /api/category-pages/{slug}/upload-csv`; issue 11 part 3 "Bad input").
 *
 * The file names catalogue products by ASIN: either a header row with an ASIN column (any layout
 * the catalogue importer reads, e.g. a slice of the Amazon UK feed, or just `asin`), or ASINs in
 * the first column with no header. Other columns are ignored: a page shows the catalogue's own,
 * honest data for each product, never prices from an owner's spreadsheet.
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
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from '../catalogue';
import { adminWrite, appendProducts, noPageWithSlug, type AdminActor, type AsinItem } from './category-pages.admin.service';
import { findPage } from './category-pages.admin.queries';

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
}

/**
 * Reads the records of `stream`. Fails `invalid` for an empty file or a first line that names no
 * ASIN column and is no ASIN; throws CsvSyntaxError for a file that stops being CSV.
 */
async function parseFile(stream: Readable): Promise<Outcome<ParsedFile>> {
  const parsed: ParsedFile = { items: [], rowsRead: 0, rejectedCount: 0, rejected: [] };
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
    }
  }
  if (layout === undefined) return fail('invalid', 'csvFile: the file is empty; it must list ASINs');
  if (layout === null) return fail('invalid', 'csvFile: the first line must be a header with an ASIN column, or an ASIN');
  return ok(parsed);
}

const MAX_MB = CATEGORY_PAGE_CSV_MAX_BYTES / (1024 * 1024);

/**
 * `POST /api/category-pages/{slug}/upload-csv`: adds the products the file names to page `slug`
 * and reports every row it did not take. Fails `not-found` (no such page), `invalid` (not CSV,
 * empty, no ASIN column; message names `csvFile` and, for broken CSV, the line), `too-large` (over
 * {@link CATEGORY_PAGE_CSV_MAX_BYTES}: the multipart limit truncates the stream). Rethrows read
 * errors of the stream other than CSV syntax.
 */
export async function uploadCategoryPageCsv(
  db: Db,
  actor: AdminActor,
  slug: string,
  upload: CsvUpload,
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

  return adminWrite(db, actor, async (tx) => {
    const page = await findPage(tx, { slug });
    if (!page) return noPageWithSlug(slug);
    const result = await appendProducts(tx, page, file.items, actor.now);
    const late: CsvRejection[] = [
      ...result.notInCatalogue.map((i) => ({ line: i.line ?? 0, reason: `asin: ${i.asin} is not in the catalogue; import it first` })),
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
    };
    const counts = { rowsRead: report.rowsRead, added: report.added, alreadyOnPage: report.alreadyOnPage, rejected: report.rejectedCount };
    // The target is the page, not the file name: a name may hold anything, an e-mail address included.
    return { ...ok(report), audit: { action: 'category-pages.upload-csv', target: slug, counts } };
  });
}
