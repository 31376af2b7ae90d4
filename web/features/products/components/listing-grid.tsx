/**
 * A deal listing (issue 8 part 1; shopper-screens §2 "Today's deals", "Trending deals", "Category
 * deals pages"): the grid's states as {@link ProductGrid} draws them, then the verified deals under
 * their heading, each card with the basis that makes it a deal, then the other products under their
 * own heading, so they are never presented as deals.
 *
 * Issue 27 ("No deal claim without a basis"): the other products are headed 'Popular in {category}'
 * (`popularHeading`) only when the listing's order (`orderedBy`) is about popularity or trending;
 * otherwise neutrally (`plainHeading`, e.g. 'Prices we track'), and they carry no badge of their own.
 * Every list has an `<h2>` over it (the cards' titles are `<h3>`: axe's heading order).
 * Ungrouped (trending), the server's order is kept in one list under `dealsLabel`.
 */
import { useId } from 'react';
import type { ListedProduct, ListingOrderKey } from '../../../../common/api/deals.schema';
import type { Product } from '../../../../common/api/products.schema';
import { ordersByPopularity } from '../../../components/product/listing-words';
import { ProductGrid, ProductList, type ProductGridProps } from './product-grid';

export interface ListingGridProps extends Omit<ProductGridProps, 'products'> {
  products: ListedProduct[];
  /** Heading over the products without a verified saving when the order is by popularity, e.g. 'Popular in Electronics'. */
  popularHeading: string;
  /** Heading over them otherwise (default 'Prices we track'). */
  plainHeading?: string;
  /** Heading (and accessible name) of the list of deals, or of the one list when ungrouped. */
  dealsLabel?: string;
  /** The answer's `orderedBy` (undefined from a server before issue 27: then no popularity is assumed). */
  orderedBy?: readonly ListingOrderKey[];
  /**
   * false keeps the server's order in one list (trending ranks by its score, not by deal first);
   * only the deals in it carry a badge.
   */
  grouped?: boolean;
  /** Ungrouped only: false leaves out the list's own `<h2>` when the page heads it already (the home). */
  listHeading?: boolean;
}

export function ListingGrid({
  products,
  popularHeading,
  plainHeading = 'Prices we track',
  dealsLabel = 'Deals',
  orderedBy,
  grouped = true,
  listHeading = true,
  ...grid
}: ListingGridProps) {
  const dealsId = useId();
  const othersId = useId();
  if (grid.status !== 'success' || products.length === 0) return <ProductGrid {...grid} products={products} />;
  const deals = products.filter((p) => p.section === 'deal');
  const others = products.filter((p) => p.section !== 'deal');
  const card = {
    affiliateTag: grid.affiliateTag,
    onSetAlert: grid.onSetAlert,
    onShowAlternatives: grid.onShowAlternatives,
    plainBadge: grid.plainBadge,
    categoryPage: grid.categoryPage,
  };
  // The card is given the listing's own record, so it reads `section` and `dealBasis`.
  const listingOf = (product: Product) => product as ListedProduct;
  const othersHeading = ordersByPopularity(orderedBy) ? popularHeading : plainHeading;
  if (!grouped && !listHeading) return <ProductList products={products} label={dealsLabel} listingOf={listingOf} {...card} />;
  if (!grouped) {
    return (
      <section aria-labelledby={dealsId} className="space-y-3">
        <h2 id={dealsId} className="text-xl font-semibold text-slate-900">
          {dealsLabel}
        </h2>
        <ProductList products={products} label={dealsLabel} listingOf={listingOf} {...card} />
      </section>
    );
  }
  return (
    <div className="space-y-8">
      {deals.length > 0 && (
        <section aria-labelledby={dealsId} className="space-y-3" data-testid="deals-section">
          <h2 id={dealsId} className="text-xl font-semibold text-slate-900">
            {dealsLabel}
          </h2>
          <ProductList products={deals} label={dealsLabel} listingOf={listingOf} {...card} />
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby={othersId} className="space-y-3" data-testid="popular-section">
          <div>
            <h2 id={othersId} className="text-xl font-semibold text-slate-900">
              {othersHeading}
            </h2>
            {deals.length > 0 && (
              <p className="text-sm text-slate-700">No more verified deals here: these have no saving we can back up.</p>
            )}
          </div>
          <ProductList products={others} label={othersHeading} listingOf={listingOf} {...card} />
        </section>
      )}
    </div>
  );
}
