/**
 * Deal listings benchmark (issue 8 "Speed"; DESIGN.md §7 "listing p95 ≤ 20 ms, 1 connection"): the
 * real 2023 catalogue expanded to 100,000 products on in-memory PGlite (bench-data.ts), then each
 * listing of issue 8 through the real app (app.inject), one request at a time: today's deals (all
 * and per category), trending (all and per category) and an owners' category page of 60 products.
 * Pages 1–5 and the page where the deals run out into popular products. Measured twice: with the
 * expanded catalogue's scores, and with every trending and popularity score 0 (the real data's
 * case). Prints p50/p95/max per listing; never fails the build.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { SHOPPER_CATEGORY_KEYS } from '../common/categories';
import type { DealListingResponse } from '../common/api/deals.schema';
import { buildApp, type App } from '../server/app';
import { testEnv } from '../server/env';
import type { Database } from '../server/db/client';
import { products } from '../server/db/schema/catalogue.schema';
import { categoryPageProducts, categoryPages } from '../server/db/schema/category-pages.schema';
import { createCatalogueSource } from '../server/sources/catalogue.source';
import { buildBenchCatalogue } from './bench-data';

const PRODUCTS = 100_000;
const ROUNDS = 8;
const BUDGET_MS = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function report(name: string, ms: number[]): void {
  const sorted = [...ms].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const line = `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms (${ms.length})`;
  console.log(`  ${name.padEnd(44)} ${line}  ${p95 <= BUDGET_MS ? 'within' : 'OVER'} budget p95 ≤ ${BUDGET_MS} ms`);
}

/**
 * The URLs of one listing per category (and all): pages 1–5 (`first`), and the page where the
 * deals run out into popular products (`boundary`: deep for "all", an offset of ~19,000 rows).
 */
async function urlsOf(app: App, base: string): Promise<{ first: string[]; boundary: string[] }> {
  const first: string[] = [];
  const boundary: string[] = [];
  for (const category of [null, ...SHOPPER_CATEGORY_KEYS]) {
    const query = category ? `category=${category}&` : '';
    for (let page = 1; page <= 5; page++) first.push(`${base}?${query}page=${page}&itemCount=20`);
    const answer = (await app.inject({ method: 'GET', url: `${base}?${query}itemCount=20` })).json() as DealListingResponse;
    boundary.push(`${base}?${query}page=${Math.floor(answer.totalDeals / 20) + 1}&itemCount=20`);
  }
  return { first, boundary };
}

async function measure(app: App, urls: string[]): Promise<number[]> {
  const ms: number[] = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const url of urls) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url });
      const elapsed = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      if (round > 0) ms.push(elapsed); // round 0 warms the caches and statements
    }
  }
  return ms;
}

/** An owners' category page holding 60 products spread over the catalogue. */
async function seedCategoryPage(database: Database): Promise<string> {
  const [page] = await database.db
    .insert(categoryPages)
    .values({ slug: 'bench-page', name: 'Bench page', affiliateTag: 'bench-21' })
    .returning({ id: categoryPages.id });
  const picked = await database.db
    .select({ id: products.id })
    .from(products)
    .orderBy(sql`md5(${products.asin})`)
    .limit(60);
  await database.db
    .insert(categoryPageProducts)
    .values(picked.map((p, i) => ({ categoryPageId: page?.id as number, productId: p.id, position: i })));
  return '/api/category-pages/bench-page/products';
}

async function runScenario(app: App, pageUrl: string): Promise<void> {
  for (const base of ['/api/deals', '/api/deals/trending']) {
    const urls = await urlsOf(app, base);
    report(`GET ${base} pages 1–5`, await measure(app, urls.first));
    report(`GET ${base} deals→popular page`, await measure(app, urls.boundary));
  }
  report('GET category page (60 products)', await measure(app, [pageUrl, '/api/category-pages/bench-page']));
}

export async function run(): Promise<void> {
  const now = new Date();
  const { database, totalProducts } = await buildBenchCatalogue({ target: PRODUCTS, now });
  try {
    const pageUrl = await seedCategoryPage(database);
    const app = await buildApp({
      database,
      env: testEnv({ LOG_LEVEL: 'silent' }),
      clock: () => now,
      priceSource: createCatalogueSource(database.db),
      notifyOutbox: () => {},
    });
    const [deals] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`deal_kind is not null`);
    console.log(
      `  ${totalProducts.toLocaleString('en-GB')} products (${Number(deals?.n ?? 0).toLocaleString('en-GB')} deals), sequential, ${ROUNDS} rounds; load average ${loadavg()[0]?.toFixed(2)} (machine shared with other work)`,
    );
    console.log('  Scores as expanded:');
    await runScenario(app, pageUrl);
    await app.close();

    await database.query('update products set trending_score = 0, popularity_score = 0');
    await database.query('VACUUM ANALYZE products');
    const zero = await buildApp({
      database,
      env: testEnv({ LOG_LEVEL: 'silent' }),
      clock: () => now,
      priceSource: createCatalogueSource(database.db),
      notifyOutbox: () => {},
    });
    console.log('  Every trending and popularity score 0 (the real data):');
    await runScenario(zero, pageUrl);
    await zero.close();
  } finally {
    await database.close();
  }
}
