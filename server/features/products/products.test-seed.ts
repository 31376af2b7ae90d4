/**
 * Test helper: inserts products and price observations straight into the tables with Drizzle, so
 * the products API tests do not depend on the catalogue importer. Money in pence. Each seed bumps
 * the catalogue version, as every real catalogue write does, so cached answers drop.
 */
import type { Db } from '../../db/client';
import type { SearchCriteria } from '../../../common/api/products.schema';
import { noteCatalogueWrite } from '../../catalogue-version';
import { priceObservations, products } from '../../db/schema/catalogue.schema';

/** A product to seed: title and price are required, the rest defaults to "no data". */
export interface SeedProduct {
  asin?: string;
  title: string;
  pricePence: number;
  listPricePence?: number | null;
  savingBasisType?: string | null;
  observedHigh30dPence?: number | null;
  observedLow30dPence?: number | null;
  /** The tracked reference price the pricing module would have stored (pence). */
  referencePricePence?: number | null;
  lowestIn30Days?: boolean;
  imageUrl?: string | null;
  rating?: number | null;
  reviewCount?: number | null;
  category?: string;
  categoryName?: string | null;
  brand?: string | null;
  features?: string[];
  trendingScore?: number;
  priceAsOf?: Date;
  /** Who reported the price: 'csv' (default) or 'creators-api' (Amazon's data: the licence's 24 hours apply). */
  priceSource?: string;
}

let asinCounter = 0;

/** A fresh well-formed test ASIN ("T000000001", …), unique within the test process. */
export function nextTestAsin(): string {
  asinCounter += 1;
  return `T${String(asinCounter).padStart(9, '0')}`;
}

/** Inserts `items` in one statement; answers their ids and ASINs in the same order. */
export async function seedProducts(db: Db, items: SeedProduct[]): Promise<Array<{ id: number; asin: string }>> {
  if (items.length === 0) return [];
  const rows = items.map((p) => ({
    asin: p.asin ?? nextTestAsin(),
    title: p.title,
    pricePence: p.pricePence,
    listPricePence: p.listPricePence ?? null,
    savingBasisType: p.savingBasisType ?? null,
    observedHigh30dPence: p.observedHigh30dPence ?? null,
    observedLow30dPence: p.observedLow30dPence ?? null,
    referencePricePence: p.referencePricePence ?? null,
    lowestIn30Days: p.lowestIn30Days ?? false,
    imageUrl: p.imageUrl ?? null,
    rating: p.rating ?? null,
    reviewCount: p.reviewCount ?? null,
    category: p.category ?? 'other',
    categoryName: p.categoryName ?? null,
    brand: p.brand ?? null,
    features: p.features ?? [],
    trendingScore: p.trendingScore ?? 0,
    source: 'test',
    priceSource: p.priceSource ?? 'csv',
    ...(p.priceAsOf ? { priceAsOf: p.priceAsOf } : {}),
  }));
  const inserted = await db.insert(products).values(rows).returning({ id: products.id, asin: products.asin });
  await noteCatalogueWrite(db);
  // RETURNING keeps the VALUES order in PostgreSQL, but match by ASIN to not rely on it.
  return rows.map((r) => inserted.find((i) => i.asin === r.asin) as { id: number; asin: string });
}

/**
 * Inserts price observations for one product (pence, observation time). A seeded history is
 * continuous evidence by default, as a daily price check leaves it: each price is confirmed up to
 * the next one (`confirmedAt` = the next point's time); the last one's evidence is the product's
 * `price_as_of`. Pass `confirmedAt: null` for a price seen once and never re-asserted.
 */
export async function seedObservations(
  db: Db,
  product: { id: number; asin: string },
  points: Array<{ pricePence: number; observedAt: Date; confirmedAt?: Date | null }>,
): Promise<void> {
  if (points.length === 0) return;
  const sorted = [...points].sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
  await db.insert(priceObservations).values(
    sorted.map((p, i) => ({
      productId: product.id,
      asin: product.asin,
      pricePence: p.pricePence,
      source: 'test',
      observedAt: p.observedAt,
      confirmedAt: p.confirmedAt !== undefined ? p.confirmedAt : (sorted[i + 1]?.observedAt ?? null),
    })),
  );
  await noteCatalogueWrite(db);
}

/**
 * A search request as the search page sends it (spec §7 "Search page call": every price, 1 star,
 * 'All', page 1, 10 a page, Featured) with `overrides` on top.
 */
export function searchCriteria(overrides: Partial<SearchCriteria> = {}): SearchCriteria {
  return {
    keywords: '',
    maxPrice: 99999,
    minRating: 1,
    category: 'All',
    discountOnly: false,
    page: 1,
    itemCount: 10,
    sortBy: 'Featured',
    ...overrides,
  };
}
