/**
 * Our product page body (content-and-account-pages §2.6, linked from cards and alert e-mails;
 * DESIGN.md §4 "Honest prices"): image, title, discount badge, price with its substantiated
 * original and 'as of' time, rating where held, 'Lowest in 30 days', 'View On Amazon →' with the
 * "Ad" label, 'Set Deal Alert', up to 5 features and the price history. Without a price we may show
 * (Amazon's data over 24 hours old, decision 0014): "See today's price on Amazon", no badge or
 * disclaimer, and the history chart ends at its last observation.
 */
import { Bell, TrendingDown } from 'lucide-react';
import type { Product } from '../../../../common/api/products.schema';
import { discountBadgeText } from '../../../../common/discount';
import { formatPriceString } from '../../../../common/money';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { priceDisclaimer } from '../../../lib/date.format';
import type { ProductDetail as ProductDetailData } from '../api';
import { AmazonButton } from './amazon-button';
import { PriceHistory } from './price-history';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { RatingStars } from './rating-stars';

/** Features shown on the product page (spec §9: 5). */
export const FEATURES_SHOWN = 5;

export interface ProductDetailProps {
  detail: ProductDetailData;
  affiliateTag: string | null;
  onSetAlert: (product: Product) => void;
}

export function ProductDetail({ detail, affiliateTag, onSetAlert }: ProductDetailProps) {
  const { product, history } = detail;
  const discounted = product.discountPercent !== null && product.discountPercent > 0;
  const priced = product.price !== null && product.asOf !== null;
  return (
    <div className="space-y-6">
      <article
        aria-labelledby="product-title"
        className="grid gap-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6 md:grid-cols-[280px_1fr]"
      >
        <ProductImage
          src={product.imageUrl}
          alt={product.title}
          eager
          className="aspect-square w-full max-w-[280px] justify-self-center rounded-md"
        />
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            {priced && <Badge tone={discounted ? 'red' : 'purple'}>{discountBadgeText(product.discountPercent)}</Badge>}
            {product.lowestIn30Days && (
              <Badge tone="green">
                <TrendingDown className="mr-1 h-3 w-3" aria-hidden="true" />
                Lowest in 30 days
              </Badge>
            )}
            {product.categoryName && <Badge tone="slate">{product.categoryName}</Badge>}
          </div>
          <h1 id="product-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
            {product.title}
          </h1>
          {product.brand && <p className="text-sm text-slate-700">Brand: {product.brand}</p>}
          <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
          <ProductPrice product={product} size="page" />
          {discounted && product.discount && (
            <p className="text-sm font-medium text-green-800">You save {formatPriceString(product.discount)}</p>
          )}
          {product.asOf !== null && <p className="text-xs text-slate-600">{priceDisclaimer(product.asOf)}</p>}
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <AmazonButton product={product} tag={affiliateTag} label="View On Amazon →" icon={false} size="lg" />
            <Button variant="success" size="lg" onClick={() => onSetAlert(product)}>
              <Bell className="h-4 w-4" aria-hidden="true" />
              Set Deal Alert
            </Button>
          </div>
          <p className="text-xs text-slate-600">As an Amazon Associate we earn from qualifying purchases.</p>
        </div>
      </article>
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
      <PriceHistory history={history} currentPrice={product.price} />
    </div>
  );
}
