/**
 * Seeds the shipped demo catalogue (`npm run demo`; data in demo-products.data.ts): 40 invented
 * products across the ten shopper categories, `is_demo = true`, `source = 'demo'`, each with a
 * price history of dated observations over the last ~60 days, then their 30-day high/low and
 * trending scores, so the Trending list, discount badges and price charts look right.
 *
 * Idempotent and deterministic: products are upserted by ASIN and their demo observations are
 * replaced (dated relative to `now`), in one transaction; no randomness except a seeded generator.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getShopperCategory } from '../../../../common/categories';
import type { Db } from '../../../db/client';
import { catalogueTransaction, noteCatalogueWrite } from '../../../catalogue-version';
import { priceObservations, products } from '../../../db/schema/catalogue.schema';
import { refreshProductStats } from '../../prices';
import { demoImageDataUri } from './demo-images';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-products.data';
import { seededRandom } from './seeded-random';
import { millisecondsInDay as DAY_MS } from 'date-fns/constants';

export const DEMO_SOURCE = 'demo';

/** B0DEMO0001 for n = 1: ASIN-shaped (10 upper-case letters or digits) and obviously not real. */
export function demoAsin(n: number): string {
  return `B0DEMO${String(n).padStart(4, '0')}`;
}

/** Rounds pence to a shop-style price ending in .99 (never below 99p). */
function shopPrice(pence: number): number {
  return Math.max(99, Math.round(pence / 100) * 100 - 1);
}

/**
 * The price path of product `n` as [days ago, pence] pairs, oldest first; the last one is the
 * current price. See DemoHistory for the four shapes.
 */
export function demoPriceHistory(n: number, product: DemoProduct): Array<[number, number]> {
  const random = seededRandom(n * 7919);
  const jitter = (days: number, spread: number) => days + Math.floor(random() * (spread + 1));
  const p = product.price;
  switch (product.history.kind) {
    case 'rrp':
      return [
        [jitter(55, 5), shopPrice(p * 1.08)],
        [jitter(34, 4), shopPrice(p * 1.04)],
        [jitter(6, 6), p],
      ];
    case 'drop': {
      const was = product.history.was;
      // `was` is in effect from day ~40 through the 30-day window's start until the drop, so the
      // observed 30-day high substantiates the discount.
      return [
        [jitter(57, 4), shopPrice(was * 0.95)],
        [jitter(38, 6), was],
        [jitter(1, 5), p],
      ];
    }
    case 'rising':
      return [
        [jitter(52, 6), shopPrice(product.history.from * 0.96)],
        [jitter(24, 4), product.history.from],
        [jitter(2, 3), p],
      ];
    default:
      return [
        [jitter(56, 6), shopPrice(p * 0.94)],
        [jitter(27, 6), p],
      ];
  }
}

/**
 * Upserts the demo catalogue, replaces its demo price observations, and refreshes statistics,
 * all in one transaction. Returns how many demo products exist afterwards. Throws database errors.
 */
export async function seedDemoCatalogue(db: Db, now: Date): Promise<{ products: number }> {
  return catalogueTransaction(db, async (tx) => {
    await noteCatalogueWrite(tx); // cached answers drop when it commits (issue 7)
    const values = DEMO_PRODUCTS.map((product, i) => {
      const colour = getShopperCategory(product.category)?.colour ?? '#475569';
      const listPrice = product.history.kind === 'rrp' ? product.history.listPrice : null;
      return {
        asin: demoAsin(i + 1),
        title: product.title,
        pricePence: product.price,
        listPricePence: listPrice,
        savingBasisType: listPrice === null ? null : 'LIST_PRICE',
        imageUrl: demoImageDataUri(product.icon, product.label, colour),
        sourceUrl: null,
        rating: product.rating ?? null,
        reviewCount: product.reviews ?? null,
        category: product.category,
        categoryName: product.categoryName,
        brand: product.brand,
        features: product.features,
        boughtLastMonth: product.bought ?? null,
        isBestSeller: product.bestSeller ?? false,
        source: DEMO_SOURCE,
        priceSource: DEMO_SOURCE,
        isDemo: true,
        priceAsOf: now,
        createdAt: now,
        updatedAt: now,
      };
    });
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    const rows = await tx
      .insert(products)
      .values(values)
      .onConflictDoUpdate({
        target: products.asin,
        set: {
          title: excluded('title'),
          pricePence: excluded('price_pence'),
          listPricePence: excluded('list_price_pence'),
          savingBasisType: excluded('saving_basis_type'),
          imageUrl: excluded('image_url'),
          sourceUrl: excluded('source_url'),
          rating: excluded('rating'),
          reviewCount: excluded('review_count'),
          category: excluded('category'),
          categoryName: excluded('category_name'),
          brand: excluded('brand'),
          features: excluded('features'),
          boughtLastMonth: excluded('bought_last_month'),
          isBestSeller: excluded('is_best_seller'),
          source: excluded('source'),
          priceSource: excluded('price_source'),
          isDemo: excluded('is_demo'),
          priceAsOf: excluded('price_as_of'),
          updatedAt: excluded('updated_at'),
        },
      })
      .returning({ id: products.id, asin: products.asin });
    const idOf = new Map(rows.map((r) => [r.asin, r.id]));
    const ids = rows.map((r) => r.id);

    // Replace (not append) the demo history, so seeding at every `npm run demo` start keeps one
    // history per product, dated relative to today.
    await tx.delete(priceObservations).where(and(inArray(priceObservations.productId, ids), eq(priceObservations.source, DEMO_SOURCE)));
    const observations = DEMO_PRODUCTS.flatMap((product, i) => {
      const asin = demoAsin(i + 1);
      const productId = idOf.get(asin) as number;
      const listPrice = product.history.kind === 'rrp' ? product.history.listPrice : null;
      return demoPriceHistory(i + 1, product).map(([daysAgo, pence], k) => ({
        productId,
        asin,
        pricePence: pence,
        listPricePence: listPrice,
        source: DEMO_SOURCE,
        // Spread the hour of day a little so charts do not look machine-made; the last one is "now".
        observedAt: new Date(now.getTime() - daysAgo * DAY_MS - (daysAgo === 0 ? 0 : ((i * 5 + k * 3) % 10) * 3_600_000)),
      }));
    });
    await tx.insert(priceObservations).values(observations);
    await refreshProductStats(tx, ids, now);
    return { products: rows.length };
  });
}
