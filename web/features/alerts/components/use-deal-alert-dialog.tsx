/**
 * Wires a page to the 'Confirm Deal Alert' dialog: `open(product)` shows it; `element` is rendered
 * once in the page. The dialog is a lazy chunk (loaded on first use, DESIGN.md §7 JS budget). The
 * page passes the session's e-mail and how to remember a new token, because features do not import
 * each other (DESIGN.md §3).
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { AlertProduct } from './deal-alert-dialog';

const DealAlertDialog = lazy(() => import('./deal-alert-dialog').then((m) => ({ default: m.DealAlertDialog })));
const PriceDropAlertDialog = lazy(() => import('./price-drop-alert-dialog').then((m) => ({ default: m.PriceDropAlertDialog })));

/**
 * The dialog's product and its setter; remembers the element that had the focus when the dialog
 * opened and gives the focus back to it once the dialog is gone (WCAG 2.4.3). Radix would do this
 * itself, but the dialog unmounts whole on close (it is rendered only while a product is chosen),
 * so the opener is focused again after that unmount, in a task queued after Radix's own.
 */
function useDialogProduct(): [AlertProduct | null, (product: AlertProduct | null) => void] {
  const [product, setProduct] = useState<AlertProduct | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (product !== null || !opener.current) return;
    const target = opener.current;
    opener.current = null;
    const timer = setTimeout(() => {
      if (target.isConnected) target.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [product]);
  const choose = (next: AlertProduct | null) => {
    if (next !== null && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    setProduct(next);
  };
  return [product, choose];
}

export interface DealAlertDialogWiring {
  open: (product: AlertProduct) => void;
  element: ReactNode;
}

export function useDealAlertDialog(options: {
  email: string | null;
  /** The browser's token for `email` (sent with an alert for that address). */
  token?: string | null;
  onCreated: (email: string, token: string) => void;
}): DealAlertDialogWiring {
  const [product, setProduct] = useDialogProduct();
  return {
    open: setProduct,
    element: product && (
      <Suspense fallback={null}>
        <DealAlertDialog
          product={product}
          onClose={() => setProduct(null)}
          defaultEmail={options.email}
          token={options.token ?? null}
          onCreated={options.onCreated}
        />
      </Suspense>
    ),
  };
}

/** The trending page's 'Set Price Drop Alert' dialog (shopper-screens §2), wired the same way. */
export function usePriceDropAlertDialog(options: {
  email: string | null;
  token?: string | null;
  onCreated: (email: string, token: string) => void;
}): DealAlertDialogWiring {
  const [product, setProduct] = useDialogProduct();
  return {
    open: setProduct,
    element: product && (
      <Suspense fallback={null}>
        <PriceDropAlertDialog
          key={product.asin}
          product={product}
          onClose={() => setProduct(null)}
          defaultEmail={options.email}
          token={options.token ?? null}
          onCreated={options.onCreated}
        />
      </Suspense>
    ),
  };
}
