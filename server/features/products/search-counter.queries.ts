/** SQL of the keyword-search counts (`search_counts`, server/db/schema/site-visits.schema.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchCounts } from '../../db/schema/site-visits.schema';

/** Adds `searches` to the count of the UTC hour starting at `hour`. */
export async function addSearches(db: Db, hour: Date, searches: number): Promise<void> {
  await db
    .insert(searchCounts)
    .values({ hour, searches })
    .onConflictDoUpdate({ target: searchCounts.hour, set: { searches: sql`${searchCounts.searches} + ${searches}` } });
}
