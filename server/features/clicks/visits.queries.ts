/** SQL of website visits and search counts (server/db/schema/site-visits.schema.ts). */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchCounts, siteVisits } from '../../db/schema/site-visits.schema';

export type NewVisit = typeof siteVisits.$inferInsert;

/** Inserts one visit. */
export async function insertVisit(db: Db, visit: NewVisit): Promise<void> {
  await db.insert(siteVisits).values(visit);
}

/** The address stored with visit `ref` when it was reported at or after `since`; null otherwise (anonymous, older or unknown). */
export async function findVisitEmail(db: Db, ref: string, since: Date): Promise<string | null> {
  const [row] = await db
    .select({ email: siteVisits.email })
    .from(siteVisits)
    .where(and(eq(siteVisits.ref, ref), gte(siteVisits.visitedAt, since)))
    .limit(1);
  return row?.email ?? null;
}

/** Adds `searches` to the count of the UTC hour starting at `hour`. */
export async function addSearches(db: Db, hour: Date, searches: number): Promise<void> {
  await db
    .insert(searchCounts)
    .values({ hour, searches })
    .onConflictDoUpdate({ target: searchCounts.hour, set: { searches: sql`${searchCounts.searches} + ${searches}` } });
}
