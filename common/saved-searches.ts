/**
 * Saved searches and the private alert feed (issue 30): the constants and paths both sides use,
 * without zod (the browser bundle imports this file; the request schemas are in
 * common/api/saved-searches.schema.ts).
 */

export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** Most saved searches one address may hold (more answers 409 naming keywords). */
export const MAX_SAVED_SEARCHES_PER_ADDRESS = 50;

/** The private alert feed's formats. */
export const ALERT_FEED_FORMATS = ['atom', 'rss'] as const;
export type AlertFeedFormat = (typeof ALERT_FEED_FORMATS)[number];

/** Path of a private alert feed: `/feeds/alerts/{token}.atom` or `.rss` (issue 30 "Interfaces"). */
export function alertFeedPath(token: string, format: AlertFeedFormat): string {
  return `/feeds/alerts/${encodeURIComponent(token)}.${format}`;
}

/** API paths of this module, written once (web/features/saved-searches/api.ts and the routes read them). */
export const SAVED_SEARCH_API = {
  savedSearches: '/api/saved-searches',
  alertEmails: '/api/alert-emails',
  alertFeed: '/api/alert-feed',
} as const;
