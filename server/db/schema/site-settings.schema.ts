/**
 * Site settings shared by every process on one database (issue 5): the server records its
 * `PUBLIC_URL` at start, so e-mails queued by the CLI (`npm run import`) carry the server's links,
 * not the CLI's default. Key–value text; keys are listed in server/site-settings.ts.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
