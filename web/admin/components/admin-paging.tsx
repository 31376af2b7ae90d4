/**
 * The two ways an admin list goes past its first screen (issue 26 "shared table parts"):
 *
 * - `AdminPager`: Previous / Next either side of a status line that is announced politely
 *   ('Page 2 of 5 (96 total products)', admin-area §2 "Products tab"), for lists paged on the
 *   server. (Numbered page buttons are web/components/ui/pagination.tsx.)
 * - `ShowMore` with `useShowMore`: a list already in the browser shows `pageSize` rows, and a
 *   button adds `pageSize` more ('Show more (120 left)', admin-area §9 "100 rows at a time").
 */
import { useCallback, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
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
}

/** Previous, the status line, Next (disabled at the ends). */
export function AdminPager({ label, canPrevious, canNext, onPrevious, onNext, children }: AdminPagerProps) {
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <Button variant="secondary" size="sm" disabled={!canPrevious} onClick={onPrevious}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        {children}
      </p>
      <Button variant="secondary" size="sm" disabled={!canNext} onClick={onNext}>
        Next
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
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
