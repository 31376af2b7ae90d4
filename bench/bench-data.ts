/**
 * Benchmark data (DESIGN.md §7): the real 2023 amazon.co.uk catalogue (3,870 products, imported with
 * the catalogue importer) expanded with variants of its real titles to any size, e.g. 100,000.
 *
 * Variants keep the real title, brand and category and add a colour, size or pack; prices vary by
 * ±30 %; a fifth carry a labelled list price; about half carry a rating and reviews; ASINs are
 * unique fakes ("X" + 9 base-36 digits, never a real ASIN). Deterministic for a given seed.
 * The data is read from ../shared/data and never copied into the project.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../server/db/client';
import { products } from '../server/db/schema/catalogue.schema';
import { importCatalogueFile } from '../server/features/catalogue/catalogue-import.service';
import { computePopularityScore, computeTrendingScore, type TrendingInputs } from '../server/features/prices/price-stats';
import { judgeDealBasis } from '../server/features/prices/deal-basis.rules';
import { discountPercent } from '../common/discount';
import { seededRandom } from '../server/features/catalogue/demo/seeded-random';

/** The real catalogue the benchmarks start from. */
export const REAL_CATALOGUE_FILE = path.resolve(process.cwd(), '../shared/data/amazon-uk-2023/underpriced_and_overpriced_products.csv');

const COLOURS = ['Black', 'White', 'Silver', 'Blue', 'Red', 'Green', 'Grey', 'Pink', 'Navy', 'Gold', 'Purple', 'Orange'];
const SIZES = ['Small', 'Medium', 'Large', 'XL', 'Compact', 'Travel Size', 'Twin Pack', 'Mini'];
const PACKS = [2, 3, 4, 6, 10, 12];

/** The variant suffix number `v` (1, 2, …) of a title: colour, then size, then pack, combined. */
export function variantSuffix(v: number): string {
  const colour = COLOURS[v % COLOURS.length] as string;
  const size = SIZES[Math.floor(v / COLOURS.length) % SIZES.length] as string;
  const pack = PACKS[Math.floor(v / (COLOURS.length * SIZES.length)) % PACKS.length] as number;
  return v < COLOURS.length
    ? `- ${colour}`
    : v < COLOURS.length * SIZES.length
      ? `- ${colour}, ${size}`
      : `- ${colour}, ${size} (Pack of ${pack})`;
}

/** A unique fake ASIN for variant number `n` (0-based): "X" + 9 base-36 digits. */
export function fakeAsin(n: number): string {
  return `X${n.toString(36).toUpperCase().padStart(9, '0')}`;
}

/**
 * Imports the real catalogue file with the catalogue importer at `now`; answers the number of
 * products imported. Throws when the file is absent (benchmarks need ../shared/data).
 */
export async function importRealCatalogue(db: Db, now: Date): Promise<number> {
  if (!existsSync(REAL_CATALOGUE_FILE))
    throw new Error(`The real catalogue is missing at ${REAL_CATALOGUE_FILE} (see ../shared/data/README.md).`);
  const report = await importCatalogueFile(db, REAL_CATALOGUE_FILE, { now, source: 'csv' });
  if (report.fatalError) throw new Error(report.fatalError);
  return report.imported;
}

/**
 * Adds variants of the products already stored until the table holds `target` products, in
 * multi-row INSERTs of `batchSize`, each with its trending score from the importer's own formula
 * (computeTrendingScore; set on insert, so no 100k-row UPDATE bloats the table). Answers how many
 * variants were inserted.
 */
