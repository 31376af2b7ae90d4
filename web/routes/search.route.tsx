/**
 * Search results, `/search?q=` (shopper-screens §2 "Search results", §4, §8, §9; issue 28): sort
 * (the spec's four and Discount: High to Low), Max price, Rating and Deals Only, 10 per page, at
 * most 10 pages and 5 page buttons. Sort, filters and page live in the URL (`sort`, `max`,
 * `rating`, `deals=1`, `page`) so Back works; a new term, sort or filter starts at page 1. Runs
 * only for terms of 3+ characters; page changes scroll to the top. A new search's answer toasts
 * 'Search completed' / 'Found {n} products matching your criteria' (or 'Search failed'); when the
 * keywords as typed match nothing, the page says what it shows instead (did you mean, relaxed
 * terms, the nearest category). Without a term it is the search landing page (docs/design.md §5).
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Pagination } from '../components/ui/pagination';
import { useDealAlertDialog } from '../features/alerts/components/use-deal-alert-dialog';
import { useAlternativesDialog } from '../features/alternatives/components/use-alternatives-dialog';
import { useProductSearch } from '../features/products/api';
import { ProductGrid } from '../features/products/components/product-grid';
import { SearchFilters, type SearchControlsChange } from '../features/products/components/search-filters';
import { SaveSearchButton } from '../features/saved-searches/components/save-search-button';
import {
  isSortBy,
  MIN_SEARCH_TERM_LENGTH,
  readMaxPrice,
  readMinRating,
  SEARCH_PAGE_SIZE,
  searchPageCount,
  searchPageCriteria,
  type SortBy,
} from '../features/products/search-criteria';
import { SearchLanding, type SearchBoxComponent } from '../features/search/components/search-landing';
import { SearchRecoveryNotice } from '../features/search/components/search-recovery-notice';
import { cleanSearchText, countOf, totalOf } from '../features/search/search-text.rules';
import { useSearchToasts } from '../features/search/search-toasts.hook';
import { useAffiliateTag, useSession } from '../features/session/session.store';
import { describe } from '../../common/page-meta';
import { useConfig } from '../lib/config.query';
import { useDocumentTitle } from '../lib/document-title.hook';
import { clampPage } from '../lib/pagination.rules';
import { formatCount } from '../../common/numbers';
import { paths } from '../../common/paths';

export function SearchPage({ SearchBox }: { SearchBox: SearchBoxComponent }) {
  const [params, setParams] = useSearchParams();
  // As the API accepts it (no control characters, at most 200 characters): a long or odd link never answers 400.
  const term = cleanSearchText(params.get('q') ?? '');
  const sortParam = params.get('sort');
  const sortBy: SortBy = isSortBy(sortParam) ? sortParam : 'Featured';
  const dealsOnly = params.get('deals') === '1';
  const filters = { maxPrice: readMaxPrice(params.get('max')), minRating: readMinRating(params.get('rating')) };
  const requestedPage = clampPage(Number(params.get('page') ?? '1'), 10);
  useDocumentTitle(term ? `Search: ${term}` : 'Search Amazon UK deals', { description: describe.search(term.slice(0, 200)) });

  const session = useSession();
  const affiliateTag = useAffiliateTag();
  const config = useConfig();
  const alternatives = useAlternativesDialog();
  const alertDialog = useDealAlertDialog({ email: session.email, token: session.token, onCreated: session.remember });
  const runnable = term.length >= MIN_SEARCH_TERM_LENGTH;
  const search = useProductSearch(runnable ? searchPageCriteria(term, sortBy, dealsOnly, requestedPage, filters) : null);
  useSearchToasts(runnable ? JSON.stringify([term, sortBy, dealsOnly, filters]) : null, search);
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
  function update(changes: SearchControlsChange & { page?: number }) {
    const next = new URLSearchParams(params);
    if (changes.sort !== undefined) next.set('sort', changes.sort);
    if (changes.deals !== undefined) {
      if (changes.deals) next.set('deals', '1');
      else next.delete('deals');
    }
    for (const [key, value] of [
      ['max', changes.maxPrice],
      ['rating', changes.minRating],
    ] as const) {
      if (value === '') next.delete(key);
      else if (value !== undefined) next.set(key, value);
    }
    if (changes.page !== undefined && changes.page > 1) next.set('page', String(changes.page));
    else next.delete('page');
    setParams(next);
  }

  if (term === '') return <SearchLanding SearchBox={SearchBox} catalogueSize={config.data?.catalogueSize} />;

  if (search.isError) {
    return (
      <Notice title="Failed to load search results" text="Something went wrong while searching. Please try again." role="alert">
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </Notice>
    );
  }

  const total = search.data?.total ?? 0;
  const matchingAll = search.data?.relaxedFrom === undefined ? search.data?.matchingAll : undefined;
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
            {first === last ? `Showing ${formatCount(first)}` : `Showing ${formatCount(first)}–${formatCount(last)}`} of{' '}
            {totalOf(total, search.data?.totalCapped, 'result')}
            {total > shownTotal ? ` (the first ${formatCount(shownTotal)} are shown)` : ''}
            {matchingAll !== undefined &&
              ` · ${countOf(matchingAll, 'result')} ${matchingAll === 1 ? 'matches' : 'match'} all your words, listed first`}
          </p>
        )}
      </div>
      {search.isSuccess && <SearchRecoveryNotice term={term} recovery={search.data} />}
      <SearchFilters sortBy={sortBy} dealsOnly={dealsOnly} filters={filters} onChange={update} />
      <SaveSearchButton term={term} maxPrice={filters.maxPrice} email={session.email} token={session.token} onRemember={session.remember} />
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
                Nothing matched “{term}”{conditionWords(dealsOnly, filters)}. Try other words
                {dealsOnly || filters.maxPrice || filters.minRating ? ' or fewer filters' : ''}, or{' '}
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

/** The chosen filters in words for the empty state: " with a discount, up to £25, rated 4 stars & up". */
function conditionWords(dealsOnly: boolean, filters: { maxPrice: string; minRating: string }): string {
  const words = [
    dealsOnly ? 'with a discount' : '',
    filters.maxPrice ? `up to £${formatCount(Number(filters.maxPrice))}` : '',
    filters.minRating ? `rated ${filters.minRating} stars & up` : '',
  ].filter((w) => w !== '');
  return words.length > 0 ? ` ${words.join(', ')}` : '';
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
