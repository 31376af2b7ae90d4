/**
 * Screenshots of the main shopper screens at desktop (1280 px) and phone (390 px) widths, for a
 * person to look at (not a test: nothing is asserted). Drives Debian's Chromium with playwright-core
 * against a running server (DESIGN.md §6: never download a browser).
 *
 * Usage:
 *   npx vite build
 *   DATA_DIR=$(mktemp -d) PORT=3100 npx tsx server/main.ts --demo      # demo catalogue
 *   DATA_DIR=$(mktemp -d) PORT=3101 npx tsx server/main.ts             # empty catalogue (optional)
 *   npx tsx web/scripts/screenshots.ts --base http://localhost:3100 [--empty http://localhost:3101]
 *     [--outbox <DATA_DIR>/demo/outbox] [--out /tmp/shots]
 *
 * With --outbox, the confirmation link of the alert e-mail is read from the newest .eml file there,
 * so the "E-mail confirmed" screen is captured too. Browser console errors are printed.
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const base = arg('base', 'http://localhost:3100') as string;
const emptyBase = arg('empty');
const outbox = arg('outbox');
const out = arg('out', '/tmp/shots') as string;
mkdirSync(out, { recursive: true });

/** The newest confirmation link in the outbox (.eml, quoted-printable soft breaks undone). */
function confirmationLink(): string | null {
  if (!outbox) return null;
  let files: string[];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
  } catch {
    return null;
  }
  files.sort((a, b) => statSync(path.join(outbox, b)).mtimeMs - statSync(path.join(outbox, a)).mtimeMs);
  for (const file of files) {
    const text = readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const match = /https?:\/\/[^\s"'<>]*\/confirm-email\?[^\s"'<>]+/.exec(text);
    if (match) return new URL(match[0].replace(/&amp;/g, '&')).pathname + new URL(match[0].replace(/&amp;/g, '&')).search;
  }
  return null;
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
  console.log(`saved ${name}.png`);
}

async function visibleSearch(page: Page) {
  return page.locator('header input[type="search"]:visible').first();
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

for (const [label, width, height] of [
  ['desktop', 1280, 900],
  ['mobile', 390, 844],
] as const) {
  const email = `shopper+${label}-${Date.now()}@example.co.uk`;
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') console.log(`  [${label} console ${msg.type()}] ${msg.text()}`);
  });
  page.on('pageerror', (error) => console.log(`  [${label} page error] ${error.message}`));

  // Home while loading: hold the search answer back for a moment.
  await page.route('**/api/products/search', async (route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue().catch(() => undefined);
  });
  await page.goto(`${base}/`);
  await page.waitForSelector('[data-testid="product-skeleton"]');
  await shot(page, `${label}-01-home-loading`);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.waitForSelector('[data-testid="product-card"]');
  await shot(page, `${label}-02-home`);
  await shot(page, `${label}-02b-home-full`, true);

  // Suggestions.
  const box = await visibleSearch(page);
  await box.click();
  await box.pressSequentially('wirel', { delay: 40 });
  await page.waitForSelector('[role="listbox"]:visible [role="option"]');
  await box.press('ArrowDown');
  await shot(page, `${label}-03-suggestions`);
  await box.press('Escape');

  // Search results.
  await page.goto(`${base}/search?q=${encodeURIComponent('wireless')}`);
  await page.locator('[data-testid="product-card"]').or(page.getByText('No products found')).first().waitFor();
  await shot(page, `${label}-04-search`);

  await page.goto(`${base}/search?q=zzqxv`);
  await page.getByText('No products found').waitFor();
  await shot(page, `${label}-04b-search-empty`);
  await page.goto(`${base}/search?q=ab`);
  await page.getByText(/at least 3 characters/).waitFor();
  await shot(page, `${label}-04c-search-short`);

  // A category chosen on home.
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Electronics' }).click();
  await page.locator('[data-testid="product-card"]').first().waitFor();
  await shot(page, `${label}-04d-home-category`);

  // Alert dialog, then create the alert.
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Set Deal Alert' }).first().click();
  await page.getByRole('dialog', { name: 'Confirm Deal Alert' }).waitFor();
  await page.waitForTimeout(400);
  await shot(page, `${label}-05-alert-dialog`);
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Deal alert created!', { exact: true }).waitFor();
  await shot(page, `${label}-06-alert-created`);

  // Bell and panel.
  const bell = page.getByRole('button', { name: /Your deal alerts/ });
  await bell.waitFor();
  await bell.click();
  await page.getByRole('dialog', { name: /Your Deal Alerts/ }).waitFor();
  await page.waitForTimeout(500);
  await shot(page, `${label}-07-bell-panel`);
  await page.keyboard.press('Escape');

  // Product page with its chart.
  await page.goto(`${base}/deals/B0DEMO0004`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page
    .locator('.recharts-surface')
    .or(page.getByText(/one price so far|haven't recorded/))
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await shot(page, `${label}-08-product`, true);

  await page.goto(`${base}/deals/B0NOTREAL0`);
  await page
    .getByText(/not found/i)
    .first()
    .waitFor();
  await shot(page, `${label}-08b-product-not-found`);

  // Confirmation links: a bad one, then the real one from the outbox when available.
  await page.goto(`${base}/confirm-email?email=${encodeURIComponent(email)}&sig=bad`);
  await page.getByRole('heading', { name: /invalid|confirmed/ }).waitFor();
  await shot(page, `${label}-09-confirm-invalid`);
  const link = confirmationLink();
  if (link) {
    await page.goto(`${base}${link}`);
    await page.getByRole('heading', { name: /invalid|confirmed/ }).waitFor();
    await shot(page, `${label}-09b-confirm-ok`);
  }

  // Unsubscribe form and its success view.
  await page.goto(`${base}/unsubscribe?email=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Confirm Unsubscribe' }).waitFor();
  await shot(page, `${label}-10-unsubscribe`);
  await page.getByRole('button', { name: 'Confirm Unsubscribe' }).click();
  await page.getByRole('heading', { name: /Unsubscribed/ }).waitFor();
  await shot(page, `${label}-10b-unsubscribed`);
  // Coming back: this browser holds the token for the address, so the page knows it is done.
  await page.goto(`${base}/unsubscribe?email=${encodeURIComponent(email)}`);
  await page.getByRole('heading', { name: /Unsubscribe/ }).waitFor();
  await shot(page, `${label}-10c-unsubscribe-again`);

  await page.goto(`${base}/no/such/page`);
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  await shot(page, `${label}-11-not-found`);

  await page.goto(`${base}/privacy-policy`);
  await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
  await shot(page, `${label}-12-privacy-policy`);

  if (emptyBase) {
    await page.goto(`${emptyBase}/`);
    await page.getByRole('heading', { name: 'Your catalogue is empty' }).waitFor();
    await shot(page, `${label}-13-empty-catalogue`, true);
  }
  await context.close();
}

await browser.close();
