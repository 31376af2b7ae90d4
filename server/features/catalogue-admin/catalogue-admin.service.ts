/**
 * The admin catalogue tabs' rules (issue 11 part 3; admin-area §2 "Products tab", "Product Catalog
 * tab", "Statistics tab", "Top-deals tab", §7, §9): the product list, products by id, the
 * statistics, the top 60 deals with their chips, and the deletions and cache clear.
 *
 * Every write runs in one {@link catalogueTransaction} that notes the catalogue write (so the
 * shoppers' answer caches, keyed by the catalogue version, drop what they held about the deleted
 * products, on this instance at once and on others within about a second) and records the admin
 * action with its counts in the audit log, inside the same transaction. Every deletion first
 * archives what it deletes (product-archive `archiveBeforeDelete`, decision 0027), so it can be
 * restored for 30 days. Callers are the admin routes only (an admin session is checked by the guard before any of this runs).
 */
import type { Db } from '../../db/client';
import { catalogueTransaction, catalogueVersionOf, noteCatalogueWrite } from '../../catalogue-version';
import { fail, ok, type Outcome } from '../../http/outcome';
import { penceToPriceString } from '../../../common/money';
import { getShopperCategory, SHOPPER_CATEGORY_KEYS } from '../../../common/categories';
import { OTHER_CATEGORY_LABEL, PRICE_BAND_EDGES_PENCE, TOP_DEAL_CHIPS, TOP_DEALS_COUNT } from '../../../common/admin-products';
import type {
  AdminProduct,
  AdminProductsQuery,
  AdminProductsResponse,
  AdminStats,
  CacheClearedResponse,
  DeletedCountResponse,
  ProductEdit,
  ProductEditResponse,
  TopDealsResponse,
} from '../../../common/api/products.admin.schema';
import { recordPrices, setProductPrices } from '../prices';
import { recordAdminAction } from '../audit';
import { archiveBeforeDelete } from '../product-archive';
import { dealBasisOf, toShownProduct } from '../products';
import {
  catalogueTotals,
  countAdminProducts,
  countByCategory,
  countByPriceBand,
  deleteAllProducts,
  deleteProductsByIds,
  findAdminProductPage,
  findProductByAsin,
  findProductsByIds,
  updateProductDetails,
  type ProductDetailsUpdate,
  findTopDeals,
  type AdminProductRow,
} from './catalogue-admin.queries';
import { topDealChipOf } from './top-deal-chips.rules';

/** Row → the admin Product shape (the shopper shape with the default tag, its deal basis and `lastUpdated`). */
export function toAdminProduct(row: AdminProductRow, affiliateTag: string): AdminProduct {
  return {
    ...toShownProduct(row, affiliateTag),
    dealBasis: dealBasisOf(row),
    lastUpdated: row.updatedAt.toISOString(),
    isActive: row.isActive,
  };
}

/**
 * `GET /api/admin/products`: one page of the catalogue filtered by category, search text (title,
 * brand or ASIN contains it) and ASIN, sorted by `sortBy` then id. The page is clamped to
 * 1..totalPages, so a list whose last page was just emptied answers the new last page.
 */
export async function listAdminProducts(db: Db, affiliateTag: string, q: AdminProductsQuery): Promise<AdminProductsResponse> {
  const filter = { category: q.category, search: q.search, asin: q.asin, status: q.status };
  const total = await countAdminProducts(db, filter);
  const totalPages = Math.max(1, Math.ceil(total / q.limit));
  const page = Math.min(q.page, totalPages);
  const rows = total === 0 ? [] : await findAdminProductPage(db, filter, q.sortBy, q.sortOrder, (page - 1) * q.limit, q.limit);
  return {
    products: rows.map((row) => toAdminProduct(row, affiliateTag)),
    pagination: { page, limit: q.limit, total, totalPages },
  };
}

