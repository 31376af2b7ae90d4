/**
 * Category pages the owners create (admin-area §3 "Category page", §5 slug rule, §7 calls): a name,
 * description and affiliate tag, and the catalogue products shown on `/category/{slug}`. Products are
 * referenced, not copied, so the page shows the live, honest price of each (DESIGN.md §4).
 */
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { products } from './catalogue.schema';

export const categoryPages = pgTable('category_pages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Lower-case name with runs of non-alphanumerics as one hyphen, ends trimmed (admin-area §5). */
  slug: varchar('slug', { length: 100 }).notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Amazon Associates tag used on every outbound link of this page. */
  affiliateTag: text('affiliate_tag').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which catalogue products a category page shows, in the order they were added. */
export const categoryPageProducts = pgTable(
  'category_page_products',
  {
    categoryPageId: integer('category_page_id')
      .notNull()
      .references(() => categoryPages.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Display order on the page (ascending). */
    position: integer('position').notNull().default(0),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryPageId, t.productId] }),
    index('category_page_products_order_idx').on(t.categoryPageId, t.position, t.productId),
    index('category_page_products_product_idx').on(t.productId),
  ],
);
