/**
 * SQL of the right-to-erasure action (UK GDPR Art. 17; issue 12 part 1): every table that can hold
 * a shopper's e-mail address, in one list, so a new table that stores addresses has one place to be
 * added (server/features/erasure/erasure.test.ts fails when a row anywhere still holds the address).
 *
 * A row goes when its address column is the address, or when one of its free-text columns (a
 * referrer, a visited path, a page URL, a message) mentions it, as typed or URL-encoded
 * (`/unsubscribe?email=ann%40example.com`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The tables erased, each with its address column and the free-text columns searched for the address. */
export const ERASURE_TABLES = {
  dealAlerts: { table: 'deal_alerts', address: 'user_email', text: ['product_url'] },
  preferences: { table: 'user_preferences', address: 'email', text: [] },
  // Survey answers a device saved without proof (issue 25).
  devicePreferences: { table: 'device_preferences', address: 'email', text: [] },
  productClicks: { table: 'product_clicks', address: 'email', text: ['referrer', 'destination_url'] },
  categoryClicks: { table: 'category_clicks', address: 'user_email', text: ['page_url'] },
  signups: { table: 'signups', address: 'email', text: ['referrer'] },
  subscribers: { table: 'subscribers', address: 'email', text: ['unsubscribe_reason'] },
  unsubscribeRecords: { table: 'unsubscribe_records', address: 'email', text: ['visited_path', 'referrer', 'reason'] },
  visitorTokens: { table: 'visitor_tokens', address: 'email', text: [] },
  // Outbox history: messages to the address, and messages about it (a contact message forwarded to the owners).
  outboxMessages: { table: 'email_outbox', address: 'recipient', text: ['subject', 'html', 'text', 'payload::text'] },
  contactMessages: { table: 'contact_messages', address: 'email', text: ['message', 'subject', 'name'] },
  // Visits opened from an e-mail link by a browser that holds a tracking address (issue 13).
  siteVisits: { table: 'site_visits', address: 'email', text: ['path'] },
  // Saved searches (their matches and index terms go with them) and private alert feeds (issue 30).
  savedSearches: { table: 'saved_searches', address: 'user_email', text: [] },
  alertFeeds: { table: 'alert_feeds', address: 'email', text: [] },
  // Last: the analytics roll-ups (migrations 0020, 0025) keep per-address rows keyed by the address
  // ('click_email', 'category_button_user'), and the page keys may mention it; the deletes above
  // have already taken its clicks and visits out of every count through the roll-up triggers.
  analyticsRollups: { table: 'analytics_daily', address: 'key', text: ['key'] },
} as const;

export type ErasureTable = keyof typeof ERASURE_TABLES;

/** The WHERE clause of one table: the address column equals `email`, or a text column mentions one of `needles`. */
function erasureWhere(spec: (typeof ERASURE_TABLES)[ErasureTable], email: string, needles: readonly string[]): SQL {
  const parts: SQL[] = [sql`lower(${sql.raw(spec.address)}) = ${email}`];
  for (const column of spec.text) {
    for (const needle of needles) parts.push(sql`position(${needle} in lower(coalesce(${sql.raw(column)}, ''))) > 0`);
  }
  return sql.join(parts, sql` or `);
}

/**
 * Deletes every row about `email` (lower-cased) from each of {@link ERASURE_TABLES} inside `tx`;
 * returns the rows removed per table.
 */
export async function eraseAddress(tx: Tx, email: string): Promise<Record<ErasureTable, number>> {
  const needles = [...new Set([email, encodeURIComponent(email).toLowerCase()])];
  const counts = {} as Record<ErasureTable, number>;
  for (const key of Object.keys(ERASURE_TABLES) as ErasureTable[]) {
    const spec = ERASURE_TABLES[key];
    const result = await tx.execute(sql`
      with d as (delete from ${sql.raw(spec.table)} where ${erasureWhere(spec, email, needles)} returning 1)
      select count(*)::int as n from d`);
    counts[key] = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  }
  return counts;
}