/** `POST /api/admin/products/by-ids`: the products with these ids, in the order asked, each once; unknown ids are left out. */
export async function productsByIds(db: Db, affiliateTag: string, ids: readonly number[]): Promise<{ products: AdminProduct[] }> {
  const wanted = [...new Set(ids)];
  const rows = new Map((await findProductsByIds(db, wanted)).map((row) => [row.id, row]));
  const found = wanted.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toAdminProduct(row, affiliateTag)] : [];
  });
  return { products: found };
}

/** Label of a stored category key for the charts: the shopper name, or 'Other'. */
export function categoryLabel(key: string): string {
  return getShopperCategory(key)?.name ?? (key === 'other' ? OTHER_CATEGORY_LABEL : key);
}

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

/** "£5–£10" for band i of PRICE_BAND_EDGES_PENCE; "Under £5" for the first, "£1,000+" for the last. */
export function priceBandLabel(band: number): string {
  const edges = PRICE_BAND_EDGES_PENCE;
  if (band === 0) return `Under ${pounds.format(edges[0] / 100)}`;
  const from = edges[band - 1] as number;
  const to = edges[band];
  return to === undefined ? `${pounds.format(from / 100)}+` : `${pounds.format(from / 100)}–${pounds.format(to / 100)}`;
}

/**
 * `GET /api/admin/stats` (admin-area §2 "Statistics tab", §3 "Admin stats"): total, products per
 * category (the ten and 'Other', empty ones included, largest first), the mean discount of the
 * products with a substantiated discount, the price range, and products per price band.
 */
export async function catalogueStats(db: Db): Promise<AdminStats> {
  const [totals, categories, bands] = [await catalogueTotals(db), await countByCategory(db), await countByPriceBand(db)];
  const counts = new Map(categories.map((c) => [c.category, c.count]));
  const keys = [...SHOPPER_CATEGORY_KEYS, 'other', ...categories.map((c) => c.category)];
  const byCategory = [...new Set(keys)]
    .map((category) => ({ category, label: categoryLabel(category), count: counts.get(category) ?? 0 }))
    .sort((a, b) => b.count - a.count);
  const bandCounts = new Map(bands.map((b) => [b.band, b.count]));
  const priceHistogram = Array.from({ length: PRICE_BAND_EDGES_PENCE.length + 1 }, (_, band) => ({
    fromPence: band === 0 ? 0 : (PRICE_BAND_EDGES_PENCE[band - 1] as number),
    toPence: PRICE_BAND_EDGES_PENCE[band] ?? null,
    label: priceBandLabel(band),
    count: bandCounts.get(band) ?? 0,
  }));
  return {
    total: totals.total,
    byCategory,
    avgDiscount: totals.avgDiscount === null ? null : Math.round(totals.avgDiscount * 10) / 10,
    discountedCount: totals.discountedCount,
    dealCount: totals.dealCount,
    priceRange:
      totals.minPence === null || totals.maxPence === null
        ? null
        : { min: penceToPriceString(totals.minPence), max: penceToPriceString(totals.maxPence) },
    priceHistogram,
  };
}

/**
 * `GET /api/admin/top-deals` (admin-area §2 "Top-deals tab", §9 "Top deals: count 60"): the 60
 * products with the largest deal percent under the deal definition of docs/decisions/0008 (the
 * stored basis; never a discount we cannot substantiate), each with its chip
 * (top-deal-chips.rules.ts), and every chip's count among them ('all' counts them all).
 */
export async function topDeals(db: Db, affiliateTag: string): Promise<TopDealsResponse> {
  const rows = await findTopDeals(db, TOP_DEALS_COUNT);
  const products = rows.map((row) => ({ ...toAdminProduct(row, affiliateTag), chip: topDealChipOf(row.category, row.categoryName) }));
  const categories = TOP_DEAL_CHIPS.map(({ key, label }) => ({
    key,
    label,
    count: key === 'all' ? products.length : products.filter((p) => p.chip === key).length,
  }));
  return { products, categories };
}

