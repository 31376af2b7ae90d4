/**
 * The toast queue (shopper-screens §9: at most one visible): plain module state, so `toast()` works
 * from anywhere (event handlers, mutation callbacks) and the Radix renderer can load lazily.
 */

export interface ToastInput {
  title: string;
  /** One line, or several (each shown as its own paragraph). */
  description?: string | string[];
  variant?: 'default' | 'destructive';
  /** Milliseconds; default 5000. */
  duration?: number;
  /**
   * One button beside the text (e.g. "Restore" after a delete). `altText` tells screen-reader users
   * how to do the same another way (Radix Toast.Action); clicking it closes the toast.
   */
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing any toast on screen (at most one visible). Returns its id. */
export function toast(input: ToastInput): number {
  current = { ...input, id: nextId++, open: true };
  emit();
  return current.id;
}

/** Closes the toast on screen, if any. */
export function dismissToast(): void {
  if (current) {
    current = { ...current, open: false };
    emit();
  }
}

/** For useSyncExternalStore. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast on screen (or closing), or null. */
export function currentToast(): ToastState | null {
  return current;
}
