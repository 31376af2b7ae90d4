/**
 * Catalogue tables: products and their price observations (the price history).
 * Money in integer pence; times in UTC timestamptz (DESIGN.md §4).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PriceBadge } from '../../../common/price-badges';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Accented letters and their plain ones, for `translate` (immutable, so usable in a generated
 * column, unlike the unaccent extension): shoppers type "cafetiere" for "Cafetière".
 */
export const FOLD_ACCENTS = {
  from: 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ',
  to: 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY',
};

/**
 * A gap of 1,000 positions between two fields of the search vector: `||` shifts the right-hand
 * vector's positions only by the left one's largest, so without it a phrase could match across the
 * end of a title and the start of its category name ("… Coffee Maker" + "Coffee, Tea & Espresso"
 * matched "maker coffee"). The gap's one lexeme, "|", is no word any query holds.
 */
const FIELD_GAP = `$$'|':1000$$::tsvector`;

/** The SQL text of `column` (a text column of products), null as '', accents folded. */
function fold(column: string): string {
  return `translate(coalesce(${column}, ''), '${FOLD_ACCENTS.from}', '${FOLD_ACCENTS.to}')`;
}

/**
 * The discount percent the 'discount' listing order sorts by, as migration 0028's expression indexes
 * hold it: products.queries.ts discountPercentSql over prices/original-price.sql.ts (the same
 * expression, or the index is not used; products.listing-order.test.ts checks the plan).
 */
