/**
 * Maps a stored product row onto the API's Product shape (shopper-screens §3 "Product";
 * DESIGN.md §4 "Money" and "Honest prices"). The one place that decides which "was" price is shown,
 * and whether a price may be shown at all: Amazon's data older than 24 hours is hidden on public
 * answers (the licence's cache limit; amazon-licence.rules.ts, docs/decisions/0014-amazon-data-24h.md).
 */
import { isAsin, productAffiliateUrl } from '../../../common/affiliate';
import { discountPercent, isLabelledSavingBasis, SAVING_BASIS_LABELS, savingPence, type SavingBasisType } from '../../../common/discount';
import { penceToPriceString } from '../../../common/money';
import type { Product, ShownProduct, Suggestion } from '../../../common/api/products.schema';
import { paths } from '../../../common/paths';
import { isPriceShowable, priceShowableUntilMs, type PriceProvenance } from './amazon-licence.rules';
import { isStaleFeedPrice } from '../prices';
import type { PriceBadge } from '../../../common/price-badges';

/** The product columns the API reads (money in integer pence, times as Date). */
export interface ProductRow {
  id: number;
  asin: string;
  title: string;
  pricePence: number;
  listPricePence: number | null;
  savingBasisType: string | null;
  observedHigh30dPence: number | null;
  observedLow30dPence: number | null;
  /** The tracked reference price under the reference-price rule (refreshProductStats), pence; null when none. */
  referencePricePence: number | null;
  /** The stored "lowest in 30 days" verdict of the same rule. */
  lowestIn30Days: boolean;
  /** The stored price badges (issue 30; prices/price-badges.rules.ts); absent where a query does not read them. */
  priceBadges?: PriceBadge[];
  imageUrl: string | null;
  rating: number | null;
  reviewCount: number | null;
  category: string;
  categoryName: string | null;
  brand: string | null;
  features: unknown;
  priceAsOf: Date;
  /** Who last set or confirmed the price: 'creators-api' (Amazon's data, 24 h licence) or a feed's source. */
  priceSource: string;
}

/**
 * What one answer may show of prices, judged at one instant. Public answers use
 * {@link publicPriceView}: Amazon's data is shown only within 24 hours of `price_as_of`, and the view
 * remembers when the first price it let through expires, so a cached answer is not served past it
 * ({@link withPriceView}). The owners' pages (not public) map rows with {@link toShownProduct}.
 */
export interface PriceView {
  /** True when the row's price, saving, deal basis and "as of" time may be shown. */
  shows(row: PriceProvenance): boolean;
  /** Epoch ms at which the first Amazon price this view let through may no longer be shown; Infinity when none. */
  readonly expiresAtMs: number;
  /** The instant the view judges at (also the "last seen" age of feed prices). */
  readonly now: Date;
}

/** A public view at `now` (the licence's 24 hours; amazon-licence.rules.ts). */
export function publicPriceView(now: Date): PriceView {
  const nowMs = now.getTime();
  let expiresAtMs = Number.POSITIVE_INFINITY;
  return {
    shows(row) {
      if (!isPriceShowable(row, nowMs)) return false;
      expiresAtMs = Math.min(expiresAtMs, priceShowableUntilMs(row));
      return true;
    },
    get expiresAtMs() {
      return expiresAtMs;
    },
    now,
  };
}

/**
 * Builds an answer with a fresh public view at `now` and tells the answer cache when it must no
 * longer be served (`life`, server/http/answer-cache.ts): the moment its first Amazon price passes
 * 24 hours. `life` may be omitted for answers that are not cached.
 */
export async function withPriceView<T>(
  now: Date,
  life: { expiresAt(epochMs: number): void } | undefined,
  build: (view: PriceView) => Promise<T>,
): Promise<T> {
  const view = publicPriceView(now);
  const answer = await build(view);
  if (life && Number.isFinite(view.expiresAtMs)) life.expiresAt(view.expiresAtMs);
  return answer;
}

/** A substantiated original price: pence and where it comes from. */
export interface OriginalPrice {
  pence: number;
  basis: SavingBasisType;
}

/**
 * Chooses the "was" price (docs/pricing/reference-prices.md): the retailer's labelled saving basis
 * when it is above the current price, else our tracked reference price (the price before the drop,
 * held on evidence for 28+ days: the pricing module's `trackedReference`, stored by
 * refreshProductStats) when above it, else null: no struck-through price, no badge. A basis never
 * applies when the price is not above 0. The SQL twin is prices/original-price.sql.ts.
 */
export function chooseOriginalPrice(
  row: Pick<ProductRow, 'pricePence' | 'listPricePence' | 'savingBasisType' | 'referencePricePence'>,
): OriginalPrice | null {
  if (!(row.pricePence > 0)) return null;
  if (row.listPricePence != null && row.listPricePence > row.pricePence) {
    // Anything the feed names that is not a labelled basis reads as LIST_PRICE.
    const labelled = isLabelledSavingBasis(row.savingBasisType) ? row.savingBasisType : undefined;
    return { pence: row.listPricePence, basis: labelled ?? 'LIST_PRICE' };
  }
  if (row.referencePricePence != null && row.referencePricePence > row.pricePence) {
    return { pence: row.referencePricePence, basis: 'TRACKED_PRICE' };
  }
  return null;
}

