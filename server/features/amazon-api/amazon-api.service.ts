/**
 * The owners' side of the Amazon Creators API (issue 14 part 3; admin-area §2 "API tab", §5, §7
 * `POST /api/amazon/search`, §8 "Retailer import", §9): search Amazon, import selected products,
 * and the tab's quota and freshness figures. Admin calls draw from the shared quota with admin
 * priority. Money in pence inside, pound strings ("12.99") in the answers, as the spec's shape.
 */
import type {
  AmazonAccess,
  AmazonAccessDenied,
  AmazonImportResponse,
  AmazonSearchBody,
  AmazonSearchProduct,
  AmazonSearchResponse,
  AmazonStatus,
} from '../../../common/api/amazon-api.admin.schema';
import { amazonSearchBodySchema } from '../../../common/api/amazon-api.admin.schema';
import { SEARCH_INDEX_OPTIONS } from '../../../common/amazon-search';
import { discountPercent } from '../../../common/discount';
import { penceToPriceString } from '../../../common/money';
import { catalogueTransaction, noteCatalogueWrite } from '../../catalogue-version';
import type { Db } from '../../db/client';
import { fail, ok, type Outcome } from '../../http/outcome';
import type { CreatorsApiConnection } from '../../sources/creators-api/creators-api.connection';
import { CreatorsApiError, QuotaExhaustedError } from '../../sources/creators-api/creators-api-errors';
import type { AmazonProduct } from '../../sources/creators-api/creators-api-item';
import { CREATORS_API_SOURCE_NAME } from '../../sources/creators-api/creators-api.source';
import { nextUtcDayMs, type AccessState } from '../../sources/creators-api/creators-api.store';
import { adminReserveOf } from '../../sources/creators-api/quota-limiter';
import { recordAdminAction } from '../audit';
import { loadPricedProducts, recordPrices, type NewObservation } from '../prices';
import { callsPerHour, callsSince, freshnessCounts, knownAsins, oldestAmazonPriceAsOf, upsertAmazonProducts } from './amazon-api.queries';
import { planFreshness } from './freshness.rules';

export interface AmazonApiDeps {
  db: Db;
  amazon: CreatorsApiConnection | null | undefined;
  clock: () => Date;
}

export const NOT_CONFIGURED = 'Amazon is not configured: set AMAZON_CREDENTIAL_ID and AMAZON_CREDENTIAL_SECRET (see .env.example)';
const SEARCH_FAILED = 'Unable to search Amazon at this time';
const ACCESS_RETRY_MS = 60 * 60 * 1000;

/** A failure for an error of the API or the quota, recording a 403 for the banner. */
async function apiFailure(deps: AmazonApiDeps, amazon: CreatorsApiConnection, error: unknown, what: string): Promise<Outcome<never>> {
  if (error instanceof QuotaExhaustedError)
    return fail('rate-limited', `Today's Amazon request quota is used up; it resets at ${error.resetsAt.toISOString()}`);
  if (error instanceof CreatorsApiError && error.accessDenied) {
    const now = deps.clock();
    await amazon.store.setAccessDenied(`${error.reason ?? error.type}: ${error.message}`, now, new Date(now.getTime() + ACCESS_RETRY_MS));
    return fail(
      'unavailable',
      'Amazon denied access to the Creators API (AssociateNotEligible): prices come from the catalogue until access returns',
    );
  }
  if (error instanceof CreatorsApiError && error.status === 400)
    return fail('invalid', `${what}: Amazon refused the request (${error.fieldList.join(', ') || error.reason || 'validation'})`);
  if (error instanceof CreatorsApiError || error instanceof RangeError) return fail('unavailable', SEARCH_FAILED);
  throw error;
}

