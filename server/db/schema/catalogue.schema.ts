/**
 * Catalogue tables: products and their price observations (the price history).
 * Money in integer pence; times in UTC timestamptz (DESIGN.md §4).
 */
import { sql, type SQL } from 'drizzle-orm';
import { bigserial, boolean, customType, index, integer, jsonb, pgTable, real, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    asin: varchar('asin', { length: 10 }).notNull().unique(),
    title: text('title').notNull(),
    /** Current price, pence. */
    pricePence: integer('price_pence').notNull(),
    /** Retailer-labelled saving basis (list/was price), pence; null when the feed gives none. */
    listPricePence: integer('list_price_pence'),
    /** LIST_PRICE | WAS_PRICE | LOWEST_PRICE | LOWEST_PRICE_STRIKETHROUGH; null with no list price. */
    savingBasisType: text('saving_basis_type'),
    /** Highest observed price in the 30 days before `priceAsOf`, pence (our own saving basis). */
    observedHigh30dPence: integer('observed_high_30d_pence'),
    /** Lowest observed price in the 30 days before `priceAsOf`, pence. */
    observedLow30dPence: integer('observed_low_30d_pence'),
    imageUrl: text('image_url'),
    /** The retailer's product page as given by the feed (untagged or tagged; rewritten on use). */
    sourceUrl: text('source_url'),
    rating: real('rating'),
    reviewCount: integer('review_count'),
    /** One of the ten shopper category keys, or 'other'. */
    category: text('category').notNull().default('other'),
    /** Amazon's own category name as the feed gave it. */
    categoryName: text('category_name'),
    brand: text('brand'),
    features: jsonb('features')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    boughtLastMonth: integer('bought_last_month'),
    isBestSeller: boolean('is_best_seller').notNull().default(false),
    /** Ranking for the 'trending' category; see docs/decisions/0002-trending-score.md. */
    trendingScore: real('trending_score').notNull().default(0),
    /** 'csv' | 'demo' | 'creators-api' */
    source: text('source').notNull().default('csv'),
    isDemo: boolean('is_demo').notNull().default(false),
    /** When the current price was observed. */
    priceAsOf: timestamp('price_as_of', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** English full-text document: title (weight A), brand and category name (B). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(category_name, '')), 'B')`,
    ),
    /** 'simple' document of the title for prefix suggestions (no stemming, so prefixes match). */
    suggestVector: tsvector('suggest_vector').generatedAlwaysAs((): SQL => sql`to_tsvector('simple', coalesce(title, ''))`),
  },
  (t) => [
    index('products_search_idx').using('gin', t.searchVector),
    index('products_suggest_idx').using('gin', t.suggestVector),
    index('products_category_idx').on(t.category, t.trendingScore),
    index('products_trending_idx').on(t.trendingScore),
    index('products_price_idx').on(t.pricePence),
  ],
);

/** One row per product per price change (and one at first sight), with its source and time. */
export const priceObservations = pgTable(
  'price_observations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    asin: varchar('asin', { length: 10 }).notNull(),
    pricePence: integer('price_pence').notNull(),
    listPricePence: integer('list_price_pence'),
    /** 'csv-import' | 'demo' | 'catalogue' | 'creators-api' */
    source: text('source').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_observations_product_idx').on(t.productId, t.observedAt)],
);
