/**
 * What an admin panel shows before, instead of, or without its data (issue 26 "small
 * status/empty-state pieces"; admin-area §8: the spec's failure wording, or the server's own message
 * when it sent one):
 *
 * - `AdminLoading`: a polite status line with a spinner ('Loading signups…');
 * - `AdminError`: an alert with the message, an optional first line (`title`, e.g. 'Failed to load
 *   statistics') and Try again when `onRetry` is given;
 * - `AdminEmpty`: the "nothing here yet" message;
 * - `AdminQueryState`: the three above for one TanStack Query, then `children(data)`.
 *
 * `inset` fits them inside an `AdminPanel` (padding instead of a box of their own).
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../../components/ui/button';
import { messageForPeople } from '../../lib/http.client';

/** A `role="status"` line: 'Loading …' with a spinner. */
export function AdminLoading({ label, inset = false }: { label: string; inset?: boolean }) {
  return (
    <p role="status" className={clsx('flex items-center gap-2 text-sm text-slate-700', inset ? 'px-4 py-3' : 'py-6')}>
      <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden="true" />
      {label}
    </p>
  );
}

/** A `role="alert"` box: `title` (bold, when given), the message, and Try again when `onRetry` is given. */
export function AdminError({
  message,
  title,
  onRetry,
  inset = false,
}: {
  message: string;
  title?: string;
  onRetry?: () => void;
  inset?: boolean;
}) {
  return (
    <div
      role="alert"
      className={clsx(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800',
        inset && 'mx-4 my-3',
      )}
    >
      {title ? <p className="w-full font-medium">{title}</p> : null}
      <span>{message}</span>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** The empty message: a dashed box on its own, or a plain line inside a panel (`inset`). */
export function AdminEmpty({ children, inset = false }: { children: ReactNode; inset?: boolean }) {
  return inset ? (
    <p className="px-4 py-3 text-sm text-slate-600">{children}</p>
  ) : (
    <div className="rounded-md border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">{children}</div>
  );
}

export interface AdminQueryStateProps<T> {
  query: UseQueryResult<T>;
  /** While the first answer is awaited: the status line's words, or a node of the caller's. */
  loading: ReactNode;
  /** The failure's words when the server sent no message of its own ('Failed to load signups'). */
  failed: string;
  /** A first line the failure always shows, above the message (`failed` is then e.g. 'Please try again.'). */
  failedTitle?: string;
  /** Words of the caller's for the failure, instead of the server's message. */
  errorText?: (error: unknown) => string;
  /** Offer Try again (a refetch); true unless another control on the panel already fetches. */
  retry?: boolean;
  /**
   * What to say when the answer has nothing to show, instead of `children` (words are drawn by
   * {@link AdminEmpty}, a node as it is); false (or nothing) when there is something to show:
   * `empty={(d) => d.logs.length === 0 && 'No price checks yet.'}`.
   */
  empty?: (data: T) => ReactNode;
  inset?: boolean;
  children: (data: T) => ReactNode;
}

/** Loading, then the failure (with Try again) or the empty message or `children(data)`. */
export function AdminQueryState<T>({
  query,
  loading,
  failed,
  failedTitle,
  errorText,
  retry = true,
  empty,
  inset = false,
  children,
}: AdminQueryStateProps<T>) {
  if (query.isPending) return typeof loading === 'string' ? <AdminLoading label={loading} inset={inset} /> : <>{loading}</>;
  if (query.isError) {
    const message = errorText ? errorText(query.error) : messageForPeople(query.error, failed);
    return <AdminError title={failedTitle} message={message} onRetry={retry ? () => void query.refetch() : undefined} inset={inset} />;
  }
  const nothing = empty?.(query.data);
  if (nothing !== undefined && nothing !== null && nothing !== false) {
    return typeof nothing === 'string' ? <AdminEmpty inset={inset}>{nothing}</AdminEmpty> : <>{nothing}</>;
  }
  return <>{children(query.data)}</>;
}
