/**
 * The results grid with its states (shopper-screens §2, §4 "States", §8): 8 skeleton cards and the
 * rotating loading text while loading; 'Unable to load products' with Try Again on error;
 * 'No products found' with Search Again when empty (plus optional extra actions); else cards in
 * 1 column at phone width, up to 4 wider.
 */
import { useDeferredValue, type ReactNode } from 'react';
import { AlertTriangle, SearchX } from 'lucide-react';
import type { Product } from '../../../../common/api/products.schema';
import { Button } from '../../../components/ui/button';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { Skeleton } from '../../../components/ui/skeleton';
import { ProductCard, type ProductCardProps } from './product-card';

/** Spec §9: skeleton cards shown while loading. */
export const SKELETON_CARDS = 8;

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export interface ProductGridProps {
  status: 'pending' | 'error' | 'success';
  products: Product[];
  affiliateTag: string | null;
  onSetAlert: (product: Product) => void;
  /** Opens the 'Alternative Products' dialog for a card (issue 9 part 2). */
  onShowAlternatives?: (product: Product) => void;
  onRetry: () => void;
  onSearchAgain: () => void;
  /** Replaces the empty-state text (e.g. 'No trending products found'). */
  emptyTitle?: string;
  emptyText?: ReactNode;
  /** More actions in the empty state (e.g. "Show all Kitchen products"). */
  emptyActions?: ReactNode;
  /** Badge of a card without a discount (category deals pages show the price). */
  plainBadge?: ProductCardProps['plainBadge'];
  /** The owners' category page the grid is on (outbound clicks use its tag). */
  categoryPage?: string;
}

/** The cards' own props, shared by every card of a list. */
export type CardOptions = Pick<ProductCardProps, 'affiliateTag' | 'onSetAlert' | 'onShowAlternatives' | 'plainBadge' | 'categoryPage'>;

/** A list of cards in the 1–4 column grid; `listingOf` gives each card its place in a deal listing. */
export function ProductList({
  products,
  label = 'Products',
  listingOf,
  ...card
}: CardOptions & { products: Product[]; label?: string; listingOf?: (product: Product) => ProductCardProps['listing'] }) {
  return (
    <ul className={GRID} aria-label={label}>
      {products.map((product) => (
        <li key={product.asin} className="flex">
          <div className="flex w-full flex-col [&>article]:flex-1">
            <ProductCard product={product} listing={listingOf?.(product)} {...card} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ProductGrid(props: ProductGridProps) {
  const { status, products, onRetry, onSearchAgain } = props;
  // New cards render as a transition (issue 7 "Pages", Lighthouse's Total Blocking Time): when the
  // answer arrives, the skeleton (or the previous cards) stays while React renders the cards in
  // slices of a few milliseconds, instead of one long task that blocks input.
  const shown = useDeferredValue(status === 'success' ? products : null);
  if (status === 'pending' || (status === 'success' && shown === null)) {
    return (
      <div aria-busy="true">
        <LoadingMessage />
        <div className={GRID}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <div key={i} data-testid="product-skeleton" className="overflow-hidden rounded-lg border border-slate-200 bg-white">
              <Skeleton className="aspect-[4/3] rounded-none" />
              <div className="space-y-2 p-4">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-6 w-1/3" />
                <Skeleton className="h-8 w-full" />
              </div>
            </div>
          ))}
        </div>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <StatePanel
        icon={<AlertTriangle className="h-8 w-8 text-red-700" aria-hidden="true" />}
        title="Unable to load products"
        text="There was an error connecting to Amazon's API. Please try again."
        role="alert"
      >
        <Button onClick={onRetry}>Try Again</Button>
      </StatePanel>
    );
  }
  if (products.length === 0) {
    return (
      <StatePanel
        icon={<SearchX className="h-8 w-8 text-slate-600" aria-hidden="true" />}
        title={props.emptyTitle ?? 'No products found'}
        text={props.emptyText ?? 'Try adjusting your search criteria or keywords to find more products.'}
      >
        {props.emptyActions}
        <Button variant="secondary" onClick={onSearchAgain}>
          Search Again
        </Button>
      </StatePanel>
    );
  }
  return (
    <ProductList
      products={shown ?? products}
      affiliateTag={props.affiliateTag}
      onSetAlert={props.onSetAlert}
      onShowAlternatives={props.onShowAlternatives}
      plainBadge={props.plainBadge}
      categoryPage={props.categoryPage}
    />
  );
}

function StatePanel({
  icon,
  title,
  text,
  role,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  role?: 'alert';
  children: ReactNode;
}) {
  return (
    <div
      role={role}
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white px-6 py-10 text-center"
    >
      {icon}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-700">{text}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div>
    </div>
  );
}
