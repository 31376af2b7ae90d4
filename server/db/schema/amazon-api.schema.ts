/**
 * Amazon Creators API bookkeeping (issue 14; ../shared/reference/amazon-creators-api.md "Limits and
 * rules", "Access"): the one token bucket every process shares, the access state (403
 * AssociateNotEligible), a log of the calls made, and what the API last said about each ASIN.
 * Money is not stored here (prices live on `products` and `price_observations`).
 */
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row (id 1): the shared limiter and the access state. `next_slot_ms` is the earliest epoch-ms
 * at which the next request may start; a reservation moves it forward by one interval in a single
 * UPDATE, so every instance on one database draws from the same bucket.
 */
export const amazonApiState = pgTable('amazon_api_state', {
  id: smallint('id').primaryKey(),
  nextSlotMs: bigint('next_slot_ms', { mode: 'number' }).notNull().default(0),
  /** UTC day (YYYY-MM-DD) that `dayCount` counts. */
  day: text('day').notNull().default(''),
  /** Requests reserved on `day` (every attempt, retries included). */
  dayCount: integer('day_count').notNull().default(0),
  /** Set while Amazon answers 403 (AssociateNotEligible): the catalogue is the price source meanwhile. */
  deniedSince: timestamp('denied_since', { withTimezone: true }),
  /** Amazon's reason and message of the last 403 (no credentials, no personal data). */
  deniedReason: text('denied_reason'),
  /** When access is tried again (hourly while denied). */
  accessRetryAt: timestamp('access_retry_at', { withTimezone: true }),
  /** Lease of the freshness pass, so only one instance runs it at a time. */
  freshnessLeaseUntil: timestamp('freshness_lease_until', { withTimezone: true }),
});

/** One row per request sent to the Creators API (retries included); pruned after 8 days. */
export const amazonApiCalls = pgTable(
  'amazon_api_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** getItems | searchItems | getVariations | getBrowseNodes */
    operation: text('operation').notNull(),
    /** HTTP status, or 0 when no answer came (network error). */
    status: smallint('status').notNull(),
    /** 'admin' | 'shopper' | 'background' */
    priority: text('priority').notNull(),
    /** ASINs asked for (getItems) or items answered (search). */
    items: smallint('items').notNull().default(0),
  },
  (t) => [index('amazon_api_calls_at_idx').on(t.at)],
);

/** What the Creators API last said about a product (freshness planner, availability, deals). */
export const amazonItems = pgTable(
  'amazon_items',
  {
    asin: varchar('asin', { length: 10 }).primaryKey(),
    /** When the API last answered for this ASIN (the licence's 24-hour cache clock). */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    /** IN_STOCK, OUT_OF_STOCK… or NOT_ACCESSIBLE (partial error ItemNotAccessible). */
    availability: text('availability').notNull(),
    available: boolean('available').notNull(),
    /** Deal label such as "Prime exclusive deal", and when the deal ends. */
    dealLabel: text('deal_label'),
    dealEndsAt: timestamp('deal_ends_at', { withTimezone: true }),
    primeExclusive: boolean('prime_exclusive').notNull().default(false),
    /** Shopper label of the saving basis ("RRP", "Was", "Lowest price in 30 days"), or null. */
    savingBasisLabel: text('saving_basis_label'),
    browseNodeIds: jsonb('browse_node_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [index('amazon_items_fetched_idx').on(t.fetchedAt)],
);
