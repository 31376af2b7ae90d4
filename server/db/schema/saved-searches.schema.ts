/**
 * Saved searches (keyword and category alerts), their sent matches, their inverted term index, and
 * the shoppers' private alert feeds (issue 30; docs/decisions/0031-saved-searches.md). Money in
 * integer pence; times in UTC timestamptz. Migrations 0023 and 0027.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One shopper's saved search: words (matched against product titles and brands with the search's
 * stemming), an optional category key, price cap (pence) and minimum verified saving (whole percent).
 * A search asked for without the address's mailbox token waits (`awaiting_proof`, inactive) until a
 * link e-mailed to the address is opened, exactly as deal alerts do (issue 25).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased e-mail address. */
    userEmail: text('user_email').notNull(),
    /** The words as the shopper typed them (trimmed); '' for a category-only search. */
    keywords: text('keywords').notNull(),
    /** One of the ten shopper category keys, or null for any category. */
    category: text('category'),
    maxPricePence: integer('max_price_pence'),
    minSavingPercent: smallint('min_saving_percent'),
    /** 'instant' | 'daily' | 'weekly'. */
    frequency: text('frequency').$type<'instant' | 'daily' | 'weekly'>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    awaitingProof: boolean('awaiting_proof').notNull().default(false),
    /** The visitor token that created it (a device token reaches only its own searches). */
    createdByTokenId: bigint('created_by_token_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_email_idx').on(t.userEmail, t.createdAt)],
);

/**
 * The inverted index: for each saved search, the index keys of its rarest term (one stem per form
 * of that term, or `category:{key}` for a search without words). A product can match a search only
 * when one of its title's stems is one of the search's keys, so matching looks up candidates by the
 * product's stems instead of testing every saved search.
 */
export const savedSearchTerms = pgTable(
  'saved_search_terms',
  {
    term: text('term').notNull(),
    savedSearchId: bigint('saved_search_id', { mode: 'number' })
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'saved_search_terms_pk', columns: [t.term, t.savedSearchId] }),
    index('saved_search_terms_search_idx').on(t.savedSearchId),
  ],
);

/**
 * Products a saved search matched: one row per (search, ASIN), so each match is e-mailed once.
 * `notified_at` is set when the match was put in an e-mail (instant, or the daily/weekly digest).
 * Narrow on purpose (migration 0027, decision 0036): a first import writes millions of these, so the
 * title, image and deal label an e-mail lists are read from `products` for its at most 10 products.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    /**
     * The search. No foreign key (migration 0027: it cost a locking look-up per inserted row); the
     * trigger `saved_searches_delete_matches` deletes a search's matches with it.
     */
    savedSearchId: bigint('saved_search_id', { mode: 'number' }).notNull(),
    asin: varchar('asin', { length: 10 }).notNull(),
    /** The price when matched, pence. */
    pricePence: integer('price_pence').notNull(),
    /** The verified saving when matched (products.deal_percent), or null. */
    savingPercent: smallint('saving_percent'),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'saved_search_matches_pk', columns: [t.savedSearchId, t.asin] }),
    index('saved_search_matches_due_idx')
      .on(t.savedSearchId)
      .where(sql`notified_at is null`),
  ],
);

/**
 * Private alert feeds (`/feeds/alerts/{token}.atom` and `.rss`): only the SHA-256 of the token is
 * stored. A feed made with a mailbox token shows every alert e-mail of the address; one made with a
 * device token only those about what that token created. `revoked_at` switches it off for good.
 */
export const alertFeeds = pgTable(
  'alert_feeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    proof: text('proof').$type<'device' | 'mailbox'>().notNull(),
    visitorTokenId: bigint('visitor_token_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('alert_feeds_email_idx')
      .on(t.email)
      .where(sql`revoked_at is null`),
  ],
);
