// @vitest-environment happy-dom
/**
 * The 'Statistics' and 'top-deals' tabs in the browser (admin-area §2, §8, §9), with the API faked
 * at `fetch`: the stat cards, the charts' table views, the empty catalogue; the top-deals button,
 * the chips with their counts, filtering by a chip, and a failed fetch.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminStats, TopDeal, TopDealsResponse } from '../../../../../common/api/products.admin.schema';
import { fakeApi, makeProduct, renderPage } from '../../../../testing/harness';
import { StatsTab } from './stats-tab';
import { TopDealsTab } from './top-deals-tab';

const STATS: AdminStats = {
  total: 3870,
  byCategory: [
    { category: 'home-kitchen', label: 'Home & Kitchen', count: 1500 },
    { category: 'electronics', label: 'Electronics', count: 1200 },
    { category: 'other', label: 'Other', count: 1170 },
    { category: 'music', label: 'Musical Instruments', count: 0 },
  ],
  avgDiscount: 23.4,
  discountedCount: 120,
  dealCount: 95,
  priceRange: { min: '0.99', max: '1299.00' },
  priceHistogram: [
    { fromPence: 0, toPence: 500, label: 'Under £5', count: 300 },
    { fromPence: 500, toPence: 1000, label: '£5–£10', count: 900 },
    { fromPence: 100_000, toPence: null, label: '£1,000+', count: 12 },
  ],
};

describe('the Statistics tab', () => {
  it('shows Total Products, Avg Discount, Price Range and Categories, and each chart as a table on request', async () => {
    fakeApi({ 'GET /api/admin/stats': { json: STATS } });
    const { user } = renderPage(<StatsTab tabKey="stats" />, '/admin/stats');
    const total = await screen.findByText('Total Products');
    expect(total.nextElementSibling).toHaveTextContent('3,870');
    expect(screen.getByText('Avg Discount').nextElementSibling).toHaveTextContent('23.4%');
    expect(screen.getByText('Across the 120 products with a substantiated "was" price')).toBeInTheDocument();
    expect(screen.getByText('Price Range').nextElementSibling).toHaveTextContent('£0.99 – £1,299.00');
    expect(screen.getByText('Categories').nextElementSibling).toHaveTextContent('3');

    const categories = screen.getByRole('figure', { name: 'Products per category' });
    expect(within(categories).getByRole('img')).toHaveAccessibleName(
      'Bar chart of products per category; the largest is Home & Kitchen with 1,500.',
    );
    await user.click(within(categories).getByRole('button', { name: 'Show as table' }));
    const table = within(categories).getByRole('table', { name: 'Products per category' });
    expect(within(table).getByRole('row', { name: 'Electronics 1,200' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Musical Instruments 0' })).toBeInTheDocument();
    expect(within(categories).getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-pressed', 'true');

    const prices = screen.getByRole('figure', { name: 'Products by price' });
    await user.click(within(prices).getByRole('button', { name: 'Show as table' }));
    expect(within(prices).getByRole('row', { name: '£1,000+ 12' })).toBeInTheDocument();
  });

  it('says when the catalogue is empty, and when the figures cannot be loaded', async () => {
    fakeApi({
      'GET /api/admin/stats': {
        json: { ...STATS, total: 0, byCategory: [], avgDiscount: null, discountedCount: 0, dealCount: 0, priceRange: null },
      },
    });
    renderPage(<StatsTab tabKey="stats" />, '/admin/stats');
    expect(await screen.findByText('The catalogue is empty: the charts appear once products are imported.')).toBeInTheDocument();
    expect(screen.getByText('No product has a substantiated "was" price')).toBeInTheDocument();
  });

  it('shows the failure with Try again', async () => {
    fakeApi({
      'GET /api/admin/stats': {
        status: 500,
        json: { error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' },
      },
    });
    renderPage(<StatsTab tabKey="stats" />, '/admin/stats');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load statistics');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

function deal(n: number, chip: TopDeal['chip']): TopDeal {
  const asin = `B0DEAL${String(n).padStart(4, '0')}`;
  return {
    ...makeProduct({ asin, id: String(n), title: `Deal ${n}`, category: 'electronics' }),
    dealBasis: { kind: 'LABELLED_SAVING', label: 'Save 33% on the RRP', percent: 33 },
    lastUpdated: '2026-06-01T09:00:00.000Z',
    isActive: true,
    chip,
  };
}

const TOP: TopDealsResponse = {
  products: [deal(1, 'electronics'), deal(2, 'travel'), deal(3, 'electronics')],
  categories: [
    { key: 'all', label: 'All', count: 3 },
    { key: 'electronics', label: 'Electronics', count: 2 },
    { key: 'travel', label: 'Travel', count: 1 },
    { key: 'kitchen', label: 'Kitchen & home', count: 0 },
    { key: 'personalcare', label: 'Personal care', count: 0 },
    { key: 'office', label: 'Office', count: 0 },
    { key: 'cleaning', label: 'Cleaning', count: 0 },
    { key: 'others', label: 'Others', count: 0 },
  ],
};

describe('the top-deals tab', () => {
  it('fetches the top 60 on the button, shows the chips with counts and filters by one', async () => {
    const api = fakeApi({ 'GET /api/admin/top-deals': { json: TOP } });
    const { user } = renderPage(<TopDealsTab tabKey="top-deals" />, '/admin/top-deals');
    const fetchButton = await screen.findByRole('button', { name: 'Fetch top 60 deals' });
    expect(api.calls).toHaveLength(0);
    await user.click(fetchButton);
    const chips = await screen.findByRole('group', { name: 'Filter by category' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'All (3)',
      'Electronics (2)',
      'Travel (1)',
      'Kitchen & home (0)',
      'Personal care (0)',
      'Office (0)',
      'Cleaning (0)',
      'Others (0)',
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByText('Save 33% on the RRP')).toHaveLength(3);

    await user.click(within(chips).getByRole('button', { name: 'Travel (1)' }));
    expect(within(chips).getByRole('button', { name: 'Travel (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent)).toEqual(['Deal 2']);
    expect(screen.getByText('Showing 1 of 3 deals')).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Office (0)' }));
    expect(screen.getByText('None of the top deals falls under this chip.')).toBeInTheDocument();
  });

  it('says "Failed to fetch: {status}" when the fetch fails, and explains an empty answer', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/top-deals': () =>
        fail ? { status: 503, json: { error: 'x', message: 'y' } } : { json: { products: [], categories: [] } },
    });
    const { user } = renderPage(<TopDealsTab tabKey="top-deals" />, '/admin/top-deals');
    await user.click(await screen.findByRole('button', { name: 'Fetch top 60 deals' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch: 503');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Fetch top 60 deals' }));
    expect(await screen.findByText(/No product is a deal right now/)).toBeInTheDocument();
  });
});