/** An Amazon product in the spec's product shape. */
function searchProductOf(p: AmazonProduct, inCatalogue: boolean): AmazonSearchProduct {
  const percent = discountPercent(p.listPricePence, p.pricePence);
  return {
    asin: p.asin,
    title: p.title ?? p.asin,
    price: p.pricePence === null ? null : penceToPriceString(p.pricePence),
    originalPrice: p.listPricePence === null ? null : penceToPriceString(p.listPricePence),
    savingBasisLabel: p.savingBasisLabel,
    discount: percent,
    discountPercent: percent,
    brand: p.brand,
    imageUrl: p.imageUrl,
    productUrl: p.detailPageUrl,
    url: p.detailPageUrl,
    category: p.category,
    categoryName: p.categoryName,
    features: p.features,
    rating: null,
    reviewCount: null,
    availability: p.availability,
    isPrime: p.deal?.primeOnly ?? false,
    dealLabel: p.deal?.label ?? null,
    dealEndsAt: p.deal?.endsAt?.toISOString() ?? null,
    inCatalogue,
    fetchedAt: p.fetchedAt.toISOString(),
  };
}

/**
 * Searches Amazon (`POST /api/amazon/search`): keywords in the chosen index, at most `itemCount`
 * results, under `maxPrice` pounds, only labelled savings when `discountOnly`. One request.
 */
export async function searchAmazon(deps: AmazonApiDeps, input: AmazonSearchBody): Promise<Outcome<AmazonSearchResponse>> {
  const amazon = deps.amazon;
  if (!amazon) return fail('unavailable', NOT_CONFIGURED);
  const body = amazonSearchBodySchema.parse(input);
  const apiIndex = SEARCH_INDEX_OPTIONS.find((o) => o.value === body.searchIndex)!.apiIndex;
  try {
    const result = await amazon.client.searchItems(
      {
        keywords: body.keywords,
        searchIndex: apiIndex,
        itemCount: body.itemCount,
        itemPage: body.page,
        maxPricePence: body.maxPrice === undefined ? undefined : Math.round(body.maxPrice * 100),
        minSavingPercent: body.discountOnly ? 1 : undefined,
      },
      { priority: 'admin' },
    );
    await amazon.store.clearAccessDenied();
    const known = await knownAsins(
      deps.db,
      result.products.map((p) => p.asin),
    );
    const products = result.products.filter((p) => !body.discountOnly || p.listPricePence !== null);
    return ok({
      products: products.map((p) => searchProductOf(p, known.has(p.asin))),
      totalResults: result.totalResultCount,
      page: body.page,
      searchIndex: body.searchIndex,
    });
  } catch (error) {
    return apiFailure(deps, amazon, error, 'search');
  }
}

/**
 * Imports the selected ASINs (`POST /api/admin/amazon/import`): fetched again from Amazon (10 per
 * request, admin priority) so the stored price is fresh, then upserted with their price
 * observations (source `creators-api`) in one transaction, audited with counts. ASINs Amazon does
 * not return, or returns without a current price, are skipped with the reason.
 */
export async function importFromAmazon(
  deps: AmazonApiDeps,
  adminId: number,
  asins: readonly string[],
): Promise<Outcome<AmazonImportResponse>> {
  const amazon = deps.amazon;
  if (!amazon) return fail('unavailable', NOT_CONFIGURED);
  const unique = [...new Set(asins)];
  const found: AmazonProduct[] = [];
  const skipped: AmazonImportResponse['skipped'] = [];
  let calls = 0;
  try {
    for (let i = 0; i < unique.length; i += 10) {
      const batch = unique.slice(i, i + 10);
      calls += 1;
      const result = await amazon.client.getItems(batch, { priority: 'admin' });
      await amazon.store.recordItems([...result.products.values()], result.notAccessible, deps.clock());
      for (const asin of batch) {
        const product = result.products.get(asin);
        if (!product)
          skipped.push({
            asin,
            reason: result.notAccessible.has(asin) ? 'not accessible through the Creators API' : 'not found on Amazon',
          });
        else if (product.pricePence === null || (product.currency !== null && product.currency !== 'GBP'))
          skipped.push({ asin, reason: 'no current offer (out of stock or unavailable)' });
        else found.push(product);
      }
    }
  } catch (error) {
    return apiFailure(deps, amazon, error, 'import');
  }
  const now = deps.clock();
  const outcome = await catalogueTransaction(deps.db, async (tx) => {
    const before = await loadPricedProducts(
      tx,
      found.map((p) => p.asin),
    );
    const rows = await upsertAmazonProducts(tx, found as Array<AmazonProduct & { pricePence: number; title: string }>, now);
    // New products, and titles, images or features Amazon changed even where the price did not:
    // cached answers must drop (recordPrices below notes only price changes).
    if (rows.length > 0) await noteCatalogueWrite(tx);
    const byAsin = new Map(found.map((p) => [p.asin, p]));
    const observations: NewObservation[] = rows.flatMap((row) => {
      const product = byAsin.get(row.asin)!;
      const previous = before.get(row.asin);
      if (previous && previous.pricePence === product.pricePence && previous.listPricePence === product.listPricePence) return [];
      return [
        {
          productId: row.id,
          asin: row.asin,
          pricePence: product.pricePence!,
          listPricePence: product.listPricePence,
          source: CREATORS_API_SOURCE_NAME,
          observedAt: product.fetchedAt,
        },
      ];
    });
    await recordPrices(tx, observations, now);
    const created = rows.filter((r) => r.created).length;
    const counts = { created, updated: rows.length - created, skipped: skipped.length, requests: calls };
    await recordAdminAction(tx, { adminId, action: 'amazon.import', counts }, now);
    return { created, updated: rows.length - created };
  });
  return ok({ ...outcome, skipped, calls });
}

