/**
 * One product in a grid (shopper-screens §2 "Card"; DESIGN.md §4 "Honest prices", "Affiliate
 * links"): discount badge, title linking to the product at Amazon, rating where held, a link to our
 * price history, the shared price-and-buy part (price or "Last seen £X on {date}", the "Ad"-labelled
 * Amazon button, the 'Set Deal Alert' bell: ./price-and-buy.tsx) and 'Alternative Products'.
 *
 * Badges only with a basis (issue 27 "No deal claim without a basis"; common/discount.ts):
 * '{n}% OFF' for a substantiated saving; 'Special Deal' only for a verified deal without a percent
 * (in a deal listing: `section` 'deal' with a `dealBasis`; elsewhere a `savingBasis`); on category
 * deals pages (`plainBadge` 'price') '£{price}' instead (shopper-screens §2 "Card"); otherwise no
 * badge at all. A deal listing's card also says why it is a deal (`dealBasis.label`). A product
 * without a current price (hidden: decision 0014; or a stale feed price) carries no badge.
 *
 * Two layouts: with an image, the image on top; without one (the real 2023 feed has none), a
 * compact card with the category illustration beside the title, so several fit on a phone screen
 * (issue 27 "Good without images").
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Bell, LineChart, Shuffle, TrendingDown } from 'lucide-react';
import type { ListedProduct } from '../../../../common/api/deals.schema';
import type { Product } from '../../../../common/api/products.schema';
import { getShopperCategory } from '../../../../common/categories';
import { discountBadgeText } from '../../../../common/discount';
import { formatPriceString } from '../../../../common/money';
import { paths } from '../../../../common/paths';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { outboundHref, refreshOutboundHref } from '../../../lib/outbound-link';
import { CategoryIllustration } from '../../../components/product/category-illustration';
import { PriceAndBuy } from '../../../components/product/price-and-buy';
import { priceState } from '../../../components/product/product-price';
import { ProductImage } from './product-image';
import { RatingStars } from './rating-stars';

export interface ProductCardProps {
  product: Product;
  /** Kept for callers; the tracked redirect chooses the tag itself (web/lib/outbound-link.ts). */
  affiliateTag: string | null;
  onSetAlert: (product: Product) => void;
  /** Opens the 'Alternative Products' dialog for this product (issue 9 part 2); no button without it. */
  onShowAlternatives?: (product: Product) => void;
  /** Its place in a deal listing: a deal with its basis, or a product listed beside the deals. */
  listing?: Pick<ListedProduct, 'section' | 'dealBasis'>;
  /**
   * Without a discount: 'special-deal' (default) shows 'Special Deal' only for a verified deal and
   * nothing otherwise; 'price' shows '£{price}' as category deals pages do.
   */
  plainBadge?: 'special-deal' | 'price';
  /** The owners' category page this card is on: outbound clicks use that page's tag. */
  categoryPage?: string;
}

type CornerBadge = { text: string; tone: 'red' | 'purple' };

/**
 * The corner badge, or null: '{n}% OFF'; else '£{price}' on a category deals page; else 'Special
 * Deal' for a verified deal; nothing without a current price or a basis.
 */
export function cornerBadge(
  product: Product,
  listing: ProductCardProps['listing'],
  plainBadge: 'special-deal' | 'price' = 'special-deal',
): CornerBadge | null {
  if (priceState(product) !== 'current') return null;
  const verified = listing ? listing.section === 'deal' && listing.dealBasis != null : product.savingBasis !== null;
  if (product.discountPercent !== null && product.discountPercent > 0) {
    const text = discountBadgeText(product.discountPercent, verified);
    return text === null ? null : { text, tone: 'red' };
  }
  if (plainBadge === 'price') return { text: formatPriceString(product.price), tone: 'purple' };
  const text = discountBadgeText(null, verified);
  return text === null ? null : { text, tone: 'purple' };
}

