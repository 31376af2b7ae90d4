/**
 * The admin API tab (key `api-import`; admin-area §2 "API tab", §4 "Retailer-search import", §5,
 * §8 "Retailer import", §9 "Retailer search test defaults"; issue 14 part 3):
 *
 * - Status: the 403 banner, quota used today, requests per hour, oldest price shown (status panel).
 * - Search test form: keywords ('kitchen utensils'), category (search index: All, Kitchen,
 *   HomeGarden, Appliances), item count (1–10, default 5), max price (£1–£50, default 15),
 *   discount only. Results read-only.
 * - Import flow: search index, Fetch (fixed to 'homeware' under £15, 10 items), a review table
 *   with select all, Import selected; results and selection are cleared after an import.
 */
import { useState, type FormEvent } from 'react';
import type { AmazonSearchProduct } from '../../../../../common/api/amazon-api.admin.schema';
import {
  IMPORT_SEARCH,
  ITEM_COUNT_LIMITS,
  MAX_PRICE_LIMITS,
  SEARCH_DEFAULTS,
  SEARCH_INDEX_OPTIONS,
  SEARCH_INDEX_REQUIRED,
  type SearchIndexOption,
} from '../../../../../common/amazon-search';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import { toast } from '../../../../components/ui/toast.store';
import { messageForPeople } from '../../../../lib/http.client';
import { useAmazonImport, useAmazonSearch } from '../api';
import { AmazonResultsTable } from './amazon-results-table';
import { AmazonStatusPanel } from './amazon-status-panel';
import { AdminSection } from '../../../components/admin-panel';

const INDEX_OPTIONS = SEARCH_INDEX_OPTIONS.map(({ value, label }) => ({ value, label }));

