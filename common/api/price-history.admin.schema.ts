/**
 * The admin Import tab's price-history upload (issue 30 "History from day one"):
 * `POST /api/admin/price-history/upload-csv` (multipart field `csvFile`; with
 * `Accept: application/x-ndjson`, progress lines then the result, as the catalogue upload).
 * The same importer and report as `npm run import:history` (server/features/price-history).
 */
import { z } from 'zod';

export const historyReportSchema = z.object({
  layout: z.enum(['long-form', 'keepa', 'unknown']),
  totalRows: z.number().int(),
  observationsAdded: z.number().int(),
  rowsAdded: z.number().int(),
  alreadyRecorded: z.number().int(),
  ignoredRows: z.number().int(),
  productsUpdated: z.number().int(),
  unknownAsins: z.array(z.object({ asin: z.string(), rows: z.number().int(), firstLine: z.number().int() })),
  rejected: z.array(z.object({ line: z.number().int(), asin: z.string().optional(), reason: z.string() })),
  rejectedCount: z.number().int(),
  notes: z.array(z.string()),
  fatalError: z.string().optional(),
  durationMs: z.number(),
});
export type HistoryReportBody = z.infer<typeof historyReportSchema>;

export const historyUploadResponseSchema = z.object({
  /** True when at least one observation was written. */
  committed: z.boolean(),
  report: historyReportSchema,
});
export type HistoryUploadResponse = z.infer<typeof historyUploadResponseSchema>;

/** Where the upload goes. */
export const HISTORY_UPLOAD_URL = '/api/admin/price-history/upload-csv';
