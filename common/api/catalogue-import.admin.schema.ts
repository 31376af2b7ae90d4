/**
 * The catalogue import API of the admin area (issue 11 part 3; admin-area §2 "Import tab",
 * "Under-15 tab", §5, §7): the CSV uploads, their report, the progress lines, the bulk JSON import
 * and the Under £15 list. Money on the wire in pounds as strings ("12.99"), as the spec's product
 * shape has it; the importer stores pence.
 */
import { z } from 'zod';
import { CSV_FILE_FIELD, INVALID_FILE_MESSAGE, isCsvFile } from '../csv-upload';
import { OBSERVED_AT_FIELD, OBSERVED_AT_RULES, parseObservedAt } from '../observed-at';
import { productSchema } from './products.schema';
import { safeText } from './text.schema';

/**
 * Replace All's confirmation (issue 29): the multipart field `confirmDeleteCount`, sent before
 * `csvFile`, must equal the number of products the file would delete, or the upload answers 409
 * {@link replaceRefusedSchema} with that number and nothing changes.
 */
export const CONFIRM_DELETE_COUNT_FIELD = 'confirmDeleteCount';

/** `confirmDeleteCount`'s text: a whole number, 0 or more. */
export const confirmDeleteCountTextSchema = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, 'must be a whole number of products, 0 or more');

/**
 * The 409 answer of an unconfirmed Replace All: `deleteCount` products would go, and with them
 * `priceObservationCount` price observations, `categoryPageEntryCount` category-page places and
 * `budgetDealEntryCount` Under £15 places; `alertCount` alerts would keep their ASIN and lose the link.
 */
export const replaceRefusedSchema = z.object({
  error: z.string(),
  message: z.string(),
  deleteCount: z.number().int(),
  priceObservationCount: z.number().int(),
  categoryPageEntryCount: z.number().int(),
  budgetDealEntryCount: z.number().int(),
  alertCount: z.number().int(),
});
export type ReplaceRefused = z.infer<typeof replaceRefusedSchema>;

/** `?strict=true`: any rejected row rejects the whole file (nothing is written). Default false. */
export const csvUploadQuerySchema = z.object({
  strict: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});
export type CsvUploadQuery = z.infer<typeof csvUploadQuerySchema>;

/**
 * When the prices of an import were observed (issue 27 "True times"): the multipart field of the
 * admin upload (sent **before** `csvFile`: the server reads the fields that precede the file), and
 * the bulk import's field, top level and per product.
 */
export { OBSERVED_AT_FIELD };

/**
 * An observation time as sent: an ISO 8601 date or date-time with its zone (common/observed-at.ts).
 * Kept as text: the server checks its range (not more than 5 minutes after its clock, not before
 * 1990) against its own clock.
 */
export const observedAtTextSchema = safeText(40).refine((v) => parseObservedAt(v) !== null, OBSERVED_AT_RULES.format);

/** The file part of a CSV upload (multipart field `csvFile`), checked before a byte of it is read. */
export const csvFilePartSchema = z
  .object({
    fieldname: z.literal(CSV_FILE_FIELD, { error: `must be ${CSV_FILE_FIELD}` }),
    filename: safeText(255).min(1, INVALID_FILE_MESSAGE),
    mimetype: safeText(200),
  })
  .refine((part) => isCsvFile(part.filename, part.mimetype), { message: INVALID_FILE_MESSAGE, path: ['filename'] });

/** One rejected row: the physical line where it starts, its ASIN when readable, and why. */
export const rejectedRowSchema = z.object({ line: z.number().int(), asin: z.string().optional(), reason: z.string() });
export type RejectedRow = z.infer<typeof rejectedRowSchema>;

/** The importer's report (server/features/catalogue/catalogue-import.service.ts), as the API sends it. */
export const importReportSchema = z.object({
  /** The recognised column layout, e.g. 'amazon-uk-2023', 'product-csv'. */
  layout: z.string(),
  /** Data rows read (the header and blank rows excluded). */
  totalRows: z.number().int(),
  /** New products. */
  imported: z.number().int(),
  /** Existing products whose stored data changed. */
  updated: z.number().int(),
  /** Existing products the file repeats exactly. */
  unchanged: z.number().int(),
  /** Rows observed before their product's stored price: added to the price history only (issue 27). */
  historyOnly: z.number().int(),
  rejected: z.array(rejectedRowSchema),
  /** Accepted rows with something ignored (e.g. an original price not above the price). */
  warnings: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** Existing products whose price changed (their alerts are judged at once). */
  priceChanged: z.number().int(),
  /** True when `strict` was asked and a row was bad: nothing was written. */
  strictFailed: z.boolean(),
  /** Set when the file could not be read as CSV: nothing was written. */
  fatalError: z.string().optional(),
  durationMs: z.number().int(),
});
export type ImportReportBody = z.infer<typeof importReportSchema>;

/** How judging the alerts of changed prices went, after the import committed. */
export const priceCheckSummarySchema = z.union([
  z.object({ alertsChecked: z.number().int(), notificationsQueued: z.number().int() }),
  z.object({ error: z.string() }),
]);

