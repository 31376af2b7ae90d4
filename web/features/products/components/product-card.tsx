/**
 * One product in a grid (shopper-screens §2 "Card"; DESIGN.md §4 "Honest prices", "Affiliate
 * links"): image, discount badge ('{n}% OFF' or 'Special Deal'), title linking to our product page,
 * rating where held, price with its substantiated original, 'Lowest in 30 days', the Amazon link
 * with its "Ad" label and the 'Set Deal Alert' bell.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { Bell, LineChart, Shuffle, TrendingDown } from 'lucide-react';
import type { Product } from '../../../../common/api/products.schema';
import { discountBadgeText } from '../../../../common/discount';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { outboundHref, refreshOutboundHref } from '../../../lib/outbound-link';
import { AmazonButton } from './amazon-button';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { RatingStars } from './rating-stars';

export interface ProductCardProps {
  product: Product;
  affiliateTag: string | null;
  onSetAlert: (product: Product) => void;
  /** Opens the 'Alternative Products' dialog for this product (issue 9 part 2); no button without it. */
  onShowAlternatives?: (product: Product) => void;
}

export function ProductCard({ product, affiliateTag, onSetAlert, onShowAlternatives }: ProductCardProps) {
  const titleId = useId();
  // Title and image open the product at Amazon through our tracked redirect (spec §2 "Card").
  const titleClick = { asin: product.asin, clickType: 'title' as const };
  const discounted = product.discountPercent !== null && product.discountPercent > 0;
  return (
    <article
      data-testid="product-card"
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative">
        <a
          href={outboundHref(titleClick)}
          onClick={refreshOutboundHref(titleClick)}
          target="_blank"
          rel="sponsored noopener"
          tabIndex={-1}
          aria-hidden="true"
        >
          <ProductImage src={product.imageUrl} alt={product.title} className="aspect-[4/3] p-3" />
        </a>
        <Badge tone={discounted ? 'red' : 'purple'} className="absolute top-2 left-2">
          {discountBadgeText(product.discountPercent)}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 border-t border-slate-100 p-4">
        <h3 id={titleId} className="text-sm leading-5 font-medium text-slate-900">
          <a
            href={outboundHref(titleClick)}
            onClick={refreshOutboundHref(titleClick)}
            target="_blank"
            rel="sponsored noopener"
            className="line-clamp-2 min-h-10 hover:text-blue-800 hover:underline"
            title={product.title}
          >
            {product.title}
          </a>
        </h3>
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
          <Link
            to={`/deals/${encodeURIComponent(product.asin)}`}
            className="inline-flex items-center gap-1 text-xs text-blue-800 hover:underline"
          >
            <LineChart className="h-3 w-3" aria-hidden="true" />
            Price history
          </Link>
        </div>
        <ProductPrice product={product} />
        {product.lowestIn30Days && (
          <Badge tone="green" className="self-start">
            <TrendingDown className="mr-1 h-3 w-3" aria-hidden="true" />
            Lowest in 30 days
          </Badge>
        )}
        <div className="mt-auto flex items-center gap-2 pt-2">
          <AmazonButton product={product} tag={affiliateTag} className="flex-1" />
          <Button
            variant="secondary"
            size="icon"
            aria-label="Set Deal Alert"
            title="Set Deal Alert"
            onClick={() => onSetAlert(product)}
            className="h-8 w-8 text-green-800"
          >
            <Bell className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
        {onShowAlternatives && (
          <Button variant="ghost" size="sm" onClick={() => onShowAlternatives(product)} className="text-blue-800">
            <Shuffle className="h-3.5 w-3.5" aria-hidden="true" />
            Alternative Products
          </Button>
        )}
      </div>
    </article>
  );
}
