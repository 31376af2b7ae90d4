/** SQL of the admin unsubscribes tab (admin-area §2 "Unsubscribes tab", §3 "Unsubscribe stats"). */
import { count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { UNSUBSCRIBE_VISIT_REASONS } from '../../../common/api/alerts.schema';
import type { Db, Tx } from '../../db/client';
import { subscribers, unsubscribeRecords } from '../../db/schema/visitors.schema';

type Queryable = Db | Tx;
export type UnsubscribeRecordRow = typeof unsubscribeRecords.$inferSelect;

/** The newest `limit` unsubscribe records. */
export async function latestUnsubscribeRecords(db: Queryable, limit: number): Promise<UnsubscribeRecordRow[]> {
  return db.select().from(unsubscribeRecords).orderBy(desc(unsubscribeRecords.createdAt), desc(unsubscribeRecords.id)).limit(limit);
}

/** Record `id`, or undefined. */
export async function findUnsubscribeRecord(db: Queryable, id: number): Promise<UnsubscribeRecordRow | undefined> {
  const [row] = await db.select().from(unsubscribeRecords).where(eq(unsubscribeRecords.id, id)).limit(1);
  return row;
}

/** Whether a record's reason is a page visit (/unsubscribe or /subscribe/* opened), not a request. */
export const isPageVisitReason = (reason: string) => (UNSUBSCRIBE_VISIT_REASONS as readonly string[]).includes(reason);

/** How many records there are, of them page visits, and how many addresses are unsubscribed now. */
export async function unsubscribeCounts(db: Queryable): Promise<{ records: number; pageVisits: number; addresses: number }> {
  const visitReasons = sql.join(
    UNSUBSCRIBE_VISIT_REASONS.map((r) => sql`${r}`),
    sql`, `,
  );
  const [records] = await db
    .select({ n: count(), visits: sql<number>`count(*) filter (where ${unsubscribeRecords.reason} in (${visitReasons}))::int` })
    .from(unsubscribeRecords);
  const [addresses] = await db.select({ n: count() }).from(subscribers).where(isNotNull(subscribers.unsubscribedAt));
  return { records: Number(records?.n ?? 0), pageVisits: Number(records?.visits ?? 0), addresses: Number(addresses?.n ?? 0) };
}

/** The `limit` most frequent reasons, most frequent first (ties: alphabetical). */
export async function topUnsubscribeReasons(db: Queryable, limit: number): Promise<Array<{ reason: string; count: number }>> {
  const rows = await db
    .select({ reason: unsubscribeRecords.reason, count: sql<number>`count(*)::int` })
    .from(unsubscribeRecords)
    .groupBy(unsubscribeRecords.reason)
    .orderBy(sql`count(*) desc`, unsubscribeRecords.reason)
    .limit(limit);
  return rows.map((r) => ({ reason: r.reason, count: Number(r.count) }));
}
