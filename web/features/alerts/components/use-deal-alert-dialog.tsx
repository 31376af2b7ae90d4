/**
 * Wires a page to the 'Confirm Deal Alert' dialog: `open(product)` shows it; `element` is rendered
 * once in the page. The dialog is a lazy chunk (loaded on first use, DESIGN.md §7 JS budget). The
 * page passes the session's e-mail and how to remember a new token, because features do not import
 * each other (DESIGN.md §3).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { AlertProduct } from './deal-alert-dialog';

const DealAlertDialog = lazy(() => import('./deal-alert-dialog').then((m) => ({ default: m.DealAlertDialog })));

export interface DealAlertDialogWiring {
  open: (product: AlertProduct) => void;
  element: ReactNode;
}

export function useDealAlertDialog(options: {
  email: string | null;
  onCreated: (email: string, token: string) => void;
}): DealAlertDialogWiring {
  const [product, setProduct] = useState<AlertProduct | null>(null);
  return {
    open: setProduct,
    element: product && (
      <Suspense fallback={null}>
        <DealAlertDialog product={product} onClose={() => setProduct(null)} defaultEmail={options.email} onCreated={options.onCreated} />
      </Suspense>
    ),
  };
}
