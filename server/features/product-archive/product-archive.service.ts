/**
 * Deleted products can be restored for 30 days (issue 29; docs/decisions/0027-product-archive.md).
 *
 * Every way a product leaves the catalogue (single and bulk delete, Clear all, Replace All) calls
 * {@link archiveBeforeDelete} in its own transaction, just before its delete: the product row, its
 * price observations, its category-page and Under £15 places are copied into `deleted_products`.
 * Shopper queries never read the archive, so nothing a shopper sees changes. {@link restoreProducts}
 * puts products back (`POST /api/admin/products/restore`), {@link listDeletedProducts} lists them
 * (`GET /api/admin/products/deleted`), and {@link purgeExpiredArchive} (the nightly maintenance job)
 * deletes archive rows older than {@link RESTORE_WINDOW_DAYS} days.
 */
import type { Db, Tx } from '../../db/client';
import { catalogueTransaction, noteCatalogueWrite } from '../../catalogue-version';
import { fail, ok, type Outcome } from '../../http/outcome';
import { penceToPriceString } from '../../../common/money';
import {
  RESTORE_WINDOW_DAYS,
  type DeletedProductsQuery,
  type DeletedProductsResponse,
  type RestoreRequest,
  type RestoreResponse,
} from '../../../common/api/product-archive.admin.schema';
import { recordAdminAction } from '../audit';
import {
  archiveProductsWhere,
  asinNotIn,
  countArchived,
  everyProduct,
  findArchived,
  findArchivedAsins,
  findArchivedPage,
  findTakenAgain,
  productIdIn,
  purgeArchivedBefore,
  restoreArchived,
  type DeletionReason,
} from './product-archive.queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = RESTORE_WINDOW_DAYS * DAY_MS;

/** Which products a deletion removes: these ids, every product, or those whose ASIN `keep` lacks (Replace All). */
export type DeletionScope = { ids: readonly number[] } | { all: true } | { keepAsins: readonly string[] };

/**
 * Copies the products `scope` names, with their history and places, into the archive (stamped with
 * `reason`, the owner and `now`). Call it inside the deletion's transaction, just before the delete,
 * so a product is archived exactly when it is deleted. Answers how many were archived. Throws what
 * the database throws (the caller's transaction then rolls back: nothing is deleted either).
 */
export async function archiveBeforeDelete(
  tx: Db | Tx,
  scope: DeletionScope,
  reason: DeletionReason,
  adminId: number | null,
  now: Date,
): Promise<number> {
  const where = 'ids' in scope ? productIdIn(scope.ids) : 'all' in scope ? everyProduct : asinNotIn(scope.keepAsins);
  if ('ids' in scope && scope.ids.length === 0) return 0;
  return archiveProductsWhere(tx, where, { reason, adminId, now });
}

/** The first few of `asins` for a message ("B0A, B0B, B0C and 4 more"). */
function named(asins: readonly string[]): string {
  const shown = asins.slice(0, 5).join(', ');
  return asins.length > 5 ? `${shown} and ${asins.length - 5} more` : shown;
}

/**
 * `POST /api/admin/products/restore` with `{ all: true, search?, confirmCount }`: restores every
 * product deleted in the last 30 days whose title or ASIN contains `search`, when `confirmCount` is
 * how many that is now (else 409 'conflict' with `restoreCount`; nothing restored); otherwise as
 * {@link restoreProducts} with `{ asins }`.
 */
export async function restoreRequested(db: Db, adminId: number, request: RestoreRequest, now: Date): Promise<Outcome<RestoreResponse>> {
  if (!request.all) return restoreProducts(db, adminId, request.asins ?? [], now);
  const asins = await findArchivedAsins(db, new Date(now.getTime() - WINDOW_MS), request.search);
  if (asins.length !== request.confirmCount) {
    const n = asins.length;
    return fail(
      'conflict',
      `confirmCount: ${n} deleted product${n === 1 ? '' : 's'} match${n === 1 ? 'es' : ''} now (it was ${request.confirmCount ?? 'missing'}); nothing was restored`,
      { restoreCount: n },
    );
  }
  if (asins.length === 0) return ok({ ...NOTHING_RESTORED });
  return restoreProducts(db, adminId, asins, now);
}

