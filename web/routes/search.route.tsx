/**
 * Search results, `/search?q=` (shopper-screens §2 "Search results", §4, §9): sort, Deals Only,
 * 10 per page, at most 10 pages and 5 page buttons. Sort, deals-only and page live in the URL
 * (`sort`, `deals=1`, `page`) so Back works; a new term, sort or filter starts at page 1. Runs only
 * for terms of 3+ characters; page changes scroll to the top.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses, Button } from '../components/ui/button';
import { Pagination } from '../components/ui/pagination';
import { Select } from '../components/ui/select';
import { Switch } from '../components/ui/switch';
import { useDealAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { useAlternativesDialog } from '../features/alternatives/components/use-alternatives-dialog';
import { useProductSearch } from '../features/products/api';
import { ProductGrid } from '../features/products/components/product-grid';
import {
  isSortBy,
  MIN_SEARCH_TERM_LENGTH,
  SEARCH_PAGE_SIZE,
  searchPageCount,
  searchPageCriteria,
  SORT_OPTIONS,
  type SortBy,
} from '../features/products/search-criteria';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { describe } from '../../common/page-meta';
import { useDocumentTitle } from '../lib/document-title.hook';
import { clampPage } from '../lib/pagination.rules';
import { formatCount } from '../../common/numbers';
import { paths } from '../../common/paths';

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const sortParam = params.get('sort');
  const sortBy: SortBy = isSortBy(sortParam) ? sortParam : 'Featured';
  const dealsOnly = params.get('deals') === '1';
  const requestedPage = clampPage(Number(params.get('page') ?? '1'), 10);
  useDocumentTitle(term ? `Search: ${term}` : 'Search', { description: describe.search(term.slice(0, 200)) });

  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const alternatives = useAlternativesDialog();
  const alertDialog = useDealAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  const runnable = term.length >= MIN_SEARCH_TERM_LENGTH;
  const search = useProductSearch(runnable ? searchPageCriteria(term, sortBy, dealsOnly, requestedPage) : null);
  const totalPages = searchPageCount(search.data?.totalPages ?? 1);
  const page = clampPage(requestedPage, totalPages);

  // Spec §4: a new term (and every page change) starts at the top of the page.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [term, requestedPage]);

  // Spec §4: the page clamps to the pages that exist (e.g. an old link's ?page=8 of 2 pages).
  const lastPage = search.isSuccess ? totalPages : null;
  useEffect(() => {
    if (lastPage !== null && requestedPage > lastPage) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (lastPage > 1) next.set('page', String(lastPage));
          else next.delete('page');
          return next;
        },
        { replace: true },
      );
    }
  }, [lastPage, requestedPage, setParams]);

  /** Updates the URL; anything but a page change returns to page 1. */
  function update(changes: { sort?: SortBy; deals?: boolean; page?: number }) {
    const next = new URLSearchParams(params);
    if (changes.sort !== undefined) next.set('sort', changes.sort);
    if (changes.deals !== undefined) {
      if (changes.deals) next.set('deals', '1');
      else next.delete('deals');
    }
    if (changes.page !== undefined && changes.page > 1) next.set('page', String(changes.page));
    else next.delete('page');
    setParams(next);
  }

  if (term === '') {
    return (
      <Notice title="No search term provided" text="Type what you're looking for in the search box.">
        <Link to={paths.home()} className={buttonClasses('primary')}>
          Back to Search
        </Link>
      </Notice>
    );
  }

  if (search.isError) {
    return (
      <Notice title="Failed to load search results" text="Something went wrong while searching. Please try again." role="alert">
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </Notice>
    );
  }

  const total = search.data?.total ?? 0;
  const shownTotal = Math.min(total, totalPages * SEARCH_PAGE_SIZE);
  const first = (page - 1) * SEARCH_PAGE_SIZE + 1;
  const last = Math.min(page * SEARCH_PAGE_SIZE, shownTotal);

  return (
    <div className="space-y-5">
      <div>
        <h1 className="line-clamp-3 text-2xl font-bold break-words text-slate-900 sm:line-clamp-2" title={term}>
          Results for “{term}”
        </h1>
        {search.isSuccess && total > 0 && (
          <p className="mt-1 text-sm text-slate-700" role="status">
            Showing {first}–{last} of {formatCount(total)} results
            {total > shownTotal ? ` (the first ${shownTotal} are shown)` : ''}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-3">
        <Select label="Sort by" value={sortBy} options={SORT_OPTIONS} onValueChange={(sort) => update({ sort })} />
        <Switch label="Deals Only" checked={dealsOnly} onCheckedChange={(deals) => update({ deals })} />
      </div>
      {!runnable ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-white px-6 py-10 text-center text-slate-800">
          Please enter at least {MIN_SEARCH_TERM_LENGTH} characters to search.
        </p>
      ) : (
        <>
          {/* The cards' titles are h3: this level keeps the page's heading order (axe 'heading-order'). */}
          <h2 className="sr-only">Search results</h2>
          <ProductGrid
            status={search.status}
            products={search.data?.products ?? []}
            affiliateTag={affiliateTag}
            onSetAlert={alertDialog.open}
            onShowAlternatives={alternatives.open}
            onRetry={() => window.location.reload()}
            onSearchAgain={focusHeaderSearch}
            emptyTitle="No products found"
            emptyText={
              <>
                Nothing matched “{term}”{dealsOnly ? ' with a discount' : ''}. Try other words, or{' '}
                <Link to={paths.dealAlerts()} className="font-medium text-blue-800 underline">
                  browse today's deals
                </Link>
                .
              </>
            }
          />
        </>
      )}
      {search.isSuccess && (
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={(next) => update({ page: clampPage(next, totalPages) })}
          label="Search results pages"
        />
      )}
      {alertDialog.element}
      {alternatives.element}
    </div>
  );
}

/** "Search Again": focus whichever header search box is visible (desktop or mobile). */
function focusHeaderSearch() {
  const boxes = document.querySelectorAll<HTMLInputElement>('header input[type="search"]');
  const visible = [...boxes].find((box) => box.offsetParent !== null);
  visible?.focus();
  visible?.select();
}

function Notice({ title, text, role, children }: { title: string; text: string; role?: 'alert'; children?: ReactNode }) {
  return (
    <div
      role={role}
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white px-6 py-10 text-center"
    >
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-700">{text}</p>
      {children}
    </div>
  );
}
