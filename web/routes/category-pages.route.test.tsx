// @vitest-environment happy-dom
/**
 * The category pages through the app's own route table (web/router.tsx; shopper-screens §2), with
 * fetch answered in the API's shapes: the owners' page at the spec's `/category-pages/{slug}` (cards
 * without a verified saving badged '£{price}', shopper-screens §2 "Card"), and
 * on both kinds of category page the trail whose last step, the category name, links to the page
 * itself and loads it afresh (the category deals pages' "category name (reloads)"); the headings
 * never skip a level (axe 'heading-order'); the router registers every pattern of common/paths.ts
 * and the footer's links (built from it) each reach a page of their own.
 */
import { screen, within } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { dealListingResponseSchema, listedProductSchema, type ListedProduct } from '../../common/api/deals.schema';
import { routePatterns } from '../../common/paths';
import { currentUrl, fakeApi, makeProduct, renderRoutes, type FakeAnswer, type FakeRoute } from '../testing/harness';
import { routes } from '../router';

function open(url: string, api: Record<string, FakeRoute>) {
  const fake = fakeApi(api);
  return { ...renderRoutes(routes, url), api: fake };
}

/** Levels of the page's headings in document order (sr-only ones included: screen readers read them). */
function headingLevels(): number[] {
  return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((el) => Number(el.tagName.slice(1)));
}

/** axe 'heading-order': after the first heading, a level never rises by more than one. */
function expectNoSkippedLevel(levels: number[]) {
  levels.forEach((level, i) => {
    if (i > 0) expect(level, `heading levels ${levels.join(' ')}`).toBeLessThanOrEqual((levels[i - 1] as number) + 1);
  });
}

const PAGE: FakeAnswer = {
  json: {
    categoryPage: {
      id: 1,
      name: 'Summer Gadgets',
      slug: 'summer-gadgets',
      description: 'Gadgets for sunny days.',
      affiliateTag: 'summer-21',
      isActive: true,
    },
  },
};

describe("Owners' category page at /category-pages/{slug}", () => {
  it('shows the page, and its name in the trail links to the page and asks for it afresh', async () => {
    const { api, user, router } = open('/category-pages/summer-gadgets', {
      'GET /api/category-pages/summer-gadgets': PAGE,
      'GET /api/category-pages/summer-gadgets/products': {
        json: {
          products: [
            makeProduct({ asin: 'B0GADGET01', title: 'Solar fan' }),
            makeProduct({
              asin: 'B0GADGET02',
              title: 'Picnic cooler',
              price: '24.50',
              originalPrice: null,
              discountPercent: null,
              discount: null,
              savingBasis: null,
              savingBasisLabel: null,
            }),
          ],
        },
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Gadgets' })).toBeVisible();
    // A saving with its basis shows its percent; a product without one shows its price, never 'Popular'.
    expect(within(await screen.findByRole('article', { name: 'Solar fan' })).getByText('33% OFF')).toBeVisible();
    const cooler = screen.getByRole('article', { name: 'Picnic cooler' });
    expect(within(cooler).getAllByText('£24.50')).toHaveLength(2);
    expect(within(cooler).queryByText(/Popular|Special Deal/)).toBeNull();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Deal Alerts' })).toHaveAttribute('href', '/');
    const name = within(trail).getByRole('link', { name: 'Summer Gadgets' });
    expect(name).toHaveAttribute('href', '/category/summer-gadgets');
    expect(name).toHaveAttribute('aria-current', 'page');
    expectNoSkippedLevel(headingLevels());

    const asked = api.callsTo('GET /api/category-pages/summer-gadgets/products').length;
    await user.click(name);
    await vi.waitFor(() => expect(api.callsTo('GET /api/category-pages/summer-gadgets/products').length).toBe(asked + 1));
    expect(currentUrl(router)).toBe('/category/summer-gadgets');
    expect(screen.getByRole('heading', { level: 1, name: 'Summer Gadgets' })).toBeVisible();
  });

  it('says Category "{slug}" not found there too', async () => {
    const missing: FakeAnswer = { status: 404, json: { error: 'Not Found', message: 'Category "old-page" not found' } };
    open('/category-pages/old-page', {
      'GET /api/category-pages/old-page': missing,
      'GET /api/category-pages/old-page/products': missing,
    });
    expect(await screen.findByRole('heading', { name: 'Category "old-page" not found' })).toBeVisible();
  });
});

function listed(n: number, overrides: Partial<ListedProduct> = {}): ListedProduct {
  const asin = `B0LIST${String(n).padStart(4, '0')}`;
  return listedProductSchema.parse({
    ...makeProduct({ asin, title: `Listed product ${n}` }),
    section: 'deal',
    dealBasis: { kind: 'LOWEST_IN_30_DAYS', label: 'Lowest price in 30 days', percent: null },
    ...overrides,
  });
}

function listing(products: ListedProduct[], page: number): FakeAnswer {
  const deals = products.filter((p) => p.section === 'deal').length;
  return {
    json: dealListingResponseSchema.parse({
      products,
      page,
      totalPages: 3,
      total: 60,
      totalDeals: deals,
      verifiedDeals: deals,
      orderedBy: ['verified-saving', 'popularity'],
      trackedSince: '2026-01-01T09:00:00.000Z',
    }),
  };
}

describe('Category deals page trail (shopper-screens §2: Deal Alerts, Today’s Deals, the category name)', () => {
  it('links Deal Alerts and Today’s Deals, and the category name reloads the category from its first page', async () => {
    const { api, user, router } = open('/categories/electronics?page=2', {
      'GET /api/deals': (call) => listing([listed(Number(call.query.get('page')))], Number(call.query.get('page'))),
    });

    expect(await screen.findByRole('heading', { level: 1, name: "Today's Top Electronics Deals" })).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Listed product 2' })).toBeVisible();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Deal Alerts' })).toHaveAttribute('href', '/');
    expect(within(trail).getByRole('link', { name: "Today's Deals" })).toHaveAttribute('href', '/todays-deals');
    const name = within(trail).getByRole('link', { name: 'Electronics' });
    expect(name).toHaveAttribute('href', '/categories/electronics');
    expect(name).toHaveAttribute('aria-current', 'page');
    // The listing heads its deals with an h2, so the cards' h3 titles keep h1 → h2 → h3.
    expectNoSkippedLevel(headingLevels());

    const firstPageAsks = () => api.callsTo('GET /api/deals').filter((c) => c.query.get('page') === '1').length;
    await user.click(name);
    expect(await screen.findByRole('article', { name: 'Listed product 1' })).toBeVisible();
    expect(currentUrl(router)).toBe('/categories/electronics');
    const before = firstPageAsks();
    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Electronics' }));
    await vi.waitFor(() => expect(firstPageAsks()).toBe(before + 1));
  });
});