const NOTHING_RESTORED: RestoreResponse = {
  restored: 0,
  priceObservations: 0,
  categoryPageEntries: 0,
  categoryPageEntriesSkipped: 0,
  budgetDealEntries: 0,
  alertsRelinked: 0,
};

/**
 * `POST /api/admin/products/restore` `{ asins }`: puts these deleted products back with their price
 * history, category-page places (pages deleted since are skipped) and Under £15 place, under their
 * old ids, and re-links shoppers' alerts on their ASINs, in one catalogue transaction (cached
 * answers drop) with the audit entry 'products.restore'. All or nothing:
 * - 404 'not-found' naming ASINs the archive lacks (never deleted, restored already, or purged);
 * - 410 'gone' naming ASINs deleted more than 30 days before `now`;
 * - 409 'conflict' naming ASINs in the catalogue again (imported or added since).
 */
export async function restoreProducts(
  db: Db,
  adminId: number,
  asinsAsked: readonly string[],
  now: Date,
): Promise<Outcome<RestoreResponse>> {
  const asins = [...new Set(asinsAsked)];
  return catalogueTransaction(db, async (tx): Promise<Outcome<RestoreResponse>> => {
    const archived = await findArchived(tx, asins);
    const found = new Set(archived.map((a) => a.asin));
    const missing = asins.filter((a) => !found.has(a));
    if (missing.length > 0) {
      return fail('not-found', `asins: ${named(missing)} ${missing.length === 1 ? 'is' : 'are'} not among the deleted products`);
    }
    const expired = archived
      .filter((a) => now.getTime() - a.deletedAt.getTime() > WINDOW_MS)
      .map((a) => a.asin)
      .sort();
    if (expired.length > 0) {
      return fail(
        'gone',
        `asins: ${named(expired)} ${expired.length === 1 ? 'was' : 'were'} deleted more than ${RESTORE_WINDOW_DAYS} days ago and can no longer be restored`,
      );
    }
    const taken = await findTakenAgain(tx, archived);
    if (taken.length > 0) {
      return fail(
        'conflict',
        `asins: ${named(taken)} ${taken.length === 1 ? 'is' : 'are'} in the catalogue again (imported or added since it was deleted); nothing was restored`,
      );
    }
    const counts = await restoreArchived(tx, asins);
    await noteCatalogueWrite(tx);
    await recordAdminAction(
      tx,
      {
        adminId,
        action: 'products.restore',
        target: asins.length === 1 ? asins[0] : null,
        counts: { restored: counts.restored, priceObservations: counts.priceObservations },
        detail: { changed: { restored: asins.join(', ') } },
      },
      now,
    );
    return ok(counts);
  });
}

/** `GET /api/admin/products/deleted`: one page of the products deleted in the last 30 days, newest first (the page clamped to 1..totalPages). */
export async function listDeletedProducts(db: Db, q: DeletedProductsQuery, now: Date): Promise<DeletedProductsResponse> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const total = await countArchived(db, since, q.search);
  const totalPages = Math.max(1, Math.ceil(total / q.limit));
  const page = Math.min(q.page, totalPages);
  const rows = total === 0 ? [] : await findArchivedPage(db, since, q.search, (page - 1) * q.limit, q.limit);
  return {
    products: rows.map((r) => ({
      asin: r.asin,
      id: String(r.productId),
      title: r.title,
      category: r.category,
      price: penceToPriceString(r.pricePence),
      priceObservationCount: r.observationCount,
      categoryPageCount: r.categoryPageCount,
      onUnder15List: r.onBudgetList,
      reason: r.reason,
      deletedAt: r.deletedAt.toISOString(),
      restorableUntil: new Date(r.deletedAt.getTime() + WINDOW_MS).toISOString(),
      deletedBy: r.deletedBy,
    })),
    pagination: { page, limit: q.limit, total, totalPages },
  };
}

/**
 * The nightly purge (server/jobs/scheduler.ts, maintenance queue): deletes the archive rows of
 * products deleted more than 30 days before `now`. Answers how many went.
 */
export async function purgeExpiredArchive(db: Db, now: Date): Promise<number> {
  return purgeArchivedBefore(db, new Date(now.getTime() - WINDOW_MS));
}
