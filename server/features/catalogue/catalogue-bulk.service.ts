/**
 * The bulk JSON import (admin-area §7 `POST /api/products/import/bulk`: products → results.created,
 * results.updated; issue 11 part 3). Each product is checked on its own with zod
 * (`bulkProductSchema`); the valid ones become records of the specification's product layout and
 * go through the catalogue importer like a CSV (same row rules, one transaction, price history,
 * alerts of changed prices judged), so a product reads the same whichever way it arrives.
 * Positions in the answer are 0-based indexes into the request's `products`. A field left out or
 * null is an empty cell: on an existing product it clears the stored value (the spec's shape sends
 * every field).
 *
 * True times (issue 27): a product's `observedAt` is its record's `observedAt` cell (it wins); the
 * request's `observedAt` is the import's, for the others; without either, the request's time.
 */
import type { BulkImportResponse, BulkProduct } from '../../../common/api/catalogue-import.admin.schema';
import { bulkProductSchema } from '../../../common/api/catalogue-import.admin.schema';
import { checkObservedAt } from '../../../common/observed-at';
import { fail, ok, type Outcome } from '../../http/outcome';
import { recordAdminAction } from '../audit';
import type { CsvRecord } from './catalogue-csv';
import { importCatalogueAndCheckAlerts, type CatalogueUpdateDeps } from './catalogue-update.service';

/** The columns the records carry, in the product layout's names (catalogue-layout.ts). */
const HEADER = [
  'asin',
  'title',
  'price',
  'originalPrice',
  'rating',
  'reviewCount',
  'imageUrl',
  'affiliateUrl',
  'category',
  'brand',
  'features',
  'observedAt',
];

type Rejection = BulkImportResponse['results']['rejected'][number];

/** One valid product as the record the importer reads (line = index + 1; the header is line 0). */
function recordOf(product: BulkProduct, index: number): CsvRecord {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    line: index + 1,
    fields: [
      product.asin,
      product.title,
      text(product.price),
      text(product.originalPrice),
      text(product.rating),
      text(product.reviewCount),
      text(product.imageUrl),
      text(product.affiliateUrl),
      text(product.category),
      text(product.brand),
      product.features ? JSON.stringify(product.features) : '',
      text(product.observedAt),
    ],
  };
}

/** The rule messages of a failed product, "field: rule; …". */
function issuesText(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues.map((i) => `${i.path.map(String).join('.') || 'product'}: ${i.message}`).join('; ');
}

/**
 * Imports `products` (already known to be an array of 1–5,000 items) for the owner `adminId`, their
 * prices observed at `observedAt` (ISO 8601 text, its form already checked by the body schema;
 * default now) unless a product names its own. Returns the counts and every refused product with its
 * index and reason; fails 'invalid' ("observedAt: must …", nothing read) when `observedAt` is more
 * than 5 minutes after the clock or before 1990. Throws on database errors (nothing is written then).
 */
export async function importBulkProducts(
  deps: CatalogueUpdateDeps,
  products: readonly unknown[],
  adminId: number,
  observedAt?: string,
): Promise<Outcome<BulkImportResponse>> {
  const now = deps.clock();
  let fileObservedAt: Date | undefined;
  if (observedAt !== undefined) {
    const checked = checkObservedAt(observedAt, now);
    if (!checked.ok) return fail('invalid', `observedAt: ${checked.rule}`);
    fileObservedAt = checked.value;
  }
  const rejected: Rejection[] = [];
  const records: CsvRecord[] = [{ line: 0, fields: HEADER }];
  products.forEach((raw, index) => {
    const parsed = bulkProductSchema.safeParse(raw);
    if (parsed.success) return void records.push(recordOf(parsed.data, index));
    const asin =
      typeof (raw as { asin?: unknown } | null)?.asin === 'string' ? String((raw as { asin: string }).asin).slice(0, 20) : undefined;
    rejected.push({ index, ...(asin ? { asin } : {}), reason: issuesText(parsed.error.issues) });
  });
  async function* all(): AsyncGenerator<CsvRecord> {
    yield* records;
  }
  const { report } = await importCatalogueAndCheckAlerts(
    deps,
    { records: all() },
    {
      now,
      observedAt: fileObservedAt,
      source: 'bulk-json',
      inTransaction: (tx, { report: r }) =>
        recordAdminAction(
          tx,
          {
            adminId,
            action: 'catalogue.bulk-import',
            counts: {
              created: r.imported,
              updated: r.updated,
              unchanged: r.unchanged,
              historyOnly: r.historyOnly,
              rejected: r.rejected.length + rejected.length,
            },
          },
          deps.clock(),
        ),
    },
  );
  for (const r of report.rejected) {
    const index = r.line - 1;
    rejected.push({
      index,
      ...(r.asin ? { asin: r.asin } : {}),
      reason: r.reason.replace(/on line (\d+)/, (_m, n: string) => `at index ${Number(n) - 1}`),
    });
  }
  rejected.sort((a, b) => a.index - b.index);
  return ok({
    results: {
      created: report.imported,
      updated: report.updated,
      unchanged: report.unchanged,
      historyOnly: report.historyOnly,
      rejected,
    },
  });
}
