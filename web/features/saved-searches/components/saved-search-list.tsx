/**
 * The visitor's saved searches with delete (issue 30): loading, empty and error states; nothing
 * without a visitor token (a new visitor has none until they save one).
 */
import { Search, Trash2 } from 'lucide-react';
import { getShopperCategory } from '../../../../common/categories';
import { formatPriceString } from '../../../../common/money';
import type { SavedSearch } from '../../../../common/api/saved-searches.schema';
import type { HeldToken } from '../../../lib/visitor-token';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useDeleteSavedSearch, useSavedSearches } from '../api';

const FREQUENCY_WORDS: Record<SavedSearch['frequency'], string> = {
  instant: 'e-mailed straight away',
  daily: 'daily digest',
  weekly: 'weekly digest',
};

/** "in Home & Kitchen · up to £200.00 · at least 20% off · daily digest". */
export function searchConditions(s: SavedSearch): string {
  return [
    s.category ? `in ${getShopperCategory(s.category)?.name ?? s.category}` : 'any category',
    s.maxPrice ? `up to ${formatPriceString(s.maxPrice)}` : '',
    s.minSavingPercent ? `at least ${s.minSavingPercent}% off` : '',
    FREQUENCY_WORDS[s.frequency],
  ]
    .filter((w) => w !== '')
    .join(' · ');
}

export function SavedSearchList({ held, heading = 'Your saved searches' }: { held: HeldToken; heading?: string }) {
  const searches = useSavedSearches(held);
  const remove = useDeleteSavedSearch(held);
  if (held.token === null) return null;

  function onDelete(search: SavedSearch) {
    remove.mutate(search.id, {
      onSuccess: () => toast({ title: 'Saved search deleted' }),
      onError: () => toast({ title: 'Failed to delete the search', description: 'Please try again.', variant: 'destructive' }),
    });
  }

  return (
    <section aria-label={heading} className="mt-5 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      {searches.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading your saved searches…
        </p>
      ) : searches.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          We couldn't load your saved searches.{' '}
          <button type="button" className="font-medium underline" onClick={() => void searches.refetch()}>
            Try again
          </button>
        </p>
      ) : searches.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No saved searches yet. Use “Save this search” on any search results page.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {searches.data.map((s) => (
            <li key={s.id} className="flex items-start gap-3 rounded-md border border-slate-200 bg-white p-3">
              <Search className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{s.keywords ? `“${s.keywords}”` : 'Every new deal'}</p>
                <p className="text-xs text-slate-600">{searchConditions(s)}</p>
                <p className="text-xs text-slate-600">
                  {s.awaitingConfirmation
                    ? 'Waiting: open the link we e-mailed you to start it.'
                    : `${s.matches} matching ${s.matches === 1 ? 'product' : 'products'} so far`}
                </p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Delete saved search ${s.keywords || 'for every new deal'}`}
                disabled={remove.isPending}
                onClick={() => onDelete(s)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
