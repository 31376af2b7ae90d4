/**
 * A product's price (DESIGN.md §4 "Honest prices"; issue 27 "True times"), drawn by the shared
 * price-and-buy part (./price-and-buy.tsx), in one of three shapes:
 *
 * - a current price: the price in £, the struck-through original price with what substantiates it
 *   ('RRP', 'Was'…), and "Price as of {time}" when it was observed over an hour ago; the full
 *   Associates disclaimer is in the tooltip;
 * - a stale feed price (`priceStale`: observed longer ago than FEED_PRICE_MAX_AGE_DAYS, e.g. a 2023
 *   crawl): "Last seen £{price} on {date}", never as the current price and with no saving;
 * - no price (Amazon's data over 24 hours old, docs/decisions/0014-amazon-data-24h.md): nothing
 *   here; the buy button then reads "See today's price on Amazon".
 */
import clsx from 'clsx';
import type { Product } from '../../../common/api/products.schema';
import type { SavingBasisType } from '../../../common/discount';
import { formatPriceString } from '../../../common/money';
import { formatDateTime, formatLongDate, isPriceStale, priceDisclaimer } from '../../lib/date.format';

/** The buy button's words for a product without a price we may show (decision 0014). */
export const TODAYS_PRICE_TEXT = "See today's price on Amazon";
/** The buy button's words beside a stale feed price ("Last seen £X on {date}"). */
export const CHECK_TODAYS_PRICE_TEXT = "Check today's price on Amazon";

/** Sizes: a grid card, our product page, or a row of a list (the alternatives dialog). */
export type PriceSize = 'card' | 'page' | 'row';

/**
 * The product fields a price needs. `priceStale` is optional so an answer from a server without
 * the field (before issue 27) still draws, as a current price.
 */
export type PricedProduct = Pick<
  Product,
  'asin' | 'price' | 'originalPrice' | 'discountPercent' | 'savingBasis' | 'savingBasisLabel' | 'asOf'
> & {
  priceStale?: boolean;
};

/**
 * Short labels of a saving basis for cards and rows (the full label, common/discount.ts
 * `SAVING_BASIS_LABELS`, is on our product page): the retailer's own words, and "Tracked price" for
 * our history under the reference-price rule.
 */
export const SHORT_SAVING_LABELS: Record<SavingBasisType, string> = {
  LIST_PRICE: 'RRP',
  WAS_PRICE: 'Was',
  LOWEST_PRICE: 'Lowest recent',
  LOWEST_PRICE_STRIKETHROUGH: 'Lowest recent',
  TRACKED_PRICE: 'Tracked price',
};

/** How a product's price may be shown: 'current', 'last-seen' (a stale feed price) or 'hidden'. */
export type PriceState = 'current' | 'last-seen' | 'hidden';

/** The {@link PriceState} of a product (no price or no time: hidden; `priceStale`: last seen). */
export function priceState(product: PricedProduct): PriceState {
  if (product.price === null || product.asOf === null) return 'hidden';
  return product.priceStale === true ? 'last-seen' : 'current';
}

/** "Last seen £22.39 on 1 June 2023": a stale price with the date it was observed at its source. */
export function lastSeenText(price: string, asOfIso: string): string {
  const at = new Date(asOfIso);
  return `Last seen ${formatPriceString(price)} on ${Number.isNaN(at.getTime()) ? asOfIso : formatLongDate(at)}`;
}

export interface ProductPriceProps {
  product: PricedProduct;
  size?: PriceSize;
  /** The time (epoch ms) an "as of" time is judged against; now by default. */
  nowMs?: number;
}

const PRICE_TEXT: Record<PriceSize, string> = { card: 'text-xl', page: 'text-3xl', row: 'text-base' };
const ORIGINAL_TEXT: Record<PriceSize, string> = { card: 'text-sm', page: 'text-base', row: 'text-sm' };

export function ProductPrice({ product, size = 'card', nowMs = Date.now() }: ProductPriceProps) {
  const state = priceState(product);
  if (state === 'hidden') return null;
  const price = product.price as string;
  const asOf = product.asOf as string;
  if (state === 'last-seen') {
    return (
      <p
        data-testid="last-seen-price"
        className={clsx('text-slate-700', size === 'page' ? 'text-lg' : 'text-sm')}
        title="The price Amazon UK showed when this product was last checked; today's price may differ."
      >
        {lastSeenText(price, asOf)}
      </p>
    );
  }
  const discounted = product.originalPrice !== null && product.discountPercent !== null && product.discountPercent > 0;
  const label =
    size === 'page' || product.savingBasis === null
      ? product.savingBasisLabel
      : (SHORT_SAVING_LABELS[product.savingBasis] ?? product.savingBasisLabel);
  return (
    <div title={priceDisclaimer(asOf)}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className={clsx('font-bold text-slate-900', PRICE_TEXT[size])}>{formatPriceString(price)}</span>
        {discounted && (
          <span className={clsx('text-slate-600', ORIGINAL_TEXT[size])}>
            {label && <span>{label} </span>}
            <s aria-label={`original price ${formatPriceString(product.originalPrice)}`}>{formatPriceString(product.originalPrice)}</s>
          </span>
        )}
      </div>
      {size !== 'row' && isPriceStale(asOf, nowMs) && <p className="mt-0.5 text-xs text-slate-600">Price as of {formatDateTime(asOf)}</p>}
    </div>
  );
}
