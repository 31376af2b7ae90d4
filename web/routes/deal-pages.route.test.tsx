// @vitest-environment happy-dom
/**
 * The deal pages of issue 8 through the app's own route table (web/router.tsx), with fetch answered
 * by the harness in the shapes of common/api/deals.schema.ts: today's deals' states (8 skeletons
 * while loading, 'Unable to load products' with Try Again, 'No products found'), each deal's basis
 * on its card, popular fillers under 'Popular right now' / 'Popular in {category}' and never with
 * a deal badge; the category deals pages (heading, '£{price}' badge, unknown key); the trending
 * page (its own empty text, category buttons, 'Set Price Drop Alert'); `/todaysdeals2` redirecting;
 * the owners' category pages at `/category/{slug}` and `/{slug}` (outbound links with `cp`, 404s);
 * the catch-all leaving other pages alone; and the home buttons that record a category click.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { dealListingResponseSchema, listedProductSchema, type ListedProduct, type ListingOrderKey } from '../../common/api/deals.schema';
import { deferred, fakeApi, makeProduct, renderRoutes, type FakeAnswer, type FakeCall, type FakeRoute } from '../testing/harness';
import { initSession } from '../features/session/session.store';
import { routes } from '../router';

function listed(n: number, overrides: Partial<ListedProduct> = {}): ListedProduct {
  const asin = `B0LIST${String(n).padStart(4, '0')}`;
  return listedProductSchema.parse({
    ...makeProduct({ asin, title: `Listed product ${n}` }),
    section: 'deal',
    dealBasis: { kind: 'LOWEST_IN_30_DAYS', label: 'Lowest price in 30 days', percent: null },
    ...overrides,
  });
}

/** A filler: no saving of its own, so no discount and no basis. */
function popular(n: number): ListedProduct {
  return listed(n, {
    title: `Popular product ${n}`,
    section: 'popular',
    dealBasis: null,
    originalPrice: null,
    discountPercent: null,
    discount: null,
    savingBasis: null,
    savingBasisLabel: null,
  });
}

/** A listing answer; by default ordered by saving, then popularity (a feed with reviews), as the server names it. */
function listing(products: ListedProduct[], extra: { page?: number; totalPages?: number; orderedBy?: ListingOrderKey[] } = {}): FakeAnswer {
  const deals = products.filter((p) => p.section === 'deal').length;
  return {
    json: dealListingResponseSchema.parse({
      products,
      page: extra.page ?? 1,
      totalPages: extra.totalPages ?? 1,
      total: products.length,
      totalDeals: deals,
      verifiedDeals: deals,
      orderedBy: extra.orderedBy ?? [...(deals > 0 ? (['verified-saving'] as const) : []), 'popularity', 'lowest-price'],
      trackedSince: '2026-01-01T09:00:00.000Z',
    }),
  };
}

function open(url: string, api: Record<string, FakeRoute>) {
  const fake = fakeApi(api);
  return { ...renderRoutes(routes, url), api: fake };
}

