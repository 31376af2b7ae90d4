/**
 * The selection of an admin table with bulk actions (issue 29 "hidden selection across pages"):
 *
 * - `useBulkSelection(filterKey)`: the ids an owner ticked (kept across pages) or "every row matching
 *   the filter" (`allMatching`, which a bulk action sends to the server as the filter, never as the
 *   ids on screen). Both are cleared when `filterKey` changes (another search or filter lists other
 *   rows, so nothing selected stays hidden behind it).
 * - `SelectionBar`: says what is selected in words that cannot mislead ("3 users selected across
 *   pages, 2 of them not on this page"; "All 1,234 matching alerts selected"), offers "Select all
 *   1,234 matching" and "Clear selection", and holds the bulk action buttons. Announced politely.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';

export interface BulkSelection<Id extends string | number> {
  /** Ids ticked one by one (empty while `allMatching`). */
  ids: ReadonlySet<Id>;
  /** Every row matching the filter is selected (the server resolves which). */
  allMatching: boolean;
  isSelected: (id: Id) => boolean;
  /** Ticks or unticks `ids` (leaves "all matching" for the ticked ids, minus those unticked, when needed). */
  setSelected: (ids: readonly Id[], on: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
  /** How many rows are selected, given how many match the filter. */
  count: (matching: number) => number;
}

export function useBulkSelection<Id extends string | number>(filterKey: string): BulkSelection<Id> {
  const [ids, setIds] = useState<ReadonlySet<Id>>(() => new Set());
  const [allMatching, setAllMatching] = useState(false);
  // Another filter: nothing stays selected (React's "adjusting state when a prop changes").
  const [seenKey, setSeenKey] = useState(filterKey);
  if (seenKey !== filterKey) {
    setSeenKey(filterKey);
    setIds(new Set());
    setAllMatching(false);
  }
  const isSelected = useCallback((id: Id) => allMatching || ids.has(id), [allMatching, ids]);
  const setSelected = useCallback(
    (changed: readonly Id[], on: boolean) => {
      if (allMatching && on) return;
      if (allMatching) {
        // Unticking a row leaves "all matching": what stays ticked is no longer the filter.
        setAllMatching(false);
        setIds(new Set());
        return;
      }
      setIds((current) => {
        const next = new Set(current);
        for (const id of changed) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      });
    },
    [allMatching],
  );
  const selectAllMatching = useCallback(() => {
    setAllMatching(true);
    setIds(new Set());
  }, []);
  const clear = useCallback(() => {
    setAllMatching(false);
    setIds(new Set());
  }, []);
  const count = useCallback((matching: number) => (allMatching ? matching : ids.size), [allMatching, ids]);
  return useMemo(
    () => ({ ids, allMatching, isSelected, setSelected, selectAllMatching, clear, count }),
    [ids, allMatching, isSelected, setSelected, selectAllMatching, clear, count],
  );
}

export interface SelectionBarProps<Id extends string | number> {
  selection: BulkSelection<Id>;
  /** Rows matching the filter (all pages). */
  matching: number;
  /** The ids on the page shown. */
  pageIds: readonly Id[];
  /** "user"/"users" for a count: `noun(1)` → 'user'. */
  noun: (n: number) => string;
  /** The group's accessible name, e.g. 'Selected users'. */
  label: string;
  /** The bulk action buttons. */
  children?: ReactNode;
}

const n = (value: number) => value.toLocaleString('en-GB');

/** The words for what is selected (exported for tests and dialogs). */
export function selectionText(allMatching: boolean, count: number, offPage: number, noun: (n: number) => string): string {
  if (allMatching) return `All ${n(count)} matching ${noun(count)} selected`;
  if (count === 0) return `No ${noun(2)} selected`;
  const where = offPage > 0 ? ` across pages, ${n(offPage)} of them not on this page` : '';
  return `${n(count)} ${noun(count)} selected${where}`;
}

export function SelectionBar<Id extends string | number>({ selection, matching, pageIds, noun, label, children }: SelectionBarProps<Id>) {
  const count = selection.count(matching);
  const onPage = new Set(pageIds);
  const offPage = selection.allMatching ? 0 : [...selection.ids].filter((id) => !onPage.has(id)).length;
  const canSelectAll = !selection.allMatching && count > 0 && matching > count;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2 rounded-md bg-slate-100 px-3 py-2">
      {children}
      <p className="text-sm text-slate-800" aria-live="polite">
        {selectionText(selection.allMatching, count, offPage, noun)}
      </p>
      {canSelectAll ? (
        <Button variant="ghost" size="sm" className="text-blue-800 underline" onClick={selection.selectAllMatching}>
          Select all {n(matching)} matching
        </Button>
      ) : null}
      {count > 0 ? (
        <Button variant="ghost" size="sm" onClick={selection.clear}>
          Clear selection
        </Button>
      ) : null}
    </div>
  );
}
