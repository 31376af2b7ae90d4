/**
 * Creators API benchmark (issue 14 "Speed"; DESIGN.md §7 "Price-check run": price-source calls =
 * ⌈unique ASINs / 10⌉ exactly, never above the configured rate).
 *
 * 1. A price check of 10,000 alerts over 2,000 real amazon.co.uk ASINs (../shared/data; synthetic
 *    ASINs when absent) through the Creators source against the fake Creators API on loopback, on
 *    in-memory PGlite. The configured rate is 20 requests/s (not Amazon's 1/s, so the run takes
 *    about 10 s instead of 200 s); the fake enforces the same 20/s. About 5 % of the prices drop.
 *    Prints getItems calls against the budget of exactly 200, throttled answers (must be 0), the
 *    most requests in any 1 s by the client's start times and by the fake's arrival times, and the
 *    e-mails queued.
 * 2. The freshness plan for 50,000 ASINs in three mixes against the default 1/s and 8,640 a day,
 *    and the planner's queries over 50,000 products (latency of the status figures and of picking
 *    the next pass's ASINs).
 * Asserts nothing: figures are printed beside their budgets with PASS/MISS.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { dealAlerts } from '../server/db/schema/alerts.schema';
import { amazonApiCalls, amazonItems } from '../server/db/schema/amazon-api.schema';
import { products } from '../server/db/schema/catalogue.schema';
import { subscribers } from '../server/db/schema/visitors.schema';
import { dueAsins, freshnessCounts, oldestAmazonPriceAsOf } from '../server/features/amazon-api/amazon-api.queries';
import { requestsPerPass } from '../server/features/amazon-api/amazon-freshness.service';
import { planFreshness } from '../server/features/amazon-api/freshness.rules';
import { runPriceCheck } from '../server/features/price-checks/price-check.service';
import { adminReserveOf } from '../server/sources/creators-api/quota-limiter';
import { connectToFake, maxInWindow, startFakeCreatorsApi } from '../server/sources/creators-api/fake-creators-api.test-support';

const ALERTED_PRODUCTS = 2_000;
const ALERTS_PER_PRODUCT = 5;
const RATE = 20;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const int = new Intl.NumberFormat('en-GB');

async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function priceCheckRun(): Promise<void> {
  const fake = await startFakeCreatorsApi({ ratePerSecond: RATE });
  const database = await openDatabase({});
  try {
    await database.migrate();
    const db = database.db;
    const real = [...fake.products.values()].filter((p) => p.pricePence !== null).slice(0, ALERTED_PRODUCTS);
    while (real.length < ALERTED_PRODUCTS) {
      const asin = `B0BENCH${String(real.length).padStart(3, '0')}`;
      const product = { asin, title: `Bench product ${real.length}`, pricePence: 1000 + real.length };
      fake.addProducts([product]);
      real.push(product);
    }
    const importedAt = new Date(Date.now() - 86_400_000);
    await insertInChunks(real, 500, (chunk) =>
      db
        .insert(products)
        .values(chunk.map((p) => ({ asin: p.asin, title: p.title, pricePence: p.pricePence!, priceAsOf: importedAt, source: 'csv' }))),
    );
    await db.execute(
      sql`insert into price_observations (product_id, asin, price_pence, source, observed_at) select id, asin, price_pence, 'csv-import', price_as_of from products`,
    );
    const people = Array.from({ length: 2_500 }, (_, i) => `person${i}@bench.example`);
    await insertInChunks(people, 1_000, (chunk) =>
      db.insert(subscribers).values(chunk.map((email) => ({ email, consentSource: 'deal_alert', confirmedAt: importedAt }))),
    );
    const alerts = real.flatMap((p, i) =>
      Array.from({ length: ALERTS_PER_PRODUCT }, (_, j) => ({
        userEmail: people[(i * ALERTS_PER_PRODUCT + j) % people.length]!,
        productAsin: p.asin,
        productTitle: p.title,
        currentPricePence: p.pricePence,
      })),
    );
    await insertInChunks(alerts, 1_000, (chunk) => db.insert(dealAlerts).values(chunk));
    // One product in 20 drops by 10 % on Amazon.
    for (const p of real.filter((_, i) => i % 20 === 0)) fake.setOffer(p.asin, { pricePence: Math.round(p.pricePence! * 0.9) });

    const { connection, env } = connectToFake(fake, db, {
      ratePerSecond: RATE,
      env: { PRICE_SOURCE_RATE_PER_SECOND: String(RATE), PUBLIC_URL: 'https://deals.example' },
    });
    await connection.tokens.get();
    const from = fake.log.length;
    const started = performance.now();
    const run = await runPriceCheck({ db, source: connection.source, clock: () => new Date(), env }, { trigger: 'cron' });
    const seconds = (performance.now() - started) / 1000;
    const entries = fake.log.slice(from);
    const getItems = entries.filter((e) => e.operation === 'getItems');
    const throttled = entries.filter((e) => e.status === 429).length;
    const starts = (await db.select({ at: amazonApiCalls.at }).from(amazonApiCalls)).map((r) => r.at.getTime());
    const byStart = maxInWindow(starts);
    const byArrival = maxInWindow(entries.map((e) => e.at));
    const expected = Math.ceil(run.uniqueAsins / 10);

    console.log(
      `  Price check: ${int.format(run.alertsChecked)} alerts over ${int.format(run.uniqueAsins)} ASINs through the Creators source, fake API on loopback, configured rate ${RATE}/s`,
    );
    console.log(
      `    getItems calls:          ${getItems.length} (source calls ${run.sourceCalls})   budget = ⌈${run.uniqueAsins} / 10⌉ = ${expected} exactly   ${verdict(getItems.length === expected && run.sourceCalls === expected)}`,
    );
    console.log(`    throttled (429) answers: ${throttled}   budget 0   ${verdict(throttled === 0)}`);
    console.log(
      `    most requests in any 1 s: ${byStart} by the client's start times, ${byArrival} by the fake's arrival times   budget ≤ ${RATE}   ${verdict(byStart <= RATE)}`,
    );
    console.log(
      `    run time:                ${seconds.toFixed(1)} s (≥ ${((expected - 1) / RATE).toFixed(1)} s of spacing); evaluation ${run.evaluationMs.toFixed(0)} ms; ${int.format(run.successfulChecks)} checked, ${run.failedChecks} failed`,
    );
    console.log(
      `    e-mails queued:          ${int.format(run.notificationsQueued)} (5 alerts on each of the ${real.filter((_, i) => i % 20 === 0).length} dropped products)`,
    );
    console.log(`    at Amazon's 1/s the same check takes about ${Math.round(expected)} s (${expected} requests one second apart).`);
  } finally {
    await database.close();
    await fake.close();
  }
}

async function freshnessPlan(): Promise<void> {
  const daily = 8_640;
  const background = daily - adminReserveOf(daily);
  console.log(
    `\n  Freshness plan for 50,000 ASINs at 1 request/s, ${int.format(daily)} a day (${int.format(background)} for background work, ${int.format(adminReserveOf(daily))} kept for admin actions):`,
  );
  const mixes = [
    { name: 'all 50,000 shown, none alerted', alerted: 0, shown: 50_000 },
    { name: '5,000 alerted + 45,000 shown', alerted: 5_000, shown: 45_000 },
    { name: '9,000 alerted + 41,000 shown', alerted: 9_000, shown: 41_000 },
  ];
  for (const mix of mixes) {
    const plan = planFreshness({
      alertedAsins: mix.alerted,
      shownAmazonAsins: mix.shown,
      otherAsins: 0,
      ratePerSecond: 1,
      backgroundDailyLimit: background,
    });
    console.log(
      `    ${mix.name.padEnd(34)} ${int.format(plan.requestsPerDayNeeded).padStart(6)} requests/day needed of ${int.format(plan.requestsPerDayAvailable)}   ${verdict(plan.fits)}`,
    );
  }
  const maxAlerted = Math.floor(((background - 5_000) / 3) * 10);
  console.log(
    `    with 50,000 ASINs, up to about ${int.format(maxAlerted)} of them can carry alerts (every 6 h) before the plan exceeds the quota.`,
  );
  console.log(
    `    requests per 15-minute pass with 5,000 alerted: ${requestsPerPass(background, 5_000, 1)} (≤ half the rate over the interval)`,
  );

  const database = await openDatabase({});
  try {
    await database.migrate();
    const db = database.db;
    const now = Date.now();
    await db.execute(sql`insert into products (asin, title, price_pence, price_as_of, source)
      select 'B' || lpad(g::text, 9, '0'), 'Bench product ' || g, 1000 + g % 500, now() - interval '2 hours', 'creators-api' from generate_series(1, 50000) g`);
    await db.execute(sql`insert into ${amazonItems} (asin, fetched_at, availability, available)
      select asin, now() - (random() * interval '24 hours'), 'IN_STOCK', true from products where id % 10 <> 0`);
    await db.execute(sql`insert into deal_alerts (user_email, product_asin, product_title, current_price_pence)
      select 'p' || (id % 2500) || '@bench.example', asin, title, price_pence from products where id % 10 = 1`);
    await db.execute(sql`analyze`);
    const time = async (fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const t = performance.now();
        await fn();
        samples.push(performance.now() - t);
      }
      return samples.sort((a, b) => a - b)[2]!;
    };
    const counts = await freshnessCounts(db);
    const countsMs = await time(() => Promise.all([freshnessCounts(db), oldestAmazonPriceAsOf(db)]));
    const pick = await dueAsins(db, {
      staleBefore: new Date(now - 23 * 3_600_000),
      clicksSince: new Date(now - 30 * 86_400_000),
      limit: 850,
    });
    const pickMs = await time(() =>
      dueAsins(db, { staleBefore: new Date(now - 23 * 3_600_000), clicksSince: new Date(now - 30 * 86_400_000), limit: 850 }),
    );
    console.log(
      `  Planner queries over 50,000 products (${int.format(counts.alerted)} alerted, ${int.format(counts.shownAmazon)} with Amazon data, ${int.format(counts.other)} never fetched), in-memory PGlite, median of 5:`,
    );
    console.log(
      `    status figures (tiers, oldest shown price): ${countsMs.toFixed(0)} ms   budget ≤ 100 ms (admin endpoint)   ${verdict(countsMs <= 100)}`,
    );
    console.log(
      `    next pass's ASINs (${pick.length} picked):         ${pickMs.toFixed(0)} ms   budget ≤ 1,000 ms (once per 15 min)   ${verdict(pickMs <= 1000)}`,
    );
  } finally {
    await database.close();
  }
}

export async function run(): Promise<void> {
  await priceCheckRun();
  await freshnessPlan();
}