/**
 * `POST /api/admin/upload-csv` and `POST /api/admin/replace-with-csv` (and the Under £15 upload).
 * `importedCount` (the spec's name) = rows accepted: new + updated + unchanged + history only; 0 when nothing was
 * committed. `deletedCount`: Replace All only, products removed because the file does not hold them.
 */
export const catalogueUploadResponseSchema = z.object({
  /** False when nothing was written (strict failure, malformed file, or no row accepted). */
  committed: z.boolean(),
  importedCount: z.number().int(),
  deletedCount: z.number().int().optional(),
  /** The Under £15 upload only: products now on the list. */
  listedCount: z.number().int().optional(),
  report: importReportSchema,
  priceCheck: priceCheckSummarySchema.optional(),
});
export type CatalogueUploadResponse = z.infer<typeof catalogueUploadResponseSchema>;

/**
 * One line of the progress stream (answer type `application/x-ndjson`, asked for with that
 * `Accept`): progress lines while the file is read and written, then exactly one `result` line
 * carrying the status and body the plain JSON answer would have had.
 */
export type ImportProgressLine =
  | {
      type: 'progress';
      /** 'reading': rows are read and written as they arrive; 'finishing': the file is read, statistics and commit follow. */
      phase: 'reading' | 'finishing';
      /** Bytes of the file read so far. */
      bytesRead: number;
      /** Data rows read so far. */
      rowsRead: number;
    }
  | { type: 'result'; status: number; body: CatalogueUploadResponse | ReplaceRefused | { error: string; message: string } };

/** Products one bulk request may carry. */
export const BULK_IMPORT_MAX_PRODUCTS = 5000;

/**
 * `POST /api/products/import/bulk` body: each product is checked on its own (bulkProductSchema).
 * `observedAt`: when these prices were seen (issue 27), for every product without its own; default
 * the time of the request.
 */
export const bulkImportBodySchema = z.object({
  products: z
    .array(z.unknown())
    .min(1, 'must hold at least one product')
    .max(BULK_IMPORT_MAX_PRODUCTS, `must hold at most ${BULK_IMPORT_MAX_PRODUCTS} products`),
  observedAt: observedAtTextSchema.optional(),
});

const money = z.union([z.number().nonnegative('must not be negative'), safeText(40)]);

/**
 * One product of a bulk import (admin-area §7: asin, title, price, originalPrice, rating,
 * reviewCount, imageUrl, affiliateUrl, isPrime, category, features; plus brand). Prices in pounds,
 * as numbers or strings ("£1,299.99" is read like the CSV). `isPrime` is accepted and not stored
 * (we hold no Prime data). `observedAt` (issue 27): when this product's price was seen, ISO 8601;
 * it wins over the request's. The catalogue's row rules then apply as to a CSV row.
 */
export const bulkProductSchema = z.object({
  asin: safeText(20).regex(/^[A-Z0-9]{10}$/, 'must be 10 upper-case letters or digits'),
  title: safeText(1000).trim().min(1, 'must not be empty'),
  price: money,
  originalPrice: money.nullish(),
  rating: z.number().min(0).max(5).nullish(),
  reviewCount: z.number().int().nonnegative().nullish(),
  imageUrl: safeText(2048).nullish(),
  affiliateUrl: safeText(2048).nullish(),
  isPrime: z.boolean().nullish(),
  category: safeText(200).nullish(),
  brand: safeText(200).nullish(),
  features: z.array(safeText(500)).max(30).nullish(),
  observedAt: observedAtTextSchema.nullish(),
});
export type BulkProduct = z.infer<typeof bulkProductSchema>;

/** A product the bulk import refused: its position in `products` (0-based), its ASIN when given, why. */
export const bulkRejectedSchema = z.object({ index: z.number().int(), asin: z.string().optional(), reason: z.string() });

/** `POST /api/products/import/bulk` answer (admin-area §7: results.created, results.updated). */
export const bulkImportResponseSchema = z.object({
  results: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** Products observed before their stored price: added to the price history only (issue 27). */
    historyOnly: z.number().int(),
    rejected: z.array(bulkRejectedSchema),
  }),
});
export type BulkImportResponse = z.infer<typeof bulkImportResponseSchema>;

/** `GET /api/amazon/deals-under-15`: the Under £15 list, products still at or under the threshold. */
export const dealsUnder15ResponseSchema = z.object({
  products: z.array(productSchema),
  /** The threshold, pounds ("15.00"; admin-area §9). */
  maxPrice: z.string(),
  /** Products on the list, whatever their price now. */
  listedCount: z.number().int(),
  /** Listed products priced at most £15 now (`products` holds the first 200 of them). */
  availableCount: z.number().int(),
  /** When the list was last uploaded (ISO), null when it never was. */
  updatedAt: z.string().nullable(),
});
export type DealsUnder15Response = z.infer<typeof dealsUnder15ResponseSchema>;
