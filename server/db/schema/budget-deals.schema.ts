/**
 * The Under £15 list (admin-area §2 "Under-15 tab", §5 "Under £15 CSV load", §9; issue 11 part 3;
 * docs/decisions/0012-under-15.md): which catalogue products the owners put on it, in file order.
 * Products are referenced, not copied: the list shows each product's live, honest price, and a
 * product whose price rose above £15 drops out of the answer without leaving the list.
 */
import { bigint, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin.schema';
import { products } from './catalogue.schema';

export const budgetDeals = pgTable(
  'budget_deals',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Order on the list: the row's place in the uploaded file (ascending). */
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owner who uploaded the list; null once that account is deleted. */
    addedBy: bigint('added_by', { mode: 'number' }).references(() => adminUsers.id, { onDelete: 'set null' }),
  },
  (t) => [index('budget_deals_position_idx').on(t.position, t.productId)],
);
