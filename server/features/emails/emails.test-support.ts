/**
 * Test helpers of owner-sent e-mail (issue 12 part 3): the access matrix every new admin endpoint
 * must pass, and catalogue rows written straight into the tables (category, deal fields) that the
 * price-check seeders leave at their defaults.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app-deps';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/catalogue.schema';
import { userPreferences } from '../../db/schema/engagement.schema';
import { signInAsAdmin, type AdminHeaders } from '../../test-support/admin-session';

export interface RouteCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
}

const IDLE_EXPIRY_MS = 31 * 60 * 1000;

/**
 * Who may call `call`: nobody without a session (401), nobody with an expired session (401), and
 * for a write nobody without this site's Origin or with another site's (403). `advanceClock` moves
 * the app's clock by ms (it is moved back after). Uses its own owner account, so the caller's
 * session stays live.
 */
export async function expectAdminOnly(
  app: App,
  database: Database,
  publicUrl: string,
  call: RouteCall,
  advanceClock: (ms: number) => void,
): Promise<void> {
  const name = `${call.method} ${call.url}`;
  const inject = (headers: Record<string, string>) =>
    app.inject({ method: call.method, url: call.url, headers, ...(call.payload === undefined ? {} : { payload: call.payload as object }) });
  const origin = new URL(publicUrl).origin;

  const anonymous = await inject({ origin });
  expect(anonymous.statusCode, `${name} without a session`).toBe(401);

  const stale = await signInAsAdmin(app, database, publicUrl, 'stale-owner@example.com');
  advanceClock(IDLE_EXPIRY_MS);
  try {
    const expired = await inject(stale);
    expect(expired.statusCode, `${name} with an expired session`).toBe(401);
  } finally {
    advanceClock(-IDLE_EXPIRY_MS);
  }

  if (call.method !== 'GET') {
    const fresh = await signInAsAdmin(app, database, publicUrl, 'stale-owner@example.com');
    const noOrigin = await inject({ cookie: fresh.cookie });
    expect(noOrigin.statusCode, `${name} without Origin`).toBe(403);
    const foreign = await inject({ cookie: fresh.cookie, origin: 'https://evil.example' });
    expect(foreign.statusCode, `${name} from another origin`).toBe(403);
  }
}

/** Sets a product's category and, when given, marks it a deal (as refreshProductStats would). */
export async function setProductFacts(
  database: Database,
  asin: string,
  facts: { category?: string; deal?: { percent: number; label: string }; priceAsOf?: Date; title?: string; imageUrl?: string },
): Promise<void> {
  await database.db
    .update(products)
    .set({
      ...(facts.category ? { category: facts.category } : {}),
      ...(facts.title ? { title: facts.title } : {}),
      ...(facts.imageUrl ? { imageUrl: facts.imageUrl } : {}),
      ...(facts.priceAsOf ? { priceAsOf: facts.priceAsOf } : {}),
      ...(facts.deal ? { dealKind: 'LABELLED_SAVING', dealPercent: facts.deal.percent, dealLabel: facts.deal.label } : {}),
    })
    .where(eq(products.asin, asin));
}

/** A survey answer for `email`. */
export async function seedPreferences(database: Database, email: string, categories: string[], frequency: 'daily' | 'weekly' | 'monthly') {
  await database.db
    .insert(userPreferences)
    .values({ email, preferredCategories: categories, emailFrequency: frequency, hasCompletedSurvey: true });
}

export type { AdminHeaders };
