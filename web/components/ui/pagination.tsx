/**
 * Previous / numbered / Next page buttons with 'Page x of y' (shopper-screens §2, §9): at most 5
 * numbered buttons around the current page; Previous and Next are disabled at the ends.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import clsx from 'clsx';
import { pageWindow } from '../../lib/pagination.rules';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

export function Pagination({ page, totalPages, onPageChange, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-col items-center gap-2 py-4">
      <div className="flex flex-wrap items-center justify-center gap-1">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Button>
        {pageWindow(page, totalPages).map((n) => (
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
        ))}
        <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
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
