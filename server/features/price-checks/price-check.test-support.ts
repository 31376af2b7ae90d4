/**
 * Test helper for price checks: products, imports of a new price, subscribers, alerts and visitor
 * tokens written straight into the tables with Drizzle (as the importer and the alerts API would),
 * so these tests do not depend on other features' code paths. Money in pence.
 */
import { eq } from 'drizzle-orm';
import type { PriceSource } from '../../sources/price-source';
import type { Db } from '../../db/client';
import { dealAlerts } from '../../db/schema/alerts.schema';
import { priceObservations, products } from '../../db/schema/catalogue.schema';
import { subscribers } from '../../db/schema/visitors.schema';
import { issueVisitorToken } from '../visitors/visitors.service';
import type { AlertType } from '../../../common/alert-kinds';

export interface SeedProduct {
  asin: string;
  title?: string;
  pricePence: number;
  listPricePence?: number | null;
  imageUrl?: string | null;
  priceAsOf: Date;
}

/** Inserts products with their first price observation (source 'csv-import'); answers ids by ASIN. */
export async function seedProducts(db: Db, items: SeedProduct[]): Promise<Map<string, number>> {
  const rows = await db
    .insert(products)
    .values(
      items.map((p) => ({
        asin: p.asin,
        title: p.title ?? `Test product ${p.asin}`,
        pricePence: p.pricePence,
        listPricePence: p.listPricePence ?? null,
        savingBasisType: p.listPricePence ? 'LIST_PRICE' : null,
        imageUrl: p.imageUrl ?? null,
        priceAsOf: p.priceAsOf,
        source: 'csv',
      })),
    )
    .returning({
      id: products.id,
      asin: products.asin,
      pricePence: products.pricePence,
      listPricePence: products.listPricePence,
      priceAsOf: products.priceAsOf,
    });
  await db.insert(priceObservations).values(
    rows.map((r) => ({
      productId: r.id,
      asin: r.asin,
      pricePence: r.pricePence,
      listPricePence: r.listPricePence,
      source: 'csv-import',
      observedAt: r.priceAsOf,
    })),
  );
  return new Map(rows.map((r) => [r.asin, r.id]));
}

/** What an import does when a product's price changes: update the product, add an observation. */
export async function importNewPrice(db: Db, asin: string, pricePence: number, at: Date): Promise<void> {
  const [row] = await db
    .update(products)
    .set({ pricePence, priceAsOf: at, updatedAt: at })
    .where(eq(products.asin, asin))
    .returning({ id: products.id });
  if (!row) throw new Error(`no product ${asin}`);
  await db.insert(priceObservations).values({ productId: row.id, asin, pricePence, source: 'csv-import', observedAt: at });
}

/** A subscriber in the given double opt-in state. */
export async function seedSubscriber(db: Db, email: string, state: 'confirmed' | 'unconfirmed' | 'unsubscribed', at: Date): Promise<void> {
  await db.insert(subscribers).values({
    email,
    consentSource: 'deal_alert',
    consentAt: at,
    confirmedAt: state === 'unconfirmed' ? null : at,
    unsubscribedAt: state === 'unsubscribed' ? at : null,
  });
}

export interface SeedAlert {
  email: string;
  asin: string;
  /** Price when the alert was created, pence. */
  currentPricePence: number | null;
  targetPricePence?: number | null;
  isActive?: boolean;
  productImageUrl?: string | null;
  /** Default 'target_price' with a target, else 'any_drop' (as the API decides). */
  alertType?: AlertType;
  dropPercent?: number | null;
  lastInStock?: boolean | null;
}

/** Inserts alerts; answers their ids in order. */
export async function seedAlerts(db: Db, items: SeedAlert[]): Promise<number[]> {
  const rows = await db
    .insert(dealAlerts)
    .values(
      items.map((a) => ({
        userEmail: a.email,
        productAsin: a.asin,
        productTitle: `Alert on ${a.asin}`,
        productImageUrl: a.productImageUrl ?? null,
        currentPricePence: a.currentPricePence,
        targetPricePence: a.targetPricePence ?? null,
        isActive: a.isActive ?? true,
        alertType: a.alertType ?? (a.targetPricePence != null ? 'target_price' : 'any_drop'),
        dropPercent: a.dropPercent ?? null,
        lastInStock: a.lastInStock ?? null,
      })),
    )
    .returning({ id: dealAlerts.id, asin: dealAlerts.productAsin, email: dealAlerts.userEmail });
  return items.map((a) => rows.find((r) => r.asin === a.asin && r.email === a.email)!.id);
}

/** A mailbox token for `email` (as opening the confirmation link hands out): it reaches every alert of the address. */
export async function visitorToken(db: Db, email: string, now: Date): Promise<string> {
  return (await issueVisitorToken(db, { email, proof: 'mailbox', now })).token;
}

/**
 * A price source that reports every ASIN asked at `pricePence` (no list price, no saving basis),
 * observed at `observedAt()` (read at each lookup, so a test's moving clock is followed).
 */
export function fixedPriceSource(pricePence: number, observedAt: () => Date): PriceSource {
  return {
    name: 'creators-api',
    maxAsinsPerCall: 10,
    lookup: async (asins) =>
      new Map(asins.map((asin) => [asin, { asin, pricePence, listPricePence: null, savingBasisType: null, observedAt: observedAt() }])),
  };
}
