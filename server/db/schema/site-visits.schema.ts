/**
 * Website visits and search counts for the owners' analytics (admin-area §2 "Clicks tab" summary
 * cards, §3 "Email tracking"; issue 13).
 *
 * - `site_visits`: one row per browser session that opens the site, and one per page opened from
 *   an e-mail link (utm_source/utm_medium/utm_campaign). Holds no IP address, user agent or
 *   fingerprint: an anonymous visit is a path, a time and the campaign only. `email` is set only
 *   when the visitor's own browser holds a tracking e-mail (shopper-screens §3 browser storage).
 *   `ref` is a random id the browser keeps for that session only (sessionStorage), so a later
 *   click to Amazon can say which visit it came from (`product_clicks.visit_ref`).
 * - `search_counts`: keyword searches per hour (no query text, no visitor), for "Search Feed
 *   Queries". Hours, because every Europe/London day boundary is a whole UTC hour.
 * - `analytics_changes`: a counter per analytics table bumped by a statement trigger on UPDATE,
 *   DELETE and TRUNCATE (migration 0009). It told the in-memory click index of issue 13 to reload;
 *   since migration 0025 the figures come from `analytics_daily` (decision 0028) and nothing reads it.
 */
import { bigint, bigserial, date, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const siteVisits = pgTable(
  'site_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 32 random hex characters, handed to the browser for this session only. */
    ref: text('ref').notNull().unique(),
    /** Our own path the visit landed on (no query string), at most 300 characters. */
    path: text('path').notNull(),
    /** The product's ASIN when the visit landed on a product page (/deals/{ASIN}), else null. */
    asin: varchar('asin', { length: 10 }),
    /** Lower-cased tracking e-mail held by the visitor's browser; null for an anonymous visit. */
    email: text('email'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** The host of the page that sent the visitor (document.referrer), lower-case; null when direct or our own site (migration 0020). */
    referrerHost: text('referrer_host'),
    /** 'mobile' | 'tablet' | 'desktop', classed from the User-Agent at the request (the User-Agent itself is not kept). */
    device: text('device'),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_visits_visited_at_idx').on(t.visitedAt.desc(), t.id.desc())],
);

export const searchCounts = pgTable('search_counts', {
  /** Start of the UTC hour. */
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  searches: integer('searches').notNull(),
});

export const analyticsChanges = pgTable('analytics_changes', {
  /** 'product_clicks', 'category_clicks' or 'site_visits'. */
  tableName: text('table_name').primaryKey(),
  /** Statements that updated, deleted or truncated rows of that table since it was created. */
  changes: bigint('changes', { mode: 'number' }).notNull(),
});

/**
 * Daily analytics roll-ups (migration 0020, decision 0028; issues 29 and 31), kept by statement
 * triggers on site_visits and product_clicks, so they are exact whoever writes the rows. One row per
 * London day, dimension and key: 'total' (key ''), 'page' (a visit's landing path), 'referrer' (the
 * referrer's host, '' for none), 'device' ('mobile' | 'tablet' | 'desktop' | 'unknown'). Clicks count
 * on 'total' and 'device' only. Never written by the app.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    visits: bigint('visits', { mode: 'number' }).notNull().default(0),
    /** Visits that landed on a product page (/deals/{ASIN}). */
    productVisits: bigint('product_visits', { mode: 'number' }).notNull().default(0),
    /** Visits from which at least one click to Amazon was made. */
    clickedVisits: bigint('clicked_visits', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.key] })],
);
