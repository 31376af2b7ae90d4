/**
 * Products shoppers asked to track that the catalogue does not hold (issue 30 "Track any Amazon
 * product"; docs/decisions/0030-track-any-product.md). One row per ASIN, no personal data: how many
 * times it was asked for, first and last. Migration 0022.
 */
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const productRequests = pgTable(
  'product_requests',
  {
    asin: varchar('asin', { length: 10 }).primaryKey(),
    /** Times shoppers asked for it (every track request counts, also repeats). */
    requestCount: integer('request_count').notNull().default(1),
    firstRequestedAt: timestamp('first_requested_at', { withTimezone: true }).notNull().defaultNow(),
    lastRequestedAt: timestamp('last_requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the last fetch through the Creators API did not add it (e.g. "not found on Amazon"); null when none was tried. */
    lastFetchError: text('last_fetch_error'),
  },
  (t) => [index('product_requests_wanted_idx').on(t.requestCount.desc(), t.lastRequestedAt.desc())],
);