/** `DELETE /api/admin/products/{id}`: not-found (404) when no product has this id. */
export async function deleteProduct(db: Db, adminId: number, id: number, now: Date): Promise<Outcome<DeletedCountResponse>> {
  const [row] = await findProductsByIds(db, [id]);
  if (!row) return fail('not-found', `id: no product with id ${id}`);
  const deletedCount = await catalogueTransaction(db, async (tx) => {
    await archiveBeforeDelete(tx, { ids: [id] }, 'delete', adminId, now);
    const deleted = await deleteProductsByIds(tx, [id]);
    if (deleted > 0) await noteCatalogueWrite(tx);
    await recordAdminAction(
      tx,
      { adminId, action: 'products.delete', target: row.asin, counts: { deleted }, detail: deleted > 0 ? { deleted: [row.asin] } : null },
      now,
    );
    return deleted;
  });
  return deletedCount === 0 ? fail('not-found', `id: no product with id ${id}`) : ok({ deletedCount, asins: [row.asin] });
}

/** Bulk `DELETE /api/admin/products` `{ ids }`: deletes those that exist; answers how many went. */
export async function deleteProducts(db: Db, adminId: number, ids: readonly number[], now: Date): Promise<DeletedCountResponse> {
  const unique = [...new Set(ids)];
  // The audit entry lists the ASINs that go (issue 29).
  const asins = (await findProductsByIds(db, unique)).map((row) => row.asin).sort();
  const deletedCount = await catalogueTransaction(db, async (tx) => {
    await archiveBeforeDelete(tx, { ids: unique }, 'bulk-delete', adminId, now);
    const deleted = await deleteProductsByIds(tx, unique);
    if (deleted > 0) await noteCatalogueWrite(tx);
    await recordAdminAction(
      tx,
      {
        adminId,
        action: 'products.bulk-delete',
        counts: { requested: unique.length, deleted },
        detail: { deleted: asins, deletedTotal: deleted },
      },
      now,
    );
    return deleted;
  });
  return { deletedCount, asins };
}

/**
 * `DELETE /api/admin/products/clear-all`: deletes every product, archived first so each can be
 * restored for 30 days (decision 0027; the page confirms first).
 */
export async function clearAllProducts(db: Db, adminId: number, now: Date): Promise<DeletedCountResponse> {
  const deletedCount = await catalogueTransaction(db, async (tx) => {
    await archiveBeforeDelete(tx, { all: true }, 'clear-all', adminId, now);
    const deleted = await deleteAllProducts(tx);
    if (deleted > 0) await noteCatalogueWrite(tx);
    await recordAdminAction(tx, { adminId, action: 'products.clear-all', counts: { deleted } }, now);
    return deleted;
  });
  return { deletedCount };
}

/**
 * `DELETE /api/admin/cache`: empties every answer cache (docs/decisions/0006) by bumping the
 * catalogue version, which every cache keys its entries with: this instance drops them at once,
 * other instances on the same database within about a second. Nothing else is cached server-side.
 */
export async function clearAnswerCaches(db: Db, adminId: number, now: Date): Promise<CacheClearedResponse> {
  await catalogueTransaction(db, async (tx) => {
    await noteCatalogueWrite(tx);
    await recordAdminAction(tx, { adminId, action: 'cache.clear' }, now);
  });
  return { cleared: true, catalogueVersion: await catalogueVersionOf(db).current() };
}

/** The price source an owner's edit is recorded under (price_observations.source, products.price_source). */
export const ADMIN_EDIT_SOURCE = 'admin';

const shown = (value: string | null | undefined): string => (value === null || value === undefined || value === '' ? '(none)' : value);

