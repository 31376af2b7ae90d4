/**
 * The two ways an admin list goes past its first screen (issue 26 "shared table parts"):
 *
 * - `AdminPager`: Previous / Next either side of a status line that is announced politely
 *   ('Page 2 of 5 (96 total products)', admin-area §2 "Products tab"), for lists paged on the
 *   server. Given `page`, `totalPages` and `onPage` (issue 29 "jump to page": 4,894 pages at 98k
 *   products) it also offers First and Last and a "Go to page" number field (Enter or Go; a number
 *   outside 1…last is clamped), each with an accessible name. (Numbered page buttons are
 *   web/components/ui/pagination.tsx.)
 * - `ShowMore` with `useShowMore`: a list already in the browser shows `pageSize` rows, and a
 *   button adds `pageSize` more ('Show more (120 left)', admin-area §9 "100 rows at a time").
 */
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import clsx from 'clsx';
import { Button } from '../../components/ui/button';

export interface AdminPagerProps {
  /** The navigation landmark's accessible name, e.g. 'Product pages'. */
  label: string;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** The line between the buttons ('Page 1 of 3 (45 total products)'). */
  children: ReactNode;
  /** With `totalPages` and `onPage`: First, Last and "Go to page". */
  page?: number;
  totalPages?: number;
  onPage?: (page: number) => void;
}

/** `text` read as a page of 1…`last`, or null when it is not a whole number. */
export function pageFromInput(text: string, last: number): number | null {
  const n = Number(text.trim().replace(/,/g, ''));
  if (text.trim() === '' || !Number.isFinite(n)) return null;
  return Math.min(Math.max(1, Math.trunc(n)), Math.max(1, last));
}

/** Previous, the status line, Next (disabled at the ends); First, Last and "Go to page" when told the pages. */
export function AdminPager({ label, canPrevious, canNext, onPrevious, onNext, children, page, totalPages, onPage }: AdminPagerProps) {
  const jump = page !== undefined && totalPages !== undefined && onPage !== undefined && totalPages > 1;
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <div className="flex gap-1">
        {jump ? (
          <Button variant="secondary" size="sm" disabled={!canPrevious} onClick={() => onPage(1)} aria-label="First page">
            <ChevronsLeft className="h-4 w-4" aria-hidden="true" />
            <span className="max-sm:sr-only">First</span>
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" disabled={!canPrevious} onClick={onPrevious}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Button>
      </div>
      {/* Phones: the status line on a row of its own above the buttons. */}
      <p className="order-first w-full text-center text-sm text-slate-700 sm:order-none sm:w-auto" aria-live="polite">
        {children}
      </p>
      <div className="flex gap-1">
        <Button variant="secondary" size="sm" disabled={!canNext} onClick={onNext}>
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
        {jump ? (
          <Button variant="secondary" size="sm" disabled={!canNext} onClick={() => onPage(totalPages)} aria-label="Last page">
            <span className="max-sm:sr-only">Last</span>
            <ChevronsRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {jump ? <JumpToPage key={page} page={page} totalPages={totalPages} onPage={onPage} /> : null}
    </nav>
  );
}

/** "Go to page [n] of N  Go": a labelled number field; the page changes on Enter or Go. */
function JumpToPage({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(page));
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = pageFromInput(text, totalPages);
    if (next === null) return setError(true);
    setError(false);
    setText(String(next));
    if (next !== page) onPage(next);
  };
  return (
    <form onSubmit={submit} className="flex w-full items-center justify-center gap-2 text-sm text-slate-700" noValidate>
      <label htmlFor={id}>Go to page</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={totalPages}
        value={text}
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
        className={clsx(
          'h-8 w-20 rounded-md border bg-white px-2 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-blue-600',
          error ? 'border-red-600' : 'border-slate-300',
        )}
      />
      <span aria-hidden="true">of {totalPages.toLocaleString('en-GB')}</span>
      <Button type="submit" variant="secondary" size="sm">
        Go<span className="sr-only"> to that page of {totalPages.toLocaleString('en-GB')}</span>
      </Button>
      {error ? (
        <span id={`${id}-error`} role="alert" className="text-red-700">
          Enter a page number.
        </span>
      ) : null}
    </form>
  );
}

/** How many rows of a browser-side list are shown (`pageSize` at first), and `more()` to add a page. */
export function useShowMore(pageSize: number): { shown: number; more: () => void } {
  const [shown, setShown] = useState(pageSize);
  const more = useCallback(() => setShown((n) => n + pageSize), [pageSize]);
  return { shown, more };
}

/**
 * The Show more button, when `left` rows are not shown yet (nothing otherwise). `children` is its
 * label ('Show more (N left)' by default); `inset` puts it in a panel's footer bar.
 */
export function ShowMore({
  left,
  onMore,
  inset = false,
  children,
}: {
  left: number;
  onMore: () => void;
  inset?: boolean;
  children?: ReactNode;
}) {
  if (left <= 0) return null;
  return (
    <div className={clsx('text-center', inset && 'border-t border-slate-100 px-4 py-3')}>
      <Button variant="secondary" size="sm" onClick={onMore}>
        {children ?? `Show more (${left.toLocaleString('en-GB')} left)`}
      </Button>
    </div>
  );
}
