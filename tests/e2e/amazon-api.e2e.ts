/**
 * The admin API tab against the fake Creators API in Chromium (issue 14 parts 1, 3 and 4;
 * admin-area §2 "API tab", §4 "Retailer-search import", §9 "Retailer search test defaults"): the
 * owner signs in, opens the API tab, searches with the spec's defaults ('kitchen utensils', All,
 * 5 items, £15), fetches the import search into the review table, imports one selected product,
 * and a shopper finds it in the search and on its product page with its price and its "as of"
 * time. Then Amazon answers 403 AssociateNotEligible: the next search raises the banner, which
 * stays on another tab and after a reload (also on a phone), and goes once Amazon answers again.
 *
 * One built server (`node dist/server/main.js`) on a fresh data folder, pointed at the fake on
 * loopback (5 requests a second on both sides, so the rate limiter is in the path but no step
 * waits a whole second), one browser. Screenshots at 1280 and 390 px in
 * test-results/e2e/amazon-api-*.png.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeAmazonEnvVars,
  startFakeCreatorsApi,
  type FakeCreatorsApi,
  type FakeProduct,
} from '../../server/sources/creators-api/fake-creators-api.test-support';
import { SHOTS, ROOT, launchChromium, missingPrerequisites, newBrowserContext, signInAsOwner } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server-process';
import { migratedDataDir } from './support/data-dir';

const OWNER = { email: 'owner@dealalerts.example', password: 'e2e admin password 1' };
const RATE = 5;
const BANNER = 'Live Amazon prices are paused';
/** WCAG 2.0, 2.1 and 2.2 level A and AA (axe-core rule tags), as tests/e2e/a11y.e2e.ts. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What the fake sells: two utensils under £15 (and one above), two homeware products under £15. */
const PRODUCTS: FakeProduct[] = [
  {
    asin: 'B0E2EUTEN1',
    title: 'Joseph Joseph kitchen utensils set, 5 pieces',
    pricePence: 1299,
    listPricePence: 1999,
    savingBasisType: 'LIST_PRICE',
    categoryName: 'Kitchen Utensils & Gadgets',
    brand: 'Joseph Joseph',
  },
  { asin: 'B0E2EUTEN2', title: 'OXO Good Grips silicone kitchen utensils', pricePence: 899, categoryName: 'Kitchen Utensils & Gadgets' },
  { asin: 'B0E2EUTEN3', title: 'Le Creuset kitchen utensils crock', pricePence: 3500, categoryName: 'Kitchen Utensils & Gadgets' },
  {
    asin: 'B0E2EHOME1',
    title: 'Homeware storage baskets, set of 3',
    pricePence: 1450,
    categoryName: 'Storage & Organisation',
    brand: 'Hyacinth & Co',
  },
  {
    asin: 'B0E2EHOME2',
    title: 'Homeware reed diffuser, fig and cassis 200 ml',
    pricePence: 999,
    listPricePence: 1299,
    savingBasisType: 'WAS_PRICE',
    categoryName: 'Home Fragrance',
    brand: 'Scentful',
    features: ['Lasts up to 12 weeks'],
  },
];
const IMPORTED = PRODUCTS[4]!;

const missing = missingPrerequisites('the Amazon API journey', [
  [!existsSync(path.join(ROOT, 'dist/web/index.html')), 'dist/web not built (npm run build)'],
]);

