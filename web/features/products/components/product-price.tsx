/**
 * A product's price block (DESIGN.md §4 "Honest prices"): the price in £, the struck-through
 * original price with what substantiates it ('RRP', '30-day high'…), and the "as of" time when
 * the price is older than an hour. The full disclaimer is always in the tooltip.
 *
 * Without a price (the API answers none for Amazon's data over 24 hours old: the Associates
 * licence's cache limit, docs/decisions/0014-amazon-data-24h.md) it shows "See today's price on
 * Amazon", an "Ad"-labelled link through our tracked redirect, and no time.
 */
import clsx from 'clsx';
import type { Product } from '../../../../common/api/products.schema';
import { formatPriceString } from '../../../../common/money';
import { formatDateTime, isPriceStale, priceDisclaimer } from '../../../lib/date.format';
import { outboundHref, refreshOutboundHref } from '../../../lib/outbound-link';
import { shortSavingLabel } from '../affiliate-link';

/** What a product shows instead of a price we may not show. */
export const TODAYS_PRICE_TEXT = "See today's price on Amazon";

export interface ProductPriceProps {
  product: Pick<Product, 'asin' | 'price' | 'originalPrice' | 'discountPercent' | 'savingBasisLabel' | 'asOf'>;
  size?: 'card' | 'page';
  /** The time (epoch ms) staleness is judged against; now by default. */
  nowMs?: number;
  /** The owners' category page the product is on: the link then uses that page's tag (`cp`). */
  categoryPage?: string;
}

export function ProductPrice({ product, size = 'card', nowMs = Date.now(), categoryPage }: ProductPriceProps) {
  if (product.price === null || product.asOf === null)
    return <TodaysPriceLink asin={product.asin} size={size} categoryPage={categoryPage} />;
  const discounted = product.originalPrice !== null && product.discountPercent !== null && product.discountPercent > 0;
  const label = size === 'card' ? shortSavingLabel(product.savingBasisLabel) : product.savingBasisLabel;
  return (
    <div title={priceDisclaimer(product.asOf)}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className={clsx('font-bold text-slate-900', size === 'card' ? 'text-xl' : 'text-3xl')}>
          {formatPriceString(product.price)}
        </span>
        {discounted && (
          <span className={clsx('text-slate-600', size === 'card' ? 'text-sm' : 'text-base')}>
            {label && <span>{label} </span>}
            <s aria-label={`original price ${formatPriceString(product.originalPrice)}`}>{formatPriceString(product.originalPrice)}</s>
          </span>
        )}
      </div>
      {isPriceStale(product.asOf, nowMs) && <p className="mt-0.5 text-xs text-slate-600">Price as of {formatDateTime(product.asOf)}</p>}
    </div>
  );
}

/** "See today's price on Amazon" with its "Ad" label, through our tracked redirect (`/go/{asin}`). */
export function TodaysPriceLink({ asin, size = 'card', categoryPage }: { asin: string; size?: 'card' | 'page'; categoryPage?: string }) {
  const target = { asin, clickType: 'shop' as const, categoryPage };
  return (
    <p className={clsx('flex flex-wrap items-center gap-1.5', size === 'card' ? 'text-sm' : 'text-base')} data-testid="todays-price">
      <span
        className="rounded border border-slate-400 px-1 text-[11px] leading-4 font-semibold text-slate-700"
        title="Affiliate link: we may earn a commission"
      >
        Ad
      </span>
      <a
        href={outboundHref(target)}
        onClick={refreshOutboundHref(target)}
        target="_blank"
        rel="sponsored noopener"
        className="font-semibold text-blue-800 underline hover:text-blue-900"
      >
        {TODAYS_PRICE_TEXT}
        <span className="sr-only"> (opens Amazon in a new tab)</span>
      </a>
    </p>
  );
}
