/**
 * A deal listing (issue 8 part 1; shopper-screens §2 "Today's deals", "Trending deals", "Category
 * deals pages"): the grid's states as {@link ProductGrid} draws them, then the deals, each card
 * with the basis that makes it a deal, then the popular fillers under their own heading
 * ('Popular in {category}' or 'Popular right now'), so fillers are never presented as deals.
 * Ungrouped (trending), the server's order is kept and fillers carry a 'Popular' badge.
 */
import { useId } from 'react';
import type { ListedProduct } from '../../../../common/api/deals.schema';
import type { Product } from '../../../../common/api/products.schema';
import { ProductGrid, ProductList, type ProductGridProps } from './product-grid';

export interface ListingGridProps extends Omit<ProductGridProps, 'products'> {
  products: ListedProduct[];
  /** Heading over the popular fillers, e.g. 'Popular in Electronics'. */
  popularHeading: string;
  /** Accessible name of the list of deals. */
  dealsLabel?: string;
  /**
   * false keeps the server's order in one list (trending ranks by its score, not by deal first);
   * popular products then carry a 'Popular' badge instead of a heading.
   */
  grouped?: boolean;
}

export function ListingGrid({ products, popularHeading, dealsLabel = 'Deals', grouped = true, ...grid }: ListingGridProps) {
  const headingId = useId();
  if (grid.status !== 'success' || products.length === 0) return <ProductGrid {...grid} products={products} />;
  const deals = products.filter((p) => p.section === 'deal');
  const popular = products.filter((p) => p.section === 'popular');
  const card = {
    affiliateTag: grid.affiliateTag,
    onSetAlert: grid.onSetAlert,
    onShowAlternatives: grid.onShowAlternatives,
    plainBadge: grid.plainBadge,
    categoryPage: grid.categoryPage,
  };
  // The card is given the listing's own record, so it reads `section` and `dealBasis`.
  const listingOf = (product: Product) => product as ListedProduct;
  if (!grouped) return <ProductList products={products} label={dealsLabel} listingOf={listingOf} {...card} />;
  return (
    <div className="space-y-8">
      {deals.length > 0 && <ProductList products={deals} label={dealsLabel} listingOf={listingOf} {...card} />}
      {popular.length > 0 && (
        <section aria-labelledby={headingId} className="space-y-3" data-testid="popular-section">
          <div>
            <h2 id={headingId} className="text-xl font-semibold text-slate-900">
              {popularHeading}
            </h2>
            <p className="text-sm text-slate-700">
              {deals.length > 0 ? 'No more deals here right now, so' : 'No deals here right now, so'} these are our most popular products,
              at their usual prices.
            </p>
          </div>
          <ProductList products={popular} label={popularHeading} listingOf={listingOf} {...card} />
        </section>
      )}
    </div>
  );
}
