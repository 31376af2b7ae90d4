/**
 * Honest on a real feed (issue 27 "Done when"), in Chromium at 1280 and 390 px on the real UK
 * catalogue (3,870 products crawled in 2023: no list prices, no images):
 * 1. Imported fresh with `--observed-at 2023-06-01`: no 'Special Deal', no deal heading and no
 *    percentage without a basis, no category button with "0 products", no "as of" later than the
 *    feed's observation time (prices show as "last seen" on their 2023 date), and the deal landing
 *    page states no rating, review count or delivery we do not hold.
 * 2. Re-imported every 6 days for 40 days (simulated history: `--observed-at` 40, 34 … 4 days ago), then
 *    imported with lower prices today: the honest deals appear, each naming its basis (our tracked
 *    price held for 40 days), with the struck-through reference price.
 * Phase 1 imports with the CLI (`npm run import -- --observed-at`); phase 2 with the owners' bulk
 * import (`POST /api/products/import/bulk` with `observedAt`), while the server runs.
 * Screenshots: test-results/e2e/honest-*.png.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOTS, launchChromium, missingPrerequisites, newBrowserContext } from './support/browser';
import { freePort, runImport, startServer, REAL_CATALOGUE, type RunningServer } from './support/server-process';
import { scratchDir } from './support/data-dir';

const missing = missingPrerequisites('the honest real-feed pages', [
  [!existsSync(REAL_CATALOGUE), `real catalogue not found at ${REAL_CATALOGUE}`],
]);

const CRAWLED = '2023-06-01T00:00:00Z';
const OWNER = { email: 'owner@deals.example', password: 'correct horse battery staple 27' };
const DAY = 86_400_000;
/** A product of the feed, its first data row: the Epson laser printer at £2,187.43. */
const FIRST_ASIN = 'B0002AGH0K';
/** Products moved in phase 2 (the feed's first rows). */
const MOVED = 40;

/** The feed's first `n` products as bulk-import products (prices in pounds × `factor`, two decimals). */
function feedProducts(n: number, factor: number): Array<{ asin: string; title: string; price: number; category: string }> {
  const rows = parse(readFileSync(REAL_CATALOGUE), { columns: true, to: n }) as Array<Record<string, string>>;
  return rows.map((r) => ({
    asin: r.ASIN as string,
    title: r.Title as string,
    price: Math.round(Number(r.Price) * factor * 100) / 100,
    category: r['Category Name'] as string,
  }));
}

/** Text of the page's main region, and its headings. */
async function read(page: Page): Promise<{ text: string; headings: string[] }> {
  const main = page.locator('main');
  const text = (await main.innerText()).replace(/\s+/g, ' ');
  const headings = await main.locator('h1, h2, h3').allInnerTexts();
  return { text, headings };
}

/** A heading that uses deal language ("deal", "deals", "% off"), the brand name "Deal Alerts UK" aside. */
const dealWords = (heading: string) => /\bdeals?\b|%\s*off/i.test(heading.replace(/Deal Alerts( UK)?/g, ''));