export function ProductCard(props: ProductCardProps) {
  const { product, onSetAlert, onShowAlternatives, listing, plainBadge = 'special-deal', categoryPage } = props;
  const titleId = useId();
  // Title and image open the product at Amazon through our tracked redirect (spec §2 "Card").
  const titleClick = { asin: product.asin, clickType: 'title' as const, categoryPage };
  const badge = cornerBadge(product, listing, plainBadge);
  const basis = listing?.section === 'deal' && priceState(product) === 'current' ? listing.dealBasis : null;
  const compact = product.imageUrl === null || product.imageUrl === '';

  const title = (
    <h3 id={titleId} className="text-sm leading-5 font-medium text-slate-900">
      <a
        href={outboundHref(titleClick)}
        onClick={refreshOutboundHref(titleClick)}
        target="_blank"
        rel="sponsored noopener"
        className={
          compact ? 'line-clamp-2 hover:text-blue-800 hover:underline' : 'line-clamp-2 min-h-10 hover:text-blue-800 hover:underline'
        }
        title={product.title}
      >
        {product.title}
      </a>
    </h3>
  );
  const historyLink = (
    <Link to={paths.product(product.asin)} className="inline-flex items-center gap-1 text-xs text-blue-800 hover:underline">
      <LineChart className="h-3 w-3" aria-hidden="true" />
      Price history
    </Link>
  );
  const basisLine: ReactNode = basis ? (
    <p
      className="flex items-center gap-1 self-start rounded bg-green-50 px-1.5 py-0.5 text-xs font-semibold text-green-900"
      data-testid="deal-basis"
    >
      <TrendingDown className="h-3 w-3 shrink-0" aria-hidden="true" />
      {basis.label}
    </p>
  ) : priceState(product) !== 'current' ? null : product.lowestIn30Days ? (
    <Badge tone="green" className="self-start">
      <TrendingDown className="mr-1 h-3 w-3" aria-hidden="true" />
      Lowest in 30 days
    </Badge>
  ) : product.priceBadges?.[0] ? (
    // Issue 30: the first price badge where no deal basis takes the space; the product page explains it.
    <Badge tone="green" className="self-start">
      <TrendingDown className="mr-1 h-3 w-3" aria-hidden="true" />
      {product.priceBadges[0].label}
    </Badge>
  ) : null;
  const priceAndBuy = (
    <PriceAndBuy
      product={product}
      categoryPage={categoryPage}
      note={basisLine || undefined}
      className={compact ? undefined : 'mt-auto'}
      actions={
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
      }
    />
  );

  if (compact) {
    const categoryLabel = product.categoryName ?? getShopperCategory(product.category)?.name ?? null;
    return (
      <article
        data-testid="product-card"
        data-layout="compact"
        aria-labelledby={titleId}
        className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm transition-shadow hover:shadow-md"
      >
        <div className="flex gap-3">
          <a
            href={outboundHref(titleClick)}
            onClick={refreshOutboundHref(titleClick)}
            target="_blank"
            rel="sponsored noopener"
            tabIndex={-1}
            aria-hidden="true"
            className="shrink-0"
          >
            <CategoryIllustration category={product.category} className="h-16 w-16 rounded-md" />
          </a>
          <div className="min-w-0 flex-1 space-y-1">
            {badge && <Badge tone={badge.tone}>{badge.text}</Badge>}
            {title}
            {categoryLabel && <p className="truncate text-xs text-slate-600">{categoryLabel}</p>}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
          {historyLink}
          {onShowAlternatives && (
            <button
              type="button"
              onClick={() => onShowAlternatives(product)}
              className="inline-flex items-center gap-1 text-xs text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <Shuffle className="h-3 w-3" aria-hidden="true" />
              Alternative Products
            </button>
          )}
        </div>
        <div className="mt-auto">{priceAndBuy}</div>
      </article>
    );
  }

  return (
    <article
      data-testid="product-card"
      data-layout="full"
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
          <ProductImage src={product.imageUrl} alt={product.title} category={product.category} className="aspect-[4/3] p-3" />
        </a>
        {badge && (
          <Badge tone={badge.tone} className="absolute top-2 left-2">
            {badge.text}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 border-t border-slate-100 p-4">
        {title}
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
          {historyLink}
        </div>
        {priceAndBuy}
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
