/** SQL of website visits and search counts (server/db/schema/site-visits.schema.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchCounts, siteVisits } from '../../db/schema/site-visits.schema';

export type NewVisit = typeof siteVisits.$inferInsert;

/** Inserts one visit. */
export async function insertVisit(db: Db, visit: NewVisit): Promise<void> {
  await db.insert(siteVisits).values(visit);
}

/** Adds `searches` to the count of the UTC hour starting at `hour`. */
export async function addSearches(db: Db, hour: Date, searches: number): Promise<void> {
  await db
    .insert(searchCounts)
    .values({ hour, searches })
    .onConflictDoUpdate({ target: searchCounts.hour, set: { searches: sql`${searchCounts.searches} + ${searches}` } });
}
