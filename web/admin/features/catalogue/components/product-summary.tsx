/**
 * How the catalogue tabs show a product (the products list's rows, the top deals' cards):
 *
 * - `ProductPageLink`: its title, linking to its shopper page in a new tab (said to screen readers);
 * - `PriceWithBasis`: its price and, when it has a saving we can show, the original it is measured
 *   against with its basis ('£9.99' then 'RRP £14.99' struck through; 'Was' when the feed names no
 *   basis). Only a substantiated saving carries an original price (docs/decisions/0008).
 */
import clsx from 'clsx';
import { ExternalLink } from 'lucide-react';
import type { AdminProduct } from '../../../../../common/api/products.admin.schema';
import { paths } from '../../../../../common/paths';
import { formatGbp } from '../catalogue-labels';

/** The title as a link to the product's page (`/deals/{asin}`), opening in a new tab; at most two lines. */
export function ProductPageLink({ product, className }: { product: Pick<AdminProduct, 'asin' | 'title'>; className?: string }) {
  return (
    <a
      href={paths.product(product.asin)}
      target="_blank"
      rel="noreferrer"
      className={clsx(
        'line-clamp-2 font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600',
        className,
      )}
    >
      {product.title}
      <ExternalLink className="ml-1 inline h-3 w-3 text-slate-500" aria-label="(opens in a new tab)" />
    </a>
  );
}

type Priced = Pick<AdminProduct, 'price' | 'originalPrice' | 'discountPercent' | 'savingBasisLabel'>;

/** The price in bold; the original under it (`stacked`, in a table cell) or beside it (on a card). */
export function PriceWithBasis({ product, stacked = false }: { product: Priced; stacked?: boolean }) {
  return (
    <>
      <span className="font-semibold text-slate-900">{formatGbp(product.price)}</span>
      {product.originalPrice && product.discountPercent ? (
        <span className={stacked ? 'block text-xs text-slate-600' : 'ml-1 text-xs text-slate-600'}>
          {product.savingBasisLabel ?? 'Was'} <s>{formatGbp(product.originalPrice)}</s>
        </span>
      ) : null}
    </>
  );
}
