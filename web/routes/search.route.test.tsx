// @vitest-environment happy-dom
/**
 * The search page's state in the URL, /search?q=&sort=&deals=1&page= (shopper-screens §2 "Search
 * results", §4 "Search page", §7 "Search page call", §8 toasts, §9 "10 per page, at most 10
 * pages"; issue 28: landing page, filters, did you mean, plurals): the
 * query string decides the criteria shown (heading, Sort by, filters, current page) and sent to
 * POST /api/products/search; changing the sort, Deals Only or the page updates the URL (back to
 * page 1 for anything but a page change) and Back restores the previous criteria. Also the states
 * without a term, with a short term, with no results and on failure, and a card's 'Set Deal
 * Alert' opening 'Confirm Deal Alert'. Fetch is faked with the API's search response shape.
 */
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publicConfigSchema, searchCriteriaSchema, searchResponseSchema } from '../../common/api/products.schema';
import { SHOPPER_CATEGORY_KEYS } from '../../common/categories';
import { forgetAnnouncedSearch } from '../features/search/search-toasts.hook';
import { fakeApi, makeProduct, renderRoutes, type FakeAnswer, type FakeCall } from '../testing/harness';
import { SearchPage } from './search.route';
import { SearchBox } from '../features/search/components/search-box';

// Each test is a fresh tab: the toasts announce a search once per tab (search-toasts.hook.ts).
beforeEach(() => forgetAnnouncedSearch());

const TOTAL = 25;

/** POST /api/products/search over a catalogue of 25 matches, 10 a page (3 pages). */
function searchAnswer(total = TOTAL) {
  return ({ body }: FakeCall): FakeAnswer => {
    const criteria = searchCriteriaSchema.parse(body);
    const first = (criteria.page - 1) * criteria.itemCount;
    const count = Math.max(0, Math.min(criteria.itemCount, total - first));
    const products = Array.from({ length: count }, (_, i) =>
      makeProduct({ asin: `B0RESULT${String(first + i).padStart(2, '0')}`, title: `${criteria.keywords} result ${first + i + 1}` }),
    );
    return {
      json: searchResponseSchema.parse({ products, total, totalPages: Math.ceil(total / criteria.itemCount), page: criteria.page }),
    };
  };
}

const CONFIG: FakeAnswer = {
  json: publicConfigSchema.parse({
    affiliateTag: 'dealalerts-21',
    affiliateTagNewUser: 'dealalertsnew-21',
    demo: false,
    version: '0.1.0',
    catalogueSize: 500,
    companyName: 'Deal Alerts UK',
    companyAddress: 'United Kingdom',
    contactEmail: 'contact@dealalerts.localhost',
  }),
};

function renderSearch(url: string, searchRoute: FakeAnswer | ((call: FakeCall) => FakeAnswer) = searchAnswer()) {
  const api = fakeApi({ 'POST /api/products/search': searchRoute, 'GET /api/config': CONFIG });
  const view = renderRoutes(
    [
      { path: '/search', element: <SearchPage SearchBox={SearchBox} /> },
      { path: '*', element: <p>Another page</p> },
    ],
    url,
  );
  /** The query parameters of the router's current URL. */
  const params = () => Object.fromEntries(new URLSearchParams(view.router.state.location.search));
  const searches = () => api.callsTo('POST /api/products/search').map((call) => call.body);
  return { ...view, api, params, searches };
}

