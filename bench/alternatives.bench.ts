/**
 * Cheaper alternatives benchmark (issue 9 part 2; budget p95 ≤ 30 ms at 100k products): the real
 * 2023 catalogue expanded to 100,000 products on in-memory PGlite (bench-data.ts), then
 * GET /api/amazon/similar-items/{asin} for 300 ASINs drawn evenly from the catalogue, one at a time
 * through the real app (app.inject: routing, validation, the service and serialisation, no socket),
 * and the service alone for the same ASINs. Prints p50/p95/max per path; never fails the build.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testEnv } from '../server/env';
import { products } from '../server/db/schema/catalogue.schema';
import { similarItems } from '../server/features/alternatives/alternatives.service';
import { createCatalogueSource } from '../server/sources/catalogue.source';
import { buildBenchCatalogue } from './bench-data';

const PRODUCTS = 100_000;
const SAMPLES = 300;
const WARMUP = 30;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function report(name: string, ms: number[]): void {
  const sorted = [...ms].sort((a, b) => a - b);
  const line = `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`;
  console.log(`  ${name.padEnd(34)} ${line}  (budget p95 ≤ 30 ms)`);
}

export async function run(): Promise<void> {
  const now = new Date();
  const { database, totalProducts } = await buildBenchCatalogue({ target: PRODUCTS, now });
  try {
    const rows = await database.db
      .select({ asin: products.asin })
      .from(products)
      .orderBy(sql`md5(${products.asin})`)
      .limit(SAMPLES + WARMUP);
    const asins = rows.map((r) => r.asin);
    const env = testEnv({ LOG_LEVEL: 'silent' });
    const app = await buildApp({
      database,
      env,
      clock: () => now,
      priceSource: createCatalogueSource(database.db),
      notifyOutbox: () => {},
    });
    console.log(
      `  ${totalProducts.toLocaleString('en-GB')} products, ${SAMPLES} ASINs, sequential; load average ${loadavg()[0]?.toFixed(2)} (machine shared with other work)`,
    );

    const http: number[] = [];
    let withAlternatives = 0;
    for (const [i, asin] of asins.entries()) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/amazon/similar-items/${asin}` });
      const elapsed = performance.now() - t;
      if (i >= WARMUP) {
        http.push(elapsed);
        if ((res.json() as { total: number }).total > 0) withAlternatives += 1;
      }
    }
    report('GET similar-items (app.inject)', http);
    const service: number[] = [];
    for (const asin of asins.slice(WARMUP)) {
      const t = performance.now();
      await similarItems(database.db, { asin, affiliateTag: env.AFFILIATE_TAG, llm: null, now: new Date(), amazonSearch: null });
      service.push(performance.now() - t);
    }
    report('similarItems (service only)', service);
    console.log(`  ${withAlternatives} of ${SAMPLES} products had alternatives to show`);
    await app.close();
  } finally {
    await database.close();
  }
}