const LISTING_DISCOUNT_PERCENT =
  'round((case when list_price_pence > price_pence then list_price_pence when reference_price_pence > price_pence then reference_price_pence end - price_pence) * 100.0 / ' +
  'nullif(case when list_price_pence > price_pence then list_price_pence when reference_price_pence > price_pence then reference_price_pence end, 0))';

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
    /**
     * Our tracked reference ("was") price, pence: the price before the current one when it held on
     * evidence for 28+ days under the reference-price rule (server/features/prices/deal-basis.rules.ts
     * `trackedReference`; docs/pricing/reference-prices.md); null when there is none. Written only by
     * refreshProductStats.
     */
    referencePricePence: integer('reference_price_pence'),
    /** True when the price is the lowest of a fully evidenced 30-day window (the same rule). */
    lowestIn30Days: boolean('lowest_in_30_days').notNull().default(false),
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
    /**
     * Why the product is a deal (docs/decisions/0008-deal-definition.md): LABELLED_SAVING,
     * TRACKED_PRICE_DROP, LOWEST_IN_90_DAYS, LOWEST_IN_30_DAYS or BELOW_30_DAY_MEDIAN; null when it
     * is not a deal.
     * Written only by refreshProductStats (server/features/prices), with the two columns below.
     */
    dealKind: text('deal_kind'),
    /** Whole percent under the deal's reference price (≥ 1); null when not a deal. Orders the deals. */
    dealPercent: smallint('deal_percent'),
    /** What the card shows, e.g. "Lowest price in 30 days"; null when not a deal. */
    dealLabel: text('deal_label'),
    /**
     * Whether Amazon's offer is in stock (issue 30): from the Creators API's
     * `offersV2.listings.availability` or a feed's `availability` column; null when unknown.
     */
    inStock: boolean('in_stock'),
    /**
     * The price badges that hold now (issue 30; server/features/prices/price-badges.rules.ts), in
     * the order shown, each with its stated rule's explanation. Written only by refreshProductStats.
     */
    priceBadges: jsonb('price_badges')
      .$type<PriceBadge[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Popularity (the trending score's rating, review, bought-last-month and best-seller terms); fills listings after the deals. */
    popularityScore: real('popularity_score').notNull().default(0),
    /** Where the product row came from: 'csv' | 'demo' | 'bulk-json' | 'creators-api' (set once, at insert). */
    source: text('source').notNull().default('csv'),
    /**
     * Who last set or confirmed the current price and its `price_as_of`: the importer's source
     * ('csv', 'bulk-json'…), 'demo', or 'creators-api' (the Amazon Creators API). Amazon's data may
     * be shown for 24 hours after `price_as_of` only (the Associates licence's cache limit;
     * docs/decisions/0014-amazon-data-24h.md), so public answers hide a 'creators-api' price older
     * than that.
     */
    priceSource: text('price_source').notNull().default('csv'),
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * False when an owner took the product off the shop (issue 29; docs/decisions/0034): it stays
     * here and in the admin list, but every shopper-facing read carries {@link shopperVisible} and
     * alert judging skips it. Migration 0024.
     */
    isActive: boolean('is_active').notNull().default(true),
    /** When the current price was observed. */
    priceAsOf: timestamp('price_as_of', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * English full-text document of the product (issue 28; docs/decisions/0026-search-relevance.md):
     * title (weight A) over brand (B) over Amazon's category name (C) over the feature bullets (D),
     * accents folded ("Cafetière" is found as "cafetiere"; {@link FOLD_ACCENTS}), the fields apart
     * ({@link FIELD_GAP}) so that a phrase matches within one field.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL =>
      sql.raw(
        `setweight(to_tsvector('english', ${fold('title')}), 'A') || ${FIELD_GAP} || setweight(to_tsvector('english', ${fold('brand')}), 'B') || ${FIELD_GAP} || ` +
          `setweight(to_tsvector('english', ${fold('category_name')}), 'C') || ${FIELD_GAP} || setweight(jsonb_to_tsvector('english', features, '["string"]'), 'D')`,
      ),
    ),
    /** 'simple' document of the title for prefix suggestions (no stemming, so prefixes match). */
    suggestVector: tsvector('suggest_vector').generatedAlwaysAs((): SQL => sql`to_tsvector('simple', coalesce(title, ''))`),
    /**
     * Whether the product has a substantiated saving: the pricing module's rule
     * (prices/original-price.sql.ts hasSubstantiatedSavingSql: a list price or a tracked reference
     * price above the price), stored so the planner has statistics for it (migration 0029, issue 31:
     * on a feed where few products have one, a "Deals only" listing reads those few through
     * products_listing_discounted_idx). Change it only together with that rule.
     */
    hasSaving: boolean('has_saving')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`coalesce(list_price_pence > price_pence or reference_price_pence > price_pence, false)`),
  },
  (t) => [
    // GIN pending lists of at most 64 kB, not 4 MB (issue 7; docs/decisions/0017-uncached-search.md):
    // every search and suggestion reads the whole pending list, entry by entry, and an import left
    // 288 pages (2.3 MB) in products_search_idx, most of an uncached search's time. Inserts still
    // go through the list (fastupdate off made a 100k import about 45 % slower; 64 kB about 3 %).
    index('products_search_idx').using('gin', t.searchVector).with({ gin_pending_list_limit: 64 }),
    index('products_suggest_idx').using('gin', t.suggestVector).with({ gin_pending_list_limit: 64 }),
    // Listings read in the order they show (issue 7): imported products all score 0, so an index on
    // the score alone left `order by trending_score desc, id` sorting every row of a page.
    // Ties (every product of a plain feed scores 0) go to the lowest price, never to import order
    // (issue 27: the real feed's most overpriced printers came first).
    index('products_category_idx').on(t.category, t.trendingScore.desc().nullsFirst(), t.pricePence, t.id),
    index('products_trending_idx').on(t.trendingScore.desc().nullsFirst(), t.pricePence, t.id),
    index('products_price_idx').on(t.pricePence, t.id),
    // Deal listings (issue 8): deals by saving, then the rest by popularity, each ordered as shown
    // so a page stops after its rows (partial indexes: deals are few, the rest are most).
    index('products_deals_idx')
      .on(t.dealPercent.desc().nullsFirst(), t.trendingScore.desc().nullsFirst(), t.id)
      .where(sql`deal_kind is not null`),
    index('products_category_deals_idx')
      .on(t.category, t.dealPercent.desc().nullsFirst(), t.trendingScore.desc().nullsFirst(), t.id)
      .where(sql`deal_kind is not null`),
    index('products_popular_idx')
      .on(t.popularityScore.desc().nullsFirst(), t.trendingScore.desc().nullsFirst(), t.pricePence, t.id)
      .where(sql`deal_kind is null`),
    index('products_category_popular_idx')
      .on(t.category, t.popularityScore.desc().nullsFirst(), t.trendingScore.desc().nullsFirst(), t.pricePence, t.id)
      .where(sql`deal_kind is null`),
    // Keyword-less listings by trending (ties by id), review and discount, and category listings by price (issue 31;
    // migration 0028, docs/decisions/0039-listing-indexes.md): each in the order a page shows
    // (products.queries.ts sortKeysOf), so a page reads offset + 20 rows at any catalogue size.
    index('products_listing_trending_idx')
      .on(t.trendingScore.desc().nullsFirst(), t.id)
      .where(sql`is_active`),
    index('products_listing_category_trending_idx')
      .on(t.category, t.trendingScore.desc().nullsFirst(), t.id)
      .where(sql`is_active`),
    index('products_listing_rating_idx')
      .on(t.rating.desc().nullsLast(), t.reviewCount.desc().nullsLast(), t.id)
      .where(sql`is_active`),
    index('products_listing_category_rating_idx')
      .on(t.category, t.rating.desc().nullsLast(), t.reviewCount.desc().nullsLast(), t.id)
      .where(sql`is_active`),
    index('products_listing_discount_idx')
      .on(sql`(${sql.raw(LISTING_DISCOUNT_PERCENT)}) desc nulls last`, t.trendingScore.desc().nullsFirst(), t.id)
      .where(sql`is_active`),
    index('products_listing_category_discount_idx')
      .on(t.category, sql`(${sql.raw(LISTING_DISCOUNT_PERCENT)}) desc nulls last`, t.trendingScore.desc().nullsFirst(), t.id)
      .where(sql`is_active`),
    index('products_listing_category_price_idx')
      .on(t.category, t.pricePence, t.id)
      .where(sql`is_active`),
    // Migration 0029: the products with a substantiated saving (has_saving), so a "Deals only"
    // listing on a feed where few products have one reads those few, not every row.
    index('products_listing_discounted_idx')
      .on(t.category, t.pricePence)
      .where(sql`is_active and has_saving`),
  ],
);

