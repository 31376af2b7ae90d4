/**
 * One product in a grid (shopper-screens §2 "Card"; DESIGN.md §4 "Honest prices", "Affiliate
 * links"): image, discount badge ('{n}% OFF' or 'Special Deal'), title linking to our product page,
 * rating where held, price with its substantiated original, 'Lowest in 30 days', the Amazon link
 * with its "Ad" label and the 'Set Deal Alert' bell.
 *
 * In a deal listing (issue 8) the card also shows why it is a deal (`dealBasis.label`, e.g. "Lowest
 * price in 30 days"); a popular filler shows 'Popular' instead of a deal badge, never 'Special Deal'.
 * Category deals pages show '£{price}' where there is no discount (shopper-screens §2 "Card").
 * A product the API sends without a price (Amazon's data over 24 hours old, decision 0014) shows
 * "See today's price on Amazon" instead of a price, and no price or 'Special Deal' badge.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { Bell, LineChart, Shuffle, TrendingDown } from 'lucide-react';
import type { ListedProduct } from '../../../../common/api/deals.schema';
import type { Product } from '../../../../common/api/products.schema';
import { formatPriceString } from '../../../../common/money';
import { discountBadgeText } from '../../../../common/discount';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { outboundHref, refreshOutboundHref } from '../../../lib/outbound-link';
import { AmazonButton } from './amazon-button';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import { RatingStars } from './rating-stars';
import { paths } from '../../../../common/paths';

export interface ProductCardProps {
  product: Product;
  affiliateTag: string | null;
  onSetAlert: (product: Product) => void;
  /** Opens the 'Alternative Products' dialog for this product (issue 9 part 2); no button without it. */
  onShowAlternatives?: (product: Product) => void;
  /** Its place in a deal listing: a deal with its basis, or a popular filler. */
  listing?: Pick<ListedProduct, 'section' | 'dealBasis'>;
  /** Without a discount: 'Special Deal' (default) or the price, as category deals pages show it. */
  plainBadge?: 'special-deal' | 'price';
  /** The owners' category page this card is on: outbound clicks use that page's tag. */
  categoryPage?: string;
}

/**
 * The corner badge: '{n}% OFF', else 'Popular' for a filler, else 'Special Deal' or '£{price}';
 * none for a product without a price we may show (no claim about a price nobody sees).
 */
function cornerBadge(
  product: Product,
  popular: boolean,
  plainBadge: 'special-deal' | 'price',
): { text: string; tone: 'red' | 'purple' | 'slate' } | null {
  if (product.discountPercent !== null && product.discountPercent > 0)
    return { text: discountBadgeText(product.discountPercent), tone: 'red' };
  if (popular) return { text: 'Popular', tone: 'slate' };
  if (product.price === null) return null;
  if (plainBadge === 'price') return { text: formatPriceString(product.price), tone: 'purple' };
  return { text: discountBadgeText(null), tone: 'purple' };
}

export function ProductCard(props: ProductCardProps) {
  const { product, affiliateTag, onSetAlert, onShowAlternatives, listing, plainBadge = 'special-deal', categoryPage } = props;
  const titleId = useId();
  // Title and image open the product at Amazon through our tracked redirect (spec §2 "Card").
  const titleClick = { asin: product.asin, clickType: 'title' as const, categoryPage };
  const badge = cornerBadge(product, listing?.section === 'popular', plainBadge);
  const basis = listing?.section === 'deal' ? listing.dealBasis : null;
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
        {badge && (
          <Badge tone={badge.tone} className="absolute top-2 left-2">
            {badge.text}
          </Badge>
        )}
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
          <Link to={paths.product(product.asin)} className="inline-flex items-center gap-1 text-xs text-blue-800 hover:underline">
            <LineChart className="h-3 w-3" aria-hidden="true" />
            Price history
          </Link>
        </div>
        <ProductPrice product={product} categoryPage={categoryPage} />
        {basis ? (
          <p
            className="flex items-center gap-1 self-start rounded bg-green-50 px-1.5 py-0.5 text-xs font-semibold text-green-900"
            data-testid="deal-basis"
          >
            <TrendingDown className="h-3 w-3 shrink-0" aria-hidden="true" />
            {basis.label}
          </p>
        ) : (
          product.lowestIn30Days && (
            <Badge tone="green" className="self-start">
              <TrendingDown className="mr-1 h-3 w-3" aria-hidden="true" />
              Lowest in 30 days
            </Badge>
          )
        )}
        <div className="mt-auto flex items-center gap-2 pt-2">
          <AmazonButton product={product} tag={affiliateTag} className="flex-1" categoryPage={categoryPage} />
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
