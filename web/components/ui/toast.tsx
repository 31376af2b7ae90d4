/**
 * Toasts (shopper-screens §2, §9; content-and-account-pages §7): `toast({...})` from anywhere shows
 * one (replacing any on screen: at most one visible); `<Toaster />` is rendered once in the shell.
 * The Radix renderer (toaster.tsx) loads with the first toast, keeping it out of the first load.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentToast, subscribeToasts } from './toast.store';

export { toast, dismissToast, type ToastInput } from './toast.store';

const RadixToaster = lazy(() => import('./toaster'));

export function Toaster() {
  const state = useSyncExternalStore(subscribeToasts, currentToast, () => null);
  if (state === null) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
