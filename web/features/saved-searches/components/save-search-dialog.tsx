/**
 * The "Save this search" dialog (issue 30): e-mail, words, category, max price, minimum verified
 * saving and how often to hear (instantly, a daily or a weekly digest), then the visitor's saved
 * searches with delete. A new address gets our confirmation e-mail first (double opt-in, as alerts):
 * the dialog says so. Server errors name the field; they are shown in the form (role="alert").
 * Loaded lazily by ./save-search-button.tsx.
 */
import { useId, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { SHOPPER_CATEGORIES, type ShopperCategoryKey } from '../../../../common/categories';
import type { SavedSearchFrequency } from '../../../../common/saved-searches';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { messageForPeople } from '../../../lib/http.client';
import { useCreateSavedSearch } from '../api';
import type { SaveSearchProps } from './save-search-button';
import { SavedSearchList } from './saved-search-list';

const FREQUENCIES: ReadonlyArray<{ value: SavedSearchFrequency; label: string; hint: string }> = [
  { value: 'instant', label: 'Straight away', hint: 'one e-mail as soon as new products match' },
  { value: 'daily', label: 'Daily digest', hint: 'at most one e-mail a day, from 8am' },
  { value: 'weekly', label: 'Weekly digest', hint: 'at most one e-mail a week' },
];
const SAVINGS = ['', '10', '20', '30', '50'] as const;

const selectClasses =
  'mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600';

export default function SaveSearchDialog({
  term,
  maxPrice: initialMax,
  email: heldEmail,
  token,
  onRemember,
  open,
  onOpenChange,
}: SaveSearchProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const held = { email: heldEmail, token };
  const create = useCreateSavedSearch(held);
  const [email, setEmail] = useState(heldEmail ?? '');
  const [keywords, setKeywords] = useState(term);
  const [category, setCategory] = useState('');
  const [maxPrice, setMaxPrice] = useState(initialMax);
  const [minSaving, setMinSaving] = useState<(typeof SAVINGS)[number]>('');
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('instant');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ confirmed: boolean; address: string } | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address.includes('@')) return setError('userEmail: please enter your e-mail address');
    setError(null);
    create.mutate(
      {
        userEmail: address,
        keywords: keywords.trim(),
        frequency,
        ...(category ? { category: category as ShopperCategoryKey } : {}),
        ...(maxPrice.trim() ? { maxPrice: maxPrice.trim() } : {}),
        ...(minSaving ? { minSavingPercent: Number(minSaving) } : {}),
      },
      {
        onSuccess: (search) => {
          onRemember(address, search.visitorToken);
          setSaved({ confirmed: search.emailConfirmed, address });
          toast({ title: 'Search saved', description: `We'll e-mail you new matches for “${search.keywords || 'your category'}”.` });
        },
        onError: (failure) => setError(messageForPeople(failure, 'Unable to save this search. Please try again.')),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Save this search" description="We e-mail you each new matching product once.">
      {saved ? (
        <div role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950">
          {saved.confirmed
            ? 'Saved. New matches will be e-mailed to you.'
            : `Saved. Check ${saved.address} for our e-mail and open its link: your search starts once the address is confirmed.`}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div>
            <Label htmlFor={`${id}-email`}>Your e-mail address</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="you@example.co.uk"
            />
          </div>
          <div>
            <Label htmlFor={`${id}-words`}>Words to look for</Label>
            <Input
              id={`${id}-words`}
              value={keywords}
              maxLength={200}
              onChange={(e) => setKeywords(e.target.value)}
              placeholder="e.g. dyson cordless"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor={`${id}-category`}>Category</Label>
              <select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value)} className={selectClasses}>
                <option value="">Any category</option>
                {SHOPPER_CATEGORIES.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <Label htmlFor={`${id}-max`}>Max price £ (optional)</Label>
              <Input
                id={`${id}-max`}
                inputMode="decimal"
                value={maxPrice}
                onChange={(e) => setMaxPrice(e.target.value)}
                placeholder="e.g. 200"
              />
            </div>
            <div>
              <Label htmlFor={`${id}-saving`}>Minimum verified saving</Label>
              <select
                id={`${id}-saving`}
                value={minSaving}
                onChange={(e) => setMinSaving(e.target.value as (typeof SAVINGS)[number])}
                className={selectClasses}
              >
                {SAVINGS.map((s) => (
                  <option key={s} value={s}>
                    {s ? `At least ${s}% off` : 'Any price'}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">How often should we e-mail you?</legend>
            <div className="mt-2 space-y-2">
              {FREQUENCIES.map((f) => (
                <div key={f.value} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    id={`${id}-frequency-${f.value}`}
                    type="radio"
                    name={`${id}-frequency`}
                    value={f.value}
                    checked={frequency === f.value}
                    onChange={() => setFrequency(f.value)}
                    className="mt-0.5 h-4 w-4 accent-green-700"
                  />
                  <label htmlFor={`${id}-frequency-${f.value}`}>
                    <span className="font-medium">{f.label}</span> <span className="text-slate-600">– {f.hint}</span>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          {error && (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <p className="text-xs text-slate-600">
            We only use your e-mail for these alerts. Savings count only when verified (a labelled list price or our own price history).
            Every e-mail has a one-click unsubscribe link.
          </p>
          <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="success" disabled={create.isPending}>
              {create.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              {create.isPending ? 'Saving…' : 'Save search'}
            </Button>
          </div>
        </form>
      )}
      <SavedSearchList held={held} />
    </Dialog>
  );
}