/** The last affiliate tag seen and the link prefix it yields, e.g. "https://…/dp/" + ASIN + "?tag=…". */
let linkTag: string | null = null;
let linkParts: [string, string] = ['', ''];

/**
 * The tagged product link, exactly as productAffiliateUrl builds it (common/affiliate.ts owns the
 * format), but building the query string once per tag instead of once per product: a page of 100
 * products otherwise runs URLSearchParams 100 times. Throws RangeError for a malformed ASIN.
 */
function affiliateUrl(asin: string, tag: string): string {
  if (tag !== linkTag) {
    // A probe ASIN splits the canonical link around the ASIN; the tag is the only variable part.
    const probe = 'B000000000';
    const url = productAffiliateUrl(probe, tag);
    const at = url.indexOf(probe);
    linkParts = [url.slice(0, at), url.slice(at + probe.length)];
    linkTag = tag;
  }
  if (!isAsin(asin)) throw new RangeError(`not an ASIN: ${asin}`);
  return linkParts[0] + asin + linkParts[1];
}

/** The stored features as a list of strings; anything malformed in the jsonb column is dropped. */
function featureList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
}

/**
 * Row → API Product. Prices become pound strings ("12.99"); `affiliateUrl` is the tagged canonical
 * `/dp/` link (common/affiliate.ts); `productUrl` is our own page `/deals/{asin}` so shoppers see
 * the price history before leaving. When `view` does not show the row's price (Amazon's data older
 * than 24 hours), `price`, the original price, discount, saving basis and `asOf` are null and
 * `lowestIn30Days` false: the card then offers "See today's price on Amazon". Throws RangeError
 * only for a malformed ASIN in the row (the schema's varchar(10) and the importer keep them
 * well-formed).
 */
export function toProduct(row: ProductRow, affiliateTag: string, view: PriceView): Product {
  return view.shows(row) ? toShownProduct(row, affiliateTag, view.now) : withoutPrice(row, affiliateTag);
}

/**
 * Row → API Product with its price whatever its age: for the owners' admin pages only (not public;
 * the licence limits what the public sees). Throws RangeError as {@link toProduct}.
 */
export function toShownProduct(row: ProductRow, affiliateTag: string, now: Date = new Date()): ShownProduct {
  // A feed's price older than FEED_PRICE_MAX_AGE_DAYS is "last seen", never current: no saving on it.
  const stale = isStaleFeedPrice(row, now);
  const original = stale ? null : chooseOriginalPrice(row);
  const saving = original ? savingPence(original.pence, row.pricePence) : null;
  return {
    asin: row.asin,
    id: String(row.id),
    title: row.title,
    price: penceToPriceString(row.pricePence),
    originalPrice: original ? penceToPriceString(original.pence) : null,
    discountPercent: original ? discountPercent(original.pence, row.pricePence) : null,
    discount: saving != null ? penceToPriceString(saving) : null,
    savingBasis: original?.basis ?? null,
    savingBasisLabel: original ? SAVING_BASIS_LABELS[original.basis] : null,
    imageUrl: row.imageUrl,
    affiliateUrl: affiliateUrl(row.asin, affiliateTag),
    productUrl: paths.product(row.asin),
    rating: row.rating,
    reviewCount: row.reviewCount,
    category: row.category,
    categoryName: row.categoryName,
    brand: row.brand,
    features: featureList(row.features),
    asOf: row.priceAsOf.toISOString(),
    priceStale: stale,
    lowestIn30Days: !stale && row.lowestIn30Days,
    priceBadges: stale ? [] : (row.priceBadges ?? []),
  };
}

/** The product with nothing of its price: what a public answer shows once Amazon's data is over 24 hours old. */
function withoutPrice(row: ProductRow, affiliateTag: string): Product {
  return {
    asin: row.asin,
    id: String(row.id),
    title: row.title,
    price: null,
    originalPrice: null,
    discountPercent: null,
    discount: null,
    savingBasis: null,
    savingBasisLabel: null,
    imageUrl: row.imageUrl,
    affiliateUrl: affiliateUrl(row.asin, affiliateTag),
    productUrl: paths.product(row.asin),
    rating: row.rating,
    reviewCount: row.reviewCount,
    category: row.category,
    categoryName: row.categoryName,
    brand: row.brand,
    features: featureList(row.features),
    asOf: null,
    priceStale: false,
    lowestIn30Days: false,
    priceBadges: [],
  };
}

/**
 * Row → search-box suggestion (shopper-screens §2 "Search box": image, title, price in £); price and
 * `asOf` null when `view` hides the price (Amazon's data over 24 hours old).
 */
export function toSuggestion(
  row: Pick<ProductRow, 'asin' | 'title' | 'pricePence' | 'imageUrl' | 'priceAsOf' | 'priceSource'>,
  view: PriceView,
): Suggestion {
  const shown = view.shows(row);
  return {
    asin: row.asin,
    title: row.title,
    price: shown ? penceToPriceString(row.pricePence) : null,
    imageUrl: row.imageUrl,
    asOf: shown ? row.priceAsOf.toISOString() : null,
  };
}