/**
 * `PATCH /api/admin/products/{asin}` (issue 29 "Edit a product"): writes the fields of `edit` that
 * differ from the stored product, in one catalogue transaction (cached answers drop). A new price
 * (pence) is set through the prices feature (`setProductPrices`: list price and saving basis kept,
 * `price_as_of` = `now`, source 'admin') and recorded as a price observation (`recordPrices`, which
 * refreshes the 30-day statistics and deal basis). The audit entry 'products.edit' names the ASIN and
 * every changed field as "old → new" (prices in pounds). Answers the product as the list shows it and
 * those changes (empty when nothing differed; then nothing is written but the audit entry is not
 * either). `isActive` (decision 0034) takes the product off every shopper page and out of alert
 * judging, or puts it back: recorded as its own audit entry, 'products.deactivate' or
 * 'products.activate' with the ASIN as target ("Deactivated product B0…"), beside a 'products.edit'
 * entry for any other field changed with it. Fails 'not-found' (404) when no product has this ASIN.
 * Throws what the database throws.
 */
export async function editProduct(
  db: Db,
  affiliateTag: string,
  adminId: number,
  asin: string,
  edit: ProductEdit,
  now: Date,
): Promise<Outcome<ProductEditResponse>> {
  const before = await findProductByAsin(db, asin);
  if (!before) return fail('not-found', `asin: no product with ASIN ${asin}`);
  const details: ProductDetailsUpdate = {};
  const changed: Record<string, string> = {};
  if (edit.title !== undefined && edit.title !== before.title) {
    details.title = edit.title;
    changed.title = `${before.title} → ${edit.title}`;
  }
  if (edit.imageUrl !== undefined && edit.imageUrl !== before.imageUrl) {
    details.imageUrl = edit.imageUrl;
    changed.imageUrl = `${shown(before.imageUrl)} → ${shown(edit.imageUrl)}`;
  }
  if (edit.category !== undefined && edit.category !== before.category) {
    details.category = edit.category;
    changed.category = `${before.category} → ${edit.category}`;
  }
  const newPrice = edit.price !== undefined && edit.price !== before.pricePence ? edit.price : undefined;
  if (newPrice !== undefined) changed.price = `${penceToPriceString(before.pricePence)} → ${penceToPriceString(newPrice)}`;
  const edited = { ...changed };
  const activeLabel = (active: boolean) => (active ? 'active' : 'inactive');
  if (edit.isActive !== undefined && edit.isActive !== before.isActive) {
    details.isActive = edit.isActive;
    changed.isActive = `${activeLabel(before.isActive)} → ${activeLabel(edit.isActive)}`;
  }
  if (Object.keys(changed).length > 0) {
    await catalogueTransaction(
      db,
      async (tx) => {
        // Named before the write, so the change logged holds the words the product had and has
        // (decision 0046): cached searches for its old title and its new one are dropped, others kept.
        await noteCatalogueWrite(tx, [before.id], { wordsMayChange: true });
        await updateProductDetails(tx, before.id, details, now);
        if (newPrice !== undefined) {
          const listPricePence = before.listPricePence;
          await setProductPrices(
            tx,
            [
              {
                productId: before.id,
                pricePence: newPrice,
                listPricePence,
                savingBasisType: before.savingBasisType,
                observedAt: now,
                source: ADMIN_EDIT_SOURCE,
              },
            ],
            now,
          );
          await recordPrices(
            tx,
            [{ productId: before.id, asin, pricePence: newPrice, listPricePence, source: ADMIN_EDIT_SOURCE, observedAt: now }],
            now,
          );
        }
        if (Object.keys(edited).length > 0)
          await recordAdminAction(tx, { adminId, action: 'products.edit', target: asin, detail: { changed: edited } }, now);
        if (details.isActive !== undefined)
          await recordAdminAction(
            tx,
            {
              adminId,
              action: details.isActive ? 'products.activate' : 'products.deactivate',
              target: asin,
              detail: { changed: { isActive: changed.isActive! } },
            },
            now,
          );
      },
      { namesEveryWrite: true },
    );
  }
  const after = (await findProductByAsin(db, asin)) ?? before;
  return ok({ product: toAdminProduct(after, affiliateTag), changed });
}