/** A stacked label and native select, matching the form's other fields (one line at every width). */
function IndexSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A stacked label and number field within `limits`: whole numbers (`whole`) or any amount. */
function NumberField({
  id,
  label,
  limits,
  whole = false,
  value,
  onChange,
  required,
}: {
  id: string;
  label: string;
  limits: { min: number; max: number };
  whole?: boolean;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode={whole ? 'numeric' : 'decimal'}
        min={limits.min}
        max={limits.max}
        step={whole ? undefined : 'any'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
      />
    </div>
  );
}

function SearchTestForm({ tabKey }: { tabKey: string }) {
  const search = useAmazonSearch(tabKey);
  const [keywords, setKeywords] = useState<string>(SEARCH_DEFAULTS.keywords);
  const [searchIndex, setSearchIndex] = useState<SearchIndexOption>(SEARCH_DEFAULTS.searchIndex);
  const [itemCount, setItemCount] = useState(String(SEARCH_DEFAULTS.itemCount));
  const [maxPrice, setMaxPrice] = useState(String(SEARCH_DEFAULTS.maxPrice));
  const [discountOnly, setDiscountOnly] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search.mutate(
      {
        keywords: keywords.trim(),
        searchIndex,
        itemCount: Number(itemCount),
        maxPrice: maxPrice === '' ? undefined : Number(maxPrice),
        discountOnly,
      },
      {
        onError: (error) =>
          toast({
            title: 'Amazon API Search failed',
            description: messageForPeople(error, 'Unable to search Amazon at this time'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <AdminSection title="Search test" tight>
      <form
        onSubmit={submit}
        className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      >
        <div className="lg:col-span-2">
          <Label htmlFor="amazon-keywords">Keywords</Label>
          <Input id="amazon-keywords" value={keywords} onChange={(e) => setKeywords(e.target.value)} required maxLength={200} />
        </div>
        <IndexSelect id="amazon-category" label="Category" value={searchIndex} options={INDEX_OPTIONS} onChange={setSearchIndex} />
        <NumberField
          id="amazon-item-count"
          label="Item count"
          limits={ITEM_COUNT_LIMITS}
          whole
          value={itemCount}
          onChange={setItemCount}
          required
        />
        <NumberField id="amazon-max-price" label="Max price (£)" limits={MAX_PRICE_LIMITS} value={maxPrice} onChange={setMaxPrice} />
        <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5" checked={discountOnly} onChange={(e) => setDiscountOnly(e.target.checked)} />
          Discounted only
        </label>
        <div className="sm:col-span-2 lg:col-span-6">
          <Button type="submit" disabled={search.isPending}>
            {search.isPending ? 'Searching Amazon…' : 'Search Amazon'}
          </Button>
          <span className="ml-3 text-xs text-slate-600">Each search uses one Amazon request.</span>
        </div>
      </form>
      {search.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {messageForPeople(search.error, 'Failed to search Amazon products')}
        </p>
      ) : null}
      {search.data ? (
        search.data.products.length === 0 ? (
          <p role="status" className="text-sm text-slate-600">
            Amazon found nothing for this search.
          </p>
        ) : (
          <>
            <p role="status" className="text-sm text-slate-600">
              {search.data.products.length} of {search.data.totalResults ?? search.data.products.length} results
            </p>
            <AmazonResultsTable products={search.data.products} caption="Amazon search results" />
          </>
        )
      ) : null}
    </AdminSection>
  );
}

function ImportFlow({ tabKey }: { tabKey: string }) {
  const search = useAmazonSearch(tabKey);
  const importer = useAmazonImport(tabKey);
  const [searchIndex, setSearchIndex] = useState<SearchIndexOption | ''>('All');
  const [results, setResults] = useState<AmazonSearchProduct[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);

  const fetchResults = () => {
    if (searchIndex === '') {
      setProblem(SEARCH_INDEX_REQUIRED);
      return;
    }
    setProblem(null);
    search.mutate(
      {
        keywords: IMPORT_SEARCH.keywords,
        searchIndex,
        itemCount: IMPORT_SEARCH.itemCount,
        maxPrice: IMPORT_SEARCH.maxPrice,
        discountOnly: false,
      },
      {
        onSuccess: (data) => {
          setResults(data.products);
          setSelected(new Set());
        },
        onError: (error) => setProblem(messageForPeople(error, 'Failed to search Amazon products')),
      },
    );
  };
  const importSelected = () =>
    importer.mutate([...selected], {
      onSuccess: (outcome) => {
        setResults([]);
        setSelected(new Set());
        const skipped = outcome.skipped.map((s) => `${s.asin}: ${s.reason}`);
        toast({ title: 'Products imported', description: [`${outcome.created} added, ${outcome.updated} updated.`, ...skipped] });
      },
      onError: (error) =>
        toast({ title: 'Import Error', description: messageForPeople(error, 'Failed to import products'), variant: 'destructive' }),
    });
  const selection = {
    selected,
    toggle: (asin: string) =>
      setSelected((was) => {
        const next = new Set(was);
        if (!next.delete(asin)) next.add(asin);
        return next;
      }),
    toggleAll: () => setSelected((was) => (results.every((p) => was.has(p.asin)) ? new Set() : new Set(results.map((p) => p.asin)))),
  };

  return (
    <AdminSection title="Import from Amazon" tight>
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="w-56">
          <IndexSelect
            id="amazon-import-index"
            label="Search index"
            value={searchIndex}
            options={[{ value: '' as const, label: 'Choose…' }, ...INDEX_OPTIONS]}
            onChange={setSearchIndex}
          />
        </div>
        <Button variant="secondary" onClick={fetchResults} disabled={search.isPending}>
          {search.isPending ? 'Fetching…' : 'Fetch'}
        </Button>
        <p className="text-xs text-slate-600">
          Fetches “{IMPORT_SEARCH.keywords}” under £{IMPORT_SEARCH.maxPrice}, {IMPORT_SEARCH.itemCount} items.
        </p>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {results.length > 0 ? (
        <>
          <AmazonResultsTable products={results} selection={selection} caption="Products to review before import" />
          <Button onClick={importSelected} disabled={selected.size === 0 || importer.isPending}>
            {importer.isPending ? 'Importing…' : `Import selected (${selected.size})`}
          </Button>
        </>
      ) : search.isSuccess && !search.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Nothing to review: Amazon found no products, or the last ones were imported.
        </p>
      ) : null}
    </AdminSection>
  );
}

export function ApiImportTab({ tabKey }: { tabKey: string }) {
  return (
    <div className="space-y-8">
      <AmazonStatusPanel tabKey={tabKey} />
      <SearchTestForm tabKey={tabKey} />
      <ImportFlow tabKey={tabKey} />
    </div>
  );
}
