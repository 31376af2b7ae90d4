/**
 * "Track any Amazon product" in Chromium (issue 30: "a browser test pastes three real link forms"):
 * on the home page a shopper pastes three real amazon.co.uk links of real products from
 * ../shared/data, each in one of Amazon's usual forms:
 *
 * 1. `/dp/ASIN` of a product we hold (imported first) → its 'Confirm Deal Alert' dialog opens;
 * 2. `/gp/product/ASIN` of one we lack → fetched from the fake Creators API (real catalogue, loopback)
 *    and its dialog opens;
 * 3. a slug, a `ref=` path and a query (`/Product-Slug/dp/ASIN/ref=…?keywords=…`) of one Amazon has
 *    no offer for → the box says so and that the request is recorded.
 *
 * One built server on a fresh data folder, one browser at 1280 px, then the box at 390 px.
 * Screenshots in test-results/e2e/track-product-*.png.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeAmazonEnvVars,
  startFakeCreatorsApi,
  type FakeCreatorsApi,
} from '../../server/sources/creators-api/fake-creators-api.test-support';
import { SHOTS, ROOT, launchChromium, missingPrerequisites, newBrowserContext } from './support/browser';
import { freePort, REAL_CATALOGUE, runImport, startServer, type RunningServer } from './support/server-process';
import { migratedDataDir } from './support/data-dir';

/** Real amazon.co.uk products of ../shared/data/amazon-uk-2023. */
const HELD = { asin: 'B0000C6ZFY', title: 'KitchenPerfected 1000w 0.9Ltr Corded Lightweight Travel Kettle with 2 cups - Cream - E1201WI' };
const FETCHED = { asin: 'B0000TZ8PS', title: 'Dualit 6 Slice Toaster 60144 - Polished' };
const NO_OFFER = { asin: 'B00004SY4H' };
const LINKS = [
  `https://www.amazon.co.uk/dp/${HELD.asin}`,
  `https://www.amazon.co.uk/gp/product/${FETCHED.asin}`,
  `https://www.amazon.co.uk/Sennheiser-Audiophile-Quality-stereo-Headphones/dp/${NO_OFFER.asin}/ref=sr_1_3?crid=2M9ZQ&keywords=sennheiser+hd+600&qid=1700000000&sr=8-3`,
];

const missing = missingPrerequisites('the track-any-product journey', [
  [!existsSync(path.join(ROOT, 'dist/web/index.html')), 'dist/web not built (npm run build)'],
  [!existsSync(REAL_CATALOGUE), `real data not found at ${REAL_CATALOGUE}`],
]);

describe.skipIf(missing.length > 0)('Track any Amazon product in Chromium', () => {
  let fake: FakeCreatorsApi;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: migratedDataDir('e2e-track-'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    const feed = path.join(env.DATA_DIR, 'held.csv');
    writeFileSync(feed, `asin,title,price\n${HELD.asin},"${HELD.title}",14.99\n`);
    [fake, browser] = await Promise.all([startFakeCreatorsApi({ ratePerSecond: 5 }), launchChromium()]);
    fake.setOffer(NO_OFFER.asin, { pricePence: null, availability: 'OUT_OF_STOCK' });
    const imported = await runImport(feed, env);
    expect(imported.code, imported.output).toBe(0);
    server = await startServer({ ...env, ...(fakeAmazonEnvVars(fake, { ratePerSecond: 5 }) as Record<string, string>) });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('pastes /dp/, /gp/product/ and a slug-and-query link: dialog, dialog after a fetch, an honest request note', async () => {
    const context = await newBrowserContext(browser, 1280, { kind: 'blocked' });
    const page = await context.newPage();
    await page.goto(server.url);
    const box = page.getByRole('region', { name: 'Track any Amazon product' });
    const field = box.getByLabel('Amazon link or ASIN');
    const dialog = page.getByRole('dialog', { name: 'Confirm Deal Alert' });
    // The page replaces its first HTML once the app has started: wait for the app's own box.
    await box.waitFor();
    await page.waitForLoadState('networkidle');

    // 1. A product we hold: its alert dialog.
    await field.fill(LINKS[0]!);
    await field.press('Enter');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(HELD.title);
    await box.getByText(`We already track “${HELD.title}”`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // 2. One we lack: fetched from Amazon (the fake, on loopback), then its dialog.
    const calls = fake.log.length;
    await field.fill(LINKS[1]!);
    await box.getByRole('button', { name: 'Track' }).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(FETCHED.title);
    expect(fake.log.slice(calls).map((e) => e.operation)).toEqual(['getItems']);
    await box.getByText(`Added “${FETCHED.title}” from Amazon just now`).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'track-product-fetched-1280.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // 3. One Amazon has no offer for: no dialog, the honest note, the request recorded.
    await field.fill(LINKS[2]!);
    await box.getByRole('button', { name: 'Track' }).click();
    await box.getByText(/Amazon has no price we can show for this product right now/).waitFor();
    await box.getByText(/We've recorded your request/).waitFor();
    expect(await dialog.count()).toBe(0);
    await box.screenshot({ path: path.join(SHOTS, 'track-product-requested-1280.png') });
    await context.close();

    // The box on a phone: the field and the button fit 390 px, nothing scrolls sideways.
    const phone = await newBrowserContext(browser, 390, { kind: 'blocked' });
    const small = await phone.newPage();
    await small.goto(server.url);
    const phoneBox = small.getByRole('region', { name: 'Track any Amazon product' });
    await phoneBox.scrollIntoViewIfNeeded();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const button = await phoneBox.getByRole('button', { name: 'Track' }).boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(390);
    await phoneBox.screenshot({ path: path.join(SHOTS, 'track-product-390.png') });
    await phone.close();
  });
});
