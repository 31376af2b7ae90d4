/**
 * The Creators API as a {@link PriceSource} (issue 14 parts 1 and 3; ../shared/reference/
 * amazon-creators-api.md "Access", "Answers"). The price-check job is unchanged: it gets this source
 * instead of the catalogue when credentials are configured (server/main.ts), and writes what it
 * answers as price observations with source `creators-api`.
 *
 * - One getItems request per lookup (≤ 10 ASINs), background priority, price resources only.
 * - `ItemNotAccessible` ASINs and products without a current GBP offer get a quote with no price
 *   (the job then reports "no current offer"): the batch never fails for them.
 * - 403 (AssociateNotEligible): recorded in the database (the admin area shows a banner), and this
 *   lookup and every later one are answered by the catalogue source until the hourly retry; the first
 *   answer after that clears the state.
 * - Other errors throw (the job marks only this call's ASINs failed).
 */
import { CATALOGUE_SOURCE_NAME } from '../catalogue.source';
import type { PriceQuote, PriceSource } from '../price-source';
import { PRICE_RESOURCES, MAX_ITEM_IDS, type CreatorsApiClient } from './creators-api.client';
import { CreatorsApiError } from './creators-api-errors';
import type { AmazonProduct } from './creators-api-item';
import type { CreatorsApiStore } from './creators-api.store';

/** Name recorded on price observations written from this source's answers. */
export const CREATORS_API_SOURCE_NAME = 'creators-api';
/** How long after a 403 access is tried again. */
export const ACCESS_RETRY_MS = 60 * 60 * 1000;
/** Answers older than this no longer count as "the API is in use" for the source's name. */
const RECENT_SUCCESS_MS = 6 * 60 * 60 * 1000;

export interface SourceLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

export interface CreatorsApiSourceOptions {
  client: CreatorsApiClient;
  store: CreatorsApiStore;
  /** Answers while access is denied (the catalogue source). */
  fallback: PriceSource;
  clock?: () => Date;
  log?: SourceLog;
}

/** A price quote of an Amazon product (pence); no price unless Amazon offers it now in pounds. */
export function quoteOf(product: AmazonProduct): PriceQuote {
  const gbp = product.currency === null || product.currency === 'GBP';
  const pricePence = gbp ? product.pricePence : null;
  return {
    asin: product.asin,
    pricePence,
    listPricePence: pricePence === null ? null : product.listPricePence,
    savingBasisType: pricePence === null ? null : product.savingBasisType,
    observedAt: product.fetchedAt,
    // Issue 30: in stock when Amazon offers it now (IN_STOCK, IN_STOCK_SCARCE, PREORDER…); OUT_OF_STOCK,
    // UNAVAILABLE or no offer at all is out of stock.
    inStock: product.available,
  };
}

/** The source. `name` is `creators-api`, or `catalogue` while denied with no recent API answer. */
export function createCreatorsApiSource(opts: CreatorsApiSourceOptions): PriceSource {
  const { client, store, fallback } = opts;
  const clock = opts.clock ?? (() => new Date());
  let lastAnswerAt = Number.NEGATIVE_INFINITY;
  let fellBack = false;

  async function denied(now: Date): Promise<boolean> {
    const state = await store.accessState();
    return state.deniedSince !== null && state.retryAt !== null && now < state.retryAt;
  }

  async function fromApi(asins: readonly string[]): Promise<Map<string, PriceQuote>> {
    const result = await client.getItems(asins, { priority: 'background', resources: PRICE_RESOURCES });
    const now = clock();
    const quotes = new Map<string, PriceQuote>();
    for (const product of result.products.values()) quotes.set(product.asin, quoteOf(product));
    for (const asin of result.notAccessible) {
      quotes.set(asin, { asin, pricePence: null, listPricePence: null, savingBasisType: null, observedAt: now });
    }
    await store.recordItems([...result.products.values()], result.notAccessible, now);
    return quotes;
  }

  return {
    get name() {
      return fellBack && clock().getTime() - lastAnswerAt > RECENT_SUCCESS_MS ? CATALOGUE_SOURCE_NAME : CREATORS_API_SOURCE_NAME;
    },
    maxAsinsPerCall: MAX_ITEM_IDS,
    async lookup(asins) {
      if (asins.length > MAX_ITEM_IDS) throw new RangeError(`at most ${MAX_ITEM_IDS} ASINs per call, got ${asins.length}`);
      if (asins.length === 0) return new Map();
      const now = clock();
      const wasDenied = (await store.accessState()).deniedSince !== null;
      if (await denied(now)) {
        fellBack = true;
        return fallback.lookup(asins);
      }
      try {
        const quotes = await fromApi(asins);
        lastAnswerAt = clock().getTime();
        fellBack = false;
        if (wasDenied) {
          await store.clearAccessDenied();
          opts.log?.info({}, 'Creators API access is back: prices come from Amazon again');
        }
        return quotes;
      } catch (error) {
        if (!(error instanceof CreatorsApiError) || !error.accessDenied) throw error;
        const retryAt = new Date(now.getTime() + ACCESS_RETRY_MS);
        await store.setAccessDenied(`${error.reason ?? error.type}: ${error.message}`, now, retryAt);
        opts.log?.warn(
          { reason: error.reason, retryAt: retryAt.toISOString() },
          'Creators API access denied: using the catalogue until the hourly retry',
        );
        fellBack = true;
        return fallback.lookup(asins);
      }
    },
  };
}