describe('Category deals page without a verified deal (issue 27 "No deal claim without a basis")', () => {
  it("heads the page '{category}: prices we track', says why, and badges each card with its price", async () => {
    const plain = listed(1, {
      section: 'popular',
      dealBasis: null,
      price: '24.50',
      originalPrice: null,
      discountPercent: null,
      discount: null,
      savingBasis: null,
      savingBasisLabel: null,
    });
    open('/categories/electronics', { 'GET /api/deals': listing([plain], 1) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Electronics: prices we track' })).toBeVisible();
    expect(within(screen.getByRole('main')).queryByRole('heading', { name: /deals/i })).toBeNull();
    expect(screen.getByTestId('listing-summary')).toHaveTextContent(/no product/i);
    const card = screen.getByRole('article', { name: 'Listed product 1' });
    expect(within(card).getAllByText('£24.50')).toHaveLength(2);
    expect(within(card).queryByText(/Popular|Special Deal|% OFF/)).toBeNull();
  });
});

describe('One table of paths (common/paths.ts; issue 26)', () => {
  function registered(list: RouteObject[]): string[] {
    return list.flatMap((route) => [...(route.path ? [route.path] : []), ...registered(route.children ?? [])]);
  }

  it('the router registers every page pattern of the table', () => {
    const paths = new Set(registered(routes));
    const pages = Object.entries(routePatterns).filter(([key]) => key !== 'go');
    expect(pages.filter(([, pattern]) => !paths.has(pattern))).toEqual([]);
  });

  it("the footer's links are the spec's, and each reaches a page of its own (not the 404 or the category catch-all)", async () => {
    open('/faq', {});
    const footer = await screen.findByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('/'));
    expect(hrefs).toEqual([
      '/todays-deals',
      // 'Search Deals': the search landing page (issue 28; a departure, docs/design.md §5).
      '/search',
      '/deal-alerts',
      '/how-it-works',
      '/faq',
      '/blog',
      '/about-us',
      '/contact-us',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
      '/category-deals/electronics',
      '/category-deals/home-kitchen',
      '/category-deals/fashion',
      '/category-deals/baby',
      '/category-deals/automotive',
      '/todays-deals2',
    ]);
    for (const href of hrefs) {
      const leaf = matchRoutes(routes, href)?.at(-1)?.route.path;
      expect([undefined, '*', routePatterns.categoryPageCatchAll], href).not.toContain(leaf);
    }
  });
});