describe.skipIf(missing.length > 0)('honest on the real feed (issue 27)', () => {
  let browser: Browser;
  let server: RunningServer;
  let env: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    dir = scratchDir('e2e-honest-');
    env = { PORT: String(port), DATA_DIR: path.join(dir, 'data'), PUBLIC_URL: `http://127.0.0.1:${port}` };
    const imported = await runImport(REAL_CATALOGUE, env, ['--observed-at', CRAWLED]);
    expect(imported.code, imported.output).toBe(0);
    server = await startServer({ ...env, ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function visit(width: number, route: string, shot: string): Promise<Page> {
    const context = await newBrowserContext(browser, width, { kind: 'blocked' });
    const page = await context.newPage();
    await page.goto(`${server.url}${route}`);
    await page.locator('main h1').first().waitFor();
    // Wait for the listing or product to render (the grid's status line or a price).
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(SHOTS, `honest-${shot}-${width}.png`), fullPage: false });
    return page;
  }

  it('a fresh 2023 feed makes no deal claim, names no empty category and shows prices as last seen in 2023', async () => {
    for (const width of [1280, 390]) {
      for (const [route, shot] of [
        ['/', 'home'],
        ['/todays-deals', 'todays'],
        ['/todays-deals2', 'trending'],
        ['/categories/home-kitchen', 'kitchen'],
        [`/deals/${FIRST_ASIN}`, 'product'],
      ] as const) {
        const page = await visit(width, route, shot);
        const { text, headings } = await read(page);
        // Each page shows what it is about: products (a listing's cards or the product page), never an error.
        expect(text, `${route} @${width}`).not.toMatch(/not found/i);
        expect(text, `${route} @${width}`).not.toContain('Special Deal');
        expect(text, `${route} @${width}`).not.toMatch(/\b\d{1,3}% off\b/i);
        expect(text, `${route} @${width}`).not.toMatch(/up to \d{1,3}%/i);
        expect(headings.filter(dealWords), `${route} @${width}`).toEqual([]);
        expect(text, `${route} @${width}`).not.toMatch(/\b0 products\b/);
        // No price is said to be current as of a date after the crawl.
        expect(text, `${route} @${width}`).not.toMatch(/as of [^.]*20(2[4-9]|3\d)/i);
        if (route.startsWith('/deals/')) expect(text).toMatch(/last seen/i);
        await page.context().close();
      }
    }
  });

  it('the deal landing page states no rating, reviews, delivery or seller we do not hold', async () => {
    for (const width of [1280, 390]) {
      const page = await visit(width, `/deal/${FIRST_ASIN}`, 'landing');
      const { text } = await read(page);
      for (const invented of [
        '1000+ reviews',
        '4.5 (',
        'Fast UK delivery',
        'Sold or fulfilled by Amazon',
        'Easy returns',
        'ends at midnight',
      ]) {
        expect(text, `@${width}`).not.toContain(invented);
      }
      expect(text).not.toMatch(/\b\d{1,3}% off\b/i);
      await page.context().close();
    }
  });

  it('re-imports every 6 days for 40 days, then lower prices: the honest deals appear with their basis', async () => {
    // The owner's feed, sent through the bulk import as an owner's tool would (admin session).
    const origin = { Origin: server.url, 'Content-Type': 'application/json' };
    const login = await fetch(`${server.url}/api/admin/login`, { method: 'POST', headers: origin, body: JSON.stringify(OWNER) });
    expect(login.status).toBe(204);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const bulk = async (products: unknown[], observedAt?: string) => {
      const res = await fetch(`${server.url}/api/products/import/bulk`, {
        method: 'POST',
        headers: { ...origin, Cookie: cookie },
        body: JSON.stringify(observedAt ? { products, observedAt } : { products }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    // Every 6 days: within FEED_PRICE_MAX_AGE_DAYS (7), so the evidence is unbroken.
    for (const daysAgo of [40, 34, 28, 22, 16, 10, 4])
      await bulk(feedProducts(MOVED, 1), new Date(Date.now() - daysAgo * DAY).toISOString());
    await bulk(feedProducts(MOVED, 0.8));

    const api = (await (await fetch(`${server.url}/api/deals?itemCount=48`)).json()) as {
      verifiedDeals: number;
      orderedBy: string[];
      products: Array<{ asin: string; dealBasis: { label: string } | null; savingBasis: string | null; priceStale: boolean }>;
    };
    expect(api.verifiedDeals).toBe(MOVED);
    expect(api.orderedBy[0]).toBe('verified-saving');
    const deals = api.products.filter((p) => p.dealBasis !== null);
    expect(deals).toHaveLength(MOVED);
    for (const deal of deals) {
      expect(deal.dealBasis?.label).toMatch(/^Down 20% from £[\d,]+\.\d\d, its price for 40 days$/);
      expect(deal).toMatchObject({ savingBasis: 'TRACKED_PRICE', priceStale: false });
    }

    for (const width of [1280, 390]) {
      const page = await visit(width, '/todays-deals', 'deals-after');
      const { text } = await read(page);
      expect(text).toMatch(/20% off/i);
      expect(text).toMatch(/its price for 40 days|Our tracked price|Tracked price/);
      await page.context().close();
    }
    const product = await visit(1280, `/deals/${FIRST_ASIN}`, 'product-after');
    const { text } = await read(product);
    expect(text).toContain('£2,187.43'); // the struck-through tracked price
    expect(text).toContain('£1,749.94');
    expect(text).not.toMatch(/last seen/i);
    await product.context().close();
  });
});
