/**
 * Outbound product clicks (shopper-screens §3 "Product click record", §7 POST /api/product-clicks;
 * issue 9 part 3): one row per click through our redirect (`GET /go/{asin}`) or the spec's
 * client-side call. Money in integer pence; the affiliate tag that earned the click is kept so
 * click-through rate per tag can be counted.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const productClicks = pgTable(
  'product_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased e-mail of the visitor when known; null for anonymous clicks. */
    email: text('email'),
    /** The product's ASIN; null for a deal-page link that is not one product (e.g. a search link). */
    asin: varchar('asin', { length: 10 }),
    /** Deal landing page preset or id the click came from (content-and-account-pages §7), else null. */
    dealId: text('deal_id'),
    title: text('title'),
    /** 'title' (title or image) or 'shop' (the Amazon button). */
    clickType: text('click_type').notNull(),
    /** Price at the time of the click, pence; null when unknown. */
    pricePence: integer('price_pence'),
    /** Substantiated original price at the time of the click, pence; null when none. */
    originalPricePence: integer('original_price_pence'),
    category: text('category'),
    /** The page the click came from (our own path, or the Referer header), at most 2,000 characters. */
    referrer: text('referrer'),
    /** The Associates tag in the URL we sent the visitor to. */
    affiliateTag: text('affiliate_tag').notNull(),
    /** The Amazon URL we redirected to (always an allowlisted Amazon host). */
    destinationUrl: text('destination_url').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** 'redirect' (GET /go) or 'api' (POST /api/product-clicks). */
    recordedBy: text('recorded_by').notNull(),
    /** The visit (site_visits.ref) this click came from, when the browser reported one (issue 13). */
    visitRef: text('visit_ref'),
    /** 'mobile' | 'tablet' | 'desktop', classed from the User-Agent of the click (migration 0020; the User-Agent is not kept). */
    device: text('device'),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // (clicked_at, id): the admin lists and CSV exports page through a date range newest first (issue 13).
    index('product_clicks_clicked_at_id_idx').on(t.clickedAt.desc(), t.id.desc()),
    index('product_clicks_email_idx').on(t.email, t.clickedAt.desc()),
    // The newest title and category of a product key, for the Clicks tab's top products (migration 0025).
    index('product_clicks_key_id_idx').on(sql`coalesce(${t.asin}, ${t.dealId})`, t.id.desc()),
    index('product_clicks_visit_ref_idx')
      .on(t.visitRef)
      .where(sql`visit_ref is not null`),
  ],
);
