/**
 * SQL of the delivery log (issue 29): outbox rows by the owner's state, newest first, and the resend
 * of a dead row (server/db/schema/email.schema.ts `email_outbox`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OutboxState } from '../../../common/api/outbox.admin.schema';
import type { Db, Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema/email.schema';
import { DELAYED_BY_BUDGET } from '../../email/outbox';

export type OutboxLogRow = Pick<
  typeof emailOutbox.$inferSelect,
  'id' | 'kind' | 'recipient' | 'status' | 'attempts' | 'lastError' | 'nextAttemptAt' | 'createdAt' | 'sentAt'
>;

const budget = sql`(${emailOutbox.status} = 'pending' and ${emailOutbox.lastError} is not distinct from ${DELAYED_BY_BUDGET})`;
const queued = sql`${emailOutbox.status} in ('pending', 'sending')`;

/** The WHERE condition of each state (common/api/outbox.admin.schema.ts OUTBOX_STATES); together they cover every row once. */
const STATE_SQL: Record<OutboxState, SQL> = {
  budget,
  failed: sql`(${queued} and ${emailOutbox.attempts} > 0 and not ${budget})`,
  waiting: sql`(${queued} and ${emailOutbox.attempts} = 0 and not ${budget})`,
  sent: sql`${emailOutbox.status} in ('sent', 'written')`,
  dead: sql`${emailOutbox.status} = 'dead'`,
  suppressed: sql`${emailOutbox.status} = 'suppressed'`,
};

/** The state CASE expression, same rules as {@link STATE_SQL}. */
const stateCase = sql`case
  when ${STATE_SQL.budget} then 'budget'
  when ${STATE_SQL.failed} then 'failed'
  when ${STATE_SQL.waiting} then 'waiting'
  when ${STATE_SQL.sent} then 'sent'
  when ${STATE_SQL.dead} then 'dead'
  else 'suppressed' end`;

const columns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  recipient: emailOutbox.recipient,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

/** One page (`offset`, `limit` rows) of messages in `state` (all when undefined), newest first, and how many match. */
export async function outboxLogPage(
  db: Db | Tx,
  state: OutboxState | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: OutboxLogRow[]; total: number }> {
  const where = state ? STATE_SQL[state] : sql`true`;
  const rows = await db
    .select(columns)
    .from(emailOutbox)
    .where(where)
    .orderBy(sql`${emailOutbox.createdAt} desc, ${emailOutbox.id} desc`)
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Messages in each state over the whole outbox. */
export async function outboxStateCounts(db: Db | Tx): Promise<Record<OutboxState, number>> {
  const result = await db
    .select({ state: sql<string>`${stateCase}`, n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .groupBy(sql`1`);
  const counts: Record<OutboxState, number> = { waiting: 0, budget: 0, failed: 0, sent: 0, dead: 0, suppressed: 0 };
  for (const r of result) counts[r.state as OutboxState] = Number(r.n);
  return counts;
}

export async function outboxRowById(db: Db | Tx, id: number): Promise<OutboxLogRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(emailOutbox)
    .where(sql`${emailOutbox.id} = ${id}`);
  return row;
}

/**
 * Puts a dead row back in the queue: 'pending', no attempts, no error, due `now`. Only while it is
 * dead (a concurrent resend does nothing); answers the row, or undefined when it was not dead.
 */
export async function requeueDeadRow(tx: Tx, id: number, now: Date): Promise<OutboxLogRow | undefined> {
  const [row] = await tx
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, lastError: null, nextAttemptAt: now })
    .where(sql`${emailOutbox.id} = ${id} and ${emailOutbox.status} = 'dead'`)
    .returning(columns);
  return row;
}
