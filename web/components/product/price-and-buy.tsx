/**
 * The shared price-and-buy part (issue 26 "one home per fact": price + "Ad" label + affiliate
 * button were written four times): a product's price as {@link ProductPrice} draws it, then the
 * "Ad"-labelled Amazon button through our tracked redirect (./amazon-button.tsx), then any further
 * actions of the caller (a card's bell, the product page's 'Set Deal Alert').
 *
 * The button's words follow the price (DESIGN.md §4 "Honest prices"; issue 27 "True times"):
 * - a current price: the caller's label ('View at Amazon', 'View On Amazon →');
 * - a stale feed price: "Last seen £X on {date}" above "Check today's price on Amazon";
 * - no price we may show (decision 0014): "See today's price on Amazon".
 *
 * Used by the product card, our product page and the alternatives dialog; the admin similar tab and
 * the deal landing page can use it too.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { Product } from '../../../common/api/products.schema';
import type { ButtonSize } from '../ui/button';
import { AmazonButton } from './amazon-button';
import { CHECK_TODAYS_PRICE_TEXT, ProductPrice, priceState, TODAYS_PRICE_TEXT, type PricedProduct, type PriceSize } from './product-price';

export interface PriceAndBuyProps {
  product: PricedProduct & Pick<Product, 'affiliateUrl' | 'title'>;
  size?: PriceSize;
  /** The button's words beside a current price (default 'View at Amazon'). */
  buyLabel?: string;
  /** The external-link icon on the button (off when the label carries its own arrow). */
  icon?: boolean;
  /** Between the price and the button (the product page's saving and disclaimer). */
  note?: ReactNode;
  /** Beside the button (a card's bell, the product page's 'Set Deal Alert'). */
  actions?: ReactNode;
  /** The owners' category page the product is on: its clicks use that page's tag (`cp`). */
  categoryPage?: string;
  /** The time (epoch ms) an "as of" time is judged against; now by default. */
  nowMs?: number;
  className?: string;
}

const BUTTON_SIZE: Record<PriceSize, ButtonSize> = { card: 'sm', row: 'sm', page: 'lg' };

export function PriceAndBuy({
  product,
  size = 'card',
  buyLabel = 'View at Amazon',
  icon = true,
  note,
  actions,
  categoryPage,
  nowMs,
  className,
}: PriceAndBuyProps) {
  const state = priceState(product);
  const label = state === 'hidden' ? TODAYS_PRICE_TEXT : state === 'last-seen' ? CHECK_TODAYS_PRICE_TEXT : buyLabel;
  return (
    <div data-testid="price-and-buy" className={clsx('flex flex-col', size === 'page' ? 'gap-3' : 'gap-2', className)}>
      <ProductPrice product={product} size={size} nowMs={nowMs} />
      {note}
      <div className={clsx('flex items-center', size === 'page' ? 'flex-wrap gap-3' : 'gap-2')}>
        <AmazonButton
          product={product}
          label={label}
          size={BUTTON_SIZE[size]}
          icon={icon && state === 'current'}
          className={size === 'card' ? 'flex-1' : undefined}
          categoryPage={categoryPage}
        />
        {actions}
      </div>
    </div>
  );
}
