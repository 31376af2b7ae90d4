// @vitest-environment happy-dom
/**
 * The admin API tab in the browser (issue 14; admin-area §2 "API tab", §4, §5, §9), with the API
 * faked at `fetch`: the quota figures (the 403 banner is the admin shell's, amazon-access-banner),
 * the search form's defaults and what it sends, the import flow's search-index rule, select all,
 * import selected and the cleared review table.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AmazonSearchProduct, AmazonStatus } from '../../../../../common/api/amazon-api.admin.schema';
import { fakeApi, renderPage, type FakeAnswer } from '../../../../testing/harness';
import { ApiImportTab } from './api-import-tab';

const STATUS: AmazonStatus = {
  configured: true,
  marketplace: 'www.amazon.co.uk',
  ratePerSecond: 1,
  dailyLimit: 8640,
  adminReserve: 432,
  accessDenied: { since: '2026-06-01T08:00:00.000Z', reason: 'AssociateNotEligible: not eligible', retryAt: '2026-06-01T10:00:00.000Z' },
  usedToday: 1234,
  callsPerHour: [
    { hour: '2026-06-01T07:00:00.000Z', calls: 300, errors: 0 },
    { hour: '2026-06-01T08:00:00.000Z', calls: 12, errors: 12 },
  ],
  oldestShownPriceAgeSeconds: 3 * 3600 + 20 * 60,
  plan: {
    alertedAsins: 2000,
    shownAmazonAsins: 5000,
    otherAsins: 100,
    requestsPerDayNeeded: 1300,
    requestsPerDayAvailable: 8208,
    fits: true,
  },
};

const product = (asin: string, title: string, extra: Partial<AmazonSearchProduct> = {}): AmazonSearchProduct => ({
  asin,
  title,
  price: '12.99',
  originalPrice: null,
  savingBasisLabel: null,
  discount: null,
  discountPercent: null,
  brand: 'Joseph Joseph',
  imageUrl: null,
  productUrl: null,
  url: null,
  category: 'home-kitchen',
  categoryName: 'Kitchen Utensils & Gadgets',
  features: [],
  rating: null,
  reviewCount: null,
  availability: 'IN_STOCK',
  isPrime: false,
  dealLabel: null,
  dealEndsAt: null,
  inCatalogue: false,
  fetchedAt: '2026-06-01T09:00:00.000Z',
  ...extra,
});

const SEARCH: FakeAnswer = {
  json: {
    products: [
      product('B0UTENSIL1', 'Utensil set', {
        originalPrice: '19.99',
        savingBasisLabel: 'RRP',
        discountPercent: 35,
        dealLabel: 'Prime exclusive deal',
        isPrime: true,
      }),
      product('B0UTENSIL2', 'Silicone spatula'),
    ],
    totalResults: 37,
    page: 1,
    searchIndex: 'All',
  },
};

describe('the API tab', () => {
  it('shows quota used today, the oldest price and the hourly requests; the access banner is the shell’s, not the tab’s', async () => {
    fakeApi({ 'GET /api/admin/amazon/status': { json: STATUS } });
    renderPage(<ApiImportTab tabKey="api-import" />);
    expect(await screen.findByText('1,234 / 8,640')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('3 h 20 min')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Requests per hour' })).toBeInTheDocument();
  });

  it('searches with the spec defaults and shows Amazon’s saving basis and the Prime deal label', async () => {
    const api = fakeApi({ 'GET /api/admin/amazon/status': { json: { ...STATUS, accessDenied: null } }, 'POST /api/amazon/search': SEARCH });
    const { user } = renderPage(<ApiImportTab tabKey="api-import" />);
    expect(await screen.findByLabelText('Keywords')).toHaveValue('kitchen utensils');
    expect(screen.getByLabelText('Item count')).toHaveValue(5);
    expect(screen.getByLabelText('Max price (£)')).toHaveValue(15);
    await user.click(screen.getByRole('button', { name: 'Search Amazon' }));
    await waitFor(() => expect(api.callsTo('POST /api/amazon/search')).toHaveLength(1));
    expect(await screen.findByText('2 of 37 results')).toBeInTheDocument();
    expect(api.callsTo('POST /api/amazon/search')[0]?.body).toEqual({
      keywords: 'kitchen utensils',
      searchIndex: 'All',
      itemCount: 5,
      maxPrice: 15,
      discountOnly: false,
    });
    const results = screen.getByRole('table', { name: 'Amazon search results' });
    expect(within(results).getAllByText('Prime exclusive deal').length).toBeGreaterThan(0);
    expect(within(results).getByText('35% OFF')).toBeInTheDocument();
  });

  it('asks for a search index, then imports the selected products and clears the review table', async () => {
    const api = fakeApi({
      'GET /api/admin/amazon/status': { json: { ...STATUS, accessDenied: null } },
      'POST /api/amazon/search': SEARCH,
      'POST /api/admin/amazon/import': { json: { created: 2, updated: 0, skipped: [], calls: 1 } },
    });
    const { user } = renderPage(<ApiImportTab tabKey="api-import" />);
    await user.selectOptions(await screen.findByLabelText('Search index'), '');
    await user.click(screen.getByRole('button', { name: 'Fetch' }));
    expect(screen.getByText('Please provide a search index')).toBeInTheDocument();
    expect(api.callsTo('POST /api/amazon/search')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Search index'), 'Kitchen');
    await user.click(screen.getByRole('button', { name: 'Fetch' }));
    const review = await screen.findByRole('table', { name: 'Products to review before import' });
    expect(api.callsTo('POST /api/amazon/search')[0]?.body).toMatchObject({
      keywords: 'homeware',
      searchIndex: 'Kitchen',
      itemCount: 10,
      maxPrice: 15,
    });
    expect(screen.getByRole('button', { name: 'Import selected (0)' })).toBeDisabled();
    await user.click(within(review).getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Import selected (2)' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/amazon/import')[0]?.body).toEqual({ asins: ['B0UTENSIL1', 'B0UTENSIL2'] }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Products to review before import' })).toBeNull());
  });
});
