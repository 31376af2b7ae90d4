/**
 * Deleted products kept for 30 days (issue 29; docs/decisions/0027-product-archive.md): every
 * deletion of a product (single, bulk, Clear all, Replace All) copies the row, its price history and
 * its category-page and Under £15 places here in the same transaction, so an owner can put it back
 * (`POST /api/admin/products/restore`) with the same id and history. Shopper queries never read
 * this table: a deleted product is gone from `products`. The nightly maintenance job purges rows
 * older than 30 days. One row per ASIN (the newest deletion replaces an older one).
 */
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin.schema';

export const deletedProducts = pgTable(
  'deleted_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The product's id when it was deleted (restored under the same id). */
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    asin: varchar('asin', { length: 10 }).notNull(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    /** Price when deleted, pence. */
    pricePence: integer('price_pence').notNull(),
    /** The `products` row as `to_jsonb` wrote it (column names as keys), generated columns left out. */
    product: jsonb('product').$type<Record<string, unknown>>().notNull(),
    /** Its `price_observations` rows (column names as keys), oldest first. */
    priceObservations: jsonb('price_observations').$type<Array<Record<string, unknown>>>().notNull().default([]),
    observationCount: integer('observation_count').notNull().default(0),
    /** Its `category_page_products` rows. */
    categoryPageEntries: jsonb('category_page_entries').$type<Array<Record<string, unknown>>>().notNull().default([]),
    /** Its `budget_deals` row (the Under £15 list), or null. */
    budgetDeal: jsonb('budget_deal').$type<Record<string, unknown> | null>(),
    /** 'delete' | 'bulk-delete' | 'clear-all' | 'replace' (which admin action deleted it). */
    reason: text('reason').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
    /** The owner who deleted it; null once that account is deleted. */
    deletedBy: bigint('deleted_by', { mode: 'number' }).references(() => adminUsers.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('deleted_products_asin_idx').on(t.asin), index('deleted_products_deleted_at_idx').on(t.deletedAt, t.id)],
);
