/**
 * The search page's controls (shopper-screens §2 "Search results"; issue 28): Sort by (the spec's
 * four orders and Discount: High to Low), Max price, Rating and Deals Only (a saving we can back
 * up). Native selects (as web/components/ui/select.tsx, for the same reasons: budget, phones),
 * each with its label above it: two a row on a phone, one row from `sm` up.
 */
import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { Switch } from '../../../components/ui/switch';
import { MAX_PRICE_OPTIONS, MIN_RATING_OPTIONS, SORT_OPTIONS, type SearchFilters as Filters, type SortBy } from '../search-criteria';

/** A change of one control; the page turns it into the URL (and goes back to page 1). */
export interface SearchControlsChange {
  sort?: SortBy;
  deals?: boolean;
  maxPrice?: string;
  minRating?: string;
}

export interface SearchFiltersProps {
  sortBy: SortBy;
  dealsOnly: boolean;
  filters: Filters;
  onChange: (change: SearchControlsChange) => void;
}

/** A labelled native select, its label above it. */
function FilterSelect<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onValueChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {props.label}
      </label>
      <div className="relative min-w-0">
        <select
          id={id}
          value={props.value}
          onChange={(event) => props.onValueChange(event.target.value as T)}
          className="h-10 w-full appearance-none rounded-md border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 sm:w-auto sm:min-w-44"
        >
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute top-3 right-3 h-4 w-4 text-slate-600" aria-hidden="true" />
      </div>
    </div>
  );
}

export function SearchFilters({ sortBy, dealsOnly, filters, onChange }: SearchFiltersProps) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap sm:gap-x-6">
        <FilterSelect label="Sort by" value={sortBy} options={SORT_OPTIONS} onValueChange={(sort) => onChange({ sort })} />
        <FilterSelect
          label="Max price"
          value={filters.maxPrice}
          options={MAX_PRICE_OPTIONS}
          onValueChange={(maxPrice) => onChange({ maxPrice })}
        />
        <FilterSelect
          label="Rating"
          value={filters.minRating}
          options={MIN_RATING_OPTIONS}
          onValueChange={(minRating) => onChange({ minRating })}
        />
        <div className="flex h-10 items-center">
          <Switch label="Deals Only" checked={dealsOnly} onCheckedChange={(deals) => onChange({ deals })} />
        </div>
      </div>
      {filters.minRating !== '' && (
        <p className="mt-2 text-xs text-slate-700">Products without a rating are still listed: most of our products have none yet.</p>
      )}
    </div>
  );
}
