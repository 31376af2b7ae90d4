/**
 * Previous / numbered / Next page buttons with 'Page x of y' (shopper-screens §2, §9): at most 5
 * numbered buttons around the current page; Previous and Next are disabled at the ends. With
 * `withEnds` (the trending page) the first and last page are always offered, gaps shown as '…'.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import clsx from 'clsx';
import { clampPage, pageItemsWithEnds, pageWindow, type PageItem } from '../../lib/pagination.rules';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Always show the first and last page, with ellipses for the pages skipped. */
  withEnds?: boolean;
}

export function Pagination({ page: requested, totalPages, onPageChange, label = 'Pagination', withEnds = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  const page = clampPage(requested, totalPages);
  const items: PageItem[] = withEnds ? pageItemsWithEnds(page, totalPages) : pageWindow(page, totalPages);
  return (
    <nav aria-label={label} className="flex flex-col items-center gap-2 py-4">
      {/* Below 640 px the numbers take a row of their own, Previous and Next the row beneath. */}
      <div className="flex flex-wrap items-center justify-center gap-1">
        <Button variant="secondary" size="sm" className="order-2 sm:order-none" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Button>
        <div className="order-1 flex w-full flex-wrap items-center justify-center gap-1 sm:order-none sm:w-auto">
          {items.map((n) =>
            typeof n === 'number' ? (
              <Button
                key={n}
                variant={n === page ? 'primary' : 'secondary'}
                size="sm"
                className={clsx('min-w-8', n === page && 'pointer-events-none')}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                onClick={() => onPageChange(n)}
              >
                {n}
              </Button>
            ) : (
              <span key={n} className="px-1 text-slate-600" aria-hidden="true" data-testid="page-gap">
                …
              </span>
            ),
          )}
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="order-3 sm:order-none"
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        Page {page} of {totalPages}
      </p>
    </nav>
  );
}
