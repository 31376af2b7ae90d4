/**
 * What the search page says when nothing matched the keywords as typed and the answer shows
 * something else (issue 28; docs/decisions/0026-search-relevance.md "Recovery";
 * searchResponseSchema's optional fields), so the shopper always knows what the list is:
 * - a corrected spelling: "Did you mean headphones?" (a link that searches it) and "No products
 *   match “hedphones”, so these are the results for “headphones”.";
 * - part of the keywords: "No products match all of “red kettle stand” — showing results for
 *   “kettle”." and, when the answer names one, a link to the nearest category's page;
 * - a correction that was not applied: "Did you mean …?" alone.
 * Nothing is shown when the products match the keywords as typed.
 */
import { Link } from 'react-router';
import { Info } from 'lucide-react';
import type { SearchResponse } from '../../../../common/api/products.schema';
import { paths } from '../../../../common/paths';

export type SearchRecovery = Pick<SearchResponse, 'didYouMean' | 'relaxedFrom' | 'showingResultsFor' | 'nearestCategory'>;

export interface SearchRecoveryNoticeProps {
  /** The keywords as the shopper typed them (the page's term). */
  term: string;
  recovery: SearchRecovery;
}

/** Lower case with single spaces, to compare the answer's keywords with the typed ones. */
const same = (a: string, b: string) => a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

export function SearchRecoveryNotice({ term, recovery }: SearchRecoveryNoticeProps) {
  const { didYouMean, relaxedFrom, showingResultsFor, nearestCategory } = recovery;
  const offerCorrection = didYouMean !== undefined && !same(didYouMean, term);
  const corrected = !relaxedFrom && showingResultsFor !== undefined && didYouMean !== undefined && same(showingResultsFor, didYouMean);
  if (!offerCorrection && !relaxedFrom && !corrected) return null;
  const linkClass = 'font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-900';
  return (
    <div
      data-testid="search-recovery"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900"
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 space-y-1 break-words">
        {offerCorrection && (
          <p className="text-base">
            Did you mean{' '}
            <Link to={paths.search(didYouMean)} className={linkClass}>
              {didYouMean}
            </Link>
            ?
          </p>
        )}
        {corrected && (
          <p>
            No products match “{term}”, so these are the results for “{showingResultsFor}”.
          </p>
        )}
        {relaxedFrom && (
          <p>
            No products match all of “{relaxedFrom}”
            {showingResultsFor !== undefined ? ` — showing results for “${showingResultsFor}”.` : ' — showing those that match part of it.'}
          </p>
        )}
        {relaxedFrom && nearestCategory && (
          <p>
            Or browse everything in{' '}
            <Link to={paths.categoryDeals(nearestCategory.key)} className={linkClass}>
              {nearestCategory.name}
            </Link>
            .
          </p>
        )}
      </div>
    </div>
  );
}
