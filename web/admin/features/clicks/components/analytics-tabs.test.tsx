// @vitest-environment happy-dom
/**
 * The Clicks and Category-clicks tabs in the browser (issue 13; admin-area §2), with the API faked
 * at `fetch`: the seven cards' figures, the date filter sending London dates and Clear Filter, a
 * chart's table toggle, the e-mail search with its count line, a user opening to their clicks with
 * the per-user export, the campaign and recent-visit tables, the export links, the 10 recent
 * category clicks with 'Anonymous' and 'Home', and an error state.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { presetRange } from '../../../../../common/analytics-dates';
import type {
  AnalyticsOverview,
  CategoryClickStats,
  ClickStats,
  EmailTracking,
  ProductClicksResponse,
  UserClicksResponse,
} from '../../../../../common/api/click-analytics.admin.schema';
import { fakeApi, renderRoutes, type FakeCall } from '../../../../testing/harness';
import { CategoryClicksTab } from './category-clicks-tab';
import { ClicksTab } from './clicks-tab';

const ALL = { startDate: null, endDate: null };
const TRACKING: EmailTracking = {
  range: ALL,
  summary: {
    totalWebsiteVisits: 12_345,
    emailWebsiteVisits: 2_100,
    anonymousWebsiteVisits: 9_876,
    totalAmazonAffiliateClicks: 4_321,
    emailAmazonAffiliateClicks: 654,
    anonymousAmazonAffiliateClicks: 1_700,
    totalSearches: 777,
    clickThroughRate: 12.5,
    uniqueProducts: 321,
    uniqueUsers: 89,
  },
  campaigns: [{ campaign: 'oct-alerts', source: 'email', medium: 'price-drop', visits: 200, clickThroughs: 50, clickThroughRate: 25 }],
  recentVisits: [
    {
      id: 1,
      productTitle: 'Tefal Frying Pan',
      productAsin: 'B0AAAAAAA1',
      path: '/deals/B0AAAAAAA1',
      userEmail: null,
      campaign: 'oct-alerts',
      visitedAt: '2026-10-25T01:30:00Z',
      clickedThrough: true,
    },
  ],
};
const STATS: ClickStats = {
  range: ALL,
  totalClicks: 4_321,
  uniqueUsers: 89,
  uniqueProducts: 321,
  anonymousClicks: 1_700,
  topProducts: [
    { asin: 'B0AAAAAAA1', title: 'Tefal Frying Pan', category: 'home-kitchen', clickCount: 500 },
    { asin: 'B0BBBBBBB2', title: 'Anker Charger', category: 'electronics', clickCount: 300 },
    { asin: 'B0CCCCCCC3', title: 'Lego Set', category: 'toys', clickCount: 200 },
    { asin: 'B0DDDDDDD4', title: 'Kindle', category: 'electronics', clickCount: 100 },
  ],
  clicksByEmail: [
    { email: 'ana@example.com', clickCount: 40, lastClickedAt: '2026-10-25T01:30:00Z' },
    { email: 'ben@example.com', clickCount: 30, lastClickedAt: '2026-10-24T09:00:00Z' },
  ],
  clicksPerDay: [{ date: '2026-10-25', clicks: 3 }],
  clicksByCategory: [
    { category: 'home-kitchen', clicks: 3_000 },
    { category: 'electronics', clicks: 1_321 },
  ],
};
const CATEGORIES: CategoryClickStats = {
  range: ALL,
  totalClicks: 64,
  uniqueUsers: 7,
  categoriesTracked: 8,
  topCategories: ['Kitchen', 'Electronics', 'Fashion', 'Baby', 'Toys', 'Garden'].map((name, i) => ({
    categoryName: name,
    categorySlug: name.toLowerCase(),
    clickCount: 20 - i * 3,
  })),
  clicksByCategory: [],
  clicks: Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    categoryName: i % 2 ? 'Kitchen' : 'Electronics',
    categorySlug: i % 2 ? 'kitchen' : 'electronics',
    userEmail: i === 0 ? null : `user${i}@example.com`,
    clickedAt: '2026-10-25T01:30:00Z',
    pageUrl: i === 0 ? null : i === 2 ? '/' : '/categories',
  })),
};
const click = (id: number, email: string | null) => ({
  id,
  userEmail: email,
  productAsin: 'B0AAAAAAA1',
  productTitle: 'Tefal Frying Pan',
  clickType: 'shop',
  price: '19.99',
  originalPrice: null,
  referrer: '/',
  category: 'home-kitchen',
  affiliateUrl: 'https://www.amazon.co.uk/dp/B0AAAAAAA1?tag=x-21',
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  clickedAt: '2026-10-25T01:30:00Z',
});

function api() {
  return fakeApi({
    'GET /api/admin/email-tracking': { json: TRACKING },
    'GET /api/admin/product-clicks-stats': { json: STATS },
    'GET /api/admin/category-clicks-stats': { json: CATEGORIES },
    'GET /api/admin/analytics-overview': {
      json: {
        range: ALL,
        previousRange: null,
        current: { visits: 0, productVisits: 0, clickedVisits: 0, clicks: 0, clickThroughRate: 0 },
        previous: null,
        perDay: [],
        topPages: [],
        topReferrers: [],
        devices: [],
      } satisfies AnalyticsOverview,
    },
    'GET /api/admin/product-clicks': (call: FakeCall) => {
      const email = call.query.get('email');
      const body: ProductClicksResponse = email
        ? { range: ALL, total: 1, clicks: [click(2, 'ana@example.com')] }
        : { range: ALL, total: 4_321, clicks: [click(1, null), click(2, 'ana@example.com')] };
      return { json: body };
    },
    'GET /api/admin/product-clicks/ana%40example.com': {
      json: { range: ALL, email: 'ana@example.com', total: 40, clicks: [click(2, 'ana@example.com')] } satisfies UserClicksResponse,
    },
  });
}

const renderTab = (element: React.ReactElement, url: string) => renderRoutes([{ path: '/admin/:tab', element }], url);

describe('the Clicks tab', () => {
  it('shows the seven cards, totals, lists, campaigns and recent e-mail visits', async () => {
    api();
    renderTab(<ClicksTab tabKey="click-tracking" />, '/admin/click-tracking');
    const cards = await screen.findByLabelText('Summary');
    const figure = (label: string) => within(cards).getByText(label).parentElement as HTMLElement;
    expect(figure('Website Visits')).toHaveTextContent('Website Visits12,3452,100 from e-mails');
    expect(figure('Amazon Affiliate Clicks')).toHaveTextContent('4,321654 from e-mails');
    expect(figure('Anonymous Visits Tracked')).toHaveTextContent('9,876');
    expect(figure('Search Feed Queries')).toHaveTextContent('777');
    expect(figure('Global CTR')).toHaveTextContent('12.5%');
    expect(figure('Unique Users')).toHaveTextContent('89');
    expect(figure('Unique Products')).toHaveTextContent('321');

    const totals = await screen.findByLabelText('Product click figures');
    expect(within(totals).getByText('Top 3 Products').parentElement).toHaveTextContent('Tefal Frying Pan500Anker Charger300Lego Set200');
    expect(within(totals).getByText('Top 3 Products').parentElement).not.toHaveTextContent('Kindle');
    expect(within(totals).getByText('Top 3 Active E-mails').parentElement).toHaveTextContent('ana@example.com40ben@example.com30');

    expect(screen.getByText('Top Products by Clicks (4 of 321)')).toBeInTheDocument();
    const campaigns = screen.getByRole('region', { name: 'Email Campaign Performance' });
    expect(within(campaigns).getAllByRole('row')[1]).toHaveTextContent('oct-alertsemailprice-drop2005025%');
    const visits = screen.getByText('Recent Email Visits (1)').closest('details') as HTMLElement;
    expect(within(visits).getAllByRole('row')[1]).toHaveTextContent('Tefal Frying PanAnonymousoct-alerts25 Oct 2026, 01:30Yes');

    const category = screen.getByRole('region', { name: 'Category button click tracking' });
    expect(within(category).getByText('Top Category').parentElement).toHaveTextContent('Kitchen20 clicks');
    expect(within(category).getAllByRole('listitem')).toHaveLength(6);

    const exports = screen.getByRole('region', { name: /CSV exports/ });
    expect(within(exports).getByRole('link', { name: 'Top products by clicks' })).toHaveAttribute(
      'href',
      '/api/admin/export/top-products-csv',
    );
    expect(within(exports).getAllByRole('link')).toHaveLength(5);
  });

  it('a preset sends London dates, the export links follow it, and Clear Filter goes back to All Time', async () => {
    const fake = api();
    const { user, router } = renderTab(<ClicksTab tabKey="click-tracking" />, '/admin/click-tracking');
    await screen.findByLabelText('Summary');
    expect(screen.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Clear Filter' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Last 7 Days' }));
    const week = presetRange('last7');
    await waitFor(() =>
      expect(
        fake
          .callsTo('GET /api/admin/email-tracking')
          .some((c) => c.query.get('startDate') === week.startDate && c.query.get('endDate') === week.endDate),
      ).toBe(true),
    );
    expect(router.state.location.search).toBe('?period=last7');
    expect(screen.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Recent product clicks' })).toHaveAttribute(
      'href',
      `/api/admin/export/recent-clicks-csv?startDate=${week.startDate}&endDate=${week.endDate}`,
    );

    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Recent product clicks' })).toHaveAttribute('href', '/api/admin/export/recent-clicks-csv');
  });

  it('a chart shows its figures as a table on request', async () => {
    api();
    const { user } = renderTab(<ClicksTab tabKey="click-tracking" />, '/admin/click-tracking');
    const chart = await screen.findByRole('region', { name: 'Clicks by category' });
    expect(within(chart).getByRole('img', { name: /home-kitchen leads with 3,000 of 4,321 clicks/ })).toBeInTheDocument();
    await user.click(within(chart).getByRole('button', { name: 'Show table' }));
    const rows = within(chart).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['CategoryClicks', 'home-kitchen3,000', 'electronics1,321']);
    expect(within(chart).getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('the e-mail search narrows the list and says how many match', async () => {
    const fake = api();
    const { user } = renderTab(<ClicksTab tabKey="click-tracking" />, '/admin/click-tracking');
    const list = await screen.findByRole('region', { name: 'All product clicks' });
    expect(await within(list).findByText('Showing 2 of 4,321 clicks (newest 50; the CSV exports hold them all)')).toBeInTheDocument();
    expect(within(list).getAllByRole('row')[1]).toHaveTextContent('Anonymous');
    await user.type(within(list).getByLabelText('Search by e-mail'), 'ana@');
    expect(await within(list).findByText('Showing 1 of 1 click for e-mails containing “ana@”')).toBeInTheDocument();
    expect(fake.callsTo('GET /api/admin/product-clicks').at(-1)?.query.get('email')).toBe('ana@');
  });

  it('a user opens to their clicks, with their own export and raw data link', async () => {
    const fake = api();
    const { user } = renderTab(<ClicksTab tabKey="click-tracking" />, '/admin/click-tracking');
    await user.click(await screen.findByText('Users by Click Activity (2 of 89)'));
    await user.click(screen.getByText('ana@example.com', { selector: 'summary span' }));
    const export_ = await screen.findByRole('link', { name: "Export this user's clicks (CSV)" });
    expect(export_).toHaveAttribute('href', '/api/admin/product-clicks/ana%40example.com?format=csv');
    expect(screen.getByRole('link', { name: 'View raw click data (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(await screen.findByText('…and 39 older clicks (in the export).')).toBeInTheDocument();
    expect(fake.callsTo('GET /api/admin/product-clicks/ana%40example.com')).toHaveLength(1);
  });

  it('says so when the analytics cannot be loaded', async () => {
    fakeApi({
      'GET /api/admin/email-tracking': {
        status: 500,
        json: { error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' },
      },
    });
    renderTab(<ClicksTab tabKey="click-tracking" />, '/admin/click-tracking');
    const messages = await screen.findAllByText('Something went wrong on our side. Please try again.');
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]?.closest('[role="alert"]')).toHaveTextContent('Try again');
  });
});

describe('the Category clicks tab', () => {
  it('shows the cards, the top 6 and the first 10 recent clicks with Anonymous and Home', async () => {
    api();
    renderTab(<CategoryClicksTab tabKey="category-clicks" />, '/admin/category-clicks');
    const cards = await screen.findByLabelText('Category click figures');
    expect(within(cards).getByText('Total Category Clicks').parentElement).toHaveTextContent('64');
    expect(within(cards).getByText('Categories Tracked').parentElement).toHaveTextContent('8');
    expect(within(cards).getByText('Unique Users').parentElement).toHaveTextContent('7');
    const recent = screen.getByRole('region', { name: /Recent clicks/ });
    const rows = within(recent).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(rows[1]).toHaveTextContent('ElectronicsAnonymous25 Oct 2026, 01:30Home');
    expect(rows[2]).toHaveTextContent('Kitchenuser1@example.com25 Oct 2026, 01:30/categories');
    // The home page recorded as "/" is named Home too (issue 29), never "/".
    expect(rows[3]).toHaveTextContent('Electronicsuser2@example.com25 Oct 2026, 01:30Home');
  });
});