/** The banner's shape of the stored access state: null unless Amazon is refusing access. */
function accessDeniedOf(access: AccessState | null): AmazonAccessDenied | null {
  if (!access?.deniedSince) return null;
  return { since: access.deniedSince.toISOString(), reason: access.deniedReason, retryAt: access.retryAt?.toISOString() ?? null };
}

/**
 * The admin area's banner (`GET /api/admin/amazon/access`; issue 14 part 1 "403 AssociateNotEligible
 * … shows a banner in the admin area"): whether Amazon is configured and, while it refuses access,
 * since when, what it said and the next hourly retry. One read of the shared state row (every admin
 * tab polls it); `{ configured: false, accessDenied: null }` without credentials. Throws what the
 * database throws.
 */
export async function amazonAccess(deps: Pick<AmazonApiDeps, 'amazon'>): Promise<AmazonAccess> {
  const amazon = deps.amazon;
  if (!amazon) return { configured: false, accessDenied: null };
  return { configured: true, accessDenied: accessDeniedOf(await amazon.store.accessState()) };
}

/** The API tab's figures: configuration, the 403 banner, quota used today, calls per hour, freshness. */
export async function amazonStatus(deps: AmazonApiDeps): Promise<AmazonStatus> {
  const now = deps.clock();
  const amazon = deps.amazon;
  const dayStart = new Date(nextUtcDayMs(now.getTime()) - 86_400_000);
  const [usedToday, hours, oldest, counts, access] = await Promise.all([
    callsSince(deps.db, dayStart),
    callsPerHour(deps.db, new Date(now.getTime() - 24 * 3_600_000)),
    oldestAmazonPriceAsOf(deps.db),
    freshnessCounts(deps.db),
    amazon ? amazon.store.accessState() : null,
  ]);
  const dailyLimit = amazon?.config.dailyLimit ?? 0;
  const plan = planFreshness({
    alertedAsins: counts.alerted,
    shownAmazonAsins: counts.shownAmazon,
    otherAsins: counts.other,
    ratePerSecond: amazon?.config.ratePerSecond ?? 0,
    backgroundDailyLimit: amazon ? amazon.limiter.backgroundLimit : 0,
  });
  return {
    configured: Boolean(amazon),
    marketplace: amazon?.config.marketplace ?? null,
    ratePerSecond: amazon?.config.ratePerSecond ?? null,
    dailyLimit: amazon ? dailyLimit : null,
    adminReserve: amazon ? adminReserveOf(dailyLimit) : null,
    accessDenied: accessDeniedOf(access),
    usedToday,
    callsPerHour: hours.map((h) => ({ hour: h.hour.toISOString(), calls: h.calls, errors: h.errors })),
    oldestShownPriceAgeSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : null,
    plan: {
      alertedAsins: counts.alerted,
      shownAmazonAsins: counts.shownAmazon,
      otherAsins: counts.other,
      requestsPerDayNeeded: plan.requestsPerDayNeeded,
      requestsPerDayAvailable: plan.requestsPerDayAvailable,
      fits: plan.fits,
    },
  };
}
