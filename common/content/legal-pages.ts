/**
 * The Privacy Policy, Terms of Service and Cookie Policy (content-and-account-pages §2.7; issue 10),
 * written for what this site really stores and does (server/db/schema: subscribers, visitor_tokens,
 * deal_alerts, user_preferences, signups, product_clicks, unsubscribe_records, contact_messages,
 * email_outbox; in the browser: web/features/session/session.rules.ts STORAGE_KEYS and
 * web/lib/outbound-link.ts). One source for the first HTML response and the web app
 * (common/content/document.ts). Each page's text is its own module (privacy-policy.ts,
 * terms-of-service.ts, cookie-policy.ts), so each page's chunk carries only its own words.
 */
import type { Block } from './document';

/** When the legal pages were last reviewed against what the site stores and does. */
export const LEGAL_LAST_UPDATED = '23 November 2026';

/** A legal page: its `<h1>` (also the `<title>`), the line under it, and its sections. */
export interface LegalPage {
  title: string;
  intro: string;
  updated: string;
  body: readonly Block[];
}
