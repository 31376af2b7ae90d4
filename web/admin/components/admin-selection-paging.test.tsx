// @vitest-environment happy-dom
/**
 * Issue 29 "tables an owner can trust", the shared parts on their own: the pager's First / Last and
 * "Go to page" (clamped to the pages there are, a non-number refused with a message), the list
 * state in the URL surviving Back/Forward, and the bulk selection: kept across pages and said so,
 * "Select all N matching", cleared when the filter changes.
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderPage } from '../../testing/harness';
import { AdminPager, pageFromInput } from './admin-paging';
import { SelectionBar, selectionText, useBulkSelection } from './admin-selection';
import { pageOf, useUrlState } from '../lib/url-state';

const SPEC = { page: { default: '1' }, q: { default: '' }, sort: { default: 'id', allowed: ['id', 'price'] } };
const ROWS = Array.from({ length: 95 }, (_, i) => `row-${i + 1}`);
const PER_PAGE = 10;
const noun = (n: number) => (n === 1 ? 'row' : 'rows');

/** A list of 95 rows (or those containing the search), 10 a page, with the URL state and a selection. */
function List() {
  const url = useUrlState(SPEC);
  const matching = ROWS.filter((r) => r.includes(url.values.q));
  const totalPages = Math.max(1, Math.ceil(matching.length / PER_PAGE));
  const page = Math.min(pageOf(url.values.page), totalPages);
  const shown = matching.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const selection = useBulkSelection<string>(url.values.q);
  const go = (n: number) => url.set({ page: String(n) });
  return (
    <div>
      <p>Sorted by {url.values.sort}</p>
      <button type="button" onClick={() => url.set({ q: '-1', page: '1' })}>
        Filter -1
      </button>
      <SelectionBar selection={selection} matching={matching.length} pageIds={shown} noun={noun} label="Selected rows" />
      <ul>
        {shown.map((r) => (
          <li key={r}>
            <label>
              <input type="checkbox" checked={selection.isSelected(r)} onChange={(e) => selection.setSelected([r], e.target.checked)} />
              {r}
            </label>
          </li>
        ))}
      </ul>
      <AdminPager
        label="Row pages"
        canPrevious={page > 1}
        canNext={page < totalPages}
        onPrevious={() => go(page - 1)}
        onNext={() => go(page + 1)}
        page={page}
        totalPages={totalPages}
        onPage={go}
      >
        Page {page} of {totalPages}
      </AdminPager>
    </div>
  );
}

describe('the shared pager', () => {
  it('reads a typed page, clamped to the pages there are', () => {
    expect(pageFromInput('7', 10)).toBe(7);
    expect(pageFromInput('4,894', 5000)).toBe(4894);
    expect(pageFromInput('0', 10)).toBe(1);
    expect(pageFromInput('99', 10)).toBe(10);
    expect(pageFromInput('abc', 10)).toBeNull();
    expect(pageFromInput('', 10)).toBeNull();
  });

  it('goes to the first, the last and a typed page, each kept in the URL, and Back returns', async () => {
    const { user, router } = renderPage(<List />, '/?sort=price');
    const pager = within(screen.getByRole('navigation', { name: 'Row pages' }));
    expect(screen.getByText('Sorted by price')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'First page' })).toBeDisabled();
    await user.click(pager.getByRole('button', { name: 'Last page' }));
    expect(pager.getByText('Page 10 of 10')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/?sort=price&page=10');
    const field = pager.getByRole('spinbutton', { name: 'Go to page' });
    await user.clear(field);
    await user.type(field, '4{Enter}');
    expect(pager.getByText('Page 4 of 10')).toBeInTheDocument();
    await user.clear(pager.getByRole('spinbutton', { name: 'Go to page' }));
    await user.click(pager.getByRole('button', { name: /^Go/ }));
    expect(pager.getByRole('alert')).toHaveTextContent('Enter a page number.');
    await act(() => router.navigate(-1));
    expect(pager.getByText('Page 10 of 10')).toBeInTheDocument();
    await user.click(pager.getByRole('button', { name: 'First page' }));
    expect(currentUrl(router)).toBe('/?sort=price');
  });
});

describe('the shared selection', () => {
  it('says what is selected in words that cannot mislead', () => {
    expect(selectionText(false, 0, 0, noun)).toBe('No rows selected');
    expect(selectionText(false, 1, 0, noun)).toBe('1 row selected');
    expect(selectionText(false, 20, 10, noun)).toBe('20 rows selected across pages, 10 of them not on this page');
    expect(selectionText(true, 1234, 0, noun)).toBe('All 1,234 matching rows selected');
  });

  it('keeps ticks across pages, selects all matching, and clears when the filter changes', async () => {
    const { user } = renderPage(<List />);
    const bar = within(screen.getByRole('group', { name: 'Selected rows' }));
    await user.click(screen.getByRole('checkbox', { name: 'row-1' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'row-11' }));
    expect(bar.getByText('2 rows selected across pages, 1 of them not on this page')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Select all 95 matching' }));
    expect(bar.getByText('All 95 matching rows selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'row-15' })).toBeChecked();
    // Unticking one row leaves "all matching": the rest is no longer the filter.
    await user.click(screen.getByRole('checkbox', { name: 'row-15' }));
    expect(bar.getByText('No rows selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'row-12' }));
    await user.click(screen.getByRole('button', { name: 'Filter -1' }));
    expect(bar.getByText('No rows selected')).toBeInTheDocument();
    expect(bar.queryByRole('button', { name: 'Clear selection' })).toBeNull();
  });
});