export async function expandCatalogue(db: Db, opts: { target: number; now: Date; seed?: number; batchSize?: number }): Promise<number> {
  const random = seededRandom(opts.seed ?? 2023);
  const batchSize = opts.batchSize ?? 2000;
  const bases = await db
    .select({
      title: products.title,
      pricePence: products.pricePence,
      category: products.category,
      categoryName: products.categoryName,
      brand: products.brand,
      imageUrl: products.imageUrl,
    })
    .from(products)
    .orderBy(asc(products.id));
  if (bases.length === 0) throw new Error('expandCatalogue needs the real catalogue imported first');
  const wanted = Math.max(0, opts.target - bases.length);
  let inserted = 0;
  while (inserted < wanted) {
    const batch: Array<typeof products.$inferInsert> = [];
    for (let i = 0; i < batchSize && inserted + i < wanted; i += 1) {
      const n = inserted + i;
      const base = bases[n % bases.length] as (typeof bases)[number];
      const variant = Math.floor(n / bases.length) + 1;
      const pricePence = Math.max(1, Math.round(base.pricePence * (0.7 + 0.6 * random())));
      const listPricePence = random() < 0.2 ? Math.round(pricePence * (1.1 + 0.7 * random())) : null;
      const rated = random() < 0.5;
      const rating = rated ? Math.round((3 + 2 * random()) * 10) / 10 : null;
      const reviewCount = rated ? Math.floor(10 ** (random() * 4.5)) : null;
      const boughtLastMonth = random() < 0.3 ? Math.floor(10 ** (random() * 3)) : null;
      const isBestSeller = random() < 0.01;
      const savingBasisType = listPricePence ? (random() < 0.8 ? 'LIST_PRICE' : 'WAS_PRICE') : null;
      batch.push({
        asin: fakeAsin(n),
        title: `${base.title} ${variantSuffix(variant)}`,
        pricePence,
        listPricePence,
        savingBasisType,
        imageUrl: base.imageUrl,
        rating,
        reviewCount,
        category: base.category,
        categoryName: base.categoryName,
        brand: base.brand,
        boughtLastMonth,
        isBestSeller,
        // The importer's own formulas; variants have no price history, so no 30-day stats or drop,
        // and a deal only through their labelled list price.
        ...statsOf(
          {
            discountPercent: discountPercent(listPricePence, pricePence),
            recentDropPercent: null,
            reviewCount,
            boughtLastMonth,
            isBestSeller,
            rating,
          },
          { pricePence, listPricePence, savingBasisType, now: opts.now },
        ),
        source: 'bench',
        priceAsOf: opts.now,
      });
    }
    await db.insert(products).values(batch);
    inserted += batch.length;
  }
  return inserted;
}

/** A variant's trending and popularity scores and deal columns, as refreshProductStats would store them. */
function statsOf(
  inputs: TrendingInputs,
  prices: { pricePence: number; listPricePence: number | null; savingBasisType: string | null; now: Date },
): Pick<typeof products.$inferInsert, 'trendingScore' | 'popularityScore' | 'dealKind' | 'dealPercent' | 'dealLabel'> {
  const deal = judgeDealBasis({ ...prices, history: [] });
  return {
    trendingScore: computeTrendingScore(inputs),
    popularityScore: computePopularityScore(inputs),
    dealKind: deal?.kind ?? null,
    dealPercent: deal?.percent ?? null,
    dealLabel: deal?.label ?? null,
  };
}

/** What buildBenchCatalogue made, with its timings in ms. */
export interface BenchCatalogue {
  database: Database;
  realProducts: number;
  totalProducts: number;
  importMs: number;
  expandMs: number;
  analyseMs: number;
}

/**
 * A fresh in-memory PGlite with migrations, the real catalogue imported and expanded to `target`
 * products, then VACUUM ANALYZE (PGlite runs no autovacuum, so without it the planner has no
 * statistics). The caller closes `database`.
 */
export async function buildBenchCatalogue(opts: { target: number; now: Date; seed?: number }): Promise<BenchCatalogue> {
  const database = await openDatabase({});
  await database.migrate();
  let t = performance.now();
  const realProducts = await importRealCatalogue(database.db, opts.now);
  const importMs = performance.now() - t;
  t = performance.now();
  await expandCatalogue(database.db, opts);
  const expandMs = performance.now() - t;
  t = performance.now();
  await database.query('VACUUM ANALYZE products');
  await database.query('VACUUM ANALYZE price_observations');
  const analyseMs = performance.now() - t;
  const [counted] = await database.db.select({ n: sql<number>`count(*)::int` }).from(products);
  return { database, realProducts, totalProducts: Number(counted?.n ?? 0), importMs, expandMs, analyseMs };
}
