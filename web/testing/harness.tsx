/**
 * Test harness for web component tests (issue 6 point 8): a fake of our HTTP API at the network
 * edge (`globalThis.fetch`), and a render helper with the providers the app gives every page (the
 * query client with the production defaults — no retries — a memory router and the toaster).
 * Nothing of ours is mocked: components call web/lib/http.client.ts, which calls this fetch.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { productSchema, type Product, type ShownProduct } from '../../common/api/products.schema';
import { Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';

/** One request the page sent. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined without one. */
  body: unknown;
}

/** What the fake server answers: a status (200 by default) and a JSON body (none for undefined). */
export interface FakeAnswer {
  status?: number;
  json?: unknown;
}

export type FakeRoute = FakeAnswer | ((call: FakeCall) => FakeAnswer | Promise<FakeAnswer>);

export interface FakeApi {
  calls: FakeCall[];
  /** The calls to `METHOD /path` (path without the query string). */
  callsTo: (route: string) => FakeCall[];
}

/**
 * Replaces `fetch` with a server that answers `routes`, keyed `"METHOD /path"` (the path without
 * its query string). Unknown routes answer 404 with our error body. Restored after each test by
 * web/test-setup.ts.
 */
export function fakeApi(routes: Record<string, FakeRoute>): FakeApi {
  const calls: FakeCall[] = [];
  const fetchFake = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const answer: FakeAnswer =
      route === undefined
        ? { status: 404, json: { error: 'Not Found', message: `No fake for ${method} ${url.pathname}` } }
        : typeof route === 'function'
          ? await route(call)
          : route;
    const status = answer.status ?? 200;
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), {
      status,
      statusText: status === 200 ? 'OK' : `Status ${status}`,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', vi.fn(fetchFake));
  return { calls, callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route) };
}

/** A promise with its resolver outside, for answers that arrive when the test says so. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * A catalogue product as GET/POST product calls return it, checked against the API schema, with its
 * price shown (see {@link makeHiddenPriceProduct} for one whose price may not be shown).
 */
export function makeProduct(overrides: Partial<ShownProduct> = {}): ShownProduct {
  const asin = overrides.asin ?? 'B0TESTAS01';
  return productSchema.parse({
    asin,
    id: asin,
    title: 'Ninja Air Fryer AF100UK',
    price: '79.99',
    originalPrice: '119.99',
    discountPercent: 33,
    discount: '40.00',
    savingBasis: 'LIST_PRICE',
    savingBasisLabel: 'RRP',
    imageUrl: null,
    affiliateUrl: `https://www.amazon.co.uk/dp/${asin}?tag=dealalerts-21`,
    productUrl: `/deals/${asin}`,
    rating: 4.6,
    reviewCount: 1234,
    category: 'kitchen',
    categoryName: 'Home & Kitchen',
    brand: 'Ninja',
    features: [],
    asOf: '2026-01-15T12:00:00.000Z',
    priceStale: false,
    lowestIn30Days: false,
    ...overrides,
  }) as ShownProduct;
}

/**
 * A product whose price may not be shown (Amazon's data over 24 hours old; decision 0014): the API
 * answers it without price, saving or "as of" time.
 */
export function makeHiddenPriceProduct(overrides: Partial<Product> = {}): Product {
  return productSchema.parse({
    ...makeProduct(),
    price: null,
    originalPrice: null,
    discountPercent: null,
    discount: null,
    savingBasis: null,
    savingBasisLabel: null,
    asOf: null,
    lowestIn30Days: false,
    ...overrides,
  });
}

/**
 * Renders `routes` in a memory router at `url`, inside the query client and beside the toaster,
 * as web/main.tsx and the root layout do. Returns the router (to read the URL) and a user-event
 * session.
 */
export function renderRoutes(routes: RouteObject[], url: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, user, queryClient };
}

/** Renders one element as the page at `url` (default "/"), with a plain route at every other path. */
export function renderPage(element: ReactNode, url = '/') {
  const path = new URL(url, 'http://localhost').pathname;
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p>Another page</p> },
    ],
    url,
  );
}

/** The router's current URL as path and query ("/search?q=air+fryer"). */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