describe('Search page URL state', () => {
  it('shows and sends the criteria in the query string: term, sort, Deals Only and page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T12:30:00.000Z'));
    const { searches } = renderSearch('/search?q=air%20fryer&sort=Price:HighToLow&deals=1&page=2');

    expect(screen.getByRole('heading', { level: 1, name: 'Results for “air fryer”' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Price: High to Low');
    expect(screen.getByRole('switch', { name: 'Deals Only' })).toBeChecked();

    expect(await screen.findByText('Showing 11–20 of 25 results')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'air fryer result 11' })).toBeVisible();
    const pages = screen.getByRole('navigation', { name: 'Search results pages' });
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByText('Page 2 of 3')).toBeVisible();
    expect(document.title).toBe('Search: air fryer | Deal Alerts UK');

    expect(searches()).toEqual([
      {
        keywords: 'air fryer',
        maxPrice: 99999,
        minRating: 1,
        category: 'All',
        discountOnly: true,
        page: 2,
        itemCount: 10,
        sortBy: 'Price:HighToLow',
      },
    ]);
  });

  it('falls back to Featured, all products and page 1 for a bare or unreadable query string', async () => {
    const { searches } = renderSearch('/search?q=%20kettle%20&sort=Cheapest&page=abc');

    expect(screen.getByRole('heading', { level: 1, name: 'Results for “kettle”' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Featured');
    expect(screen.getByRole('switch', { name: 'Deals Only' })).not.toBeChecked();
    expect(await screen.findByText('Showing 1–10 of 25 results')).toBeVisible();
    expect(searches()[0]).toMatchObject({ keywords: 'kettle', sortBy: 'Featured', discountOnly: false, page: 1 });
  });

  it('puts a new sort in the URL and goes back to page 1', async () => {
    const { user, params, searches } = renderSearch('/search?q=air%20fryer&page=3');
    await screen.findByText('Showing 21–25 of 25 results');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: Low to High');

    expect(params()).toEqual({ q: 'air fryer', sort: 'Price:LowToHigh' });
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Price: Low to High');
    expect(await screen.findByText('Showing 1–10 of 25 results')).toBeVisible();
    expect(searches().at(-1)).toMatchObject({ sortBy: 'Price:LowToHigh', page: 1 });
  });

  it('puts Deals Only in the URL as deals=1 and removes it when switched off, each time from page 1', async () => {
    const { user, params, searches } = renderSearch('/search?q=air%20fryer&sort=AvgCustomerReviews&page=2');
    await screen.findByText('Showing 11–20 of 25 results');
    const dealsOnly = screen.getByRole('switch', { name: 'Deals Only' });

    await user.click(dealsOnly);
    expect(params()).toEqual({ q: 'air fryer', sort: 'AvgCustomerReviews', deals: '1' });
    expect(dealsOnly).toBeChecked();
    expect(await screen.findByText('Showing 1–10 of 25 results')).toBeVisible();
    expect(searches().at(-1)).toMatchObject({ discountOnly: true, page: 1, sortBy: 'AvgCustomerReviews' });

    await user.click(dealsOnly);
    expect(params()).toEqual({ q: 'air fryer', sort: 'AvgCustomerReviews' });
    expect(dealsOnly).not.toBeChecked();
  });

  it('puts the page in the URL (none for page 1) and Back returns to the previous page', async () => {
    const { user, params, router, searches } = renderSearch('/search?q=air%20fryer');
    await screen.findByText('Showing 1–10 of 25 results');
    // The pager is drawn afresh once each page has loaded.
    const pages = () => screen.getByRole('navigation', { name: 'Search results pages' });
    expect(within(pages()).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages()).getByRole('button', { name: 'Page 3' }));
    expect(params()).toEqual({ q: 'air fryer', page: '3' });
    expect(await screen.findByText('Showing 21–25 of 25 results')).toBeVisible();
    expect(within(pages()).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages()).getByRole('button', { name: 'Previous' }));
    expect(params()).toEqual({ q: 'air fryer', page: '2' });
    expect(await screen.findByText('Showing 11–20 of 25 results')).toBeVisible();

    await user.click(within(pages()).getByRole('button', { name: 'Page 1' }));
    expect(params()).toEqual({ q: 'air fryer' });

    await act(() => router.navigate(-1));
    expect(params()).toEqual({ q: 'air fryer', page: '2' });
    expect(await screen.findByText('Showing 11–20 of 25 results')).toBeVisible();
    expect(within(pages()).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // The search is never served stale (spec §7): Back asks again for page 2.
    expect(searches().map((criteria) => (criteria as { page: number }).page)).toEqual([1, 3, 2, 1, 2]);
  });

  it('replaces a page beyond the last with the last page (an old link)', async () => {
    const { params, router } = renderSearch('/search?q=air%20fryer&page=8');

    await vi.waitFor(() => expect(params()).toEqual({ q: 'air fryer', page: '3' }));
    expect(router.state.historyAction).toBe('REPLACE');
    // Retried as a whole: the results for the replaced page may re-render the status line between a
    // find and the visibility check (failed that way under CI load).
    await vi.waitFor(() => expect(screen.getByText('Showing 21–25 of 25 results')).toBeVisible(), { timeout: 5000 });
  });

  it('is the search landing page without a term: a blank search toasts Search Required, categories open their pages', async () => {
    const { user, router, searches } = renderSearch('/search');

    expect(screen.getByRole('heading', { level: 1, name: 'Search Amazon UK deals' })).toBeVisible();
    expect(await screen.findByText('Search 500 products we track, with honest prices and price-drop alerts.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveAttribute('placeholder', 'Try “air fryer”');
    for (const blurb of ['Honest prices', 'Price-drop alerts', 'Genuine alternatives']) {
      expect(screen.getByRole('heading', { level: 3, name: blurb })).toBeVisible();
    }
    const categories = within(screen.getByRole('region', { name: 'Browse by category' })).getAllByRole('link');
    expect(categories.map((link) => link.getAttribute('href'))).toEqual(SHOPPER_CATEGORY_KEYS.map((key) => `/categories/${key}`));
    expect(categories[0]).toHaveTextContent('Home & Kitchen');
    // The spec's header links of this page: Popular Products and Today's Deals to /todays-deals, Blog to /blog.
    const links = within(screen.getByRole('navigation', { name: 'Deals and guides' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Popular Products', '/todays-deals'],
      ["Today's Deals", '/todays-deals'],
      ['Blog', '/blog'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Search Deals' }));
    expect(await screen.findByText('Search Required')).toBeVisible();
    expect(screen.getByText('Please enter a search term to find products.')).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(searches()).toHaveLength(0);

    await user.click(categories[1] as HTMLElement);
    expect(router.state.location.pathname).toBe('/categories/electronics');
  });

  it("toasts 'Search completed' once per new search, not for another page of it", async () => {
    const { user } = renderSearch('/search?q=toaster');

    const first = await screen.findByText('Search completed');
    expect(screen.getByText('Found 25 products matching your criteria')).toBeVisible();

    await user.click(within(screen.getByRole('navigation', { name: 'Search results pages' })).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11–20 of 25 results')).toBeVisible();
    // Not announced again: the same toast is on screen (a new one is a new element).
    expect(screen.getByText('Search completed')).toBe(first);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Discount: High to Low');
    await vi.waitFor(() => expect(screen.getByText('Search completed')).not.toBe(first));
  });

  it('says "1 result" and "1 product", never "1 results"', async () => {
    renderSearch('/search?q=moka%20pot', searchAnswer(1));

    expect(await screen.findByText('Showing 1 of 1 result')).toBeVisible();
    expect(await screen.findByText('Found 1 product matching your criteria')).toBeVisible();
  });

  it('sends Max price and Rating from the URL and puts new choices in it, from page 1', async () => {
    const { user, params, searches } = renderSearch('/search?q=kettle&max=50&page=2');
    await screen.findByText('Showing 11–20 of 25 results');
    expect(searches()[0]).toMatchObject({ keywords: 'kettle', maxPrice: 50, minRating: 1, page: 2 });
    expect(screen.getByRole('combobox', { name: 'Max price' })).toHaveDisplayValue('Up to £50');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '4');
    expect(screen.getByRole('combobox', { name: 'Rating' })).toHaveDisplayValue('4 stars & up');
    expect(params()).toEqual({ q: 'kettle', max: '50', rating: '4' });
    expect(screen.getByText(/Products without a rating are still listed/)).toBeVisible();
    await vi.waitFor(() => expect(searches().at(-1)).toMatchObject({ maxPrice: 50, minRating: 4, page: 1 }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Max price' }), 'Any price');
    expect(params()).toEqual({ q: 'kettle', rating: '4' });
  });

  it('offers the corrected spelling as a link and says the results are for it', async () => {
    const answer = searchAnswer(3);
    renderSearch('/search?q=hedphones', (call) => {
      const base = answer(call).json as object;
      return { json: { ...base, didYouMean: 'headphones', showingResultsFor: 'headphones' } };
    });

    const notice = await screen.findByTestId('search-recovery');
    expect(within(notice).getByRole('link', { name: 'headphones' })).toHaveAttribute('href', '/search?q=headphones');
    expect(notice).toHaveTextContent('Did you mean headphones?');
    expect(notice).toHaveTextContent('No products match “hedphones”, so these are the results for “headphones”.');
    expect(await screen.findByText('Found 3 products for “headphones”')).toBeVisible();
  });

  it('says honestly when only part of the keywords matched, with the nearest category', async () => {
    const answer = searchAnswer(4);
    renderSearch('/search?q=kettle%20unicorn%20glitter', (call) => {
      const base = answer(call).json as object;
      return {
        json: {
          ...base,
          relaxedFrom: 'kettle unicorn glitter',
          showingResultsFor: 'kettle',
          nearestCategory: { key: 'home-kitchen', name: 'Home & Kitchen' },
        },
      };
    });

    const notice = await screen.findByTestId('search-recovery');
    expect(notice).toHaveTextContent('No products match all of “kettle unicorn glitter” — showing results for “kettle”.');
    expect(within(notice).getByRole('link', { name: 'Home & Kitchen' })).toHaveAttribute('href', '/categories/home-kitchen');
    expect(within(notice).queryByText(/Did you mean/)).toBeNull();
  });

  it('says how many results match every word when the others match only part of them', async () => {
    const answer = searchAnswer(4);
    renderSearch('/search?q=travel%20kettle', (call) => ({ json: { ...(answer(call).json as object), matchingAll: 1 } }));

    expect(await screen.findByText('Showing 1–4 of 4 results · 1 result matches all your words, listed first')).toBeVisible();
    expect(await screen.findByText('Found 1 product matching all your words, and 3 more that match part of them')).toBeVisible();
  });

  it('says "over" the total when the answer counted only so far (totalCapped), and still pages only the first 100', async () => {
    const answer = searchAnswer(1000);
    renderSearch('/search?q=kettle', (call) => ({ json: { ...(answer(call).json as object), totalCapped: true } }));

    expect(await screen.findByText('Showing 1–10 of over 1,000 results (the first 100 are shown)')).toBeVisible();
    expect(await screen.findByText('Found over 1,000 products matching your criteria')).toBeVisible();
  });

  it('shows no notice when the products match the keywords as typed', async () => {
    renderSearch('/search?q=air%20fryer');
    await screen.findByText('Showing 1–10 of 25 results');
    expect(screen.queryByTestId('search-recovery')).toBeNull();
  });

  it('does not search for a term under 3 characters', async () => {
    const { searches } = renderSearch('/search?q=tv');

    expect(screen.getByRole('heading', { level: 1, name: 'Results for “tv”' })).toBeVisible();
    expect(screen.getByText('Please enter at least 3 characters to search.')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches()).toHaveLength(0);
  });

  it("shows 'No products found' with a link to today's deals when nothing matches", async () => {
    renderSearch('/search?q=unobtainium&deals=1', searchAnswer(0));

    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeVisible();
    expect(screen.getByText(/Nothing matched “unobtainium” with a discount/)).toBeVisible();
    expect(screen.getByRole('link', { name: "browse today's deals" })).toHaveAttribute('href', '/deal-alerts');
    expect(screen.queryByRole('navigation', { name: 'Search results pages' })).toBeNull();
  });

  it("shows 'Failed to load search results' with Try Again when the search fails", async () => {
    renderSearch('/search?q=air%20fryer', { status: 500, json: { error: 'Internal Server Error', message: 'database unavailable' } });

    const heading = await screen.findByRole('heading', { name: 'Failed to load search results' });
    const alert = heading.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('Something went wrong while searching. Please try again.')).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible();
    // Spec §8: the failure also toasts, in the destructive style, without the server's 5xx details.
    expect(await screen.findByText('Search failed')).toBeVisible();
    expect(screen.getByText('Unable to search products at this time')).toBeVisible();
    expect(screen.queryByText(/database unavailable/)).toBeNull();
  });

  it("opens 'Confirm Deal Alert' for a result card's bell", async () => {
    const { user, api } = renderSearch('/search?q=air%20fryer');
    await screen.findByText('Showing 1–10 of 25 results');
    // The cards render as a transition, just after the count (ProductGrid).
    const card = await screen.findByRole('article', { name: 'air fryer result 1' });

    await user.click(within(card).getByRole('button', { name: 'Set Deal Alert' }));

    // The dialog's code loads on first use (a lazy chunk): on a loaded CI machine that took over a second.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deal Alert' }, { timeout: 10_000 });
    expect(within(dialog).getByText('air fryer result 1')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeVisible();
    expect(api.callsTo('GET /api/amazon/current-price/B0RESULT00')).toHaveLength(1);
  });
});
