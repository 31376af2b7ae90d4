// @vitest-environment happy-dom
/**
 * The pager (shopper-screens §2 "Category deals pages", "Trending deals", §9): 'Page x of y',
 * Previous and Next disabled at the ends, up to 5 numbered buttons from the current page minus 2,
 * and on the trending page the first and last page with ellipses for the gaps. A page beyond the
 * last is shown as the last.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

function numbers(nav: HTMLElement): string[] {
  return within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter((t) => /^\d+$/.test(t));
}

describe('Pagination', () => {
  it('shows up to 5 numbers from the current page minus 2, Page x of y, and moves by the buttons', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={4} totalPages={9} onPageChange={onPageChange} label="Deals pages" />);
    const nav = screen.getByRole('navigation', { name: 'Deals pages' });

    expect(numbers(nav)).toEqual(['2', '3', '4', '5', '6']);
    expect(within(nav).getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByText('Page 4 of 9')).toBeVisible();
    expect(within(nav).queryByText('…')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await user.click(within(nav).getByRole('button', { name: 'Page 6' }));
    expect(onPageChange.mock.calls).toEqual([[5], [3], [6]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    rerender(<Pagination page={3} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows a page beyond the last as the last page, and nothing for a single page', () => {
    const { rerender } = render(<Pagination page={40} totalPages={12} onPageChange={() => {}} label="Pages" />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByText('Page 12 of 12')).toBeVisible();
    expect(numbers(nav)).toEqual(['8', '9', '10', '11', '12']);
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();

    rerender(<Pagination page={1} totalPages={1} onPageChange={() => {}} label="Pages" />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('with ends (trending): first and last page always, an ellipsis for each gap', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={10} totalPages={20} onPageChange={onPageChange} label="Trending pages" withEnds />);
    const nav = () => screen.getByRole('navigation', { name: 'Trending pages' });

    expect(numbers(nav())).toEqual(['1', '8', '9', '10', '11', '12', '20']);
    expect(within(nav()).getAllByText('…')).toHaveLength(2);
    expect(within(nav()).getByText('Page 10 of 20')).toBeVisible();
    await userEvent.setup().click(within(nav()).getByRole('button', { name: 'Page 20' }));
    expect(onPageChange).toHaveBeenCalledWith(20);

    rerender(<Pagination page={1} totalPages={20} onPageChange={onPageChange} label="Trending pages" withEnds />);
    expect(numbers(nav())).toEqual(['1', '2', '3', '4', '5', '20']);
    expect(within(nav()).getAllByText('…')).toHaveLength(1);

    rerender(<Pagination page={2} totalPages={6} onPageChange={onPageChange} label="Trending pages" withEnds />);
    expect(numbers(nav())).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(within(nav()).queryByText('…')).toBeNull();
  });
});
