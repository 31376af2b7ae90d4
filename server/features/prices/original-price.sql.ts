/**
 * The pricing module's original ("was") price in SQL: the twin of product-shape.ts
 * `chooseOriginalPrice`, for the SQL builders that filter, sort or total by saving (search's
 * "discount only" and sort by discount, the owners' statistics, e-mail samples). One home for the
 * rule in SQL (issue 26): the retailer's labelled list price when above the price, else our tracked
 * reference price (products.reference_price_pence, written by refreshProductStats under the
 * reference-price rule: docs/pricing/reference-prices.md) when above it, else null. Money in pence.
 *
 * A feed price that has gone stale since its last refresh keeps its stored reference here until
 * the nightly re-judging (server/jobs/maintenance.service.ts) clears it; the API's shapes hide the
 * saving at once (product-shape.ts).
 */
import { sql } from 'drizzle-orm';
import { products } from '../../db/schema/catalogue.schema';

/** The substantiated original price, pence, or null (SQL expression over `products`). */
export const originalPricePenceSql = sql<
  number | null
>`case when ${products.listPricePence} > ${products.pricePence} then ${products.listPricePence} when ${products.referencePricePence} > ${products.pricePence} then ${products.referencePricePence} end`;

/** True when the product has a substantiated original price above its price (SQL condition over `products`). */
export const hasSubstantiatedSavingSql = sql<boolean>`(${products.listPricePence} > ${products.pricePence} or ${products.referencePricePence} > ${products.pricePence})`;
