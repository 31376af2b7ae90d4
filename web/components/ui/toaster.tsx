/**
 * Renders the current toast with Radix Toast (shopper-screens §2, §9; content-and-account-pages §7):
 * 5000 ms by default, swipe right to dismiss, F8 focuses the region, errors in a destructive style.
 * Loaded lazily by `<Toaster />` in toast.tsx when the first toast is shown (DESIGN.md §7 budget).
 */
import { useSyncExternalStore } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { currentToast, dismissToast, subscribeToasts } from './toast.store';

export default function RadixToaster() {
  const state = useSyncExternalStore(subscribeToasts, currentToast, () => null);
  const lines = state?.description === undefined ? [] : Array.isArray(state.description) ? state.description : [state.description];
  const destructive = state?.variant === 'destructive';
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {state && (
        <ToastPrimitive.Root
          key={state.id}
          open={state.open}
          duration={state.duration ?? 5000}
          type={destructive ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast();
          }}
          data-variant={destructive ? 'destructive' : 'default'}
          className={clsx(
            'relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'transition-opacity data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-full data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="min-w-0 flex-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{state.title}</ToastPrimitive.Title>
            {lines.map((line) => (
              <ToastPrimitive.Description key={line} className={clsx('mt-1 text-sm', destructive ? 'text-red-50' : 'text-slate-700')}>
                {line}
              </ToastPrimitive.Description>
            ))}
            {state.action ? (
              <ToastPrimitive.Action
                altText={state.action.altText}
                onClick={state.action.onClick}
                className={clsx(
                  'mt-2 inline-flex min-h-9 items-center rounded-md border px-3 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none',
                  destructive
                    ? 'border-white text-white hover:bg-red-800 focus-visible:ring-white'
                    : 'border-slate-300 text-slate-900 hover:bg-slate-100 focus-visible:ring-slate-900',
                )}
              >
                {state.action.label}
              </ToastPrimitive.Action>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className={clsx(
              'absolute top-3 right-3 rounded p-1',
              destructive ? 'text-white hover:bg-red-800' : 'text-slate-600 hover:bg-slate-100',
            )}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/* Phones: top of the screen, clear of the floating bell; wider screens: bottom right. */}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none md:top-auto md:bottom-0 md:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
