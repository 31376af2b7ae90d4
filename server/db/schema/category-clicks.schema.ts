/**
 * Category button clicks (shopper-screens §7 POST /api/category-clicks; admin-area §2
 * "Category-clicks tab", §3 "Category click stats"): one row per click on a home category button,
 * sent only when the visitor has a tracking e-mail (the spec's rule, kept by the web app).
 */
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const categoryClicks = pgTable(
  'category_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The button's label as shown, e.g. 'Kitchen'. */
    categoryName: text('category_name').notNull(),
    /** The category key or slug the button opens, e.g. 'home-kitchen' or 'trending'. */
    categorySlug: text('category_slug').notNull(),
    /** Lower-cased e-mail of the visitor when it is an address; null otherwise ('Anonymous'). */
    userEmail: text('user_email'),
    /** The page the click came from, at most 2,000 characters; null shows as 'Home'. */
    pageUrl: text('page_url'),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('category_clicks_clicked_at_idx').on(t.clickedAt.desc(), t.id.desc())],
);