describe("Today's deals (/todays-deals)", () => {
  it('shows 8 skeleton cards while loading, then deals with their basis and fillers under Popular right now', async () => {
    const answer = deferred<FakeAnswer>();
    const { api } = open('/todays-deals', { 'GET /api/deals': () => answer.promise });

    expect(await screen.findAllByTestId('product-skeleton')).toHaveLength(8);
    // The heading waits for the answer: it names deals only when the listing has verified ones (issue 27).
    expect(screen.queryByRole('heading', { level: 1, name: /Deals/ })).toBeNull();

    answer.resolve(
      listing([
        listed(1, { dealBasis: { kind: 'BELOW_30_DAY_MEDIAN', label: '12% below its 30-day average', percent: 12 } }),
        listed(2, { discountPercent: null, originalPrice: null, discount: null, savingBasis: null, savingBasisLabel: null }),
        popular(3),
      ]),
    );

    expect(await screen.findByRole('heading', { level: 1, name: "Today's Deals" })).toBeVisible();
    const deals = await screen.findByRole('list', { name: 'Verified deals' });
    const first = within(deals).getByRole('article', { name: 'Listed product 1' });
    expect(within(first).getByText('12% below its 30-day average')).toBeVisible();
    expect(within(first).getByText('33% OFF')).toBeVisible();
    const second = within(deals).getByRole('article', { name: 'Listed product 2' });
    expect(within(second).getByText('Lowest price in 30 days')).toBeVisible();
    expect(within(second).getByText('Special Deal')).toBeVisible();

    const heading = screen.getByRole('heading', { level: 2, name: 'Popular right now' });
    const fillers = screen.getByRole('list', { name: 'Popular right now' });
    expect(heading.compareDocumentPosition(fillers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const filler = within(fillers).getByRole('article', { name: 'Popular product 3' });
    expect(within(filler).queryByText('Special Deal')).toBeNull();
    expect(within(filler).queryByText(/% OFF/)).toBeNull();
    expect(within(filler).queryByTestId('deal-basis')).toBeNull();
    expect(within(deals).queryByRole('article', { name: 'Popular product 3' })).toBeNull();
    expect(screen.getByTestId('listing-summary')).toHaveTextContent(
      '2 verified deals. Largest verified saving first, then most popular (reviews, ratings and sales), then lowest price.',
    );

    expect(api.callsTo('GET /api/deals')[0]?.query.toString()).toBe('page=1&itemCount=20');
  });

  it("heads fillers 'Popular in {category}' and asks for that category with ?category=", async () => {
    const { api } = open('/todays-deals?category=electronics', { 'GET /api/deals': listing([popular(1)]) });

    expect(await screen.findByRole('heading', { level: 2, name: 'Popular in Electronics' })).toBeVisible();
    expect(screen.getByText('No product in Electronics has a saving we can verify right now.')).toBeVisible();
    expect(api.callsTo('GET /api/deals')[0]?.query.get('category')).toBe('electronics');
  });

  it("shows 'Unable to load products' with Try Again, which asks again", async () => {
    let calls = 0;
    const { user } = open('/todays-deals', {
      'GET /api/deals': () =>
        ++calls === 1 ? { status: 500, json: { error: 'Internal Server Error', message: 'boom' } } : listing([listed(1)]),
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to load products' })).toBeVisible();
    expect(within(alert).getByText("There was an error connecting to Amazon's API. Please try again.")).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Listed product 1' })).toBeVisible();
  });

  it("shows 'No products found' with Search Again for an empty listing", async () => {
    open('/todays-deals', { 'GET /api/deals': listing([]) });
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Search Again' })).toBeVisible();
  });

  it('puts the page the server clamped to in the URL and shows Page x of y', async () => {
    const { router, api } = open('/todays-deals?page=9', {
      'GET /api/deals': (call: FakeCall) => listing([listed(1)], { page: Math.min(3, Number(call.query.get('page'))), totalPages: 3 }),
    });

    const pages = await screen.findByRole('navigation', { name: 'Deals pages' });
    expect(within(pages).getByText('Page 3 of 3')).toBeVisible();
    await vi.waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(api.callsTo('GET /api/deals')[0]?.query.get('page')).toBe('9');
  });
});

describe('Category deals pages (/categories/{key}, /category-deals/{key})', () => {
  it("shows 'Today's Top {category} Deals', the description, the price badge and top and bottom pagers", async () => {
    const { api } = open('/category-deals/home-kitchen', {
      'GET /api/deals': listing(
        [
          listed(1, {
            discountPercent: null,
            originalPrice: null,
            discount: null,
            savingBasis: null,
            savingBasisLabel: null,
            price: '24.50',
          }),
          popular(2),
        ],
        { totalPages: 2 },
      ),
    });

    expect(await screen.findByRole('heading', { level: 1, name: "Today's Top Home & Kitchen Deals" })).toBeVisible();
    expect(screen.getByText(/Cookware, small appliances/)).toBeVisible();
    const card = await screen.findByRole('article', { name: 'Listed product 1' });
    expect(within(card).getAllByText('£24.50')[0]).toBeVisible();
    expect(within(card).getByText('Lowest price in 30 days')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Set Deal Alert' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Popular in Home & Kitchen' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Home & Kitchen deals pages, top' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Home & Kitchen deals pages, bottom' })).toBeVisible();
    expect(api.callsTo('GET /api/deals')[0]?.query.get('category')).toBe('home-kitchen');
  });

  it("opens 'Confirm Deal Alert' from a card's bell", async () => {
    const { user } = open('/categories/electronics', { 'GET /api/deals': listing([listed(1)]) });
    const card = await screen.findByRole('article', { name: 'Listed product 1' });
    await user.click(within(card).getByRole('button', { name: 'Set Deal Alert' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Deal Alert' })).toBeVisible();
  });

  it("shows 'Category not found' with Back to Home for an unknown key, without asking", async () => {
    const { api } = open('/categories/garden-gnomes', {});
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(api.callsTo('GET /api/deals')).toHaveLength(0);
  });
});

describe('Trending (/todays-deals2)', () => {
  it('has its six category buttons, its own empty text, and /todaysdeals2 leads here', async () => {
    const { router, user, api } = open('/todaysdeals2', { 'GET /api/deals/trending': listing([]) });

    // No verified deal in the answer, so no deal heading (issue 27); the order is by popularity.
    expect(await screen.findByRole('heading', { level: 1, name: 'Trending products' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/todays-deals2');
    const group = screen.getByRole('group', { name: 'Trending categories' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['TrendingActive', 'Electronics', 'Kitchen', 'Fashion', 'Baby', 'Automotive']);
    expect(await screen.findByRole('heading', { name: 'No trending products found' })).toBeVisible();

    await user.click(within(group).getByRole('button', { name: 'Baby' }));
    expect(within(group).getByRole('button', { name: 'Baby' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(api.callsTo('GET /api/deals/trending').at(-1)?.query.get('category')).toBe('baby'));
  });

  it("opens 'Set Price Drop Alert' with an e-mail field, Create Alert and Cancel", async () => {
    const { user } = open('/todays-deals2', { 'GET /api/deals/trending': listing([listed(1)], { totalPages: 12 }) });
    const card = await screen.findByRole('article', { name: 'Listed product 1' });
    expect(within(screen.getByRole('navigation', { name: 'Trending pages' })).getByText('…')).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Set Deal Alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Price Drop Alert' });
    const create = within(dialog).getByRole('button', { name: 'Create Alert' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Email address'), 'ann@example.co.uk');
    expect(create).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Set Price Drop Alert' })).toBeNull();
  });
});

describe("Owners' category pages (/category/{slug} and /{slug})", () => {
  const page = {
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

  it('shows the page with its products, outbound links carrying cp, and Get Deal Alerts with the e-mail', async () => {
    window.localStorage.setItem('userEmail', 'ann@example.co.uk');
    initSession(); // the session store reads storage once, as the app does at start
    onTestFinished(() => {
      window.localStorage.clear();
      initSession();
    });
    open('/summer-gadgets', {
      'GET /api/category-pages/summer-gadgets': page,
      'GET /api/category-pages/summer-gadgets/products': { json: { products: [makeProduct({ asin: 'B0GADGET01', title: 'Solar fan' })] } },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Gadgets' })).toBeVisible();
    expect(screen.getByText('Gadgets for sunny days.')).toBeVisible();
    const card = await screen.findByRole('article', { name: 'Solar fan' });
    const out =
      within(card)
        .getByRole('link', { name: /View at Amazon/ })
        .getAttribute('href') ?? '';
    expect(out).toMatch(/^\/go\/B0GADGET01\?/);
    expect(new URLSearchParams(out.split('?')[1]).get('cp')).toBe('summer-gadgets');
    expect(screen.getByRole('link', { name: 'Get Deal Alerts' })).toHaveAttribute('href', '/deal-alerts?email=ann%40example.co.uk');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('says Category "{slug}" not found when the API answers 404', async () => {
    const missing: FakeAnswer = { status: 404, json: { error: 'Not Found', message: 'Category "old-page" not found' } };
    open('/category/old-page', { 'GET /api/category-pages/old-page': missing, 'GET /api/category-pages/old-page/products': missing });
    expect(await screen.findByRole('heading', { name: 'Category "old-page" not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });

  it('leaves other pages alone and shows the ordinary 404 for a segment that cannot be a slug', async () => {
    const first = open('/faq', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    first.unmount();

    const second = open('/Not_A_Slug', {});
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    expect(second.api.calls.filter((c) => c.path.startsWith('/api/category-pages'))).toHaveLength(0);
  });
});

describe('Home category clicks (shopper-screens §7)', () => {
  const trending: FakeRoute = listing([]);

  it('records Kitchen but not Sports, and only with a tracking e-mail', async () => {
    window.localStorage.setItem('clickTrackingEmail', 'ann@example.co.uk');
    const { user, api } = open('/', {
      'GET /api/deals/trending': trending,
      'POST /api/category-clicks': { status: 201, json: { recorded: true } },
    });
    const group = await screen.findByRole('group', { name: 'Deal categories' });

    await user.click(within(group).getByRole('button', { name: 'Kitchen' }));
    await user.click(within(group).getByRole('button', { name: 'Sports' }));
    await vi.waitFor(() => expect(api.callsTo('POST /api/category-clicks')).toHaveLength(1));
    expect(api.callsTo('POST /api/category-clicks')[0]?.body).toEqual({
      categoryName: 'Kitchen',
      categorySlug: 'home-kitchen',
      userEmail: 'ann@example.co.uk',
      pageUrl: window.location.href,
    });
  });

  it('sends nothing without a tracking e-mail', async () => {
    const { user, api } = open('/', { 'GET /api/deals/trending': trending });
    const group = await screen.findByRole('group', { name: 'Deal categories' });
    await user.click(within(group).getByRole('button', { name: 'Electronics' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /api/category-clicks')).toHaveLength(0);
  });
});

describe('Deal landing pages state only facts (/deal, /deal/{id}; issue 27, docs/decisions/0023)', () => {
  /** A real-feed product: no rating, no reviews, no features, no list price. */
  const unrated = makeProduct({
    asin: 'B0002AGH0K',
    title: 'Epson EPL N7000DT Printer',
    price: '2187.43',
    originalPrice: null,
    discountPercent: null,
    discount: null,
    savingBasis: null,
    savingBasisLabel: null,
    rating: null,
    reviewCount: null,
    features: [],
    categoryName: 'Computer Printers',
  });
  const detail: FakeAnswer = { json: { product: unrated, history: [] } };
  const noSaving: FakeAnswer = { json: { product: null, withSaving: 0 } };
  /** Words no landing page may say without data behind them. */
  const INVENTED = /4\.5|1000\+|reviews|deliver|returns|sold (or fulfilled )?by|midnight|ends tonight/i;

  const landing = async () => screen.findByTestId('deal-landing');

  it('shows an unrated product with its price and no invented rating, reviews, delivery or percentage', async () => {
    open('/deal/B0002AGH0K', { 'GET /api/products/B0002AGH0K': detail });
    const page = await landing();
    expect(within(page).getByRole('heading', { level: 1, name: 'Epson EPL N7000DT Printer' })).toBeVisible();
    expect(within(page).getAllByText('£2,187.43')[0]).toBeVisible();
    expect(page).not.toHaveTextContent(INVENTED);
    expect(within(page).queryByText(/% OFF/)).toBeNull();
    expect(within(page).queryByTestId('deal-rating')).toBeNull();
    const out = within(page).getByRole('link', { name: 'View On Amazon →' }).getAttribute('href') ?? '';
    expect(out).toMatch(/^\/go\/B0002AGH0K\?/);
    expect(new URLSearchParams(out.split('?')[1]).get('deal')).toBe('B0002AGH0K');
  });

  it('shows the rating and review count a product does have', async () => {
    const rated = makeProduct({ asin: 'B0RATED001', title: 'Rated kettle', rating: 4.2, reviewCount: 12345 });
    open('/deal/B0RATED001', { 'GET /api/products/B0RATED001': { json: { product: rated, history: [] } } });
    const page = await landing();
    expect(within(page).getByTestId('deal-rating')).toHaveTextContent('4.2 out of 5 (12,345 reviews)');
    expect(within(page).getByText('33% OFF')).toBeVisible();
  });

  it('ignores the claims of an unsigned /deal?… link, without asking the server to check it', async () => {
    const { api } = open('/deal?discount=45&title=Everything+half+price&urgency=Ends+tonight&description=Best+ever', {
      'GET /api/deal-pages/top-saving': noSaving,
    });
    const page = await landing();
    expect(within(page).getByRole('heading', { level: 1, name: 'Amazon UK prices we track' })).toBeVisible();
    expect(page).not.toHaveTextContent(/45|Everything half price|Best ever/);
    expect(page).not.toHaveTextContent(INVENTED);
    expect(api.callsTo('GET /api/deal-pages/verify-link')).toHaveLength(0);
  });

  it("shows the claims of a link the server says the owners signed, and sends it the page's own query", async () => {
    const query =
      'title=Garden+chairs+for+summer&discount=45&urgency=Offer+ends+Sunday&search=garden+chairs&exp=1900000000&sig=abc_DEF-123';
    const { api } = open(`/deal?${query}`, {
      'GET /api/deal-pages/verify-link': {
        json: {
          status: 'valid',
          claims: { title: 'Garden chairs for summer', discount: 45, urgencyText: 'Offer ends Sunday', search: 'garden chairs' },
          expiresAt: '2030-03-17T17:46:40.000Z',
        },
      },
    });
    const page = await landing();
    expect(within(page).getByRole('heading', { level: 1, name: 'Garden chairs for summer' })).toBeVisible();
    expect(within(page).getByText('45% OFF')).toBeVisible();
    expect(within(page).getByText('Offer ends Sunday')).toBeVisible();
    expect(within(page).getByText('Offer details written by our deals team.')).toBeVisible();
    // Only the owners' words: none of the default page's copy beneath their headline.
    expect(page).not.toHaveTextContent('We record Amazon UK prices');
    expect(api.callsTo('GET /api/deal-pages/verify-link')[0]?.query.toString()).toBe(query);
    const out = within(page).getByRole('link', { name: 'View On Amazon →' }).getAttribute('href') ?? '';
    expect(new URLSearchParams(out.split('?')[1]).get('url')).toContain('k=garden+chairs');
  });

  it("shows a tampered link's product facts without its claims, and says why, never an error page", async () => {
    open('/deal?asin=B0002AGH0K&discount=75&title=Printer+75%25+off&exp=1900000000&sig=tampered', {
      'GET /api/deal-pages/verify-link': { json: { status: 'invalid', claims: null, expiresAt: null } },
      'GET /api/products/B0002AGH0K': detail,
    });
    const page = await landing();
    expect(within(page).getByRole('heading', { level: 1, name: 'Epson EPL N7000DT Printer' })).toBeVisible();
    expect(page).not.toHaveTextContent(/75/);
    expect(screen.getByTestId('deal-link-notice')).toHaveTextContent('We could not confirm the offer details in this link');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an expired link without its claims', async () => {
    open('/deal?title=Old+offer&discount=30&exp=1700000000&sig=abc', {
      'GET /api/deal-pages/verify-link': { json: { status: 'expired', claims: null, expiresAt: '2023-11-14T22:13:20.000Z' } },
      'GET /api/deal-pages/top-saving': noSaving,
    });
    const page = await landing();
    expect(page).not.toHaveTextContent(/Old offer|30%/);
    expect(screen.getByTestId('deal-link-notice')).toHaveTextContent('The offer in this link has ended');
  });

  it('gives a preset no percentage or urgency when no product of its scope has a verified saving, and keeps its click id', async () => {
    const { api } = open('/deal/air-fryer', { 'GET /api/deal-pages/top-saving': noSaving });
    const page = await landing();
    expect(within(page).getByRole('heading', { level: 1, name: 'Air Fryers for Quicker Cooking' })).toBeVisible();
    expect(within(page).queryByText(/% OFF/)).toBeNull();
    expect(page).not.toHaveTextContent(INVENTED);
    expect(screen.getByRole('heading', { level: 2, name: 'No verified saving on air fryers right now' })).toBeVisible();
    expect(api.callsTo('GET /api/deal-pages/top-saving')[0]?.query.get('preset')).toBe('air-fryer');
    const out = within(page).getByRole('link', { name: 'View On Amazon →' }).getAttribute('href') ?? '';
    expect(new URLSearchParams(out.split('?')[1]).get('deal')).toBe('air-fryer');
  });

  it("takes a preset's percentage from the product with the largest verified saving, and names it", async () => {
    const peeler = makeProduct({
      asin: 'B0PEELER01',
      title: 'Vegetable peeler',
      price: '6.00',
      originalPrice: '10.00',
      discountPercent: 40,
    });
    open('/deal/home-kitchen', { 'GET /api/deal-pages/top-saving': { json: { product: peeler, withSaving: 3 } } });
    const page = await landing();
    expect(within(page).getByText('Up to 40% off')).toBeVisible();
    expect(within(page).queryByText('40% OFF')).toBeNull();
    expect(within(page).getByText('Verified saving in Home & Kitchen')).toBeVisible();
    const top = screen.getByTestId('top-saving');
    expect(within(top).getByRole('heading', { name: 'Largest verified saving we track in Home & Kitchen' })).toBeVisible();
    expect(within(top).getByRole('link', { name: 'Vegetable peeler' })).toHaveAttribute('href', '/deals/B0PEELER01');
    expect(within(top).getByText(/3 products have a verified saving/)).toBeVisible();
  });
});
