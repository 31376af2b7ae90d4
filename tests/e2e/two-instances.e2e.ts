/**
 * Issue 7, "On PostgreSQL": two app instances on one PostgreSQL server serve together, and every
 * job runs once (DESIGN.md §7; docs/decisions/0004-jobs-and-outbox.md). Two real server processes
 * share a scratch database; shoppers set alerts through either; the confirmation e-mails and the
 * price-drop e-mails that the scheduled price check causes each arrive exactly once, and each cron
 * minute produced at most one price-check run. Issue 31 (docs/decisions/0038-several-instances.md):
 * a product the import CLI adds while both run shows in both instances' search within about 2 s,
 * though each had already cached its answer to that search (the catalogue version in the database,
 * announced by NOTIFY when the import commits and read at most once a second as the fallback,
 * decision 0045, empties every instance's answer cache).
 *
 * Needs `TEST_DATABASE_URL` (a PostgreSQL server the test may create a database on); without it
 * the test is skipped with a printed reason, and under `CI` it fails instead.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from './support/data-dir';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './support/mail-catcher';
import { freePort, runImport, startServer, type RunningServer, REAL_CATALOGUE } from './support/server-process';

const PG_URL = process.env.TEST_DATABASE_URL;
if (!PG_URL) {
  if (process.env.CI) throw new Error('two-instances.e2e: TEST_DATABASE_URL must be set in CI');
  console.log('two-instances.e2e skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it');
}

const ADDRESSES = ['ann@example.test', 'bob@example.test', 'cat@example.test'];
const isConfirmation = (m: CaughtMail) => /confirm/i.test(m.parsed.subject ?? '');
const recipient = (m: CaughtMail) => m.parsed.to?.[0]?.address ?? '';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The feed's header (REAL_CATALOGUE's layout) and one new product with a word no other title has. */
const NEW_PRODUCT = { asin: 'B0ZQXW0031', word: 'zqxwivel' };
const NEW_PRODUCT_CSV = [
  '"ASIN","Title","Price","Price Category","Category Name","Average Category Price","Price Difference"',
  `"${NEW_PRODUCT.asin}","Zqxwivel Desk Lamp with Dimmer and USB Port","24.99","Underpriced","Computer Printers","30.00","-5.01"`,
].join('\n');
/** The ASINs of the first page of a keyword search on `server`, as the search page asks for it. */
async function searchAsins(server: RunningServer, keywords: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/products/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ keywords, itemCount: 10 }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { products: { asin: string }[] }).products.map((p) => p.asin);
}

describe.skipIf(!PG_URL)('two app instances on one PostgreSQL (issue 7)', () => {
  let admin: pg.Client;
  let db: pg.Client;
  let dbName: string;
  let mail: MailCatcher;
  let shared: Record<string, string>;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    dbName = `e2e_two_instances_${process.pid}`;
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    const url = new URL(PG_URL as string);
    url.pathname = `/${dbName}`;
    mail = await startMailCatcher();
    shared = {
      DATABASE_URL: url.toString(),
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      // Every minute, so the test sees the scheduled check fire while both instances run.
      PRICE_CHECK_CRON: '* * * * *',
      DATA_DIR: scratchDir('e2e-two-'),
    };
    const imported = await runImport(REAL_CATALOGUE, shared);
    expect(imported.code, imported.output).toBe(0);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      servers.push(await startServer({ ...shared, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }));
    }
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.end();
    await mail?.close();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  it('both serve; each confirmation and each price-drop e-mail arrives once; one check per cron minute', async () => {
    // Both instances answer the same catalogue.
    const searches = await Promise.all(
      servers.map(async (s) => {
        const res = await fetch(`${s.url}/api/products/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ keywords: 'printer', itemCount: 3 }),
        });
        expect(res.status).toBe(200);
        return (await res.json()) as { products: { asin: string; price: string }[]; total: number };
      }),
    );
    const [first, second] = searches as [(typeof searches)[number], (typeof searches)[number]];
    expect(first.total).toBeGreaterThan(2);
    expect(second).toEqual(first);
    const products = first.products.slice(0, ADDRESSES.length);
    expect(products).toHaveLength(ADDRESSES.length);
    const [a, b] = servers as [RunningServer, RunningServer];

    // Each shopper sets an alert through a different instance; each gets one confirmation e-mail.
    for (const [i, email] of ADDRESSES.entries()) {
      const res = await fetch(`${(i % 2 === 0 ? a : b).url}/api/deal-alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productAsin: products[i]?.asin, userEmail: email, currentPrice: products[i]?.price }),
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    }
    for (const email of ADDRESSES) {
      const confirmation = await mail.waitFor((m) => recipient(m) === email && isConfirmation(m), 30_000);
      const href = /href="([^"]*\/confirm-email\?[^"]+)"/.exec(confirmation.parsed.html ?? '')?.[1]?.replaceAll('&amp;', '&');
      expect(href, 'confirmation link').toBeTruthy();
      const link = new URL(href as string);
      // Confirmed through instance B for every shopper: either instance accepts any link.
      const res = await fetch(`${b.url}/api/subscribers/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(link.searchParams)),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }

    // The feed moves the three prices down 30 % behind the instances' backs (as an import would).
    await db.query(`update products set price_pence = round(price_pence * 0.7), price_as_of = now() where asin = any($1)`, [
      products.map((p) => p.asin),
    ]);

    // The scheduled check (every minute) notices; one price-drop e-mail per shopper.
    const drops = () => mail.messages.filter((m) => !isConfirmation(m));
    const deadline = Date.now() + 150_000;
    while (drops().length < ADDRESSES.length && Date.now() < deadline) await sleep(500);
    // Time for a duplicate to show up, if either instance were to send one.
    await sleep(8_000);
    expect(drops().map(recipient).sort()).toEqual([...ADDRESSES].sort());
    expect(mail.messages.filter(isConfirmation).map(recipient).sort()).toEqual([...ADDRESSES].sort());

    // Each cron minute ran at most one check, whichever instance took it.
    const runs = await db.query<{ minute: string; runs: string }>(
      `select date_trunc('minute', checked_at) as minute, count(*) as runs from price_check_logs where trigger_type = 'cron' group by 1`,
    );
    expect(runs.rows.length).toBeGreaterThan(0);
    for (const row of runs.rows) expect(Number(row.runs), `runs in ${row.minute}`).toBe(1);
    // Both instances stayed healthy throughout.
    for (const s of servers) expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  }, 240_000);

  it("a product the import CLI adds shows in both instances' search within about 2 s, though both had cached the search", async () => {
    // Each instance answers the search once, so each holds the answer without the new product.
    for (const s of servers) expect(await searchAsins(s, NEW_PRODUCT.word)).not.toContain(NEW_PRODUCT.asin);
    const file = path.join(shared.DATA_DIR as string, 'one-new-product.csv');
    writeFileSync(file, `${NEW_PRODUCT_CSV}\n`);
    const imported = await runImport(file, shared);
    expect(imported.code, imported.output).toBe(0);
    // From the CLI's exit: every instance has heard the version's NOTIFY (or reads it within 1 s), then re-answers.
    const committed = Date.now();
    const seenAfterMs: number[] = [];
    for (const s of servers) {
      while (!(await searchAsins(s, NEW_PRODUCT.word)).includes(NEW_PRODUCT.asin) && Date.now() - committed < 5_000) await sleep(100);
      seenAfterMs.push(Date.now() - committed);
    }
    for (const ms of seenAfterMs) expect(ms, `shown ${ms} ms after the import (instances in turn)`).toBeLessThanOrEqual(2_500);
  }, 60_000);
});
