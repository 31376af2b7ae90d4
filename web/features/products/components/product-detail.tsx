/**
 * Our product page body (content-and-account-pages §2.6, linked from cards and alert e-mails;
 * DESIGN.md §4 "Honest prices"): image, title, discount badge, price with its substantiated
 * original and 'as of' time, rating where held, 'Lowest in 30 days' and the price badges with "Why
 * is this a deal?" (issue 30, ./why-deal.tsx), then the shared price-and-buy
 * part (./price-and-buy.tsx: 'View On Amazon →' with the "Ad" label, 'Set Deal Alert'), up to 5
 * features and the price history. A badge only with a basis (issue 27). A stale feed price reads
 * "Last seen £X on {date}" with "Check today's price on Amazon"; without a price we may show
 * (Amazon's data over 24 hours old, decision 0014): "See today's price on Amazon", no badge or
 * disclaimer, and the history chart ends at its last observation.
 */
import { Bell, TrendingDown } from 'lucide-react';
import type { Product } from '../../../../common/api/products.schema';
import { discountBadgeText } from '../../../../common/discount';
import { formatPriceString } from '../../../../common/money';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatLongDate, priceDisclaimer } from '../../../lib/date.format';
import type { ProductDetail as ProductDetailData } from '../api';
import { PriceAndBuy } from '../../../components/product/price-and-buy';
import { PriceHistory } from './price-history';
import { ProductImage } from './product-image';
import { priceState } from '../../../components/product/product-price';
import { RatingStars } from './rating-stars';
import { WhyDeal } from './why-deal';

/** Features shown on the product page (spec §9: 5). */
export const FEATURES_SHOWN = 5;

export interface ProductDetailProps {
  detail: ProductDetailData;
  /** Kept for callers; the tracked redirect chooses the tag itself (web/lib/outbound-link.ts). */
  affiliateTag: string | null;
  onSetAlert: (product: Product) => void;
}

export function ProductDetail({ detail, onSetAlert }: ProductDetailProps) {
  const { product, history } = detail;
  const discounted = product.discountPercent !== null && product.discountPercent > 0;
  const state = priceState(product);
  // A badge only over a current price with a basis (issue 27): '{n}% OFF', or none.
  const badge = state === 'current' ? discountBadgeText(product.discountPercent, product.savingBasis !== null) : null;
  return (
    <div className="space-y-6">
      <article
        aria-labelledby="product-title"
        className="grid gap-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6 md:grid-cols-[280px_1fr]"
      >
        <ProductImage
          src={product.imageUrl}
          alt={product.title}
          category={product.category}
          eager
          className="aspect-square w-full max-w-[280px] justify-self-center rounded-md"
        />
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            {badge && <Badge tone={discounted ? 'red' : 'purple'}>{badge}</Badge>}
            {product.lowestIn30Days && state === 'current' && (
              <Badge tone="green">
                <TrendingDown className="mr-1 h-3 w-3" aria-hidden="true" />
                Lowest in 30 days
              </Badge>
            )}
            {state === 'current' &&
              (product.priceBadges ?? []).map((b) => (
                <Badge key={b.kind} tone="green">
                  {b.label}
                </Badge>
              ))}
            {product.categoryName && <Badge tone="slate">{product.categoryName}</Badge>}
          </div>
          <h1 id="product-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
            {product.title}
          </h1>
          {product.brand && <p className="text-sm text-slate-700">Brand: {product.brand}</p>}
          <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
          <PriceAndBuy
            product={product}
            size="page"
            buyLabel="View On Amazon →"
            icon={false}
            note={
              <>
                {discounted && product.discount && (
                  <p className="text-sm font-medium text-green-800">You save {formatPriceString(product.discount)}</p>
                )}
                {state === 'current' && <p className="text-xs text-slate-600">{priceDisclaimer(product.asOf as string)}</p>}
                {state === 'last-seen' && (
                  <p className="text-xs text-slate-600">
                    Amazon UK showed this price on {formatLongDate(new Date(product.asOf as string))}; prices change, so check today's price
                    before you buy.
                  </p>
                )}
              </>
            }
            actions={
              <Button variant="success" size="lg" onClick={() => onSetAlert(product)}>
                <Bell className="h-4 w-4" aria-hidden="true" />
                Set Deal Alert
              </Button>
            }
          />
          <p className="text-xs text-slate-600">As an Amazon Associate we earn from qualifying purchases.</p>
        </div>
      </article>
      {state === 'current' && <WhyDeal product={product} />}
      {product.features.length > 0 && (
        <section aria-labelledby="features-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="features-heading" className="text-lg font-semibold text-slate-900">
            Key features
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {product.features.slice(0, FEATURES_SHOWN).map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      )}
      {/* A stale feed price is no current price: the chart draws no "Now" line for it (issue 27). */}
      <PriceHistory history={history} currentPrice={state === 'current' ? product.price : null} />
    </div>
  );
}