/**
 * The condition every shopper-facing read of `products` carries (issue 29, decision 0034): the
 * product is active. Listings, search, suggestions, the product page, alternatives, the sitemap and
 * feeds, landing, category and Under £15 pages, `/go`, saved-search matching and alert judging all
 * AND it in; admin reads, imports and price checks do not. Renders as `"products"."is_active"`, so
 * raw SQL that aliases the table writes `p.is_active` instead ({@link shopperVisibleAs}).
 */
export const shopperVisible: SQL<boolean> = sql<boolean>`${products.isActive}`;

/** {@link shopperVisible} for raw SQL that names `products` by the alias `alias` (e.g. 'p'). */
export function shopperVisibleAs(alias: string): SQL<boolean> {
  return sql<boolean>`${sql.identifier(alias)}.is_active`;
}

/**
 * The catalogue's word dictionary for typo tolerance (issue 28; decision 0026): every word of 3–40
 * letters and digits (starting with a letter) of a product's title, brand or category name, lower
 * case, accents folded. Filled by the statement triggers of migration 0018 on every insert into
 * products and every update of those columns (so it never lags behind an import); words of deleted
 * products stay (a "did you mean" is only offered when it finds products). Searched by trigram
 * similarity (pg_trgm's `%` and `similarity`, GIN index).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

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
    /**
     * The last time a source re-asserted this price while it was in effect (a feed import or a price
     * check finding it unchanged); null = seen only at `observedAt`. The evidence the reference-price
     * rule reads (docs/pricing/reference-prices.md).
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('price_observations_product_idx').on(t.productId, t.observedAt)],
);
