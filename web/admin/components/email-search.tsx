/**
 * The "Search by e-mail" of the admin lists of people (admin-area §2: signups, users, preferences,
 * all product clicks): a labelled search field, and for lists already in the browser the rows whose
 * address contains what was typed (trimmed, lower case; addresses are stored lower case).
 */
import { useId, useMemo, useState } from 'react';
import { Input, Label } from '../../components/ui/input';

/** The search text, the term it makes (trimmed, lower case; '' for none) and the rows that match it. */
export function useEmailSearch<T extends { email: string }>(rows: readonly T[] | undefined) {
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const matching = useMemo(() => (rows ?? []).filter((row) => row.email.includes(term)), [rows, term]);
  return { search, setSearch, term, matching };
}

/** The 'Search by e-mail' field, 18 rem wide from 640 px (the full width on a phone). */
export function EmailSearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="w-full sm:w-72">
      <Label htmlFor={id}>Search by e-mail</Label>
      <Input id={id} type="search" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
