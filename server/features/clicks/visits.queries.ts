/** SQL of website visits (server/db/schema/site-visits.schema.ts). */
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteVisits } from '../../db/schema/site-visits.schema';

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