describe.skipIf(missing.length > 0)('the API tab with the fake Creators API in Chromium', () => {
  let fake: FakeCreatorsApi;
  let server: RunningServer;
  let browser: Browser;
  let desktop: { context: BrowserContext; page: Page };
  let phone: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeCreatorsApi({ ratePerSecond: RATE, realCatalogue: false, products: PRODUCTS });
    const port = await freePort();
    [server, browser] = await Promise.all([
      startServer({
        PORT: String(port),
        DATA_DIR: migratedDataDir('e2e-amazon-api-'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: OWNER.email,
        ADMIN_PASSWORD: OWNER.password,
        ...(fakeAmazonEnvVars(fake, { ratePerSecond: RATE }) as Record<string, string>),
      }),
      launchChromium(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  const shot = (page: Page, name: string, fullPage = true) =>
    page.screenshot({ path: path.join(SHOTS, `amazon-api-${name}.png`), fullPage });

  /** axe-core's WCAG 2.2 AA violations inside the banner, as readable lines. */
  async function bannerViolations(page: Page): Promise<string[]> {
    const result = await new AxeBuilder({ page })
      .include('[role="alert"][aria-labelledby="amazon-access-banner-title"]')
      .withTags(WCAG_TAGS)
      .analyze();
    return result.violations.map((v) => `[${v.id}] ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }

  async function ownerAt(width: number, tab: string) {
    const context = await newBrowserContext(browser, width, { kind: 'blocked' });
    const page = await context.newPage();
    await signInAsOwner(page, `${server.url}/admin/${tab}`, OWNER);
    return { context, page };
  }

  it('desktop 1280: searches with the spec defaults, reviews the import search and imports the selected product', async () => {
    desktop = await ownerAt(1280, 'api-import');
    const { page } = desktop;
    await page.getByRole('heading', { name: 'Amazon Creators API (www.amazon.co.uk)' }).waitFor();
    expect(await page.getByRole('alert', { name: BANNER }).count()).toBe(0);

    // The search test form with admin-area §9's defaults.
    expect(await page.getByLabel('Keywords').inputValue()).toBe('kitchen utensils');
    expect(await page.getByLabel('Category').inputValue()).toBe('All');
    expect(await page.getByLabel('Item count').inputValue()).toBe('5');
    expect(await page.getByLabel('Max price (£)').inputValue()).toBe('15');
    await page.getByRole('button', { name: 'Search Amazon' }).click();
    const results = page.getByRole('table', { name: 'Amazon search results' });
    await results.waitFor();
    await page.getByText('2 of 2 results').waitFor();
    await results.getByText('Joseph Joseph kitchen utensils set, 5 pieces').waitFor();
    await results.getByText('OXO Good Grips silicone kitchen utensils').waitFor();
    expect(await results.getByText('Le Creuset').count()).toBe(0); // £35: over the max price
    // Amazon's own saving basis, never an invented one.
    await results.getByText('RRP £19.99').waitFor();
    await results.getByText('35% OFF').waitFor();

    // The import flow: search index All, Fetch ('homeware' under £15, 10 items), the review table.
    await page.getByRole('button', { name: 'Fetch' }).click();
    const review = page.getByRole('table', { name: 'Products to review before import' });
    await review.waitFor();
    expect(await review.getByRole('row').count()).toBe(3); // header + 2 homeware products
    await review.getByRole('checkbox', { name: `Select ${IMPORTED.title}` }).check();
    const importButton = page.getByRole('button', { name: 'Import selected (1)' });
    await importButton.scrollIntoViewIfNeeded();
    await shot(page, 'tab-1280');

    await importButton.click();
    await page.getByText('1 added, 0 updated.', { exact: true }).waitFor();
    await review.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: /Audit log/ })
      .getByText('Imported products from Amazon')
      .filter({ visible: true })
      .first()
      .waitFor();
    // Quota used today: the search, the fetch and the import's getItems (plus any freshness pass).
    await expect
      .poll(async () => Number(((await page.getByText(/ \/ 8,640$/).textContent()) ?? '').split(' / ')[0]!.replace(/,/g, '')))
      .toBeGreaterThanOrEqual(3);
  });

  it('mobile 390: the review list shows the imported product as in the catalogue', async () => {
    phone = await ownerAt(390, 'api-import');
    const { page } = phone;
    await page.getByRole('button', { name: 'Fetch' }).click();
    const review = page.getByRole('list', { name: 'Products to review before import' });
    await review.waitFor();
    const item = review.getByRole('listitem').filter({ hasText: IMPORTED.title });
    await item.getByText('In catalogue').waitFor();
    await item.getByText('Was £12.99').first().waitFor();
    await shot(page, 'tab-390');
  });

  it('a shopper finds the imported product in the search and on its page, with its price and "as of" time', async () => {
    const context = await newBrowserContext(browser, 390, { kind: 'blocked' });
    const page = await context.newPage();
    await page.goto(`${server.url}/search?q=${encodeURIComponent('reed diffuser')}`);
    // The result card (the search box's own suggestions may hold the title too, hidden).
    await page.getByRole('main').getByText(IMPORTED.title).filter({ visible: true }).first().waitFor();

    await page.goto(`${server.url}/deals/${IMPORTED.asin}`);
    await page.getByRole('heading', { name: IMPORTED.title, level: 1 }).waitFor();
    const article = page.getByRole('article').filter({ has: page.getByRole('heading', { name: IMPORTED.title }) });
    await article.getByText('£9.99', { exact: true }).waitFor();
    await article.getByText('Was').first().waitFor();
    const asOf = await article.getByText(/^Price as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\./).textContent();
    // The "as of" time is when Amazon answered the import: today, in the shopper's time zone.
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' }).format(
      new Date(),
    );
    expect(asOf).toContain(`Price as of ${today}`);
    await shot(page, 'product-390');
    await context.close();
  });

  it('a 403 AssociateNotEligible raises the banner on every admin tab, at 1280 and 390, until Amazon answers again', async () => {
    fake.denyAccess(true);
    const { page } = desktop;
    await page.getByRole('button', { name: 'Search Amazon' }).click();
    const banner = page.getByRole('alert', { name: BANNER });
    await banner.waitFor();
    await banner.getByText(/^Since \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d, Amazon has refused/).waitFor();
    await banner.getByText(/catalogue's prices meanwhile/).waitFor();
    await banner.getByText(/Access is tried again every hour; the next try is at \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\./).waitFor();
    await banner.getByText(/^Amazon said: AccessDeniedException \(AssociateNotEligible\): /).waitFor();

    // Another tab keeps it, and so does a fresh load (the state is the server's).
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await page.getByRole('heading', { name: 'Statistics', exact: true }).waitFor();
    await banner.waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Statistics', exact: true }).waitFor();
    await banner.waitFor();
    await banner.getByRole('link', { name: 'See the quota and requests in the API tab' }).waitFor();
    await shot(page, 'banner-1280', false);
    expect(await bannerViolations(page)).toEqual([]);

    await phone.page.goto(`${server.url}/admin/stats`);
    await phone.page.getByRole('heading', { name: 'Statistics', exact: true }).waitFor();
    await phone.page.getByRole('alert', { name: BANNER }).waitFor();
    await shot(phone.page, 'banner-390', false);
    expect(await bannerViolations(phone.page)).toEqual([]);

    // Access is back: the next search answers and the banner goes.
    fake.denyAccess(false);
    await banner.getByRole('link', { name: 'See the quota and requests in the API tab' }).click();
    await page.getByRole('button', { name: 'Search Amazon' }).click();
    await page.getByRole('table', { name: 'Amazon search results' }).waitFor();
    await banner.waitFor({ state: 'detached' });
    await desktop.context.close();
    await phone.context.close();
  });
});
