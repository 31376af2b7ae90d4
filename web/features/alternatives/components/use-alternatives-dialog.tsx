/**
 * Wires a page to the 'Alternative Products' dialog (alternatives-dialog.tsx): `open(product)` shows
 * it; `element` is rendered once in the page. The dialog (with Radix Dialog) is a lazy chunk loaded
 * on first use, so it stays out of the listing pages' first load (DESIGN.md §7: ≤ 150 KiB gzipped
 * JS). Once loaded it stays mounted, closed, so Radix gives the focus back to the opener on close.
 */
import { lazy, Suspense, useState } from 'react';
import type { Product } from '../../../../common/api/products.schema';

const AlternativesDialog = lazy(() => import('./alternatives-dialog').then((m) => ({ default: m.AlternativesDialog })));

/** The dialog's state for a page: `open(product)` and the element to render once. */
export function useAlternativesDialog() {
  const [product, setProduct] = useState<Pick<Product, 'asin' | 'title'> | null>(null);
  const [used, setUsed] = useState(false);
  const open = (next: Pick<Product, 'asin' | 'title'>) => {
    setUsed(true);
    setProduct(next);
  };
  return {
    open,
    element: used && (
      <Suspense fallback={null}>
        <AlternativesDialog product={product} onClose={() => setProduct(null)} />
      </Suspense>
    ),
  };
}
