/**
 * A product's price block (DESIGN.md §4 "Honest prices"): the price in £, the struck-through
 * original price with what substantiates it ('RRP', '30-day high'…), and the "as of" time when
 * the price is older than an hour. The full disclaimer is always in the tooltip.
 */
import clsx from 'clsx';
import type { Product } from '../../../../common/api/products.schema';
import { formatPriceString } from '../../../../common/money';
import { formatDateTime, isPriceStale, priceDisclaimer } from '../../../lib/date.format';
import { shortSavingLabel } from '../affiliate-link';

export interface ProductPriceProps {
  product: Pick<Product, 'price' | 'originalPrice' | 'discountPercent' | 'savingBasisLabel' | 'asOf'>;
  size?: 'card' | 'page';
  /** The time (epoch ms) staleness is judged against; now by default. */
  nowMs?: number;
}

export function ProductPrice({ product, size = 'card', nowMs = Date.now() }: ProductPriceProps) {
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
